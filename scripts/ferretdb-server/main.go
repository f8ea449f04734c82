// Command ferretdb runs FerretDB 1.x (SQLite backend) through its embeddable Go package.
//
// Why not `go install .../cmd/ferretdb`: the module proxy refuses the version-list lookup that
// `go install` makes, and a build of cmd/ferretdb outside FerretDB's own repository panics
// at start because build/version/version.txt is only filled in by their release tooling.
// The embeddable package has neither problem and disables telemetry itself.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	handler := flag.String("handler", "sqlite", "backend handler (sqlite)")
	sqliteURL := flag.String("sqlite-url", "file:data/", "SQLite URI (an existing directory)")
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP listen address")
	logLevel := flag.String("log-level", "error", "debug, info, warn or error")
	showVersion := flag.Bool("version", false, "print the version and exit")
	// Accepted for command-line compatibility with the upstream binary; the embedded
	// package keeps no state directory, runs no debug handler and sends no telemetry.
	flag.String("state-dir", "", "ignored")
	flag.String("debug-addr", "-", "ignored")
	flag.String("telemetry", "disable", "ignored: telemetry is always off")
	flag.Parse()

	if *showVersion {
		fmt.Println("ferretdb v1.24.2 (embedded, built for Blankett tests)")
		return
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		level = slog.LevelError
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Handler:   *handler,
		SQLiteURL: *sqliteURL,
		Logger:    logger,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := f.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
