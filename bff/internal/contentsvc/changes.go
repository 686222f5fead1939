package contentsvc

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/cache"
	"github.com/jakarobotics/website/bff/internal/oapi"
)

// What an answer is built from is said in tags, which a change of the CMS's content drops (see
// cache.Cache.Drop). A content answer is tagged with its operation's path template and, for each
// path parameter, the template with the parameter's value:
//
//	/prod-api/api/news/getNewsDetail/{typeId}/{newsId}
//	/prod-api/api/news/getNewsDetail/{typeId}/{newsId}|typeId=2
//	/prod-api/api/news/getNewsDetail/{typeId}/{newsId}|newsId=39
//
// A rendered page is tagged with the tags of every content request its render made, so that a
// change drops exactly the answers and pages that show what changed.

// changeKind is a kind of item the CMS publishes: the operations whose answers show such items
// (every operation of the contract under one of the prefixes), and the path parameter that names
// one item, where an operation has it. A change of one item drops the answers of that item
// (operations with the parameter) and every answer that lists items of the kind (the others).
type changeKind struct {
	idParam  string
	prefixes []string
}

// changeKinds says, for each kind of item the CMS tells changes of (publish.Kinds, which a test
// holds equal to its keys), what on the site shows such items. The home page and search show
// products, news, solutions and cases; the menus and the languages are on every page.
var changeKinds = map[string]changeKind{
	"language":         {"", []string{"/api/language/"}},
	"menu":             {"id", []string{"/api/programa/"}},
	"banner":           {"", []string{"/api/banner/", "/bff/home"}},
	"site":             {"", []string{"/api/common/allList"}},
	"page":             {"id", []string{"/api/common/selectPublishData", "/api/productCenter/selectPublishDataById/"}},
	"article":          {"id", []string{"/api/common/getDetails/"}},
	"home":             {"", []string{"/api/home/", "/bff/home"}},
	"productLine":      {"lineId", []string{"/api/productCenter/", "/api/programa/", "/api/home/", "/bff/home", "/bff/search"}},
	"product":          {"productId", []string{"/api/productCenter/", "/api/solution/", "/api/home/", "/bff/home", "/bff/search"}},
	"industry":         {"industryId", []string{"/api/solution/", "/api/home/recommendIndustry/", "/bff/home", "/bff/search"}},
	"application":      {"applicationId", []string{"/api/solution/", "/bff/search"}},
	"productLevel":     {"levelId", []string{"/api/solution/"}},
	"case":             {"caseId", []string{"/api/solution/", "/bff/home", "/bff/search"}},
	"partner":          {"partnerId", []string{"/api/jaka+/", "/bff/search"}},
	"partnerProduct":   {"productId", []string{"/api/jaka+/", "/bff/search"}},
	"newsType":         {"", []string{"/api/news/"}},
	"news":             {"newsId", []string{"/api/news/", "/api/home/recommendNews", "/bff/home", "/bff/search"}},
	"notice":           {"", []string{"/api/notice/"}},
	"keywords":         {"", []string{"/api/keyWord"}},
	"downloadCategory": {"", []string{"/api/download/"}},
	"download":         {"id", []string{"/api/download/", "/bff/search"}},
	"faqType":          {"", []string{"/api/faq/"}},
	"faq":              {"", []string{"/api/faq/", "/bff/search"}},
	"curriculum":       {"", []string{"/api/service/curriculumsList"}},
	"course":           {"", []string{"/api/service/courseList"}},
	"courseType":       {"", []string{"/api/service/courseTypeList/"}},
	"instructor":       {"", []string{"/api/service/instructorList"}},
	"dealer":           {"", []string{"/api/service/validateDealer/", "/api/service/selectCustomerRegion"}},
	"contact":          {"", []string{"/api/aboutJaka/contactUsList"}},
	"milestone":        {"", []string{"/api/aboutJaka/developingCourseList/"}},
	"form":             {"id", []string{"/api/customForm/"}},
	"job":              {"", []string{"/api/recruit/"}},
	"dictionary":       {"", []string{"/api/dict/"}},
	"industryCode":     {"", []string{"/login/industryList"}},
	"legal":            {"", []string{"/api/getFormContent"}},
}

// ChangeKinds are the kinds of item a change may name, sorted.
func ChangeKinds() []string { return slices.Sorted(maps.Keys(changeKinds)) }

// changeTags are, for each kind, the operations it touches: template and whether it has the
// kind's id parameter.
type changeTags map[string][]kindOperation

type kindOperation struct {
	template string
	byID     bool
}

// newChangeTags reads the operations of each kind from the keyed operations; a kind whose prefix
// matches no operation is a mistake of the table.
func newChangeTags(k *keys) (changeTags, error) {
	templates := slices.Sorted(maps.Keys(k.getOps))
	templates = slices.AppendSeq(templates, maps.Keys(k.postOps))
	ct := changeTags{}
	for name, kind := range changeKinds {
		for _, prefix := range kind.prefixes {
			found := false
			for _, t := range templates {
				if !strings.HasPrefix(t, oapi.BasePath+prefix) {
					continue
				}
				found = true
				ct[name] = append(ct[name], kindOperation{template: t, byID: kind.idParam != "" && strings.Contains(t, "{"+kind.idParam+"}")})
			}
			if !found {
				return nil, fmt.Errorf("change kind %s: no cached operation under %s", name, prefix)
			}
		}
	}
	return ct, nil
}

// ChangeTags are the tags of the answers and pages that show the item id of kind ("" for every
// item of the kind); ok is false for a kind the site does not know.
func (s *Service) ChangeTags(kind, id string) (tags []string, ok bool) {
	ops, ok := s.changes[kind]
	if !ok {
		return nil, false
	}
	name := changeKinds[kind].idParam
	for _, op := range ops {
		if op.byID && id != "" {
			tags = append(tags, op.template+"|"+name+"="+id)
		} else {
			tags = append(tags, op.template)
		}
	}
	slices.Sort(tags)
	return slices.Compact(tags), true
}

// tagsOfKey are the tags of the content answer under key (see the top of this file).
func (k *keys) tagsOfKey(key string) []string {
	if len(key) < 2 {
		return nil
	}
	method := http.MethodGet
	if key[0] == 'P' {
		method = http.MethodPost
	}
	_, rest, _ := strings.Cut(key, "\x00")
	path, _, _ := strings.Cut(rest, "?")
	path, _, _ = strings.Cut(path, "\x00")
	return k.tagsOf(method, path)
}

// changedTags is the tag of what was built from the answer under key: the answers of its
// operation with its last path parameter's value (a news item's pages, not every news item's),
// or of its whole operation when it has none.
func (k *keys) changedTags(key string) []string {
	tags := k.tagsOfKey(key)
	if len(tags) == 0 {
		return nil
	}
	return tags[len(tags)-1:]
}

// tagsOf are the tags of a content request of method on the escaped path; nil when it is no
// content read.
func (k *keys) tagsOf(method, escapedPath string) []string {
	if method == http.MethodPost {
		if k.postOps[escapedPath] == nil {
			return nil
		}
		return []string{escapedPath}
	}
	if method != http.MethodGet {
		return nil
	}
	if k.staticGets[escapedPath] != nil {
		return []string{escapedPath}
	}
	rctx := chi.NewRouteContext()
	pattern := k.gets.Find(rctx, http.MethodGet, escapedPath)
	if k.getOps[pattern] == nil {
		return nil
	}
	tags := []string{pattern}
	for i, name := range rctx.URLParams.Keys {
		value, err := url.PathUnescape(rctx.URLParams.Values[i])
		if err != nil {
			value = rctx.URLParams.Values[i]
		}
		tags = append(tags, pattern+"|"+name+"="+value)
	}
	return tags
}

// SourceTags are the tags of a page rendered from sources: the content requests its render made,
// as the renderer lists them ("GET /prod-api/api/…?…", "POST /prod-api/api/…"). A page whose
// sources are unknown ("*") is tagged cache.EverythingTag: any change drops it.
func (s *Service) SourceTags(sources []string) []string {
	var tags []string
	for _, source := range sources {
		source = strings.TrimSpace(source)
		if source == cache.EverythingTag {
			return []string{cache.EverythingTag}
		}
		method, target, ok := strings.Cut(source, " ")
		if !ok {
			continue
		}
		u, err := url.Parse(target)
		if err != nil {
			continue
		}
		tags = append(tags, s.keys.tagsOf(method, u.EscapedPath())...)
	}
	slices.Sort(tags)
	return slices.Compact(tags)
}

// Drop removes the cached answers that carry one of tags, in this replica and in the shared
// tier, and returns how many this replica held. A shared tier that fails keeps its answers until
// they expire: err says so.
func (s *Service) Drop(ctx context.Context, tags []string) (int, error) {
	keys, err := s.cache.Drop(ctx, tags)
	return len(keys), err
}
