#!/bin/sh
# make bench-timestep: steps per second of the time-step engine on a few
# workloads, with the machine's description, for docs/BENCHMARKS.md.  The
# best of HSF_BENCH_ROUNDS (2) runs.  A benchmark, not a test: it never
# fails on speed.  Usage: tests/bench/timestep.sh
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
rounds=${HSF_BENCH_ROUNDS:-2}
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
printf '%-44s %8s %8s %12s %12s\n' workload N steps steps/s "particle-steps/s"

# bench NAME STEPS INI-TEXT
bench() {
    printf '%s\n' "$3" >"$work/$1.ini"
    best=0
    for r in $(seq "$rounds"); do
        "$hsframe" -c "$work/$1.ini" >"$work/out" 2>"$work/err" || {
            echo "$1: failed: $(cat "$work/err")" >&2; return; }
        s=$(awk '/^steps_per_second:/ { print $2 }' "$work/out")
        best=$(awk -v a="$best" -v b="$s" 'BEGIN { print (b > a ? b : a) }')
    done
    n=$(awk '/^particles:/ { print $2 }' "$work/out")
    steps=$(awk '/^steps:/ { print $2 }' "$work/out")
    printf '%-44s %8s %8s %12.0f %12.3g\n' "$1" "$n" "$steps" "$best" "$(awk -v a="$best" -v n="$n" 'BEGIN { print a * n }')"
}

gas() {    # gas CELLS: a square lattice, periodic, packing fraction 0.3, kT = 1
    printf '[simulation]\ndim = 2\nend_time = %s\nengine = timestep\ndt = 0.01\n' "$2"
    printf '[init]\nlattice = square\ncells = %s %s\npacking_fraction = 0.3\nradius = 0.5\n' "$1" "$1"
    printf '[boundary]\nplugin = periodic\n'
}
bench "hard-disc gas, verlet, contact" 200 "$(gas 100 2)"
bench "hard-disc gas, verlet, contact" 40 "$(gas 316 0.4)"

# Diatomic molecules on a square lattice of molecules, springs and contact.
molecules() {  # molecules K: K x K molecules of two atoms 1.2 apart, radius 0.5
    awk -v k="$1" 'BEGIN { srand(1); print 2 * k * k
        for (a = 0; a < k; a++) for (b = 0; b < k; b++) {
            vx = rand() - 0.5; vy = rand() - 0.5
            printf "%.6f %.6f %.6f %.6f 0.5 1 255 0 0\n", 3 * a + 0.9, 3 * b + 1.5, vx, vy
            printf "%.6f %.6f %.6f %.6f 0.5 1 255 0 0\n", 3 * a + 2.1, 3 * b + 1.5, vx, vy } }'
}
molecules 71 >"$work/mol.txt"
awk 'BEGIN { for (i = 0; i < 2 * 71 * 71; i += 2) print i, i + 1 }' >"$work/mol-bonds.txt"
side=$((3 * 71))
bench "diatomic gas, springs and contact" 200 "$(printf '[simulation]\ndim = 2\nparticles = %s\nend_time = 2\nengine = timestep\ndt = 0.01\n[bonds]\nfile = %s\nlength = 1.2\n[force.springs]\nplugin = spring\nstiffness = 100\n[boundary]\nplugin = periodic\nsize = %s %s\n' "$work/mol.txt" "$work/mol-bonds.txt" $side $side)"

# All-pairs gravity: N bodies on a lattice at rest, softened.
bodies() {
    awk -v k="$1" 'BEGIN { print k * k
        for (a = 0; a < k; a++) for (b = 0; b < k; b++)
            printf "%.6f %.6f 0 0 0.01 1 255 255 255\n", 50 + a, 50 + b }'
}
for k in 10 32; do
    bodies $k >"$work/bodies$k.txt"
    bench "gravity (all pairs), rk4, no contact" 100 "$(printf '[simulation]\ndim = 2\nparticles = %s\nend_time = 1\nengine = timestep\nintegrator = rk4\ndt = 0.01\ncontact = no\n[force.gravity]\nplugin = gravity\nG = 0.01\nsoftening = 0.1\n[boundary]\nplugin = box\nsize = 140 140\n' "$work/bodies$k.txt")"
done
