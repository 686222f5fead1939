package httpapi

// The keys of the repair form's field errors and of its success; their texts, in every
// language, are in the site's catalogue (messages/). The field errors of addWorkOrder, uploadRepairFile and ocrAction carry them in `message`, in the
// request's language, so that a page can show the server's word under the field (the web's own
// checks show the same texts first). The error keys themselves are in package itr.
const (
	// RepairSubmitted is the success text of addWorkOrder.
	RepairSubmitted = "repair.submitted"

	notInConsultation = "repair.field.not_in_consultation"
	notInRepair       = "repair.field.not_in_repair"
	futureFaultDate   = "repair.field.future_date"
	attachmentMissing = "repair.field.attachment_not_yours"
	fileRequired      = "upload.field.required"
	mediaTypes        = "upload.field.media_types"
	photoTypes        = "upload.field.photo_types"
	imageTooLarge     = "upload.field.image_too_large" // with the limit, e.g. "10 MB", as {{limit}}
	videoTooLarge     = "upload.field.video_too_large"
	actionRequired    = "ocr.field.action_required"
)

// requiredText is the message key of each required field of the repair form.
func requiredText(field string) string { return "repair.required." + field }
