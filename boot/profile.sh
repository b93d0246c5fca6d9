#!/usr/bin/env bash
# Where the instructions of one traced operation go, function by
# function: boots the bench kernel (make bench builds it) under a QEMU
# plugin that counts each kernel instruction run between the guest's
# two sync(2) marks (boot/profile-guest.sh), and divides by the number
# of operations.
#   profile.sh CASE [CASE...]   e.g. etrace_sys_enter ftrace_sys_enter
# The cases are boot/profile-guest.sh's; OBJ picks another kernel.
export OBJ=${OBJ:-${ETRACE_CACHE:-$HOME/.cache/etrace}/obj-bench}
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || die "usage: profile.sh CASE [CASE...]"
N_TOP=${N_TOP:-25}
vmlinux="$OBJ/vmlinux"
[ -f "$vmlinux" ] || die "no kernel at $OBJ (run make bench)"
plugin="$ETRACE_CACHE/insn-count.so"
gcc -O2 -Wall -Werror -shared -fPIC -o "$plugin" "$TOP/boot/profile/insn-count.c"
mark=$(nm "$vmlinux" | awk '$3 == "ksys_sync" { print $1 }')
[ -n "$mark" ] || die "no ksys_sync in $vmlinux"
LOG_DIR=$ETRACE_CACHE/logs
mkdir -p "$LOG_DIR"
echo "Kernel instructions per operation, function by function, run between"
echo "the guest's two sync(2) calls (boot/profile-guest.sh): the bench kernel"
echo "($(basename "$OBJ")), QEMU TCG -icount shift=0, counted by"
echo "boot/profile/insn-count.c. The marks are etrace-bench's, just around"
echo "its loop. An operation is a getuid() call, or for *_pipe a byte read"
echo "from trace_pipe; each case lists its first $N_TOP functions and the"
echo "total. Functions that share an address (aliases) show under one name."
for c in "$@"; do
	log="$LOG_DIR/profile-$c.log"
	counts="$LOG_DIR/profile-$c.counts"
	rm -f "$counts"
	# A case boots in about 12 s.
	BOOT_TIMEOUT=${BOOT_TIMEOUT:-300} CMDLINE="etrace.profile=$c" \
		"$TOP/boot/qemu.sh" profile "$log" \
		-plugin "$plugin,mark=0x$mark,out=$counts" ||
		die "boot failed: $log"
	ops=$(sed -n 's/^PROFILE ops \([0-9]*\) .*/\1/p' "$log")
	if [ -z "$ops" ] || [ "$ops" -le 0 ] || [ ! -s "$counts" ]; then
		die "no profile from $log"
	fi
	echo "== $c: instructions per operation ($ops operations)"
	"$TOP/boot/profile/report.py" "$vmlinux" "$counts" "$ops" "$N_TOP"
done
