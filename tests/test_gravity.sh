#!/bin/sh
# Gravity ([field]): a ball bouncing back to its height thousands of
# times, a dilute gas settling into the barometric profile, a granular bed
# settling, energy conserved with the field's potential energy, a resumed
# run ending where the whole one does, and the refusals.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
near() { awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; exit !(x != "" && (d < 0 ? -d : d) <= t) }'; }
# kinetic FILE: the kinetic energy of a snapshot, from its velocities.
kinetic() { awk -f "$HSF_TEST_SRCDIR/tests/kinetic.awk" "$1"; }
# sum X Y...: their sum, or nothing when one is empty.
sum() { awk 'BEGIN { for (k = 1; k < ARGC; k++) { if (ARGV[k] == "") exit 1; s += ARGV[k] }
                     printf "%.17g", s }' "$@"; }

# The ball: dropped from 0.8 (radius 0.05, g = 1), every floor hit has the
# impulse 2 m sqrt(2 g 0.75), one every 2 sqrt(1.5) time units.
check "bouncing ball runs" run_status 0 -c "$CONF/bouncing.ini"
check "ball: 4082 bounces in 10000 time units" test "$(value boundary_hits)" = 4082
check "ball: every bounce back to its height (impulse 2 sqrt(1.5) to 1e-11)" awk -F, '
    NR > 1 { d = $5 / (2 * sqrt(1.5)) - 1; if ((d < 0 ? -d : d) > 1e-11 || $4 != 2) bad = 1; n++ }
    END { exit bad || n != 4082 }' bouncing-events.csv
check "ball: the bounces are 2 sqrt(1.5) apart" awk -F, '
    NR > 1 { k = NR - 2; t = sqrt(1.5) * (2 * k + 1); d = $1 - t; if ((d < 0 ? -d : d) > 1e-9) bad = 1 }
    END { exit bad || NR != 4083 }' bouncing-events.csv
check "ball: energy (kinetic + m g y) conserved" near "$(value energy_drift)" 0 1e-13
check "ball: total energy is m g h = 0.8" near "$(value total_energy)" 0.8 1e-13

# The dilute gas: log n(y) against y has slope -m g / kT (g = 0.01, m = 1)
# over the frames after t = 2000, kT from the velocities of the same
# frames.
check "barometric gas runs" run_status 0 -c "$CONF/barometric.ini" \
    -s output.profile.plugin=profile -s output.profile.file=profile.csv \
    -s output.profile.interval=20 -s output.profile.start=2000 -s output.profile.bins=10
check "barometric: energy conserved" near "$(value energy_drift)" 0 1e-12
fit=$(awk '/^Lattice/ { f++; split($0, q, "\""); split(q[2], l, " "); H = l[5]; next }
    NF > 5 && f > 100 { h = int($3 / (H / 10)); c[h]++; ke += ($5 * $5 + $6 * $6) / 2; m++ }
    END { kT = ke / m
          for (b = 0; b < 10; b++) { x = (b + 0.5) * H / 10; y = log(c[b])
                                     sx += x; sy += y; sxx += x * x; sxy += x * y }
          printf "%.6f %.6f", (10 * sxy - sx * sy) / (10 * sxx - sx * sx), -0.01 / kT }' barometric.xyz)
slope=${fit% *} expected=${fit#* }
check "barometric: slope $slope against -m g / kT = $expected" awk -v s="$slope" -v p="$expected" \
    'BEGIN { exit !(s != "" && p != "" && p != 0 && s / p > 0.9 && s / p < 1.1) }'

# The same from the profile output's table: the slope of log density
# against y, each slab's temperature within 10 % of the mean and its flow
# below 5 % of the thermal speed.
fit=$(awk -F, 'NR > 1 { x = $2; y = log($3); sx += x; sy += y; sxx += x * x; sxy += x * y
                       kT += $7 * $8; n += $8; t[NR] = $7; u[NR] = sqrt($4 * $4 + $5 * $5) }
    END { kT /= n; for (k in t) { if (t[k] / kT > 1.1 || t[k] / kT < 0.9) bad = 1
                                  if (u[k] > 0.05 * sqrt(kT)) bad = 1 }
          printf "%.6f %.6f %d", (10 * sxy - sx * sy) / (10 * sxx - sx * sx), -0.01 / kT, bad }' \
     profile.csv)
set -- $fit
check "barometric profile: slope $1 against -m g / kT = $2" awk -v s="$1" -v p="$2" \
    'BEGIN { exit !(s != "" && p != "" && p != 0 && s / p > 0.9 && s / p < 1.1) }'
check "barometric profile: uniform temperature, no flow" test "$3" = 0

# The granular bed: its kinetic energy falls by more than 100 from the
# peak, its potential energy levels off, and it ends low in the box.
check "granular bed runs" run_status 0 -c "$CONF/granular-bed.ini" \
    -s output.final.plugin=snapshot -s output.final.file=bed-final.txt
cp "$WORK/out" bed.summary
check "bed: kinetic + potential + dissipated conserved" near "$(value energy_drift)" 0 1e-12
# The balance from its terms: the final snapshot's kinetic energy, the
# summary's potential and dissipated energy, against the first row's
# kinetic and potential energy.
e0=$(awk -F, 'NR == 2 && $1 == 0 { printf "%.17g", $4 + $10 }' granular-bed-thermo.csv)
e1=$(sum "$(kinetic bed-final.txt)" "$(value potential_energy)" "$(value dissipated_energy)")
check "bed: the thermo table starts at t = 0" test -n "$e0"
check "bed: K (snapshot) + U + dissipated = $e1, $e0 at the start" near "$e1" "$e0" 1e-9
check "bed: the kinetic energy drains" awk -F, 'NR > 1 { if ($4 > k) k = $4; last = $4 }
    END { exit !(NR > 2 && last < k / 100) }' granular-bed-thermo.csv
# (From t = 10 to 15 it falls some 4 %; from 15 to 20 the last settling
# takes 0.5 to 1.2 % in runs of other seeds.)
check "bed: settled (potential energy at t = 15 and 20 within 2 %)" awk -F, '
    NR > 1 && $1 == 15 { a = $10; n++ } NR > 1 && $1 == 20 { b = $10; n++ }
    END { d = a - b; exit !(n == 2 && b > 0 && (d < 0 ? -d : d) / b < 0.02) }' \
    granular-bed-thermo.csv
check "bed: the centre of mass fell from 16 to below 6" awk -F, '
    NR == 2 { u0 = $10 } END { exit !(u0 / 300 > 15 && $10 / 300 < 6) }' granular-bed-thermo.csv

# Stopped after a quarter of its events and resumed until done: the same
# end.
events=$(segment bed.summary 4)
status=75 runs=0 stops=0
while [ $status -eq 75 ] && [ $runs -lt 200 ]; do
    resume=""
    [ -f bed.ckpt ] && resume="--resume bed.ckpt"
    "$HSFRAME" -q -c "$CONF/granular-bed.ini" -s output.thermo.file=resumed.csv \
        -s output.picture.prefix=resumed -s checkpoint.file=bed.ckpt \
        -s checkpoint.stop_after_events="$events" $resume >/dev/null
    status=$?
    runs=$((runs + 1))
    [ $status -eq 75 ] && stops=$((stops + 1))
done
echo "  resumed in $runs runs" >&2
check "bed resumed: stopped with a checkpoint at least once" test $stops -gt 0
check "bed resumed: completed" test $status -eq 0
check "bed resumed: the same table as the whole run" cmp -s resumed.csv granular-bed-thermo.csv
# A dense gas falling in a box: most discs are in cells no wall reaches,
# whose predictions skip the walls (boundary.h, wall_free_box); audited
# every half time unit and seen every time unit, none overlaps another or
# crosses a wall, and the energy (kinetic plus m g y) is kept to round-off.
check "dense gas falling in a box, audited" run_status 0 -c "$CONF/barometric.ini" \
    -s init.cells="40 40" -s init.packing_fraction=0.3 -s field.gravity="0 -1" \
    -s simulation.end_time=20 --audit-every 0.5 -s output.trajectory.file="$WORK/dense.xyz" \
    -s output.trajectory.interval=1
check "dense gas in a box: no overlap" near "$(value max_overlap)" 0 0
check "dense gas in a box: 21 frames, every disc inside the walls" awk '
    /^Lattice/ { split($0, q, "\""); split(q[2], l, " "); L = l[1]; frames++; next }
    NF > 5 { if ($2 < $8 - 1e-9 || $2 > L - $8 + 1e-9 || $3 < $8 - 1e-9 || $3 > L - $8 + 1e-9)
                 out++; seen++ }
    END { exit !(frames == 21 && seen == 21 * 1600 && out == 0) }' "$WORK/dense.xyz"
check "dense gas in a box: energy conserved" near "$(value energy_drift)" 0 1e-11
check "dense gas in a box: discs hit the walls" awk -v h="$(value boundary_hits)" \
    'BEGIN { exit !(h > 1000) }'

# Elastic hard spheres in a field take the hard-sphere path on parabolas
# (hsf_predict_hard_field; tests/test_falling.c checks that it is taken):
# 864 spheres falling in a 3D box, audited every half time unit, and the
# barometric gas searched through every pair (cells = no) keep the energy
# (kinetic plus m g z) to round-off and never overlap.
cat >gas3d.ini <<'INI'
[simulation]
dim = 3
end_time = 20
[init]
lattice = fcc
cells = 6 6 6
packing_fraction = 0.2
radius = 0.5
temperature = 1
[boundary]
plugin = box
[field]
gravity = 0 0 -1
INI
check "3D gas falling in a box, audited" run_status 0 -c gas3d.ini --audit-every 0.5
check "3D gas in a box: no overlap" near "$(value max_overlap)" 0 0
check "3D gas in a box: energy conserved" near "$(value energy_drift)" 0 1e-12
check "3D gas in a box: spheres collide and hit the walls" awk -v c="$(value collisions)" \
    -v h="$(value boundary_hits)" 'BEGIN { exit !(c > 10000 && h > 1000) }'
check "barometric gas through every pair, audited" run_status 0 -c "$CONF/barometric.ini" \
    -s simulation.cells=no -s simulation.end_time=500 --audit-every 10 \
    -s output.trajectory.file="$WORK/all.xyz"
check "every pair: searched so" test "$(awk '$1 == "neighbour_search:" { print $2 }' "$WORK/out")" = all
check "every pair: no overlap" near "$(value max_overlap)" 0 0
check "every pair: energy conserved" near "$(value energy_drift)" 0 1e-12
check "every pair: discs collide" awk -v c="$(value collisions)" 'BEGIN { exit !(c > 500) }'

# Refused before the run: a boundary that cannot solve parabolas, a field
# along a periodic axis, neighbour lists, a vector of the wrong length.
printf '1\n0.5 0.5 0 0 0.05 1 0 0 0\n' >one.txt
# The circle follows parabolas through the host's sphere helper (a
# quartic): 400 discs falling in it, audited every time unit, keep their
# energy (kinetic plus m g y) to round-off, never cross the rim or each
# other, and give the same bits under another queue.
check "circle under gravity, audited" run_status 0 -c "$CONF/circle.ini" -s field.gravity="0 -1" \
    --audit-every 1 -s output.final.file="$WORK/circle-g.txt" -s output.thermo.file="$WORK/c.csv"
check "circle under gravity: energy (kinetic + m g y) conserved" near "$(value energy_drift)" 0 1e-12
check "circle under gravity: no overlap" near "$(value max_overlap)" 0 0
check "circle under gravity: discs hit the rim" awk -v h="$(value boundary_hits)" 'BEGIN { exit !(h > 1000) }'
check "circle under gravity: binary_heap" run_status 0 -c "$CONF/circle.ini" -q \
    -s field.gravity="0 -1" -s queue.plugin=binary_heap \
    -s output.final.file="$WORK/circle-g-heap.txt" -s output.thermo.file="$WORK/c.csv"
check "circle under gravity: same bits under binary_heap" \
    cmp "$WORK/circle-g.txt" "$WORK/circle-g-heap.txt"
check "a field along a periodic axis is refused" run_status 2 -c "$CONF/periodic3d.ini" \
    -s field.gravity="0 0 -1"
check "periodic axis: says which" contains "$WORK/err" "expected 0 along the periodic axis z"
check "neighbour lists with a field are refused" run_status 2 -c "$CONF/bouncing.ini" \
    -s simulation.neighbour_lists=yes
check "lists: says why" contains "$WORK/err" "neighbour lists cannot follow particles on parabolas"
check "a 3D field in 2D is refused" run_status 2 -c "$CONF/bouncing.ini" -s field.gravity="0 -1 0"
check "wrong length: says so" contains "$WORK/err" "expected 2 components for dim = 2, found 3"
finish
