package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"

	"chickenfoot/cmd/chickenload/measure"
	"chickenfoot/db"
	"chickenfoot/handlers"
)

// serverEnv, set in its environment, makes this program the load's server
// instead of its load: startServer starts it so, in a child process, and
// its CPU time is then the server's alone.
const serverEnv = "CHICKENLOAD_SERVER"

// startServer starts the app in a child process, serving the database at
// path on the run's address.
func startServer(cfg loadConfig, path string, progress io.Writer) (*measure.Child, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	args := []string{"--db", path, "--addr", cfg.addr}
	if cfg.cpuprofile != "" {
		args = append(args, "--cpuprofile", cfg.cpuprofile)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), serverEnv+"=1")
	cmd.Stderr = progress
	return measure.StartChild(cmd)
}

// runServer is the child process: it serves the app until its standard
// input closes, and returns its exit code.
func runServer(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("chickenload server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("db", "", "SQLite file to serve")
	addr := fs.String("addr", "127.0.0.1:0", "address to listen on")
	profile := fs.String("cpuprofile", "", "write a CPU profile of the server to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := serveLoad(*file, *addr, *profile, stdin, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "chickenload server: %v\n", err)
		return 1
	}
	return 0
}

// serveLoad serves the app from file on addr, as chickenfoot serve does
// with its default limits, and profiles it into profile when named. Its
// shutdown ends every live stream (the Stop context).
func serveLoad(file, addr, profile string, stdin io.Reader, stdout, stderr io.Writer) error {
	store, err := db.Open(context.Background(), file)
	if err != nil {
		return err
	}
	defer store.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	defer startProfile(profile, stderr)()
	streams, endStreams := context.WithCancel(context.Background())
	defer endStreams()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	hub := handlers.NewHub()
	store.Publish = hub.Publish // the live streams hear each committed write
	srv := handlers.Server(handlers.New(store, handlers.Config{Log: log, Stop: streams, Hub: hub}))
	srv.RegisterOnShutdown(endStreams)
	return measure.Serve(srv, handlers.Listener(ln), stdin, stdout)
}
