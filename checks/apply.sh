#!/usr/bin/env bash
# Gate: patches/ applies with git am on the base (make tree just did it)
# and the branch is exactly base + each posting (its cover, its patches).
. "$(dirname "$0")/../boot/lib.sh"

"$TOP/boot/export.sh" --check
