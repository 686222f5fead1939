package redistest

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"
)

func TestStartAnswersPingAndStopEndsIt(t *testing.T) {
	s := Start(t)
	if err := s.Ping(); err != nil {
		t.Fatalf("a started server does not answer PING: %v", err)
	}
	s.Stop()
	<-s.current().exited
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

func TestRestartKeepsWhatTheAppendOnlyFileHolds(t *testing.T) {
	s := StartWith(t, Options{AppendOnly: true, AppendFsync: "everysec"})
	addr := s.Addr
	if got := command(t, s.Addr, "SET", "lead", "kept"); got != "+OK\r\n" {
		t.Fatalf("SET answered %q", got)
	}
	s.Kill()
	if err := s.Ping(); err == nil {
		t.Fatal("a killed server still answers PING")
	}
	s.Restart(t)
	if s.Addr != addr {
		t.Fatalf("the restarted server listens on %s, not %s", s.Addr, addr)
	}
	if got := command(t, s.Addr, "GET", "lead"); got != "$4\r\nkept\r\n" {
		t.Fatalf("after a kill and a restart GET answers %q, want the value written before", got)
	}
}

func TestRestartWithoutPersistenceStartsEmpty(t *testing.T) {
	s := Start(t)
	command(t, s.Addr, "SET", "lead", "lost")
	s.Kill()
	s.Restart(t)
	if got := command(t, s.Addr, "GET", "lead"); got != "$-1\r\n" {
		t.Fatalf("a server without persistence kept %q across a restart", got)
	}
}

// command sends one command and returns the first line of its answer (two for a bulk string).
func command(t *testing.T, addr string, args ...string) string {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	req := fmt.Sprintf("*%d\r\n", len(args))
	for _, a := range args {
		req += fmt.Sprintf("$%d\r\n%s\r\n", len(a), a)
	}
	if _, err := c.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(c)
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(line, "$") && line != "$-1\r\n" {
		rest, err := r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		line += rest
	}
	return line
}
