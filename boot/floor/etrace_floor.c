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
 *
 * Writing 1 to its parameter writer puts in the empty probe's place the
 * least a lockless per-CPU ring does to record sys_enter as etrace and
 * ftrace do (the same 80 bytes: a header word, a stamp, the common
 * fields, nr and six arguments): a stamp, one claim by cmpxchg, the
 * record's words, one header store with a lap tag and a commit bit.
 * It keeps none of a tracer's rules: no latency flags (the common
 * fields are the type and pid), no lost count, no room kept for an
 * interrupted writer, no on/off or CPU mask test, no pid filter. The
 * floor of a ring writer, not of a tracer. 3 puts there the same
 * writer keeping those rules, each written once more, compactly and
 * inline in the probe: the floor of a tracer's writer. 2 and 4 add the
 * same on sys_exit; 0 puts the empty probe back. No reader reads the
 * ring the writers share.
 *
 * Both stamp as etrace's writer does, by sched_clock_noinstr(), when
 * its address is given at load (clock=, from /proc/kallsyms; checked
 * against its name); else by sched_clock(), exported, which wraps it
 * in a preemption level. The read-only clock_direct says which.
 * Parameters set before the module is ready are refused (-EBUSY).
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/static_call.h>
#include <linux/tracepoint.h>

#include <asm/local64.h>
#include <asm/syscall.h>

static struct tracepoint *sys_enter_tp, *sys_exit_tp;
static bool floor_ready;	/* init done: parameters may act */

static unsigned long clock;
module_param(clock, ulong, 0400);
MODULE_PARM_DESC(clock, "sched_clock_noinstr's address, to stamp as etrace does");
static bool clock_direct;
module_param(clock_direct, bool, 0444);
MODULE_PARM_DESC(clock_direct, "stamping by sched_clock_noinstr (else sched_clock)");

DEFINE_STATIC_CALL(floor_clock, sched_clock);

static void find_tracepoints(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sys_enter"))
		sys_enter_tp = tp;
	else if (!strcmp(tp->name, "sys_exit"))
		sys_exit_tp = tp;
}

static void notrace empty_probe(void *data, struct pt_regs *regs, long id)
{
}

/* The writers' ring: a power of two of pages per CPU, overwritten. */
#define WRITER_PAGES	16
/* A header word: the length, the commit bit, the page's lap above. */
#define WRITER_COMMIT	BIT_ULL(20)
#define WRITER_TAG_SHIFT	22
/* The rules' writer: a page begins with the index of its first record. */
#define RULES_FIRST	sizeof(u64)

struct writer_ring {
	local64_t	head;
	/* The rules' writer's only. */
	local64_t	entries;	/* records claimed, for lost counts */
	local_t		nest;		/* writers between claim and commit */
	u64		outer_head;	/* the outermost writer's claim */
	bool		masked;		/* left out of the traced CPUs */
	bool		waiters;	/* a reader waits for a commit */
	void		*pages[WRITER_PAGES];
};

static DEFINE_PER_CPU(struct writer_ring, writer_rings);
static int writer_stop;				/* tracing off */
static DEFINE_STATIC_KEY_FALSE(writer_pids);	/* a pid filter set */

/* The common fields, as both tracers' records begin: one word. */
struct writer_common {
	u16	type;
	u8	flags;
	u8	preempt;
	int	pid;
};

struct writer_enter {
	u64			info;
	u64			ts;
	struct writer_common	c;
	long			nr;
	unsigned long		args[6];
};

struct writer_exit {
	u64			info;
	u64			ts;
	struct writer_common	c;
	long			nr;
	long			ret;
};

static __always_inline void *writer_page(struct writer_ring *r, u64 pos)
{
	return r->pages[(pos >> PAGE_SHIFT) % WRITER_PAGES] + (pos & ~PAGE_MASK);
}

static __always_inline u64 writer_tag(u64 pos)
{
	return (pos >> PAGE_SHIFT) << WRITER_TAG_SHIFT;
}

/*
 * Claim @len bytes on this CPU's ring, stamped, its common fields
 * @first; preemption is off. Its header word, set in @info, is written
 * at commit: a reader finds the previous lap's tag there until then.
 */
static __always_inline void *writer_claim(unsigned int len, u64 first,
					  u64 *info)
{
	struct writer_ring *r = this_cpu_ptr(&writer_rings);
	s64 head = local64_read(&r->head);
	u64 *rec, ts, pos;

	do {
		ts = static_call(floor_clock)();
		pos = head;
		if ((pos & ~PAGE_MASK) + len > PAGE_SIZE)
			pos = round_up(pos, PAGE_SIZE);
	} while (!local64_try_cmpxchg(&r->head, &head, pos + len));
	rec = writer_page(r, pos);
	rec[1] = ts;
	rec[2] = first;
	*info = writer_tag(pos) | WRITER_COMMIT | len;
	return rec;
}

static __always_inline void writer_commit(u64 *rec, u64 info)
{
	/* The record before its header, for a reader (there is none). */
	smp_store_release(rec, info);
}

/* The ring writer's common fields: the type and the pid. */
static __always_inline u64 writer_first(u16 type)
{
	return type | (u64)current->pid << 32;
}

static void notrace writer_enter(void *data, struct pt_regs *regs, long id)
{
	struct writer_enter *e;
	u64 info;

	e = writer_claim(sizeof(*e), writer_first(1), &info);
	e->nr = id;
	syscall_get_arguments(current, regs, e->args);
	writer_commit(&e->info, info);
}

static void notrace writer_exit(void *data, struct pt_regs *regs, long ret)
{
	struct writer_exit *e;
	u64 info;

	e = writer_claim(sizeof(*e), writer_first(2), &info);
	e->nr = syscall_get_nr(current, regs);
	e->ret = ret;
	writer_commit(&e->info, info);
}

/*
 * The common fields as one word, with what the latency format shows:
 * interrupts off, a reschedule pending, the hardirq, softirq and NMI
 * contexts, and the preemption depth under the tracepoint's own level.
 */
static __always_inline u64 rules_first(u16 type)
{
	unsigned int pc = preempt_count();
	unsigned int flags, depth = pc & PREEMPT_MASK;

	flags = irqs_disabled() | tif_need_resched() << 1 |
		!!(pc & HARDIRQ_MASK) << 2 | !!(pc & SOFTIRQ_OFFSET) << 3 |
		!!(pc & NMI_MASK) << 4;
	if (depth)
		depth--;
	return type | flags << 16 | (u64)depth << 24 | (u64)current->pid << 32;
}

/*
 * writer_claim() keeping the rules: refused while tracing is off or
 * the CPU is left out; a nested writer may not start the page that
 * takes the slot of the page the outermost writer's last byte is in; a
 * started page notes its first record's index; the header, written at
 * the claim as etrace's is, carries the page's lap. Refusals are not
 * counted, and no padding marks where a page ended early: both happen
 * off the path measured here.
 */
static __always_inline void *rules_claim(unsigned int len, u64 first)
{
	struct writer_ring *r;
	u64 *rec, ts, pos, index;
	s64 head;

	if (READ_ONCE(writer_stop))
		return NULL;
	r = this_cpu_ptr(&writer_rings);
	if (READ_ONCE(r->masked))
		return NULL;
	local_inc(&r->nest);
	head = local64_read(&r->head);
	do {
		if (local_read(&r->nest) == 1)
			WRITE_ONCE(r->outer_head, head);
		ts = static_call(floor_clock)();
		pos = head;
		if (((pos - RULES_FIRST) & ~PAGE_MASK) + len >
		    PAGE_SIZE - RULES_FIRST) {
			pos = round_up(pos, PAGE_SIZE) + RULES_FIRST;
			if (local_read(&r->nest) > 1 &&
			    (pos >> PAGE_SHIFT) >=
			    DIV_ROUND_UP(READ_ONCE(r->outer_head), PAGE_SIZE) +
			    WRITER_PAGES - 1) {
				local_dec(&r->nest);
				return NULL;
			}
		}
		index = local64_read(&r->entries);
	} while (!local64_try_cmpxchg(&r->head, &head, pos + len));
	if (pos != head)
		*(u64 *)writer_page(r, pos & PAGE_MASK) = index;
	local64_inc(&r->entries);
	rec = writer_page(r, pos);
	rec[0] = writer_tag(pos) | len;
	rec[1] = ts;
	rec[2] = first;
	return rec;
}

static __always_inline void rules_commit(u64 *info)
{
	struct writer_ring *r = this_cpu_ptr(&writer_rings);

	writer_commit(info, *info | WRITER_COMMIT);
	/* The commit before the nesting count goes. */
	barrier();
	local_dec(&r->nest);
	if (unlikely(READ_ONCE(r->waiters)))
		WRITE_ONCE(r->waiters, false);
}

static void notrace rules_enter(void *data, struct pt_regs *regs, long id)
{
	struct writer_enter *e;

	if (static_branch_unlikely(&writer_pids))
		return;
	e = rules_claim(sizeof(*e), rules_first(1));
	if (!e)
		return;
	e->nr = id;
	syscall_get_arguments(current, regs, e->args);
	rules_commit(&e->info);
}

static void notrace rules_exit(void *data, struct pt_regs *regs, long ret)
{
	struct writer_exit *e;

	if (static_branch_unlikely(&writer_pids))
		return;
	e = rules_claim(sizeof(*e), rules_first(2));
	if (!e)
		return;
	e->nr = syscall_get_nr(current, regs);
	e->ret = ret;
	rules_commit(&e->info);
}

/* What each value of writer attaches to sys_enter and sys_exit. */
static const struct {
	void	*enter;
	void	*exit;
} writer_modes[] = {
	{ empty_probe,	NULL },
	{ writer_enter,	NULL },
	{ writer_enter,	writer_exit },
	{ rules_enter,	NULL },
	{ rules_enter,	rules_exit },
};

static int writer;

/*
 * Each change registers what comes before it unregisters what goes, so
 * that sys_enter never loses its last probe (the syscall tracepoints'
 * flag on every task stays).
 */
static int writer_set(const char *val, const struct kernel_param *kp)
{
	void *old_enter = writer_modes[writer].enter;
	void *old_exit = writer_modes[writer].exit;
	void *enter, *exit;
	int ret, want;

	if (!READ_ONCE(floor_ready))
		return -EBUSY;
	ret = kstrtoint(val, 0, &want);
	if (ret)
		return ret;
	if (want < 0 || want >= ARRAY_SIZE(writer_modes))
		return -EINVAL;
	enter = writer_modes[want].enter;
	exit = writer_modes[want].exit;
	if (exit && !sys_exit_tp)
		return -EINVAL;
	if (enter != old_enter) {
		ret = tracepoint_probe_register(sys_enter_tp, enter, NULL);
		if (ret)
			return ret;
	}
	if (exit && exit != old_exit) {
		ret = tracepoint_probe_register(sys_exit_tp, exit, NULL);
		if (ret) {
			if (enter != old_enter)
				tracepoint_probe_unregister(sys_enter_tp,
							    enter, NULL);
			return ret;
		}
	}
	if (old_exit && old_exit != exit)
		tracepoint_probe_unregister(sys_exit_tp, old_exit, NULL);
	if (enter != old_enter)
		tracepoint_probe_unregister(sys_enter_tp, old_enter, NULL);
	writer = want;
	return 0;
}

static const struct kernel_param_ops writer_ops = {
	.set	= writer_set,
	.get	= param_get_int,
};
module_param_cb(writer, &writer_ops, &writer, 0600);
MODULE_PARM_DESC(writer, "0 empty probe; on sys_enter, and sys_exit: 1, 2 a ring writer; 3, 4 with the rules");

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
	int ret;

	if (!READ_ONCE(floor_ready))
		return -EBUSY;
	ret = kstrtobool(val, &on);
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

/*
 * The address given as clock= is used only if kallsyms names it
 * sched_clock_noinstr (on x86 an alias of native_sched_clock), at its
 * start.
 */
static void floor_clock_init(void)
{
	char name[KSYM_SYMBOL_LEN];

	if (!clock)
		return;
	sprint_symbol(name, clock);
	if (!strstarts(name, "sched_clock_noinstr+0x0/") &&
	    !strstarts(name, "native_sched_clock+0x0/")) {
		pr_warn("clock=%#lx is %s, not sched_clock_noinstr\n", clock,
			name);
		return;
	}
	static_call_update(floor_clock, (u64 (*)(void))clock);
	clock_direct = true;
}

static void writer_free(void)
{
	int cpu, i;

	for_each_possible_cpu(cpu)
		for (i = 0; i < WRITER_PAGES; i++)
			kfree(per_cpu_ptr(&writer_rings, cpu)->pages[i]);
}

static int __init etrace_floor_init(void)
{
	int cpu, i, ret;

	for_each_kernel_tracepoint(find_tracepoints, NULL);
	if (!sys_enter_tp)
		return -ENOENT;
	/* Never freed once loaded: the module cannot be unloaded. */
	for_each_possible_cpu(cpu) {
		struct writer_ring *r = per_cpu_ptr(&writer_rings, cpu);

		for (i = 0; i < WRITER_PAGES; i++) {
			r->pages[i] = kzalloc(PAGE_SIZE, GFP_KERNEL);
			if (!r->pages[i]) {
				writer_free();
				return -ENOMEM;
			}
		}
	}
	ret = tracepoint_probe_register(sys_enter_tp, empty_probe, NULL);
	if (ret) {
		writer_free();
		return ret;
	}
	floor_clock_init();
	WRITE_ONCE(floor_ready, true);
	return 0;
}
module_init(etrace_floor_init);

MODULE_DESCRIPTION("etrace bench: the floors of a tracer's cost");
MODULE_LICENSE("GPL");
