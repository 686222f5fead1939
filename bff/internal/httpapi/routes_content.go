package httpapi

import "github.com/jakarobotics/website/bff/internal/contentsvc"

// contentRoutes are the reads of the site's content: each names the CMS resource that serves it.
func (s *Server) contentRoutes() []route {
	type q = map[string]string
	return []route{
		// The Chinese industry list of the registration form.
		{method: "POST", path: "/login/industryList", handler: s.cms(cmsRoute{resource: "/industry-codes", fresh: contentsvc.Structure})},

		// Products.
		{method: "GET", path: "/api/productCenter/productLinePullDown/{id}", handler: s.cms(cmsRoute{resource: "/product-lines", query: q{"column": "{id}"}, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/productCenter/selectPublishDataById/{id}", handler: s.cms(cmsRoute{resource: "/columns/{id}", fresh: contentsvc.Structure})},
		{method: "GET", path: "/api/productCenter/productLineList", handler: s.cms(cmsRoute{resource: "/product-lines", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/productCenter/getProductLineDetails/{programId}/{lineId}", handler: s.cms(cmsRoute{resource: "/product-lines/{lineId}", query: q{"column": "{programId}"}, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/productCenter/getProductDetails/{programId}/{lineId}/{productId}", handler: s.cms(cmsRoute{resource: "/products/{productId}", query: q{"line": "{lineId}"}, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/productCenter/productContrast/{productIds}", handler: s.cms(cmsRoute{resource: "/products/compare", query: q{"ids": "{productIds}"}, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/productCenter/getProductById/{programId}/{productId}", handler: s.cms(cmsRoute{resource: "/products/{productId}", fresh: contentsvc.Catalogue})},

		// Site-wide content.
		{method: "GET", path: "/api/common/allList", handler: s.cms(cmsRoute{resource: "/site", fresh: contentsvc.Structure})},
		{method: "GET", path: "/api/common/selectPublishDataById/{id}", handler: s.cms(cmsRoute{resource: "/columns/{id}", fresh: contentsvc.Structure})},
		{method: "GET", path: "/api/common/selectPublishDataByGeneId/{id}", handler: s.cms(cmsRoute{resource: "/columns/by-gene/{id}", fresh: contentsvc.Structure})},
		{method: "GET", path: "/api/common/getDetails/{id}", handler: s.cms(cmsRoute{resource: "/articles/{id}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/common/getDetails/{id}/{childId}", handler: s.cms(cmsRoute{resource: "/articles/{id}/children/{childId}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/banner/allList", handler: s.cms(cmsRoute{resource: "/banners", query: q{"placement": "{type}"}, fresh: contentsvc.News})},
		{method: "GET", path: "/api/programa/buildProgramaTree/{id}", handler: s.cms(cmsRoute{resource: "/menus/{id}", fresh: contentsvc.Structure})},
		{method: "GET", path: "/api/home/getDetails", handler: s.cms(cmsRoute{resource: "/home", fresh: contentsvc.News})},
		{method: "GET", path: "/api/home/recommendNews", handler: s.cms(cmsRoute{resource: "/news", query: q{"recommended": "true"}, fresh: contentsvc.News})},
		{method: "GET", path: "/api/home/cardModelList/{id}", handler: s.cms(cmsRoute{resource: "/home/cards/{id}", fresh: contentsvc.News})},
		{method: "GET", path: "/api/home/recommendIndustry/{id}", handler: s.cms(cmsRoute{resource: "/industries", query: q{"recommendedIn": "{id}"}, fresh: contentsvc.News})},
		{method: "GET", path: "/api/notice/allList", handler: s.cms(cmsRoute{resource: "/notices", fresh: contentsvc.News})},
		{method: "GET", path: "/api/keyWord", handler: s.cms(cmsRoute{resource: "/keywords", fresh: contentsvc.News})},
		{method: "GET", path: "/api/customForm/{id}", handler: s.cms(cmsRoute{resource: "/forms/{id}", fresh: contentsvc.Structure})},

		// The BFF's own aggregate of the home page.
		{method: "GET", path: "/bff/home", handler: s.home},
		{method: "GET", path: "/bff/search", handler: s.search},

		// News.
		{method: "GET", path: "/api/news/newsListByTitle", handler: s.cms(cmsRoute{resource: "/news", query: q{"q": "{title}"}, paged: true, fresh: contentsvc.News})},
		{method: "GET", path: "/api/news/newsTypeList/{id}", handler: s.cms(cmsRoute{resource: "/news-types", query: q{"column": "{id}"}, fresh: contentsvc.Structure})},
		{method: "GET", path: "/api/news/newsList", handler: s.cms(cmsRoute{resource: "/news", query: q{"type": "{typeId}"}, paged: true, fresh: contentsvc.News})},
		{method: "GET", path: "/api/news/getNewsDetail/{typeId}/{newsId}", handler: s.cms(cmsRoute{resource: "/news/{newsId}", query: q{"type": "{typeId}"}, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/news/newsTopList", handler: s.cms(cmsRoute{resource: "/news", query: q{"top": "true"}, fresh: contentsvc.News})},

		// Solutions and cases.
		{method: "GET", path: "/api/solution/solutionPullDown/{id}", handler: s.cms(cmsRoute{resource: "/solutions/menu", query: q{"column": "{id}"}, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/solution/getIndustryDetails/{programId}/{industryId}", handler: s.cms(cmsRoute{resource: "/industries/{industryId}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/solution/getProductApplyDetails/{programId}/{levelId}", handler: s.cms(cmsRoute{resource: "/product-levels/{levelId}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/solution/getApplyDetails/{programId}/{applicationId}", handler: s.cms(cmsRoute{resource: "/applications/{applicationId}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/solution/applicationsList", handler: s.cms(cmsRoute{resource: "/cases", query: q{"industry": "{industryId}"}, paged: true, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/solution/getApplicationsDetails/{programId}/{caseId}", handler: s.cms(cmsRoute{resource: "/cases/{caseId}", fresh: contentsvc.Catalogue})},

		// JAKA+ ecosystem partners.
		{method: "GET", path: "/api/jaka+/allList", handler: s.cms(cmsRoute{resource: "/partners", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/jaka+/getProductListById/{programId}/{partnerId}", handler: s.cms(cmsRoute{resource: "/partners/{partnerId}/products", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/jaka+/getProductDetails/{programId}/{productId}", handler: s.cms(cmsRoute{resource: "/partner-products/{productId}", fresh: contentsvc.Catalogue})},

		// Downloads.
		{method: "GET", path: "/api/download/treeList", handler: s.cms(cmsRoute{resource: "/downloads/tree", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/download/getDetails", handler: s.cms(cmsRoute{resource: "/downloads/{id}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/download/getDetails/{id}", handler: s.cms(cmsRoute{resource: "/downloads/{id}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/download/selectDownloadByTitle", handler: s.cms(cmsRoute{resource: "/downloads", query: q{"q": "{title}"}, paged: true, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/download/selectDownloadByParentId", handler: s.cms(cmsRoute{resource: "/downloads", query: q{"parent": "{parentId}"}, paged: true, fresh: contentsvc.Catalogue})},
		{method: "POST", path: "/api/download/userDownload", handler: s.userDownload},

		// FAQ.
		{method: "GET", path: "/api/faq/faqTypeList", handler: s.cms(cmsRoute{resource: "/faq-types", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/faq/selectFaqByTitle", handler: s.cms(cmsRoute{resource: "/faqs", query: q{"q": "{title}", "type": "{typeId}"}, paged: true, fresh: contentsvc.Catalogue})},

		// Service: academy, dealers.
		{method: "GET", path: "/api/service/curriculumsList", handler: s.cms(cmsRoute{resource: "/academy/curriculums", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/service/courseList", handler: s.cms(cmsRoute{resource: "/academy/courses", query: q{"type": "{typeId}"}, paged: true, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/service/courseTypeList/{id}", handler: s.cms(cmsRoute{resource: "/academy/course-types", query: q{"column": "{id}"}, fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/service/instructorList", handler: s.cms(cmsRoute{resource: "/academy/instructors", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/service/validateDealer/{companyName}", handler: s.cms(cmsRoute{resource: "/dealers/by-name/{companyName}", fresh: contentsvc.Catalogue})},
		{method: "GET", path: "/api/service/selectCustomerRegion", handler: s.cms(cmsRoute{resource: "/dealers", query: q{"region": "{region}"}, fresh: contentsvc.Catalogue})},

		// About the company.
		{method: "GET", path: "/api/aboutJaka/contactUsList", handler: s.cms(cmsRoute{resource: "/offices", fresh: contentsvc.Structure})},
		{method: "GET", path: "/api/aboutJaka/developingCourseList/{id}", handler: s.cms(cmsRoute{resource: "/milestones", query: q{"column": "{id}"}, fresh: contentsvc.Structure})},

		// Recruitment, dictionaries, languages, legal texts.
		{method: "POST", path: "/api/recruit/position/list", handler: s.cms(cmsRoute{resource: "/positions", query: q{"type": "{recruitType}", "q": "{keyword}"}, paged: true, fresh: contentsvc.Catalogue})},
		{method: "POST", path: "/api/recruit/positionConfig/list", handler: s.cms(cmsRoute{resource: "/position-config", query: q{"type": "{recruitType}"}, fresh: contentsvc.Structure})},
		{method: "POST", path: "/api/dict/data/list", handler: s.cms(cmsRoute{resource: "/dictionaries/{dictType}", fresh: contentsvc.Structure})},
		{method: "POST", path: "/api/language/list", handler: s.cms(cmsRoute{resource: "/languages", paged: true, fresh: contentsvc.Structure})},
		{method: "POST", path: "/api/getFormContent", handler: s.cms(cmsRoute{resource: "/legal/{key}", fresh: contentsvc.Structure})},
	}
}
