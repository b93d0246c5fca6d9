#!/usr/bin/env python3
"""Judge a boot log against what the boot was expected to report.

    parse-log.py LOG EXPECTED [ONLY [ARCH]]

LOG is the guest's serial console. EXPECTED (boot/expected-results)
names every KTAP document the boot must print, KUnit suites and
selftest scripts, with its number of results; every SKIP allowed, with
its reason; the number of CPUs the guest must have; and the record
types the json lines a selftest prints must hold. ONLY is make
boot-test's glob: only the selftests test_ONLY.sh are expected then.
ARCH (x86_64 by default) is the guest's architecture: a line of
EXPECTED that begins with "[ARCH,...]" holds only on those named.

Fails on: a "not ok"; a document missing, unexpected, or with another
number of results than expected; a plan that does not match the results
under it; a SKIP that is not allowed, or with another reason; a selftest
that did not exit 0 (or 4, skipped whole, where a skipall line allows
it) or never finished; a guest with other than the
expected CPUs; a kernel splat; a boot that never reached its end mark;
a line "ETRACE-JSON LINE" whose LINE is not a JSON object of etrace's
json schema (Documentation/trace/etrace.rst), or json lines without a
record of each expected type.
Prints one line per failure and ends with "N passed, M skipped, F failed".
"""
import fnmatch
import json
import re
import shlex
import sys

SPLATS = [
    r"BUG:", r"WARNING:", r"\bOops\b", r"Kernel panic", r"general protection fault",
    r"possible recursive locking", r"inconsistent lock state",
    r"circular locking", r"KASAN", r"UBSAN", r"(?i:call trace:)",
    r"INFO: task .* blocked", r"RCU detected stall", r"rcu: INFO: .*stall",
    r"self-detected stall", r"detected stalls on CPUs", r"soft lockup",
    r"hard LOCKUP", r"hung_task", r"ODEBUG",
    r"kmemleak: (Memory pool empty|Cannot allocate)",
]
SPLAT_RE = re.compile("|".join(SPLATS))
VERSION_RE = re.compile(r"^(\s*)K?TAP version \d+\s*$")
PLAN_RE = re.compile(r"^(\s*)1\.\.(\d+)")
RESULT_RE = re.compile(r"^(\s*)(not ok|ok) (\d+)\b\s*(?:-\s*)?(.*)$")
SUBTEST_RE = re.compile(r"^(\s*)# Subtest: (\S+)")
SELFTEST_RE = re.compile(r"^# selftest: (\S+)")
EXIT_RE = re.compile(r"^# exit: (\S+) (\d+)")
MSG_RE = re.compile(r"^\s*# (.*)$")
JSON_TAG = "ETRACE-JSON "
JSON_CONTEXT = {"ts": int, "cpu": int, "pid": int, "comm": str,
                "flags": list, "preempt_depth": int}
JSON_FLAGS = {"irqs_off", "need_resched", "hardirq", "softirq", "nmi"}


def selected(name, only):
    """Whether make boot-test's ONLY globs (GLOB[,GLOB...]) run selftest
    NAME: a script test_GLOB.sh, or ftrace's suite when a GLOB matches
    its name."""
    for glob in only.split(","):
        if name.endswith(".sh"):
            if fnmatch.fnmatchcase(name, f"test_{glob}.sh"):
                return True
        elif fnmatch.fnmatchcase(name, glob):
            return True
    return False


def read_expected(path, only, arch):
    """Documents {name: results}, skips {(doc, test): reason}, cpus,
    json record types {script: [type, ...]}, scripts that may skip
    whole {script: reason}."""
    docs, skips, cpus, json_types, skipalls = {}, {}, None, {}, {}
    with open(path) as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            m = re.match(r"^\[([\w,]+)\]\s+(.*)$", line)
            if m:
                if arch not in m.group(1).split(","):
                    continue
                line = m.group(2)
            words = shlex.split(line)
            if words[0] == "cpus":
                cpus = int(words[1])
            elif words[0] in ("kunit", "selftest"):
                name = words[1]
                if words[0] == "selftest" and only and \
                        not selected(name, only):
                    continue
                # "*": any number of results (a posting's own tests,
                # boot/posting-test.sh).
                docs[name] = None if words[2] == "*" else int(words[2])
            elif words[0] == "json":
                if only and not selected(words[1], only):
                    continue
                json_types[words[1]] = words[2:]
            elif words[0] == "skip":
                doc, test, reason = words[1], words[2], words[3]
                if doc in docs or not doc.endswith(".sh"):
                    skips[(doc, test)] = reason
            elif words[0] == "skipall":
                if len(words) != 3:
                    sys.exit(f"{path}: skipall SCRIPT REASON: {line}")
                if only and not selected(words[1], only):
                    continue
                docs[words[1]] = 0
                skipalls[words[1]] = words[2]
            else:
                sys.exit(f"{path}: cannot read: {line}")
    return docs, skips, cpus, json_types, skipalls


def json_problem(text):
    """What is wrong with one json line, or None."""
    try:
        obj = json.loads(text)
    except ValueError as e:
        return f"not JSON ({e})"
    if not isinstance(obj, dict):
        return "not an object"
    if obj.get("type") == "lost":
        ok = set(obj) == {"type", "cpu", "lost"}
        return None if ok else "a lost record with other keys"
    if not (obj.get("type") is None or isinstance(obj.get("type"), str)):
        return "no type"
    if not isinstance(obj.get("fields"), dict):
        return "no fields"
    if "ts" in obj:
        for key, kind in JSON_CONTEXT.items():
            if not isinstance(obj.get(key), kind):
                return f"context without {key}"
        if not set(obj["flags"]) <= JSON_FLAGS:
            return f"unknown flags {obj['flags']}"
    f = obj["fields"]
    if obj.get("type") in ("graph_ret", "graph_leaf") and \
            f.get("duration") != f.get("rettime", 0) - f.get("calltime", 0):
        return "a duration that is not rettime - calltime"
    return None


class Doc:
    def __init__(self, name, head):
        self.name = name
        self.head = head
        self.plan = None
        self.results = 0
        self.last_msg = ""
        self.skip_all = None


def main(log, expected, only, arch):
    want_docs, want_skips, want_cpus, want_json, want_skipall = \
        read_expected(expected, only, arch)
    skipped_all = {}
    json_lines, json_bad, json_seen = 0, 0, set()
    failures = []
    passed = skipped = failed = 0
    seen_docs = {}
    docs = {}          # indentation -> open Doc
    next_name = None   # the name the next document will carry
    selftest = None
    done = False
    cpus = None
    started, exits = {}, {}

    def close(ind):
        d = docs.pop(ind)
        if d.plan is None:
            failures.append(f"KTAP document without a plan ({d.name})")
        elif d.plan != d.results:
            failures.append(f"{d.name}: plan 1..{d.plan} but {d.results} results")
        if d.name in seen_docs:
            failures.append(f"{d.name}: reported twice")
        seen_docs[d.name] = d.results
        if d.skip_all is not None:
            skipped_all[d.name] = d.skip_all

    with open(log, errors="replace") as f:
        lines = f.read().replace("\r", "").split("\n")
    for line in lines:
        if line.startswith(JSON_TAG):
            # A record's text, not the kernel's: not a splat, whatever
            # a function or task is called.
            json_lines += 1
            problem = json_problem(line[len(JSON_TAG):])
            if problem:
                json_bad += 1
                if json_bad <= 5:
                    failures.append(f"json line {json_lines}: {problem}: {line}")
            else:
                json_seen.add(json.loads(line[len(JSON_TAG):]).get("type"))
            continue
        if "ETRACE-BOOT-DONE" in line:
            done = True
        m = re.match(r"^ETRACE-CPUS (\d+)", line)
        if m:
            cpus = int(m.group(1))
        if SPLAT_RE.search(line):
            failures.append("splat: " + line.strip())
            continue
        m = SELFTEST_RE.match(line)
        if m:
            selftest = m.group(1).rsplit("/", 1)[-1]
            started[selftest] = True
            next_name = selftest
            continue
        m = EXIT_RE.match(line)
        if m:
            exits[m.group(1).rsplit("/", 1)[-1]] = int(m.group(2))
            continue
        m = SUBTEST_RE.match(line)
        if m:
            ind = len(m.group(1))
            if ind in docs:
                docs[ind].name = m.group(2)
            continue
        m = VERSION_RE.match(line)
        if m:
            ind = len(m.group(1))
            if ind in docs:
                close(ind)
            name = next_name if ind == 0 and next_name else \
                ("kunit" if ind == 0 else "?")
            next_name = None
            docs[ind] = Doc(name, line.strip())
            continue
        m = PLAN_RE.match(line)
        if m:
            ind = len(m.group(1))
            if ind in docs and docs[ind].plan is None:
                docs[ind].plan = int(m.group(2))
                sk = re.search(r"# SKIP\s*(.*)$", line)
                if docs[ind].plan == 0 and sk:
                    docs[ind].skip_all = sk.group(1)
            continue
        m = RESULT_RE.match(line)
        if not m:
            m = MSG_RE.match(line)
            if m:
                for d in docs.values():
                    d.last_msg = m.group(1)
            continue
        ind = len(m.group(1))
        if ind not in docs:
            continue
        d = docs[ind]
        d.results += 1
        deeper = [i for i in docs if i > ind]
        # A result closing a nested document summarises it: not a test.
        for i in deeper:
            close(i)
        ok = m.group(2) == "ok"
        rest = m.group(4).strip()
        if not ok:
            failures.append(f"not ok: {d.name}: {line.strip()}")
        if deeper:
            continue
        sk = re.match(r"^(.*?)\s*# SKIP\s*(.*)$", rest)
        if sk:
            test, reason = sk.group(1), sk.group(2) or d.last_msg
            allowed = want_skips.get((d.name, test))
            if allowed is None:
                failures.append(f"SKIP not allowed: {d.name}: {test} ({reason})")
            elif allowed not in reason:
                failures.append(f"SKIP for another reason: {d.name}: {test}: "
                                f"'{reason}', expected '{allowed}'")
            skipped += 1
        elif ok:
            passed += 1
        else:
            failed += 1
    for ind in sorted(docs, reverse=True):
        close(ind)
    seen_docs.pop("kunit", None)

    for name, n in want_docs.items():
        if name not in seen_docs:
            failures.append(f"{name}: expected {n} results, never reported")
        elif n is not None and seen_docs[name] != n:
            failures.append(f"{name}: {seen_docs[name]} results, expected {n}")
    for name in seen_docs:
        if name not in want_docs:
            failures.append(f"{name}: reported, but not in {expected}")
    for script, reason in skipped_all.items():
        allowed = want_skipall.get(script)
        if allowed is None:
            failures.append(f"skipped whole, not allowed: {script} ({reason})")
        elif allowed not in reason:
            failures.append(f"{script} skipped whole for another reason: "
                            f"'{reason}', expected '{allowed}'")
        else:
            skipped += 1
    for script in want_skipall:
        if script in seen_docs and script not in skipped_all:
            failures.append(f"{script}: expected to skip whole, it ran")
    for script in started:
        if script not in exits:
            failures.append(f"selftest {script} never finished")
        elif exits[script] == 4 and script in skipped_all:
            continue
        elif exits[script] != 0:
            failures.append(f"selftest {script} exited with status {exits[script]}")
    if json_bad > 5:
        failures.append(f"{json_bad} json lines in all are wrong")
    for script, types in want_json.items():
        if script not in started:
            continue
        if not json_lines:
            failures.append(f"{script}: no json line to check")
        for t in types:
            if t not in json_seen:
                failures.append(f"{script}: no json record of type {t}")
    if want_cpus is not None and cpus != want_cpus:
        failures.append(f"the guest had {cpus} CPUs, the tests need {want_cpus}")
    if not done:
        failures.append("the guest never reached ETRACE-BOOT-DONE (hang or crash)")
    for f in failures:
        print("FAIL:", f)
    print(f"{passed} passed, {skipped} skipped, "
          f"{failed + (1 if failures and not failed else 0)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4, 5):
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "",
                  sys.argv[4] if len(sys.argv) > 4 else "x86_64"))
