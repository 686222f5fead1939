package httpapi

import "net/http"

// route is one operation of the contract as the BFF serves it.
type route struct {
	method  string
	path    string // template below /prod-api, exactly as in openapi.yaml
	handler http.HandlerFunc
	// long marks the operations with the long time-out (virtual-machine apply and switch).
	long bool
	// maxBody overrides MaxJSONBodyBytes (uploads).
	maxBody int64
}

func (rt route) maxBodyBytes() int64 {
	if rt.maxBody > 0 {
		return rt.maxBody
	}
	return MaxJSONBodyBytes
}

// routes is the whole /prod-api surface. A test and NewServer both check that it equals the
// operations of openapi.yaml. Operations answered by s.notImplemented get their upstream logic
// with the feature that needs them.
func (s *Server) routes() []route {
	ni := s.notImplemented
	return []route{
		// Accounts.
		{method: "POST", path: "/login/phoneVerificationCode", handler: ni},
		{method: "POST", path: "/login/emailVerificationCode", handler: ni},
		{method: "POST", path: "/login/phoneCodeLogin", handler: ni},
		{method: "POST", path: "/login/phonePasswordLogin", handler: ni},
		{method: "POST", path: "/login/emailCodeLogin", handler: ni},
		{method: "POST", path: "/login/emailPasswordLogin", handler: ni},
		{method: "POST", path: "/login/phoneRegister", handler: ni},
		{method: "POST", path: "/login/emailRegister", handler: ni},
		{method: "POST", path: "/login/overseasEmailRegister", handler: ni},
		{method: "POST", path: "/login/industryList", handler: ni},
		{method: "POST", path: "/login/phoneResetPass", handler: ni},
		{method: "POST", path: "/login/emailResetPass", handler: ni},
		{method: "POST", path: "/login/wxCode", handler: ni},
		{method: "POST", path: "/login/logOff", handler: ni},
		{method: "POST", path: "/login/validateToken", handler: ni},
		{method: "POST", path: "/login/inspectUserIsExit", handler: ni},
		{method: "GET", path: "/login/findUserInfo/{id}", handler: ni},
		{method: "GET", path: "/login/getUserInfo/{id}", handler: ni},

		// Products.
		{method: "GET", path: "/api/productCenter/productLinePullDown/{id}", handler: ni},
		{method: "GET", path: "/api/productCenter/selectPublishDataById/{id}", handler: ni},
		{method: "GET", path: "/api/productCenter/productLineList", handler: ni},
		{method: "GET", path: "/api/productCenter/getProductLineDetails/{programId}/{lineId}", handler: ni},
		{method: "GET", path: "/api/productCenter/getProductDetails/{programId}/{lineId}/{productId}", handler: ni},
		{method: "GET", path: "/api/productCenter/productContrast/{productIds}", handler: ni},
		{method: "GET", path: "/api/productCenter/getProductById/{programId}/{productId}", handler: ni},

		// Repair work orders and OCR.
		{method: "POST", path: "/api/itr/addWorkOrder", handler: ni},
		{method: "POST", path: "/api/itr/processList", handler: ni},
		{method: "GET", path: "/api/itr/detail/{id}", handler: ni},
		{method: "POST", path: "/api/itr/companyList", handler: ni},
		{method: "POST", path: "/ocr-api/jaka/api/v0.1/oms/action", handler: ni, maxBody: 12 << 20},

		// Virtual robot trial.
		{method: "POST", path: "/api/virtual/applyVirtualMachine", handler: ni, long: true},
		{method: "POST", path: "/api/virtual/switchVersion", handler: ni, long: true},
		{method: "GET", path: "/api/virtual/phoneHasCreateEcs", handler: ni},
		{method: "GET", path: "/api/virtual/emailHasCreateEcs", handler: ni},
		{method: "GET", path: "/api/virtual/systemRecovery", handler: ni},

		// Site-wide content.
		{method: "GET", path: "/api/common/allList", handler: ni},
		{method: "GET", path: "/api/common/selectPublishDataById/{id}", handler: ni},
		{method: "GET", path: "/api/common/selectPublishDataByGeneId/{id}", handler: ni},
		{method: "GET", path: "/api/common/getDetails/{id}", handler: ni},
		{method: "GET", path: "/api/common/getDetails/{id}/{childId}", handler: ni},
		{method: "GET", path: "/api/banner/allList", handler: s.bannerAllList},
		{method: "GET", path: "/api/programa/buildProgramaTree/{id}", handler: s.buildProgramaTree},
		{method: "GET", path: "/api/home/getDetails", handler: ni},
		{method: "GET", path: "/api/home/recommendNews", handler: ni},
		{method: "GET", path: "/api/home/cardModelList/{id}", handler: ni},
		{method: "GET", path: "/api/home/recommendIndustry/{id}", handler: ni},
		{method: "GET", path: "/api/notice/allList", handler: ni},
		{method: "GET", path: "/api/keyWord", handler: ni},
		{method: "GET", path: "/api/customForm/{id}", handler: ni},

		// News.
		{method: "GET", path: "/api/news/newsListByTitle", handler: ni},
		{method: "GET", path: "/api/news/newsTypeList/{id}", handler: ni},
		{method: "GET", path: "/api/news/newsList", handler: ni},
		{method: "GET", path: "/api/news/getNewsDetail/{typeId}/{newsId}", handler: ni},
		{method: "GET", path: "/api/news/newsTopList", handler: ni},

		// Solutions and cases.
		{method: "GET", path: "/api/solution/solutionPullDown/{id}", handler: ni},
		{method: "GET", path: "/api/solution/getIndustryDetails/{programId}/{industryId}", handler: ni},
		{method: "GET", path: "/api/solution/getProductApplyDetails/{programId}/{levelId}", handler: ni},
		{method: "GET", path: "/api/solution/getApplyDetails/{programId}/{applicationId}", handler: ni},
		{method: "GET", path: "/api/solution/applicationsList", handler: ni},
		{method: "GET", path: "/api/solution/getApplicationsDetails/{programId}/{caseId}", handler: ni},

		// JAKA+ ecosystem partners.
		{method: "GET", path: "/api/jaka+/allList", handler: ni},
		{method: "GET", path: "/api/jaka+/getProductListById/{programId}/{partnerId}", handler: ni},
		{method: "GET", path: "/api/jaka+/getProductDetails/{programId}/{productId}", handler: ni},

		// Downloads.
		{method: "GET", path: "/api/download/treeList", handler: ni},
		{method: "GET", path: "/api/download/getDetails", handler: ni},
		{method: "GET", path: "/api/download/getDetails/{id}", handler: ni},
		{method: "GET", path: "/api/download/selectDownloadByTitle", handler: ni},
		{method: "GET", path: "/api/download/selectDownloadByParentId", handler: ni},
		{method: "POST", path: "/api/download/userDownload", handler: ni},

		// FAQ.
		{method: "GET", path: "/api/faq/faqTypeList", handler: ni},
		{method: "GET", path: "/api/faq/selectFaqByTitle", handler: ni},

		// Service: academy, dealers.
		{method: "GET", path: "/api/service/curriculumsList", handler: ni},
		{method: "GET", path: "/api/service/courseList", handler: ni},
		{method: "GET", path: "/api/service/courseTypeList/{id}", handler: ni},
		{method: "GET", path: "/api/service/instructorList", handler: ni},
		{method: "GET", path: "/api/service/validateDealer/{companyName}", handler: ni},
		{method: "GET", path: "/api/service/selectCustomerRegion", handler: ni},

		// About the company.
		{method: "GET", path: "/api/aboutJaka/contactUsList", handler: ni},
		{method: "GET", path: "/api/aboutJaka/developingCourseList/{id}", handler: ni},

		// Recruitment, dictionaries, languages, forms.
		{method: "POST", path: "/api/recruit/position/list", handler: ni},
		{method: "POST", path: "/api/recruit/positionConfig/list", handler: ni},
		{method: "POST", path: "/api/dict/data/list", handler: ni},
		{method: "POST", path: "/api/language/list", handler: s.languageList},
		{method: "POST", path: "/api/customFormRecord", handler: ni},
		{method: "POST", path: "/api/getFormContent", handler: ni},

		// CRM: leads, certificates, city lookup.
		{method: "GET", path: "/crm/getExamResultByCodeOrPhone", handler: ni},
		{method: "POST", path: "/crm/addSaleClue", handler: ni},
		{method: "POST", path: "/crm/addOverseasSaleClue", handler: ni},
		{method: "POST", path: "/crm/generateImage", handler: ni},
		{method: "GET", path: "/crm/getDistrict", handler: ni},
	}
}
