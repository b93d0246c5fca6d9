#!/usr/bin/env bash
# make export: write the branch back into patches/ and cover-letter.txt.
# export.sh --check: change nothing; exit 1 naming what differs.
. "$(dirname "$0")/lib.sh"

check=0
[ "${1:-}" = --check ] && check=1

kgit rev-parse -q --verify "refs/heads/$BRANCH" >/dev/null || die "no branch $BRANCH in $SRC (run make tree)"
start=$("$TOP/boot/cover.sh" start)
[ -n "$start" ] || die "no cover commit on $BRANCH"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/patches"
# --zero-commit and no signature: a patch file changes only when the
# patch does.
# A fixed abbreviation: "auto" depends on how many objects a repository has.
kgit -c core.abbrev=12 format-patch -q --no-numbered --zero-commit --no-signature --base="$BASE_TAG" \
	-o "$tmp/patches" "$start..$BRANCH"
"$TOP/boot/cover.sh" show > "$tmp/cover-letter.txt"

status=0
if [ "$check" = 1 ]; then
	if ! diff -ru "$TOP/patches" "$tmp/patches" > "$tmp/diff"; then
		echo "patches/ differs from branch $BRANCH:"
		grep -E '^(Only in|diff )' "$tmp/diff" | sed -n '1,20p'
		status=1
	fi
	if ! diff -u "$TOP/cover-letter.txt" "$tmp/cover-letter.txt" > "$tmp/diff"; then
		echo "cover-letter.txt differs from the b4 cover of $BRANCH"
		status=1
	fi
	# Debian's top-level .gitignore hides every new file: name them.
	hidden=$(kgit status --porcelain --ignored -- kernel/trace/etrace \
		tools/testing/selftests/etrace Documentation/trace | sed -n 's/^!! //p')
	if [ -n "$hidden" ]; then
		echo "new files not added to git (Debian's .gitignore hides them; use git add -f):"
		echo "$hidden"
		status=1
	fi
	if [ -n "$(kgit status --porcelain)" ]; then
		echo "uncommitted changes in $SRC:"
		kgit status --short | sed -n '1,10p'
		status=1
	fi
	exit $status
fi

for f in "$TOP"/patches/*.patch; do
	[ -e "$f" ] || continue
	[ -e "$tmp/patches/$(basename "$f")" ] || rm -f "$f"
done
for f in "$tmp"/patches/*.patch; do
	cmp -s "$f" "$TOP/patches/$(basename "$f")" || cp "$f" "$TOP/patches/"
done
cmp -s "$tmp/cover-letter.txt" "$TOP/cover-letter.txt" ||
	cp "$tmp/cover-letter.txt" "$TOP/cover-letter.txt"
note "exported $(ls "$TOP"/patches/*.patch | wc -l) patches and the cover letter"
git -C "$TOP" status --short -- patches cover-letter.txt
