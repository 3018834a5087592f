#!/bin/sh
# Start-up and memory at scale (docs/BENCHMARKS.md, "Start-up and memory
# at scale"): runs to a tiny end time, so that a run is its set-up, the
# first prediction of every particle and the final checks.
#
#   1. 10^6 discs (2D periodic gas, packing fraction 0.30, square lattice)
#      and 10^6 spheres (FCC at 0.30 and 0.45): startup_seconds (set-up to
#      the first event), wall_seconds (the event loop: the first
#      predictions, the queue filled, the final checks) and peak resident
#      bytes per particle, the best of HSF_BENCH_ROUNDS (3) runs.
#   2. Peak resident bytes per particle (getrusage ru_maxrss, the
#      summary's peak_rss_kb) of the 2D gas at 10^6 and 10^7 discs, the
#      default queue (10^7 needs some 2.5 GB; skipped with quick).
#   3. With OLD-HSFRAME, another build: old and new in turns,
#      HSF_BENCH_ROUNDS pairs per workload, each pair's ratio new / old of
#      wall_seconds and of startup_seconds (when the old build prints it).
#
# A benchmark, not a test: it prints figures and never fails on speed.
# Usage: startup.sh [quick] [OLD-HSFRAME]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
rounds=${HSF_BENCH_ROUNDS:-3}
quick=0
if [ "${1:-}" = quick ]; then
    quick=1
    shift
fi
old=${1:-}
work=$(mktemp -d /tmp/hsf-startup-XXXXXX)
trap 'rm -rf "$work"' EXIT

# The workloads: 2D gas of CELLS x CELLS discs, 3D FCC of 4 CELLS^3.
gas() {
    printf '[simulation]\ndim = 2\nend_time = 1e-9\n[init]\nlattice = square\ncells = %s %s\npacking_fraction = 0.3\n[boundary]\nplugin = periodic\n' \
        "$1" "$1" >"$work/$2.ini"
}
fcc() {
    printf '[simulation]\ndim = 3\nend_time = 1e-9\n[init]\nlattice = fcc\ncells = %s %s %s\npacking_fraction = %s\n[boundary]\nplugin = periodic\n' \
        "$1" "$1" "$1" "$2" >"$work/$3.ini"
}
if [ $quick = 1 ]; then
    gas 316 gas2d-0.30
    fcc 29 0.30 fcc-0.30
    fcc 29 0.45 fcc-0.45
else
    gas 1000 gas2d-0.30
    fcc 63 0.30 fcc-0.30
    fcc 63 0.45 fcc-0.45
    gas 3163 gas2d-1e7
fi

# measure BINARY NAME: one run; prints N startup_seconds wall_seconds
# peak_rss_kb search (startup_seconds "-" when the build has none).
measure() {
    "$1" -c "$work/$2.ini" >"$work/out" 2>"$work/err" || {
        echo "$2: failed: $(cat "$work/err")" >&2
        return 1
    }
    awk '/^particles:/ { n = $2 } /^startup_seconds:/ { s = $2 } /^wall_seconds:/ { w = $2 }
         /^peak_rss_kb:/ { m = $2 } /^neighbour_search:/ { q = $2 }
         END { print n, (s == "" ? "-" : s), w, m, q }' "$work/out"
}

echo "# hsframe start-up and memory, $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "# best of $rounds runs to t = 1e-9"
printf "%-12s %9s %7s %12s %12s %12s\n" workload N search startup_s wall_s bytes/part
for w in gas2d-0.30 fcc-0.30 fcc-0.45; do
    : >"$work/runs"
    for r in $(seq "$rounds"); do
        measure "$hsframe" "$w" >>"$work/runs" || true
    done
    [ -s "$work/runs" ] || continue
    awk -v w="$w" '
        { n = $1; q = $5; if (NR == 1 || $2 < s) s = $2; if (NR == 1 || $3 < t) t = $3;
          if (NR == 1 || $4 < m) m = $4 }
        END { printf "%-12s %9d %7s %12s %12.3f %12.0f\n", w, n, q,
                     s == "-" ? s : sprintf("%.3f", s), t, m * 1024 / n }' \
        "$work/runs"
done

echo
echo "# peak resident bytes per particle, 2D gas, default queue"
printf "%-12s %9s %12s %12s\n" workload N peak_MiB bytes/part
for w in gas2d-0.30 gas2d-1e7; do
    [ -f "$work/$w.ini" ] || continue
    line=$(measure "$hsframe" "$w") || continue
    echo "$line" | awk -v w="$w" '{ printf "%-12s %9d %12.1f %12.0f\n", w, $1, $4 / 1024, $4 * 1024 / $1 }'
done

[ -n "$old" ] || exit 0
echo
echo "# new ($hsframe) and old ($old) in turns: wall_seconds, startup_seconds, ratios new / old"
printf "%-12s %4s %9s %9s %7s %9s %9s %7s\n" workload pair old_wall new_wall ratio old_start new_start ratio
for w in gas2d-0.30 fcc-0.30 fcc-0.45; do
    for r in $(seq "$rounds"); do
        o=$(measure "$old" "$w") || continue
        n=$(measure "$hsframe" "$w") || continue
        echo "$w $r $o $n" | awk '{
            ws = $10 / $5; ss = ($4 == "-" || $9 == "-") ? "-" : sprintf("%.3f", $9 / $4)
            os = $4 == "-" ? $4 : sprintf("%.3f", $4); ns = $9 == "-" ? $9 : sprintf("%.3f", $9)
            printf "%-12s %4s %9.3f %9.3f %7.3f %9s %9s %7s\n", $1, $2, $5, $10, ws, os, ns, ss }'
    done
done
