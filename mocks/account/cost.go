//go:build !race

package account

import "golang.org/x/crypto/bcrypt"

// defaultBcryptCost is the cost of password hashes when Options leave it out: bcrypt's own
// default, as a real identity service would use.
const defaultBcryptCost = bcrypt.DefaultCost
