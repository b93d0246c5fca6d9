#!/usr/bin/env bash
# Gate: sparse (C=2) on every kernel C file the series touches, and a
# W=1 build of etrace's directories: no warning. Both in one compile of
# each file, in a copy of the test kernel's objects, so that the kernel
# make test boots, and the per-patch build that starts from those
# objects, keep theirs. The objects the test kernel does not build (the
# branch tracer's) are checked in the debug kernel (boot/debug.config).
. "$(dirname "$0")/../boot/lib.sh"

"$TOP/boot/kernel.sh" >/dev/null
chk="$OBJ-checks"
rm -rf "$chk"
flock "$OBJ/.etrace-build.lock" cp -a "$OBJ" "$chk"
mapfile -t objs < <(series_kernel_c | sed 's/\.c$/.o/')
[ "${#objs[@]}" -gt 0 ] || die "the series touches no kernel C file"
mapfile -t here < <(linked_objs "$OBJ" "${objs[@]}")
# etrace's own files with W=1 too; the others (the kernel's files the
# series touches) under sparse alone, as W=1 warns of their old code.
mapfile -t theirs < <(printf '%s\n' "${here[@]}" | grep -vE "^($(echo $ETRACE_DIRS | tr ' ' '|'))/")
out=
for d in $ETRACE_DIRS; do
	out+=$(make -C "$SRC" O="$chk" -s -j"$JOBS" W=1 C=2 "$d/" 2>&1)
done
if [ "${#theirs[@]}" -gt 0 ]; then
	out+=$(make -C "$SRC" O="$chk" -s -j"$JOBS" C=2 "${theirs[@]}" 2>&1)
fi
list=$(debug_only_objs) || exit 1
# shellcheck disable=SC2206 # object paths have no white space
rest=($list)
if [ "${#rest[@]}" -gt 0 ]; then
	out+=$(make -C "$SRC" O="$DEBUG_OBJ" -s W=1 C=2 "${rest[@]}" 2>&1)
fi
rm -rf "$chk"
if [ -n "$out" ]; then
	echo "$out"
	exit 1
fi
