// Package publish carries a change that an editor publishes in the CMS to every replica of the
// site within seconds, instead of when the caches' time to live runs out: the CMS notifies the
// BFF through a signed webhook (Receiver), the replica that takes it tells the others (a Fleet,
// Redis pub/sub in package shared), and each replica hands the changes to its Applier, which
// drops the content answers and pages built from the changed items.
//
// Nothing here knows HTTP: the edge (httpapi) hands Receive the signature header and the body,
// and answers with what it returns.
package publish

import (
	"context"
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"
)

// Change is one item the CMS changed.
type Change struct {
	// Kind is what the item is, one of Kinds.
	Kind string `json:"kind"`
	// ID is the item's id in the CMS (a number, or a key such as a legal text's "privacy"); ""
	// means every item of that kind.
	ID string `json:"id"`
}

// Applier drops what this replica keeps of the changed items (content answers, pages) and returns
// how many cached answers/pages it dropped.
type Applier interface {
	Apply(ctx context.Context, changes []Change) int
}

// Kinds are the kinds of item the CMS tells changes of: one per kind of item its API serves
// (mocks/content/API.md), named as the contract names what the site shows of it. An event with
// any other kind is refused whole, so that a kind the BFF does not know is noticed at once
// rather than ignored.
var Kinds = []string{
	"language",         // the site's languages (/cms/v2/languages: languageList)
	"menu",             // navigation trees (/cms/v2/menus/{id}: buildProgramaTree)
	"banner",           // banners of every placement (bannerAllList)
	"site",             // the site's information: logos, contacts, footer (commonAllList)
	"page",             // a column's page (/cms/v2/columns/{id}: commonSelectPublishDataById…)
	"article",          // an article and its child articles (commonGetDetails, commonGetChildDetails)
	"home",             // the home page's sections and card blocks (homeGetDetails, homeCardModelList)
	"productLine",      // a product line (productLineList, getProductLineDetails)
	"product",          // a product, wherever it shows: details, lines, comparison, solutions, cases
	"industry",         // a solution by industry (getIndustryDetails, homeRecommendIndustry)
	"application",      // a solution by application (getApplyDetails)
	"productLevel",     // a solution by product level (getProductApplyDetails)
	"case",             // a customer case (applicationsList, getApplicationsDetails)
	"partner",          // a JAKA+ partner (jakaPlusAllList)
	"partnerProduct",   // a JAKA+ partner's product (jakaPlusGetProductListById, …Details)
	"newsType",         // a news tab (newsTypeList)
	"news",             // a news item, in its lists and on its page
	"notice",           // a notice (noticeAllList)
	"keywords",         // the popular search words (keyWord)
	"downloadCategory", // a category of the download tree (downloadTreeList)
	"download",         // a document (downloadGetDetails, selectDownloadBy…)
	"faqType",          // a category of questions (faqTypeList)
	"faq",              // a question and its answer (selectFaqByTitle)
	"curriculum",       // an academy curriculum (curriculumsList)
	"course",           // an academy course (courseList)
	"courseType",       // a course type (courseTypeList)
	"instructor",       // an academy instructor (instructorList)
	"dealer",           // a certified dealer (validateDealer, selectCustomerRegion)
	"contact",          // an office of the contact page (contactUsList)
	"milestone",        // a milestone of the company's history (developingCourseList)
	"form",             // a custom form's definition (customForm)
	"job",              // an open position and the careers page's configuration (recruitPosition…)
	"dictionary",       // a dictionary of values (dictDataList)
	"industryCode",     // the industry code list of registration (industryList)
	"legal",            // a legal text (getFormContent)
}

// KnownKind reports whether kind is one of Kinds.
func KnownKind(kind string) bool { return slices.Contains(Kinds, kind) }

// MaxIDBytes bounds a change's item id: ids are numbers or short keys (a dictionary's type, a
// dealer's full name).
const MaxIDBytes = 128

// Check reports what is wrong with c, or nil.
func (c Change) Check() error {
	if !KnownKind(c.Kind) {
		return fmt.Errorf("kind %q is not one the BFF knows (publish.Kinds)", c.Kind)
	}
	if len(c.ID) > MaxIDBytes {
		return fmt.Errorf("id is longer than %d bytes", MaxIDBytes)
	}
	if !utf8.ValidString(c.ID) {
		return fmt.Errorf("id is not UTF-8")
	}
	for _, r := range c.ID {
		if unicode.IsControl(r) {
			return fmt.Errorf("id holds a control character")
		}
	}
	return nil
}
