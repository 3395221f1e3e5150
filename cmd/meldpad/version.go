package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is meldpad's release, stamped by the release build
// (scripts/release.sh: -ldflags "-X main.version=v1.4.0"). Without it
// the version is read from the build's own record (buildVersion).
var version = ""

// buildVersion is the version to report: the stamped one, or the
// module's version and the commit the binary was built from, as the
// go command records them.
func buildVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision != "" {
		if len(revision) > 12 {
			revision = revision[:12]
		}
		v = revision
		if modified == "true" {
			v += "-dirty"
		}
	}
	if v == "" {
		v = "(devel)"
	}
	return v
}

// printVersion is "meldpad version": the version and the Go release.
func printVersion(w io.Writer) error {
	_, err := fmt.Fprintf(w, "meldpad %s (%s, %s/%s)\n", buildVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return err
}
