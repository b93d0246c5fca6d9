#!/usr/bin/env python3
"""Judge a boot log: KTAP results from KUnit and the selftests, splats.

Fails on any "not ok", on a plan that does not match the results under
it, on a kernel splat, and on a boot that never reached its end mark.
Prints one line per failure and ends with "N passed, M failed".
"""
import re
import sys

SPLATS = [
    r"BUG:", r"WARNING:", r"\bOops\b", r"Kernel panic", r"general protection fault",
    r"possible recursive locking", r"inconsistent lock state",
    r"circular locking", r"KASAN", r"UBSAN", r"Call Trace:",
    r"INFO: task .* blocked", r"RCU detected stall", r"rcu_sched self-detected stall",
]
SPLAT_RE = re.compile("|".join(SPLATS))
VERSION_RE = re.compile(r"^(\s*)(?:K?TAP) version \d+\s*$")
PLAN_RE = re.compile(r"^(\s*)1\.\.(\d+)")
RESULT_RE = re.compile(r"^(\s*)(not ok|ok) (\d+)\b\s*(?:-\s*)?(.*)$")


def main(path, min_tests):
    failures = []
    passed = failed = 0
    # One open KTAP document per indentation: [plan, results seen].
    docs = {}
    done = False
    started = {}
    exits = {}
    with open(path, errors="replace") as f:
        lines = f.read().replace("\r", "").split("\n")
    for line in lines:
        if "ETRACE-BOOT-DONE" in line:
            done = True
        m = re.match(r"^# selftest: (\S+)", line)
        if m:
            started[m.group(1)] = True
        m = re.match(r"^# exit: (\S+) (\d+)", line)
        if m:
            exits[m.group(1)] = int(m.group(2))
        if SPLAT_RE.search(line):
            failures.append("splat: " + line.strip())
            continue
        m = VERSION_RE.match(line)
        if m:
            ind = len(m.group(1))
            if ind in docs:
                close(docs, ind, failures)
            docs[ind] = [None, 0, line.strip()]
            continue
        m = PLAN_RE.match(line)
        if m:
            ind = len(m.group(1))
            if ind in docs and docs[ind][0] is None:
                docs[ind][0] = int(m.group(2))
            continue
        m = RESULT_RE.match(line)
        if not m:
            continue
        ind = len(m.group(1))
        if ind not in docs:
            continue
        docs[ind][1] += 1
        deeper = [i for i in docs if i > ind]
        # A result closing a nested document summarises it: not a test.
        for i in deeper:
            close(docs, i, failures)
        ok = m.group(2) == "ok"
        name = m.group(4).strip()
        if not ok:
            failures.append("not ok: " + line.strip())
        if deeper:
            continue
        if ok:
            passed += 1
        else:
            failed += 1
    for ind in sorted(docs, reverse=True):
        close(docs, ind, failures)
    for script in started:
        if script not in exits:
            failures.append(f"selftest {script} never finished")
        elif exits[script] != 0:
            failures.append(f"selftest {script} exited with status {exits[script]}")
    if not done:
        failures.append("the guest never reached ETRACE-BOOT-DONE (hang or crash)")
    if passed + failed < min_tests:
        failures.append(f"only {passed + failed} results, expected at least {min_tests}")
    for f in failures:
        print("FAIL:", f)
    print(f"{passed} passed, {failed + (1 if failures and not failed else 0)} failed")
    return 1 if failures else 0


def close(docs, ind, failures):
    plan, seen, head = docs.pop(ind)
    if plan is None:
        failures.append(f"KTAP document without a plan ({head}, indent {ind})")
    elif plan != seen:
        failures.append(f"KTAP plan 1..{plan} but {seen} results (indent {ind})")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1))
