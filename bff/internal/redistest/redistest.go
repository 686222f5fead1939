// Package redistest starts a real redis-server for a test: on a free loopback port, with its own
// temporary directory, no persistence (StartWith may turn on the append-only file), stopped when
// the test ends. A server can be killed and restarted on the same port with the same directory,
// as a crashed Redis that its supervisor starts again. It is for tests only.
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

// Options change how a server runs. The zero value is Start's: no persistence at all.
type Options struct {
	// AppendOnly turns on Redis's append-only file (appendonly yes) in the server's directory,
	// so that what it acknowledged survives Kill and Restart.
	AppendOnly bool
	// AppendFsync is the append-only file's fsync policy: always, everysec (the default when
	// empty) or no.
	AppendFsync string
}

// Server is one redis-server of a test: one process at a time, on one port, in one directory.
type Server struct {
	// Addr is where it listens, host:port on 127.0.0.1; it stays the same across Restart.
	Addr string

	bin, dir string
	port     int
	opts     Options
	out      *syncBuffer // stdout and stderr of every process, for failure messages

	mu   sync.Mutex
	proc *process // the current process
}

// process is one run of redis-server.
type process struct {
	cmd    *exec.Cmd
	exited chan struct{} // closed when the process has exited
	once   sync.Once
}

// Start starts a redis-server for t and stops it when t ends. It returns once the server answers
// PING.
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWith(t, Options{})
}

// StartWith is Start with options.
func StartWith(t testing.TB, opts Options) *Server {
	t.Helper()
	switch opts.AppendFsync {
	case "", "always", "everysec", "no":
	default:
		t.Fatalf("redistest: AppendFsync %q: want always, everysec or no", opts.AppendFsync)
	}
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
		s, err := start(bin, dir, opts)
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		lastErr = err
	}
	t.Fatalf("redis-server did not start: %v", lastErr)
	return nil
}

func start(bin, dir string, opts Options) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Server{
		Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)),
		bin:  bin, dir: dir, port: port, opts: opts,
		out: &syncBuffer{},
	}
	if err := s.run(); err != nil {
		return nil, err
	}
	return s, nil
}

// run starts a process on the server's port and directory and waits until it answers PING.
func (s *Server) run() error {
	// No RDB snapshots ever; the append-only file only when asked for.
	aof := []string{"--appendonly", "no"}
	if s.opts.AppendOnly {
		fsync := s.opts.AppendFsync
		if fsync == "" {
			fsync = "everysec"
		}
		aof = []string{"--appendonly", "yes", "--appendfsync", fsync}
	}
	args := append([]string{
		"--port", strconv.Itoa(s.port),
		"--bind", "127.0.0.1",
		"--save", "",
		"--dir", s.dir,
		"--daemonize", "no",
		"--logfile", "",
	}, aof...)
	p := &process{cmd: exec.Command(s.bin, args...), exited: make(chan struct{})}
	p.cmd.Stdout = s.out
	p.cmd.Stderr = s.out
	p.cmd.SysProcAttr = sysProcAttr()
	if err := p.cmd.Start(); err != nil {
		return err
	}
	go func() {
		_ = p.cmd.Wait()
		close(p.exited)
	}()
	s.mu.Lock()
	s.proc = p
	s.mu.Unlock()
	if err := s.awaitPing(p); err != nil {
		p.stop(syscall.SIGTERM)
		return err
	}
	return nil
}

// awaitPing polls the server with PING, with a growing pause between tries, until it answers
// PONG, it exits, or startTimeout passes.
func (s *Server) awaitPing(p *process) error {
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
		case <-p.exited:
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
func (s *Server) Stop() { s.current().stop(syscall.SIGTERM) }

// Kill ends the server's process with SIGKILL, as a crash would, and returns once it has exited.
// What it acknowledged survives only in its append-only file (Options.AppendOnly).
func (s *Server) Kill() { s.current().stop(syscall.SIGKILL) }

// Restart starts the server again after Stop or Kill, on the same port with the same directory
// (so the same append-only file), and returns once it answers PING; it fails t otherwise.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.Stop() // nothing when it is stopped already
	if err := s.run(); err != nil {
		t.Fatalf("redis-server did not start again on %s: %v", s.Addr, err)
	}
}

func (s *Server) current() *process {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.proc
}

// stop sends sig, then SIGKILL if the process has not exited within stopTimeout, and waits for it
// to exit. Only the first call of a process signals it; later ones return at once.
func (p *process) stop(sig syscall.Signal) {
	p.once.Do(func() {
		_ = p.cmd.Process.Signal(sig)
		select {
		case <-p.exited:
		case <-time.After(stopTimeout):
			_ = p.cmd.Process.Kill()
			<-p.exited
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
