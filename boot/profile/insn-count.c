// SPDX-License-Identifier: GPL-2.0
/*
 * A QEMU TCG plugin for boot/profile.sh: how many times each kernel
 * instruction ran between two executions of a marker instruction.
 *   -plugin insn-count.so,mark=0xADDR,out=FILE
 * Debian's QEMU 7.2 ships no plugin header; the few declarations
 * needed are those of its include/qemu/qemu-plugin.h, API version 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
typedef void (*tb_trans_cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*vcpu_udata_cb)(unsigned int vcpu, void *udata);
typedef void (*udata_cb)(qemu_plugin_id_t id, void *udata);

/* enum qemu_plugin_op and enum qemu_plugin_cb_flags, first members. */
#define INLINE_ADD_U64	0
#define CB_NO_REGS	0

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, tb_trans_cb cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
						int op, void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    vcpu_udata_cb cb, int flags,
					    void *udata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb cb,
				    void *udata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/*
 * The kernel's instructions only: those at or above KERNEL_BASE, which
 * is below x86_64's kernel text and arm64's (48-bit or 52-bit), and
 * above user space on both, counted in an open-addressed table of counters, never moved (the
 * inline adds point into it). Single-threaded TCG only (qemu.sh's
 * thread=single): translation, the adds and the marks never race.
 */
#define KERNEL_BASE	0xfff0000000000000ULL
#define SLOTS		(1u << 22)

struct slot {
	uint64_t addr;
	uint64_t count;
	uint64_t start;		/* the count at the first mark */
};

static struct slot *table;
static uint64_t mark;
static int marks;
static const char *out = "insn-count.txt";

static struct slot *lookup(uint64_t addr)
{
	/* The top 22 bits of the product: an index below SLOTS. */
	uint64_t i = (addr * 0x9e3779b97f4a7c15ULL) >> 42;
	unsigned int probes;

	for (probes = 0; probes < SLOTS; probes++, i = (i + 1) & (SLOTS - 1)) {
		if (table[i].addr == addr)
			return &table[i];
		if (!table[i].addr) {
			table[i].addr = addr;
			return &table[i];
		}
	}
	fprintf(stderr, "insn-count: more than %u instructions\n", SLOTS);
	abort();
}

static void dump(void)
{
	FILE *f = fopen(out, "w");
	uint64_t i;

	if (!f) {
		perror(out);
		return;
	}
	for (i = 0; i < SLOTS; i++)
		if (table[i].addr && table[i].count != table[i].start)
			fprintf(f, "%llx %llu\n",
				(unsigned long long)table[i].addr,
				(unsigned long long)(table[i].count -
						     table[i].start));
	fclose(f);
}

/*
 * First mark: note every count; second: write the differences. Later
 * marks (reboot -f syncs too) change nothing.
 */
static void on_mark(unsigned int vcpu, void *udata)
{
	uint64_t i;

	if (++marks == 1) {
		for (i = 0; i < SLOTS; i++)
			if (table[i].addr)
				table[i].start = table[i].count;
	} else if (marks == 2) {
		dump();
	}
}

static void on_tb(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t addr = qemu_plugin_insn_vaddr(insn);

		if (addr < KERNEL_BASE)
			continue;
		qemu_plugin_register_vcpu_insn_exec_inline(insn, INLINE_ADD_U64,
							   &lookup(addr)->count, 1);
		if (addr == mark)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark,
							       CB_NO_REGS, NULL);
	}
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	if (marks < 2)
		fprintf(stderr, "insn-count: %d marks seen, nothing written\n",
			marks);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const void *info, int argc,
			char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "mark=", 5))
			mark = strtoull(argv[i] + 5, NULL, 16);
		else if (!strncmp(argv[i], "out=", 4))
			out = argv[i] + 4;
	}
	table = calloc(SLOTS, sizeof(*table));
	if (!mark || !table)
		return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
