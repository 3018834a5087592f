#!/bin/sh
# make bench-models: collisions per second of the model layer (stepped
# potentials, inelastic cores, bonds, gravity, compression) beside the
# hard-sphere path on the same system, and of Lees-Edwards shear beside
# the same run unsheared, in turns, for docs/BENCHMARKS.md.
# Each line is the best of HSF_BENCH_ROUNDS (3) runs, the two lines of a
# pair run in turns, and its ratios to the hard-sphere line above it (of collisions and of events per second;
# a square well spends most events at its steps), then the medians of the
# same ratios taken round by round (med, ev-med): on a shared machine
# one lucky run moves a best, while a round's two runs share its load.
# A benchmark, not a test: it never fails on speed.  Usage:
# tests/bench/models.sh
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
rounds=${HSF_BENCH_ROUNDS:-3}
work=$(mktemp -d /tmp/hsf-bench-XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "date: $(date -u +%Y-%m-%d)"
echo "machine: $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
printf '%-40s %-42s %7s %10s %12s %6s %6s %6s %6s\n' workload model N events/s collisions/s ratio \
    ev-ratio med ev-med

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

# median: the median of the numbers on standard input, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (v[int((NR + 1) / 2)] + v[int(NR / 2) + 1]) / 2 }'; }

# pair NAME INI MODEL-ARGS...: the hard-sphere path and the model in turns,
# HSF_BENCH_ROUNDS times each (so that the machine's drift falls on both),
# each line the best of its runs, with its ratio to the first.  The first
# line runs with base_args (options without spaces, none by default) and
# is labelled base_label; model_label, if set, labels the second.
base_args='' base_label="hard spheres" model_label=''
pair() {
    name=$1 ini=$2
    shift 2
    base=0 base_e=0 best_c=0 best_e=0
    : >"$work/rounds"
    for _ in $(seq "$rounds"); do
        # shellcheck disable=SC2086 # base_args: options without spaces
        run "$ini" $base_args || return 1
        base=$(max "$base" "$c") base_e=$(max "$base_e" "$e")
        round_c=$c round_e=$e
        run "$ini" "$@" || return 1
        best_c=$(max "$best_c" "$c") best_e=$(max "$best_e" "$e")
        awk -v c="$c" -v e="$e" -v bc="$round_c" -v be="$round_e" \
            'BEGIN { print c / bc, e / be }' >>"$work/rounds"
    done
    printf '%-40s %-42s %7s %10.0f %12.0f %6s %6s %6s %6s\n' "$name" "$base_label" "$n" \
        "$base_e" "$base" 1.00 1.00 1.00 1.00
    model=${model_label:-$(echo "$*" | sed 's/-s //g')}
    printf '%-40s %-42s %7s %10.0f %12.0f %6.2f %6.2f %6s %6s\n' "$name" "$model" "$n" "$best_e" \
        "$best_c" "$(awk -v a="$best_c" -v b="$base" 'BEGIN { print a / b }')" \
        "$(awk -v a="$best_e" -v b="$base_e" 'BEGIN { print a / b }')" \
        "$(cut -d' ' -f1 "$work/rounds" | median)" "$(cut -d' ' -f2 "$work/rounds" | median)"
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

# Lees-Edwards shear (rate 0.1, the flow's profile from the start) against
# the same system unsheared: hard spheres with cells and with neighbour
# lists, then the inelastic gas (restitution 0.9) against the unsheared
# inelastic gas; 4000 spheres to t = 40, 32000 to t = 4.
sed 's/^end_time = .*/end_time = 40/' "$work/fluid.ini" >"$work/fluid4k.ini"
sed -e 's/^cells = .*/cells = 20 20 20/' -e 's/^end_time = .*/end_time = 4/' \
    "$work/fluid.ini" >"$work/fluid32k.ini"
sheared="-s boundary.plugin=sheared -s boundary.rate=0.1 -s boundary.start_profile=yes"
inelastic="-s interaction.plugin=inelastic -s interaction.restitution=0.9"
lists="-s simulation.neighbour_lists=yes"
for system in fluid4k.ini fluid32k.ini; do
    for kind in "hard spheres, cells" "hard spheres, lists" "inelastic 0.9, cells" \
        "inelastic 0.9, lists"; do
        case $kind in
        hard*) with= ;;
        *) with=$inelastic ;;
        esac
        case $kind in
        *lists) with="$with $lists" ;;
        esac
        base_args=$with base_label="unsheared $kind" model_label="sheared $kind"
        # shellcheck disable=SC2086 # options without spaces
        pair "3D fluid at 0.3, Lees-Edwards 0.1" "$work/$system" $with $sheared
    done
done
base_args='' base_label="hard spheres" model_label=''
