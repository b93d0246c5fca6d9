#!/bin/sh
# Guest init. The kernel command line's etrace.mode= says what to run:
# test (KUnit already ran at boot; run the selftests), demo, bench,
# profile (boot/profile-guest.sh, for boot/profile.sh) or shell.
# etrace.only=GLOB[,GLOB...] limits test to the scripts test_GLOB.sh,
# and to ftrace's suite when a GLOB matches "ftracetest";
# etrace.timeout=SECONDS replaces the settings file's limit per script.

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmpfs /tmp
hostname etrace
export PATH=/bin:/sbin HOME=/root
# For demo.sh, bench.sh and profile.sh: the function that does getuid()'s
# work (arm64's SYSCALL_DEFINE0 makes __arm64_sys_getuid, x86_64's
# __do_sys_getuid), and one every system call's kernel stack goes through.
case $(uname -m) in
aarch64) export GETUID_FN=__arm64_sys_getuid SYSCALL_FN=do_el0_svc ;;
*) export GETUID_FN=__do_sys_getuid SYSCALL_FN=do_syscall_64 ;;
esac

mode=test
only='*'
# The command line holds globs (etrace.only=, kunit.filter_glob=): no
# expansion.
set -f
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	etrace.mode=*) mode=${arg#etrace.mode=} ;;
	etrace.only=*) only=${arg#etrace.only=} ;;
	etrace.timeout=*) script_limit=${arg#etrace.timeout=} ;;
	esac
done
set +f

# Keep warnings (level 4) on the console so the host sees any splat,
# without the info chatter interleaving with the tests' output.
echo 5 > /proc/sys/kernel/printk
# The host checks the guest got the CPUs the tests need.
echo "ETRACE-CPUS $(grep -c ^processor /proc/cpuinfo)"

case "$mode" in
test)
	# etrace.only=GLOB[,GLOB...] (make boot-test ONLY=...) runs some
	# scripts, each for at most the kselftest settings file's timeout,
	# or etrace.timeout= (the debug kernel is slower).
	limit=${script_limit:-$(sed -n 's/^timeout=//p' /selftests/etrace/settings)}
	# The globs, one word each, unexpanded.
	set -f
	IFS=,
	set -- $only
	unset IFS
	set +f
	for g in "$@"; do
		for t in /selftests/etrace/test_$g.sh; do
			[ -f "$t" ] && echo "$t"
		done
	done | sort -u > /tmp/selftests
	for t in $(cat /tmp/selftests); do
		echo "# selftest: $t"
		start=$(cut -d. -f1 /proc/uptime)
		(cd /selftests/etrace && timeout "${limit:-45}" sh "$t")
		rc=$?
		# A script killed at its limit leaves its children: none may
		# run into the next script, nor CPU 1 stay offline.
		kill -KILL -1 2>/dev/null
		echo 1 2>/dev/null > /sys/devices/system/cpu/cpu1/online
		echo "# exit: $t $rc ($(($(cut -d. -f1 /proc/uptime) - start)) s)"
	done
	# ftrace's own suite against etrace's directory, in KTAP (-K),
	# the log of a case that did not pass shown (-v); the cases are
	# those boot/ftracetest.conf chose.
	ftrace=
	for g in "$@"; do
		case ftracetest in
		$g) ftrace=1 ;;
		esac
	done
	case $ftrace in
	1)
		t=/selftests/ftrace/ftracetest
		echo "# selftest: $t"
		start=$(cut -d. -f1 /proc/uptime)
		(cd /selftests/ftrace &&
		 FTRACETEST_DIR=/sys/kernel/debug/etrace timeout 900 \
			./ftracetest -K -v $(cat cases))
		rc=$?
		echo "# exit: $t $rc ($(($(cut -d. -f1 /proc/uptime) - start)) s)"
		;;
	esac
	;;
demo)
	sh /demo.sh
	;;
bench)
	sh /bench.sh
	;;
profile)
	sh /profile.sh
	;;
shell)
	echo "etrace shell: the control directory is /sys/kernel/debug/etrace; 'reboot -f' to leave."
	cd /sys/kernel/debug/etrace
	setsid cttyhack sh -l
	;;
esac
echo "ETRACE-BOOT-DONE mode=$mode"
reboot -f
