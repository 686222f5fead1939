package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// Accounts: whether one exists, and the visitor's own profile.

type accountQuery struct {
	Account string `json:"account"`
}

// inspectUserIsExit says whether an account has the phone or e-mail, within the lookup limit
// of the client address.
func (s *Server) inspectUserIsExit(w http.ResponseWriter, r *http.Request) {
	var in accountQuery
	if err := decodeJSON(r, &in); err != nil {
		accountError(w, r, s, err)
		return
	}
	if refusal := s.guard.LookupAccount(s.guard.clientKey(r)); refusal != nil {
		tooMany(w, r, s, refusal)
		return
	}
	exists, err := s.Accounts.Exists(r.Context(), accounts.ChannelOf(in.Account), in.Account)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, messages.OK, map[string]bool{"exists": exists})
}

// userInfo is a profile as the site shows it (UserInfo in openapi.yaml).
type userInfo struct {
	ID          int64   `json:"id"`
	UserName    string  `json:"userName"`
	Phone       *string `json:"phone"`
	Email       *string `json:"email"`
	CompanyName *string `json:"companyName"`
	Country     *string `json:"country"`
	Industry    *string `json:"industry"`
	CreateTime  string  `json:"createTime"`
}

// userInfo serves findUserInfo and getUserInfo: the token's own profile. Another user's id is
// answered 404 without asking the identity service.
func (s *Server) userInfo(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id != u.ID {
		accountError(w, r, s, apierr.New(account.NotRegistered, nil))
		return
	}
	p, err := s.Accounts.Profile(r.Context(), requestToken(r), id)
	if err != nil {
		accountError(w, r, s, err)
		return
	}
	writeAccount(w, r, messages.OK, userInfo{
		ID: p.ID, UserName: p.UserName, Phone: optional(accounts.ShownPhone(p)), Email: optional(p.Email),
		CompanyName: optional(p.CompanyName), Country: optional(p.Country), Industry: optional(p.Industry),
		CreateTime: p.CreatedAt.UTC().Format(time.RFC3339),
	})
}
