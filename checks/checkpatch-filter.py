#!/usr/bin/env python3
"""Drop the checkpatch reports that checks/checkpatch.ignore exempts for
one file, and fail if any report is left.

Reads checkpatch's output (run with --show-types) on stdin; argv[1] is
the ignore file, whose lines "TYPE FILE" exempt TYPE in FILE only (lines
with a TYPE alone are passed to checkpatch's --ignore instead).
"""
import re
import sys

exempt = set()
with open(sys.argv[1]) as f:
    for line in f:
        fields = line.split()
        if len(fields) >= 2 and not fields[0].startswith('#'):
            exempt.add((fields[0], fields[1]))

blocks, cur = [], []
for line in sys.stdin.read().split('\n'):
    if not line.strip():
        if cur:
            blocks.append(cur)
        cur = []
    else:
        cur.append(line)
if cur:
    blocks.append(cur)

left = 0
for b in blocks:
    m = re.match(r'(ERROR|WARNING|CHECK):(\w+):', b[0])
    if not m:
        continue
    where = next((re.search(r'FILE: (\S+?):\d+:', l) for l in b
                  if 'FILE: ' in l), None)
    if where and (m.group(2), where.group(1)) in exempt:
        continue
    left += 1
    print('\n'.join(b) + '\n')
sys.exit(1 if left else 0)
