#!/bin/sh
# make bench-reference: the hard-sphere fluid beside F. Smallenburg's EDMD
# (github.com/FSmallenburg/EDMD; Eur. Phys. J. E 45, 22 (2022)) for
# docs/BENCHMARKS.md, "Against the reference code".  A benchmark, not a
# test: it never fails on speed.
#
# HSF_EDMD names a directory with the reference's three variants built
# apart (none of its code is here): Cell/md, Multi/md and Single/md, each
# changed as that section describes: it takes N, the packing fraction and
# the end time as its three arguments, starts from its FCC crystal without
# the thermostat, and prints a line with "collisions C" and "seconds S",
# its collision counter and the wall seconds of its event loop.
#
# Six points, packing fraction 0.30 (cells) and 0.45 (neighbour lists) at
# N = 4000, 32000, 256000, each code running about 2.5 million collisions;
# HSF_BENCH_ROUNDS (3) rounds, the six points in turn and the four
# programs one after the other at each point.  Each round's ratio is
# hsframe over the best reference variant of that round; the last table
# takes each program's best over the rounds.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
rounds=${HSF_BENCH_ROUNDS:-3}
ref=${HSF_EDMD:-}
points=${HSF_BENCH_POINTS:-"0.30:4000 0.30:32000 0.30:256000 0.45:4000 0.45:32000 0.45:256000"}
if [ -z "$ref" ]; then
    echo "bench-reference: set HSF_EDMD to the directory of the reference's built variants" >&2
    echo "  (Cell/md, Multi/md, Single/md; docs/BENCHMARKS.md, \"Against the reference code\")" >&2
    exit 2
fi
for v in Cell Multi Single; do
    [ -x "$ref/$v/md" ] || { echo "bench-reference: $ref/$v/md: not an executable" >&2; exit 2; }
done
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"

echo "date: $(date -u '+%Y-%m-%d %H:%M')"
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "commit: $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)"

# The fluid of conf/periodic3d.ini without its outputs: fcc, kT = 1, the
# default queue (auto).
cat > fluid.ini <<'EOF'
[simulation]
dim = 3
seed = 1
[init]
lattice = fcc
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
EOF

# reference VARIANT N PHI T: the variant's collisions per second of its loop.
reference() {
    "$ref/$1/md" "$2" "$3" "$4" >out 2>err || { cat err >&2; exit 1; }
    awk '{ for (i = 1; i < NF; i++) { if ($i == "collisions") c = $(i + 1); if ($i == "seconds") s = $(i + 1) } }
         END { if (s > 0) printf "%.0f\n", c / s; else print 0 }' out
}

# ours N PHI T: hsframe's collisions per second (its summary).
ours() {
    c=$(awk -v n="$1" 'BEGIN { printf "%d", (n / 4) ^ (1 / 3) + 0.5 }')
    "$hsframe" -q -c fluid.ini -s init.packing_fraction="$2" -s init.cells="$c $c $c" \
        -s simulation.end_time="$3" --summary text >out 2>err || { cat err >&2; exit 1; }
    awk '/^collisions_per_second:/ { print $2 }' out
}

max() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 > a + 0) ? b : a }'; }

echo
echo "## Collisions per second, each round (ratio: hsframe over the round's best variant)"
printf '%5s %5s %7s %10s %10s %10s %10s %7s\n' round phi N Cell Multi Single hsframe ratio
for r in $(seq "$rounds"); do
    for p in $points; do
        phi=${p%%:*} n=${p##*:}
        # About 2.5 million collisions: 5 N per unit time at 0.30, 14 N at 0.45.
        t=$(awk -v n="$n" -v f="$phi" 'BEGIN { printf "%.6g", 2.5e6 / ((f < 0.4 ? 5 : 14) * n) }')
        cell=$(reference Cell "$n" "$phi" "$t")
        multi=$(reference Multi "$n" "$phi" "$t")
        single=$(reference Single "$n" "$phi" "$t")
        us=$(ours "$n" "$phi" "$t")
        b=$(max "$(max "$cell" "$multi")" "$single")
        printf '%5d %5s %7d %10d %10d %10d %10d %7.2f\n' "$r" "$phi" "$n" "$cell" "$multi" "$single" "$us" \
            "$(awk -v a="$us" -v b="$b" 'BEGIN { print a / b }')"
        echo "$phi $n $cell $multi $single $us" >> rates
    done
done

echo
echo "## Best of $rounds rounds"
printf '%5s %7s %10s %10s %10s %10s %13s\n' phi N Cell Multi Single hsframe "hsframe/best"
for p in $points; do
    phi=${p%%:*} n=${p##*:}
    awk -v f="$phi" -v n="$n" '$1 == f && $2 == n {
            for (i = 3; i <= 6; i++) if ($i > b[i]) b[i] = $i }
        END { r = b[3]; if (b[4] > r) r = b[4]; if (b[5] > r) r = b[5]
              printf "%5s %7d %10d %10d %10d %10d %13.2f\n", f, n, b[3], b[4], b[5], b[6], b[6] / r }' rates
done
