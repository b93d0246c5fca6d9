#!/usr/bin/env bash
# make send-dry-run: the mails `b4 send` would send, written to a
# directory instead: the [PATCH 0/N] cover and one mail per patch, with
# recipients from scripts/get_maintainer.pl (the series' MAINTAINERS
# entry names linux-trace-kernel@vger.kernel.org).
#
# patches/ carries a neutral identity; the series is signed by whoever
# sends it: every patch is re-authored and its Signed-off-by rewritten
# with the sender's git identity (user.name and user.email as git sees
# them in this checkout), and without one nothing is sent.
#   send.sh OUTDIR
. "$(dirname "$0")/lib.sh"

out=${1:?usage: send.sh OUTDIR}
name=$(git -C "$TOP" config user.name || true)
email=$(git -C "$TOP" config user.email || true)
[ -n "$name" ] && [ -n "$email" ] ||
	die "no sender: set git config user.name and user.email (the series is signed by whoever sends it)"
[ "$email" != "$GIT_AUTHOR_EMAIL" ] ||
	die "the sender is the neutral identity of patches/ ($email): set your own"
neutral_name=$GIT_AUTHOR_NAME
neutral_email=$GIT_AUTHOR_EMAIL
neutral="Signed-off-by: $neutral_name <$neutral_email>"
rm -rf "$out"
mkdir -p "$out"
cd "$SRC"
# Collect To:/Cc: from get_maintainer.pl into the cover's trailers on a
# scratch copy of the branch, so the branch itself stays base + patches/.
scratch=etrace-send
kgit branch -f "$scratch" "$BRANCH"
kgit config "branch.$scratch.b4-prep-cover-strategy" commit
kgit checkout -q "$scratch"
trap 'kgit config user.name "$neutral_name"; kgit config user.email "$neutral_email"
      kgit checkout -q -f "$BRANCH"; kgit branch -q -D "$scratch"
      kgit update-ref -d "refs/original/refs/heads/$scratch" 2>/dev/null || true' EXIT
# The sender signs: author, committer and Signed-off-by of every patch
# after the cover.
start=$("$TOP/boot/cover.sh" start)
SENDER_NAME="$name" SENDER_EMAIL="$email" NEUTRAL="$neutral" \
SIGNOFF="Signed-off-by: $name <$email>" FILTER_BRANCH_SQUELCH_WARNING=1 \
kgit filter-branch -f --env-filter '
	GIT_AUTHOR_NAME=$SENDER_NAME GIT_AUTHOR_EMAIL=$SENDER_EMAIL
	GIT_COMMITTER_NAME=$SENDER_NAME GIT_COMMITTER_EMAIL=$SENDER_EMAIL
	export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL' \
	--msg-filter 'sed "s|^$NEUTRAL\$|$SIGNOFF|"' "$start..$scratch" >/dev/null 2>&1 ||
	die "could not re-sign the series"
! kgit log --format='%an <%ae>%n%B' "$start..$scratch" | grep -qF "$neutral_email" ||
	die "a patch still carries the neutral identity"
# b4 writes From: with the sender's name.
export GIT_AUTHOR_NAME="$name" GIT_AUTHOR_EMAIL="$email"
export GIT_COMMITTER_NAME="$name" GIT_COMMITTER_EMAIL="$email"
kgit config user.name "$name"
kgit config user.email "$email"
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
