package httpapi

// vitalsRoutes are the field measurements of the site's pages (vitals.go). A report is a few
// hundred bytes; its body is bounded accordingly.
func (s *Server) vitalsRoutes() []route {
	return []route{
		{method: "POST", path: "/bff/vitals", handler: s.bffVitals, maxBody: vitalsBodyLimit},
	}
}
