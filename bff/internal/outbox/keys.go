package outbox

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"
)

// MintKeys returns the key of a write sent without an Idempotency-Key, and the key the same write
// had in the previous minute. The key is a hash of the normalized write and the minute it
// arrived in: a double click, a retry by a flaky network or a resubmitted form within a minute
// or two is the same key and so one lead, while the same enquiry sent again later is a new one.
// Looking up the previous minute's key as well means that a double click across a minute
// boundary is still one lead. The visitor's address is left out on purpose: a retry often
// comes from another address (mobile networks), and two visitors never send the same enquiry,
// name, phone and e-mail alike.
func MintKeys(hash string, now time.Time) (key string, earlier []string) {
	minute := now.Unix() / 60
	mint := func(m int64) string {
		sum := sha256.Sum256([]byte(hash + "\n" + strconv.FormatInt(m, 10)))
		return "bff-" + hex.EncodeToString(sum[:16])
	}
	return mint(minute), []string{mint(minute - 1)}
}

// Hash is the hash of a write of kind with the JSON body: two writes with the same hash are the
// same write, whatever their keys.
func Hash(kind string, body []byte) string {
	sum := sha256.Sum256(append([]byte(kind+"\n"), body...))
	return hex.EncodeToString(sum[:])
}
