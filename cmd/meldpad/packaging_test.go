package main

import (
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// releaseBuild runs scripts/release.sh for this machine's architecture
// into dir and returns the binary.
func releaseBuild(dir string) (string, error) {
	cmd := exec.Command("sh", "../../scripts/release.sh")
	cmd.Env = append(os.Environ(), "OUT="+dir, "ARCHES="+runtime.GOARCH, "VERSION=v9.9.9-test")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("scripts/release.sh: %v\n%s", err, out)
	}
	return filepath.Join(dir, "meldpad-v9.9.9-test-linux-"+runtime.GOARCH), nil
}

// TestReleaseBuild builds a release binary as scripts/release.sh does:
// static (no interpreter, no shared library), stamped with its version,
// listed in SHA256SUMS with its hash.
func TestReleaseBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds meldpad: not with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skipf("release binaries are built for Linux; this is %s", runtime.GOOS)
	}
	bin, err := releaseBuild(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("%s asks for a dynamic loader: not static", bin)
		}
	}
	if libs, _ := f.ImportedLibraries(); len(libs) > 0 {
		t.Errorf("%s needs shared libraries %v", bin, libs)
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "meldpad v9.9.9-test (go") {
		t.Errorf("%s version: %v %q", bin, err, out)
	}
	sums, err := os.ReadFile(filepath.Join(filepath.Dir(bin), "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(bin)
	sum := sha256.Sum256(data)
	if want := hex.EncodeToString(sum[:]) + "  " + filepath.Base(bin); !strings.Contains(string(sums), want) {
		t.Errorf("SHA256SUMS %q lacks %q", sums, want)
	}
	t.Logf("%s: %.1f MB", filepath.Base(bin), float64(len(data))/1e6)
}

// TestContainerImage builds the container image with podman from a
// release binary (Containerfile.prebuilt, as scripts/container.sh does
// where the golang image cannot be pulled), checks what it is made of
// and, where podman can run containers, runs it: healthy by its own
// HEALTHCHECK, serving from its volume, stopping cleanly on SIGTERM.
func TestContainerImage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds meldpad and an image: not with -short")
	}
	podman, err := exec.LookPath("podman")
	if err != nil {
		t.Skip("podman is not installed: the container image was not built")
	}
	tag := fmt.Sprintf("localhost/meldpad-test:%d", os.Getpid())
	cmd := exec.Command("sh", "../../scripts/container.sh")
	cmd.Env = append(os.Environ(), "FROM=prebuilt", "VERSION=v9.9.9-test", "TAGS="+tag, "WORK="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Skipf("podman could not build the image here, so it was not tested: %v\n%s", err, lastLines(out, 10))
	}
	t.Cleanup(func() { _ = exec.Command(podman, "rmi", "-f", tag).Run() })

	inspect, err := exec.Command(podman, "image", "inspect", tag).Output()
	if err != nil {
		t.Fatal(err)
	}
	var images []struct {
		Size   int64
		Config struct {
			User       string
			Entrypoint []string
			Env        []string
			Volumes    map[string]any
		}
		Healthcheck struct{ Test []string } // podman keeps it beside Config
	}
	if err := json.Unmarshal(inspect, &images); err != nil || len(images) != 1 {
		t.Fatalf("podman image inspect: %v %s", err, inspect)
	}
	img := images[0]
	t.Logf("image %s: %.1f MB", tag, float64(img.Size)/1e6)
	if img.Config.User != "65532:65532" {
		t.Errorf("runs as %q, want the unprivileged 65532:65532", img.Config.User)
	}
	if strings.Join(img.Healthcheck.Test, " ") != "CMD /meldpad healthcheck" {
		t.Errorf("healthcheck %q, want CMD /meldpad healthcheck", img.Healthcheck.Test)
	}
	if _, ok := img.Config.Volumes["/data"]; !ok || !slices.Contains(img.Config.Env, "MELDPAD_DB=/data/meldpad.db") {
		t.Errorf("the database is not on the /data volume: volumes %v, env %v", img.Config.Volumes, img.Config.Env)
	}
	if img.Size > 60e6 {
		t.Errorf("image of %d bytes: more than the binary and its certificates", img.Size)
	}

	// The binary the image carries, taken out of it (which needs no
	// container runtime): it serves, and its healthcheck says so.
	t.Run("binary", func(t *testing.T) {
		name := fmt.Sprintf("meldpad-test-copy-%d", os.Getpid())
		if out, err := exec.Command(podman, "create", "--name", name, tag).CombinedOutput(); err != nil {
			t.Fatalf("podman create: %v %s", err, out)
		}
		t.Cleanup(func() { _ = exec.Command(podman, "rm", "-f", name).Run() })
		dir := t.TempDir()
		bin := filepath.Join(dir, "meldpad")
		if out, err := exec.Command(podman, "cp", name+":/meldpad", bin).CombinedOutput(); err != nil {
			t.Fatalf("podman cp: %v %s", err, out)
		}
		addr := freeAddr(t)
		server := exec.Command(bin, "-addr", addr, "-db", filepath.Join(dir, "meldpad.db"))
		if err := server.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = server.Process.Kill(); _ = server.Wait() })
		if !answers(addr, 15*time.Second) {
			t.Fatal("the image's binary did not answer /healthz")
		}
		for _, args := range [][]string{{"healthcheck", "-addr", addr}, {"healthcheck", "-ready", "-addr", addr}} {
			if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
				t.Errorf("meldpad %s: %v %s", strings.Join(args, " "), err, out)
			}
		}
		_ = server.Process.Kill()
		_ = server.Wait()
		if out, err := exec.Command(bin, "healthcheck", "-addr", addr).CombinedOutput(); err == nil {
			t.Errorf("meldpad healthcheck with nothing serving exited 0: %s", out)
		}
	})

	t.Run("run", func(t *testing.T) {
		if out, err := exec.Command(podman, "run", "--rm", tag, "version").CombinedOutput(); err != nil {
			t.Skipf("podman builds images here but cannot run containers, so the image was not run: %v: %s", err, lastLines(out, 3))
		}
		addr := freeAddr(t)
		volume := fmt.Sprintf("meldpad-test-%d", os.Getpid())
		name := volume
		out, err := exec.Command(podman, "run", "-d", "--name", name, "-p", addr+":8080", "-v", volume+":/data", tag).CombinedOutput()
		if err != nil {
			t.Fatalf("podman run: %v %s", err, out)
		}
		t.Cleanup(func() {
			_ = exec.Command(podman, "rm", "-f", name).Run()
			_ = exec.Command(podman, "volume", "rm", "-f", volume).Run()
		})
		if !answers(addr, 15*time.Second) {
			logs, _ := exec.Command(podman, "logs", name).CombinedOutput()
			t.Fatalf("the container did not answer /healthz:\n%s", logs)
		}
		if out, err := exec.Command(podman, "healthcheck", "run", name).CombinedOutput(); err != nil {
			t.Errorf("podman healthcheck run: %v %s", err, out)
		}
		if out, err := exec.Command(podman, "stop", "-t", "20", name).CombinedOutput(); err != nil {
			t.Errorf("podman stop: %v %s", err, out)
		}
		code, _ := exec.Command(podman, "inspect", "-f", "{{.State.ExitCode}}", name).Output()
		if strings.TrimSpace(string(code)) != "0" {
			logs, _ := exec.Command(podman, "logs", name).CombinedOutput()
			t.Errorf("exit code after SIGTERM: %s\n%s", code, logs)
		}
	})
}

// TestSystemdUnit checks docs/meldpad.service with systemd-analyze:
// verify finds nothing wrong, and security rates its exposure at 2 or
// below (of 10; "OK").
func TestSystemdUnit(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed: the unit was not checked")
	}
	unit, err := os.ReadFile("../../docs/meldpad.service")
	if err != nil {
		t.Fatal(err)
	}
	// verify wants the program to exist: this test's binary stands in.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	const program = "ExecStart=/usr/local/bin/meldpad "
	if !strings.Contains(string(unit), program) {
		t.Fatalf("the unit no longer runs %q", program)
	}
	path := filepath.Join(t.TempDir(), "meldpad.service")
	if err := os.WriteFile(path, []byte(strings.Replace(string(unit), program, "ExecStart="+self+" ", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(analyze, "verify", path).CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
	out, err = exec.Command(analyze, "security", "--offline=true", path).CombinedOutput()
	m := regexp.MustCompile(`Overall exposure level for meldpad.service: ([0-9.]+)`).FindSubmatch(out)
	if m == nil {
		t.Skipf("systemd-analyze security --offline gave no score here (%v): %s", err, lastLines(out, 3))
	}
	score, _ := strconv.ParseFloat(string(m[1]), 64)
	t.Logf("systemd-analyze security: exposure %.1f", score)
	if score > 2 {
		t.Errorf("exposure %.1f, want 2 or below:\n%s", score, out)
	}
}

// lastLines is the end of a command's output.
func lastLines(out []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
