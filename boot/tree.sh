#!/usr/bin/env bash
# make tree: a git branch of the packaged kernel source with patches/
# applied. The source lives outside the checkout ($ETRACE_CACHE); build
# objects live in a separate O= directory so a reset keeps them.
. "$(dirname "$0")/lib.sh"

ver=$(installed_version)
[ -n "$ver" ] || die "$PKG is not installed (run make deps)"
tested=$(cat "$TOP/boot/tested-version")
if [ "$ver" != "$tested" ]; then
	cat >&2 <<MSG
etrace: ************************************************************
etrace: WARNING: installed $PKG is $ver,
etrace:          the series was last tested on $tested.
etrace:          Trying anyway.
etrace: ************************************************************
MSG
fi

# 1. Work that was never exported is not thrown away silently, neither
# by a reset nor by a new extraction after a package upgrade (CI has
# none to lose).
if [ "${CI:-}" != true ] && [ "${FORCE:-}" != 1 ] &&
   [ -d "$SRC/.git" ] && kgit rev-parse -q --verify "refs/heads/$BRANCH" >/dev/null; then
	if ! "$TOP/boot/export.sh" --check >&2 || [ -n "$(kgit status --porcelain)" ]; then
		die "branch $BRANCH in $SRC differs from patches/ (see above). Run 'make export' to keep it, or 'make tree FORCE=1' to discard it."
	fi
fi

# 2. The base commit: same tarball, same hash on every machine.
if [ ! -d "$SRC/.git" ] || [ "$(cat "$SRC/.git/etrace-version" 2>/dev/null)" != "$ver" ]; then
	note "extracting $TARBALL (package $ver)"
	rm -rf "$SRC" "$SRC.tmp"
	mkdir -p "$SRC.tmp"
	tar -xJf "$TARBALL" -C "$SRC.tmp"
	mv "$SRC.tmp/linux-source-6.12" "$SRC"
	rmdir "$SRC.tmp"
	kgit init -q -b master
	kgit add -A -f .
	GIT_AUTHOR_DATE="2024-11-17T00:00:00+0000" GIT_COMMITTER_DATE="2024-11-17T00:00:00+0000" \
		kgit commit -q -m "Linux $ver (Debian $PKG)"
	kgit tag -f "$BASE_TAG" >/dev/null
	echo "$ver" > "$SRC/.git/etrace-version"
	note "base commit $(kgit rev-parse "$BASE_TAG")"
fi
kgit config user.name "$GIT_AUTHOR_NAME"
kgit config user.email "$GIT_AUTHOR_EMAIL"

# 3. Leftovers are never trusted: every run resets the branch, except a
# second call within one `make test` (TREE_FRESH=1), and then only when
# the branch still is base + patches/, clean.
if [ "${TREE_FRESH:-}" = 1 ] &&
   kgit rev-parse -q --verify "refs/heads/$BRANCH" >/dev/null &&
   [ "$(kgit symbolic-ref -q --short HEAD)" = "$BRANCH" ] &&
   [ -z "$(kgit status --porcelain)" ] &&
   "$TOP/boot/export.sh" --check >/dev/null 2>&1; then
	note "tree up to date: $SRC ($BRANCH = $BASE_TAG + patches/)"
	exit 0
fi

# 4. Reset: base, then each posting: its b4 cover commit, its patches.
note "resetting $BRANCH to $BASE_TAG + patches/"
kgit am --abort >/dev/null 2>&1 || true
kgit checkout -q -f -B "$BRANCH" "$BASE_TAG"
kgit clean -q -f -d -x
# b4's recipients for every posting (b4 send reads them from git config):
# the tracing list, LKML and the tracing maintainers. A patch touching
# another subsystem's file names its maintainers in Cc: trailers; b4
# sends them that patch and the cover letter.
kgit config b4.send-series-to "$SERIES_TO"
kgit config b4.send-series-cc "$SERIES_CC"
kgit config "branch.$BRANCH.b4-prep-cover-strategy" commit
mapfile -t names < <(postings)
[ ${#names[@]} -gt 0 ] || die "no postings in patches/"
n=0
for name in "${names[@]}"; do
	"$TOP/boot/cover.sh" commit "$name"
	shopt -s nullglob
	patches=("$TOP/patches/$name"/*.patch)
	shopt -u nullglob
	[ ${#patches[@]} -gt 0 ] || die "no patches in patches/$name"
	if ! kgit am -q "${patches[@]}" >&2; then
		failed=$(cat "$SRC/.git/rebase-apply/next" 2>/dev/null || echo 0)
		kgit am --abort >/dev/null 2>&1 || true
		[ "$failed" -gt 0 ] || die "git am failed"
		die "patch $name/$(basename "${patches[$((failed - 1))]}") does not apply to $PKG $ver"
	fi
	n=$((n + ${#patches[@]}))
done
note "tree ready: $SRC ($BRANCH, ${#names[@]} postings, $n patches on $BASE_TAG)"
