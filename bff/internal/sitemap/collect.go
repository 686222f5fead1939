package sitemap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// CMS is what Collect reads the CMS with (content.Client).
type CMS interface {
	Get(ctx context.Context, req content.Request) (json.RawMessage, error)
}

// pageLimit is the CMS's largest page (limit 1..200).
const pageLimit = 200

// maxRows bounds what one paged list may hold: a sitemap lists at most 50,000 URLs.
const maxRows = 50000

// PositionsPerPage is the page size of the careers page's list (POSITIONS_PER_PAGE in
// web/src/features/recruit/api/recruit.ts): a position opens in place on the page of the list
// it is on, so its URL names that page.
const PositionsPerPage = 10

// RecruitTypes are the tabs of the careers page (RECRUIT_TYPES in the same file).
var RecruitTypes = []string{"social", "campus"}

// solutionsColumn is the CMS column of the solution pages (mocks/content/API.md).
const solutionsColumn = "2"

// Collect lists the public pages of the site in lang: the pages without an id, and a page per
// product line, product, industry, application, product level, case, news item, position, JAKA+
// partner and partner product, and legal text that the CMS publishes in lang. It reads every page
// of every list; any failure fails the whole, so that a sitemap is never built from part of the
// content.
func Collect(ctx context.Context, cms CMS, lang Language) ([]Page, error) {
	c := &collector{ctx: ctx, cms: cms, locale: lang.Wire}
	var out []Page
	newest := map[string]time.Time{}
	for _, step := range []func() ([]Page, error){
		c.catalogue,
		c.solutions,
		c.dated("/cases", listCases, newest),
		c.dated("/news", listNews, newest),
		c.positions(newest),
		c.partners,
		c.legal,
	} {
		pages, err := step()
		if err != nil {
			return nil, err
		}
		out = append(out, pages...)
	}
	static := make([]Page, 0, len(staticPages))
	for _, p := range staticPages {
		static = append(static, Page{Key: p.path, Path: p.path, LastMod: newest[p.dated]})
	}
	return append(static, out...), nil
}

type collector struct {
	ctx    context.Context
	cms    CMS
	locale string
}

// get reads one CMS resource into v.
func (c *collector) get(resource string, query url.Values, v any) error {
	raw, err := c.cms.Get(c.ctx, content.Request{Resource: resource, Query: query, Locale: c.locale})
	if err != nil {
		return fmt.Errorf("%s in %s: %w", resource, c.locale, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return apierr.New(apierr.UpstreamBadGateway, fmt.Errorf("%s in %s: %w", resource, c.locale, err))
	}
	return nil
}

// row is what the sitemap reads of a row of a paged list.
type row struct {
	ID          int64  `json:"id"`
	PublishTime string `json:"publishTime"`
}

// paged reads every page of a paged list, calling each with the row's place in the whole list.
func (c *collector) paged(resource string, query url.Values, each func(i int, r row)) error {
	for offset := 0; ; {
		q := url.Values{}
		for k, v := range query {
			q[k] = v
		}
		q.Set("offset", strconv.Itoa(offset))
		q.Set("limit", strconv.Itoa(pageLimit))
		var page struct {
			Total int   `json:"total"`
			Rows  []row `json:"rows"`
		}
		if err := c.get(resource, q, &page); err != nil {
			return err
		}
		for i, r := range page.Rows {
			each(offset+i, r)
		}
		offset += len(page.Rows)
		if len(page.Rows) == 0 || offset >= page.Total {
			return nil
		}
		if offset >= maxRows {
			return apierr.New(apierr.UpstreamBadGateway, fmt.Errorf("%s in %s: more than %d rows", resource, c.locale, maxRows))
		}
	}
}

// publishTime reads a CMS time (RFC 3339); an empty or unreadable one is no time.
func publishTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// catalogue lists the product lines and their products (productLineList).
func (c *collector) catalogue() ([]Page, error) {
	var lines []struct {
		ID       int64 `json:"id"`
		Children []struct {
			ID int64 `json:"id"`
		} `json:"children"`
	}
	if err := c.get("/product-lines", nil, &lines); err != nil {
		return nil, err
	}
	var out, products []Page
	for _, l := range lines {
		out = append(out, keyed(itemPath(listProductLines, l.ID), time.Time{}))
		for _, p := range l.Children {
			products = append(products, keyed(itemPath(listProducts, p.ID), time.Time{}))
		}
	}
	return append(out, products...), nil
}

// solutions lists the industries, applications and product levels (solutionPullDown), leaving
// out the industries and applications the site hides from its lists.
func (c *collector) solutions() ([]Page, error) {
	var menu struct {
		Industries []struct {
			ID     int64 `json:"id"`
			IsShow int   `json:"isShow"`
		} `json:"industries"`
		Applications []struct {
			ID   int64 `json:"id"`
			Flag int   `json:"flag"`
		} `json:"applications"`
		ProductLevels []struct {
			ID int64 `json:"id"`
		} `json:"productLevels"`
	}
	if err := c.get("/solutions/menu", url.Values{"column": {solutionsColumn}}, &menu); err != nil {
		return nil, err
	}
	var out []Page
	for _, it := range menu.Industries {
		if it.IsShow == 0 {
			out = append(out, keyed(itemPath(listIndustries, it.ID), time.Time{}))
		}
	}
	for _, a := range menu.Applications {
		if a.Flag != 1 {
			out = append(out, keyed(itemPath(listApplications, a.ID), time.Time{}))
		}
	}
	for _, l := range menu.ProductLevels {
		out = append(out, keyed(itemPath(listProductLevels, l.ID), time.Time{}))
	}
	return out, nil
}

// dated lists every item of a paged list with a publish time (all cases, all news), each on its
// detail page, and notes the newest time of the list.
func (c *collector) dated(resource, list string, newest map[string]time.Time) func() ([]Page, error) {
	return func() ([]Page, error) {
		var out []Page
		err := c.paged(resource, nil, func(_ int, r row) {
			t := publishTime(r.PublishTime)
			newest[list] = later(newest[list], t)
			out = append(out, keyed(itemPath(list, r.ID), t))
		})
		return out, err
	}
}

// positions lists the open positions of each type (recruitPositionList), each opened in place on
// its page of the careers page's list.
func (c *collector) positions(newest map[string]time.Time) func() ([]Page, error) {
	return func() ([]Page, error) {
		var out []Page
		for _, typ := range RecruitTypes {
			err := c.paged("/positions", url.Values{"type": {typ}}, func(i int, r row) {
				t := publishTime(r.PublishTime)
				newest[listPositions] = later(newest[listPositions], t)
				out = append(out, Page{
					Key:     "position:" + typ + ":" + strconv.FormatInt(r.ID, 10),
					Path:    queryPath(listPositions, positionQuery(typ, i, r.ID)),
					LastMod: t,
				})
			})
			if err != nil {
				return nil, err
			}
		}
		return out, nil
	}
}

// positionQuery is the careers page's query that opens a position: its type, its page of the
// list when not the first, and its id, in the order the page writes them.
func positionQuery(typ string, index int, id int64) string {
	q := "type=" + url.QueryEscape(typ)
	if page := index/PositionsPerPage + 1; page > 1 {
		q += "&page=" + strconv.Itoa(page)
	}
	return q + "&id=" + strconv.FormatInt(id, 10)
}

// partners lists the JAKA+ partners (jakaPlusAllList) and each one's products
// (jakaPlusGetProductListById).
func (c *collector) partners() ([]Page, error) {
	var partners []struct {
		ID int64 `json:"id"`
	}
	if err := c.get("/partners", nil, &partners); err != nil {
		return nil, err
	}
	var out, products []Page
	for _, p := range partners {
		out = append(out, keyed(itemPath(listPartners, p.ID), time.Time{}))
		var list []struct {
			ID int64 `json:"id"`
		}
		if err := c.get("/partners/"+strconv.FormatInt(p.ID, 10)+"/products", nil, &list); err != nil {
			return nil, err
		}
		for _, pp := range list {
			products = append(products, keyed(itemPath(listPartnerProducts, pp.ID), time.Time{}))
		}
	}
	return append(out, products...), nil
}

// legal lists the legal texts of the footer's links (commonAllList), each dated by its update
// time (getFormContent). A text the CMS does not have in this language is left out.
func (c *collector) legal() ([]Page, error) {
	var site struct {
		Law []struct {
			DictValue string `json:"dictValue"`
		} `json:"law"`
	}
	if err := c.get("/site", nil, &site); err != nil {
		return nil, err
	}
	var out []Page
	for _, l := range site.Law {
		if l.DictValue == "" {
			continue
		}
		var text struct {
			UpdateTime string `json:"updateTime"`
		}
		err := c.get("/legal/"+url.PathEscape(l.DictValue), nil, &text)
		var notFound *apierr.Error
		if errors.As(err, &notFound) && notFound.Key == apierr.NotFound {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, keyed(queryPath(listLegalTexts, "key="+url.QueryEscape(l.DictValue)), publishTime(text.UpdateTime)))
	}
	return out, nil
}

// keyed is a page whose key is its path.
func keyed(path string, lastMod time.Time) Page { return Page{Key: path, Path: path, LastMod: lastMod} }

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
