#!/usr/bin/env bash
# make send-dry-run: the mails `b4 send` would send, written to a folder
# per posting instead (OUTDIR/N-NAME/: the [RFC PATCH 0/N] cover and one
# mail per patch).
#
# Recipients: every posting goes to b4's series recipients, which make
# tree sets in the tree's git config (b4.send-series-to/-cc: the tracing
# list, LKML and the tracing maintainers); a patch that touches another
# subsystem's file carries Cc: trailers for its maintainers, and b4 sends
# them that patch and its posting's cover letter, nothing else. No
# --auto-to-cc: that would send every mail to everybody.
#
# patches/ carries a neutral identity; the series is signed by whoever
# sends it: every patch is re-authored, its Signed-off-by rewritten, and
# the MAINTAINERS entry's M: line made the sender's, with the sender's
# git identity (user.name and user.email as git sees them in this
# checkout); without one nothing is written.
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
neutral="$neutral_name <$neutral_email>"
sender="$name <$email>"
rm -rf "$out"
mkdir -p "$out"
cd "$SRC"
# Re-sign a scratch copy of the whole stack at once, so that the
# branch stays base + patches/ and every posting's base is the one
# before it as signed: author, committer, Signed-off-by, and the
# MAINTAINERS entry's maintainer, in every commit from the first cover
# on.
scratch=etrace-send
start=$("$TOP/boot/cover.sh" start)
[ -n "$start" ] || die "no cover commit on $BRANCH"
kgit branch -f "$scratch" "$BRANCH"
cleanup() {
	kgit config user.name "$neutral_name"
	kgit config user.email "$neutral_email"
	kgit checkout -q -f "$BRANCH"
	for b in $(kgit for-each-ref --format='%(refname:short)' "refs/heads/$scratch*"); do
		kgit branch -q -D "$b"
	done
	for r in $(kgit for-each-ref --format='%(refname)' "refs/original/refs/heads/$scratch*"); do
		kgit update-ref -d "$r"
	done
}
trap cleanup EXIT
sed_m="s|^M:\\t$neutral\$|M:\\t$sender|"
SENDER_NAME="$name" SENDER_EMAIL="$email" NEUTRAL="Signed-off-by: $neutral" \
SIGNOFF="Signed-off-by: $sender" SED_M="$sed_m" FILTER_BRANCH_SQUELCH_WARNING=1 \
kgit filter-branch -f --env-filter '
	GIT_AUTHOR_NAME=$SENDER_NAME GIT_AUTHOR_EMAIL=$SENDER_EMAIL
	GIT_COMMITTER_NAME=$SENDER_NAME GIT_COMMITTER_EMAIL=$SENDER_EMAIL
	export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL' \
	--index-filter '
	blob=$(git rev-parse -q --verify "$GIT_COMMIT:MAINTAINERS") &&
	new=$(git cat-file blob "$blob" | sed "$SED_M" | git hash-object -w --stdin) &&
	git update-index --cacheinfo "100644,$new,MAINTAINERS"' \
	--msg-filter 'sed "s|^$NEUTRAL\$|$SIGNOFF|"' "$start^..$scratch" >/dev/null 2>&1 ||
	die "could not re-sign the series"
! kgit log --format='%an <%ae>%n%B' "$start^..$scratch" | grep -qF "$neutral_email" ||
	die "a patch still carries the neutral identity"
! kgit diff "$BASE_TAG" "$scratch" -- MAINTAINERS | grep -qF "$neutral_email" ||
	die "MAINTAINERS still names the neutral identity"
# b4 writes From: with the sender's name.
export GIT_AUTHOR_NAME="$name" GIT_AUTHOR_EMAIL="$email"
export GIT_COMMITTER_NAME="$name" GIT_COMMITTER_EMAIL="$email"
kgit config user.name "$name"
kgit config user.email "$email"
# Each posting is b4's prep branch when checked out at its last patch:
# b4 finds the nearest cover commit below it (boot/cover.sh).
mapfile -t covers < <("$TOP/boot/cover.sh" list "$scratch")
for ((i = 0; i < ${#covers[@]}; i++)); do
	read -r cover posting <<<"${covers[i]}"
	if ((i + 1 < ${#covers[@]})); then
		end=$(kgit rev-parse "${covers[i + 1]%% *}^")
	else
		end=$(kgit rev-parse "$scratch")
	fi
	b="$scratch-$posting"
	kgit branch -f "$b" "$end"
	kgit config "branch.$b.b4-prep-cover-strategy" commit
	kgit checkout -q "$b"
	# With no SMTP set up b4 would pick its web endpoint, which refuses
	# unsigned series even for -o; a sendmail path that is never run
	# (-o only writes files) keeps it on the SMTP path.
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=sendemail.smtpserver GIT_CONFIG_VALUE_0=/bin/false \
		b4 send --no-sign -o "$out/$posting" >&2 ||
		die "b4 send failed for posting $posting"
	n=$(ls "$out/$posting" | wc -l)
	[ "$n" -ge 2 ] || die "b4 wrote $n mails for posting $posting"
	note "wrote $n mails to $out/$posting"
done
! grep -rlF "$neutral_email" "$out" ||
	die "a mail still names the neutral identity (above)"
grep -h -m1 '^Subject:' "$out"/*/* | sed -n '1,3p'
