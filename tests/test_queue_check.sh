#!/bin/sh
# hsframe-queue-check: every queue plugin built here passes it (found by
# their kind in hsframe --list-plugins, so a new queue is checked without
# being named here); queues that are wrong on purpose fail it with exit 1
# and a line naming the operation; what cannot be loaded is exit 2.
. "$HSF_TEST_SRCDIR/tests/testlib.sh"
checker="$HSF_TEST_BUILDDIR/tools/queue-check/hsframe-queue-check"
queues="$HSF_TEST_BUILDDIR/plugins/queue/.libs"
fixtures="$HSF_FIXTURE_DIR"

# qcheck EXPECTED_STATUS ARGS...: runs the checker, output in $WORK/qc.
qcheck() {
    expected=$1; shift
    "$checker" "$@" >"$WORK/qc" 2>&1
    status=$?
    if [ "$status" -ne "$expected" ]; then
        echo "  hsframe-queue-check $*: exit $status, expected $expected" >&2
        sed 's/^/  | /' "$WORK/qc" >&2
        return 1
    fi
}

# The queue plugins built in plugins/queue, by their kind.
"$HSFRAME" --plugin-path "$queues" --list-plugins >"$WORK/list" 2>&1
awk -v dir="$queues/" '
    $2 == "queue" { queue = 1; next }
    queue { p = $1; gsub(/[()]/, "", p); if (index(p, dir) == 1) print p; queue = 0 }' \
    "$WORK/list" >"$WORK/queues"
check "queue plugins found by kind ($(wc -l <"$WORK/queues"))" [ "$(wc -l <"$WORK/queues")" -ge 3 ]
while read -r q; do
    name=$(basename "$q" .so)
    check "$name passes (--quick)" qcheck 0 --quick "$q" &&
        check "$name: a line per check and the tally" contains "$WORK/qc" " 0 failed"
done <"$WORK/queues"

# A bare name is looked up in --plugin-path.
check "a bare name found in --plugin-path" qcheck 0 --plugin-path "$queues" --check empty calendar
check "  the line names the plugin and the check" contains "$WORK/qc" "PASS calendar: empty"

# Wrong queues: exit 1, one line naming the plugin, check, operation and step.
check "seq ignored on ties: fails" \
    qcheck 1 --quick --check ties_by_seq "$fixtures/ignores_seq.so"
check "  the line names pop, the step, expected and found" grep -qE \
    '^FAIL ignores_seq: ties_by_seq: pop at step [0-9]+: expected \(3, seq [0-9]+\), found \(3, seq [0-9]+\)$' \
    "$WORK/qc"
check "last in first out on ties: fails" \
    qcheck 1 --quick --check one_time,few_times "$fixtures/lifo_ties.so"
check "  both checks fail at a pop" \
    [ "$(grep -c '^FAIL lifo_ties: [a-z_]*: pop at step' "$WORK/qc")" -eq 2 ]
check "  the tally" contains "$WORK/qc" "hsframe-queue-check: 1 passed, 2 failed"
check "index_remove that does nothing: fails" \
    qcheck 1 --quick --check index_one_key,index_uniform "$fixtures/remove_noop.so"
check "  the line names index_first" contains "$WORK/qc" \
    "FAIL remove_noop: index_one_key: index_first at step 6: expected 0 (no key held)"
check "  push and pop of remove_noop pass" \
    qcheck 0 --quick --check random,ties_by_seq,checkpoint "$fixtures/remove_noop.so"
check "a pop out of order: fails" qcheck 1 --quick --check hold "$fixtures/out_of_order.so"
check "  at its 1000th pop" grep -qE '^FAIL out_of_order: hold: pop at step [0-9]+: expected' "$WORK/qc"
check "a lost push: fails" qcheck 1 --quick --check size "$fixtures/loses_events.so"
check "  size names it" contains "$WORK/qc" \
    "FAIL loses_events: size: size at step 1000: expected 1000, found 999"

# A crash or a hang ends that check alone: the next one still runs.
check "a crash: fails" qcheck 1 --check empty,index_one_key "$fixtures/crashes.so"
check "  the check named" grep -q '^FAIL crashes: empty: ' "$WORK/qc"
check "  the next check runs" contains "$WORK/qc" "PASS crashes: index_one_key"
check "a hang: fails after --timeout" \
    qcheck 1 --timeout 1 --check empty,index_one_key "$fixtures/hangs.so"
check "  named" contains "$WORK/qc" "FAIL hangs: empty: expected an end within 1 s, found none"
check "  the next check runs" contains "$WORK/qc" "PASS hangs: index_one_key"

# The man page describes every check --help lists.
"$checker" --help >"$WORK/help"
awk '/^The checks:/ { on = 1; next } on && /^  [a-z_]+ / { print $1 } on && /^$/ { exit }' \
    "$WORK/help" >"$WORK/checks"
check "--help lists the checks ($(wc -l <"$WORK/checks"))" [ "$(wc -l <"$WORK/checks")" -ge 20 ]
while read -r c; do
    check "the man page describes $c" \
        grep -qx ".B $c" "$HSF_TEST_SRCDIR/tools/queue-check/hsframe-queue-check.1"
done <"$WORK/checks"

# What cannot be checked: exit 2 and the reason, as hsframe's loader gives it.
check "no plugin: usage" qcheck 2
check "an unknown check" qcheck 2 --check nonsense "$queues/calendar.so"
check "  named" contains "$WORK/qc" 'no check "nonsense"'
printf 'not a library\n' >"$WORK/fake.so"
check "not a shared object" qcheck 2 "$WORK/fake.so"
check "  dlopen's reason" contains "$WORK/qc" "$WORK/fake.so is not a loadable plugin: "
check "no entry point" qcheck 2 "$fixtures/no_entry.so"
check "  named" contains "$WORK/qc" "is not an hsframe plugin: it has no entry point hsf_plugin_entry"
check "another ABI major" qcheck 2 "$fixtures/wrong_abi.so"
check "  named" contains "$WORK/qc" "was built for plugin ABI 2.0, but this hsframe provides ABI 1."
box=$(awk '$1 == "box" { getline; gsub(/[()]/, "", $1); print $1 }' "$WORK/list")
check "a boundary plugin" qcheck 2 "$box"
check "  named" contains "$WORK/qc" "is a boundary plugin, but a queue plugin is needed here"
check "a name not found" qcheck 2 --plugin-path "$queues" no_such_queue
check "  named" contains "$WORK/qc" "no no_such_queue.so in $queues:"

finish
