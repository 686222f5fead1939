package leads

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// The refusals of the lead guard.
const (
	// TooMany: more leads from this client address or e-mail address (or account) than the
	// limits allow (429, with Retry-After).
	TooMany apierr.Key = "lead.too_many"
	// ProofInvalid: the proof of work is missing, forged, wrong, expired or used by another
	// submission (400): the web solves a new one and sends again.
	ProofInvalid apierr.Key = "lead.proof_invalid"
	// Refused: the form's hidden trap field was filled in, which people do not see and do not
	// fill; only a program that fills every field does (400). The lead is refused openly,
	// never answered as a success and dropped: a person whose browser did it is told to send
	// again or to call.
	Refused apierr.Key = "lead.refused"
)

// Limits bound the leads (enquiries, form records, repair reports) that are accepted. Both
// apply; an empty list turns one off.
type Limits struct {
	// PerIP counts the leads of one client address: an office behind one address sends more
	// than one person does.
	PerIP []ratelimit.Rule
	// PerEmail counts the leads of one e-mail address (for repair reports, of one account): a
	// person sends a few a day.
	PerEmail []ratelimit.Rule
}

// DefaultLimits are the limits of a BFF without configuration: 30 leads an hour and 100 a day
// from one address, 5 an hour and 10 a day from one e-mail address.
func DefaultLimits() Limits {
	return Limits{
		PerIP:    []ratelimit.Rule{{Limit: 30, Window: time.Hour}, {Limit: 100, Window: 24 * time.Hour}},
		PerEmail: []ratelimit.Rule{{Limit: 5, Window: time.Hour}, {Limit: 10, Window: 24 * time.Hour}},
	}
}

// String lists the limits for the start-up log.
func (l Limits) String() string {
	return fmt.Sprintf("leads_per_ip=%s leads_per_email=%s", ratelimit.FormatRules(l.PerIP), ratelimit.FormatRules(l.PerEmail))
}

// Guard decides whether a lead may go to the outbox: its trap field, its proof of work, and the
// limits per client address and per e-mail address. It is safe for concurrent use.
type Guard struct {
	perIP    ratelimit.KeyLimiter
	perEmail ratelimit.KeyLimiter
	puzzles  *Puzzles
	spent    SpentProofs
}

// NewGuard returns the guard of limits with the limiters of f, the puzzles and the store of
// spent proofs.
func NewGuard(l Limits, f ratelimit.Factory, puzzles *Puzzles, spent SpentProofs) *Guard {
	return &Guard{
		perIP:    f.Rules("leads-ip", l.PerIP...),
		perEmail: f.Rules("leads-email", l.PerEmail...),
		puzzles:  puzzles,
		spent:    spent,
	}
}

// Puzzles hands out the challenges whose solutions the guard accepts.
func (g *Guard) Puzzles() *Puzzles { return g.puzzles }

// Attempt is one submission of a lead, as the guard sees it.
type Attempt struct {
	// Client is the limiter key of the client address.
	Client string
	// Contact is the e-mail address of the lead (ContactOfEmail) or the account of a repair
	// report (ContactOfAccount); empty when it has none.
	Contact string
	// Trap is the value of the hidden trap field: empty from a person.
	Trap string
	// Proof is the solution of a puzzle, when NeedsProof.
	Proof      string
	NeedsProof bool
	// Key and Earlier are the submission's idempotency keys (outbox.Submission).
	Key     string
	Earlier []string
}

// ContactOfEmail is the limiter key of an e-mail address: its case and white space make no
// difference.
func ContactOfEmail(email string) string {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" {
		return ""
	}
	return "email:" + email
}

// ContactOfAccount is the limiter key of a logged-in account.
func ContactOfAccount(id int64) string { return fmt.Sprintf("account:%d", id) }

// Pass is an admitted lead: Settle tells the guard what became of it.
type Pass struct {
	g       *Guard
	a       Attempt
	proofID string // the proof spent by this attempt; empty for a repeat or without a proof
	counted bool
}

// Admit checks an attempt: the trap (Refused), the proof (ProofInvalid) and the limits
// (TooMany, with the wait). A submission sent again with the same idempotency key and proof (a
// retry after a lost answer) is neither counted again nor refused: the outbox answers it as it
// answered the first time. The proof is spent before the limits are asked, so that two
// submissions racing with one proof cannot both pass; a refusal by the limits gives it back.
func (g *Guard) Admit(a Attempt) (pass *Pass, wait time.Duration, err error) {
	if strings.TrimSpace(a.Trap) != "" {
		return nil, 0, apierr.New(Refused, errors.New("the trap field was filled in"))
	}
	pass = &Pass{g: g, a: a}
	if a.NeedsProof {
		id, expires, err := g.puzzles.Check(a.Proof)
		if err != nil {
			return nil, 0, apierr.New(ProofInvalid, err)
		}
		owner, fresh := g.spent.Spend(id, a.Key, expires)
		switch {
		case fresh:
			pass.proofID = id
		case owner == a.Key || slices.Contains(a.Earlier, owner):
			// The same submission again: its first attempt was counted if it was accepted.
			return pass, 0, nil
		default:
			return nil, 0, apierr.New(ProofInvalid, ErrProofSpent)
		}
	}
	// The address first, as ratelimit.AllowBoth does: a refused address does not spend the
	// e-mail's room, and a refused e-mail gives the address its lead back.
	ok, wait := g.perIP.Allow(a.Client)
	if ok && a.Contact != "" {
		if ok, wait = g.perEmail.Allow(a.Contact); !ok {
			g.perIP.Refund(a.Client)
		}
	}
	if !ok {
		pass.release()
		return nil, wait, apierr.New(TooMany, nil)
	}
	pass.counted = true
	return pass, 0, nil
}

// Settle tells the guard what became of the admitted lead: the outbox's receipt, or the error
// of its Submit. Only a lead the outbox took as new counts towards the limits; a proof stays
// spent unless the outbox did not take the lead at all.
func (p *Pass) Settle(r outbox.Receipt, err error) {
	if err == nil && !r.Duplicate && !r.Rejected {
		return
	}
	if p.counted {
		p.g.perIP.Refund(p.a.Client)
		if p.a.Contact != "" {
			p.g.perEmail.Refund(p.a.Contact)
		}
		p.counted = false
	}
	if err != nil {
		p.release()
	}
}

// release gives back the proof this attempt spent.
func (p *Pass) release() {
	if p.proofID != "" {
		p.g.spent.Release(p.proofID)
		p.proofID = ""
	}
}
