#!/usr/bin/env bash
# Gate: MAINTAINERS-snippet is exactly what the series adds to MAINTAINERS.
. "$(dirname "$0")/../boot/lib.sh"

added=$(kgit diff "$BASE_TAG" "$BRANCH" -- MAINTAINERS | sed -n 's/^+\([^+]\|$\)/\1/p')
[ -n "$added" ] || die "the series adds nothing to MAINTAINERS"
if ! diff -u "$TOP/MAINTAINERS-snippet" <(printf '%s\n' "$added"); then
	echo "MAINTAINERS-snippet differs from the series' MAINTAINERS entry"
	exit 1
fi

# Every file the series adds must fall under one of the entry's F: lines,
# since checkpatch's FILE_PATH_CHANGES question is not asked of them.
fail=0
pats=$(sed -n 's/^F:\t//p' "$TOP/MAINTAINERS-snippet")
for f in $(kgit diff --name-only --diff-filter=A "$BASE_TAG" "$BRANCH"); do
	covered=0
	for p in $pats; do
		case "$f" in "$p"|"$p"*) [ "${p%/}" != "$p" ] || [ "$f" = "$p" ] && covered=1 ;; esac
	done
	[ "$covered" = 1 ] || { echo "not covered by MAINTAINERS-snippet: $f"; fail=1; }
done
exit $fail
