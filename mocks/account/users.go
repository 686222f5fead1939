package account

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// userJSON is a user as the API shows it: never the password hash.
type userJSON struct {
	ID           int64     `json:"id"`
	Kind         string    `json:"kind"`
	Name         string    `json:"name"`
	Phone        string    `json:"phone,omitempty"`
	Email        string    `json:"email,omitempty"`
	Company      string    `json:"company,omitempty"`
	Country      string    `json:"country,omitempty"`
	Industry     string    `json:"industry,omitempty"`
	ContactPhone string    `json:"contactPhone,omitempty"`
	RegisteredAt time.Time `json:"registeredAt"`
}

func (u *user) view() userJSON {
	return userJSON{
		ID: u.ID, Kind: u.Kind, Name: u.Name, Phone: u.Phone, Email: u.Email, Company: u.Company,
		Country: u.Country, Industry: u.Industry, ContactPhone: u.ContactPhone, RegisteredAt: u.RegisteredAt,
	}
}

// sessionJSON is a new session: the token is shown once, here.
type sessionJSON struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
	User      userJSON  `json:"user"`
}

// startSession creates a session for u. Call with s.mu held.
func (s *Service) startSession(u *user) sessionJSON {
	token := newToken()
	now := s.now()
	sess := &session{UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(SessionTTL)}
	s.st.Sessions[tokenKey(token)] = sess
	return sessionJSON{Token: token, ExpiresAt: sess.ExpiresAt, User: u.view()}
}

// sessionOf returns the live session of a token and its user. Call with s.mu held.
func (s *Service) sessionOf(token string) (*session, *user) {
	if token == "" {
		return nil, nil
	}
	sess := s.st.Sessions[tokenKey(token)]
	if sess == nil {
		return nil, nil
	}
	if !s.now().Before(sess.ExpiresAt) {
		delete(s.st.Sessions, tokenKey(token))
		return nil, nil
	}
	u := s.st.Users[sess.UserID]
	if u == nil {
		return nil, nil
	}
	return sess, u
}

// credentials name an account by phone or e-mail, with a password or a code.
type credentials struct {
	Phone    string `json:"phone,omitempty"`
	Email    string `json:"email,omitempty"`
	Password string `json:"password,omitempty"`
	Code     string `json:"code,omitempty"`
}

// account returns the channel and normalized address of the credentials, answering 400 itself
// when there is not exactly one valid address.
func (c credentials) account(w http.ResponseWriter) (channel, addr string, ok bool) {
	switch {
	case c.Phone != "" && c.Email == "":
		channel = channelSMS
		addr, reason, valid := address(channel, c.Phone)
		if !valid {
			fail(w, http.StatusBadRequest, reason)
		}
		return channel, addr, valid
	case c.Email != "" && c.Phone == "":
		channel = channelEmail
		addr, reason, valid := address(channel, c.Email)
		if !valid {
			fail(w, http.StatusBadRequest, reason)
		}
		return channel, addr, valid
	}
	fail(w, http.StatusBadRequest, "invalid_request", "give exactly one of phone and email")
	return "", "", false
}

// login starts a session by password or by a login code.
func (s *Service) login(w http.ResponseWriter, r *http.Request) {
	var in credentials
	if !decode(w, r, &in) {
		return
	}
	channel, addr, ok := in.account(w)
	if !ok {
		return
	}
	if (in.Password == "") == (in.Code == "") {
		fail(w, http.StatusBadRequest, "invalid_request", "give exactly one of password and code")
		return
	}
	if in.Password != "" {
		s.mu.Lock()
		u := s.st.userByAddress(channel, addr)
		var hash string
		if u != nil {
			hash = u.PasswordHash
		}
		s.mu.Unlock()
		// Compared outside the lock: bcrypt is slow on purpose.
		if u == nil || hash == "" {
			passwordMatches(s.dummyHash(), in.Password)
			fail(w, http.StatusUnauthorized, "bad_credentials")
			return
		}
		if !passwordMatches(hash, in.Password) {
			fail(w, http.StatusUnauthorized, "bad_credentials")
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.st.Users[u.ID] == nil { // deregistered meanwhile
			fail(w, http.StatusUnauthorized, "bad_credentials")
			return
		}
		sess := s.startSession(u)
		if err := s.persist(); err != nil {
			failStore(w, err)
			return
		}
		mockkit.WriteJSON(w, http.StatusCreated, sess)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.st.userByAddress(channel, addr)
	if u == nil {
		fail(w, http.StatusNotFound, "not_registered")
		return
	}
	err := s.checkCode(channel, addr, "login", in.Code)
	if perr := s.persist(); perr != nil {
		failStore(w, perr)
		return
	}
	if err != nil {
		failCode(w, err)
		return
	}
	sess := s.startSession(u)
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, sess)
}

// currentSession validates a bearer token.
func (s *Service) currentSession(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, u := s.sessionOf(bearer(r))
	if sess == nil {
		fail(w, http.StatusUnauthorized, "invalid_token")
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"user": u.view(), "expiresAt": sess.ExpiresAt})
}

// logout ends the bearer's session. Ending a session that has already ended is not an error.
func (s *Service) logout(w http.ResponseWriter, r *http.Request) {
	token := bearer(r)
	if token == "" {
		fail(w, http.StatusUnauthorized, "invalid_token")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.st.Sessions[tokenKey(token)]; ok {
		delete(s.st.Sessions, tokenKey(token))
		if err := s.persist(); err != nil {
			failStore(w, err)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// registration is a new account. Kind phone needs phone; email and overseas need email;
// overseas also needs the enterprise fields (company, country, industry, contactPhone).
type registration struct {
	Kind         string `json:"kind"`
	Phone        string `json:"phone,omitempty"`
	Email        string `json:"email,omitempty"`
	Code         string `json:"code"`
	Password     string `json:"password"`
	Name         string `json:"name,omitempty"`
	Company      string `json:"company,omitempty"`
	Country      string `json:"country,omitempty"`
	Industry     string `json:"industry,omitempty"`
	ContactPhone string `json:"contactPhone,omitempty"`
}

// register creates an account with a register code and logs it in.
func (s *Service) register(w http.ResponseWriter, r *http.Request) {
	var in registration
	if !decode(w, r, &in) {
		return
	}
	var channel, raw string
	switch in.Kind {
	case "phone":
		channel, raw = channelSMS, in.Phone
	case "email", "overseas":
		channel, raw = channelEmail, in.Email
	default:
		fail(w, http.StatusBadRequest, "invalid_request", "kind must be phone, email or overseas")
		return
	}
	if (in.Kind == "phone" && in.Email != "") || (in.Kind != "phone" && in.Phone != "") {
		fail(w, http.StatusBadRequest, "invalid_request", "a registration has one login name")
		return
	}
	addr, reason, ok := address(channel, raw)
	if !ok {
		fail(w, http.StatusBadRequest, reason)
		return
	}
	if len(in.Password) < 6 || len(in.Code) != 6 {
		fail(w, http.StatusBadRequest, "invalid_request", "password of 6 characters or more and a 6-digit code are required")
		return
	}
	if in.Kind == "overseas" {
		if strings.TrimSpace(in.Name) == "" || strings.TrimSpace(in.Company) == "" || len(in.Country) != 2 ||
			strings.TrimSpace(in.Industry) == "" || strings.TrimSpace(in.ContactPhone) == "" {
			fail(w, http.StatusBadRequest, "invalid_request", "an overseas registration needs name, company, country, industry and contactPhone")
			return
		}
	}
	// Hashed before taking the lock: bcrypt is slow on purpose.
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
	err = s.checkCode(channel, addr, "register", in.Code)
	if perr := s.persist(); perr != nil {
		failStore(w, perr)
		return
	}
	if err != nil {
		failCode(w, err)
		return
	}
	u := &user{
		ID: s.st.NextUserID, Kind: in.Kind, Name: strings.TrimSpace(in.Name), PasswordHash: hash,
		Company: strings.TrimSpace(in.Company), Country: in.Country, Industry: strings.TrimSpace(in.Industry),
		ContactPhone: strings.TrimSpace(in.ContactPhone), RegisteredAt: s.now(),
	}
	if channel == channelSMS {
		u.Phone = addr
	} else {
		u.Email = addr
	}
	if u.Name == "" {
		u.Name = addr
	}
	s.st.NextUserID++
	s.st.Users[u.ID] = u
	sess := s.startSession(u)
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, sess)
}

// resetPassword sets a new password with a reset_password code and ends every session of the
// account.
func (s *Service) resetPassword(w http.ResponseWriter, r *http.Request) {
	var in credentials
	if !decode(w, r, &in) {
		return
	}
	channel, addr, ok := in.account(w)
	if !ok {
		return
	}
	if len(in.Password) < 6 || len(in.Code) != 6 {
		fail(w, http.StatusBadRequest, "invalid_request", "password of 6 characters or more and a 6-digit code are required")
		return
	}
	hash, err := s.hashPassword(in.Password)
	if err != nil {
		fail(w, http.StatusBadRequest, "invalid_request", err.Error())
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.st.userByAddress(channel, addr)
	if u == nil {
		fail(w, http.StatusNotFound, "not_registered")
		return
	}
	err = s.checkCode(channel, addr, "reset_password", in.Code)
	if perr := s.persist(); perr != nil {
		failStore(w, perr)
		return
	}
	if err != nil {
		failCode(w, err)
		return
	}
	u.PasswordHash = hash
	ended := s.st.revokeSessions(u.ID)
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"userId": u.ID, "sessionsEnded": ended})
}

// lookup says whether an account exists for a phone or e-mail.
func (s *Service) lookup(w http.ResponseWriter, r *http.Request) {
	var in credentials
	if !decode(w, r, &in) {
		return
	}
	if in.Password != "" || in.Code != "" {
		fail(w, http.StatusBadRequest, "invalid_request", "a lookup takes only phone or email")
		return
	}
	channel, addr, ok := in.account(w)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	mockkit.WriteJSON(w, http.StatusOK, map[string]bool{"exists": s.st.userByAddress(channel, addr) != nil})
}

// profile shows the bearer's own account; any other id is not found.
func (s *Service) profile(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		fail(w, http.StatusNotFound, "not_found")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, u := s.sessionOf(bearer(r))
	if sess == nil {
		fail(w, http.StatusUnauthorized, "invalid_token")
		return
	}
	if u.ID != id {
		fail(w, http.StatusNotFound, "not_found")
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, u.view())
}

type deletion struct {
	Account string `json:"account"`
	Code    string `json:"code"`
}

// deregister deletes the bearer's account, given a deregister code sent to its phone or e-mail.
func (s *Service) deregister(w http.ResponseWriter, r *http.Request) {
	var in deletion
	if !decode(w, r, &in) {
		return
	}
	channel := channelSMS
	if strings.Contains(in.Account, "@") {
		channel = channelEmail
	}
	addr, reason, ok := address(channel, in.Account)
	if !ok {
		fail(w, http.StatusBadRequest, reason)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, u := s.sessionOf(bearer(r))
	if sess == nil {
		fail(w, http.StatusUnauthorized, "invalid_token")
		return
	}
	if (channel == channelSMS && u.Phone != addr) || (channel == channelEmail && u.Email != addr) {
		fail(w, http.StatusForbidden, "not_owner")
		return
	}
	err := s.checkCode(channel, addr, "deregister", in.Code)
	if err != nil {
		if perr := s.persist(); perr != nil {
			failStore(w, perr)
			return
		}
		failCode(w, err)
		return
	}
	s.st.removeUser(u)
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
