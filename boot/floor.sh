#!/usr/bin/env bash
# make bench: build boot/floor/ (an empty probe on sys_enter, the floor
# of any tracer's cost) as a module of the bench kernel in $OBJ.
. "$(dirname "$0")/lib.sh"

dir="$OBJ/floor"
rm -rf "$dir"
mkdir -p "$dir"
cp "$TOP/boot/floor/Kbuild" "$TOP/boot/floor/etrace_floor.c" "$dir/"
# vmlinux's Module.symvers, which an external module links against.
make -C "$SRC" O="$OBJ" -s -j"$JOBS" modules
make -C "$SRC" O="$OBJ" M="$dir" -s modules
[ -f "$dir/etrace_floor.ko" ] || die "no $dir/etrace_floor.ko"
note "built $dir/etrace_floor.ko"
