#!/usr/bin/env bash
# The postings' cover letters. The series is a stack of postings, each a
# folder patches/N-NAME/ with its cover-letter.txt and its patches. On
# the branch, each posting starts with an empty commit that holds its
# cover letter as b4 keeps one (cover strategy "commit"): the text, then
# b4's tracking data, whose change-id names the posting. b4 finds the
# nearest such commit below HEAD, so a branch checked out at a
# posting's last patch is that posting's b4 prep branch.
#   cover.sh commit NAME   create that commit on HEAD from
#                          patches/NAME/cover-letter.txt
#   cover.sh list [REF]    "COMMIT NAME" of each posting, in order
#   cover.sh show COMMIT   print the cover text COMMIT holds
#   cover.sh start         the first posting's cover commit
. "$(dirname "$0")/lib.sh"

MARK="--- b4-submit-tracking ---"

# Every cover commit of the branch (or of REF), oldest first, with its
# posting.
list() {
	local c id
	for c in $(kgit rev-list --reverse --grep="^$MARK\$" "$BASE_TAG..${1:-$BRANCH}"); do
		id=$(kgit log -1 --format=%B "$c" | sed -n 's/.*"change-id": "\(.*\)".*/\1/p')
		echo "$c $(posting_of_change_id "$id")"
	done
}

case "${1:-}" in
commit)
	name=${2:?usage: cover.sh commit NAME}
	[ -f "$TOP/patches/$name/cover-letter.txt" ] || die "no patches/$name/cover-letter.txt"
	msg=$(mktemp)
	trap 'rm -f "$msg"' EXIT
	{
		cat "$TOP/patches/$name/cover-letter.txt"
		echo
		echo "$MARK"
		echo "# This section is used internally by b4 prep for tracking purposes."
		cat <<JSON
{
  "series": {
    "revision": 1,
    "change-id": "$(change_id_of_posting "$name")",
    "base-branch": null,
    "prefixes": ["RFC"]
  }
}
JSON
	} > "$msg"
	# Today's date: b4 only looks for a cover commit younger than a year.
	kgit commit -q --allow-empty --cleanup=verbatim -F "$msg"
	;;
list)
	list "${2:-}"
	;;
show)
	c=${2:?usage: cover.sh show COMMIT}
	kgit log -1 --format=%B "$c" | awk -v m="$MARK" '$0 == m { exit } { print }' |
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
	;;
start)
	list | sed -n '1s/ .*//p'
	;;
*)
	die "usage: cover.sh commit NAME|list|show COMMIT|start"
	;;
esac
