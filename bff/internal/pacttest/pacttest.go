//go:build pact

// Package pacttest sets up Pact consumer tests of the BFF's upstream clients and of the messages
// it takes (the CMS's webhook): one consumer name, and pact files written to contracts/pacts
// where the provider verification reads them.
package pacttest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/log"
	message "github.com/pact-foundation/pact-go/v2/message/v4"
)

// Consumer is the BFF's name in every pact.
const Consumer = "website-bff"

// NewPact returns a V4 mock provider for provider, writing its pact into contracts/pacts.
func NewPact(t *testing.T, provider string) *consumer.V4HTTPMockProvider {
	t.Helper()
	_ = log.SetLogLevel("ERROR")
	root := moduleRoot(t)
	p, err := consumer.NewV4Pact(consumer.MockHTTPProviderConfig{
		Consumer: Consumer,
		Provider: provider,
		Host:     "127.0.0.1",
		PactDir:  filepath.Join(root, "contracts", "pacts"),
		LogDir:   filepath.Join(root, "contracts", "logs"),
	})
	if err != nil {
		t.Fatalf("pact: %v", err)
	}
	return p
}

// NewMessagePact returns a V4 pact of the asynchronous messages the BFF takes from provider (a
// webhook's events), written into contracts/pacts.
func NewMessagePact(t *testing.T, provider string) *message.AsynchronousPact {
	t.Helper()
	_ = log.SetLogLevel("ERROR")
	p, err := message.NewAsynchronousPact(message.Config{
		Consumer: Consumer,
		Provider: provider,
		PactDir:  filepath.Join(moduleRoot(t), "contracts", "pacts"),
	})
	if err != nil {
		t.Fatalf("pact: %v", err)
	}
	return p
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test's directory")
		}
		dir = parent
	}
}
