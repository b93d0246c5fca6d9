#!/usr/bin/env bash
# Gate: checkpatch.pl --strict on every patch, nothing left: no error, no
# warning, no check. Exceptions, each with its reason, live in
# checks/checkpatch.ignore: "TYPE" for the whole series, "TYPE FILE" for
# one file only (checks/checkpatch-filter.py drops those reports).
. "$(dirname "$0")/../boot/lib.sh"

ignore=$(awk '!/^#/ && NF == 1 { printf "%s%s", sep, $1; sep="," }' "$TOP/checks/checkpatch.ignore")
fail=0
for p in "$TOP"/patches/*/*.patch; do
	out=$(cd "$SRC" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --no-tree --root="$SRC" \
		--show-types ${ignore:+--ignore "$ignore"} "$p" 2>&1) || true
	if ! grep -q '^total: 0 errors, 0 warnings, 0 checks' <<<"$out" &&
	   ! left=$("$TOP/checks/checkpatch-filter.py" "$TOP/checks/checkpatch.ignore" <<<"$out"); then
		echo "${p#"$TOP"/patches/}:"
		echo "$left"
		fail=1
	fi
done
exit $fail
