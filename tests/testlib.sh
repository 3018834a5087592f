# Helpers for the end-to-end test scripts (sourced).  Run from the build
# directory by make check, with HSF_TEST_SRCDIR and HSF_TEST_BUILDDIR set.
set -u
: "${HSF_TEST_SRCDIR:?run through make check}" "${HSF_TEST_BUILDDIR:?run through make check}"
HSFRAME="$HSF_TEST_BUILDDIR/hsframe"
CONF="$HSF_TEST_SRCDIR/conf"
WORK=$(mktemp -d /tmp/hsf-e2e-XXXXXX)
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0
skipped=0

ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() { failed=$((failed + 1)); echo "not ok - $1"; }

# skip NEED REASON: a check that cannot run here for want of NEED (jq,
# gnuplot, slurm, parallel, cairo, viewer, prefetch...).  It counts as
# skipped, or as failed when HSF_TEST_NO_SKIP (a comma-separated list of
# needs, or "all") names NEED: CI sets it for what it installs.
skip() {
    case ",${HSF_TEST_NO_SKIP:-}," in
    *",all,"* | *",$1,"*) not_ok "$2 (not run: HSF_TEST_NO_SKIP has $1)" ;;
    *) skipped=$((skipped + 1)); echo "SKIP - $2" ;;
    esac
}

# skip_all NEED REASON: the whole script cannot run; exits 77 (automake's
# SKIP), or 1 when HSF_TEST_NO_SKIP names NEED.
skip_all() {
    skip "$1" "$2"
    finish && exit 77
    exit 1
}

# check NAME COMMAND...: passes if the command succeeds; returns as it.
check() {
    name=$1; shift
    if "$@"; then ok "$name"; else not_ok "$name"; return 1; fi
}

# run_status EXPECTED ARGS...: runs hsframe, keeps stdout/stderr in
# $WORK/out and $WORK/err, and checks the exit status.
run_status() {
    expected=$1; shift
    "$HSFRAME" "$@" >"$WORK/out" 2>"$WORK/err"
    status=$?
    if [ "$status" -ne "$expected" ]; then
        echo "  hsframe $*: exit $status, expected $expected" >&2
        sed 's/^/  stderr: /' "$WORK/err" >&2
        return 1
    fi
}

# wait_for PID FILE TEXT: waits until FILE has TEXT (fixed string: a line
# the process PID reports) or PID has ended, however long either takes: a
# condition, never a time, that no machine is too slow or too fast for.
# Returns 1 if PID ended without writing TEXT.  FILE must not hold TEXT
# before PID starts (remove an earlier run's file first).
wait_for() {
    while ! grep -qF -- "$3" "$2" 2>/dev/null; do
        if ! kill -0 "$1" 2>/dev/null; then
            grep -qF -- "$3" "$2" 2>/dev/null
            return
        fi
        sleep 0.01
    done
}

# segment SUMMARY PARTS: the value of [checkpoint] stop_after_events that
# splits a run into PARTS runs: the events (steps, for the time-step
# engine) of the whole run whose summary is SUMMARY, over PARTS, plus 1.
# A stop that falls on the same event on every machine.
segment() {
    awk -v p="$2" '$1 == "events:" { e = $2 } $1 == "steps:" { s = $2 }
                   END { n = s != "" ? s : e; if (n == "") exit 1; printf "%d\n", n / p + 1 }' "$1"
}

# contains FILE TEXT: FILE has TEXT (fixed string).
contains() {
    grep -qF -- "$2" "$1" || { echo "  $1 lacks: $2" >&2; sed 's/^/  | /' "$1" >&2; return 1; }
}

finish() {
    echo "$passed passed, $failed failed, $skipped skipped"
    [ "$failed" -eq 0 ]
}
