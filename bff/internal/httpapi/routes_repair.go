package httpapi

// repairRoutes are the repair operations: uploads of photos and videos, work orders, the company
// lookup and the OCR of nameplates. The upload and OCR bodies are multipart forms that the
// contract marks x-streamed-body: validated by their handlers as they are read, not buffered by
// the contract's validation.
func (s *Server) repairRoutes() []route {
	return []route{
		{method: "POST", path: "/api/itr/upload", handler: s.uploadRepairFile, maxBody: s.Uploads.VideoBytes + multipartSlack},
		{method: "DELETE", path: "/api/itr/upload/{uploadId}", handler: s.deleteRepairFile},
		{method: "POST", path: "/api/itr/addWorkOrder", handler: s.addWorkOrder, maxBody: workOrderBodyLimit},
		{method: "POST", path: "/api/itr/processList", handler: s.processList},
		{method: "GET", path: "/api/itr/detail/{id}", handler: s.repairDetail},
		{method: "POST", path: "/api/itr/companyList", handler: s.companyList},
		{method: "POST", path: "/ocr-api/jaka/api/v0.1/oms/action", handler: s.ocrAction, maxBody: s.Uploads.ImageBytes + multipartSlack},
	}
}
