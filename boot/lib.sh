# shellcheck shell=bash
# Common settings for the etrace workflow scripts. Sourced, not run.

set -euo pipefail

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ETRACE_CACHE=${ETRACE_CACHE:-$HOME/.cache/etrace}
SRC=${SRC:-$ETRACE_CACHE/linux}

# The architecture a kernel is built for and booted on: x86_64 (the
# default, native) or arm64 (cross-built, booted on QEMU's virt board).
# Each has its own object directory, image, QEMU, console, compiler for
# the guest's static programs and busybox. kbuild takes ARCH and
# CROSS_COMPILE from the environment, boot/kernel.sh FRAGMENTS and
# TARGET.
ETRACE_ARCH=${ETRACE_ARCH:-x86_64}
case $ETRACE_ARCH in
x86_64)
	IMAGE=arch/x86/boot/bzImage
	QEMU=qemu-system-x86_64
	QEMU_BOARD=(-cpu max)
	CONSOLE=ttyS0
	TARGET_CC=gcc
	BUSYBOX=/bin/busybox
	DEFAULT_OBJ=$ETRACE_CACHE/obj
	;;
arm64)
	export ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
	export FRAGMENTS=${FRAGMENTS:-boot/etrace.config boot/arch/arm64.config}
	export TARGET=${TARGET:-Image}
	IMAGE=arch/arm64/boot/Image
	QEMU=qemu-system-aarch64
	# cortex-a72, not max: max's pointer authentication is emulated
	# with a real cipher on every signed return, which slows a TCG
	# guest several times over.
	QEMU_BOARD=(-M virt -cpu cortex-a72)
	CONSOLE=ttyAMA0
	TARGET_CC=aarch64-linux-gnu-gcc
	BUSYBOX=$ETRACE_CACHE/arm64/busybox
	DEFAULT_OBJ=$ETRACE_CACHE/obj-arm64
	;;
*)
	echo "etrace: error: ETRACE_ARCH=$ETRACE_ARCH: x86_64 or arm64" >&2
	exit 1
	;;
esac
OBJ=${OBJ:-$DEFAULT_OBJ}
BASE_TAG=etrace-base
BRANCH=etrace
TARBALL=/usr/src/linux-source-6.12.tar.xz
PKG=linux-source-6.12
# The postings, in the order they apply: the folders patches/N-NAME/,
# each with its cover-letter.txt and its patches.
postings() {
	(cd "$TOP/patches" && for d in [0-9]*-*/; do [ -d "$d" ] && echo "${d%/}"; done) |
		sort -n
}
# Each posting's b4 change-id, fixed, so that it keeps one identity
# wherever it is prepared; it names the posting (see boot/cover.sh).
# Every posting goes to the tracing list and LKML, and to the
# maintainers of kernel/trace (MAINTAINERS, TRACING).
SERIES_TO="linux-trace-kernel@vger.kernel.org"
SERIES_CC="Steven Rostedt <rostedt@goodmis.org>, Masami Hiramatsu <mhiramat@kernel.org>, Mathieu Desnoyers <mathieu.desnoyers@efficios.com>, linux-kernel@vger.kernel.org"
CHANGE_DATE=20261207
CHANGE_HASH=3f1c2a9d7e01
change_id_of_posting() { echo "$CHANGE_DATE-etrace-$1-$CHANGE_HASH"; }
posting_of_change_id() { sed "s/^$CHANGE_DATE-etrace-//; s/-$CHANGE_HASH\$//" <<<"$1"; }
JOBS=${JOBS:-$(($(nproc) + 1))}

# Fixed identities (and, for the base commit, a fixed date): the base
# gets the same hash everywhere, so base-commit: in the mails is stable.
export GIT_AUTHOR_NAME="etrace developers" GIT_AUTHOR_EMAIL="etrace@example.org"
export GIT_COMMITTER_NAME="etrace developers" GIT_COMMITTER_EMAIL="etrace@example.org"

die() { echo "etrace: error: $*" >&2; exit 1; }
note() { echo "etrace: $*" >&2; }

installed_version() { dpkg-query -W -f='${Version}' "$PKG" 2>/dev/null || true; }

kgit() { git -C "$SRC" -c core.autocrlf=false -c advice.detachedHead=false "$@"; }

# Files the series adds or changes, relative to the tree.
series_files() {
	kgit diff --name-only --diff-filter=AM "$BASE_TAG" "$BRANCH"
}

# The series' C sources that the kernel build compiles.
series_kernel_c() {
	local f
	series_files | grep -E '\.c$' | grep -v '^tools/' | while read -r f; do
		# A .c file that another one includes (buffer_test.c) is not
		# an object of its own: it is checked as part of the includer.
		grep -qs "^#include \"$(basename "$f")\"" "$SRC/$(dirname "$f")"/*.c ||
			echo "$f"
	done
}

# Directories that hold etrace's kernel code.
ETRACE_DIRS="kernel/trace/etrace"

# The debug kernel: the test kernel with a branch profiler (which slows
# the whole kernel, boot/branch.config) and the memory, undefined
# behaviour and object checkers (boot/debug.config). make
# debug-boot-test boots it (boot/debug-kernel.sh); the gates check in it
# the series' objects that only it builds (the branch tracer's).
DEBUG_OBJ=$ETRACE_CACHE/obj-debug
DEBUG_FRAGMENTS="boot/etrace.config boot/branch.config boot/debug.config"

debug_kernel() {
	OBJ=$DEBUG_OBJ FRAGMENTS=$DEBUG_FRAGMENTS "$TOP/boot/kernel.sh"
}

# Of the objects named, those the kernel in $1 links into vmlinux, or
# (with -v) those it does not, one per line.
linked_objs() {
	local flags=-xF
	[ "$1" = -v ] && { flags=-vxF; shift; }
	local obj=$1
	shift
	printf '%s\n' "$@" | grep $flags -f <(ar t "$obj/vmlinux.a" | sed "s|^$obj/||") || true
}

# debug_only_objs: the objects of the series' kernel C files that the
# test kernel does not link; each must be in the debug kernel (built
# here), or nothing checks it.
debug_only_objs() {
	local objs rest there
	mapfile -t objs < <(series_kernel_c | sed 's/\.c$/.o/')
	mapfile -t rest < <(linked_objs -v "$OBJ" "${objs[@]}")
	[ "${#rest[@]}" -gt 0 ] || return 0
	debug_kernel >/dev/null
	mapfile -t there < <(linked_objs "$DEBUG_OBJ" "${rest[@]}")
	[ "${#there[@]}" = "${#rest[@]}" ] ||
		die "no kernel builds: $(linked_objs -v "$DEBUG_OBJ" "${rest[@]}")"
	printf '%s\n' "${rest[@]}"
}
