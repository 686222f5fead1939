package itr

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
)

// The failures of uploads and work orders, as the site's error keys. A file or work order of
// another user is reported exactly like one that does not exist, so that ids cannot be probed.
const (
	UploadEmpty           apierr.Key = "upload.empty"            // 400: a file of 0 bytes
	UploadUnsupportedType apierr.Key = "upload.unsupported_type" // 415: not a JPEG, PNG or WebP photo, or MP4 or QuickTime video (by its bytes)
	UploadTooLarge        apierr.Key = "upload.too_large"        // 413: over the limit of its type
	UploadInterrupted     apierr.Key = "upload.interrupted"      // 400: the body ended early or was not a multipart form
	UploadNotFound        apierr.Key = "upload.not_found"        // 404: no such file of this user (or an expired preview link)
	UploadInUse           apierr.Key = "upload.in_use"           // 409: the file belongs to a submitted work order
	OrderNotFound         apierr.Key = "repair.order_not_found"  // 404: no such work order of this user
	AttachmentNotYours    apierr.Key = "repair.attachment_not_yours"
	Rejected              apierr.Key = "repair.rejected" // 422: the work-order system refused the report
)

type lang = map[messages.Lang]string

func init() {
	for key, status := range map[apierr.Key]int{
		UploadEmpty: http.StatusBadRequest, UploadUnsupportedType: http.StatusUnsupportedMediaType,
		UploadTooLarge: http.StatusRequestEntityTooLarge, UploadInterrupted: http.StatusBadRequest,
		UploadNotFound: http.StatusNotFound, UploadInUse: http.StatusConflict,
		OrderNotFound: http.StatusNotFound, AttachmentNotYours: http.StatusUnprocessableEntity,
		Rejected: http.StatusUnprocessableEntity,
	} {
		apierr.Register(key, status)
	}
	for key, texts := range map[apierr.Key]lang{
		UploadEmpty: {
			"zh": "文件为空，请重新选择", "zh_tw": "檔案為空，請重新選擇",
			"en": "The file is empty. Please choose another file.",
			"ja": "ファイルが空です。別のファイルを選択してください。",
			"ko": "파일이 비어 있습니다. 다른 파일을 선택하세요.",
			"th": "ไฟล์ว่างเปล่า กรุณาเลือกไฟล์อื่น",
			"es": "El archivo está vacío. Elija otro archivo.",
			"fr": "Le fichier est vide. Veuillez choisir un autre fichier.",
			"de": "Die Datei ist leer. Bitte wählen Sie eine andere Datei.",
			"ru": "Файл пустой. Выберите другой файл.",
		},
		UploadUnsupportedType: {
			"zh": "不支持该文件类型，请上传 JPG、PNG、WebP 图片或 MP4、MOV 视频", "zh_tw": "不支援該檔案類型，請上傳 JPG、PNG、WebP 圖片或 MP4、MOV 影片",
			"en": "This file type is not supported. Please upload a JPG, PNG or WebP photo or an MP4 or MOV video.",
			"ja": "このファイル形式には対応していません。JPG・PNG・WebP の画像、または MP4・MOV の動画をアップロードしてください。",
			"ko": "지원하지 않는 파일 형식입니다. JPG, PNG, WebP 사진 또는 MP4, MOV 동영상을 업로드하세요.",
			"th": "ไม่รองรับไฟล์ประเภทนี้ กรุณาอัปโหลดรูปภาพ JPG, PNG, WebP หรือวิดีโอ MP4, MOV",
			"es": "Este tipo de archivo no es compatible. Suba una foto JPG, PNG o WebP o un vídeo MP4 o MOV.",
			"fr": "Ce type de fichier n’est pas pris en charge. Envoyez une photo JPG, PNG ou WebP ou une vidéo MP4 ou MOV.",
			"de": "Dieser Dateityp wird nicht unterstützt. Bitte laden Sie ein JPG-, PNG- oder WebP-Foto oder ein MP4- oder MOV-Video hoch.",
			"ru": "Этот тип файла не поддерживается. Загрузите фото JPG, PNG или WebP либо видео MP4 или MOV.",
		},
		UploadTooLarge: {
			"zh": "文件过大：图片不超过 10 MB，视频不超过 100 MB", "zh_tw": "檔案過大：圖片不超過 10 MB，影片不超過 100 MB",
			"en": "The file is too large: photos may be up to 10 MB and videos up to 100 MB.",
			"ja": "ファイルが大きすぎます。画像は 10 MB、動画は 100 MB までです。",
			"ko": "파일이 너무 큽니다. 사진은 10MB, 동영상은 100MB까지 가능합니다.",
			"th": "ไฟล์มีขนาดใหญ่เกินไป: รูปภาพไม่เกิน 10 MB และวิดีโอไม่เกิน 100 MB",
			"es": "El archivo es demasiado grande: las fotos pueden ocupar hasta 10 MB y los vídeos hasta 100 MB.",
			"fr": "Le fichier est trop volumineux : 10 Mo au plus pour une photo, 100 Mo pour une vidéo.",
			"de": "Die Datei ist zu groß: Fotos dürfen höchstens 10 MB, Videos höchstens 100 MB groß sein.",
			"ru": "Файл слишком большой: фото — до 10 МБ, видео — до 100 МБ.",
		},
		UploadInterrupted: {
			"zh": "上传中断，请重试", "zh_tw": "上傳中斷，請重試",
			"en": "The upload was interrupted. Please try again.",
			"ja": "アップロードが中断されました。もう一度お試しください。",
			"ko": "업로드가 중단되었습니다. 다시 시도하세요.",
			"th": "การอัปโหลดถูกขัดจังหวะ กรุณาลองอีกครั้ง",
			"es": "La subida se interrumpió. Inténtelo de nuevo.",
			"fr": "L’envoi a été interrompu. Veuillez réessayer.",
			"de": "Das Hochladen wurde unterbrochen. Bitte versuchen Sie es erneut.",
			"ru": "Загрузка прервана. Попробуйте ещё раз.",
		},
		UploadNotFound: {
			"zh": "文件不存在或已删除", "zh_tw": "檔案不存在或已刪除",
			"en": "This file does not exist or has been removed.",
			"ja": "このファイルは存在しないか、削除されています。",
			"ko": "파일이 없거나 삭제되었습니다.",
			"th": "ไม่พบไฟล์นี้หรือไฟล์ถูกลบแล้ว",
			"es": "Este archivo no existe o se ha eliminado.",
			"fr": "Ce fichier n’existe pas ou a été supprimé.",
			"de": "Diese Datei existiert nicht oder wurde entfernt.",
			"ru": "Этот файл не существует или был удалён.",
		},
		UploadInUse: {
			"zh": "该文件已随工单提交，不能删除", "zh_tw": "該檔案已隨工單提交，無法刪除",
			"en": "This file belongs to a submitted work order and can no longer be removed.",
			"ja": "このファイルは送信済みの作業指示に含まれているため、削除できません。",
			"ko": "이 파일은 제출된 작업 지시에 포함되어 있어 삭제할 수 없습니다.",
			"th": "ไฟล์นี้ถูกส่งพร้อมใบสั่งงานแล้ว จึงไม่สามารถลบได้",
			"es": "Este archivo pertenece a una orden de trabajo enviada y ya no se puede eliminar.",
			"fr": "Ce fichier fait partie d’un ordre de travail envoyé et ne peut plus être supprimé.",
			"de": "Diese Datei gehört zu einem eingereichten Serviceauftrag und kann nicht mehr entfernt werden.",
			"ru": "Этот файл относится к отправленной заявке и больше не может быть удалён.",
		},
		OrderNotFound: {
			"zh": "工单不存在", "zh_tw": "工單不存在",
			"en": "This work order does not exist.",
			"ja": "この作業指示は存在しません。",
			"ko": "해당 작업 지시가 없습니다.",
			"th": "ไม่พบใบสั่งงานนี้",
			"es": "Esta orden de trabajo no existe.",
			"fr": "Cet ordre de travail n’existe pas.",
			"de": "Diesen Serviceauftrag gibt es nicht.",
			"ru": "Такой заявки не существует.",
		},
		AttachmentNotYours: {
			"zh": "部分附件不是您上传的或已被删除，请重新上传", "zh_tw": "部分附件不是您上傳的或已被刪除，請重新上傳",
			"en": "Some attachments were not uploaded by you or have been removed. Please upload them again.",
			"ja": "一部の添付ファイルはご自身でアップロードしたものではないか、削除されています。もう一度アップロードしてください。",
			"ko": "일부 첨부 파일은 본인이 업로드한 파일이 아니거나 삭제되었습니다. 다시 업로드하세요.",
			"th": "ไฟล์แนบบางไฟล์ไม่ได้อัปโหลดโดยคุณหรือถูกลบแล้ว กรุณาอัปโหลดอีกครั้ง",
			"es": "Algunos adjuntos no los subió usted o se han eliminado. Vuelva a subirlos.",
			"fr": "Certaines pièces jointes n’ont pas été envoyées par vous ou ont été supprimées. Veuillez les envoyer à nouveau.",
			"de": "Einige Anhänge wurden nicht von Ihnen hochgeladen oder wurden entfernt. Bitte laden Sie sie erneut hoch.",
			"ru": "Некоторые вложения загружены не вами или были удалены. Загрузите их заново.",
		},
		Rejected: {
			"zh": "提交失败！请检查报修信息后重试", "zh_tw": "提交失敗！請檢查報修資訊後重試",
			"en": "Submission failed! Please check the report and try again.",
			"ja": "送信に失敗しました。内容をご確認のうえ、もう一度お試しください。",
			"ko": "제출에 실패했습니다! 내용을 확인한 후 다시 시도하세요.",
			"th": "ส่งไม่สำเร็จ! กรุณาตรวจสอบข้อมูลแล้วลองอีกครั้ง",
			"es": "¡Error al enviar! Revise el informe e inténtelo de nuevo.",
			"fr": "Échec de l’envoi ! Vérifiez le signalement et réessayez.",
			"de": "Senden fehlgeschlagen! Bitte prüfen Sie die Meldung und versuchen Sie es erneut.",
			"ru": "Не удалось отправить! Проверьте данные и попробуйте ещё раз.",
		},
	} {
		messages.Add(string(key), texts)
	}
}
