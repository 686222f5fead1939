//go:build race

package account

import "golang.org/x/crypto/bcrypt"

// defaultBcryptCost is the cost of password hashes when Options leave it out. Under the race
// detector every memory access of bcrypt's loops is instrumented, and a hash of the default cost
// takes seconds instead of some 50 ms: each password login of a test that starts the stand-in
// with its defaults (as `make run` does) would then outlast the BFF's time limits. The stand-in
// hashes at the minimum cost there; what the hash does is unchanged.
const defaultBcryptCost = bcrypt.MinCost
