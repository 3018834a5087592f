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
"$bench" $quick | tee "$out/models.txt" || status=1

echo
sh "$top/tests/bench/record_workloads.sh" "$out/recordings" ${quick:+quick} >/dev/null
first=1
for rec in "$out"/recordings/*.rec; do
    if [ $first = 1 ]; then "$bench" --replay "$rec"; else "$bench" --replay "$rec" | tail -n +2; fi ||
        status=1
    first=0
done | tee "$out/replay.txt"

# The plot: one data file per (distribution, queue) of the hold model.
if command -v gnuplot >/dev/null 2>&1; then
    rm -f "$out"/hold-*.dat
    awk -v dir="$out" '$2 == "hold" && $5 ~ /^[0-9]+$/ {
            f = dir "/hold-" $3 "-" $1 ".dat"; sub(/\/indexed\.dat$/, "@indexed.dat", f)
            print $4, $5 >> f }' "$out/models.txt"
    {
        echo "set terminal pngcairo size 1500,900 font 'sans,10' noenhanced"
        echo "set output '$out/bench-queues.png'"
        echo "set multiplot layout 2,3 title 'hold model: holds per second against n (hsframe-queue-bench $quick, $(date -u +%Y-%m-%d), $commit)'"
        echo "set logscale xy; set format x '10^{%L}'; set xlabel 'n'; set ylabel 'holds/s'"
        echo "set key bottom left; set grid"
        for d in exponential uniform bimodal triangular negtriangular camel; do
            echo "set title '$d'"
            plot=
            for f in "$out"/hold-"$d"-*.dat; do
                [ -e "$f" ] || continue
                q=${f##*/hold-$d-}; q=${q%.dat}; q=$(echo "$q" | sed 's/@/\//')
                plot="$plot${plot:+, }'$f' using 1:2 with linespoints title '$q'"
            done
            echo "plot $plot"
        done
        echo "unset multiplot"
    } | sed 's/10^{%L}/10^%L/' | gnuplot && echo "plot: $out/bench-queues.png"
else
    echo "plot: not drawn (gnuplot is not installed)"
fi
exit $status
