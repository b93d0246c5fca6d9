#!/usr/bin/env bash
# Gate: etrace beyond x86_64, as the kernel's build bots see it.
# - arm64, riscv64 and powerpc64le: tinyconfig, boot/etrace.config and
#   boot/arch/NAME.config over it must give every etrace option asked
#   for (boot/kernel.sh checks), and etrace's directory must build with
#   W=1 and sparse (C=2) without a word about a file of the series.
#   arm64's is the kernel `make arm64-boot-test` boots, linked whole;
#   the others stop at etrace's objects, which is what changes between
#   architectures. riscv64 gets W=1 alone: Debian's sparse (0.6.4)
#   rejects the -march=rv64imac_zicsr_zifencei riscv's Makefile gives
#   every file, so it checks nothing there.
# - i386: Kconfig must refuse etrace (it depends on 64BIT, see
#   boot/arch/i386.config), and what the series changes outside etrace's
#   directory that a 32-bit kernel builds (mmiotrace's core, its hooks
#   compiled out) must build as cleanly.
# Each has an object directory of its own; warm runs rebuild what changed.
. "$(dirname "$0")/../boot/lib.sh"

# NAME ARCH CROSS_COMPILE CHECKERS OBJECTS (what they build)
arches=(
	"arm64 arm64 aarch64-linux-gnu- W=1,C=2 kernel/trace/etrace/"
	"riscv64 riscv riscv64-linux-gnu- W=1 kernel/trace/etrace/"
	"powerpc64le powerpc powerpc64le-linux-gnu- W=1,C=2 kernel/trace/etrace/"
	"i386 i386 i686-linux-gnu- W=1,C=2 arch/x86/mm/mmio-mod.o"
)

# A word counts when it names a file of the series.
files=$(series_files) && [ -n "$files" ] || die "no files of the series"
ours() { [ -n "$1" ] && grep -qF "$files" <<<"$1"; }

fail=0
for a in "${arches[@]}"; do
	read -r name arch cross checkers objs <<<"$a"
	command -v "${cross}gcc" >/dev/null || die "no ${cross}gcc (run make deps)"
	if [ "$name" = arm64 ]; then
		# The kernel make arm64-boot-test boots, as boot/lib.sh
		# builds it for ETRACE_ARCH=arm64 (fragments, image, objects).
		obj=$(ETRACE_ARCH=arm64 OBJ='' bash -c \
		      '. "$1/boot/lib.sh"; echo "$OBJ"' - "$TOP")
		build=(env ETRACE_ARCH=arm64 OBJ="$obj")
	else
		allow=
		[ "$name" = i386 ] && allow=1
		obj=$ETRACE_CACHE/obj-cross-$name
		build=(env ARCH="$arch" CROSS_COMPILE="$cross" OBJ="$obj"
		       TARGET=prepare ALLOW_MISSING="$allow"
		       FRAGMENTS="boot/etrace.config boot/arch/$name.config")
	fi
	if ! log=$("${build[@]}" "$TOP/boot/kernel.sh" 2>&1); then
		echo "$log" | sed "s/^/$name: /"
		echo "$name: the kernel did not configure or build"
		fail=1
		continue
	fi
	# arm64's whole kernel: its warnings are in that log.
	if ours "$log"; then
		echo "$log" | sed "s/^/$name: /"
		fail=1
	fi
	if [ "$name" = i386 ]; then
		if grep '^CONFIG_ETRACE' "$obj/.config"; then
			echo "$name: Kconfig let etrace into a 32-bit kernel"
			fail=1
		fi
		grep -q '^CONFIG_MMIOTRACE=y' "$obj/.config" ||
			{ echo "$name: no mmiotrace to build"; fail=1; }
	fi
	# C=2 also checks what kbuild rebuilds on the way (arm64's vDSO,
	# whose base sources sparse already warns about): only a word that
	# names a file of the series counts, and then all of it is shown.
	# shellcheck disable=SC2086 # lists of options and objects
	if ! out=$(make -C "$SRC" O="$obj" ARCH="$arch" CROSS_COMPILE="$cross" -s \
		   -j"$JOBS" ${checkers//,/ } $objs 2>&1); then
		echo "$out" | sed "s/^/$name: /"
		echo "$name: the build failed"
		fail=1
	elif ours "$out"; then
		echo "$out" | sed "s/^/$name: /"
		fail=1
	fi
done
exit $fail
