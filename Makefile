# etrace: the patch series and everything that proves it.
#
# The kernel tree is never part of this repository: `make tree` extracts
# Debian's linux-source-6.12 outside the checkout ($(ETRACE_CACHE)),
# commits it as a fixed base and applies patches/ on a b4 branch.
# See README.md.

ETRACE_CACHE ?= $(HOME)/.cache/etrace
export ETRACE_CACHE

SHELL := /bin/bash
OUT ?= $(ETRACE_CACHE)/outgoing
LOG_DIR := $(ETRACE_CACHE)/logs
BZIMAGE := $(ETRACE_CACHE)/obj/arch/x86/boot/bzImage

# Debian packages every target needs; `make deps` installs what is missing.
PACKAGES := git b4 linux-source-6.12 gcc make bc flex bison libelf-dev \
	libssl-dev sparse coccinelle ocaml-nox qemu-system-x86 busybox-static cpio \
	python3 python3-ply python3-git xz-utils perl kmod dwarves

CHECKS := apply checkpatch sparse coccicheck w1 kernel-doc maintainers \
	cover-letter bisect-build

.PHONY: all deps tree export export-check kernel print-kernel check \
	boot-test test bench demo shell send-dry-run clean $(addprefix check-,$(CHECKS))

all: test

deps:
	@missing=$$(for p in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "etrace: installing:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

tree: deps
	@boot/tree.sh

export:
	@boot/export.sh

export-check:
	@boot/export.sh --check

kernel: tree
	@boot/kernel.sh

print-kernel:
	@echo $(BZIMAGE)

check: tree
	@fail=0; for c in $(CHECKS); do \
		if checks/$$c.sh; then echo "check $$c: ok"; \
		else echo "check $$c: FAILED"; fail=1; fi; \
	done; exit $$fail

$(addprefix check-,$(CHECKS)): check-%: tree
	@checks/$*.sh

# ONLY=GLOB runs only the selftests test_GLOB.sh (KUnit always runs).
export ONLY
#
# The test boot is given command-line values etrace must report and
# ignore; a second boot, given values it must use, runs test_boot.sh
# alone, without KUnit, against boot/expected-params.
BAD_PARAMS = etrace=no_such_tracer etrace_event=no_such:event etrace_buf_size=12x
GOOD_PARAMS = etrace=initcall etrace_event=sched:sched_process_exec,no_such:event \
	etrace_buf_size=2M kunit.enable=0
#
# A third kernel, with a branch profiler (boot/branch.config), which
# slows every kernel path, runs test_branch.sh and the branch KUnit
# suite alone, against boot/expected-branch.
BRANCH_OBJ = $(ETRACE_CACHE)/obj-branch
BRANCH_FRAGMENTS = boot/etrace.config boot/branch.config
BRANCH_PARAMS = kunit.filter_glob=etrace_branch*
boot-test: kernel
	@mkdir -p $(LOG_DIR)
	@rm -f $(LOG_DIR)/boot-test.log $(LOG_DIR)/boot-params.log $(LOG_DIR)/boot-branch.log
	@CMDLINE="$(BAD_PARAMS)" boot/qemu.sh test $(LOG_DIR)/boot-test.log || true
	@boot/parse-log.py $(LOG_DIR)/boot-test.log boot/expected-results "$(ONLY)"
	@case boot in $(or $(ONLY),*)) \
		ONLY=boot CMDLINE="$(GOOD_PARAMS)" \
			boot/qemu.sh test $(LOG_DIR)/boot-params.log || true; \
		boot/parse-log.py $(LOG_DIR)/boot-params.log boot/expected-params boot ;; \
	esac
	@case branch in $(or $(ONLY),*)) \
		OBJ=$(BRANCH_OBJ) FRAGMENTS="$(BRANCH_FRAGMENTS)" boot/kernel.sh && \
		{ OBJ=$(BRANCH_OBJ) ONLY=branch CMDLINE="$(BRANCH_PARAMS)" \
			boot/qemu.sh test $(LOG_DIR)/boot-branch.log || true; } && \
		boot/parse-log.py $(LOG_DIR)/boot-branch.log boot/expected-branch branch ;; \
	esac

# check resets the tree; boot-test then builds exactly what was checked.
test:
	@$(MAKE) --no-print-directory check
	@$(MAKE) --no-print-directory boot-test TREE_FRESH=1

# Figures repeat exactly: guest time counts instructions (-icount). The
# bench kernel is the test kernel without its debugging (boot/bench.config),
# in an object directory of its own.
# A second kernel, the same without etrace (boot/noetrace.config), gives
# the idle cost; a module of the first (boot/floor) the probe floor.
BENCH_OBJ = $(ETRACE_CACHE)/obj-bench
IDLE_OBJ = $(ETRACE_CACHE)/obj-bench-noetrace
NOHOOKS_OBJ = $(ETRACE_CACHE)/obj-bench-nohooks
bench: tree
	@OBJ=$(BENCH_OBJ) FRAGMENTS="boot/etrace.config boot/bench.config" boot/kernel.sh
	@OBJ=$(BENCH_OBJ) boot/floor.sh
	@OBJ=$(IDLE_OBJ) FRAGMENTS="boot/etrace.config boot/bench.config boot/noetrace.config" boot/kernel.sh
	@OBJ=$(NOHOOKS_OBJ) FRAGMENTS="boot/etrace.config boot/bench.config boot/nohooks.config" boot/kernel.sh
	@mkdir -p $(LOG_DIR)
	@rm -f $(LOG_DIR)/bench.log $(LOG_DIR)/bench-idle.log $(LOG_DIR)/bench-nohooks.log
	@OBJ=$(BENCH_OBJ) EXTRA_KO=$(BENCH_OBJ)/floor/etrace_floor.ko BOOT_TIMEOUT=1200 \
		boot/qemu.sh bench $(LOG_DIR)/bench.log || true
	@OBJ=$(IDLE_OBJ) boot/qemu.sh bench $(LOG_DIR)/bench-idle.log || true
	@OBJ=$(NOHOOKS_OBJ) boot/qemu.sh bench $(LOG_DIR)/bench-nohooks.log || true
	@boot/bench-table.py $(LOG_DIR)/bench.log $(LOG_DIR)/bench-idle.log \
		$(LOG_DIR)/bench-nohooks.log boot/bench-results.txt

demo: kernel
	@mkdir -p $(LOG_DIR)
	@rm -f $(LOG_DIR)/demo.log
	@boot/qemu.sh demo $(LOG_DIR)/demo.log || true
	@tr -d '\r' < $(LOG_DIR)/demo.log | sed -n '/^# ls$$/,/^ETRACE-BOOT-DONE/p' | grep -v '^ETRACE-BOOT-DONE'
	@grep -q 'ETRACE-BOOT-DONE' $(LOG_DIR)/demo.log

shell: kernel
	@boot/qemu.sh shell /dev/null

send-dry-run: tree
	@boot/send.sh "$(OUT)"

clean:
	rm -rf $(ETRACE_CACHE)/obj $(ETRACE_CACHE)/obj-bisect* $(ETRACE_CACHE)/bisect-* \
		$(ETRACE_CACHE)/obj-bench $(BRANCH_OBJ) \
		$(IDLE_OBJ) $(NOHOOKS_OBJ) $(LOG_DIR)
