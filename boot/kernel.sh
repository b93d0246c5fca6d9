#!/usr/bin/env bash
# make kernel: tinyconfig + boot/etrace.config, built out of tree in $OBJ.
# Fails when an option the fragment asks for did not make it into .config.
. "$(dirname "$0")/lib.sh"

frag="$TOP/boot/etrace.config"
mkdir -p "$OBJ"
kmake() { make -C "$SRC" O="$OBJ" -s "$@"; }

# Regenerate the configuration only when the fragment or the source
# changed; an unchanged .config keeps the build incremental.
stamp="$OBJ/.etrace-config-stamp"
want="$(sha256sum "$frag" | cut -d' ' -f1) $(kgit rev-parse "HEAD^{tree}")"
if [ ! -f "$OBJ/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	kmake tinyconfig >/dev/null
	(cd "$OBJ" && "$SRC/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "$frag" >/dev/null)
	kmake olddefconfig >/dev/null
	missing=0
	while IFS= read -r line; do
		case "$line" in CONFIG_*=*) ;; *) continue ;; esac
		grep -qx -- "$line" "$OBJ/.config" || { echo "etrace: $line did not make it into .config" >&2; missing=1; }
	done < "$frag"
	# The per-patch build check asks for options a patch does not add yet.
	[ "$missing" = 0 ] || [ "${ALLOW_MISSING:-}" = 1 ] || die "kernel configuration incomplete"
	echo "$want" > "$stamp"
fi

kmake -j"$JOBS" bzImage
note "built $OBJ/arch/x86/boot/bzImage"
