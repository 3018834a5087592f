#!/bin/sh
# make bench: the same workloads under every queue plugin, and a table of
# events and collisions per second, peak memory and each queue's collision
# rate relative to calendar (the default) measured in the same run
# (collisions, since an indexed queue never pops the superseded events that
# the others pop and drop).  Q/pushpop is queue Q with [queue] indexed = no.
# A benchmark, not a test: it never fails on speed.  Usage: tests/bench/run.sh [quick]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
queues=${HSF_BENCH_QUEUES:-"calendar calendar/pushpop binary_heap binary_heap/pushpop pairing_heap"}
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
scale=1
[ "${1:-}" = quick ] && scale=10

# workload NAME INI-TEXT: one line per queue
workload() {
    name=$1
    printf '%s\n' "$2" >"$work/$name.ini"
    base=""
    for q in $queues; do
        plugin=${q%/pushpop}
        indexed=yes
        [ "$plugin" = "$q" ] || indexed=no
        [ -e "$build/plugins/queue/.libs/$plugin.so" ] || continue
        "$hsframe" -c "$work/$name.ini" -s queue.plugin="$plugin" -s queue.indexed=$indexed \
            >"$work/out" 2>"$work/err" || {
            echo "$name $q: failed: $(cat "$work/err")" >&2; continue; }
        awk -v w="$name" -v q="$q" -v base="$base" '
            /^particles:/ { n = $2 } /^events:/ { ev = $2 } /^collisions:/ { co = $2 }
            /^events_per_second:/ { eps = $2 } /^collisions_per_second:/ { cps = $2 }
            /^peak_rss_kb:/ { rss = $2 }
            END { ratio = base == "" ? 1 : cps / base
                  printf "%-22s %-19s %9d %11d %12.0f %12.0f %9.1f %7.2f\n",
                         w, q, n, ev, eps, cps, rss / 1024, ratio }' "$work/out"
        [ -n "$base" ] || base=$(awk '/^collisions_per_second:/ { print $2 }' "$work/out")
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

if [ -x "$build/tests/bench/queue_hold" ]; then
    echo
    "$build/tests/bench/queue_hold" "$build/plugins/queue/.libs" $((2 * scale))
fi
