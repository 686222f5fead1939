package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// OutboxStats reports the outbox's depth and the age of its oldest item; it is read at every
// scrape, so the figures come from the outbox file itself and survive restarts.
type OutboxStats func() (depth int, oldest time.Duration, err error)

// Outbox holds the metrics of the durable outbox of leads and form records.
type Outbox struct {
	// Deliveries counts delivery attempts by result: delivered, duplicate (the upstream had
	// the key already), rejected (refused on business grounds), failed (to be retried).
	Deliveries *prometheus.CounterVec
}

// RegisterOutbox adds the outbox's metrics to m: bff_outbox_depth and
// bff_outbox_oldest_age_seconds read through stats at scrape time, and
// bff_outbox_deliveries_total{result}. Delivery failures are the result="failed" series.
func (m *Metrics) RegisterOutbox(stats OutboxStats) *Outbox {
	read := func(pick func(int, time.Duration) float64) func() float64 {
		return func() float64 {
			depth, oldest, err := stats()
			if err != nil {
				return -1 // unreadable outbox: a value no healthy outbox has, for alerting
			}
			return pick(depth, oldest)
		}
	}
	o := &Outbox{
		Deliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bff_outbox_deliveries_total",
			Help: "Delivery attempts of queued and new writes (leads, form records) by result: delivered, duplicate, rejected, failed.",
		}, []string{"result"}),
	}
	// Every result exists from the start, so that a rate over failures is 0 rather than absent.
	for _, r := range []string{"delivered", "duplicate", "rejected", "failed"} {
		o.Deliveries.WithLabelValues(r)
	}
	m.Registry.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_outbox_depth",
			Help: "Writes waiting in the durable outbox for their upstream (-1 when the outbox cannot be read).",
		}, read(func(depth int, _ time.Duration) float64 { return float64(depth) })),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "bff_outbox_oldest_age_seconds",
			Help: "How long the oldest write in the outbox has waited; 0 when it is empty.",
		}, read(func(_ int, oldest time.Duration) float64 { return oldest.Seconds() })),
		o.Deliveries,
	)
	return o
}

// Result counts one delivery attempt; it fits outbox.Options.OnResult.
func (o *Outbox) Result(result string) {
	o.Deliveries.WithLabelValues(result).Inc()
}
