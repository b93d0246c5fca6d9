#!/bin/sh
# make demo: a short scripted session at a root shell, as the article
# shows it: the tracers on offer, then a trace, then events. Every
# command is echoed.

cd /sys/kernel/debug/etrace || exit 1
run() {
	echo "# $*"
	sh -c "$*"
}

run 'ls'
run 'cat available_tracers'
run 'cat current_tracer'
run 'cat buffer_size_kb'
run 'echo 1 > tracing_enabled'
run 'echo "hello from the demo" > trace_marker'
run 'for i in 1 2 3; do echo "demo step $i" > trace_marker; done'
run 'echo 0 > tracing_enabled'
run 'cat trace'
run 'timeout 1 cat trace_pipe'
run 'echo 1 > tracing_enabled'

# The event tracer, as its commit message shows it.
if [ -e set_event ]; then
	run 'wc -l < available_events'
	run 'grep ^sched: available_events'
	run 'echo > trace'
	run 'echo sched_process_fork sched_process_exec sched_process_exit > set_event'
	run 'echo sched_wakeup >> set_event'
	run 'cat set_event'
	run '/bin/true'
	run 'echo > set_event'
	run 'grep -v sched_wakeup: trace'
	run 'grep -m 3 sched_wakeup: trace'
	run 'cat events/sched/sched_process_exec/format'
	run 'cat events/sched/enable events/enable'
fi

# A filtered function trace, as the article's dynamic ftrace section.
if [ -e set_ftrace_filter ]; then
	run "grep -c . available_filter_functions"
	run "echo 'hrtimer_*' > set_ftrace_filter"
	run 'cat set_ftrace_filter'
	run 'echo > trace'
	run 'echo function > current_tracer'
	run 'usleep 2000'
	run 'echo 0 > tracing_enabled'
	run 'echo nop > current_tracer'
	run "grep -v '^#' trace | sed -n 1,15p"
	run 'sed -n 1,23p latency_trace'
	run 'echo > set_ftrace_filter'
	run 'echo 1 > tracing_enabled'
fi

# A call graph of read(), and the options that shape it.
if grep -qw function_graph available_tracers; then
	run 'cat trace_options'
	run "echo 'ksys_read vfs_read' > set_ftrace_filter"
	run 'echo > trace'
	run 'echo function_graph > current_tracer'
	run 'grep funcgraph trace_options'
	run 'dd if=/proc/version of=/dev/null bs=16 count=2 2> /dev/null'
	run 'echo 0 > tracing_enabled'
	run 'echo funcgraph-proc > trace_options'
	run "sed -n 1,4p trace; grep -m 6 ' dd-' trace"
	run 'echo nofuncgraph-proc > trace_options'
	run 'echo nop > current_tracer'
	run 'echo > set_ftrace_filter'
	run 'echo 1 > tracing_enabled'
fi

# sched_switch: switches and wake-ups in the 2.6.29 form.
if grep -qw sched_switch available_tracers; then
	run 'echo > trace'
	run 'echo sched_switch > current_tracer'
	run 'usleep 20000'
	run 'echo 0 > tracing_enabled'
	run "grep -v '^#' trace | grep -m 8 -E ' (usleep|sh)-'"
	run 'echo nop > current_tracer'
	run 'echo 1 > tracing_enabled'
fi

# power: idle-state entries and exits, with the time spent idle.
if grep -qw power available_tracers; then
	run 'echo > trace'
	run 'echo power > current_tracer'
	run 'usleep 20000'
	run 'echo 0 > tracing_enabled'
	run "grep -v '^#' trace | head -n 6"
	run 'echo nop > current_tracer'
	run 'echo 1 > tracing_enabled'
fi

# sysprof: a stack per timer sample, here of dd busy in the kernel.
if grep -qw sysprof available_tracers; then
	run 'cat sysprof_sample_period'
	run 'echo > trace'
	run 'echo sysprof > current_tracer'
	run 'dd if=/dev/zero of=/dev/null bs=1M count=100 2> /dev/null'
	run 'echo 0 > tracing_enabled'
	run "awk '/sysprof: /{ if (hit) exit; s = \$0; dd = / dd-/; next } { s = s \"\\n\" \$0 } dd && / => $SYSCALL_FN\$/ { hit = 1 } END { print s }' trace"
	run "grep -c 'sysprof: ' trace"
	run 'echo nop > current_tracer'
	run 'echo 1 > tracing_enabled'
fi

# trace_stat/workqueues: the work items each CPU queued and ran, per
# function, with the longest run, counted while enabled.
if [ -e trace_stat/workqueues ]; then
	run 'echo 1 > workqueue_stat_enabled'
	run 'usleep 2500000'
	run 'cat trace_stat/workqueues'
	run 'echo 0 > workqueue_stat_enabled'
fi

# The article's irqsoff session: the longest stretch with interrupts
# off while the system works, and that stretch in latency_trace, read
# with tracing stopped so that no new maximum replaces it meanwhile.
if grep -qw irqsoff available_tracers; then
	run 'echo irqsoff > current_tracer'
	run 'echo 0 > trace_max_latency'
	run 'ls -lR /sys > /dev/null 2>&1'
	run 'echo 0 > tracing_enabled'
	run 'cat trace_max_latency'
	run 'sed -n 1,24p latency_trace'
	run 'tail -n 3 latency_trace'
	run 'echo 1 > tracing_enabled'
	run 'echo nop > current_tracer'
fi

# wakeup_rt: a real-time task woken over and over, the longest wait from
# its wake-up to the switch that ran it.
U=/selftests/etrace/etrace_util
if grep -qw wakeup_rt available_tracers && [ -x $U ]; then
	run 'echo wakeup_rt > current_tracer'
	run 'echo 0 > trace_max_latency'
	run "$U wakeloop 10 100 > /dev/null"
	run 'echo 0 > tracing_enabled'
	run 'cat trace_max_latency'
	run 'sed -n 5,10p latency_trace'
	run "grep -E '(==>|  \\+) ' latency_trace | tail -n 4"
	run 'echo 1 > tracing_enabled'
	run 'echo nop > current_tracer'
fi
