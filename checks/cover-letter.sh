#!/usr/bin/env bash
# Gate: each posting's cover-letter.txt is exactly the b4 cover letter of
# its posting on the branch, cover-letter.txt is the first posting's, and
# each posting is one a maintainer can read: at most 20 patches, a cover
# letter of at most 200 lines, subjects in kernel/trace's style ("prefix:
# Capitalised summary", at most 75 characters), messages that speak of
# the kernel, not of this repository.
. "$(dirname "$0")/../boot/lib.sh"

fail=0
while read -r cover name; do
	if ! diff -u "$TOP/patches/$name/cover-letter.txt" <("$TOP/boot/cover.sh" show "$cover"); then
		echo "patches/$name/cover-letter.txt differs from the b4 cover (run make export)"
		fail=1
	fi
done < <("$TOP/boot/cover.sh" list)
first=$(postings | head -n 1)
cmp -s "$TOP/cover-letter.txt" "$TOP/patches/$first/cover-letter.txt" ||
	{ echo "cover-letter.txt is not the first posting's ($first)"; fail=1; }

# What a maintainer sees first: sizes, subjects, words.
words='make (bench|test|profile|demo|check|export|tree|shell)|boot/[a-z]|checks/[a-z]|independent review|CI run|earlier versions?|unposted|the seed'
for name in $(postings); do
	shopt -s nullglob
	pats=("$TOP/patches/$name"/*.patch)
	shopt -u nullglob
	[ ${#pats[@]} -le 20 ] || { echo "$name: ${#pats[@]} patches, more than 20"; fail=1; }
	n=$(wc -l < "$TOP/patches/$name/cover-letter.txt")
	[ "$n" -le 200 ] || { echo "$name: cover letter of $n lines, more than 200"; fail=1; }
	if w=$(grep -ioE "$words" "$TOP/patches/$name/cover-letter.txt" | head -n 1); [ -n "$w" ]; then
		echo "$name/cover-letter.txt: speaks of \"$w\""
		fail=1
	fi
	for p in "${pats[@]}"; do
		s=$(awk '/^Subject:/ { sub(/^Subject: (\[[^]]*\] )?/, ""); s = $0; getline
			 while ($0 ~ /^ /) { s = s $0; getline }; print s; exit }' "$p" | sed 's/  */ /g')
		if [ "${#s}" -gt 75 ] ||
		   ! grep -qE '^[A-Za-z0-9/_.-]+(: [A-Za-z0-9/_.-]+)?: [A-Z]' <<<"$s"; then
			echo "$name/$(basename "$p"): subject off style: $s"
			fail=1
		fi
		if w=$(sed -n '/^Subject:/,/^---$/p' "$p" | grep -ioE "$words" | head -n 1); [ -n "$w" ]; then
			echo "$name/$(basename "$p"): message speaks of \"$w\""
			fail=1
		fi
	done
done
exit $fail
