// SPDX-License-Identifier: GPL-2.0
/*
 * chrt: the part of util-linux's chrt that ftrace's own test suite uses
 * ("chrt -f 5 sleep 1"): run a command under a real-time or the normal
 * policy. Debian's busybox-static has no chrt.
 *
 *   chrt -f|-r PRIO COMMAND [ARG...]	SCHED_FIFO or SCHED_RR at PRIO
 *   chrt -o 0 COMMAND [ARG...]		SCHED_OTHER
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int usage(void)
{
	fprintf(stderr, "usage: chrt -f|-r|-o PRIO COMMAND [ARG...]\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct sched_param sp = { 0 };
	char *end;
	int policy;
	long prio;

	if (argc < 4 || argv[1][0] != '-' || strlen(argv[1]) != 2)
		return usage();
	switch (argv[1][1]) {
	case 'f':
		policy = SCHED_FIFO;
		break;
	case 'r':
		policy = SCHED_RR;
		break;
	case 'o':
		policy = SCHED_OTHER;
		break;
	default:
		return usage();
	}
	errno = 0;
	prio = strtol(argv[2], &end, 10);
	if (errno || *end || end == argv[2] || prio < 0 || prio > 99)
		return usage();
	sp.sched_priority = prio;
	if (sched_setscheduler(0, policy, &sp)) {
		perror("chrt: sched_setscheduler");
		return 1;
	}
	execvp(argv[3], argv + 3);
	perror("chrt: exec");
	return 127;
}
