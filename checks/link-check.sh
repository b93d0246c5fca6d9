#!/usr/bin/env bash
# The link of etrace's objects into a kernel, checked without linking:
# what checks/bisect-build.sh asks of a patch that changes etrace's own
# sources only, instead of a vmlinux (whose link, and kbuild's walk of
# the whole tree before it, is most of such a step).
#   link-check.sh base OBJ STATE
#       after a full build in OBJ: note in STATE the symbols the rest of
#       the kernel defines (vmlinux's, less etrace's) and those it takes
#       from etrace's objects
#   link-check.sh check OBJ STATE
#       after etrace's objects were built again: every symbol they use
#       is defined once, by them or by the rest of the kernel, and they
#       still define every one the rest of the kernel takes from them
# Both read the objects etrace's built-in.a holds.
set -euo pipefail

mode=${1:?usage: link-check.sh base|check OBJ STATE}
obj=${2:?usage: link-check.sh base|check OBJ STATE}
state=${3:?usage: link-check.sh base|check OBJ STATE}
dir=kernel/trace/etrace

# etrace's objects, as paths (built-in.a is a thin archive).
objects() {
	(cd "$obj" && ar t "$dir/built-in.a")
}

# The global symbols OBJECTS... define, one per line, sorted.
defined() {
	(cd "$obj" && nm -g --defined-only "$@") | awk 'NF == 3 && $2 !~ /[wvU]/ { print $3 }' | sort
}

# The symbols OBJECTS... use and do not define, sorted and unique.
used() {
	(cd "$obj" && nm -u "$@") | awk 'NF == 2 { print $2 }' | sort -u
}

mapfile -t ours < <(objects)
case $mode in
base)
	mkdir -p "$state"
	defined "${ours[@]}" | sort -u > "$state/ours"
	nm -g --defined-only "$obj/vmlinux" | awk '{ print $3 }' | sort -u |
		comm -23 - "$state/ours" > "$state/kernel"
	# What the rest of the kernel takes from etrace: its objects' needs
	# that etrace's define.
	mapfile -t rest < <(cd "$obj" && ar t vmlinux.a | grep -v "^$dir/")
	used "${rest[@]}" | comm -12 - "$state/ours" > "$state/wanted"
	;;
check)
	[ -f "$state/kernel" ] || { echo "link-check: no base in $state" >&2; exit 2; }
	defined "${ours[@]}" > "$state/now"
	fail=0
	if dup=$(uniq -d "$state/now") && [ -n "$dup" ]; then
		echo "defined twice in etrace's objects: $dup"
		fail=1
	fi
	sort -u "$state/now" -o "$state/now"
	if clash=$(comm -12 "$state/now" "$state/kernel") && [ -n "$clash" ]; then
		echo "defined by etrace and by the kernel: $clash"
		fail=1
	fi
	if missing=$(used "${ours[@]}" | comm -23 - "$state/now" | comm -23 - "$state/kernel") &&
	   [ -n "$missing" ]; then
		echo "undefined references: $missing"
		fail=1
	fi
	if gone=$(comm -23 "$state/wanted" "$state/now") && [ -n "$gone" ]; then
		echo "the kernel uses, etrace no longer defines: $gone"
		fail=1
	fi
	exit $fail
	;;
*)
	echo "usage: link-check.sh base|check OBJ STATE" >&2
	exit 2
	;;
esac
