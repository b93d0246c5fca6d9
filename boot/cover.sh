#!/usr/bin/env bash
# The b4 cover letter. b4 keeps it as the message of an empty commit at
# the start of the branch, followed by its tracking data.
#   cover.sh commit   create that commit on HEAD from cover-letter.txt
#   cover.sh show     print the cover text held by the branch
. "$(dirname "$0")/lib.sh"

MARK="--- b4-submit-tracking ---"

cover_commit() {
	kgit rev-list --reverse "$BASE_TAG..$BRANCH" | sed -n 1p
}

case "${1:-}" in
commit)
	msg=$(mktemp)
	trap 'rm -f "$msg"' EXIT
	{
		cat "$TOP/cover-letter.txt"
		echo
		echo "$MARK"
		echo "# This section is used internally by b4 prep for tracking purposes."
		cat <<JSON
{
  "series": {
    "revision": 3,
    "change-id": "$CHANGE_ID",
    "base-branch": null,
    "prefixes": []
  }
}
JSON
	} > "$msg"
	# Today's date: b4 only looks for a cover commit younger than a year.
	kgit commit -q --allow-empty --cleanup=verbatim -F "$msg"
	kgit config "branch.$BRANCH.b4-prep-cover-strategy" commit
	;;
show)
	c=$(cover_commit)
	[ -n "$c" ] || die "no cover commit on $BRANCH"
	kgit log -1 --format=%B "$c" | awk -v m="$MARK" '$0 == m { exit } { print }' |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
	;;
start)
	cover_commit
	;;
*)
	die "usage: cover.sh commit|show|start"
	;;
esac
