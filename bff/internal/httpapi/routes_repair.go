package httpapi

// repairRoutes are the repair operations: work orders and the OCR of nameplates.
func (s *Server) repairRoutes() []route {
	ni := s.notImplemented
	return []route{
		{method: "POST", path: "/api/itr/addWorkOrder", handler: ni},
		{method: "POST", path: "/api/itr/processList", handler: ni},
		{method: "GET", path: "/api/itr/detail/{id}", handler: ni},
		{method: "POST", path: "/api/itr/companyList", handler: ni},
		{method: "POST", path: "/ocr-api/jaka/api/v0.1/oms/action", handler: ni, maxBody: 12 << 20},
	}
}
