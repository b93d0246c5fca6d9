#!/usr/bin/env bash
# Boot the etrace kernel under QEMU (TCG; KVM does not work here), for
# $ETRACE_ARCH (boot/lib.sh).
#   qemu.sh MODE LOG [EXTRA QEMU ARGS]   MODE: test, demo, shell, bench
#                                        or profile
# KERNEL overrides the image booted (see below).
# ONLY=GLOB[,GLOB...] in the environment runs only the selftests
# test_GLOB.sh (and ftrace's suite if a GLOB matches "ftracetest");
# CMDLINE adds to the kernel command line; SMP (2 by default) is the
# number of CPUs.
. "$(dirname "$0")/lib.sh"

mode=${1:?usage: qemu.sh MODE LOG}
log=${2:?usage: qemu.sh MODE LOG}
shift 2
# KERNEL: an image to boot instead of the one in $OBJ (make test boots
# copies its build jobs made, while other jobs build in $OBJ).
kernel=${KERNEL:-$OBJ/$IMAGE}
initrd="$ETRACE_CACHE/initramfs-$ETRACE_ARCH.cpio.gz"
[ -f "$kernel" ] || die "no kernel at $kernel (run make kernel)"
st="$SRC/tools/testing/selftests/etrace"
IFS=, read -r -a globs <<< "${ONLY:-*}"
if [ "$mode" = test ] && [ -n "${ONLY:-}" ]; then
	for g in "${globs[@]}"; do
		# shellcheck disable=SC2053 # $g is a glob
		compgen -G "$st/test_$g.sh" >/dev/null || [[ ftracetest == $g ]] ||
			die "ONLY=$ONLY: $g matches no selftest ($st/test_$g.sh) nor ftracetest"
	done
fi
"$TOP/boot/initramfs.sh" "$initrd"

# The host's guard against a hung guest: every selftest may take the
# settings file's timeout (the guest's init enforces it per script),
# plus the boot and the KUnit suites.
limit=$(sed -n 's/^timeout=//p' "$st/settings" 2>/dev/null)
if [[ " ${CMDLINE:-} " =~ \ etrace\.timeout=([0-9]+)\  ]]; then
	limit=${BASH_REMATCH[1]}
fi
scripts=0
ftrace_limit=0
for g in "${globs[@]}"; do
	scripts=$((scripts + $( (compgen -G "$st/test_$g.sh" || true) | wc -l)))
	# shellcheck disable=SC2053 # $g is a glob
	[[ ftracetest == $g ]] && ftrace_limit=900
done
BOOT_TIMEOUT=${BOOT_TIMEOUT:-$(( scripts * ${limit:-45} + ftrace_limit + 300 ))}

# Single-threaded TCG: ftrace's int3 text patching oopses under MTTCG.
args=(-accel tcg,thread=single "${QEMU_BOARD[@]}" -smp "${SMP:-2}" -m 1G -no-reboot
      -kernel "$kernel" -initrd "$initrd"
      -append "console=$CONSOLE panic=-1 oops=panic printk.time=0 etrace.mode=$mode${ONLY:+ etrace.only=$ONLY}${CMDLINE:+ $CMDLINE}")

# make bench and boot/profile.sh: guest time counts instructions, so
# figures repeat exactly.
if [ "$mode" = bench ] || [ "$mode" = profile ]; then
	args+=(-icount shift=0)
fi

if [ "$mode" = shell ]; then
	exec "$QEMU" "${args[@]}" -nographic "$@"
fi
# Guard against a hung guest; the log is read afterwards.
timeout --foreground "${BOOT_TIMEOUT:-600}" \
	"$QEMU" "${args[@]}" -serial "file:$log" -monitor none \
	-display none "$@" </dev/null >/dev/null 2>&1 || {
	rc=$?
	echo "etrace: qemu ended with status $rc" >> "$log"
	exit $rc
}
