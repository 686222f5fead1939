package httpapi

import (
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// The lookups that answer with what the legacy systems know of other people (certificates and
// their holders, the customer companies of the service team) are limited per client address
// and per logged-in user, so that nobody can list them by guessing, and they answer no more
// than the page shows.

// TooManyLookups answers a lookup beyond the limits of the client address or the user.
const TooManyLookups apierr.Key = "lookup.too_many" // 429

// allowLookup counts a lookup of the user userID from the request's client address with lookup
// (one of the guard's Lookup methods), or answers 429 with the wait and returns false.
func (s *Server) allowLookup(w http.ResponseWriter, r *http.Request, lookup func(client string, user int64) *accounts.Refusal, userID int64) bool {
	if refusal := lookup(s.guard.clientKey(r), userID); refusal != nil {
		w.Header().Set("Retry-After", ratelimit.RetryAfter(refusal.Wait))
		writeError(w, r, s.Log, apierr.New(TooManyLookups, nil))
		return false
	}
	return true
}

// maskName keeps the first letter of each part of a name and stars the rest ("张伟" → "张*",
// "Anna Schmidt" → "A*** S******"): enough for holders to recognise their own certificates,
// too little to learn who owns a phone number.
func maskName(name string) string {
	parts := strings.Fields(name)
	for i, p := range parts {
		first, size := utf8.DecodeRuneInString(p)
		parts[i] = string(first) + strings.Repeat("*", max(utf8.RuneCountInString(p[size:]), 1))
	}
	return strings.Join(parts, " ")
}

// The company suggestions of the repair form answer a handful of names for a keyword that says
// something: two characters of Chinese, Japanese or Korean, otherwise three.
const (
	companyListLimit     = 5
	companyMinKeyword    = 3
	companyMinKeywordCJK = 2 // Han, Hiragana, Katakana or Hangul: each character is a syllable or word
)

// companyKeywordLongEnough reports whether keyword is long enough to be looked up.
func companyKeywordLongEnough(keyword string) bool {
	n := utf8.RuneCountInString(keyword)
	if n >= companyMinKeyword {
		return true
	}
	for _, r := range keyword {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
			return n >= companyMinKeywordCJK
		}
	}
	return false
}
