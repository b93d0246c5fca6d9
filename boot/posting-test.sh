#!/usr/bin/env bash
# make posting-test: every posting boots alone and passes its own tests.
# For each posting (all, or those named: posting-test.sh 1-core 3-events)
# the tree is checked out at its last patch, the test kernel built
# (incrementally, in its own object directory) and booted on x86_64 with
# the selftests that posting has, and the log judged against
# boot/expected-results cut down to the KUnit suites and selftests the
# posting has, any number of results each (a later posting adds cases
# to a script). ftrace's suite is left out: its cases need files of
# later postings. The branch is checked out again at the end.
#   posting-test.sh [NAME...]
. "$(dirname "$0")/lib.sh"

OBJ=$ETRACE_CACHE/obj-posting
export OBJ
logs=$ETRACE_CACHE/logs/postings
mkdir -p "$logs"
[ -z "$(kgit status --porcelain --untracked-files=no)" ] || die "$SRC has uncommitted changes"
[ "$(kgit symbolic-ref -q --short HEAD)" = "$BRANCH" ] || die "$SRC is not on branch $BRANCH"
trap 'kgit checkout -q "$BRANCH"' EXIT

mapfile -t covers < <("$TOP/boot/cover.sh" list)
fail=0
for ((i = 0; i < ${#covers[@]}; i++)); do
	read -r _ name <<<"${covers[i]}"
	if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
		continue
	fi
	if ((i + 1 < ${#covers[@]})); then
		end=$(kgit rev-parse "${covers[i + 1]%% *}^")
	else
		end=$(kgit rev-parse "$BRANCH")
	fi
	kgit checkout -q "$end"
	note "posting $name: building $(kgit log -1 --format=%s "$end")"
	ALLOW_MISSING=1 "$TOP/boot/kernel.sh" >/dev/null || { echo "posting $name: does not build"; fail=1; continue; }
	# The tests this posting has, any number of results each.
	exp=$logs/$name.expected
	scripts=()
	while read -r kind doc _; do
		case $kind in
		kunit) kgit grep -qE "\.name[[:space:]]*= \"$doc\"" -- kernel/trace/etrace || continue ;;
		selftest) [ -f "$SRC/tools/testing/selftests/etrace/$doc" ] || continue
			scripts+=("${doc#test_}") ;;
		esac
		echo "$kind $doc *"
	done < <(sed -n 's/^\(\[x86_64\] \)\{0,1\}\(kunit\|selftest\) /\2 /p' \
		"$TOP/boot/expected-results" | grep -v ' ftracetest ') > "$exp"
	grep -E '^(cpus|skip|json) ' "$TOP/boot/expected-results" | grep -v '^skip ftracetest' >> "$exp"
	only=$(printf '%s\n' "${scripts[@]}" | sed 's/\.sh$//' | paste -sd,)
	log=$logs/$name.log
	rm -f "$log"
	ONLY=$only CMDLINE="etrace=no_such_tracer etrace_event=no_such:event etrace_buf_size=12x" "$TOP/boot/qemu.sh" test "$log" || true
	if "$TOP/boot/parse-log.py" "$log" "$exp" "$only" > "$logs/$name.result"; then
		echo "posting $name: $(tail -n 1 "$logs/$name.result")"
	else
		echo "posting $name: FAILED"
		cat "$logs/$name.result"
		fail=1
	fi
done
exit $fail
