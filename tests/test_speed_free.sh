#!/bin/sh
# No test depends on how fast the machine is.  The suite (tests/*.sh,
# tests/*.c, tests/soak, tests/fuzz, .ci/run) may not stop a run by the
# wall clock ([checkpoint] stop_after other than 0, its off value; the
# feature's own test in test_checkpoint.sh sets 1e-9, which stops at the
# first look at the clock on any machine), pause for a fixed time (a sleep
# outside a while or until loop that waits for a condition; a loop over
# seq with a sleep is a time limit too), or put a time limit on a test
# (Criterion's .timeout, timeout(1)).  Each one found is named by
# file:line.  Stop a run with stop_after_events or stop_at_time instead,
# and wait for what the program reports (wait_for in testlib.sh).
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$HSF_TEST_SRCDIR" || exit 1

files=$(ls tests/*.sh tests/*.c tests/soak/*.sh tests/fuzz/*.sh .ci/run 2>/dev/null |
        grep -v '^tests/test_speed_free\.sh$')

# scan FILE...: prints FILE:LINE: what, for every wall-clock dependence.
scan() {
    awk '
    FNR == 1 { depth = 0; delete kind }
    # Comments say what the code does; they do not do it.
    { line = $0; sub(/(^|[ \t])#.*$/, "", line) }
    # [checkpoint] stop_after: 0 only, 1e-9 in the feature test.
    {
        rest = line
        while (match(rest, /stop_after[ \t]*=[ \t]*[^ \t"\047\\:;)]*/)) {
            v = substr(rest, RSTART, RLENGTH)
            sub(/^stop_after[ \t]*=[ \t]*/, "", v)
            if (v != "0" && !(v == "1e-9" && FILENAME == "tests/test_checkpoint.sh"))
                printf "%s:%d: a wall-clock stop (stop_after = %s)\n", FILENAME, FNR, v
            rest = substr(rest, RSTART + RLENGTH)
        }
    }
    # Time limits on a test.
    FILENAME ~ /\.c$/ && line ~ /\.timeout[ \t]*=/ {
        printf "%s:%d: a time limit on a test (.timeout)\n", FILENAME, FNR }
    line ~ /(^|[;&|( \t])timeout[ \t]+[0-9]/ {
        printf "%s:%d: a time limit on a command (timeout)\n", FILENAME, FNR }
    line ~ /--timeout[ \t]+[0-9]/ && FILENAME != "tests/test_queue_check.sh" {
        printf "%s:%d: a time limit (--timeout)\n", FILENAME, FNR }
    # Loops: which kind each open one is, to tell a poll from a pause.
    FILENAME !~ /\.c$/ {
        n = split(line, w, /[ \t;]+/)
        for (i = 1; i <= n; i++) {
            if (w[i] == "while" || w[i] == "until") kind[++depth] = "poll"
            else if (w[i] == "for") kind[++depth] = "for"
            else if (w[i] == "done" && depth > 0) depth--
            else if (w[i] == "sleep") {
                if (depth == 0 || kind[depth] != "poll")
                    printf "%s:%d: a fixed pause (sleep %s%s)\n", FILENAME, FNR, w[i + 1],
                           depth ? " in a for loop" : ""
            }
        }
    }' "$@"
}

found=$(scan $files)
[ -z "$found" ] || printf '%s\n' "$found" | sed 's/^/  /' >&2
check "no wall-clock stop, fixed pause or time limit in the tests" test -z "$found"

# The check finds what it is for: a probe with one of each.
mkdir "$WORK/tests"
cat >"$WORK/tests/test_probe.sh" <<'P'
"$HSFRAME" -c run.ini -s checkpoint.stop_after=0.05
"$HSFRAME" -c run.ini -s checkpoint.stop_after=0 -s checkpoint.stop_after_events=100
printf '[checkpoint]\nstop_after = 1.5\n'
sleep 1
for i in $(seq 1 50); do grep -q "running to" err && break; sleep 0.1; done
while ! grep -q "running to" err; do sleep 0.01; done
timeout 5 "$HSFRAME" -c run.ini
# stop_after = 3 in a comment
P
printf 'Test(a, b, .timeout = 30) {}\n' >"$WORK/tests/test_probe.c"
probe=$(cd "$WORK" && scan tests/test_probe.sh tests/test_probe.c)
for want in "tests/test_probe.sh:1: a wall-clock stop (stop_after = 0.05)" \
            "tests/test_probe.sh:3: a wall-clock stop (stop_after = 1.5)" \
            "tests/test_probe.sh:4: a fixed pause (sleep 1)" \
            "tests/test_probe.sh:5: a fixed pause (sleep 0.1 in a for loop)" \
            "tests/test_probe.sh:7: a time limit on a command (timeout)" \
            "tests/test_probe.c:1: a time limit on a test (.timeout)"; do
    check "probe: $want" sh -c 'printf "%s\n" "$1" | grep -qxF "$2"' sh "$probe" "$want"
done
check "probe: nothing else (stop_after = 0, a poll, a comment)" \
    test "$(printf '%s\n' "$probe" | wc -l)" -eq 6
finish
