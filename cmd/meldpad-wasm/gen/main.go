// Command gen builds the phone's referee (cmd/meldpad-wasm) into
// static/meldpad.wasm.gz and copies the Go toolchain's wasm_exec.js, which
// loads it, to static/wasm_exec.js. static/static.go runs it from `go
// generate ./static`.
//
// The build is reproducible, so that CI can build it again and find no
// difference: no paths (-trimpath), no symbols (-s -w), no version
// control stamp, and a gzip stream without a time or a name. The file is
// kept gzipped at the best level: the server sends it as it is, rather
// than compressing five megabytes for every phone.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := goOutput("list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		return err
	}
	goroot, err := goOutput("env", "GOROOT")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "meldpad-wasm")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	wasm := filepath.Join(tmp, "meldpad.wasm")
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w", "-o", wasm, "./cmd/meldpad-wasm")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOWASM=", "CGO_ENABLED=0", "GOFLAGS=")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build the referee: %w", err)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var packed bytes.Buffer
	zw, err := gzip.NewWriterLevel(&packed, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join(root, "static", "meldpad.wasm.gz"), packed.Bytes()); err != nil {
		return err
	}
	// wasm_exec.js must come from the toolchain that built the module: its
	// imports change between Go releases.
	loader, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	if err := writeIfChanged(filepath.Join(root, "static", "wasm_exec.js"), loader); err != nil {
		return err
	}
	fmt.Printf("gen: meldpad.wasm %d bytes, %d gzipped\n", len(raw), packed.Len())
	return nil
}

// goOutput runs the go command and returns its output, trimmed.
func goOutput(args ...string) (string, error) {
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// writeIfChanged writes a file only when its content changes, so that an
// unchanged build leaves the tree, times included, as it was.
func writeIfChanged(path string, content []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, content) {
		return nil
	}
	return os.WriteFile(path, content, 0o644)
}
