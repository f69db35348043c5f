package measure

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"
)

// childEnv, set, makes TestChildServer the child's server.
const childEnv = "MEASURE_TEST_CHILD"

// TestChildServer is the child process of TestChild, started as this
// test binary: it serves "busy" (which spins until the child has used
// 100 ms more CPU) until its standard input closes. Run alone, it has nothing to do.
func TestChildServer(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("the child process of TestChild")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for start, _ := ProcessCPU(0); ; {
			if now, err := ProcessCPU(0); err != nil || now-start >= 100*time.Millisecond {
				break
			}
		}
		io.WriteString(w, "busy")
	})}
	if err := Serve(srv, ln, os.Stdin, os.Stdout); err != nil {
		t.Fatal(err)
	}
}

// TestChild starts a server in a child process, checks that its CPU time
// is counted as the child's and not this process's, and stops it.
func TestChild(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("CPU time is read from Linux's /proc")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildServer$")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	c, err := StartChild(cmd)
	if err != nil {
		t.Fatal(err)
	}
	before, err := c.CPU()
	if err != nil {
		t.Fatal(err)
	}
	own := ownCPU(t)
	for range 3 {
		resp, err := http.Get("http://" + c.Addr + "/")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != "busy" {
			t.Fatalf("child answered %q", b)
		}
	}
	after, err := c.CPU()
	if err != nil {
		t.Fatal(err)
	}
	if d := after - before; d < 300*time.Millisecond {
		t.Errorf("child's CPU grew by %v over three requests of 100 ms each", d)
	}
	if d := ownCPU(t) - own; d > 100*time.Millisecond {
		t.Errorf("this process's CPU grew by %v while the child worked", d)
	}
	if err := c.Stop(10 * time.Second); err != nil {
		t.Errorf("Stop: %v", err)
	}
	if _, err := net.DialTimeout("tcp", c.Addr, time.Second); err == nil {
		t.Errorf("%s still answers after Stop", c.Addr)
	}
}

// TestChildEndsEarly checks that a child that ends without saying where it
// listens is an error, not a wait: the test binary run with no test says
// only that.
func TestChildEndsEarly(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := StartChild(exec.CommandContext(ctx, os.Args[0], "-test.run=^$"))
	if err == nil || ctx.Err() != nil {
		t.Fatalf("StartChild of a process that listens nowhere: %v (deadline: %v)", err, ctx.Err())
	}
}

func ownCPU(t *testing.T) time.Duration {
	t.Helper()
	d, err := ProcessCPU(0)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
