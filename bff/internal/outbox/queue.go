package outbox

import (
	"context"
	"time"
)

// Queue is an outbox as the rest of the BFF uses it: the handlers file writes with Submit, the
// application runs its worker and asks it for readiness and for the depth gauge. *Outbox (one
// bbolt file per replica) is one; an outbox that replicas share (package streamoutbox, in Redis)
// is another.
type Queue interface {
	// Submit files a write under its idempotency key and delivers it at once; see
	// (*Outbox).Submit for the receipts and ErrConflict.
	Submit(ctx context.Context, s Submission) (Receipt, error)
	// Run delivers what is queued until ctx ends.
	Run(ctx context.Context)
	// Ready reports whether the outbox can take submissions now.
	Ready() error
	// Stats reports how many writes wait for delivery and how long the oldest has waited.
	Stats() (depth int, oldest time.Duration, err error)
}

var _ Queue = (*Outbox)(nil)
