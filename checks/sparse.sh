#!/usr/bin/env bash
# Gate: sparse (C=2) on every kernel C file the series touches, no warning.
. "$(dirname "$0")/../boot/lib.sh"

"$TOP/boot/kernel.sh" >/dev/null
objs=$(series_kernel_c | sed 's/\.c$/.o/')
[ -n "$objs" ] || die "the series touches no kernel C file"
# shellcheck disable=SC2086
out=$(make -C "$SRC" O="$OBJ" -s C=2 $objs 2>&1)
if [ -n "$out" ]; then
	echo "$out"
	exit 1
fi
