#!/bin/sh
# Recordings of the queue's operations ([queue] record) in four runs of the
# shipped configurations, shortened, for hsframe-queue-bench --replay:
#   gas2d       conf/gas-kT0.5.ini, 10^4 discs (cells 50 100), packing 0.2
#   fluid3d     conf/periodic3d.ini at packing fraction 0.45 (dense), 4000 spheres
#   squarewell  conf/squarewell.ini, 864 spheres in wells of range 1.5
#   granular    conf/granular.ini, 8192 inelastic discs cooling
# each under the default queue (calendar, indexed: NAME-indexed.rec) and
# under binary_heap with push and pop (NAME-pushpop.rec), about 10^6
# events a run (a tenth with quick).  Recordings are large and are not
# committed.  Usage: tests/bench/record_workloads.sh DIR [quick]
set -eu
[ $# -ge 1 ] || { echo "usage: $0 DIR [quick]" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
hsframe="$build/hsframe"
[ -x "$hsframe" ] || hsframe=hsframe
mkdir -p "$1"
dir=$(cd "$1" && pwd)
scale=1
[ "${2:-}" = quick ] && scale=10
# The runs' own outputs (thermo files, pictures) go to a scratch directory.
scratch=$(mktemp -d /tmp/hsf-record-XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# record NAME CONF END-TIME [KEY=VALUE]: both modes
record() {
    name=$1 conf=$2 end=$(awk -v t="$3" -v s=$scale 'BEGIN { printf "%g", t / s }')
    extra=${4:-simulation.seed=1}
    for mode in indexed pushpop; do
        queue="-s queue.plugin=calendar -s queue.indexed=yes"
        [ $mode = indexed ] || queue="-s queue.plugin=binary_heap -s queue.indexed=no"
        # shellcheck disable=SC2086 # $queue is words
        (cd "$scratch" && "$hsframe" -q -c "$top/conf/$conf" -s "$extra" $queue \
            -s simulation.end_time="$end" -s queue.record="$dir/$name-$mode.rec")
        echo "$dir/$name-$mode.rec: $(wc -c <"$dir/$name-$mode.rec") bytes"
    done
}

record gas2d gas-kT0.5.ini 80 "init.cells=50 100"
record fluid3d periodic3d.ini 4 init.packing_fraction=0.45
record squarewell squarewell.ini 10
record granular granular.ini 20
