#!/usr/bin/env bash
# make export: write the branch back into patches/, one folder per
# posting (patches/N-NAME/: cover-letter.txt and the posting's patches),
# and point cover-letter.txt at the first posting's cover letter.
# export.sh --check: change nothing; exit 1 naming what differs.
. "$(dirname "$0")/lib.sh"

check=0
[ "${1:-}" = --check ] && check=1

kgit rev-parse -q --verify "refs/heads/$BRANCH" >/dev/null || die "no branch $BRANCH in $SRC (run make tree)"
mapfile -t covers < <("$TOP/boot/cover.sh" list)
[ ${#covers[@]} -gt 0 ] || die "no cover commit on $BRANCH"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/patches"
for ((i = 0; i < ${#covers[@]}; i++)); do
	read -r cover name <<<"${covers[i]}"
	[ -n "$name" ] || die "cover commit $cover names no posting"
	if ((i + 1 < ${#covers[@]})); then
		end=$(kgit rev-parse "${covers[i + 1]%% *}^")
	else
		end=$(kgit rev-parse "$BRANCH")
	fi
	[ "$(kgit rev-list --count "$cover..$end")" -gt 0 ] || die "posting $name has no patches"
	mkdir "$tmp/patches/$name"
	# --zero-commit and no signature: a patch file changes only when
	# the patch does. A fixed abbreviation: "auto" depends on how many
	# objects a repository has. The first posting names its base; the
	# others apply on the postings before them, as their cover letters
	# say.
	base=()
	((i == 0)) && base=(--base="$BASE_TAG")
	kgit -c core.abbrev=12 format-patch -q --no-numbered --zero-commit --no-signature \
		"${base[@]}" -o "$tmp/patches/$name" "$cover..$end"
	"$TOP/boot/cover.sh" show "$cover" > "$tmp/patches/$name/cover-letter.txt"
done
first=${covers[0]#* }

status=0
if [ "$check" = 1 ]; then
	if ! diff -ru "$TOP/patches" "$tmp/patches" > "$tmp/diff"; then
		echo "patches/ differs from branch $BRANCH:"
		grep -E '^(Only in|diff )' "$tmp/diff" | sed -n '1,20p'
		status=1
	fi
	if [ "$(readlink "$TOP/cover-letter.txt")" != "patches/$first/cover-letter.txt" ]; then
		echo "cover-letter.txt is not a link to patches/$first/cover-letter.txt"
		status=1
	fi
	# Debian's top-level .gitignore hides every new file: name them.
	hidden=$(kgit status --porcelain --ignored -- $ETRACE_DIRS \
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

# Folders of postings that are gone, files that are gone, then what changed.
for d in "$TOP"/patches/*/; do
	[ -d "$tmp/patches/$(basename "$d")" ] || rm -rf "$d"
done
rm -f "$TOP"/patches/*.patch
for d in "$tmp"/patches/*/; do
	name=$(basename "$d")
	mkdir -p "$TOP/patches/$name"
	for f in "$TOP/patches/$name"/*; do
		[ -e "$f" ] || continue
		[ -e "$d/$(basename "$f")" ] || rm -f "$f"
	done
	for f in "$d"/*; do
		cmp -s "$f" "$TOP/patches/$name/$(basename "$f")" || cp "$f" "$TOP/patches/$name/"
	done
done
ln -sfn "patches/$first/cover-letter.txt" "$TOP/cover-letter.txt"
note "exported ${#covers[@]} postings, $(ls "$TOP"/patches/*/*.patch | wc -l) patches"
git -C "$TOP" status --short -- patches cover-letter.txt | sed -n '1,20p'
