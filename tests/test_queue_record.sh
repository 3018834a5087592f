#!/bin/sh
# [queue] record and hsframe-queue-bench: a short run recorded under the
# calendar (indexed) and binary_heap (push and pop) replays on every queue
# plugin built, every pop and first checked against the recording; a
# recording cut short or with a byte changed is refused with its offset;
# a queue that answers otherwise than recorded is named with the
# operation; recording leaves the trajectory the same to the bit; the hold
# and up-down models print every row of their table.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
BENCH="$HSF_TEST_BUILDDIR/hsframe-queue-bench"
LIBS="$HSF_TEST_BUILDDIR/plugins/queue/.libs"
queues=$(ls "$LIBS"/*.so)
n_queues=$(echo "$queues" | wc -l)

# bench EXPECTED-STATUS ARGS...: out and err in bench.out, bench.err.
bench() {
    expected=$1; shift
    "$BENCH" "$@" >bench.out 2>bench.err
    status=$?
    [ "$status" -eq "$expected" ] && return 0
    echo "  hsframe-queue-bench $*: exit $status, expected $expected" >&2
    sed 's/^/  | /' bench.out bench.err >&2
    return 1
}
rows() { tail -n +2 bench.out | grep -c .; }

# A 3D fluid of 256 spheres, short: every kind of event of a periodic box.
cat >run.ini <<'I'
[simulation]
dim = 3
end_time = 1
seed = 3
[init]
lattice = fcc
cells = 4 4 4
packing_fraction = 0.3
temperature = 1
[boundary]
plugin = periodic
[output.final]
plugin = snapshot
file = final.xyz
I

check "a run without record" run_status 0 -c run.ini -s queue.plugin=calendar
mv final.xyz plain.xyz
check "recorded under calendar, indexed" run_status 0 -c run.ini -s queue.plugin=calendar \
    -s queue.indexed=yes -s queue.record=indexed.rec
check "recording on: the same trajectory to the bit" cmp plain.xyz final.xyz
check "recorded under binary_heap, push and pop" run_status 0 -c run.ini \
    -s queue.plugin=binary_heap -s queue.indexed=no -s queue.record=pushpop.rec
check "recording on, push and pop: the same trajectory to the bit" cmp plain.xyz final.xyz
check "no temporary left beside the recordings" test -z "$(ls | grep tmp)"

# shellcheck disable=SC2086 # one path a word
check "the push/pop recording replays on every queue ($n_queues)" bench 0 --replay pushpop.rec $queues
check "  a row for each, none failed" test "$(rows)" -eq "$n_queues"
check "  binary_heap's row" grep -q '^binary_heap  *pushpop  *pushpop.rec' bench.out
# shellcheck disable=SC2086
check "the indexed recording replays on every indexed queue" bench 0 --replay indexed.rec $queues
n_indexed=$(rows)
check "  calendar and binary_heap among them" \
    test "$(grep -c '^\(calendar\|binary_heap\)  *indexed' bench.out)" -eq 2
check "  default queues: those of the build tree" bench 0 --replay indexed.rec
check "  the same rows" test "$(rows)" -eq "$n_indexed"

check "an unwritable recording is refused before the run" \
    run_status 2 -c run.ini -s queue.record=no/such/dir/x.rec -s output.final.file=never.xyz
check "  with the key and the reason" contains "$WORK/err" "[queue] record: no/such/dir/x.rec: cannot write"
check "  and nothing written" test ! -e never.xyz

# Damaged recordings: exit 2, the byte offset named.
size=$(wc -c <pushpop.rec)
head -c $((size - 3)) pushpop.rec >cut.rec
check "a recording cut short is refused" bench 2 --replay cut.rec binary_heap
check "  with the offset" grep -q "cut.rec: byte $((size - 4)): expected the 4-byte CRC-32" bench.err
head -c 100 pushpop.rec >cut100.rec
check "a recording cut in its operations is refused" bench 2 --replay cut100.rec binary_heap
check "  as truncated, with an offset" grep -q "cut100.rec: byte [0-9]*: expected .*truncated" bench.err
# flip FILE OFFSET BYTE-OCTAL OUT
flip() {
    { head -c "$2" "$1"; printf "\\$3"; tail -c +$(($2 + 2)) "$1"; } >"$4"
}
flip pushpop.rec 16 377 op.rec
check "an unknown opcode is refused" bench 2 --replay op.rec binary_heap
check "  at byte 16" grep -q "op.rec: byte 16: expected a push/pop opcode .*, found opcode 0xff" bench.err
mid=$((size / 2))
byte=$(od -An -tu1 -j $mid -N1 pushpop.rec | tr -d ' ')
flip pushpop.rec $mid "$(printf '%o' $(((byte + 1) % 256)))" mid.rec
check "a byte changed in the middle is refused" bench 2 --replay mid.rec binary_heap
check "  with an offset" grep -q "mid.rec: byte [0-9]*: expected" bench.err
check "a file that is not a recording is refused" bench 2 --replay run.ini binary_heap
check "  at byte 0" grep -q "run.ini: byte 0: expected a queue recording" bench.err

# A queue that answers otherwise than recorded: two pushes at time 0
# (seqs 1 and 2) and a pop recorded as seq 2, where every correct queue
# gives seq 1.  The CRC-32 is gzip's (the same polynomial as zlib's).
printf 'HSFQREC\000\001\000\000\000\000\000\000\000\001\000\002\001\000\002\002\000\000\000\003' >wrong.body
{ cat wrong.body; gzip -c wrong.body | tail -c 8 | head -c 4; } >wrong.rec
check "a queue answering otherwise than recorded fails" bench 1 --replay wrong.rec binary_heap
check "  naming the operation, expected and found" \
    grep -q "operation 2 (pop): expected t = 0 seq 2, found t = 0 seq 1" bench.out

# The models at small n: every (model, distribution, n) has a row per
# queue and per indexed queue, none failed.
# shellcheck disable=SC2086
check "the hold and up-down models run" bench 0 --sizes 100,1000 --holds 3000 $queues
check "  every row present: 2 models x 6 distributions x 2 sizes x $((n_queues + n_indexed)) queues" \
    test "$(rows)" -eq $((2 * 6 * 2 * (n_queues + n_indexed)))
for d in exponential uniform bimodal triangular negtriangular camel; do
    for m in hold updown; do
        check "  binary_heap, $m, $d, n = 1000" \
            grep -q "^binary_heap  *$m  *$d  *1000  *[0-9][0-9]*  *1.00 " bench.out
    done
done
check "bad usage: exit 2" bench 2 --dist gaussian
check "  the values it takes" grep -q "expected exponential, uniform" bench.err
finish
