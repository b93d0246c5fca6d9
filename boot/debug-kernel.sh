#!/usr/bin/env bash
# make debug-boot-test's kernel, lib.sh's debug_kernel (in which sparse
# and W=1 also check the branch tracer):
#   debug-kernel.sh                  build it
#   debug-kernel.sh boot MODE LOG    boot it (qemu.sh; ONLY, CMDLINE too)
. "$(dirname "$0")/lib.sh"

case "${1:-}" in
"") debug_kernel ;;
boot) shift; OBJ=$DEBUG_OBJ exec "$TOP/boot/qemu.sh" "$@" ;;
*) die "usage: debug-kernel.sh [boot MODE LOG]" ;;
esac
