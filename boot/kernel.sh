#!/usr/bin/env bash
# make kernel: tinyconfig + boot/etrace.config, built out of tree in $OBJ.
# FRAGMENTS="a.config b.config" merges several, later ones winning (make
# bench adds boot/bench.config). Fails when an option the fragments ask
# for did not make it into .config.
. "$(dirname "$0")/lib.sh"

frags=()
for f in ${FRAGMENTS:-boot/etrace.config}; do
	frags+=("$TOP/$f")
done
mkdir -p "$OBJ"
kmake() { make -C "$SRC" O="$OBJ" -s "$@"; }
# One build at a time in an object directory: make test's jobs may ask
# for the same kernel at once (copies are taken under the same lock).
exec 8>"$OBJ/.etrace-build.lock"
flock 8

# The options the fragments ask for, the last word on each winning.
wanted() {
	cat "${frags[@]}" | sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)/\1 \2/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set/\1 n/p' |
		awk '{ v[$1] = $2; if (!($1 in o)) { o[$1] = n++; k[n - 1] = $1 } }
		     END { for (i = 0; i < n; i++) print k[i], v[k[i]] }'
}

# The options asked for that .config lacks, one line each.
missing() {
	while read -r opt val; do
		if [ "$val" = n ]; then
			! grep -q "^$opt=" "$OBJ/.config" && continue
		else
			grep -qx -- "$opt=$val" "$OBJ/.config" && continue
		fi
		echo "$opt=$val"
	done < <(wanted)
}

# Regenerate the configuration only when the fragments or a Kconfig file
# changed, or when something else rewrote .config (a check's build, an
# interrupted run); an unchanged .config keeps the build incremental.
# Regenerating costs some 30 s even when .config comes out the same: the
# per-patch build check (checks/bisect-build.sh) pays it only for the
# patches that change a Kconfig file.
stamp="$OBJ/.etrace-config-stamp"
kconfigs=$({ kgit ls-tree -r HEAD | awk '$4 ~ /(^|\/)Kconfig[^\/]*$/'
	    kgit diff HEAD -- ':(glob)**/Kconfig*'; } | sha256sum | cut -d' ' -f1)
want="$(cat "${frags[@]}" | sha256sum | cut -d' ' -f1) $kconfigs"
if [ ! -f "$OBJ/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] ||
   { [ "${ALLOW_MISSING:-}" != 1 ] && [ -n "$(missing)" ]; }; then
	# The per-patch build check starts from the configuration of the
	# patch before (FAST_CONFIG=1): the fragments merged over it give
	# the same options as over tinyconfig, without making tinyconfig.
	if [ "${FAST_CONFIG:-}" != 1 ] || [ ! -f "$OBJ/.config" ]; then
		kmake tinyconfig >/dev/null
	fi
	(cd "$OBJ" && "$SRC/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "${frags[@]}" >/dev/null)
	kmake olddefconfig >/dev/null
	lacking=$(missing)
	for m in $lacking; do
		echo "etrace: $m did not make it into .config" >&2
	done
	# The per-patch build check asks for options a patch does not add yet.
	[ -z "$lacking" ] || [ "${ALLOW_MISSING:-}" = 1 ] || die "kernel configuration incomplete"
	echo "$want" > "$stamp"
fi

# TARGET=vmlinux links the kernel without compressing it (the per-patch
# build check needs no bootable image).
target=${TARGET:-bzImage}
kmake -j"$JOBS" "$target"
if [ "$target" = bzImage ]; then
	note "built $OBJ/arch/x86/boot/bzImage"
else
	note "built $target in $OBJ"
fi
