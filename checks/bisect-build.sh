#!/usr/bin/env bash
# Gate: every patch builds on its own, and links.
#
# One build per patch that changes kernel sources (some 55), so cost is
# what this script is about:
# - The patches are split into BISECT_CHAINS runs of consecutive patches
#   (1 by default), built side by side. make test runs this gate beside
#   a QEMU guest, which keeps the other CPU: one run then costs least,
#   as a second would start by building the series' middle from the
#   tip's objects.
# - Each run has a clone of the tree ($ETRACE_CACHE/bisect-N) and an
#   object directory ($OBJ-bisect-N). It builds in a mount namespace of
#   its own where the clone is mounted over $SRC: kbuild names sources
#   by absolute path, so only a build at that path can reuse $OBJ. A new
#   run's object directory starts as a copy of $OBJ, just built from
#   the branch's tip, and its clone's files get a time older than those
#   objects: the first step rebuilds what the series changes, not the
#   kernel. The main tree and $OBJ are never touched.
# - Each step links vmlinux, without compressing a bzImage. A run's first
#   step makes its configuration from tinyconfig, as the main build does
#   (not from what a later patch selected); after it, a patch that
#   changes a Kconfig file merges the fragments over the configuration
#   of the patch before (FAST_CONFIG), going forward only.
# - A patch that changes only Documentation/ or tools/ is not built
#   again: its kernel is the one of the patch before it.
# - A patch that changes etrace's own sources only (kernel/trace/etrace/,
#   no Kconfig, no header that a file outside it includes) builds that
#   directory alone, and checks/link-check.sh checks the link without
#   linking: every symbol etrace's objects use defined once, by them or
#   by the rest of the kernel as the last full build of its run linked
#   it, and every one the rest takes from them still defined. kbuild's
#   walk of the whole tree and the link are most of such a step. The
#   last patch of each posting, a patch that changes anything else, and
#   a run's first step link a vmlinux.
# - A patch whose tree (Documentation/ and tools/ left out) built
#   before, with the same fragments, scripts, compiler and linker, is
#   not built again ($ETRACE_CACHE/bisect-built lists them): after a
#   fixup of patch N's kernel code, a warm run builds from N on; after
#   one of its selftest, nothing.
# - What a seeded object directory could hide is taken out: the object
#   of a source a step does not have (make would take it for up to
#   date), and the configuration of later patches (a run's first step
#   starts from tinyconfig).
. "$(dirname "$0")/../boot/lib.sh"

chains=${BISECT_CHAINS:-1}
start=$("$TOP/boot/cover.sh" start)
tip=$(kgit rev-parse "$BRANCH")
unshare -m true 2>/dev/null ||
	die "the per-patch build needs a mount namespace (unshare -m, as root)"
# The seed below is built from the working tree: it must be the tip.
[ "$(kgit rev-parse HEAD)" = "$tip" ] && [ -z "$(kgit status --porcelain --untracked-files=no)" ] ||
	die "$SRC is not a clean checkout of branch $BRANCH"
# One gate at a time; the lock outlives an interrupted run's builds.
exec 9>"$ETRACE_CACHE/bisect.lock"
flock -n 9 || die "another per-patch build is running (or its builds still are)"

# $OBJ as the tip builds it: the seed of a new run.
"$TOP/boot/kernel.sh" >/dev/null

# What a build's result depends on besides the tree.
setup=$(cat "$TOP/boot/etrace.config" "$TOP/boot/kernel.sh" "$TOP/checks/bisect-build.sh" \
	<(gcc --version | head -n 1) <(ld --version | head -n 1) | sha256sum | cut -c1-16)
built="$ETRACE_CACHE/bisect-built"
touch "$built"

# An assignment, so that a failing rev-list stops the gate.
commits=$(kgit rev-list --reverse "$start..$tip")
[ -n "$commits" ] || die "no patches between $start and $tip"
todo=()
for c in $commits; do
	if [ -z "$(kgit diff --name-only "$c^" "$c" | grep -Ev '^(Documentation|tools)/')" ]; then
		echo "builds: $(kgit log -1 --format=%s "$c") (no kernel source changed)"
		continue
	fi
	todo+=("$c")
done

# The last patch of each posting: always linked.
mapfile -t lasts < <("$TOP/boot/cover.sh" list | awk 'NR > 1 { print $1 }' |
	while read -r cv; do kgit rev-parse "$cv^"; done; echo "$tip")

# etrace_only REPO FROM TO: whether the kernel files TO changes since
# FROM are all etrace's own sources, none of them a Kconfig file or a
# header that a file outside etrace's directory includes.
etrace_only() {
	local f
	for f in $(git -C "$1" diff --name-only "$2" "$3" | grep -Ev '^(Documentation|tools)/'); do
		case $f in
		kernel/trace/etrace/Kconfig*) return 1 ;;
		kernel/trace/etrace/*.h)
			git -C "$1" grep -qE "#include .*etrace/$(basename "$f")" "$3" -- \
				':!kernel/trace/etrace/' ':!Documentation/' ':!tools/' &&
				return 1 ;;
		kernel/trace/etrace/*) ;;
		*) return 1 ;;
		esac
	done
	return 0
}

# kernel_tree REPO COMMIT: a name for what a build of COMMIT reads, its
# tree but Documentation/ and tools/ (see above); a fixup of a selftest
# then builds nothing again.
kernel_tree() {
	git -C "$1" ls-tree "$2" | grep -vP '\t(Documentation|tools)$' | sha1sum | cut -d' ' -f1
}

# run N COMMIT...: build each commit in order, in run N's clone.
run() {
	local n=$1 wt="$ETRACE_CACHE/bisect-$1" bobj="$OBJ-bisect-$1" c key prev fast=
	local linked= target how
	shift
	if [ ! -d "$wt/.git" ] || [ ! -f "$bobj/.config" ]; then
		rm -rf "$wt" "$bobj"
		git clone -q --no-checkout "$SRC" "$wt"
		git -C "$wt" checkout -q -f --detach "$tip"
		# Older than every object of $OBJ: only what a step changes
		# is newer than its objects.
		git -C "$wt" ls-files -z | (cd "$wt" && xargs -0 touch -h -d @1)
		# The index learns the new times: else each checkout writes
		# every file again.
		git -C "$wt" update-index -q --refresh
		flock "$OBJ/.etrace-build.lock" cp -a "$OBJ" "$bobj"
	fi
	git -C "$wt" fetch -q "$SRC" "+refs/heads/$BRANCH:refs/heads/$BRANCH"
	for c in "$@"; do
		key="$(kernel_tree "$wt" "$c") $setup"
		if grep -qxF "$key" "$built"; then
			echo "builds: $(git -C "$wt" log -1 --format=%s "$c") (built before)"
			continue
		fi
		prev=$(git -C "$wt" rev-parse HEAD)
		git -C "$wt" checkout -q -f --detach "$c"
		# make takes an object whose source is gone for up to date: a
		# Makefile naming a file that does not exist yet would build.
		git -C "$wt" diff --name-only --diff-filter=D "$prev" "$c" -- '*.c' '*.S' |
		while read -r f; do
			rm -f "$bobj/${f%.*}.o" "$bobj/$(dirname "$f")/.$(basename "${f%.*}").o.cmd"
		done
		target=vmlinux how=
		if [ -n "$linked" ] && [[ " ${lasts[*]} " != *" $c "* ]] &&
		   etrace_only "$wt" "$prev" "$c"; then
			target=kernel/trace/etrace/ how=" (its objects, link checked)"
		fi
		if ! unshare -m sh -c 'mount --bind "$1" "$2" && shift 2 && exec "$@"' \
			sh "$wt" "$SRC" env OBJ="$bobj" JOBS=2 ALLOW_MISSING=1 \
			FAST_CONFIG=$fast TARGET=$target "$TOP/boot/kernel.sh" \
			>"$bobj.log" 2>&1; then
			echo "does not build alone: $(git -C "$wt" log -1 --format=%s "$c")"
			tail -n 20 "$bobj.log"
			return 1
		fi
		if [ "$target" = vmlinux ]; then
			"$TOP/checks/link-check.sh" base "$bobj" "$bobj.link" && linked=1
		elif ! "$TOP/checks/link-check.sh" check "$bobj" "$bobj.link"; then
			echo "does not link alone: $(git -C "$wt" log -1 --format=%s "$c")"
			return 1
		fi
		echo "builds: $(git -C "$wt" log -1 --format=%s "$c")$how"
		echo "$key" >>"$built"
		fast=1
	done
}

per=$(( (${#todo[@]} + chains - 1) / chains ))
pids=()
# Background jobs ignore SIGINT: take them down with the gate.
trap 'trap - INT TERM; kill 0' INT TERM
for ((i = 0; i < chains; i++)); do
	run "$i" "${todo[@]:i*per:per}" >"$OBJ-bisect-$i.out" 2>&1 &
	pids+=($!)
done
fail=0
for ((i = 0; i < chains; i++)); do
	wait "${pids[i]}" || fail=1
	cat "$OBJ-bisect-$i.out"
done
exit $fail
