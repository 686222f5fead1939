// Package redistest starts a real redis-server for a test: on a free loopback port, with its own
// temporary directory, no persistence, stopped when the test ends. It is for tests only.
//
// redis-server must be installed (scripts/ensure-redis.sh installs Debian's; make test runs it).
// When it is not, Start fails the test, unless REDISTEST_SKIP_MISSING=1 is set, in which case
// the test is skipped with a message that says so.
package redistest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// SkipEnv is the environment variable that turns a missing redis-server into a skipped test.
const SkipEnv = "REDISTEST_SKIP_MISSING"

// startTimeout bounds how long a server may take to answer PING after it is started.
const startTimeout = 10 * time.Second

// stopTimeout bounds how long a server may take to exit after SIGTERM before it is killed.
const stopTimeout = 5 * time.Second

// Server is one redis-server process of a test.
type Server struct {
	// Addr is where it listens, host:port on 127.0.0.1.
	Addr string

	cmd    *exec.Cmd
	exited chan struct{} // closed when the process has exited
	out    *syncBuffer   // its stdout and stderr, for failure messages
	once   sync.Once
}

// Start starts a redis-server for t and stops it when t ends. It returns once the server answers
// PING.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv(SkipEnv) == "1" {
			t.Skipf("redis-server is not installed and %s=1: skipping a test that needs Redis", SkipEnv)
		}
		t.Fatalf("redis-server is not installed: run scripts/ensure-redis.sh (make test does), or set %s=1 to skip the tests that need it", SkipEnv)
	}
	dir := t.TempDir()
	// A free port is found by listening and closing; another process may take it in between, so
	// a server that exits before it answers is tried again on another port.
	var lastErr error
	for range 5 {
		s, err := start(bin, dir)
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		lastErr = err
	}
	t.Fatalf("redis-server did not start: %v", lastErr)
	return nil
}

func start(bin, dir string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Server{
		Addr:   net.JoinHostPort("127.0.0.1", strconv.Itoa(port)),
		exited: make(chan struct{}),
		out:    &syncBuffer{},
	}
	s.cmd = exec.Command(bin,
		"--port", strconv.Itoa(port),
		"--bind", "127.0.0.1",
		"--save", "",
		"--appendonly", "no",
		"--dir", dir,
		"--daemonize", "no",
		"--logfile", "",
	)
	s.cmd.Stdout = s.out
	s.cmd.Stderr = s.out
	s.cmd.SysProcAttr = sysProcAttr()
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		_ = s.cmd.Wait()
		close(s.exited)
	}()
	if err := s.awaitPing(); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// awaitPing polls the server with PING, with a growing pause between tries, until it answers
// PONG, it exits, or startTimeout passes.
func (s *Server) awaitPing() error {
	deadline := time.NewTimer(startTimeout)
	defer deadline.Stop()
	pause := time.Millisecond
	for {
		err := ping(s.Addr, time.Second)
		if err == nil {
			return nil
		}
		retry := time.NewTimer(pause)
		select {
		case <-s.exited:
			retry.Stop()
			return fmt.Errorf("redis-server on %s exited before it answered: %s", s.Addr, s.out.String())
		case <-deadline.C:
			retry.Stop()
			return fmt.Errorf("redis-server on %s did not answer PING within %s: %v; its output: %s", s.Addr, startTimeout, err, s.out.String())
		case <-retry.C:
		}
		pause = min(2*pause, 50*time.Millisecond)
	}
}

// Stop stops the server: SIGTERM, then SIGKILL if it has not exited within stopTimeout. It may be
// called more than once.
func (s *Server) Stop() {
	s.once.Do(func() {
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(stopTimeout):
			_ = s.cmd.Process.Kill()
			<-s.exited
		}
	})
}

// Ping sends PING and reports an error unless the answer is PONG.
func (s *Server) Ping() error { return ping(s.Addr, time.Second) }

func ping(addr string, timeout time.Duration) error {
	c, err := net.DialTimeout("tcp", addr, timeout)
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(timeout))
	if _, err := c.Write([]byte("*1\r\n$4\r\nPING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if line != "+PONG\r\n" {
		return fmt.Errorf("PING answered %q", line)
	}
	return nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	addr, ok := l.Addr().(*net.TCPAddr)
	if !ok {
		return 0, errors.New("no TCP address")
	}
	return addr.Port, nil
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
