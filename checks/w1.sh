#!/usr/bin/env bash
# Gate: a W=1 build of etrace's directories, no warning; and of the
# series' objects that only the debug kernel builds, in it.
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
list=$(debug_only_objs) || exit 1
# shellcheck disable=SC2206 # object paths have no white space
rest=($list)
if [ "${#rest[@]}" -gt 0 ]; then
	out=$(make -C "$SRC" O="$DEBUG_OBJ" -s W=1 "${rest[@]}" 2>&1)
	if [ -n "$out" ]; then
		echo "$out"
		fail=1
	fi
fi
exit $fail
