#!/bin/sh
# Builds meldpad's container image with podman (or docker): from source
# (Containerfile) when the golang image can be pulled, otherwise from a
# static binary built here by scripts/release.sh (Containerfile.prebuilt),
# for this machine's architecture. Both give the same image: scratch, the
# binary, CA certificates and a meldpad user (65532) owning /data and
# /tmp.
#
#   scripts/container.sh                    # tags meldpad:VERSION and meldpad:latest
#   VERSION=v1.4.0 scripts/container.sh
#   FROM=prebuilt scripts/container.sh      # do not try to pull the golang image
#   TAGS="meldpad:test" WORK=/tmp/ctx scripts/container.sh
set -eu
cd "$(dirname "$0")/.."
ENGINE="${ENGINE:-$(command -v podman || command -v docker)}"
VERSION="${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}"
TAGS="${TAGS:-meldpad:$VERSION meldpad:latest}"
WORK="${WORK:-dist/context}"
FROM="${FROM:-}"
tags=""
for t in $TAGS; do tags="$tags -t $t"; done
if [ -z "$FROM" ]; then
	if "$ENGINE" pull -q docker.io/library/golang:1.27.3-bookworm >/dev/null 2>&1; then
		FROM=source
	else
		echo "the golang image cannot be pulled: building the binary here (Containerfile.prebuilt)"
		FROM=prebuilt
	fi
fi
if [ "$FROM" = source ]; then
	# shellcheck disable=SC2086 # one word per tag
	exec "$ENGINE" build --format docker --build-arg VERSION="$VERSION" $tags -f Containerfile .
fi
# The prebuilt image's context: the user files and what release.sh built.
arch="$(GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}" go env GOARCH)"
rm -rf "$WORK" && mkdir -p "$WORK/container" "$WORK/dist/container/data" "$WORK/dist/container/tmp"
OUT="$WORK/bin" ARCHES="$arch" VERSION="$VERSION" scripts/release.sh >/dev/null
cp container/passwd container/group "$WORK/container/"
cp "$WORK/bin/meldpad-$VERSION-linux-$arch" "$WORK/dist/container/meldpad"
cp /etc/ssl/certs/ca-certificates.crt "$WORK/dist/container/ca-certificates.crt"
# No cache: buildah reuses a cached COPY whose --chown changed.
# shellcheck disable=SC2086 # one word per tag
exec "$ENGINE" build --no-cache --format docker $tags -f Containerfile.prebuilt "$WORK"
