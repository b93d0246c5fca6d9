#!/bin/sh
# make profile, in the guest (/profile.sh): one case, whose loop
# etrace-bench runs between two sync(2) calls (ETRACE_BENCH_MARK), the
# marks at which the plugin of boot/profile/insn-count.c starts and
# stops counting. Nothing is printed for the host to divide by unless
# the case was set up and ran.
#   etrace.profile=CASE   (the cases below)
E=/sys/kernel/debug/etrace
F=/sys/kernel/debug/tracing
N=${PROFILE_N:-10000}

case=
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	etrace.profile=*) case=${arg#etrace.profile=} ;;
	esac
done

die() {
	echo "profile: $*"
	exit 1
}

fill() {
	echo raw_syscalls:sys_enter > "$1/set_event" &&
	taskset -c 0 etrace-bench getuid 200000 > /dev/null &&
	echo > "$1/set_event"
}

# tracer DIR TRACER: one function, getuid()'s (init.sh), traced by
# TRACER.
tracer() {
	echo "$GETUID_FN" > "$1/set_ftrace_filter" &&
	echo "$2" > "$1/current_tracer" &&
	[ "$(cat "$1/current_tracer")" = "$2" ]
}

# Set up, then run the measured loop between the marks.
case "$case" in
etrace_sys_enter) echo raw_syscalls:sys_enter > "$E/set_event" ;;
ftrace_sys_enter) echo raw_syscalls:sys_enter > "$F/set_event" ;;
etrace_function | etrace_function_graph) tracer "$E" "${case#etrace_}" ;;
ftrace_function | ftrace_function_graph) tracer "$F" "${case#ftrace_}" ;;
etrace_pipe) fill "$E" && echo 0 > "$E/tracing_enabled" ;;
ftrace_pipe) fill "$F" && echo 0 > "$F/tracing_on" ;;
off) ;;
*) die "no case '$case'" ;;
esac || die "$case: set-up failed"
export ETRACE_BENCH_MARK=1
case "$case" in
*_pipe)
	dir=$E
	[ "$case" = ftrace_pipe ] && dir=$F
	# shellcheck disable=SC2046 # "BYTES NANOSECONDS"
	set -- $(etrace-bench drain "$dir/trace_pipe") || die "drain failed"
	[ "${1:-0}" -gt 0 ] || die "nothing read from $dir/trace_pipe"
	echo "PROFILE ops $1 bytes"
	;;
*)
	taskset -c 0 etrace-bench getuid "$N" > /dev/null || die "getuid failed"
	echo "PROFILE ops $N calls"
	;;
esac
