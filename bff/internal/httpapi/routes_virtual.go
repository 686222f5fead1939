package httpapi

// virtualRoutes are the virtual robot trial operations.
func (s *Server) virtualRoutes() []route {
	ni := s.notImplemented
	return []route{
		{method: "POST", path: "/api/virtual/applyVirtualMachine", handler: ni, long: true},
		{method: "POST", path: "/api/virtual/switchVersion", handler: ni, long: true},
		{method: "GET", path: "/api/virtual/phoneHasCreateEcs", handler: ni},
		{method: "GET", path: "/api/virtual/emailHasCreateEcs", handler: ni},
		{method: "GET", path: "/api/virtual/systemRecovery", handler: ni},
	}
}
