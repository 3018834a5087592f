#!/bin/sh
# The skewheap queue: hsframe-queue-check passes it (--quick: seconds),
# hsframe-queue-bench times it beside hsframe's binary heap on the hold
# model, checking its answers, and a gas run with it ends in the same state
# as with the calendar queue, bit for bit (every correct queue pops the
# same events in the same order).
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$HSFRAME_QUEUE_CHECK" --quick "$PLUGIN_DIR/skewheap.so" >check.out 2>&1 ||
    fail "hsframe-queue-check: $(grep -v '^PASS' check.out)"
cat >gas.ini <<'I'
[simulation]
end_time = 100
seed = 3
[init]
lattice = triangular
cells = 10 20
packing_fraction = 0.2
temperature = 1
[boundary]
plugin = box
[queue]
plugin = QUEUE
[output.final]
plugin = snapshot
file = final.txt
format = algs4
I
for q in skewheap calendar; do
    sed "s/QUEUE/$q/" gas.ini >"$q.ini"
    "$HSFRAME" --plugin-path "$PLUGIN_DIR" -c "$q.ini" >out 2>err || fail "with $q: $(cat err)"
    grep -qE "^queue: $q( |$)" out || fail "the run with $q used another queue: $(grep "^queue:" out)"
    mv final.txt "$q.txt"
done
[ "$(head -n 1 calendar.txt)" -gt 100 ] || fail "expected a few hundred discs, found $(head -n 1 calendar.txt)"
cmp -s skewheap.txt calendar.txt || fail "the final states with skewheap and calendar differ"
"$HSFRAME_QUEUE_BENCH" --model hold --form pushpop --dist exponential --sizes 1000,10000 \
    --holds 20000 "$PLUGIN_DIR/skewheap.so" binary_heap >bench.out 2>&1 ||
    fail "hsframe-queue-bench: $(cat bench.out)"
[ "$(grep -c '^skewheap ' bench.out)" -eq 2 ] && [ "$(grep -c '^binary_heap ' bench.out)" -eq 2 ] ||
    fail "expected two rows each of skewheap and binary_heap, found: $(cat bench.out)"
echo "skewheap: 3 passed, 0 failed"
