package httpapi

// accountRoutes are the account operations: login, registration, codes, tokens, deregistration.
func (s *Server) accountRoutes() []route {
	ni := s.notImplemented
	return []route{
		{method: "POST", path: "/login/phoneVerificationCode", handler: ni},
		{method: "POST", path: "/login/emailVerificationCode", handler: ni},
		{method: "POST", path: "/login/phoneCodeLogin", handler: ni},
		{method: "POST", path: "/login/phonePasswordLogin", handler: ni},
		{method: "POST", path: "/login/emailCodeLogin", handler: ni},
		{method: "POST", path: "/login/emailPasswordLogin", handler: ni},
		{method: "POST", path: "/login/phoneRegister", handler: ni},
		{method: "POST", path: "/login/emailRegister", handler: ni},
		{method: "POST", path: "/login/overseasEmailRegister", handler: ni},
		{method: "POST", path: "/login/phoneResetPass", handler: ni},
		{method: "POST", path: "/login/emailResetPass", handler: ni},
		{method: "POST", path: "/login/wxCode", handler: ni},
		{method: "POST", path: "/login/logOff", handler: ni},
		{method: "POST", path: "/login/validateToken", handler: ni},
		{method: "POST", path: "/login/inspectUserIsExit", handler: ni},
		{method: "GET", path: "/login/findUserInfo/{id}", handler: ni},
		{method: "GET", path: "/login/getUserInfo/{id}", handler: ni},
	}
}
