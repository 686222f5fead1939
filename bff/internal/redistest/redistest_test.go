package redistest

import (
	"testing"
)

func TestStartAnswersPingAndStopEndsIt(t *testing.T) {
	s := Start(t)
	if err := s.Ping(); err != nil {
		t.Fatalf("a started server does not answer PING: %v", err)
	}
	s.Stop()
	<-s.exited
	if err := s.Ping(); err == nil {
		t.Fatal("a stopped server still answers PING")
	}
	s.Stop() // a second Stop (the clean-up's) does nothing
}

func TestServersOfOneTestAreSeparate(t *testing.T) {
	a, b := Start(t), Start(t)
	if a.Addr == b.Addr {
		t.Fatalf("two servers share %s", a.Addr)
	}
	for _, s := range []*Server{a, b} {
		if err := s.Ping(); err != nil {
			t.Fatalf("%s: %v", s.Addr, err)
		}
	}
}

func TestMissingServerSkipsOnlyWhenAskedTo(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no redis-server here
	t.Setenv(SkipEnv, "1")
	skipped := false
	t.Run("missing", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		Start(t)
	})
	if !skipped {
		t.Fatalf("with %s=1 and no redis-server, Start does not skip", SkipEnv)
	}
}
