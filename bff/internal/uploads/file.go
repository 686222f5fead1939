package uploads

// File is an uploaded photo or video as the site shows it (Attachment in openapi.yaml): the data
// of uploadRepairFile and an attachment of a work order. URL is its signed preview link.
type File struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
}
