#!/bin/sh
# make bench: the same workloads under every queue plugin, and a table of
# events and collisions per second, peak memory and each queue's collision
# rate relative to calendar (the default) measured in the same run
# (collisions, since an indexed queue never pops the superseded events that
# the others pop and drop).  Q/pushpop is queue Q with [queue] indexed = no.
# Each line is the best of HSF_BENCH_ROUNDS (2) runs taken in turns.  A
# benchmark, not a test: it never fails on speed.  Usage: tests/bench/run.sh [quick]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
queues=${HSF_BENCH_QUEUES:-"calendar calendar/pushpop binary_heap binary_heap/pushpop pairing_heap ladder ladder/pushpop marin_tree marin_tree/pushpop splay_tree splay_tree/pushpop"}
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
scale=1
rounds=${HSF_BENCH_ROUNDS:-2}
[ "${1:-}" = quick ] && scale=10 rounds=1

# workload NAME INI-TEXT: one line per queue.  The queues take turns,
# $rounds times, and each line has a queue's fastest run: on a shared
# machine a single run can be a quarter slower for reasons of its own.
workload() {
    name=$1
    printf '%s\n' "$2" >"$work/$name.ini"
    rm -f "$work"/best.*
    for round in $(seq "$rounds"); do
        k=0
        for q in $queues; do
            k=$((k + 1))
            plugin=${q%/pushpop}
            indexed=yes
            [ "$plugin" = "$q" ] || indexed=no
            [ -e "$build/plugins/queue/.libs/$plugin.so" ] || continue
            "$hsframe" -c "$work/$name.ini" -s queue.plugin="$plugin" -s queue.indexed=$indexed \
                >"$work/out" 2>"$work/err" || {
                echo "$name $q: failed: $(cat "$work/err")" >&2; continue; }
            awk -v q="$q" '
                /^particles:/ { n = $2 } /^events:/ { ev = $2 }
                /^events_per_second:/ { eps = $2 } /^collisions_per_second:/ { cps = $2 }
                /^peak_rss_kb:/ { rss = $2 }
                END { print q, n, ev, eps, cps, rss }' "$work/out" >>"$work/best.$k"
        done
    done
    base=""
    for f in $(ls "$work"/best.* 2>/dev/null | sort -t. -k2 -n); do
        line=$(sort -k5 -g "$f" | tail -n 1)
        cps=$(echo "$line" | awk '{ print $5 }')
        [ -n "$base" ] || base=$cps
        echo "$line" | awk -v w="$name" -v base="$base" '
            { printf "%-22s %-19s %9d %11d %12.0f %12.0f %9.1f %7.2f\n",
                     w, $1, $2, $3, $4, $5, $6 / 1024, $5 / base }'
    done
}

echo "# hsframe benchmark, $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf "%-22s %-19s %9s %11s %12s %12s %9s %7s\n" workload queue N events events/s \
    collisions/s "RSS(MiB)" ratio

workload billiards "[simulation]
particles = $top/data/billiards.txt
end_time = $((20000 / scale))
[boundary]
plugin = box
size = 1 1"

workload gas2d-1e4 "[simulation]
dim = 2
end_time = $((100 / scale))
[init]
lattice = square
cells = 100 100
packing_fraction = 0.3
[boundary]
plugin = periodic"

# About 3 million events per run at packing fraction 0.30 (some 14 events
# per particle per unit time there), 2.5 times more at 0.45.
for phi in 0.30 0.45; do
    for cells in 10 20 40; do
        n=$((4 * cells * cells * cells))
        t=$(awk -v n=$n -v s=$scale 'BEGIN { printf "%g", 3e6 / (14 * n) / s }')
        workload "fluid3d-$phi-$n" "[simulation]
dim = 3
end_time = $t
[init]
lattice = fcc
cells = $cells $cells $cells
packing_fraction = $phi
[boundary]
plugin = periodic"
    done
done

workload gas2d-1e6 "[simulation]
dim = 2
end_time = $(awk -v s=$scale 'BEGIN { printf "%g", 3 / s }')
[init]
lattice = square
cells = 1000 1000
packing_fraction = 0.3
[boundary]
plugin = periodic"

echo
sh "$top/tests/bench/scaling2d.sh" "$hsframe" $((rounds + 1)) "$scale"

# A run started from Python at the program's rate (docs/PYTHON.md).
echo
sh "$top/tests/bench/python.sh" $((rounds + 1)) "$scale"

# Start-up and memory at 10^6 and 10^7 particles.
echo
if [ "$scale" = 1 ]; then sh "$top/tests/bench/startup.sh"; else sh "$top/tests/bench/startup.sh" quick; fi

# The queues alone: the hold model of hsframe-queue-bench (make
# bench-queues runs all its workloads).
echo
"$build/hsframe-queue-bench" --plugin-path "$build/plugins/queue/.libs" --model hold \
    --dist exponential --sizes 1000,10000,100000,1000000,10000000 --holds $((2000000 / scale))
