#!/bin/sh
# make soak: long runs that must stay exact, with periodic audits.  10^9
# pair collisions of the 3D hard-sphere fluid at packing fraction 0.45
# (32000 spheres) and of 10^6 hard discs at 0.3, each audited 100 times
# (every pair that can touch checked for overlap, every event accounted
# for): no run may stop, no number may be NaN, the largest overlap must
# stay below 1e-10 diameters.  Prints collisions, wall time, max_overlap
# and the relative energy drift of each.  Not part of make check (about
# half an hour on 2 cores).  Usage: run.sh HSFRAME [COLLISIONS]
set -u
hsframe=$1
target=${2:-1000000000}
work=$(mktemp -d /tmp/hsf-soak-XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

cat >fluid3d.ini <<'I'
[simulation]
dim = 3
end_time = 1
[init]
lattice = fcc
cells = 20 20 20
packing_fraction = 0.45
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
I
cat >discs2d.ini <<'I'
[simulation]
dim = 2
end_time = 1
[init]
lattice = square
cells = 1000 1000
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
I

value() { sed -n "s/^$1: //p" "$2"; }

passed=0 failed=0
for system in fluid3d discs2d; do
    # The collision rate per unit of simulated time, from a short run past
    # the lattice's melting, gives the end time of the long one.
    "$hsframe" -q -c $system.ini -s simulation.end_time=2 >/dev/null || exit 1
    "$hsframe" -c $system.ini -s simulation.end_time=2 >short.txt 2>/dev/null
    per_time=$(awk '/^collisions:/ { print $2 / 2 }' short.txt)
    end=$(awk -v n="$target" -v r="$per_time" 'BEGIN { printf "%.6g", n / r }')
    audit=$(awk -v e="$end" 'BEGIN { printf "%.6g", e / 100 }')
    echo "$system: $target collisions expected by t = $end, audited every $audit"
    status=0
    "$hsframe" -c $system.ini -s simulation.end_time="$end" --audit-every "$audit" \
        >$system.txt 2>$system.err || status=$?
    collisions=$(value collisions $system.txt)
    overlap=$(value max_overlap $system.txt)
    drift=$(value energy_drift $system.txt)
    echo "$system: exit $status, collisions $collisions, wall $(value wall_seconds $system.txt) s," \
         "collisions/s $(value collisions_per_second $system.txt), max_overlap $overlap," \
         "energy_drift $drift, momentum_drift $(value momentum_drift $system.txt)," \
         "peak_rss_kb $(value peak_rss_kb $system.txt)"
    if [ $status -eq 0 ] && awk -v o="$overlap" -v d="$drift" \
            'BEGIN { exit !(o < 1e-10 && d == d + 0 && d < 1e-6 && d > -1e-6) }'; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        cat $system.err
    fi
done
echo "soak: $passed passed, $failed failed"
[ $failed -eq 0 ]
