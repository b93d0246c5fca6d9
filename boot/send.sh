#!/usr/bin/env bash
# make send-dry-run: the mails `b4 send` would send, written to a
# directory instead: the [PATCH 0/N] cover and one mail per patch, with
# recipients from scripts/get_maintainer.pl (the series' MAINTAINERS
# entry names linux-trace-kernel@vger.kernel.org).
#   send.sh OUTDIR
. "$(dirname "$0")/lib.sh"

out=${1:?usage: send.sh OUTDIR}
rm -rf "$out"
mkdir -p "$out"
cd "$SRC"
# Collect To:/Cc: from get_maintainer.pl into the cover's trailers on a
# scratch copy of the branch, so the branch itself stays base + patches/.
scratch=etrace-send
kgit branch -f "$scratch" "$BRANCH"
kgit config "branch.$scratch.b4-prep-cover-strategy" commit
kgit checkout -q "$scratch"
trap 'kgit checkout -q -f "$BRANCH"; kgit branch -q -D "$scratch"' EXIT
b4 prep --auto-to-cc >&2
# With no SMTP set up b4 would pick its web endpoint, which refuses
# unsigned series even for -o; a sendmail path that is never run (-o
# only writes files) keeps it on the SMTP path.
GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=sendemail.smtpserver GIT_CONFIG_VALUE_0=/bin/false \
	b4 send --no-sign -o "$out" >&2
n=$(ls "$out" | wc -l)
[ "$n" -ge 2 ] || die "b4 wrote $n mails"
note "wrote $n mails to $out:"
ls "$out"
grep -h -m1 -E '^(To|Cc):' "$out"/* | sort -u | sed -n '1,5p'
