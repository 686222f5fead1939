package account

import (
	"net/http"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// scene is one WeChat QR login: waiting for a scan, scanned, confirmed on the phone (with the
// session it created), or expired. A confirmed scene hands its session out once; later polls see
// it expired, so that a leaked scene id is worth nothing after the login.
type scene struct {
	ID        string
	Status    string
	ExpiresAt time.Time
	Session   *sessionJSON
}

type sceneJSON struct {
	SceneID          string       `json:"sceneId"`
	QRContent        string       `json:"qrContent"`
	ExpiresInSeconds int          `json:"expiresInSeconds"`
	Status           string       `json:"status"`
	Session          *sessionJSON `json:"session,omitempty"`
}

// view returns the scene as the API shows it at now. Call with s.mu held.
func (sc *scene) view(now time.Time) sceneJSON {
	left := int((sc.ExpiresAt.Sub(now) + time.Second - 1) / time.Second) // whole seconds, rounded up
	if left < 0 {
		left = 0
	}
	return sceneJSON{
		SceneID:          sc.ID,
		QRContent:        "https://open.weixin.qq.com/connect/confirm?uuid=" + sc.ID,
		ExpiresInSeconds: left,
		Status:           sc.Status,
		Session:          sc.Session,
	}
}

// sceneAt returns the scene with id as of now, marking it expired when its time is up, and
// forgetting it a while after that. Call with s.mu held.
func (s *Service) sceneAt(id string) *scene {
	sc := s.scenes[id]
	if sc == nil {
		return nil
	}
	now := s.now()
	if !now.Before(sc.ExpiresAt) {
		if now.After(sc.ExpiresAt.Add(SceneTTL)) {
			delete(s.scenes, id)
			return nil
		}
		sc.Status, sc.Session = "expired", nil
	}
	return sc
}

// createScene starts a QR login.
func (s *Service) createScene(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Forget the scenes nobody will poll any more.
	for id := range s.scenes {
		s.sceneAt(id)
	}
	sc := &scene{ID: randomString(16), Status: "waiting", ExpiresAt: s.now().Add(SceneTTL)}
	s.scenes[sc.ID] = sc
	mockkit.WriteJSON(w, http.StatusCreated, sc.view(s.now()))
}

// pollScene reports a scene; a confirmed scene's session is delivered by the first poll only.
func (s *Service) pollScene(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := s.sceneAt(r.PathValue("id"))
	if sc == nil {
		fail(w, http.StatusNotFound, "not_found")
		return
	}
	view := sc.view(s.now())
	if sc.Status == "confirmed" {
		// Delivered: the scene is spent.
		sc.Status, sc.Session = "expired", nil
		sc.ExpiresAt = s.now()
	}
	mockkit.WriteJSON(w, http.StatusOK, view)
}

// scanScene is the phone scanning the QR code (admin).
func (s *Service) scanScene(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := s.sceneAt(r.PathValue("id"))
	switch {
	case sc == nil:
		fail(w, http.StatusNotFound, "not_found")
	case sc.Status != "waiting" && sc.Status != "scanned":
		fail(w, http.StatusConflict, "scene_"+sc.Status)
	default:
		sc.Status = "scanned"
		mockkit.WriteJSON(w, http.StatusOK, sc.view(s.now()))
	}
}

type wxConfirmation struct {
	// OpenID is the WeChat user; absent means a new WeChat user per scene.
	OpenID string `json:"openId,omitempty"`
	// Nickname names a WeChat user seen for the first time.
	Nickname string `json:"nickname,omitempty"`
	// Account, a phone or e-mail of an existing account, binds the WeChat user to it (as when a
	// user has linked WeChat in their profile).
	Account string `json:"account,omitempty"`
}

// confirmScene is the user confirming the login on the phone (admin): it finds or creates the
// account of the WeChat user and starts its session.
func (s *Service) confirmScene(w http.ResponseWriter, r *http.Request) {
	var in wxConfirmation
	if r.ContentLength != 0 && !decode(w, r, &in) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sc := s.sceneAt(r.PathValue("id"))
	switch {
	case sc == nil:
		fail(w, http.StatusNotFound, "not_found")
		return
	case sc.Status != "scanned":
		fail(w, http.StatusConflict, "scene_"+sc.Status, "scan the scene first")
		return
	}
	if in.OpenID == "" {
		in.OpenID = "wx_" + sc.ID
	}
	var u *user
	if in.Account != "" {
		channel := channelSMS
		if strings.Contains(in.Account, "@") {
			channel = channelEmail
		}
		addr, reason, ok := address(channel, in.Account)
		if !ok {
			fail(w, http.StatusBadRequest, reason)
			return
		}
		if u = s.st.userByAddress(channel, addr); u == nil {
			fail(w, http.StatusNotFound, "not_registered")
			return
		}
		s.st.Links["wechat:"+in.OpenID] = u.ID
	}
	if u == nil {
		u = s.linkedUser("wechat:"+in.OpenID, func() *user {
			name := in.Nickname
			if name == "" {
				name = "微信用户"
			}
			return &user{Kind: "wechat", Name: name}
		})
	}
	sess := s.startSession(u)
	sc.Status, sc.Session = "confirmed", &sess
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, sc.view(s.now()))
}

// linkedUser returns the user linked to an outside identity, creating it with create when there
// is none. Call with s.mu held.
func (s *Service) linkedUser(identity string, create func() *user) *user {
	if id, ok := s.st.Links[identity]; ok {
		if u := s.st.Users[id]; u != nil {
			return u
		}
	}
	u := create()
	u.ID = s.st.NextUserID
	s.st.NextUserID++
	u.RegisteredAt = s.now()
	s.st.Users[u.ID] = u
	s.st.Links[identity] = u.ID
	return u
}
