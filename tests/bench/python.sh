#!/bin/sh
# A run started from Python against the program: the 3D fluid of 4000
# spheres at packing fraction 0.30 (3 million events, about 4 s), the
# program and `hsframe.Simulation(...).run()` in turns, ROUNDS times
# each; the best events per second of the event loop (the summary's) of
# each, and Python's over the program's.  Prints a note and nothing else
# when the module was not built.  Usage: tests/bench/python.sh [ROUNDS [SCALE]]
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${HSF_BENCH_BUILDDIR:-$top}
py=${HSF_BENCH_PYTHON:-python3}
rounds=${1:-3}
scale=${2:-1}
if ! ls "$build"/python/hsframe/_core*.so >/dev/null 2>&1 || [ "$py" = ":" ]; then
    echo "# python: the module was not built (python3-dev, python3-numpy); skipped"
    exit 0
fi
work=$(mktemp -d /tmp/hsf-bench-py-XXXXXX)
trap 'rm -rf "$work"' EXIT
t=$(awk -v s="$scale" 'BEGIN { printf "%g", 3e6 / (14 * 4000) / s }')
cat >"$work/fluid.ini" <<I
[simulation]
dim = 3
end_time = $t
[init]
lattice = fcc
cells = 10 10 10
packing_fraction = 0.30
[boundary]
plugin = periodic
I
cd "$work"
for round in $(seq "$rounds"); do
    "$build/hsframe" -q -c fluid.ini --summary json |
        "$py" -c 'import json, sys; print(json.load(sys.stdin)["events_per_second"])' >>program
    PYTHONPATH="$build/python" "$py" -c 'import hsframe
s = hsframe.Simulation(config="fluid.ini")
s.run()
print(s.summary()["events_per_second"])' >>python
done
best() { sort -g "$1" | tail -n 1; }
echo "# a run from Python against the program: fluid3d-0.30-4000, t = $t, best of $rounds"
printf "%-10s %12s\n" run events/s
printf "%-10s %12.0f\n" program "$(best program)" python "$(best python)"
awk -v p="$(best python)" -v h="$(best program)" 'BEGIN { printf "python / program: %.3f\n", p / h }'
