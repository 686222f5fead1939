package httpapi_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// siteRead is a request of the site's content, with the contract path it exercises.
type siteRead struct {
	method, path, template, body string
}

// contentReads holds a request for every content operation of the contract, with ids of the
// seeded CMS content.
var contentReads = []siteRead{
	{"POST", "/api/language/list", "/api/language/list", `{"pageNum":1,"pageSize":10}`},
	{"GET", "/api/programa/buildProgramaTree/8", "/api/programa/buildProgramaTree/{id}", ""},
	{"GET", "/api/banner/allList?type=19&status=0", "/api/banner/allList", ""},
	{"POST", "/login/industryList", "/login/industryList", ""},
	{"GET", "/api/productCenter/productLinePullDown/1", "/api/productCenter/productLinePullDown/{id}", ""},
	{"GET", "/api/productCenter/selectPublishDataById/1", "/api/productCenter/selectPublishDataById/{id}", ""},
	{"GET", "/api/productCenter/productLineList", "/api/productCenter/productLineList", ""},
	{"GET", "/api/productCenter/getProductLineDetails/1/2", "/api/productCenter/getProductLineDetails/{programId}/{lineId}", ""},
	{"GET", "/api/productCenter/getProductDetails/1/1/103", "/api/productCenter/getProductDetails/{programId}/{lineId}/{productId}", ""},
	{"GET", "/api/productCenter/productContrast/101,201,401", "/api/productCenter/productContrast/{productIds}", ""},
	{"GET", "/api/productCenter/getProductById/1/302", "/api/productCenter/getProductById/{programId}/{productId}", ""},
	{"GET", "/api/common/allList", "/api/common/allList", ""},
	{"GET", "/api/common/selectPublishDataById/4", "/api/common/selectPublishDataById/{id}", ""},
	{"GET", "/api/common/selectPublishDataByGeneId/104", "/api/common/selectPublishDataByGeneId/{id}", ""},
	{"GET", "/api/common/getDetails/302", "/api/common/getDetails/{id}", ""},
	{"GET", "/api/common/getDetails/302/3021", "/api/common/getDetails/{id}/{childId}", ""},
	{"GET", "/api/home/getDetails", "/api/home/getDetails", ""},
	{"GET", "/api/home/recommendNews", "/api/home/recommendNews", ""},
	{"GET", "/api/home/cardModelList/2", "/api/home/cardModelList/{id}", ""},
	{"GET", "/api/home/recommendIndustry/2", "/api/home/recommendIndustry/{id}", ""},
	{"GET", "/bff/home", "/bff/home", ""},
	{"GET", "/bff/search?q=Zu", "/bff/search", ""},
	{"GET", "/api/notice/allList", "/api/notice/allList", ""},
	{"GET", "/api/keyWord", "/api/keyWord", ""},
	{"GET", "/api/customForm/4", "/api/customForm/{id}", ""},
	{"GET", "/api/news/newsListByTitle?title=JAKA&pageNum=1&pageSize=5", "/api/news/newsListByTitle", ""},
	{"GET", "/api/news/newsTypeList/5", "/api/news/newsTypeList/{id}", ""},
	{"GET", "/api/news/newsList?typeId=3&pageNum=1&pageSize=10", "/api/news/newsList", ""},
	{"GET", "/api/news/getNewsDetail/1/4", "/api/news/getNewsDetail/{typeId}/{newsId}", ""},
	{"GET", "/api/news/newsTopList", "/api/news/newsTopList", ""},
	{"GET", "/api/solution/solutionPullDown/2", "/api/solution/solutionPullDown/{id}", ""},
	{"GET", "/api/solution/getIndustryDetails/2/3", "/api/solution/getIndustryDetails/{programId}/{industryId}", ""},
	{"GET", "/api/solution/getProductApplyDetails/2/2", "/api/solution/getProductApplyDetails/{programId}/{levelId}", ""},
	{"GET", "/api/solution/getApplyDetails/2/5", "/api/solution/getApplyDetails/{programId}/{applicationId}", ""},
	{"GET", "/api/solution/applicationsList?pageNum=1&pageSize=6", "/api/solution/applicationsList", ""},
	{"GET", "/api/solution/getApplicationsDetails/2/7", "/api/solution/getApplicationsDetails/{programId}/{caseId}", ""},
	{"GET", "/api/jaka+/allList", "/api/jaka+/allList", ""},
	{"GET", "/api/jaka+/getProductListById/9/2", "/api/jaka+/getProductListById/{programId}/{partnerId}", ""},
	{"GET", "/api/jaka+/getProductDetails/9/3", "/api/jaka+/getProductDetails/{programId}/{productId}", ""},
	{"GET", "/api/download/treeList", "/api/download/treeList", ""},
	{"GET", "/api/download/getDetails?id=5012", "/api/download/getDetails", ""},
	{"GET", "/api/download/getDetails/5001", "/api/download/getDetails/{id}", ""},
	{"GET", "/api/download/selectDownloadByTitle?title=manual&pageNum=1&pageSize=10", "/api/download/selectDownloadByTitle", ""},
	{"GET", "/api/download/selectDownloadByParentId?parentId=11&pageNum=1&pageSize=10", "/api/download/selectDownloadByParentId", ""},
	{"GET", "/api/faq/faqTypeList", "/api/faq/faqTypeList", ""},
	{"GET", "/api/faq/selectFaqByTitle?typeId=2&pageNum=1&pageSize=10", "/api/faq/selectFaqByTitle", ""},
	{"GET", "/api/service/curriculumsList", "/api/service/curriculumsList", ""},
	{"GET", "/api/service/courseList?pageNum=1&pageSize=10", "/api/service/courseList", ""},
	{"GET", "/api/service/courseTypeList/6", "/api/service/courseTypeList/{id}", ""},
	{"GET", "/api/service/instructorList", "/api/service/instructorList", ""},
	{"GET", "/api/service/validateDealer/%E4%B8%8A%E6%B5%B7%E5%90%AF%E5%8D%A1%E8%87%AA%E5%8A%A8%E5%8C%96%E8%AE%BE%E5%A4%87%E6%9C%89%E9%99%90%E5%85%AC%E5%8F%B8", "/api/service/validateDealer/{companyName}", ""},
	{"GET", "/api/service/selectCustomerRegion?region=Japan", "/api/service/selectCustomerRegion", ""},
	{"GET", "/api/aboutJaka/contactUsList", "/api/aboutJaka/contactUsList", ""},
	{"GET", "/api/aboutJaka/developingCourseList/4", "/api/aboutJaka/developingCourseList/{id}", ""},
	{"POST", "/api/recruit/position/list", "/api/recruit/position/list", `{"pageNum":1,"pageSize":10,"recruitType":"campus"}`},
	{"POST", "/api/recruit/positionConfig/list", "/api/recruit/positionConfig/list", `{"recruitType":"social"}`},
	{"POST", "/api/dict/data/list", "/api/dict/data/list", `{"dictType":"company_type"}`},
	{"POST", "/api/getFormContent", "/api/getFormContent", `{"key":"terms"}`},
}

// TestEveryContentOperationAnswersPerTheContract sends a request of every content operation
// through the BFF to the CMS mock, in several languages and as a preview, and validates each
// answer against the contract, as the web's zod schemas will.
func TestEveryContentOperationAnswersPerTheContract(t *testing.T) {
	f := newFixture(t, 5*time.Second)

	covered := map[string]bool{}
	for _, read := range contentReads {
		covered[read.method+" "+read.template] = true
	}
	for _, op := range f.spec.Operations() {
		route, _ := f.spec.Route(op.Method, op.Path)
		if hasHeader(route, "preview") {
			assert.True(t, covered[op.Key()], "content operation %s has no request in contentReads", op.ID)
		}
	}

	editor := f.previewLink(t, "li.na@jaka.com", "1h")
	for _, read := range contentReads {
		route, ok := f.spec.Route(read.method, read.template)
		require.True(t, ok, read.template)
		for _, lang := range []string{"zh", "en", "ja", "th", "en_us", "ru"} {
			for _, preview := range []string{"", editor} {
				req, _ := http.NewRequest(read.method, f.bff.URL+"/prod-api"+read.path, strings.NewReader(read.body))
				req.Header.Set("lang", lang)
				if preview != "" {
					req.Header.Set("preview", preview)
				}
				if read.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				resp, err := http.DefaultClient.Do(req)
				require.NoError(t, err)
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if !assert.Equal(t, http.StatusOK, resp.StatusCode, "%s %s in %s: %s", read.method, read.path, lang, body) {
					continue
				}
				err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
					RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: route},
					Status:                 resp.StatusCode,
					Header:                 resp.Header,
					Body:                   io.NopCloser(bytes.NewReader(body)),
					Options:                &openapi3filter.Options{MultiError: true},
				})
				assert.NoError(t, err, "%s %s in %s (preview %v)", read.method, read.path, lang, preview != "")
			}
		}
	}
}

func hasHeader(route *routers.Route, name string) bool {
	for _, p := range route.Operation.Parameters {
		if p.Value != nil && p.Value.In == "header" && p.Value.Name == name {
			return true
		}
	}
	return false
}
