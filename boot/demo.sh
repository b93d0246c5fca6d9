#!/bin/sh
# make demo: a short scripted session at a root shell, as the article
# shows it: the tracers on offer, then a trace. Every command is echoed.

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
