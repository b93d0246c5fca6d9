#!/bin/sh
# make bench, in the guest: etrace and ftrace side by side in one boot,
# same buffer size, each case timed by etrace-bench. Prints one
# "BENCH KEY VALUE" line per figure; boot/bench-table.py makes the table.
# Under -icount shift=0 a guest nanosecond is one instruction.

E=/sys/kernel/debug/etrace
F=/sys/kernel/debug/tracing
N=${BENCH_N:-20000}
ROUNDS=${BENCH_FORKS:-100}
# getuid()'s own function (init.sh), which the function tracers hook.
FN=$GETUID_FN
echo "BENCH-ARCH $(uname -m) $FN"

# min3 CMD...: the smallest of three runs (interrupts only add).
min3() {
	best=
	for _ in 1 2 3; do
		v=$("$@") || return 1
		if [ -z "$best" ] || [ "$v" -lt "$best" ]; then best=$v; fi
	done
	echo "$best"
}

getuid() { min3 etrace-bench getuid "$N"; }
getrlimit() { min3 etrace-bench getrlimit "$N"; }
forkexec() { min3 etrace-bench forkexec "$ROUNDS" /bin/true; }
say() { echo "BENCH $1 $2"; }

quiet() {
	echo > "$E/set_event"
	echo nop > "$E/current_tracer"
	echo > "$E/set_ftrace_filter"
	echo function-trace > "$E/trace_options"
	echo 1 > "$E/tracing_enabled"
	echo > "$E/trace"
	echo > "$F/set_event"
	echo nop > "$F/current_tracer"
	echo > "$F/set_ftrace_filter"
	echo > "$F/set_graph_function"
	echo function-trace > "$F/trace_options"
	echo 1 > "$F/tracing_on"
	echo > "$F/trace"
}

# The kernel with etrace compiled out (boot/noetrace.config) only
# measures the untraced call, to compare with "off" below.
if [ ! -d "$E" ]; then
	say idle_off "$(getuid)"
	exit 0
fi
# The same kernel without the preemptirq hooks (boot/nohooks.config).
if [ ! -e "$E/trace_max_latency" ] || ! grep -qw irqsoff "$E/available_tracers"; then
	say nohooks_off "$(getuid)"
	exit 0
fi

echo 1408 > "$E/buffer_size_kb"
echo 1408 > "$F/buffer_size_kb"
quiet
say off "$(getuid)"

echo raw_syscalls:sys_enter > "$E/set_event"
say etrace_sys_enter "$(getuid)"
quiet
echo raw_syscalls:sys_enter > "$F/set_event"
say ftrace_sys_enter "$(getuid)"
quiet

echo raw_syscalls:sys_enter raw_syscalls:sys_exit > "$E/set_event"
say etrace_sys_both "$(getuid)"
quiet
echo 'raw_syscalls:*' > "$F/set_event"
say ftrace_sys_both "$(getuid)"
quiet

echo $FN > "$E/set_ftrace_filter"
echo function > "$E/current_tracer"
say etrace_function "$(getuid)"
quiet
echo $FN > "$F/set_ftrace_filter"
echo function > "$F/current_tracer"
say ftrace_function "$(getuid)"
quiet

# make bench's boot on 8 CPUs (etrace.bench=scale) stops here: the
# per-event rows above, to set beside the same rows on 2.
say cpus "$(grep -c ^processor /proc/cpuinfo)"
grep -qw etrace.bench=scale /proc/cmdline && exit 0

# function_graph, hooking the same one function in both.
echo $FN > "$E/set_ftrace_filter"
echo function_graph > "$E/current_tracer"
say etrace_function_graph "$(getuid)"
quiet
echo $FN > "$F/set_ftrace_filter"
echo function_graph > "$F/current_tracer"
say ftrace_function_graph "$(getuid)"
quiet

# Every etrace event, and the same events in ftrace, over fork + exec.
say fork_off "$(forkexec)"
cat "$E/available_events" > "$E/set_event"
say etrace_fork_all "$(forkexec)"
quiet
for ev in $(cat "$E/available_events"); do
	echo "$ev" >> "$F/set_event"
done
say ftrace_fork_all "$(forkexec)"
quiet

# A full buffer of sys_enter records (CPU 0's overwritten many times):
# how many it holds, and how fast it reads as text, through trace (which
# leaves it) and then trace_pipe (which empties it).
fill() {
	echo raw_syscalls:sys_enter > "$1/set_event"
	taskset -c 0 etrace-bench getuid 200000 > /dev/null
	echo > "$1/set_event"
}
# reads NAME DIR
reads() {
	name=$1
	dir=$2
	set -- $(etrace-bench read "$dir/trace")
	say "${name}_read_bytes" "$1"
	say "${name}_read_ns" "$2"
	say "${name}_records_cpu0" "$(grep -c sys_enter "$dir/per_cpu/cpu0/trace")"
	say "${name}_kb_cpu0" "$(cat "$dir/per_cpu/cpu0/buffer_size_kb")"
	set -- $(etrace-bench drain "$dir/trace_pipe")
	say "${name}_pipe_bytes" "$1"
	say "${name}_pipe_ns" "$2"
}
fill "$E"
echo 0 > "$E/tracing_enabled"
reads etrace "$E"
quiet
fill "$F"
echo 0 > "$F/tracing_on"
reads ftrace "$F"
quiet

# The scheduler's tracers, over round trips between two tasks on CPU 0
# (two wake-ups and two switches each): etrace's sched_switch tracer
# against ftrace's events of the same records; the sched_switch event
# alone in both; the wake-up latency tracers, function-trace cleared
# in both (it would hook every function), wakeup_rt at SCHED_FIFO.
pingpong() { min3 etrace-bench pingpong 5000; }
rt_pingpong() { min3 chrt -f 50 etrace-bench pingpong 5000; }
say pp_off "$(pingpong)"
say pp_rt_off "$(rt_pingpong)"
echo sched_switch > "$E/current_tracer"
say etrace_pp_sched_switch "$(pingpong)"
quiet
echo sched:sched_switch sched:sched_wakeup sched:sched_wakeup_new > "$F/set_event"
say ftrace_pp_sched_switch "$(pingpong)"
quiet
echo sched:sched_switch > "$E/set_event"
say etrace_pp_switch_event "$(pingpong)"
quiet
echo sched:sched_switch > "$F/set_event"
say ftrace_pp_switch_event "$(pingpong)"
quiet
# pingpong's child outranks its parent: one wake-up of each round trip
# is one these tracers follow. wake_rows DIR MAXFILE NAME, as lat_rows
# below.
wake_rows() {
	for t in wakeup wakeup_rt; do
		grep -qw $t "$E/available_tracers" &&
			grep -qw $t "$F/available_tracers" || continue
		echo nofunction-trace > "$1/trace_options"
		echo $t > "$1/current_tracer"
		echo 0 > "$1/$2"
		if [ $t = wakeup_rt ]; then
			say "$3_pp_$t" "$(rt_pingpong)"
		else
			say "$3_pp_$t" "$(pingpong)"
		fi
		quiet
	done
}
wake_rows "$E" trace_max_latency etrace
wake_rows "$F" tracing_max_latency ftrace

# The floor: an empty probe on sys_enter (boot/floor), what any tracer
# pays before it records a byte. Last, as the module cannot be unloaded.
# Its writers stamp by the clock etrace's writer reads, found here.
CLK=$(awk '$3 == "sched_clock_noinstr" { print "0x" $1; exit }' /proc/kallsyms)
if [ -e /modules/etrace_floor.ko ] &&
	insmod /modules/etrace_floor.ko ${CLK:+clock=$CLK}; then
	say floor "$(getuid)"
	if [ "$(cat /sys/module/etrace_floor/parameters/clock_direct)" = Y ]; then
		say floor_clock_direct 1
	else
		say floor_clock_direct 0
	fi
	# The floors of a ring writer and of a tracer's writer: the least
	# each does for the same records, in the empty probe's place
	# (boot/floor, writer=).
	W=/sys/module/etrace_floor/parameters/writer
	if echo 1 > "$W"; then
		say floor_writer "$(getuid)"
		echo 2 > "$W" && say floor_writer_both "$(getuid)"
		echo 3 > "$W" && say floor_rules "$(getuid)"
		echo 4 > "$W" && say floor_rules_both "$(getuid)"
		echo 0 > "$W"
		say floor_again "$(getuid)"
	fi
fi

# The latency tracers, each against ftrace's of the same name. A
# getuid() round trip crosses interrupt toggles; getrlimit() also takes
# task_lock(), a spinlock, which turns preemption off.
# First with every function hooked (function-trace, set by default in
# both, records the functions of a section), then with function-trace
# cleared in both, where the tracers see the toggles only.
# Last, over a baseline of their own, as what they leave behind weighs
# on the untraced call (off_after_*, measured after each tracer's rows).
say off_lat "$(getuid)"
say off_lat_rlim "$(getrlimit)"
# The floor of hooking every function: an empty ftrace callback.
P=/sys/module/etrace_floor/parameters/every_function
if [ -w "$P" ] && echo 1 > "$P"; then
	say fn_floor "$(getuid)"
	say fn_floor_rlim "$(getrlimit)"
	echo 0 > "$P"
	say off_after_fn_floor "$(getuid)"
fi
lat_rows() {
	for t in irqsoff preemptoff preemptirqsoff; do
		grep -qw $t "$E/available_tracers" &&
			grep -qw $t "$F/available_tracers" || continue
		for opt in function-trace nofunction-trace; do
			echo $opt > "$1/trace_options"
			echo $t > "$1/current_tracer"
			echo 0 > "$1/$2"
			say "$3_${t}_$opt" "$(getuid)"
			say "$3_${t}_${opt}_rlim" "$(getrlimit)"
			quiet
		done
	done
	say off_after_$3 "$(getuid)"
}
lat_rows "$E" trace_max_latency etrace
lat_rows "$F" tracing_max_latency ftrace
