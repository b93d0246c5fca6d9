#!/usr/bin/env bash
# The arm64 guest's busybox: Debian's busybox-static for arm64, the same
# version as the host's, unpacked into $ETRACE_CACHE/arm64 (make deps).
# apt-get must know the arm64 architecture to download it.
. "$(dirname "$0")/lib.sh"

out=$ETRACE_CACHE/arm64/busybox
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	dpkg --add-architecture arm64
	apt-get update -qq
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
(cd "$tmp" && apt-get download -qq busybox-static:arm64 2>/dev/null ||
	{ apt-get update -qq && apt-get download -qq busybox-static:arm64; })
dpkg-deb -x "$tmp"/busybox-static_*_arm64.deb "$tmp/x"
mkdir -p "$(dirname "$out")"
install -m 755 "$tmp/x/bin/busybox" "$out"
note "arm64 busybox in $out"
