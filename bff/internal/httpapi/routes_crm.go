package httpapi

// crmRoutes are the CRM operations: sales leads, form records, certificates and the city lookup.
func (s *Server) crmRoutes() []route {
	ni := s.notImplemented
	return []route{
		{method: "POST", path: "/api/customFormRecord", handler: ni},
		{method: "GET", path: "/crm/getExamResultByCodeOrPhone", handler: ni},
		{method: "POST", path: "/crm/addSaleClue", handler: ni},
		{method: "POST", path: "/crm/addOverseasSaleClue", handler: ni},
		{method: "POST", path: "/crm/generateImage", handler: ni},
		{method: "GET", path: "/crm/getDistrict", handler: ni},
	}
}
