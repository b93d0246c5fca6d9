#!/usr/bin/env bash
# Build the guest's initramfs for $ETRACE_ARCH (boot/lib.sh): busybox-static,
# the guest init, etrace's selftests from the kernel tree and their static
# helper.
#   initramfs.sh OUTPUT.cpio.gz
. "$(dirname "$0")/lib.sh"

out=${1:?usage: initramfs.sh OUTPUT}
st="$SRC/tools/testing/selftests"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,etc,root,selftests/etrace,selftests/kselftest}
[ -x "$BUSYBOX" ] || die "no busybox for $ETRACE_ARCH at $BUSYBOX (run make deps)"
cp "$BUSYBOX" "$root/bin/busybox"
# The host's busybox, the same Debian version, lists the applets: the
# guest's may not run here.
for app in $(/bin/busybox --list); do
	[ "$app" = busybox ] || ln -sf busybox "$root/bin/$app"
done
cp "$TOP/boot/init.sh" "$root/init"
cp "$TOP/boot/demo.sh" "$root/demo.sh"
cp "$TOP/boot/bench.sh" "$root/bench.sh"
cp "$TOP/boot/profile-guest.sh" "$root/profile.sh"
chmod +x "$root/init" "$root/demo.sh" "$root/bench.sh" "$root/profile.sh"

cp "$st/kselftest/ktap_helpers.sh" "$root/selftests/kselftest/"
if [ -d "$st/etrace" ]; then
	cp "$st"/etrace/*.sh "$st"/etrace/settings "$root/selftests/etrace/"
	for c in "$st"/etrace/*.c; do
		[ -e "$c" ] || continue
		"$TARGET_CC" -static -O2 -Wall -Werror -o "$root/selftests/etrace/$(basename "$c" .c)" "$c"
	done
fi
# ftrace's own suite, run against etrace's directory by the guest's
# init. Two substitutions in its harness, none in its test cases: the
# directory comes from FTRACETEST_DIR instead of the first tracefs mount,
# and the instance loop runs only where instances/ exists (etrace has
# none), instead of running its cases in $HOME. The cases to run are
# those of boot/ftracetest.conf's directories but its exclusions.
fst="$st/ftrace"
mkdir -p "$root/selftests/ftrace"
cp -r "$fst/ftracetest" "$fst/test.d" "$root/selftests/ftrace/"
sed -i -e 's|^TRACING_DIR=`grep tracefs /proc/mounts.*|TRACING_DIR=${FTRACETEST_DIR:?}|' \
       -e '/^test_on_instance() {/a\  [ -d "$TRACING_DIR/instances" ] || return 1' \
       "$root/selftests/ftrace/ftracetest"
[ "$(grep -c -e '^TRACING_DIR=${FTRACETEST_DIR:?}$' -e 'TRACING_DIR/instances" ] || return 1$' \
      "$root/selftests/ftrace/ftracetest")" = 2 ] ||
	die "ftracetest changed: the substitutions of boot/initramfs.sh do not apply"
conf="$TOP/boot/ftracetest.conf"
excluded=$(awk '$1 == "exclude" { print $2 }' "$conf")
for d in $(awk '$1 == "dir" { print $2 }' "$conf"); do
	[ -d "$fst/test.d/$d" ] || die "ftracetest.conf: no test.d/$d"
	for tc in "$fst/test.d/$d"/*.tc; do
		c=${tc#"$fst/test.d/"}
		grep -qx -- "$c" <<<"$excluded" || echo "test.d/$c"
	done
done > "$root/selftests/ftrace/cases"
for c in $excluded; do
	[ -f "$fst/test.d/$c" ] || die "ftracetest.conf: no test.d/$c to exclude"
done

# Static helpers of the boot harness itself (etrace-bench, and chrt for
# ftracetest's wakeup cases: busybox has none).
for c in "$TOP"/boot/helpers/*.c; do
	[ -e "$c" ] || continue
	"$TARGET_CC" -static -O2 -Wall -Werror -o "$root/bin/$(basename "$c" .c)" "$c"
done

# Kernel modules of the bench (EXTRA_KO="a.ko b.ko"), in /modules.
if [ -n "${EXTRA_KO:-}" ]; then
	mkdir -p "$root/modules"
	for ko in $EXTRA_KO; do
		cp "$ko" "$root/modules/"
	done
fi

(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --owner 0:0 --quiet) | gzip -9n > "$out.$$"
# Whole or not at all: two guests of one architecture may boot at once.
mv -f "$out.$$" "$out"
