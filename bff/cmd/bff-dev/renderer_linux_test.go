package main

import (
	"bufio"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/config"
)

// parentEnv marks the test binary started as a bff-dev that runs a renderer and is then killed.
const parentEnv = "BFF_DEV_TEST_RENDERER_PARENT"

func TestThePageRendererDiesWithBffDevEvenWhenItIsKilled(t *testing.T) {
	if os.Getenv(parentEnv) == "1" {
		cfg := &config.Config{Host: "127.0.0.1", Port: 9, WebDir: "testdata/web/dist"}
		if _, err := startRenderer(cfg, slog.New(slog.NewTextHandler(os.Stdout, nil))); err != nil {
			fmt.Println("start failed:", err)
			os.Exit(1)
		}
		select {} // until killed
	}
	requireNode(t)
	parent := exec.Command(os.Args[0], "-test.run=^TestThePageRendererDiesWithBffDevEvenWhenItIsKilled$")
	parent.Env = append(os.Environ(), parentEnv+"=1")
	out, err := parent.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, parent.Start())
	t.Cleanup(func() { _ = parent.Process.Kill(); _ = parent.Wait() })

	pid := 0
	lines := bufio.NewScanner(out)
	var seen strings.Builder
	for pid == 0 && lines.Scan() {
		seen.WriteString(lines.Text() + "\n")
		if m := rendererPID.FindStringSubmatch(lines.Text()); m != nil {
			pid, _ = strconv.Atoi(m[2])
		}
	}
	require.NotZero(t, pid, "the renderer did not start:\n%s", seen.String())
	require.True(t, alive(pid))
	t.Cleanup(func() {
		if alive(pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL) // an orphan of a failed test
		}
	})

	require.NoError(t, parent.Process.Signal(syscall.SIGKILL)) // no time to stop anything
	_ = parent.Wait()
	require.Eventually(t, func() bool { return !alive(pid) }, 10*time.Second, 5*time.Millisecond,
		"the kernel ends the renderer with its parent")
}
