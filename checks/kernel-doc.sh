#!/usr/bin/env bash
# Gate: scripts/kernel-doc -none on etrace's sources, no warning.
. "$(dirname "$0")/../boot/lib.sh"

files=$(series_files | grep -E '^kernel/.*\.[ch]$' || true)
[ -n "$files" ] || die "the series touches no kernel source"
# shellcheck disable=SC2086
out=$(cd "$SRC" && ./scripts/kernel-doc -none -Wall $files 2>&1)
if [ -n "$out" ]; then
	echo "$out"
	exit 1
fi
