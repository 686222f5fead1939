package httpapi

// virtualRoutes are the virtual robot trial operations (virtual.go). Apply and switch have the
// long time-out: the pool may take that long to start the work.
func (s *Server) virtualRoutes() []route {
	return []route{
		{method: "POST", path: "/api/virtual/applyVirtualMachine", handler: s.applyVirtualMachine, long: true},
		{method: "POST", path: "/api/virtual/switchVersion", handler: s.switchVersion, long: true},
		{method: "GET", path: "/api/virtual/phoneHasCreateEcs", handler: s.currentTrial},
		{method: "GET", path: "/api/virtual/emailHasCreateEcs", handler: s.currentTrial},
		{method: "GET", path: "/api/virtual/systemRecovery", handler: s.systemRecovery},
		{method: "GET", path: "/api/virtual/catalogue", handler: s.virtualCatalogue},
	}
}
