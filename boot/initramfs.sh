#!/usr/bin/env bash
# Build the guest's initramfs: busybox-static, the guest init, etrace's
# selftests from the kernel tree and their static helper.
#   initramfs.sh OUTPUT.cpio.gz
. "$(dirname "$0")/lib.sh"

out=${1:?usage: initramfs.sh OUTPUT}
st="$SRC/tools/testing/selftests"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,etc,root,selftests/etrace,selftests/kselftest}
cp /bin/busybox "$root/bin/busybox"
for app in $("$root/bin/busybox" --list); do
	[ "$app" = busybox ] || ln -sf busybox "$root/bin/$app"
done
cp "$TOP/boot/init.sh" "$root/init"
cp "$TOP/boot/demo.sh" "$root/demo.sh"
cp "$TOP/boot/bench.sh" "$root/bench.sh"
chmod +x "$root/init" "$root/demo.sh" "$root/bench.sh"

cp "$st/kselftest/ktap_helpers.sh" "$root/selftests/kselftest/"
if [ -d "$st/etrace" ]; then
	cp "$st"/etrace/*.sh "$st"/etrace/settings "$root/selftests/etrace/"
	for c in "$st"/etrace/*.c; do
		[ -e "$c" ] || continue
		gcc -static -O2 -Wall -Werror -o "$root/selftests/etrace/$(basename "$c" .c)" "$c"
	done
fi
# Static helpers of the boot harness itself (etrace-bench).
for c in "$TOP"/boot/helpers/*.c; do
	[ -e "$c" ] || continue
	gcc -static -O2 -Wall -Werror -o "$root/bin/$(basename "$c" .c)" "$c"
done

# Kernel modules of the bench (EXTRA_KO="a.ko b.ko"), in /modules.
if [ -n "${EXTRA_KO:-}" ]; then
	mkdir -p "$root/modules"
	for ko in $EXTRA_KO; do
		cp "$ko" "$root/modules/"
	done
fi

(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --owner 0:0 --quiet) | gzip -9n > "$out"
