#!/bin/sh
# Builds meldpad's release binaries: static (CGO_ENABLED=0; SQLite is
# modernc's pure Go, PostgreSQL is pgx), for linux/amd64 and
# linux/arm64, reproducibly (-trimpath, no build id, the commit recorded
# by the go command), each stamped with its version (meldpad version).
#
#   scripts/release.sh                    # dist/meldpad-VERSION-linux-{amd64,arm64} and SHA256SUMS
#   VERSION=v1.4.0 scripts/release.sh     # the version to stamp (default: git describe)
#   ARCHES=amd64 OUT=/tmp/out scripts/release.sh
#
# The same source, version and Go release give the same bytes, on any
# machine: compare SHA256SUMS.
set -eu
cd "$(dirname "$0")/.."
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"
VERSION="${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}"
OUT="${OUT:-dist}"
ARCHES="${ARCHES:-amd64 arm64}"
mkdir -p "$OUT"
for arch in $ARCHES; do
	bin="$OUT/meldpad-$VERSION-linux-$arch"
	CGO_ENABLED=0 GOOS=linux GOARCH="$arch" go build -trimpath \
		-ldflags "-s -w -buildid= -X main.version=$VERSION" -o "$bin" ./cmd/meldpad
	echo "built $bin"
done
(cd "$OUT" && sha256sum meldpad-"$VERSION"-linux-* > SHA256SUMS && cat SHA256SUMS)
