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
	python3 python3-ply python3-git xz-utils perl kmod dwarves \
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm \
	gcc-riscv64-linux-gnu gcc-powerpc64le-linux-gnu gcc-i686-linux-gnu
ARM64_BUSYBOX := $(ETRACE_CACHE)/arm64/busybox

CHECKS := apply checkpatch sparse-w1 coccicheck cross-build kernel-doc \
	maintainers cover-letter bisect-build

.PHONY: all deps tree export export-check kernel print-kernel check \
	boot-test arm64-boot-test debug-boot-test test bench arm64-bench profile demo shell send-dry-run posting-test clean \
	$(addprefix check-,$(CHECKS))

all: test

deps:
	@[ "$(LANE)" = 1 ] || missing=$$(for p in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "etrace: installing:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@[ "$(LANE)" = 1 ] || [ -x $(ARM64_BUSYBOX) ] || boot/arm64-busybox.sh

tree: deps
	@[ "$(LANE)" = 1 ] || boot/tree.sh

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
# boot-run (and arm64-boot-run, debug-boot-run) boots the kernel as it
# was built last, building nothing: make test's graph builds it first.
boot-test: kernel
	@$(MAKE) --no-print-directory boot-run LANE=1
.PHONY: boot-run arm64-boot-run debug-boot-run
boot-run:
	@mkdir -p $(LOG_DIR)
	@rm -f $(LOG_DIR)/boot-test.log $(LOG_DIR)/boot-params.log
	@CMDLINE="$(BAD_PARAMS)" boot/qemu.sh test $(LOG_DIR)/boot-test.log || true
	@boot/parse-log.py $(LOG_DIR)/boot-test.log boot/expected-results "$(ONLY)"
	@IFS=, read -ra globs <<< '$(or $(ONLY),*)'; params=; \
	for g in "$${globs[@]}"; do [[ boot == $$g ]] && params=1; done; \
	if [ -n "$$params" ]; then \
		ONLY=boot CMDLINE="$(GOOD_PARAMS)" \
			boot/qemu.sh test $(LOG_DIR)/boot-params.log || true; \
		boot/parse-log.py $(LOG_DIR)/boot-params.log boot/expected-params boot; \
	fi

# The same test boot on arm64, cross-built (ETRACE_ARCH=arm64 in
# boot/lib.sh: boot/arch/arm64.config over boot/etrace.config, QEMU's virt
# board), against the same boot/expected-results read for arm64: every
# suite and script but mmiotrace's, which is x86's alone. ONLY= as for
# boot-test; the same bad parameters are given.
arm64-boot-test: tree
	@ETRACE_ARCH=arm64 boot/kernel.sh
	@$(MAKE) --no-print-directory arm64-boot-run LANE=1
arm64-boot-run:
	@mkdir -p $(LOG_DIR)
	@rm -f $(LOG_DIR)/boot-arm64.log
	@ETRACE_ARCH=arm64 CMDLINE="$(BAD_PARAMS)" \
		boot/qemu.sh test $(LOG_DIR)/boot-arm64.log || true
	@boot/parse-log.py $(LOG_DIR)/boot-arm64.log boot/expected-results "$(ONLY)" arm64

# The debug kernel (boot/debug.config over the branch profiler's
# boot/branch.config: KASAN, UBSAN, kmemleak, lockdep, object
# debugging, CPU hotplug) runs every etrace KUnit suite, the storm
# (test_debug_storm.sh), the branch tracer's test, which needs the
# branch profiler, and mmiotrace's, whose hook runs in the debug
# exception, against boot/expected-debug. boot/lib.sh says where it is
# built and from what, for this target and the gates alike.
DEBUG_ONLY = debug_storm,branch,mmiotrace
# It is several times slower than the test kernel: a standing function
# filter under the storm (STORM_FILTER, passed to the scripts as an
# environment variable: hooking every function, the function tracers
# make this kernel crawl; the test kernel's storm hooks every one), a
# longer limit per script, lockups and RCU stalls reported after a
# minute. no5lvl: QEMU's -cpu max offers 5-level paging, and
# identify_cpu() clears boot_cpu_data's LA57 bit for a moment with
# interrupts on; KASAN, which asks that bit where its shadow begins,
# then reports an interrupt handler's every access as wild (seen once,
# before any initcall). 4-level paging has no such window.
DEBUG_PARAMS = kunit.filter_glob=etrace* STORM_FILTER=vfs_* no5lvl \
	etrace.timeout=600 watchdog_thresh=30 rcupdate.rcu_cpu_stall_timeout=60
debug-boot-test: tree
	@boot/debug-kernel.sh
	@$(MAKE) --no-print-directory debug-boot-run LANE=1
debug-boot-run:
	@mkdir -p $(LOG_DIR)
	@rm -f $(LOG_DIR)/boot-debug.log
	@ONLY=$(DEBUG_ONLY) CMDLINE="$(DEBUG_PARAMS)" \
		boot/debug-kernel.sh boot test $(LOG_DIR)/boot-debug.log || true
	@boot/parse-log.py $(LOG_DIR)/boot-debug.log boot/expected-debug $(DEBUG_ONLY)

# make test runs the gates and the boots as one graph of jobs on two
# slots (make -j2), so that a QEMU guest, which keeps one host CPU busy
# (single-threaded TCG), runs as soon as its kernel is built, beside the
# builds and gates on the other CPU, instead of after all of them. The
# order below is the order make prefers among the jobs that may run:
# the x86_64 test kernel and its boots first (the longest chain), then
# the checks that need no kernel, the debug kernel and its boot, the
# arm64 kernel and its boot, and the gates that build. Jobs that build
# in one object directory follow each other (the x86_64 kernel, sparse,
# W=1, then the per-patch build, which starts from a copy of it). A
# boot boots the kernel its build job made; it builds nothing. Every job
# runs even when another fails (-k); each prints its output whole when
# it ends, with how long it took.
TEST_JOBS = test-boot-x86 test-quick test-boot-debug test-boot-arm64 \
	test-cross test-sparse-w1 test-bisect
QUICK_CHECKS = apply checkpatch coccicheck kernel-doc maintainers cover-letter
.PHONY: test test-graph $(TEST_JOBS) test-kernel-x86 test-kernel-debug \
	test-kernel-arm64
test:
	@$(MAKE) --no-print-directory tree
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -k -j2 --output-sync=target test-graph LANE=1; \
	rc=$$?; echo "etrace: make test: $$(( $$(date +%s) - start )) s after the tree"; exit $$rc
test-graph: $(TEST_JOBS)

# timed NAME COMMAND...: run a job, say how long it took and how it ended.
# The job's own makes (kbuild's) run with their own -j, not on the
# graph's jobserver, whose warnings would read as a gate's output.
timed = unset MAKEFLAGS MFLAGS MAKELEVEL; s=$$(date +%s); if $(2); then r=ok; else r=FAILED; fi; \
	echo "job $(1): $$r ($$(( $$(date +%s) - s )) s)"; [ $$r = ok ]

# A build job copies the image it made: its boot boots the copy, which
# the gates that build again in the same object directory do not touch.
IMAGES = $(ETRACE_CACHE)/images
keep_image = mkdir -p $(IMAGES) && cp -f $(1) $(IMAGES)/$(2).tmp && mv -f $(IMAGES)/$(2).tmp $(IMAGES)/$(2)
test-kernel-x86:
	@$(call timed,kernel-x86,boot/kernel.sh && $(call keep_image,$(BZIMAGE),x86_64))
test-kernel-debug: test-quick
	@$(call timed,kernel-debug,boot/debug-kernel.sh && \
		$(call keep_image,$(ETRACE_CACHE)/obj-debug/arch/x86/boot/bzImage,debug))
test-kernel-arm64: test-kernel-debug
	@$(call timed,kernel-arm64,ETRACE_ARCH=arm64 boot/kernel.sh && \
		$(call keep_image,$(ETRACE_CACHE)/obj-arm64/arch/arm64/boot/Image,arm64))
test-quick:
	@unset MAKEFLAGS MFLAGS MAKELEVEL; s=$$(date +%s); fail=0; for c in $(QUICK_CHECKS); do \
		if checks/$$c.sh; then echo "check $$c: ok"; \
		else echo "check $$c: FAILED"; fail=1; fi; \
	done; echo "job quick checks: $$([ $$fail = 0 ] && echo ok || echo FAILED) ($$(( $$(date +%s) - s )) s)"; \
	exit $$fail
test-boot-x86: test-kernel-x86
	@$(call timed,boot-x86,KERNEL=$(IMAGES)/x86_64 $(MAKE) --no-print-directory boot-run)
test-boot-debug: test-kernel-debug
	@$(call timed,boot-debug,KERNEL=$(IMAGES)/debug $(MAKE) --no-print-directory debug-boot-run)
test-boot-arm64: test-kernel-arm64
	@$(call timed,boot-arm64,KERNEL=$(IMAGES)/arm64 $(MAKE) --no-print-directory arm64-boot-run)
test-cross: test-kernel-arm64
	@$(call timed,cross-build,checks/cross-build.sh)
test-sparse-w1: test-kernel-x86 test-kernel-debug
	@$(call timed,sparse-w1,checks/sparse-w1.sh)
test-bisect: test-kernel-x86
	@$(call timed,bisect-build,checks/bisect-build.sh)

# On x86_64 figures repeat exactly: guest time counts instructions
# (-icount). The
# bench kernel is the test kernel without its debugging (boot/bench.config),
# in an object directory of its own.
# A second kernel, the same without etrace (boot/noetrace.config), gives
# the idle cost; a module of the first (boot/floor) the probe floor.
# make bench ETRACE_ARCH=arm64 (or make arm64-bench): the same on arm64,
# cross-built over boot/arch/arm64.config, in object directories and a
# results file of its own. There, under the same -icount, figures vary
# a little from one boot to the next: the bench kernel is booted three
# times, and the table gives the medians and the ratios' range.
ETRACE_ARCH ?= x86_64
BENCH_SFX = $(if $(filter arm64,$(ETRACE_ARCH)),-arm64)
BENCH_BOOTS = $(if $(BENCH_SFX),1 2 3,1)
BENCH_MAIN = $(foreach i,$(BENCH_BOOTS),$(BENCH_LOG)-boot$(i).log)
comma := ,
empty :=
space := $(empty) $(empty)
BENCH_FRAGS = boot/etrace.config $(if $(BENCH_SFX),boot/arch/arm64.config) boot/bench.config
BENCH_LOG = $(LOG_DIR)/bench$(BENCH_SFX)
BENCH_OBJ = $(ETRACE_CACHE)/obj-bench$(BENCH_SFX)
IDLE_OBJ = $(ETRACE_CACHE)/obj-bench-noetrace$(BENCH_SFX)
NOHOOKS_OBJ = $(ETRACE_CACHE)/obj-bench-nohooks$(BENCH_SFX)
bench: tree
	@OBJ=$(BENCH_OBJ) FRAGMENTS="$(BENCH_FRAGS)" boot/kernel.sh
	@OBJ=$(BENCH_OBJ) boot/floor.sh
	@OBJ=$(IDLE_OBJ) FRAGMENTS="$(BENCH_FRAGS) boot/noetrace.config" boot/kernel.sh
	@OBJ=$(NOHOOKS_OBJ) FRAGMENTS="$(BENCH_FRAGS) boot/nohooks.config" boot/kernel.sh
	@mkdir -p $(LOG_DIR)
	@rm -f $(BENCH_MAIN) $(addprefix $(BENCH_LOG),-idle.log -nohooks.log -smp8.log)
	@for log in $(BENCH_MAIN); do \
		OBJ=$(BENCH_OBJ) EXTRA_KO=$(BENCH_OBJ)/floor/etrace_floor.ko BOOT_TIMEOUT=1800 \
		boot/qemu.sh bench $$log || true; done
	@OBJ=$(IDLE_OBJ) boot/qemu.sh bench $(BENCH_LOG)-idle.log || true
	@OBJ=$(NOHOOKS_OBJ) boot/qemu.sh bench $(BENCH_LOG)-nohooks.log || true
	@OBJ=$(BENCH_OBJ) SMP=8 CMDLINE=etrace.bench=scale \
		boot/qemu.sh bench $(BENCH_LOG)-smp8.log || true
	@boot/bench-table.py $(subst $(space),$(comma),$(BENCH_MAIN)) \
		$(BENCH_LOG)-idle.log \
		$(BENCH_LOG)-nohooks.log $(BENCH_LOG)-smp8.log boot/bench-results$(BENCH_SFX).txt

arm64-bench:
	@$(MAKE) --no-print-directory bench ETRACE_ARCH=arm64

# Where the instructions of a traced operation go, function by function
# (boot/profile.sh): the bench kernel under a QEMU plugin that counts
# each instruction. The cases are boot/profile-guest.sh's; the default
# set's figures go to boot/profile-results.txt, beside the bench's. Only
# the command line (make profile CASES=...) picks others.
PROFILE_CASES = off etrace_sys_enter ftrace_sys_enter etrace_function \
	ftrace_function etrace_function_graph ftrace_function_graph \
	etrace_pipe ftrace_pipe
CASES = $(PROFILE_CASES)
profile: tree
	@OBJ=$(BENCH_OBJ) FRAGMENTS="$(BENCH_FRAGS)" boot/kernel.sh
	@mkdir -p $(LOG_DIR)
	@OBJ=$(BENCH_OBJ) boot/profile.sh $(CASES) > $(LOG_DIR)/profile$(BENCH_SFX).txt
	@cat $(LOG_DIR)/profile$(BENCH_SFX).txt
	@if [ "$(CASES)" = "$(PROFILE_CASES)" ]; then \
		cp $(LOG_DIR)/profile$(BENCH_SFX).txt boot/profile-results$(BENCH_SFX).txt; fi

demo: kernel
	@mkdir -p $(LOG_DIR)
	@rm -f $(LOG_DIR)/demo.log
	@boot/qemu.sh demo $(LOG_DIR)/demo.log || true
	@tr -d '\r' < $(LOG_DIR)/demo.log | sed -n '/^# ls$$/,/^ETRACE-BOOT-DONE/p' | grep -v '^ETRACE-BOOT-DONE'
	@grep -q 'ETRACE-BOOT-DONE' $(LOG_DIR)/demo.log

shell: kernel
	@boot/qemu.sh shell /dev/null

# Each posting alone: checked out at its last patch, built and booted
# with its own tests (boot/posting-test.sh). POSTINGS="1-core 3-events"
# picks some.
posting-test: tree
	@boot/posting-test.sh $(POSTINGS)

send-dry-run: tree
	@boot/send.sh "$(OUT)"

clean:
	rm -rf $(ETRACE_CACHE)/obj $(ETRACE_CACHE)/obj-bisect* $(ETRACE_CACHE)/bisect-* \
		$(ETRACE_CACHE)/obj-bench $(ETRACE_CACHE)/obj-debug $(ETRACE_CACHE)/obj-branch \
		$(ETRACE_CACHE)/obj-arm64 $(ETRACE_CACHE)/obj-bench*-arm64 \
		$(ETRACE_CACHE)/obj-cross-* $(ETRACE_CACHE)/obj-posting \
		$(IDLE_OBJ) $(NOHOOKS_OBJ) $(LOG_DIR) $(ETRACE_CACHE)/insn-count.so
