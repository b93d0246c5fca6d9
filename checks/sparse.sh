#!/usr/bin/env bash
# Gate: sparse (C=2) on every kernel C file the series touches, no warning.
# The objects the test kernel does not build (the branch tracer's) are
# checked in the debug kernel (boot/debug.config).
. "$(dirname "$0")/../boot/lib.sh"

"$TOP/boot/kernel.sh" >/dev/null
mapfile -t objs < <(series_kernel_c | sed 's/\.c$/.o/')
[ "${#objs[@]}" -gt 0 ] || die "the series touches no kernel C file"
mapfile -t here < <(linked_objs "$OBJ" "${objs[@]}")
out=$(make -C "$SRC" O="$OBJ" -s C=2 "${here[@]}" 2>&1)
list=$(debug_only_objs) || exit 1
# shellcheck disable=SC2206 # object paths have no white space
rest=($list)
if [ "${#rest[@]}" -gt 0 ]; then
	out+=$(make -C "$SRC" O="$DEBUG_OBJ" -s C=2 "${rest[@]}" 2>&1)
fi
if [ -n "$out" ]; then
	echo "$out"
	exit 1
fi
