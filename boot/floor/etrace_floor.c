// SPDX-License-Identifier: GPL-2.0
/*
 * make bench: the floor of a tracer's cost on a tracepoint. Loading this
 * module attaches an empty probe to raw_syscalls:sys_enter; what a
 * getuid() call costs more than with nothing attached is what any
 * tracer pays before it records a byte. It cannot be unloaded, so the
 * bench measures it last.
 */

#include <linux/module.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

static struct tracepoint *sys_enter_tp;

static void find_sys_enter(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sys_enter"))
		sys_enter_tp = tp;
}

static void notrace empty_probe(void *data, struct pt_regs *regs, long id)
{
}

static int __init etrace_floor_init(void)
{
	for_each_kernel_tracepoint(find_sys_enter, NULL);
	if (!sys_enter_tp)
		return -ENOENT;
	return tracepoint_probe_register(sys_enter_tp, empty_probe, NULL);
}
module_init(etrace_floor_init);

MODULE_DESCRIPTION("etrace bench: an empty probe on sys_enter");
MODULE_LICENSE("GPL");
