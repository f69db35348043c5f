package measure

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Child is a server run in a child process, so that the CPU time it uses
// is its own and not its clients': in one process the clients' time
// (making requests, reading the answers, unpacking gzip) would be counted
// with the server's. The child runs Serve: it writes the address it
// listens on as the first line of its standard output, and serves until
// its standard input closes.
type Child struct {
	Addr  string // where it listens, host:port
	cmd   *exec.Cmd
	stdin io.WriteCloser
	done  chan error // the child's exit
}

// StartChild starts cmd, whose standard output and input must be unset,
// and waits for the address it serves on. Its standard error is left as
// cmd has it.
func StartChild(cmd *exec.Cmd) (*Child, error) {
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	first := &firstLine{line: make(chan string, 1)}
	cmd.Stdout = first
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &Child{cmd: cmd, stdin: stdin, done: make(chan error, 1)}
	go func() { c.done <- cmd.Wait() }()
	select {
	case c.Addr = <-first.line:
		if _, _, err := net.SplitHostPort(c.Addr); err != nil {
			c.Stop(10 * time.Second)
			return nil, fmt.Errorf("server process said %q, not where it listens", c.Addr)
		}
		return c, nil
	case err := <-c.done:
		return nil, fmt.Errorf("server process ended before it listened: %v", err)
	case <-time.After(time.Minute):
		stdin.Close()
		cmd.Process.Kill()
		return nil, errors.New("server process did not say where it listens within a minute")
	}
}

// CPU is the CPU time the child has used so far.
func (c *Child) CPU() (time.Duration, error) { return ProcessCPU(c.cmd.Process.Pid) }

// Stop closes the child's standard input, which shuts its server down,
// and waits for it to end: a child still running after timeout is killed.
// The error is the child's own failure, if any.
func (c *Child) Stop(timeout time.Duration) error {
	c.stdin.Close()
	select {
	case err := <-c.done:
		return err
	case <-time.After(timeout):
		c.cmd.Process.Kill()
		<-c.done
		return fmt.Errorf("server process still running %v after it was told to stop: killed", timeout)
	}
}

// firstLine hands the first line written to it to line, trimmed, and
// throws the rest away.
type firstLine struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	sent bool
	line chan string
}

func (f *firstLine) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.sent {
		return len(p), nil
	}
	f.buf.Write(p)
	if line, _, ok := strings.Cut(f.buf.String(), "\n"); ok {
		f.sent = true
		f.line <- strings.TrimSpace(line)
	}
	return len(p), nil
}

// Serve is the child's side of a Child: it serves srv on ln, tells where
// on stdout, and shuts srv down gracefully once stdin closes (or shows
// anything: the parent only ever closes it).
func Serve(srv *http.Server, ln net.Listener, stdin io.Reader, stdout io.Writer) error {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	if _, err := fmt.Fprintln(stdout, ln.Addr().String()); err != nil {
		srv.Close()
		return err
	}
	stopped := make(chan struct{})
	go func() { io.ReadFull(stdin, make([]byte, 1)); close(stopped) }()
	select {
	case err := <-served:
		return err
	case <-stopped:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		return fmt.Errorf("shutting the server down: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
