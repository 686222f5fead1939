package httpapi

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

func init() {
	messages.Add(string(content.LoginRequired), map[messages.Lang]string{
		"zh": "该文档需要登录后才能预览/下载", "zh_tw": "此文件需登入後才能預覽／下載",
		"en": "This document requires login to preview / download",
		"ja": "この資料のプレビュー／ダウンロードにはログインが必要です", "ko": "이 문서를 미리 보거나 내려받으려면 로그인이 필요합니다",
		"th": "ต้องเข้าสู่ระบบก่อนจึงจะดูตัวอย่าง / ดาวน์โหลดเอกสารนี้ได้",
		"es": "Este documento requiere iniciar sesión para verlo o descargarlo",
		"fr": "Ce document nécessite une connexion pour être prévisualisé / téléchargé",
		"de": "Für die Vorschau / den Download dieses Dokuments ist eine Anmeldung erforderlich",
		"ru": "Для просмотра / скачивания этого документа необходимо войти в систему",
	})
}

// downloadRequest is the body of userDownload (DownloadRequest), validated by the contract.
type downloadRequest struct {
	DownloadID int64  `json:"downloadId"`
	Action     string `json:"action"`
}

// userDownload records a preview or download with the CMS and answers the URL to open.
//
// The CMS knows which documents need login and hands out their URL only for a named user, so
// the visitor is named whenever a token comes along: a public document is then recorded against
// the user, and one that needs login gets its URL. A token that cannot be checked (expired, or
// the identity service down) does not stop a public document; it only matters when the CMS
// refuses an anonymous event, and then it is the answer (account.token_expired, 503, …) rather
// than download.login_required. Answers are personal and never cached.
func (s *Server) userDownload(w http.ResponseWriter, r *http.Request) {
	var in downloadRequest
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	event := content.DownloadEvent{DownloadID: in.DownloadID, Action: in.Action, Locale: string(requestLang(r))}
	var userErr error
	if requestToken(r) != "" {
		user, err := s.currentUser(r)
		if err == nil {
			event.UserID = &user.ID
		} else {
			userErr = err
		}
	}
	link, err := s.Content.RecordDownload(r.Context(), event)
	if err != nil {
		if userErr != nil && apierr.From(err).Key == content.LoginRequired {
			err = userErr
		}
		writeError(w, r, s.Log, err)
		return
	}
	w.Header().Set("Cache-Control", "private, no-store")
	writeData(w, r, link)
}
