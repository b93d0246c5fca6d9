// SPDX-License-Identifier: GPL-2.0
/*
 * make bench: the floor of a tracer's cost on a tracepoint. Loading this
 * module attaches an empty probe to raw_syscalls:sys_enter; what a
 * getuid() call costs more than with nothing attached is what any
 * tracer pays before it records a byte. It cannot be unloaded, so the
 * bench measures it last.
 *
 * Writing 1 to its parameter every_function hooks every kernel function
 * with an empty ftrace callback, 0 unhooks them: the floor of a tracer
 * that hooks every function, what the latency tracers with function-trace
 * set pay before they test whether a section is open.
 */

#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
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

static void notrace empty_call(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
}

static struct ftrace_ops empty_ops = {
	.func	= empty_call,
};

static bool every_function;

static int every_function_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret || on == every_function)
		return ret;
	ret = on ? register_ftrace_function(&empty_ops) :
		   unregister_ftrace_function(&empty_ops);
	if (!ret)
		every_function = on;
	return ret;
}

static const struct kernel_param_ops every_function_ops = {
	.set	= every_function_set,
	.get	= param_get_bool,
};
module_param_cb(every_function, &every_function_ops, &every_function, 0600);
MODULE_PARM_DESC(every_function, "hook every function with an empty callback");

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
