//go:build pact

package publish_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/pact-foundation/pact-go/v2/matchers"
	message "github.com/pact-foundation/pact-go/v2/message/v4"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/publish"
	"github.com/jakarobotics/website/contracts/states"
)

// The events of the CMS's change webhook as the BFF takes them: each interaction's example is
// signed and handed to a Receiver, which must take it whole (its kinds are publish.Kinds, its
// ids what Change.Check accepts). The provider verification (contracts) makes the CMS stand-in's
// editors do the same and checks the events it sends against these, so that a change of either
// side's shape fails make test-pact.
func TestCMSWebhookPact(t *testing.T) {
	p := pacttest.NewMessagePact(t, states.ContentWebhookProvider)
	kind := `^(` + strings.Join(publish.Kinds, "|") + `)$`
	event := func(kindExample, idExample string) matchers.Map {
		return matchers.Map{
			"id": matchers.Regex("evt-20261129T101500Z-3f9c0a1b", `^[A-Za-z0-9._:-]{1,128}$`),
			"changes": matchers.EachLike(matchers.Map{
				"kind": matchers.Regex(kindExample, kind),
				// A number, a key, a name, or "" for every item of the kind: no control character.
				"id": matchers.Regex(idExample, `^[^\x00-\x1f\x7f]{0,128}$`),
			}, 1),
		}
	}
	for _, tc := range []struct {
		description string
		body        matchers.Map
	}{
		{states.ContentWebhookProductRenamed, event("product", "101")},
		{states.ContentWebhookNewsPublished, event("news", "41")},
	} {
		err := p.AddAsynchronousMessage().
			Given(states.ContentPublished).
			ExpectsToReceive(tc.description).
			WithMetadata(map[string]string{"contentType": "application/json", "signatureHeader": publish.SignatureHeader}).
			WithJSONContent(tc.body).
			ConsumedBy(takenByTheBFF).
			Verify(t)
		require.NoError(t, err, tc.description)
	}
}

// takenByTheBFF hands a message to a Receiver as a delivery signed with its secret: the message
// is one the BFF takes and applies.
func takenByTheBFF(m message.AsynchronousMessage) error {
	secret := []byte("the secret of the webhook's pact, consumer side")
	applied := &recorder{}
	r := publish.NewReceiver(publish.Options{Secret: secret, Applier: applied, Log: slog.New(slog.DiscardHandler)})
	_, err := r.Receive(context.Background(), publish.Sign(secret, time.Now(), m.Contents), bytes.NewReader(m.Contents))
	if err == nil && len(applied.applied) != 1 {
		return errAppliedNothing
	}
	return err
}

var errAppliedNothing = &appliedNothing{}

type appliedNothing struct{}

func (*appliedNothing) Error() string { return "the event was taken but nothing applied" }
