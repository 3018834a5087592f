#!/bin/sh
# A vibrating wall (box: vibrate, amplitude, frequency, phase): elastic
# grains on a vibrating floor gain energy, with the energy balance closed
# by the walls' work and no grain ever behind the moving wall; inelastic
# grains reach a steady state hotter for a faster plate; a single ball
# bounces at the impact times of the bouncing-ball map computed here
# independently; a ball at rest on the rising plate is launched at once;
# a vibrated run stopped and resumed ends bit for bit where the whole run
# ends; a wall of amplitude 0 is the fixed box, bit for bit; bad keys
# and what cannot follow a moving wall are refused.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# value KEY: the summary's KEY in $WORK/out.
value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }

# The overlap audit (every 0.1, stopping the run past 1e-9 diameters)
# watches the pairs the plate pushes together; traj.xyz, the walls.
cat >bed.ini <<'I'
[simulation]
dim = 2
end_time = 20
audit_every = 0.1
audit_tolerance = 1e-9
[init]
lattice = square
cells = 10 10
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = box
size = 17 40
vibrate = -y
amplitude = 0.5
frequency = 0.4
[field]
gravity = 0 -1
[output.traj]
plugin = xyz
file = traj.xyz
interval = 0.05
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 1
I

# in_front AXIS INWARD W0 A F PHASE: no particle in traj.xyz (over 100
# frames) lies behind the wall w0 + A sin(2 pi f t + phase) along AXIS
# (1 x, 2 y, 3 z) by more than 1e-9, its radius counted (INWARD 1: the
# container lies above the wall, -1: below); prints the worst depth.
in_front() {
    awk -v ax="$1" -v s="$2" -v w0="$3" -v A="$4" -v f="$5" -v ph="$6" '
        BEGIN { pi = atan2(0, -1); worst = -1e300 }
        /Time=/ { match($0, /Time=[^ ]*/); t = substr($0, RSTART + 5, RLENGTH - 5); frames++
                  w = w0 + A * sin(2 * pi * f * t + ph); next }
        NF >= 8 { d = w - $(ax + 1) + s * $8; if (s < 0) d = -d; if (d > worst) worst = d }
        END { print "  " frames " frames, worst depth behind the wall " worst >"/dev/stderr"
              exit !(frames > 100 && worst <= 1e-9) }' traj.xyz
}

# balanced: energy_drift below 1e-9 with wall_work > 0 in the balance.
balanced() {
    awk -v e="$(value energy_drift)" -v w="$(value wall_work)" 'BEGIN {
        if (!(e * e < 1e-18 && w > 0)) { print "  energy_drift " e ", wall_work " w; exit 1 } }'
}

# Elastic grains: kinetic + potential (thermo's total_energy) only grows
# on average: its mean over the second half is above its start.
check "elastic grains on a vibrating floor run" run_status 0 -c bed.ini
check "elastic grains: energy balance with the walls' work" balanced
check "elastic grains: none behind the floor" in_front 2 1 0 0.5 0.4 0
check "elastic grains: the plate feeds them energy" awk -F, '
    NR == 2 { e0 = $11 } NR > 2 && $1 >= 10 { s += $11; n++ }
    END { print "  total energy " e0 " at the start, " s / n " on average after t = 10" >"/dev/stderr"
          exit !(n > 5 && s / n > e0) }' thermo.csv

# The upper wall of a 3D box as a piston, straight lines (no field), and
# neighbour lists.
rm -f traj.xyz
check "3D gas under a vibrating lid runs" run_status 0 -c bed.ini -s simulation.dim=3 \
    -s init.lattice=cubic -s init.cells="5 5 5" -s boundary.size="8 8 9" -s boundary.vibrate=+z \
    -s boundary.amplitude=0.3 -s boundary.frequency=2 -s boundary.phase=1 -s field.gravity="0 0 0" \
    -s simulation.neighbour_lists=yes -s simulation.end_time=10
check "3D lid: energy balance with the walls' work" balanced
check "3D lid: none behind the lid" in_front 3 -1 9 0.3 2 1

# Inelastic grains: the steady granular temperature (thermo's, t > 20)
# grows with the plate's velocity amplitude A 2 pi f (0.75, then 1.5).
hot() {
    "$HSFRAME" -c bed.ini -s simulation.end_time=60 -s output.traj.interval=0 \
        -s interaction.plugin=inelastic -s interaction.restitution=0.9 \
        -s interaction.elastic_within=0.01 -s boundary.amplitude="$1" >"$WORK/out" 2>"$WORK/err" &&
        balanced >&2 && awk -F, 'NR > 1 && $1 > 20 { s += $5; n++ } END { printf "%.6g\n", s / n }' thermo.csv
}
t1=$(hot 0.3)
t2=$(hot 0.6)
echo "  granular temperature $t1 at A = 0.3, $t2 at A = 0.6"
check "inelastic grains: hotter on a faster plate" awk -v a="$t1" -v b="$t2" \
    'BEGIN { exit !(a > 0 && b > 1.5 * a) }'

# The bouncing ball: a ball of radius R dropped from rest at y0 onto a
# plate at A sin(2 pi f t), g = 1, elastic impacts (the ball leaves at
# 2 u - v, u the plate's velocity): the map of P. Pieranski, J. Physique
# 44, 573 (1983) and J. M. Luck and A. Mehta, Phys. Rev. E 48, 3988
# (1993), here without the high-bounce approximation.  Each impact time is
# found here by scanning the gap y(t) - R - A sin(2 pi f t) in steps of
# 1e-3 for its first change of sign, then bisection to the last bit.
printf '1\n0.5 0.3 0 0 0.05 1 255 0 0\n' >ball.txt
cat >ball.ini <<'I'
[simulation]
dim = 2
particles = ball.txt
end_time = 40
[boundary]
plugin = box
size = 1 1
vibrate = -y
amplitude = 0.01
frequency = 1
[field]
gravity = 0 -1
[output.log]
plugin = events
file = ball.csv
I
check "bouncing ball runs" run_status 0 -c ball.ini
awk -v y0=0.3 -v R=0.05 -v A=0.01 -v f=1 -v n=20 'BEGIN {
    pi = atan2(0, -1); w = 2 * pi * f; t0 = 0; v0 = 0
    for (k = 0; k < n; k++) {
        for (hi = t0 + 1e-3; gap(hi) > 0; hi += 1e-3) ;
        lo = hi - 1e-3
        for (;;) { mid = lo + (hi - lo) / 2; if (mid <= lo || mid >= hi) break
                   if (gap(mid) > 0) lo = mid; else hi = mid }
        v = v0 - (hi - t0); u = A * w * cos(w * hi)
        printf "%.17g\n", hi
        y0 = R + A * sin(w * hi); v0 = 2 * u - v; t0 = hi
    } }
    function gap(t, s) { s = t - t0; return y0 + v0 * s - 0.5 * s * s - R - A * sin(w * t) }' >map.txt
awk -F, 'NR > 1 && $2 == "wall" && $4 == 2 { print $1 }' ball.csv | head -20 >hits.txt
check "bouncing ball: the first 20 impacts of the map to 1e-9" awk '
    NR == FNR { t[NR] = $1; next } { d = $1 - t[FNR]; if (d < 0) d = -d; if (d > worst) worst = d; n++ }
    END { print "  " n " impacts, largest difference " worst >"/dev/stderr"; exit !(n == 20 && worst < 1e-9) }' \
    map.txt hits.txt

# A ball at rest on the plate as it rises (phase 0) is hit at once and
# leaves at twice the plate's speed: impulse 2 m A 2 pi f.
printf '1\n0.5 0.05 0 0 0.05 1 255 0 0\n' >rest.txt
check "a ball at rest on the rising plate runs" run_status 0 -c ball.ini \
    -s simulation.particles=rest.txt -s simulation.end_time=1
check "a ball at rest on the rising plate: hit at t = 0, launched at 2 A 2 pi f" awk -F, '
    NR == 2 { d = $5 - 2 * 0.01 * 2 * atan2(0, -1); exit !($1 == 0 && $2 == "wall" && d * d < 1e-24) }
    END { if (NR < 2) exit 1 }' ball.csv

# Grazing: a ball at rest (no field) whose surface lies d = 1e-12 inside
# the plate's reach is hit as the plate tops out, at 1/(4f) - sqrt(2 d /
# (A (2 pi f)^2)) (the plate's top is a parabola), to 1e-9; one 1e-12
# out of reach is never hit.
graze() {
    printf '1\n0.5 %s 0 0 0.05 1 255 0 0\n' "$1" >graze.txt
    grep -v -e '^\[field\]' -e '^gravity' ball.ini >graze.ini
    run_status 0 -c graze.ini -s simulation.particles=graze.txt -s simulation.end_time=3
}
check "grazing: a ball 1e-12 inside the plate's reach runs" graze 0.059999999999
check "grazing: ... is hit as the plate tops out" awk -F, '
    NR == 2 { w = 2 * atan2(0, -1); d = $1 - (0.25 - sqrt(2e-12 / (0.01 * w * w)))
              exit !($2 == "wall" && d * d < 1e-18) } END { if (NR < 2) exit 1 }' ball.csv
check "grazing: a ball 1e-12 out of reach runs" graze 0.060000000001
check "grazing: ... is never hit" awk -F, 'END { exit !(NR == 1) }' ball.csv

# Amplitude 0 is the fixed box, bit for bit (the hard-sphere path, and the
# model path in a field); so is a run without the keys (compared to a
# build before them when this test was written: the same bytes).
for c in billiards bouncing; do
    mkdir -p "$c-still" "$c-fixed"
    (cd "$c-still" && "$HSFRAME" -q -c "$CONF/$c.ini" -s simulation.end_time=5 -s boundary.vibrate=-y \
        -s boundary.amplitude=0 -s output.pictures.interval=0 >/dev/null 2>&1)
    (cd "$c-fixed" && "$HSFRAME" -q -c "$CONF/$c.ini" -s simulation.end_time=5 \
        -s output.pictures.interval=0 >/dev/null 2>&1)
    check "$c: amplitude 0 gives the fixed box's files" diff -r "$c-still" "$c-fixed"
done

# Checkpoints: a vibrated inelastic bed stopped every 0.05 s and resumed
# until done writes what the whole run writes, wall_work included.
cat bed.ini >ck.ini
cat >>ck.ini <<'I'
[interaction]
plugin = inelastic
restitution = 0.9
elastic_within = 0.01
[checkpoint]
file = ck.state
I
counters() { grep -v -e wall_seconds -e startup_seconds -e per_second -e peak_rss -e resumed_at -e checkpoints "$1"; }
check "vibrated bed runs whole" run_status 0 -c ck.ini -s simulation.end_time=200 \
    -s output.traj.interval=1
counters "$WORK/out" >whole.txt
cp thermo.csv whole-thermo.csv
cp traj.xyz whole-traj.xyz
rm -f thermo.csv traj.xyz
# Stopped after a quarter of its events each time.
events=$(segment whole.txt 4)
status=75 runs=0
while [ $status -eq 75 ] && [ $runs -lt 200 ]; do
    resume=""
    [ -f ck.state ] && resume="--resume ck.state"
    "$HSFRAME" -c ck.ini -s simulation.end_time=200 -s output.traj.interval=1 \
        -s checkpoint.stop_after_events="$events" $resume >"$WORK/out" 2>"$WORK/err"
    status=$?
    runs=$((runs + 1))
done
echo "  resumed bed: $runs runs"
counters "$WORK/out" >resumed.txt
check "vibrated bed stopped and resumed: finished, more than one run" \
    test $status -eq 0 -a $runs -gt 1
check "vibrated bed resumed: the same summary, wall_work included" diff whole.txt resumed.txt
check "vibrated bed resumed: the same files" \
    sh -c 'cmp whole-thermo.csv thermo.csv && cmp whole-traj.xyz traj.xyz'

# Refused: file:line errors, exit 2, before the run.
check "an unknown wall is refused" run_status 2 -c bed.ini -s boundary.vibrate=-w
check "... naming the key and what was found" contains "$WORK/err" "vibrate: expected none, -x, +x, -y or +y, found '-w'"
sed 's/^amplitude = 0.5$/amplitude = -0.5/' bed.ini >negative.ini
check "a negative amplitude is refused" run_status 2 -c negative.ini
check "... at its line" contains "$WORK/err" "negative.ini:$(grep -n '^amplitude' bed.ini | cut -d: -f1):"
sed 's/^vibrate = -y$/vibrate = -z/' bed.ini >wrongaxis.ini
check "-z in 2D is refused" run_status 2 -c wrongaxis.ini
check "... at its line" contains "$WORK/err" "wrongaxis.ini:$(grep -n '^vibrate' bed.ini | cut -d: -f1):"
check "an amplitude of half the side is refused" run_status 2 -c bed.ini -s boundary.amplitude=20
grep -v -e '^\[field\]' -e '^gravity' -e '^audit' bed.ini >nofield.ini
check "engine = timestep is refused with a moving wall" run_status 2 -c nofield.ini \
    -s simulation.engine=timestep
check "... saying why" contains "$WORK/err" "walls that move"
check "reverse_at is refused with a moving wall" run_status 2 -c bed.ini -s simulation.reverse_at=1
check "a grain below the plate at t = 0 is refused" run_status 2 -c bed.ini -s boundary.phase=1.5

finish
