#!/bin/sh
# make bench-queues: the queue plugins alone (hsframe-queue-bench): the
# hold and up-down models, push/pop and indexed, six increment
# distributions, sizes 10^2 to 10^7 (quick: 10^2 to 10^5, 2 x 10^5 holds);
# then recordings of four runs (tests/bench/record_workloads.sh) replayed
# on every queue.  Prints the tables, and draws the hold model's steps per
# second against n, one panel per distribution, in one PNG
# (bench-queues.png, with gnuplot when installed).  Everything is written
# to HSF_BENCH_OUT (default ./bench-queues): models.txt, replay.txt, the
# recordings and the PNG.  A benchmark, not a test: it fails only when a
# queue gives a wrong answer.  Usage: tests/bench/queues.sh [quick]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
bench="$build/hsframe-queue-bench"
out=${HSF_BENCH_OUT:-bench-queues}
mkdir -p "$out"
quick=
[ "${1:-}" = quick ] && quick=--quick
commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "# hsframe-queue-bench $quick, $(date -u +%Y-%m-%d), commit $commit, $(nproc) cores," \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
status=0
# The table as it comes, and its exit status (a pipe would lose it).
"$bench" $quick >"$out/models.txt" &
pid=$!
tail -f --pid=$pid "$out/models.txt"
wait $pid || status=1

echo
sh "$top/tests/bench/record_workloads.sh" "$out/recordings" ${quick:+quick} >/dev/null
: >"$out/replay.txt"
for rec in "$out"/recordings/*.rec; do
    "$bench" --replay "$rec" >"$out/replay.one" || status=1
    # One header for all.
    if [ -s "$out/replay.txt" ]; then tail -n +2 "$out/replay.one"; else cat "$out/replay.one"; fi |
        tee -a "$out/replay.txt"
done
rm -f "$out/replay.one"

# The plot (tests/bench/queues_plot.sh).
if command -v gnuplot >/dev/null 2>&1; then
    sh "$top/tests/bench/queues_plot.sh" "$out/models.txt" "$out/bench-queues.png" \
        "hold model: holds per second against n (hsframe-queue-bench $quick, $(date -u +%Y-%m-%d), $commit)" &&
        echo "plot: $out/bench-queues.png"
else
    echo "plot: not drawn (gnuplot is not installed)"
fi
exit $status
