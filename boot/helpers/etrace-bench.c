// SPDX-License-Identifier: GPL-2.0
/*
 * etrace-bench: the timed loops of make bench. Under QEMU's -icount
 * shift=0 guest time counts instructions, so nanoseconds here are
 * instructions, and figures repeat on a loaded host.
 *
 *   etrace-bench getuid N      N getuid() system calls; prints the
 *                              nanoseconds per call
 *   etrace-bench getrlimit N   the same with getrlimit(), which takes
 *                              task_lock(): preemption goes off
 *   etrace-bench forkexec N PATH
 *                              N fork + exec PATH + wait; prints the
 *                              nanoseconds per round
 *   etrace-bench read FILE     read FILE to its end in 64 KiB reads;
 *                              prints "BYTES NANOSECONDS"
 *   etrace-bench drain FILE    the same without blocking: a trace_pipe
 *                              is read until it is empty (EAGAIN)
 *   etrace-bench pingpong N    N round trips of a byte between this
 *                              process and a child over two pipes, both
 *                              on CPU 0, the child of higher priority:
 *                              each is two wake-ups and two context
 *                              switches; prints the nanoseconds per
 *                              round trip
 *
 * With ETRACE_BENCH_MARK in the environment, getuid, getrlimit, read and
 * drain call sync(2) just before and just after their loop: the marks
 * between which make profile counts instructions (boot/profile.sh).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* A mark of make profile, when asked for (see above). */
static void mark(void)
{
	if (getenv("ETRACE_BENCH_MARK"))
		sync();
}

/* N round trips between two processes pinned to CPU 0. */
static int pingpong(long n)
{
	int there[2], back[2];
	long long t0, t1;
	cpu_set_t cpu0;
	int status;
	char c = 0;
	pid_t pid;
	long i;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0) || pipe(there) ||
	    pipe(back))
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		close(there[1]);
		close(back[0]);
		while (read(there[0], &c, 1) == 1)
			if (write(back[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(there[0]);
	close(back[1]);
	/*
	 * The child outranks this process, so that the wake-up tracers
	 * (which follow a task only if it outranks its waker) trace one
	 * of the two wake-ups of each round trip: a lower real-time
	 * priority here when both are real-time, a higher nice value
	 * when both are not.
	 */
	if (sched_getscheduler(0) == SCHED_FIFO) {
		struct sched_param sp;

		if (sched_getparam(0, &sp))
			return 1;
		sp.sched_priority--;
		if (sched_setparam(0, &sp))
			return 1;
	} else if (setpriority(PRIO_PROCESS, 0, 5)) {
		return 1;
	}
	t0 = now();
	for (i = 0; i < n; i++)
		if (write(there[1], &c, 1) != 1 || read(back[0], &c, 1) != 1)
			return 1;
	t1 = now();
	close(there[1]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return 1;
	printf("%lld\n", (t1 - t0) / n);
	return 0;
}

int main(int argc, char **argv)
{
	long long t0, t1, bytes = 0;
	static char buf[65536];
	long i, n;
	ssize_t r;
	int fd;

	if (argc == 3 && (!strcmp(argv[1], "getuid") ||
			  !strcmp(argv[1], "getrlimit"))) {
		bool rlim = argv[1][3] == 'r';
		struct rlimit rl;

		n = atol(argv[2]);
		if (n <= 0)
			return 2;
		mark();
		t0 = now();
		for (i = 0; i < n; i++) {
			if (rlim)
				syscall(SYS_getrlimit, RLIMIT_NOFILE, &rl);
			else
				syscall(SYS_getuid);
		}
		t1 = now();
		mark();
		printf("%lld\n", (t1 - t0) / n);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "forkexec")) {
		n = atol(argv[2]);
		t0 = now();
		for (i = 0; i < n; i++) {
			pid_t pid = fork();

			if (pid == 0) {
				execl(argv[3], argv[3], (char *)NULL);
				_exit(127);
			}
			if (pid < 0 || waitpid(pid, NULL, 0) < 0)
				return 1;
		}
		t1 = now();
		printf("%lld\n", (t1 - t0) / n);
		return 0;
	}
	if (argc == 3 && (!strcmp(argv[1], "read") ||
			  !strcmp(argv[1], "drain"))) {
		bool drain = argv[1][0] == 'd';

		fd = open(argv[2], O_RDONLY | (drain ? O_NONBLOCK : 0));
		if (fd < 0)
			return 1;
		mark();
		t0 = now();
		while ((r = read(fd, buf, sizeof(buf))) > 0)
			bytes += r;
		t1 = now();
		mark();
		if (r < 0 && drain && errno == EAGAIN)
			r = 0;
		printf("%lld %lld\n", bytes, t1 - t0);
		return r < 0;
	}
	if (argc == 3 && !strcmp(argv[1], "pingpong"))
		return pingpong(atol(argv[2]));
	fprintf(stderr,
		"usage: %s getuid N | getrlimit N | forkexec N PATH | read FILE | drain FILE | pingpong N\n",
		argv[0]);
	return 2;
}
