package httpapi

// crmRoutes are the CRM operations: sales leads, form records, certificates and the city lookup.
// Writes go through the durable outbox (leads.go); their bodies are bounded tighter than other
// operations', just above what the contract's maxLength bounds allow.
func (s *Server) crmRoutes() []route {
	return []route{
		{method: "POST", path: "/api/customFormRecord", handler: s.customFormRecord, maxBody: formBodyLimit},
		{method: "GET", path: "/crm/getExamResultByCodeOrPhone", handler: s.getExamResultByCodeOrPhone},
		{method: "POST", path: "/crm/addSaleClue", handler: s.addSaleClue, maxBody: leadBodyLimit},
		{method: "POST", path: "/crm/addOverseasSaleClue", handler: s.addOverseasSaleClue, maxBody: leadBodyLimit},
		{method: "POST", path: "/crm/generateImage", handler: s.generateImage, maxBody: 4 << 10},
		{method: "GET", path: "/crm/getDistrict", handler: s.getDistrict},
		{method: "GET", path: "/api/leads/challenge", handler: s.getLeadChallenge},
	}
}
