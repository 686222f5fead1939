package leads

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A lead carries a proof of work: the visitor's browser solved a puzzle the BFF handed out,
// which costs a person's phone a fraction of a second in the background and a bot that sends
// thousands of leads as many times that. The puzzle is ALTCHA's HMAC scheme (the scheme of its
// version 1, which its version 3 widget and solver still speak, and which a plain loop over
// SHA-256 solves, as the mini-program does): the BFF picks a random salt ending in
// `?expires=<unix seconds>` and a secret number up to MaxNumber, and hands out
// challenge = hex(SHA-256(salt + number)) with signature = hex(HMAC-SHA-256(key, challenge)).
// The solver finds the number; the BFF checks the signature (the challenge is its own), the
// hash (the number is right, and the salt with its expiry is the one handed out) and the
// expiry, and spends the proof once. No third party is asked, and nothing about the visitor is
// kept.

// ProofAlgorithm is the hash of the puzzles.
const ProofAlgorithm = "SHA-256"

// DefaultMaxNumber is the largest secret number: a solver tries half of it on average. The web's
// worker hashes with crypto.subtle, one call per number: headless Chromium on a busy two-core
// machine took 0.4 to 1.9 s (median about 1 s, worker start included), and the web starts when
// the form is first focused, so it is done before a person has typed their name.
const DefaultMaxNumber = 50_000

// DefaultProofTTL is how long a challenge may be solved and sent: longer than a person takes to
// fill in a form (the web fetches a new one when it has run out).
const DefaultProofTTL = 30 * time.Minute

// Challenge is a puzzle, as ALTCHA's widget and solver read it.
type Challenge struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	MaxNumber int    `json:"maxnumber"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
}

// Solution is a solved puzzle as the solver sends it, base64 of this JSON (ALTCHA's payload).
type Solution struct {
	Algorithm string `json:"algorithm"`
	Challenge string `json:"challenge"`
	Number    int    `json:"number"`
	Salt      string `json:"salt"`
	Signature string `json:"signature"`
	Took      int    `json:"took,omitempty"`
}

// Puzzles hands out challenges and checks their solutions. It is safe for concurrent use.
type Puzzles struct {
	key       []byte
	maxNumber int
	ttl       time.Duration
	now       func() time.Time
}

// NewPuzzles returns the puzzles signed with key (every replica of a site needs the same key),
// of maxNumber (DefaultMaxNumber when 0) and ttl (DefaultProofTTL when 0), on the clock now
// (nil means time.Now).
func NewPuzzles(key []byte, maxNumber int, ttl time.Duration, now func() time.Time) *Puzzles {
	if maxNumber <= 0 {
		maxNumber = DefaultMaxNumber
	}
	if ttl <= 0 {
		ttl = DefaultProofTTL
	}
	if now == nil {
		now = time.Now
	}
	return &Puzzles{key: key, maxNumber: maxNumber, ttl: ttl, now: now}
}

// TTL is how long a challenge may be solved and sent.
func (p *Puzzles) TTL() time.Duration { return p.ttl }

// New returns a new challenge.
func (p *Puzzles) New() (Challenge, error) {
	nonce := make([]byte, 12)
	if _, err := rand.Read(nonce); err != nil {
		return Challenge{}, err
	}
	n, err := rand.Int(rand.Reader, big.NewInt(int64(p.maxNumber)+1))
	if err != nil {
		return Challenge{}, err
	}
	salt := hex.EncodeToString(nonce) + "?expires=" + strconv.FormatInt(p.now().Add(p.ttl).Unix(), 10)
	challenge := puzzleHash(salt, int(n.Int64()))
	return Challenge{Algorithm: ProofAlgorithm, Challenge: challenge, MaxNumber: p.maxNumber, Salt: salt, Signature: p.sign(challenge)}, nil
}

// Why a proof was not accepted, for logs and tests (the visitor is told one thing: send again).
var (
	ErrProofMissing   = errors.New("no proof of work")
	ErrProofMalformed = errors.New("proof of work unreadable")
	ErrProofForged    = errors.New("proof of work not of a challenge of this site")
	ErrProofWrong     = errors.New("proof of work does not solve its challenge")
	ErrProofExpired   = errors.New("proof of work expired")
	ErrProofSpent     = errors.New("proof of work already used by another submission")
)

// Check reads a solution (the base64 payload) and returns its id, under which it is spent
// (SpentProofs), and when it expires. It checks everything but single use.
func (p *Puzzles) Check(payload string) (id string, expires time.Time, err error) {
	payload = strings.TrimSpace(payload)
	if payload == "" {
		return "", time.Time{}, ErrProofMissing
	}
	if len(payload) > 2048 {
		return "", time.Time{}, ErrProofMalformed
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return "", time.Time{}, ErrProofMalformed
	}
	var s Solution
	if err := json.Unmarshal(raw, &s); err != nil || s.Algorithm != ProofAlgorithm || s.Number < 0 {
		return "", time.Time{}, ErrProofMalformed
	}
	if !hmac.Equal([]byte(p.sign(s.Challenge)), []byte(strings.ToLower(s.Signature))) {
		return "", time.Time{}, ErrProofForged
	}
	if subtle.ConstantTimeCompare([]byte(puzzleHash(s.Salt, s.Number)), []byte(s.Challenge)) != 1 {
		return "", time.Time{}, ErrProofWrong
	}
	// The salt is covered by the signature through the challenge's hash: its expiry is the
	// BFF's own.
	_, query, _ := strings.Cut(s.Salt, "?")
	values, err := url.ParseQuery(query)
	if err != nil {
		return "", time.Time{}, ErrProofMalformed
	}
	unix, err := strconv.ParseInt(values.Get("expires"), 10, 64)
	if err != nil {
		return "", time.Time{}, ErrProofMalformed
	}
	expires = time.Unix(unix, 0)
	if !p.now().Before(expires) {
		return "", time.Time{}, ErrProofExpired
	}
	return s.Challenge, expires, nil
}

// sign is the challenge's signature.
func (p *Puzzles) sign(challenge string) string {
	m := hmac.New(sha256.New, p.key)
	m.Write([]byte(challenge))
	return hex.EncodeToString(m.Sum(nil))
}

// puzzleHash is hex(SHA-256(salt + number)).
func puzzleHash(salt string, number int) string {
	sum := sha256.Sum256([]byte(salt + strconv.Itoa(number)))
	return hex.EncodeToString(sum[:])
}

// Solve finds the number of c by trying every one from 0, as the browser's worker does, and
// returns the payload a lead carries. For tests and for clients that solve without the widget.
func Solve(c Challenge) (string, bool) {
	want, err := hex.DecodeString(c.Challenge)
	if err != nil || len(want) != sha256.Size {
		return "", false
	}
	buf := []byte(c.Salt)
	for n := 0; n <= c.MaxNumber; n++ {
		if sum := sha256.Sum256(strconv.AppendInt(buf[:len(c.Salt)], int64(n), 10)); subtle.ConstantTimeCompare(sum[:], want) == 1 {
			raw, _ := json.Marshal(Solution{Algorithm: c.Algorithm, Challenge: c.Challenge, Number: n, Salt: c.Salt, Signature: c.Signature})
			return base64.StdEncoding.EncodeToString(raw), true
		}
	}
	return "", false
}

// SpentProofs remembers the proofs that were used, each with the submission (its idempotency
// key) it was used for, until the proof expires: a proof works for one submission, which may be
// sent again (a retry after a lost answer) with the same key and proof.
type SpentProofs interface {
	// Spend spends the proof id on the submission key until expires, unless it was spent
	// before. It returns the key the proof is spent on (key itself when it was unspent) and
	// whether this call spent it.
	Spend(id, key string, expires time.Time) (owner string, fresh bool)
	// Release makes the proof id unspent again: its submission was not taken.
	Release(id string)
}

// maxSpentProofs bounds the proofs a MemorySpentProofs remembers.
const maxSpentProofs = 200_000

// MemorySpentProofs is a SpentProofs of one process; the oldest make room when it holds
// maxSpentProofs.
type MemorySpentProofs struct {
	mu    sync.Mutex
	now   func() time.Time
	spent map[string]spentProof
	order []string // ids in the order they were spent
}

type spentProof struct {
	key     string
	expires time.Time
}

var _ SpentProofs = (*MemorySpentProofs)(nil)

// NewMemorySpentProofs returns an empty store on the clock now (nil means time.Now).
func NewMemorySpentProofs(now func() time.Time) *MemorySpentProofs {
	if now == nil {
		now = time.Now
	}
	return &MemorySpentProofs{now: now, spent: map[string]spentProof{}}
}

// Spend spends id on key until expires, unless it was spent before.
func (m *MemorySpentProofs) Spend(id, key string, expires time.Time) (string, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	// Expiries are not in order (a proof may be sent late), so an expired one is dropped when it
	// comes first or when room is needed; Check refuses expired proofs before they get here.
	for len(m.order) > 0 {
		first, ok := m.spent[m.order[0]]
		if ok && len(m.order) < maxSpentProofs && now.Before(first.expires) {
			break
		}
		delete(m.spent, m.order[0])
		m.order = m.order[1:]
	}
	if p, ok := m.spent[id]; ok {
		return p.key, false
	}
	m.spent[id] = spentProof{key: key, expires: expires}
	m.order = append(m.order, id)
	return key, true
}

// Release makes id unspent again.
func (m *MemorySpentProofs) Release(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.spent, id)
}
