package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

// The failures and texts of the CRM area (spec section 8). lead.rejected (crm.Rejected) is the
// CRM's business refusal of a lead or form record: 'Submission failed!'.
const (
	// CertificateNotFound: no certificate matches the number or phone ('Sorry! No certificate
	// with this number was found').
	CertificateNotFound apierr.Key = "certificate.not_found"
	// CertificateImageFailed: the certificate picture cannot be had ('Failed to obtain the
	// certificate!').
	CertificateImageFailed apierr.Key = "certificate.image_failed"
	// IdempotencyConflict: an Idempotency-Key reused with a different body.
	IdempotencyConflict apierr.Key = "request.idempotency_conflict"
	// CityUnavailable is the warning text of a region the CRM serves no district in ('This city
	// is not yet available'); getDistrict answers it as msg of a success with a null district.
	CityUnavailable = "crm.city_unavailable"
	// LeadSubmitted is the msg of an accepted or queued enquiry ('Submitted successfully', with
	// the account manager's promise of spec section 8).
	LeadSubmitted = "lead.submitted"
	// FormSubmitted is the msg of an accepted or queued form record.
	FormSubmitted = "form.submitted"
)

func init() {
	apierr.Register(CertificateNotFound, http.StatusNotFound)
	apierr.Register(CertificateImageFailed, http.StatusNotFound)
	apierr.Register(IdempotencyConflict, http.StatusConflict)
	addTexts := func(key string, texts map[messages.Lang]string) {
		// The idempotency conflict is shared by every area with idempotent writes: whoever
		// registers it first provides the text.
		if !slices.Contains(messages.Keys(), key) {
			messages.Add(key, texts)
		}
	}
	addTexts(string(crm.Rejected), map[messages.Lang]string{
		"zh": "提交失败！", "zh_tw": "提交失敗！", "en": "Submission failed!", "ja": "送信に失敗しました！",
		"ko": "제출에 실패했습니다!", "th": "การส่งล้มเหลว!", "es": "¡Error al enviar!", "fr": "Échec de l’envoi !",
		"de": "Senden fehlgeschlagen!", "ru": "Не удалось отправить!",
	})
	addTexts(CityUnavailable, map[messages.Lang]string{
		"zh": "该城市暂未开通", "zh_tw": "該城市暫未開通", "en": "This city is not yet available",
		"ja": "この都市はまだご利用いただけません", "ko": "아직 지원되지 않는 도시입니다", "th": "เมืองนี้ยังไม่เปิดให้บริการ",
		"es": "Esta ciudad aún no está disponible", "fr": "Cette ville n’est pas encore disponible",
		"de": "Diese Stadt ist noch nicht verfügbar", "ru": "Этот город пока недоступен",
	})
	addTexts(string(CertificateNotFound), map[messages.Lang]string{
		"zh": "抱歉！未查询到该编号的证书", "zh_tw": "抱歉！查無此編號的證書", "en": "Sorry! No certificate with this number was found",
		"ja": "申し訳ありません。この番号の証明書は見つかりませんでした", "ko": "죄송합니다! 이 번호의 인증서를 찾을 수 없습니다",
		"th": "ขออภัย! ไม่พบใบรับรองหมายเลขนี้", "es": "¡Lo sentimos! No se encontró ningún certificado con este número",
		"fr": "Désolé ! Aucun certificat ne correspond à ce numéro", "de": "Leider wurde kein Zertifikat mit dieser Nummer gefunden",
		"ru": "Извините! Сертификат с этим номером не найден",
	})
	addTexts(string(CertificateImageFailed), map[messages.Lang]string{
		"zh": "获取证书失败！", "zh_tw": "取得證書失敗！", "en": "Failed to obtain the certificate!", "ja": "証明書を取得できませんでした！",
		"ko": "인증서를 가져오지 못했습니다!", "th": "ไม่สามารถรับใบรับรองได้!", "es": "¡No se pudo obtener el certificado!",
		"fr": "Impossible d’obtenir le certificat !", "de": "Das Zertifikat konnte nicht abgerufen werden!", "ru": "Не удалось получить сертификат!",
	})
	addTexts(string(IdempotencyConflict), map[messages.Lang]string{
		"zh": "该提交已使用不同内容发送过，请刷新后重试", "zh_tw": "此提交已以不同內容送出，請重新整理後再試",
		"en": "This submission was already sent with different content. Please reload and try again.",
		"ja": "この送信は別の内容ですでに送信されています。再読み込みしてからもう一度お試しください。",
		"ko": "이 제출은 다른 내용으로 이미 전송되었습니다. 새로고침 후 다시 시도하세요.",
		"th": "รายการนี้ถูกส่งไปแล้วด้วยข้อมูลที่ต่างกัน โปรดโหลดหน้าใหม่แล้วลองอีกครั้ง",
		"es": "Este envío ya se realizó con otro contenido. Recargue la página e inténtelo de nuevo.",
		"fr": "Cet envoi a déjà été effectué avec un autre contenu. Rechargez la page et réessayez.",
		"de": "Diese Übermittlung wurde bereits mit anderem Inhalt gesendet. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
		"ru": "Эта заявка уже была отправлена с другим содержимым. Обновите страницу и повторите попытку.",
	})
	addTexts(LeadSubmitted, map[messages.Lang]string{
		"zh": "提交成功，客户经理将在 1 个工作日内与您联系", "zh_tw": "提交成功，客戶經理將在 1 個工作天內與您聯繫",
		"en": "Submitted successfully. An account manager will contact you within 1 business day.",
		"ja": "送信が完了しました。1 営業日以内に担当者よりご連絡いたします。",
		"ko": "제출되었습니다. 영업일 기준 1일 이내에 담당 매니저가 연락드립니다.",
		"th": "ส่งเรียบร้อยแล้ว ผู้จัดการฝ่ายลูกค้าจะติดต่อคุณภายใน 1 วันทำการ",
		"es": "Enviado correctamente. Un gestor de cuenta se pondrá en contacto con usted en un plazo de 1 día hábil.",
		"fr": "Envoi réussi. Un responsable de compte vous contactera sous 1 jour ouvré.",
		"de": "Erfolgreich gesendet. Ein Kundenbetreuer meldet sich innerhalb von 1 Werktag bei Ihnen.",
		"ru": "Заявка отправлена. Менеджер свяжется с вами в течение 1 рабочего дня.",
	})
	addTexts(FormSubmitted, map[messages.Lang]string{
		"zh": "提交成功", "zh_tw": "提交成功", "en": "Submitted successfully.", "ja": "送信が完了しました。",
		"ko": "제출되었습니다.", "th": "ส่งเรียบร้อยแล้ว", "es": "Enviado correctamente.", "fr": "Envoi réussi.",
		"de": "Erfolgreich gesendet.", "ru": "Успешно отправлено.",
	})
}

// districtData is the data of getDistrict.
type districtData struct {
	Province string  `json:"province"`
	City     *string `json:"city"`
	District *string `json:"district"`
}

// getDistrict resolves the region picker's province (and city). A region the CRM serves no
// district in is a success with a null district and the 'This city is not yet available' text
// as msg: the web warns and files the enquiry under the province. Answers are reference data,
// the same for every visitor: they are cached like content, so that the enquiry dialog keeps
// resolving regions for a day while the CRM is down.
func (s *Server) getDistrict(w http.ResponseWriter, r *http.Request) {
	province := strings.TrimSpace(r.URL.Query().Get("province"))
	city := strings.TrimSpace(r.URL.Query().Get("city"))
	lang := requestLang(r)
	fetch := func(ctx context.Context) ([]byte, error) {
		d, err := s.CRM.District(ctx, province, city)
		msgKey := messages.OK
		var data districtData
		switch {
		case err == nil:
			data = districtData{Province: d.Province, City: &d.City, District: &d.District}
		case apierr.From(err).Key == apierr.NotFound:
			msgKey = CityUnavailable
			data = districtData{Province: province}
			if city != "" {
				data.City = &city
			}
		default:
			return nil, err
		}
		return json.Marshal(envelope{Success: true, Code: http.StatusOK, Msg: messages.Text(msgKey, lang), Data: data})
	}
	s.serveCached(w, r, structurePolicy, fetch)
}

// getExamResultByCodeOrPhone lists certificates by number or by the holder's phone number, for a
// logged-in visitor, within the certificate lookup limits of the client address and the user. A
// value of exactly 11 characters is a phone number (the contract has checked its pattern); any
// other is a certificate number. Found by a phone number that is not the user's own, the
// holder's name is masked: whoever knows a phone number must not learn whose it is.
func (s *Server) getExamResultByCodeOrPhone(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if !s.allowLookup(w, r, s.guard.LookupCertificates, u.ID) {
		return
	}
	value := strings.TrimSpace(r.URL.Query().Get("codeOrPhone"))
	q := crm.CertificateQuery{Number: value}
	if utf8.RuneCountInString(value) == 11 {
		q = crm.CertificateQuery{Phone: value}
	}
	certs, err := s.CRM.Certificates(r.Context(), q, string(requestLang(r)))
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if len(certs) == 0 {
		writeError(w, r, s.Log, apierr.New(CertificateNotFound, nil))
		return
	}
	if q.Phone != "" && (u.Phone == "" || accounts.AccountKey(account.SMS, q.Phone) != accounts.AccountKey(account.SMS, u.Phone)) {
		for i := range certs {
			certs[i].HolderName = maskName(certs[i].HolderName)
		}
	}
	w.Header().Set("Cache-Control", "private, no-store")
	writeData(w, r, certs)
}

// generateImage draws a certificate as a PNG data URL, for a logged-in visitor. Pictures count
// towards the certificate lookup limits: a picture shows the holder's name too.
func (s *Server) generateImage(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var in struct {
		CertificateNo string `json:"certificateNo"`
	}
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if !s.allowLookup(w, r, s.guard.LookupCertificates, u.ID) {
		return
	}
	img, err := s.CRM.CertificateImage(r.Context(), in.CertificateNo, string(requestLang(r)))
	if err != nil {
		if apierr.From(err).Key == apierr.NotFound {
			err = apierr.New(CertificateImageFailed, errors.New("no certificate "+in.CertificateNo))
		}
		writeError(w, r, s.Log, err)
		return
	}
	w.Header().Set("Cache-Control", "private, no-store")
	writeData(w, r, img)
}
