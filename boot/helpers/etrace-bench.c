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
 */
#define _GNU_SOURCE
#include <fcntl.h>
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
		t0 = now();
		for (i = 0; i < n; i++) {
			if (rlim)
				syscall(SYS_getrlimit, RLIMIT_NOFILE, &rl);
			else
				syscall(SYS_getuid);
		}
		t1 = now();
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
	if (argc == 3 && !strcmp(argv[1], "read")) {
		fd = open(argv[2], O_RDONLY);
		if (fd < 0)
			return 1;
		t0 = now();
		while ((r = read(fd, buf, sizeof(buf))) > 0)
			bytes += r;
		t1 = now();
		printf("%lld %lld\n", bytes, t1 - t0);
		return r < 0;
	}
	fprintf(stderr, "usage: %s getuid N | getrlimit N | forkexec N PATH | read FILE\n",
		argv[0]);
	return 2;
}
