#!/usr/bin/env python3
"""Sum boot/profile/insn-count.so's per-instruction counts by function.

    report.py VMLINUX COUNTS OPS [TOP]

Prints the functions that ran the most instructions, each divided by
OPS (the operations the guest ran between the marks), and the total.
"""
import bisect
import subprocess
import sys


# Code no symbol of vmlinux covers: ftrace's trampolines, modules.
OUTSIDE = "[outside vmlinux's functions: trampolines, modules]"


def symbols(vmlinux):
    out = subprocess.run(["nm", "-n", "-S", vmlinux], capture_output=True,
                         text=True, check=True).stdout
    addrs, ends, names = [], [], []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW":
            addrs.append(int(f[0], 16))
            ends.append(int(f[0], 16) + int(f[1], 16))
            names.append(f[3])
    return addrs, ends, names


def main():
    vmlinux, counts, ops = sys.argv[1], sys.argv[2], int(sys.argv[3])
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 30
    addrs, ends, names = symbols(vmlinux)
    by_fn = {}
    total = 0
    with open(counts) as f:
        for line in f:
            a, n = line.split()
            a, n = int(a, 16), int(n)
            i = bisect.bisect_right(addrs, a) - 1
            name = names[i] if i >= 0 and a < ends[i] else OUTSIDE
            by_fn[name] = by_fn.get(name, 0) + n
            total += n
    for name, n in sorted(by_fn.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{n / ops:10.1f}  {name}")
    print(f"{total / ops:10.1f}  total")


if __name__ == "__main__":
    main()
