package pages

import (
	"regexp"
)

// crawlerAgents are the User-Agents of search engines, link previews and other readers that run
// little or no JavaScript: to them the client-rendered app is an empty page, a page that does not
// exist. They wait longer for the rendered page (Options.CrawlerTimeout) than a browser, to which
// the client-rendered app is the same page a moment later.
var crawlerAgents = regexp.MustCompile(`(?i)bot\b|bot/|spider|crawler|slurp|yeti|daum|sogou|360spider|bytespider|` +
	`facebookexternalhit|facebot|embedly|quora link preview|whatsapp|telegram|skypeuripreview|` +
	`google-inspectiontool|feedfetcher|mediapartners|petalbot|seznam|qwant|ia_archiver`)

// isCrawler reports whether a User-Agent is a reader that runs no JavaScript (see crawlerAgents).
func isCrawler(userAgent string) bool {
	return crawlerAgents.MatchString(userAgent)
}
