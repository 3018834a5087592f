#!/bin/sh
# The 2D scaling figure of docs/BENCHMARKS.md: events per second of the
# periodic gas of discs at packing fraction 0.3 with 10^6 discs over the
# rate with 10^4, the default queue, the two sizes taken in turns.  Both
# runs are long enough that what is done once per particle at the start
# (every particle's first prediction) is a small share of each: 260 events
# per disc at 10^4 (t = 100) and 78 at 10^6 (t = 30).  A run of 10^6 discs
# to t = 3, 7.5 events per disc, spends some 4% of its time on that start,
# which the 10^4 run spreads over 35 times as many events per disc.
# Prints each round and the median of the per-round ratios.  With
# --sizes, the steps between: 10^4, 3.2*10^4, 10^5, 3.2*10^5 and 10^6
# discs, each to t = 30 (78 events per disc), in turns, with each size's
# median rate, its ratio to 10^4's and its peak memory per disc (where the
# working set passes which cache).  A benchmark, not a test.
# Usage: scaling2d.sh [--sizes] HSFRAME ROUNDS [SCALE-DIVISOR]
set -eu
sizes=no
if [ "${1:-}" = --sizes ]; then
    sizes=yes
    shift
fi
hsframe=$1
rounds=$2
scale=${3:-1}
work=$(mktemp -d /tmp/hsf-scaling-XXXXXX)
trap 'rm -rf "$work"' EXIT

# gas CELLS END-TIME: the ini of the gas of CELLS x CELLS discs.
gas() {
    printf '[simulation]\ndim = 2\nend_time = %s\n[init]\nlattice = square\ncells = %s %s\npacking_fraction = 0.3\n[boundary]\nplugin = periodic\n' \
        "$2" "$1" "$1"
}
if [ "$sizes" = yes ]; then
    t=$(awk -v s="$scale" 'BEGIN { printf "%g", 30 / s }')
    echo "# 2D gas at 0.3 to t = $t: events/s by size, in turns ($rounds rounds)"
    for round in $(seq "$rounds"); do
        for cells in 100 178 316 562 1000; do
            gas "$cells" "$t" >"$work/gas.ini"
            "$hsframe" -c "$work/gas.ini" >"$work/out" 2>"$work/err" || {
                cat "$work/err" >&2; exit 1; }
            awk -v c="$cells" '/^events_per_second:/ { e = $2 } /^peak_rss_kb:/ { m = $2 }
                END { print c * c, e, m }' "$work/out" >>"$work/sizes"
        done
    done
    printf "%-9s %14s %8s %14s\n" discs "median ev/s" "/10^4" "peak B/disc"
    sort -k1,1n -k2,2g "$work/sizes" | awk -v r="$rounds" '
        { k = int((NR - 1) / r); n[k] = $1; v[k, (NR - 1) % r] = $2; m[k] = $3 }
        END { for (q = 0; q <= k; q++) {
                  med = (v[q, int((r - 1) / 2)] + v[q, int(r / 2)]) / 2
                  if (q == 0) base = med
                  printf "%-9d %14.0f %8.3f %14.0f\n", n[q], med, med / base, m[q] * 1024 / n[q] } }'
    exit 0
fi
small_t=$(awk -v s="$scale" 'BEGIN { printf "%g", 100 / s }')
large_t=$(awk -v s="$scale" 'BEGIN { printf "%g", 30 / s }')
gas 100 "$small_t" >"$work/small.ini"
gas 1000 "$large_t" >"$work/large.ini"

rate() {
    "$hsframe" -c "$1" >"$work/out" 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    awk '/^events_per_second:/ { print $2 }' "$work/out"
}

echo "# 2D scaling: events/s with 10^6 discs (t = $large_t) over 10^4 (t = $small_t), in turns"
printf "%-6s %12s %12s %7s\n" round "10^4 ev/s" "10^6 ev/s" ratio
for round in $(seq "$rounds"); do
    small=$(rate "$work/small.ini")
    large=$(rate "$work/large.ini")
    echo "$round $small $large" | awk '{ printf "%-6s %12d %12d %7.3f\n", $1, $2, $3, $3 / $2 }' \
        >>"$work/rounds"
    tail -n 1 "$work/rounds"
done
sort -k4 -g "$work/rounds" | awk '{ r[NR] = $4 }
    END { printf "median ratio %.3f over %d rounds\n", (r[int((NR + 1) / 2)] + r[int(NR / 2) + 1]) / 2, NR }'
