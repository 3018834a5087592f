#!/bin/sh
# make bench-models: collisions per second of the model layer (stepped
# potentials, inelastic cores, bonds, gravity, compression) beside the
# hard-sphere path on the same system, in turns, for docs/BENCHMARKS.md.
# Each line is the best of HSF_BENCH_ROUNDS (3) runs, the two lines of a
# pair run in turns, and its ratios to the hard-sphere line above it (of collisions and of events per second;
# a square well spends most events at its steps).  A benchmark, not a test: it never fails on
# speed.  Usage: tests/bench/models.sh
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
rounds=${HSF_BENCH_ROUNDS:-3}
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
printf '%-40s %-42s %7s %10s %12s %6s %6s\n' workload model N events/s collisions/s ratio \
    ev-ratio

# run INI ARGS...: one run; its collisions and events per second in c, e
# (and the particle count in n).
run() {
    ini=$1
    shift
    "$hsframe" -c "$ini" "$@" >"$work/out" 2>"$work/err" || {
        echo "failed: $(cat "$work/err")" >&2; return 1; }
    c=$(awk '/^collisions_per_second:/ { print $2 }' "$work/out")
    e=$(awk '/^events_per_second:/ { print $2 }' "$work/out")
    n=$(awk '/^particles:/ { print $2 }' "$work/out")
}

max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a ? b : a) }'; }

# pair NAME INI MODEL-ARGS...: the hard-sphere path and the model in turns,
# HSF_BENCH_ROUNDS times each (so that the machine's drift falls on both),
# each line the best of its runs, with its ratio to the first.
pair() {
    name=$1 ini=$2
    shift 2
    base=0 base_e=0 best_c=0 best_e=0
    for r in $(seq "$rounds"); do
        run "$ini" || return 1
        base=$(max "$base" "$c") base_e=$(max "$base_e" "$e")
        run "$ini" "$@" || return 1
        best_c=$(max "$best_c" "$c") best_e=$(max "$best_e" "$e")
    done
    printf '%-40s %-42s %7s %10.0f %12.0f %6s %6s\n' "$name" "hard spheres" "$n" "$base_e" \
        "$base" 1.00 1.00
    model=$(echo "$*" | sed 's/-s //g')
    printf '%-40s %-42s %7s %10.0f %12.0f %6.2f %6.2f\n' "$name" "$model" "$n" "$best_e" \
        "$best_c" "$(awk -v a="$best_c" -v b="$base" 'BEGIN { print a / b }')" \
        "$(awk -v a="$best_e" -v b="$base_e" 'BEGIN { print a / b }')"
}

cat >"$work/fluid.ini" <<'INI'
[simulation]
dim = 3
end_time = 20
[init]
lattice = fcc
cells = 10 10 10
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
INI
# A core of 1 + 1e-12 sums of radii is a hard sphere on the model path:
# what the path itself costs.
pair "3D fluid, 4000 at 0.3" "$work/fluid.ini" -s interaction.plugin=hard_sphere \
    -s interaction.core=1.000000000001
pair "3D fluid, 4000 at 0.3" "$work/fluid.ini" -s interaction.plugin=square_well \
    -s interaction.depth=1 -s interaction.range=1.5
pair "3D fluid, 4000 at 0.3" "$work/fluid.ini" -s interaction.plugin=inelastic \
    -s interaction.restitution=0.95 -s simulation.end_time=5

cat >"$work/gas.ini" <<'INI'
[simulation]
dim = 2
end_time = 50
[init]
lattice = square
cells = 100 100
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = box
INI
pair "2D gas, 10^4 in a box at 0.3" "$work/gas.ini" -s field.gravity="0 -0.01"
pair "2D gas, 10^4 in a box at 0.3" "$work/gas.ini" -s compression.rate=0.01 \
    -s compression.packing_fraction=0.5
