#!/bin/sh
# Guest init. The kernel command line's etrace.mode= says what to run:
# test (KUnit already ran at boot; run the selftests), demo, bench or
# shell.
# etrace.only=GLOB limits test to the scripts test_GLOB.sh, and to
# ftrace's suite when GLOB matches "ftracetest".

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
mount -t tmpfs tmpfs /tmp
hostname etrace
export PATH=/bin:/sbin HOME=/root

mode=test
only='*'
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	etrace.mode=*) mode=${arg#etrace.mode=} ;;
	etrace.only=*) only=${arg#etrace.only=} ;;
	esac
done

# Keep warnings (level 4) on the console so the host sees any splat,
# without the info chatter interleaving with the tests' output.
echo 5 > /proc/sys/kernel/printk
# The host checks the guest got the CPUs the tests need.
echo "ETRACE-CPUS $(grep -c ^processor /proc/cpuinfo)"

case "$mode" in
test)
	# etrace.only=GLOB (make boot-test ONLY=GLOB) runs some scripts,
	# each for at most the kselftest settings file's timeout.
	limit=$(sed -n 's/^timeout=//p' /selftests/etrace/settings)
	for t in /selftests/etrace/test_$only.sh; do
		[ -f "$t" ] || continue
		echo "# selftest: $t"
		start=$(cut -d. -f1 /proc/uptime)
		(cd /selftests/etrace && timeout "${limit:-45}" sh "$t")
		rc=$?
		echo "# exit: $t $rc ($(($(cut -d. -f1 /proc/uptime) - start)) s)"
	done
	# ftrace's own suite against etrace's directory, in KTAP (-K),
	# the log of a case that did not pass shown (-v); the cases are
	# those boot/ftracetest.conf chose.
	case ftracetest in
	$only)
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
shell)
	echo "etrace shell: the control directory is /sys/kernel/debug/etrace; 'reboot -f' to leave."
	cd /sys/kernel/debug/etrace
	setsid cttyhack sh -l
	;;
esac
echo "ETRACE-BOOT-DONE mode=$mode"
reboot -f
