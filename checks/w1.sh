#!/usr/bin/env bash
# Gate: a W=1 build of etrace's directories, no warning; and of the
# series' objects that only the branch tracer's kernel builds, in it.
. "$(dirname "$0")/../boot/lib.sh"

"$TOP/boot/kernel.sh" >/dev/null
fail=0
for d in $ETRACE_DIRS; do
	# Touch nothing: W=1 changes the command line, so kbuild rebuilds.
	out=$(make -C "$SRC" O="$OBJ" -s W=1 "$d/" 2>&1)
	if [ -n "$out" ]; then
		echo "$out"
		fail=1
	fi
done
mapfile -t objs < <(series_kernel_c | sed 's/\.c$/.o/')
mapfile -t rest < <(linked_objs -v "$OBJ" "${objs[@]}")
if [ "${#rest[@]}" -gt 0 ]; then
	branch_kernel >/dev/null
	out=$(make -C "$SRC" O="$BRANCH_OBJ" -s W=1 "${rest[@]}" 2>&1)
	if [ -n "$out" ]; then
		echo "$out"
		fail=1
	fi
fi
exit $fail
