package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/jakarobotics/website/bff/internal/publish"
)

// Publish are the metrics of the CMS's published changes (package publish): the deliveries of
// its webhook this replica took or refused, and the changes other replicas took that it applied.
// The sum over the replicas of ok deliveries and applied broadcasts is the replicas that show a
// publish at once; a replica whose broadcasts lag behind the others' ok deliveries missed some
// (they reach it when its caches' time to live runs out).
type Publish struct {
	// Webhooks counts the deliveries of the CMS's webhook by outcome (publish.Outcomes).
	Webhooks *prometheus.CounterVec
	// BroadcastsApplied counts the changes of another replica's delivery applied here.
	BroadcastsApplied prometheus.Counter
}

func newPublish() *Publish {
	p := &Publish{
		Webhooks: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_cms_webhooks_total",
			Help: "Deliveries of the CMS's change webhook, by outcome: ok, bad_signature, stale, replay, malformed.",
		}, []string{"outcome"}),
		BroadcastsApplied: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "bff_cms_broadcasts_applied_total",
			Help: "CMS changes that another replica took from the webhook and this replica applied (Redis pub/sub).",
		}),
	}
	// Every outcome exists from the start, so that a rate over refusals is 0 rather than absent.
	for _, o := range publish.Outcomes {
		p.Webhooks.WithLabelValues(string(o))
	}
	return p
}

// Webhook counts one delivery's outcome; it fits publish.Options.Observe.
func (p *Publish) Webhook(o publish.Outcome) {
	p.Webhooks.WithLabelValues(string(o)).Inc()
}

func (p *Publish) collectors() []prometheus.Collector {
	return []prometheus.Collector{p.Webhooks, p.BroadcastsApplied}
}
