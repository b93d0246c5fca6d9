#!/usr/bin/env bash
# Gate: coccicheck MODE=report on etrace's directories, no report.
. "$(dirname "$0")/../boot/lib.sh"

fail=0
for d in $ETRACE_DIRS; do
	out=$(make -C "$SRC" -s coccicheck MODE=report M="$d" J="$JOBS" 2>&1) || {
		echo "$out" | tail -n 5
		echo "coccicheck did not run"
		fail=1
		continue
	}
	# Reports name a file and line: "dir/file.c:12:3-8: ...".
	if grep -E "^(\./)?$d/[^ :]+:[0-9]+" <<<"$out"; then
		fail=1
	fi
done
exit $fail
