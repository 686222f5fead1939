package httpapi

// accountRoutes are the account operations (account.go): login, registration, codes, tokens,
// deregistration, WeChat and third-party login. industryList is content, served from the CMS.
func (s *Server) accountRoutes() []route {
	return []route{
		{method: "POST", path: "/login/phoneVerificationCode", handler: s.phoneVerificationCode},
		{method: "POST", path: "/login/emailVerificationCode", handler: s.emailVerificationCode},
		{method: "POST", path: "/login/phoneCodeLogin", handler: s.phoneLogin},
		{method: "POST", path: "/login/phonePasswordLogin", handler: s.phoneLogin},
		{method: "POST", path: "/login/emailCodeLogin", handler: s.emailLogin},
		{method: "POST", path: "/login/emailPasswordLogin", handler: s.emailLogin},
		{method: "POST", path: "/login/phoneRegister", handler: s.phoneRegister},
		{method: "POST", path: "/login/emailRegister", handler: s.emailRegister},
		{method: "POST", path: "/login/overseasEmailRegister", handler: s.overseasEmailRegister},
		{method: "POST", path: "/login/phoneResetPass", handler: s.phoneResetPass},
		{method: "POST", path: "/login/emailResetPass", handler: s.emailResetPass},
		{method: "POST", path: "/login/wxCode", handler: s.wxCode},
		{method: "POST", path: "/login/logout", handler: s.logout},
		{method: "POST", path: "/login/logOff", handler: s.logOff},
		{method: "POST", path: "/login/validateToken", handler: s.validateToken},
		{method: "POST", path: "/login/inspectUserIsExit", handler: s.inspectUserIsExit},
		{method: "GET", path: "/login/findUserInfo/{id}", handler: s.userInfo},
		{method: "GET", path: "/login/getUserInfo/{id}", handler: s.userInfo},
		{method: "POST", path: "/login/thirdPartyAuthorize", handler: s.thirdPartyAuthorize},
		{method: "POST", path: "/login/thirdPartyLogin", handler: s.thirdPartyLogin},
	}
}
