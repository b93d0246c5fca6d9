#!/usr/bin/env bash
# Gate: cover-letter.txt is exactly the b4 cover letter of the branch.
. "$(dirname "$0")/../boot/lib.sh"

if ! diff -u "$TOP/cover-letter.txt" <("$TOP/boot/cover.sh" show); then
	echo "cover-letter.txt differs from the b4 cover (run make export)"
	exit 1
fi
