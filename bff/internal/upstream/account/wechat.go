package account

import (
	"context"
	"net/http"
	"net/url"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// WeChat QR login: a scene the visitor scans with WeChat, polled until it is confirmed.

type sceneJSON struct {
	SceneID          string       `json:"sceneId"`
	QRContent        string       `json:"qrContent"`
	ExpiresInSeconds int          `json:"expiresInSeconds"`
	Status           string       `json:"status"`
	Session          *sessionJSON `json:"session"`
}

func (c *HTTPClient) scene(a answer, what string) (WxScene, error) {
	var s sceneJSON
	if err := c.decode(a, what, &s); err != nil {
		return WxScene{}, err
	}
	switch s.Status {
	case "waiting", "scanned", "expired":
	case "confirmed":
		if s.Session == nil || s.Session.Token == "" {
			return WxScene{}, c.BadAnswer("%s: a confirmed scene without its session", what)
		}
	default:
		return WxScene{}, c.BadAnswer("%s: unknown status %q", what, s.Status)
	}
	out := WxScene{ID: s.SceneID, QRContent: s.QRContent, ExpiresIn: s.ExpiresInSeconds, Status: s.Status}
	if s.Session != nil {
		sess := s.Session.session()
		out.Session = &sess
	}
	return out, nil
}

// NewWxScene starts a WeChat QR login.
func (c *HTTPClient) NewWxScene(ctx context.Context) (WxScene, error) {
	a, err := c.call(ctx, http.MethodPost, "/wechat/scenes", "", nil)
	if err != nil {
		return WxScene{}, err
	}
	if a.status != http.StatusCreated {
		return WxScene{}, c.unexpected(a, "new scene")
	}
	return c.scene(a, "new scene")
}

// WxScene polls a WeChat QR login.
func (c *HTTPClient) WxScene(ctx context.Context, id string) (WxScene, error) {
	a, err := c.call(ctx, http.MethodGet, "/wechat/scenes/"+url.PathEscape(id), "", nil)
	if err != nil {
		return WxScene{}, err
	}
	switch a.status {
	case http.StatusOK:
		return c.scene(a, "poll scene")
	case http.StatusNotFound:
		return WxScene{}, apierr.New(QRExpired, nil)
	}
	return WxScene{}, c.unexpected(a, "poll scene")
}
