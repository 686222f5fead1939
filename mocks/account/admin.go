package account

import (
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// Admin endpoints, for tests and developers (never called by the BFF):
//
//	GET  /__admin/outbox?to=&purpose=     messages sent to an address (newest first): {messages: [{channel, to, purpose, code, text, sentAt}]}
//	POST /__admin/wx/scenes               create a QR scene with a known id: {sceneId}
//	POST /__admin/wx/{sceneId}/scan       the phone scans the QR code
//	POST /__admin/wx/{sceneId}/confirm    the phone confirms: {openId?, nickname?, account?} (account binds an existing user)
//	POST /__admin/oauth/{state}/approve   the fake provider's consent: {name, email, deny?} → {redirect, code}
//	POST /__admin/oauth/grants            a consent with known values: {provider, state, code, name, email}
//	POST /__admin/users                   create an account: {phone|email, password, name?, kind?, company?, country?, industry?}
//	POST /__admin/codes                   send a known code: {channel, to, purpose, code}
//	POST /__admin/sessions                start a session with a known token: {account, token}
//	GET  /__admin/clock, POST /__admin/clock {advanceSeconds}   read or move the service's clock forward
//	POST /__admin/reset                   forget everything and seed the demo accounts again
func (s *Service) registerAdmin(mux *http.ServeMux) {
	mux.HandleFunc("GET "+mockkit.AdminPrefix+"/outbox", s.adminOutbox)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/wx/scenes", s.adminCreateScene)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/wx/{id}/scan", s.scanScene)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/wx/{id}/confirm", s.confirmScene)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/oauth/{state}/approve", s.adminApprove)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/oauth/grants", s.adminGrant)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/users", s.adminCreateUser)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/codes", s.adminSendCode)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/sessions", s.adminStartSession)
	mux.HandleFunc("GET "+mockkit.AdminPrefix+"/clock", s.adminClock)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/clock", s.adminClock)
	mux.HandleFunc("POST "+mockkit.AdminPrefix+"/reset", s.adminReset)
}

// accountAddress reads a phone or e-mail, telling which by the @.
func accountAddress(raw string) (channel, addr, reason string, ok bool) {
	channel = channelSMS
	if strings.Contains(raw, "@") {
		channel = channelEmail
	}
	addr, reason, ok = address(channel, raw)
	return channel, addr, reason, ok
}

func (s *Service) adminOutbox(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	to := q.Get("to")
	if to != "" {
		_, addr, reason, ok := accountAddress(to)
		if !ok {
			fail(w, http.StatusBadRequest, reason)
			return
		}
		to = addr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []message{}
	for i := len(s.st.Outbox) - 1; i >= 0; i-- {
		m := s.st.Outbox[i]
		if (to == "" || m.To == to) && (q.Get("purpose") == "" || m.Purpose == q.Get("purpose")) {
			out = append(out, m)
		}
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"messages": out})
}

type approval struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Deny  bool   `json:"deny,omitempty"`
}

func (s *Service) adminApprove(w http.ResponseWriter, r *http.Request) {
	var in approval
	if !decode(w, r, &in) {
		return
	}
	state := r.PathValue("state")
	s.mu.Lock()
	a := s.auths[state]
	s.mu.Unlock()
	if a == nil {
		fail(w, http.StatusNotFound, "not_found")
		return
	}
	target, status, reason := s.answerAuthorization(a.Provider, state, !in.Deny, in.Name, in.Email)
	if target == "" {
		fail(w, status, reason)
		return
	}
	code := ""
	if i := strings.Index(target, "code="); i >= 0 {
		code, _, _ = strings.Cut(target[i+len("code="):], "&")
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]string{"redirect": target, "code": code})
}

type newUser struct {
	Phone    string `json:"phone,omitempty"`
	Email    string `json:"email,omitempty"`
	Password string `json:"password"`
	Name     string `json:"name,omitempty"`
	Kind     string `json:"kind,omitempty"`
	Company  string `json:"company,omitempty"`
	Country  string `json:"country,omitempty"`
	Industry string `json:"industry,omitempty"`
}

func (s *Service) adminCreateUser(w http.ResponseWriter, r *http.Request) {
	var in newUser
	if !decode(w, r, &in) {
		return
	}
	channel, addr, ok := credentials{Phone: in.Phone, Email: in.Email}.account(w)
	if !ok {
		return
	}
	if len(in.Password) < 6 {
		fail(w, http.StatusBadRequest, "invalid_request", "password of 6 characters or more required")
		return
	}
	hash, err := s.hashPassword(in.Password)
	if err != nil {
		fail(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st.userByAddress(channel, addr) != nil {
		fail(w, http.StatusConflict, "already_registered")
		return
	}
	u := &user{
		ID: s.st.NextUserID, Kind: in.Kind, Name: in.Name, PasswordHash: hash, Company: in.Company,
		Country: in.Country, Industry: in.Industry, RegisteredAt: s.now(),
	}
	if channel == channelSMS {
		u.Phone = addr
	} else {
		u.Email = addr
	}
	if u.Kind == "" {
		u.Kind = map[string]string{channelSMS: "phone", channelEmail: "email"}[channel]
	}
	if u.Name == "" {
		u.Name = addr
	}
	s.st.NextUserID++
	s.st.Users[u.ID] = u
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, u.view())
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

func (s *Service) adminSendCode(w http.ResponseWriter, r *http.Request) {
	var in struct {
		codeRequest
		Code string `json:"code"`
	}
	if !decode(w, r, &in) {
		return
	}
	if (in.Channel != channelSMS && in.Channel != channelEmail) || !purposes[in.Purpose] || !sixDigits.MatchString(in.Code) {
		fail(w, http.StatusBadRequest, "invalid_request", "want channel sms|email, a known purpose and a 6-digit code")
		return
	}
	to, reason, ok := address(in.Channel, in.To)
	if !ok {
		fail(w, http.StatusBadRequest, reason)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.issueCode(in.Channel, to, in.Purpose, in.Code)
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{"expiresInSeconds": int(CodeTTL / time.Second)})
}

func (s *Service) adminStartSession(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Account string `json:"account"`
		Token   string `json:"token"`
	}
	if !decode(w, r, &in) {
		return
	}
	channel, addr, reason, ok := accountAddress(in.Account)
	if !ok {
		fail(w, http.StatusBadRequest, reason)
		return
	}
	if len(in.Token) < 16 {
		fail(w, http.StatusBadRequest, "invalid_request", "token of 16 characters or more required")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.st.userByAddress(channel, addr)
	if u == nil {
		fail(w, http.StatusNotFound, "not_registered")
		return
	}
	now := s.now()
	sess := &session{UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(SessionTTL)}
	s.st.Sessions[tokenKey(in.Token)] = sess
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, sessionJSON{Token: in.Token, ExpiresAt: sess.ExpiresAt, User: u.view()})
}

func (s *Service) adminClock(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		var in struct {
			AdvanceSeconds int64 `json:"advanceSeconds"`
		}
		if !decode(w, r, &in) {
			return
		}
		if in.AdvanceSeconds < 0 {
			fail(w, http.StatusBadRequest, "invalid_request", "the clock only moves forward")
			return
		}
		s.Advance(time.Duration(in.AdvanceSeconds) * time.Second)
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"now": s.clock()})
}

// Advance moves the service's clock forward by d: codes, sessions and scenes age accordingly.
func (s *Service) Advance(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.offset += d
}

func (s *Service) adminReset(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.st = newState()
	s.scenes = map[string]*scene{}
	s.auths = map[string]*authorization{}
	s.grants = map[string]*grant{}
	s.mu.Unlock()
	if err := s.seed(); err != nil {
		failStore(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

var sceneIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

func (s *Service) adminCreateScene(w http.ResponseWriter, r *http.Request) {
	var in struct {
		SceneID string `json:"sceneId"`
	}
	if !decode(w, r, &in) {
		return
	}
	if !sceneIDPattern.MatchString(in.SceneID) {
		fail(w, http.StatusBadRequest, "invalid_request", "sceneId: 8 to 64 of A-Z a-z 0-9 _ -")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := &scene{ID: in.SceneID, Status: "waiting", ExpiresAt: s.now().Add(SceneTTL)}
	s.scenes[sc.ID] = sc
	mockkit.WriteJSON(w, http.StatusCreated, sc.view(s.now()))
}

func (s *Service) adminGrant(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Provider string `json:"provider"`
		State    string `json:"state"`
		Code     string `json:"code"`
		Name     string `json:"name"`
		Email    string `json:"email"`
	}
	if !decode(w, r, &in) {
		return
	}
	addr, ok := normalizeEmail(in.Email)
	if !knownProvider(in.Provider) || in.State == "" || in.Code == "" || in.Name == "" || !ok {
		fail(w, http.StatusBadRequest, "invalid_request", "want a known provider, state, code, name and a valid email")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.grants[in.Code] = &grant{Provider: in.Provider, State: in.State, Name: in.Name, Email: addr, ExpiresAt: s.now().Add(CodeTTL)}
	w.WriteHeader(http.StatusCreated)
}
