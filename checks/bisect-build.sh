#!/usr/bin/env bash
# Gate: every patch builds on its own. Each step of the series is built
# in a separate object directory ($OBJ-bisect), so the main build keeps
# its configuration and stays incremental. A patch that changes only
# Documentation/ or tools/ is not built again: its kernel is the one of
# the patch before it.
. "$(dirname "$0")/../boot/lib.sh"

bobj="$OBJ-bisect"
wt="$ETRACE_CACHE/bisect-tree"
start=$("$TOP/boot/cover.sh" start)
# A worktree of the branch: the main tree's files (and mtimes) stay put.
if [ ! -d "$wt/.git" ] && [ ! -f "$wt/.git" ]; then
	rm -rf "$wt"
	kgit worktree prune
	kgit worktree add -q --detach "$wt" "$start"
fi
fail=0
for c in $(kgit rev-list --reverse "$start..$BRANCH"); do
	subj=$(kgit log -1 --format=%s "$c")
	# A patch that touches only the documentation or the selftests
	# builds the kernel of the patch before it: no need to build again.
	if [ -z "$(kgit diff --name-only "$c^" "$c" | grep -Ev '^(Documentation|tools)/')" ]; then
		echo "builds: $subj (no kernel source changed)"
		continue
	fi
	git -C "$wt" checkout -q -f --detach "$c"
	git -C "$wt" clean -q -f -d -x
	if ! SRC="$wt" OBJ="$bobj" ALLOW_MISSING=1 "$TOP/boot/kernel.sh" >"$bobj.log" 2>&1; then
		echo "does not build alone: $subj"
		tail -n 20 "$bobj.log"
		fail=1
		break
	fi
	echo "builds: $subj"
done
exit $fail
