#!/bin/sh
# Every configuration in conf/ runs, conserves energy, and shows what its
# comment says it shows.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# value KEY: the number after "KEY: " in the last run's summary.
value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }

# below X LIMIT: |X| < LIMIT
below() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && (x < 0 ? -x : x) < l) }'; }
above() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && x > l) }'; }

# longrun, shortened to end_time 30: stopped after 500000 events each time
# (its own wall-clock stops off, so that no machine is too fast or too
# slow) and resumed until done, it writes what a whole run writes.
longrun_resumed() {
    mkdir -p "$WORK/longrun" && cd "$WORK/longrun" || return 1
    status=75 runs=0
    while [ $status -eq 75 ] && [ $runs -lt 100 ]; do
        resume=""
        [ -f longrun.ckpt ] && resume="--resume longrun.ckpt"
        "$HSFRAME" -c "$CONF/longrun.ini" -s simulation.end_time=30 \
            -s checkpoint.stop_after=0 -s checkpoint.every=0 \
            -s checkpoint.stop_after_events=500000 $resume >"$WORK/out" 2>"$WORK/err"
        status=$?
        runs=$((runs + 1))
    done
    echo "  longrun: $runs runs" >&2
    cd "$WORK" && [ $status -eq 0 ] && [ $runs -gt 3 ] &&
        cmp -s longrun/longrun-thermo.csv longrun-thermo.csv &&
        cmp -s longrun/longrun-final.xyz longrun-final.xyz
}

for ini in "$CONF"/*.ini; do
    scenario=$(basename "$ini" .ini)
    if [ "$scenario" = longrun ]; then
        check "longrun runs whole (end_time 30)" run_status 0 -c "$ini" \
            -s simulation.end_time=30 -s checkpoint.stop_after=0 -s checkpoint.every=0
        cp "$WORK/out" "$WORK/$scenario.summary"
        check "longrun: stopped and resumed, the same files" longrun_resumed
        continue
    fi
    shorter=""
    # shear averages over t > 20: 20 time units of its 300 are enough here.
    [ "$scenario" = shear ] && shorter="-s simulation.end_time=40"
    # hexatic orders over minutes; its first 40 displacements run here.
    [ "$scenario" = hexatic ] && shorter="-s simulation.end_time=40 -s ecmc.measure_from=10"
    check "$scenario runs" run_status 0 -c "$ini" $shorter
    cp "$WORK/out" "$WORK/$scenario.summary"
    # Time-step scenarios: their physics is checked by tests/test_timestep_*.sh.
    grep -q '^engine *= *timestep' "$ini" && continue
    # Event chains have no energy to conserve: tests/test_ecmc.sh.
    grep -q '^engine *= *ecmc' "$ini" && continue
    check "$scenario: energy conserved to 1e-12" below "$(value energy_drift)" 1e-12
done

# The generator still makes the data files: byte for byte where it draws no
# random numbers, the same particle count where it does (another awk's
# rand() gives other numbers).
mkdir "$WORK/gen"
check "make-scenarios.sh runs" sh "$HSF_TEST_SRCDIR/data/make-scenarios.sh" "$WORK/gen"
check "make-hopper.sh runs" sh "$HSF_TEST_SRCDIR/data/make-hopper.sh" "$WORK/gen"
for f in billiards3 billiards10 squeeze wallbouncing; do
    check "make-scenarios.sh: $f.txt as committed" cmp -s "$WORK/gen/$f.txt" \
        "$HSF_TEST_SRCDIR/data/$f.txt"
done
for f in diffusion.xyz brownian.txt hopper2d.xyz; do
    check "make-scenarios.sh: $f has its particles" test "$(head -1 "$WORK/gen/$f")" = \
        "$(head -1 "$HSF_TEST_SRCDIR/data/$f")"
done

# (Summaries of the runs above, by name.)
get() { awk -v k="$2:" '$1 == k { print $2 }' "$WORK/$1.summary"; }

check "billiards3: the break happens" above "$(get billiards3 collisions)" 3
check "billiards10: more balls, more collisions" above "$(get billiards10 collisions)" \
    "$(get billiards3 collisions)"

# Slit: every disc starts on its own side; by t = 100 many have crossed.
red_right=$(awk 'NR > 2 && $1 == "red" && $2 > 0.5' diffusion-final.xyz | wc -l)
blue_left=$(awk 'NR > 2 && $1 == "blue" && $2 < 0.5' diffusion-final.xyz | wc -l)
red_left0=$(awk 'NR > 2 && $1 == "red" && $2 < 0.5' "$HSF_TEST_SRCDIR/data/diffusion.xyz" | wc -l)
check "diffusion: all red start on the left" test "$red_left0" -eq 150
check "diffusion: red discs cross the slit ($red_right)" above "$red_right" 20
check "diffusion: blue discs cross the slit ($blue_left)" above "$blue_left" 20
# The same count in each frame of the trajectory (t = 0, 25, ..., 100):
# none at the start, many at the end.
red_frames=$(awk '/^Lattice/ { if (f++) printf "%d ", n; n = 0; next }
    $1 == "red" && $2 > 0.5 { n++ } END { printf "%d", n }' diffusion.xyz)
check "diffusion: red on the right by frame ($red_frames) grows from 0" awk -v c="$red_frames" \
    'BEGIN { k = split(c, n, " "); exit !(k == 5 && n[1] == 0 && n[k] > 20) }'
check "diffusion: the wall stays put, to the bit, fixed" awk 'NR > 2 && $1 == "wall" { n++
    if ($2 != 0.5 || $5 != 0 || $6 != 0 || $NF != 1) moved = 1 } END { exit moved || n != 88 }' \
    diffusion-final.xyz

# Brownian: the heavy disc (line 2) has wandered from the centre.
check "brownian: the heavy disc moves" awk 'NR == 2 { d = ($1 - 0.5) ^ 2 + ($2 - 0.5) ^ 2;
    moved = d > 0.01 ^ 2 } END { exit !moved }' brownian-final.txt
check "brownian: speeds by mass class" contains brownian-speeds.csv "# mass 20: particles 1,"
# Equipartition: the heavy disc's mean kinetic energy is that of a light one
# (one disc's, so only within a factor of 2), not 200 times it.
kT_light=$(awk '$2 == "mass" && $3 == "0.1:" { print $NF }' brownian-speeds.csv)
kT_heavy=$(awk '$2 == "mass" && $3 == "20:" { print $NF }' brownian-speeds.csv)
check "brownian: equipartition (kT $kT_heavy heavy, $kT_light light)" awk -v h="$kT_heavy" \
    -v l="$kT_light" 'BEGIN { exit !(l > 0 && h / l > 0.5 && h / l < 2) }'

# Squeeze: hundreds of collisions, the big discs turned round, the tiny one
# faster than it started.
check "squeeze: many collisions" above "$(get squeeze collisions)" 300
# The collision rate explodes as the gap closes: the busiest half time unit
# has ten times the collisions of the first.
check "squeeze: collision rate climbs" awk -F, 'NR > 1 && $2 == "pair" { b[int($1 * 2)]++ }
    END { for (k in b) if (b[k] > m) m = b[k]; exit !(m > 10 * (b[0] + 1)) }' squeeze-events.csv
check "squeeze: big discs turned round" awk 'NR == 2 { a = $3 } NR == 3 { b = $3 }
    END { exit !(a < 0 && b > 0) }' squeeze-final.txt
check "squeeze: the tiny disc sped up" awk 'NR == 4 { fast = $3 * $3 + $4 * $4 > 1 } END { exit !fast }' \
    squeeze-final.txt

# Wall bouncing: the rows (one colour each) stay level to 1e-9, and five
# rows stay five.
check "wallbouncing: rows stay level" awk 'NR > 1 { k = $7 " " $8 " " $9
        if (!(k in lo) || $2 < lo[k]) lo[k] = $2; if (!(k in hi) || $2 > hi[k]) hi[k] = $2 }
    END { for (k in lo) { rows++; if (hi[k] - lo[k] > 1e-9) bad = 1 }
        exit !(rows == 5 && !bad) }' wallbouncing-final.txt

# Three temperatures: pressure proportional to kT (the same trajectory run
# at different speeds), compressibility the same.
mean_column() {
    awk -F, -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
        $k != "" { s += $k; n++ } END { if (n) print s / n }' "$1"
}
p1=$(mean_column gas-kT0.125-thermo.csv pressure)
p2=$(mean_column gas-kT0.5-thermo.csv pressure)
p3=$(mean_column gas-kT2-thermo.csv pressure)
check "temperatures: P(0.5) / P(0.125) = 4" awk -v a="$p2" -v b="$p1" \
    'BEGIN { r = a / b; exit !(r > 3.8 && r < 4.2) }'
check "temperatures: P(2) / P(0.5) = 4" awk -v a="$p3" -v b="$p2" \
    'BEGIN { r = a / b; exit !(r > 3.8 && r < 4.2) }'
check "temperatures: P(2) / P(0.125) = 16" awk -v a="$p3" -v b="$p1" \
    'BEGIN { r = a / b; exit !(r > 15.2 && r < 16.8) }'
# The measured temperature (from the kinetic energy) is the one asked for.
t1=$(mean_column gas-kT0.125-thermo.csv temperature)
t2=$(mean_column gas-kT0.5-thermo.csv temperature)
t3=$(mean_column gas-kT2-thermo.csv temperature)
check "temperatures: T ratios 4 and 16 ($t1 $t2 $t3)" awk -v a="$t1" -v b="$t2" -v c="$t3" \
    'BEGIN { exit !(a > 0 && b / a > 3.96 && b / a < 4.04 && c / a > 15.84 && c / a < 16.16) }'

# Time reversal: back to 1e-12 radii after a short run, nowhere near after
# a long one (chaos).
check "reversal: the gas comes back" below "$(get reversal return_distance_max)" 1e-9
check "reversal: a long run does not come back" run_status 0 -c "$CONF/reversal.ini" \
    -s simulation.reverse_at=20 -s simulation.end_time=40
check "reversal: long run ends far away" above "$(value return_distance_max)" 1
# ---- What the comments say ---------------------------------------------
# Every number a configuration's comment (or the README) states about its
# run, read from the text the user reads and compared with what the run
# above gave, so that a comment edited without its configuration, or a
# configuration without its comment, fails here.  Tolerances hold across
# builds: chaotic runs land elsewhere with other round-off.

# said FILE REGEX: the number REGEX's first group (extended regex) matches
# in the comment of conf/FILE.ini, its ';' lines joined into one line
# (FILE = README: in README.md).
said() {
    if [ "$1" = README ]; then cat "$HSF_TEST_SRCDIR/README.md"
    else sed -n 's/^;//p' "$CONF/$1.ini"; fi | tr '\n' ' ' | tr -s ' ' |
        sed -nE "s#.*$2.*#\1#p"
}
NUM='([0-9]+\.?[0-9]*(e-?[0-9]+)?)'
SNUM='(-?[0-9]+\.?[0-9]*(e-?[0-9]+)?)'
# The numbers comments spell out.
number() { case $1 in one) echo 1 ;; two) echo 2 ;; three) echo 3 ;; four) echo 4 ;; five) echo 5 ;; six) echo 6 ;;
    seven) echo 7 ;; eight) echo 8 ;; twelve) echo 12 ;; *) echo "$1" ;; esac; }

# near X CLAIM REL: X within REL of CLAIM (relative); fails on a missing one.
near() {
    awk -v x="$1" -v c="$2" -v r="$3" 'BEGIN { d = x - c; a = c < 0 ? -c : c
        exit !(x != "" && c != "" && (d < 0 ? -d : d) <= r * a) }' ||
        { echo "  $1 is not within $3 of $2" >&2; return 1; }
}
# within X CLAIM TOL: |X - CLAIM| <= TOL.
within() {
    awk -v x="$1" -v c="$2" -v t="$3" 'BEGIN { d = x - c
        exit !(x != "" && c != "" && (d < 0 ? -d : d) <= t) }' ||
        { echo "  $1 is not within $3 of $2" >&2; return 1; }
}
# roundoff X CLAIM: a round-off error "about CLAIM": |X| below 10 CLAIM.
roundoff() { below "$1" "$(awk -v c="$2" 'BEGIN { if (c != "") print 10 * c }')" ||
    { echo "  |$1| is not about $2 or less" >&2; return 1; }; }
# at_most X CLAIM: |X| <= CLAIM.
at_most() { awk -v x="$1" -v c="$2" 'BEGIN { exit !(x != "" && c != "" && (x < 0 ? -x : x) <= c) }' ||
    { echo "  |$1| is above $2" >&2; return 1; }; }
# column FILE NAME [FROM [TO]]: mean of a CSV column over rows with FROM <= time <= TO;
# row FILE NAME TIME: its value at TIME.
column() {
    awk -F, -v c="$2" -v a="${3:--1e300}" -v b="${4:-1e300}" '
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
        k && $1 + 0 >= a && $1 + 0 <= b && $k != "" { s += $k; n++ } END { if (n) printf "%.10g\n", s / n }' "$1"
}
row() { column "$1" "$2" "$3" "$3"; }

# barometric: 200 discs; scale height kT / (m g), kT from the kinetic
# energy at the end (N kT in 2D), m = 1, g = 0.01.
check "barometric: $(said barometric "gravity: $NUM discs") discs" \
    test "$(get barometric particles)" = "$(said barometric "gravity: $NUM discs")"
h=$(awk -v e="$(get barometric kinetic_energy)" -v n="$(get barometric particles)" \
    'BEGIN { print e / n / 0.01 }')
check "barometric: scale height $h, about $(said barometric "of about $NUM here")" \
    near "$h" "$(said barometric "of about $NUM here")" 0.1
check "barometric: energy_drift about $(said barometric "round-off, about $NUM")" \
    roundoff "$(get barometric energy_drift)" "$(said barometric "round-off, about $NUM")"

# Billiards: the balls, the collisions by t = 20 of the three racks, the
# first collision.
for rack in billiards3 billiards10; do
    n=$(said $rack "break with $NUM balls")
    check "$rack: $n balls and the cue ball" test "$(get $rack particles)" -eq $((n + 1))
done
check "billiards: the rack of $(said billiards "rack of $NUM balls") and the cue ball" \
    test "$(get billiards particles)" -eq $(($(said billiards "rack of $NUM balls") + 1))
# collides RUN CLAIM: RUN's collisions are CLAIM's, within 10 %.
collides() { check "$1 collides $2 times ($(get $1 collisions))" near "$(get $1 collisions)" "$2" 0.1; }
collides billiards3 "$(said billiards3 "csv\): $NUM by t = 20")"
collides billiards10 "$(said billiards10 "t = 20, $NUM collisions here")"
collides billiards3 "$(said billiards10 "here, $NUM with 3 balls")"
collides billiards "$(said billiards10 "and $NUM with the full rack")"
check "billiards: the cue ball reaches the rack at t = $(said billiards "rack at t = $NUM")" \
    run_status 0 -c "$CONF/billiards.ini" -s output.pictures.interval=0 -s output.first.plugin=events \
    -s output.first.file=first-events.csv
check "billiards: first collision at t = $(awk -F, 'NR == 2 { print $1 }' first-events.csv)" \
    within "$(awk -F, 'NR == 2 { print $1 }' first-events.csv)" "$(said billiards "rack at t = $NUM")" 0.005
n=$(said billiards "to billiards-break-0*([0-9]+)\.png")
check "billiards: pictures up to number $n" test -f billiards-break-0000$n.png -a ! -f billiards-break-0000$((n + 1)).png
# The film: a PNG every 0.05 time units over 10, played at 25 per second for 8 s.
every=$(said billiards-movie "a PNG every $NUM time units") span=$(said billiards-movie "\(10 s|$NUM s of simulated")
check "billiards-movie: $(ls billiards-[0-9]*.png | wc -l) frames, one every $every over 10" \
    test "$(ls billiards-[0-9]*.png | wc -l)" -eq "$(awk -v e="$every" 'BEGIN { printf "%d", 10 / e + 1.5 }')"
check "billiards-movie: 10 / $every frames at $(said billiards-movie "at $NUM frames per") per second last 8 s" \
    within "$(awk -v e="$every" -v f="$(said billiards-movie "at $NUM frames per")" 'BEGIN { print 10 / e / f }')" \
    "$(said billiards-movie "simulated time in $NUM s")" 1e-9

# bouncing: the floor hits, their period and impulse, the energy.
check "bouncing: $(said bouncing "- bouncing-events.csv: $NUM floor hits") floor hits" \
    test "$(awk -F, '$2 == "wall" && $4 == 2' bouncing-events.csv | wc -l)" -eq \
    "$(said bouncing "- bouncing-events.csv: $NUM floor hits")"
check "bouncing: a hit every $(said bouncing "g\) = $NUM time units")" within \
    "$(awk -F, '$2 == "wall" { if (t != "") { s += $1 - t; n++ } t = $1 } END { print s / n }' bouncing-events.csv)" \
    "$(said bouncing "g\) = $NUM time units")" 0.0005
check "bouncing: every impulse $(said bouncing "0.05\)\) = $NUM to round-off")" awk -F, -v c="$(said bouncing "0.05\)\) = $NUM to round-off")" \
    'NR == 2 { first = $5 } NR > 1 && (($5 - c) ^ 2 > 0.0005 ^ 2 || ($5 - first) ^ 2 > 1e-24) { bad = 1 } END { exit bad }' bouncing-events.csv
check "bouncing: total_energy $(said bouncing "total_energy $NUM")" \
    within "$(get bouncing total_energy)" "$(said bouncing "total_energy $NUM")" 1e-12
check "bouncing: energy_drift below $(said bouncing "energy_drift 0 \(below $NUM")" \
    at_most "$(get bouncing energy_drift)" "$(said bouncing "energy_drift 0 \(below $NUM")"

# rough-gas: the ratio of the temperatures from t = 20 on, and the theory's
# value for its coefficients (the formula of tests/test_rough.sh).
rough_ratio=$(awk -F, 'NR > 1 && $1 >= 20 { s += $13 / $5; n++ } END { if (n) print s / n }' \
    rough-thermo.csv)
rough_theory=$(awk -v e=0.95 -v b=0.5 -v q=0.5 'BEGIN { eta = q * (1 + b) / (2 * (1 + q)); lo = 0; hi = 20
    for (k = 0; k < 200; k++) { r = (lo + hi) / 2
        ftr = -(1 - e * e) - 2 * eta + 2 * eta * eta * (1 + r / q)
        frot = 2 * eta * (eta * (1 + r / q) - r) / q
        if (2 * frot - r * ftr > 0) lo = r; else hi = r }
    printf "%.3f", r }')
check "rough-gas: T_rot / T_tr settles near $(said rough-gas "settles near $NUM") ($rough_ratio)" \
    within "$rough_ratio" "$(said rough-gas "settles near $NUM")" 0.02
check "rough-gas: the Maxwellian theory gives $(said rough-gas "Maxwellian, gives $NUM") ($rough_theory)" \
    test "$rough_theory" = "$(said rough-gas "Maxwellian, gives $NUM")"
grep -q "restitution = 0.95" "$CONF/rough-gas.ini" && grep -q "tangential_restitution = 0.5" "$CONF/rough-gas.ini" ||
    not_ok "rough-gas: its coefficients are those of the theory's check"

# rolling: where the ball starts to roll, mechanics' distance, and the
# speed it rolls at.
rolled=$(awk 'NF == 16 && $5 - 0.5 * $14 < 1e-9 { print $2 - 2; exit }' rolling.xyz)
check "rolling: rolls after $(said rolling "here $NUM;") ($rolled)" \
    within "$rolled" "$(said rolling "here $NUM;")" 0.0005
check "rolling: mechanics says $(said rolling "\(49 mu g\) = $NUM") (12 / (49 x 0.2))" \
    within "$(said rolling "\(49 mu g\) = $NUM")" "$(awk 'BEGIN { print 12 / (49 * 0.2) }')" 0.0001
check "rolling: within 0.2 % of it" within "$rolled" "$(awk 'BEGIN { print 12 / (49 * 0.2) }')" 0.0025
check "rolling: then at 5/7 of its speed, $(said rolling "speed, $NUM:")" \
    within "$(tail -n 1 rolling.xyz | awk '{ print $5 }')" "$(said rolling "speed, $NUM:")" 1e-12

# hopper2d: grains below the neck, frame by frame (the first exactly).
hopper_frames=$(awk '/^Lattice/ { if (f++) printf "%d ", n; n = 0; next }
    $1 == "grain" && $3 < 25 { n++ } END { printf "%d", n }' hopper2d.xyz)
claim=$(said hopper2d "here ([0-9, ]+) at" | tr -d ,)
check "hopper2d: grains through the neck by frame ($hopper_frames), about $claim" \
    awk -v c="$claim" -v m="$hopper_frames" \
    'BEGIN { k = split(c, a, " "); if (split(m, b, " ") != k || a[1] != b[1]) exit 1
             for (i = 2; i <= k; i++) if ((a[i] - b[i]) ^ 2 > 20 ^ 2) exit 1 }'
check "hopper2d: $(said hopper2d "discharging: $NUM rough") grains" test \
    "$(awk 'NR > 2 && $1 == "grain"' "$HSF_TEST_SRCDIR/data/hopper2d.xyz" | wc -l)" = \
    "$(said hopper2d "discharging: $NUM rough")"
check "hopper2d: the funnel's fixed discs stay put" awk 'NR > 2 && $1 == "wall" { n++
    if ($5 != 0 || $6 != 0 || $NF != 1) moved = 1 } END { exit moved || n == 0 }' hopper2d.xyz

# hopper: the generator writes the mesh byte for byte; about half the
# grains are in the bin (z < 4) at the end.
check "make-hopper.sh: hopper.stl as committed" cmp -s "$WORK/gen/hopper.stl" \
    "$HSF_TEST_SRCDIR/data/hopper.stl"
check "make-hopper.sh: hopper.xyz has its particles" test "$(head -1 "$WORK/gen/hopper.xyz")" = \
    "$(head -1 "$HSF_TEST_SRCDIR/data/hopper.xyz")"
binned=$(awk 'NR > 2 && $4 < 4 { n++ } END { print n + 0 }' hopper-final.xyz)
check "hopper: about half the grains in the bin by t = 20 ($binned of $(get hopper particles))" \
    awk -v n="$binned" -v all="$(get hopper particles)" 'BEGIN { exit !(n > 0.3 * all && n < 0.7 * all) }'
check "hopper: energy_drift about $(said hopper "round-off, about $NUM")" \
    roundoff "$(get hopper energy_drift)" "$(said hopper "round-off, about $NUM")"

# The particle counts of the comments.
for c in "box3d ^ $NUM hard spheres" "circle gas of $NUM discs" "compression jammed packing \(Lubachevsky-Stillinger\): $NUM discs" \
    "periodic3d literature: $NUM spheres" "random-fluid lattice to melt: $NUM spheres" "reversal Time reversal: $NUM discs" \
    "squarewell square-well fluid: $NUM spheres" "thermostat temperature: $NUM spheres" "polymer chain of $NUM discs" \
    "granular gas: $NUM inelastic discs" "granular-bed settling: $NUM inelastic" "gas-kT2 temperatures: $NUM discs" \
    "chain chain of $NUM equal masses" "longrun packing fraction 0.45, $NUM spheres" \
    "rough-gas rough granular discs: $NUM inelastic" "hopper discharging: $NUM spheres"; do
    conf=${c%% *} re=${c#* }
    [ "$conf" = longrun ] && continue    # (its own check below: it runs shortened)
    check "$conf: $(said $conf "$re") particles" test "$(get $conf particles)" = "$(said $conf "$re")"
done
check "brownian: one heavy disc among $(said brownian "disc \(red, radius 0.06, mass 20\) among $NUM")" \
    test "$(get brownian particles)" -eq $(($(said brownian "among $NUM light") + 1))
check "wallbouncing: $(said wallbouncing "walls: ([a-z]+) rows of") rows of $(said wallbouncing "rows of ([a-z]+),")" \
    test "$(get wallbouncing particles)" -eq \
    $(($(number "$(said wallbouncing "walls: ([a-z]+) rows of")") * $(number "$(said wallbouncing "rows of ([a-z]+),")")))
for c in "diatomic 2D diatomic gas: $NUM molecules" "diatomic3d in 3D: $NUM molecules" "dumbbells hard dumbbells: $NUM molecules"; do
    conf=${c%% *} re=${c#* }
    check "$conf: $(said $conf "$re") molecules" test "$(get $conf particles)" -eq $((2 * $(said $conf "$re")))
done
check "box3d: packing fraction $(said box3d "packing fraction $NUM\)")" near \
    "$(awk -v n="$(get box3d particles)" 'BEGIN { print n * 4 / 3 * 3.14159265 * 0.6 ^ 3 / 1000 }')" \
    "$(said box3d "packing fraction $NUM\)")" 0.005

# compression: jammed in the range the seed decides, past Z = 1000.
check "compression: $(get compression compression)" test "$(get compression compression)" = jammed
check "compression: packing fraction $(get compression packing_fraction) in $(said compression "packing_fraction $NUM to") to $(said compression "packing_fraction [0-9.]+ to $NUM")" \
    awk -v p="$(get compression packing_fraction)" -v a="$(said compression "packing_fraction $NUM to")" \
    -v b="$(said compression "packing_fraction [0-9.]+ to $NUM")" 'BEGIN { exit !(p >= a - 0.005 && p <= b + 0.005) }'
check "compression: reduced pressure past $(said compression "reduced_pressure past $NUM")" \
    above "$(get compression reduced_pressure)" "$(said compression "reduced_pressure past $NUM")"

# diatomic gases: the start, E / (f N), the averages, the energy drift.
dof_check() {    # dof_check CONF DOF FROM: the claims on CONF.csv
    conf=$1 dof=$2 from=$3
    start=$(said $conf "start at $NUM, 0, 0, 0")
    check "$conf: translation starts at $start per degree of freedom" \
        within "$(row $conf.csv translation_per_dof 0)" "$start" 0.0005
    e=$(awk -v k="$(row $conf.csv kinetic 0)" -v u="$(row $conf.csv potential 0)" -v n="$(get $conf particles)" \
        -v f="$dof" 'BEGIN { printf "%.6f", (k + u) / (f * n / 2) }')
    check "$conf: E / ($dof N) = $e, as said" within "$e" "$(said $conf "N\) = $NUM \(kT / 2\)")" 0.00005
    set -- translation rotation vibration potential
    k=1
    for col in translation_per_dof rotation_per_dof vibration_per_dof potential_per_bond; do
        claim=$(said $conf "are ([0-9., and]+) times it" | sed 's/,//g; s/ and / /' | cut -d' ' -f$k)
        m=$(awk -v m="$(column $conf.csv $col $from)" -v e="$e" 'BEGIN { printf "%.4f", m / e }')
        check "$conf: $1 per degree of freedom $m times E / ($dof N), $claim said" within "$m" "$claim" 0.02
        shift; k=$((k + 1))
    done
    claim=$(said $conf "total_energy_drift: $NUM")
    check "$conf: total_energy_drift $(get $conf total_energy_drift), $claim said" \
        near "$(get $conf total_energy_drift)" "$claim" 0.5
}
dof_check diatomic 5 20
dof_check diatomic3d 7 10

# diffusion: red discs on the right, frame by frame (the first exactly).
claim=$(said diffusion "here ([0-9, ]+);" | tr -d ,)
check "diffusion: red on the right by frame ($red_frames), about $claim" awk -v c="$claim" -v m="$red_frames" \
    'BEGIN { k = split(c, a, " "); if (split(m, b, " ") != k || a[1] != b[1]) exit 1
             for (i = 2; i <= k; i++) if ((a[i] - b[i]) ^ 2 > 20 ^ 2) exit 1 }'
check "diffusion: the final snapshot as the last frame" test \
    "$(awk 'NR > 2 && $1 == "red" && $2 > 0.5' diffusion-final.xyz | wc -l)" -eq "${red_frames##* }"
check "diffusion: $(said diffusion "slit: $NUM red discs") red and $(said diffusion "on the left and $NUM blue") blue" \
    test "$(awk 'NR > 2 && $1 == "red"' "$HSF_TEST_SRCDIR/data/diffusion.xyz" | wc -l) $(awk 'NR > 2 && $1 == "blue"' "$HSF_TEST_SRCDIR/data/diffusion.xyz" | wc -l)" = \
    "$(said diffusion "slit: $NUM red discs") $(said diffusion "on the left and $NUM blue")"

# dumbbells: the bonds, no overlap, equipartition over the run.
check "dumbbells: bonds: $(said dumbbells "bonds: $NUM")" test "$(get dumbbells bonds)" = "$(said dumbbells "bonds: $NUM")"
check "dumbbells: max_overlap 0" test "$(get dumbbells max_overlap)" = 0.000e+00
pct=$(said dumbbells "equipartition: within $NUM %")
check "dumbbells: translation, rotation and stretching within $pct % of their mean" awk -F, -v p="$pct" \
    'NR > 1 && $1 >= 5 { t += $7; r += $8; v += $9; n++ }
     END { m = (t + r + v) / 3; for (i = 0; i < 3; i++) { x = i == 0 ? t : i == 1 ? r : v
           if ((x / m - 1) ^ 2 > (p / 100) ^ 2) exit 1 } }' dumbbells-energies.csv

# The gases at three temperatures: collision rates as sqrt(kT), the same
# compressibility.
r1=$(column gas-kT0.125-thermo.csv collision_rate) r2=$(column gas-kT0.5-thermo.csv collision_rate)
r3=$(column gas-kT2-thermo.csv collision_rate)
check "temperatures: collision rates ($r1 $r2 $r3) in ratios $(said gas-kT2 "sqrt\(kT\) \(ratios $NUM and") and $(said gas-kT2 "sqrt\(kT\) \(ratios [0-9]+ and $NUM")" \
    awk -v a="$r1" -v b="$r2" -v c="$r3" -v x="$(said gas-kT2 "sqrt\(kT\) \(ratios $NUM and")" \
    -v y="$(said gas-kT2 "sqrt\(kT\) \(ratios [0-9]+ and $NUM")" \
    'BEGIN { exit !((b / a / x - 1) ^ 2 < 0.05 ^ 2 && (c / a / y - 1) ^ 2 < 0.05 ^ 2) }'
check "temperatures: pressure ratios, as said" test "$(said gas-kT0.5 "columns: ratios $NUM and") $(said gas-kT0.5 "ratios 4 and $NUM\)")" = "4 16"
z1=$(column gas-kT0.125-thermo.csv compressibility) z3=$(column gas-kT2-thermo.csv compressibility)
check "temperatures: one compressibility ($z1, $z3)" near "$z1" "$z3" 0.03

# granular-bed: the kinetic energy, up and down, and the drift.
check "granular-bed: kinetic energy starts at $(said granular-bed "kinetic_energy starts at $NUM")" \
    within "$(row granular-bed-thermo.csv kinetic_energy 0)" "$(said granular-bed "kinetic_energy starts at $NUM")" 1e-9
peaks() { near "$1" "$2" 0.3 && within "$3" "$4" 1.5; }
peak=$(awk -F, 'NR > 1 && $4 > m { m = $4; t = $1 } END { print m, t }' granular-bed-thermo.csv)
check "granular-bed: kinetic energy peaks at $peak, about $(said granular-bed "climbs to about $NUM near") near t = $(said granular-bed "near t = $NUM as")" \
    peaks ${peak% *} "$(said granular-bed "climbs to about $NUM near")" ${peak#* } "$(said granular-bed "near t = $NUM as")"
check "granular-bed: about $(said granular-bed "falls to about $NUM by") at the end ($(row granular-bed-thermo.csv kinetic_energy 20))" \
    awk -v x="$(row granular-bed-thermo.csv kinetic_energy 20)" -v c="$(said granular-bed "falls to about $NUM by")" \
    'BEGIN { exit !(x != "" && x > c / 3 && x < 3 * c) }'
check "granular-bed: energy_drift about $(said granular-bed "energy_drift about $NUM")" \
    roundoff "$(get granular-bed energy_drift)" "$(said granular-bed "energy_drift about $NUM")"

# granular: the collision rate at kT = T0, tau by Haff's formula and
# fitted to the temperatures, the drift.
w0=$(awk -F, 'NR > 1 && $1 >= 2 && $1 <= 10 { w += $9 / sqrt($5); n++ } END { print w / n }' granular-thermo.csv)
check "granular: w0 $w0, about $(said granular "temperature\), about $NUM once")" \
    near "$w0" "$(said granular "temperature\), about $NUM once")" 0.1
check "granular: tau = 4 / ((1 - 0.6^2) w0) is $(said granular "melted\), tau is $NUM;")" \
    near "$(awk -v w="$(said granular "temperature\), about $NUM once")" 'BEGIN { print 4 / (0.64 * w) }')" \
    "$(said granular "melted\), tau is $NUM;")" 0.02
tau=$(awk -F, 'NR > 1 && $1 >= 2 && $1 <= 10 { s += $1 / (1 / sqrt($5) - 1); n++ } END { print s / n }' granular-thermo.csv)
check "granular: Haff's tau fitted $tau, about $(said granular "with tau about $NUM")" \
    near "$tau" "$(said granular "with tau about $NUM")" 0.1
check "granular: energy_drift about $(said granular "energy_drift about $NUM")" \
    roundoff "$(get granular energy_drift)" "$(said granular "energy_drift about $NUM")"

# kepler: the period, the energy, Euler's drift, the return.
T=$(said kepler "period is T = 2 pi / sqrt\(2\) = $NUM")
check "kepler: end_time is ten periods of $T" within "$(get kepler time)" "$(awk -v t="$T" 'BEGIN { print 10 * t }')" 0.0001
check "kepler: total_energy $(said kepler "E = -G m1 m2 / \(2 a\) = $SNUM")" \
    within "$(get kepler total_energy)" "$(said kepler "E = -G m1 m2 / \(2 a\) = $SNUM")" 1e-9
check "kepler: euler, one orbit" run_status 0 -c "$CONF/kepler.ini" -s simulation.integrator=euler \
    -s simulation.end_time="$T" -s output.orbit.interval=0 -s output.final.file=kepler-euler.txt
check "kepler: euler drift $(value total_energy_drift) after one orbit, $(said kepler "outwards: $NUM after one")" \
    near "$(value total_energy_drift)" "$(said kepler "outwards: $NUM after one")" 0.1
for i in euler symplectic verlet rk4; do
    check "kepler: $i, ten orbits" run_status 0 -c "$CONF/kepler.ini" -s simulation.integrator=$i \
        -s output.orbit.interval=0 -s output.final.file=kepler-$i.txt
    if [ $i = euler ]; then
        check "kepler: euler drift $(value total_energy_drift) after ten, $(said kepler "one orbit at this dt, $NUM after")" \
            near "$(value total_energy_drift)" "$(said kepler "one orbit at this dt, $NUM after")" 0.1
    else
        check "kepler: $i keeps the energy to round-off ($(value total_energy_drift))" below "$(value total_energy_drift)" 1e-12
    fi
done
check "kepler: back where they started, to $(said kepler "started \($NUM at this")" awk -v c="$(said kepler "started \($NUM at this")" \
    'NR == FNR { if (FNR > 1) { x[FNR] = $1; y[FNR] = $2 }; next } FNR > 1 { d = ($1 - x[FNR]) ^ 2 + ($2 - y[FNR]) ^ 2; if (d > m) m = d }
     END { exit !(sqrt(m) < 2 * c && sqrt(m) > c / 10) }' "$HSF_TEST_SRCDIR/data/kepler2.txt" kepler-final.txt
# figure8: after one period, back to the start.
check "figure8: back to $(said figure8 "\(within $NUM at this")" awk -v c="$(said figure8 "\(within $NUM at this")" \
    'NR == FNR { if (FNR > 1) { x[FNR] = $1; y[FNR] = $2 }; next } FNR > 1 { d = ($1 - x[FNR]) ^ 2 + ($2 - y[FNR]) ^ 2; if (d > m) m = d }
     END { exit !(sqrt(m) < 2 * c) }' "$HSF_TEST_SRCDIR/data/figure8.txt" figure8-final.txt
check "figure8: end_time is the period $(said figure8 "period T = $NUM of")" \
    within "$(get figure8 time)" "$(said figure8 "period T = $NUM of")" 1e-8
# chain: the period of the lowest mode is the run.
check "chain: T_1 = $(said chain "period T_1 = $NUM\.") = 2 pi / w_1, w_1 = 2 sin(pi / 16) = $(said chain "here w_1 = $NUM,")" \
    awk -v T="$(said chain "period T_1 = $NUM\.")" -v w="$(said chain "here w_1 = $NUM,")" -v e="$(get chain time)" \
    'BEGIN { p = 2 * sin(3.14159265358979 / 16); exit !((w - p) ^ 2 < 1e-10 && (T - 2 * 3.14159265358979 / p) ^ 2 < 1e-8 / 4 && (e - T) ^ 2 < 1e-8) }'

# longrun (the whole run of end_time 30 above): Carnahan-Starling's Z.
check "longrun: $(said longrun "0.45, $NUM spheres") spheres" test "$(get longrun particles)" = "$(said longrun "0.45, $NUM spheres")"
check "longrun: Z $(column longrun-thermo.csv compressibility 5) near $(said longrun "Carnahan-Starling value $NUM at")" \
    near "$(column longrun-thermo.csv compressibility 5)" "$(said longrun "Carnahan-Starling value $NUM at")" 0.02
# periodic3d and random-fluid: the equation of state.
cs() { awk -v f="$1" 'BEGIN { printf "%.3f", (1 + f + f * f - f ^ 3) / (1 - f) ^ 3 }'; }
check "periodic3d: Carnahan-Starling at 0.30 is $(said periodic3d "Z = PV/NkT = $NUM at")" \
    test "$(cs 0.30)" = "$(said periodic3d "Z = PV/NkT = $NUM at")"
check "periodic3d: Z $(column periodic3d-thermo.csv compressibility 5) settles at $(said periodic3d "settles at $NUM\.")" \
    near "$(column periodic3d-thermo.csv compressibility 5)" "$(said periodic3d "settles at $NUM\.")" 0.01
check "random-fluid: Z $(row random-fluid-thermo.csv compressibility 1) in the first row, $(said random-fluid "Z = $NUM against")" \
    near "$(row random-fluid-thermo.csv compressibility 1)" "$(said random-fluid "Z = $NUM against")" 0.02
check "random-fluid: Carnahan-Starling at 0.45 is $(said random-fluid "Carnahan-Starling's $NUM")" \
    within "$(cs 0.45)" "$(said random-fluid "Carnahan-Starling's $NUM")" 0.001
# polymer: bonds, tethers pulled taut more often than collisions, no overlap.
check "polymer: bonds: $(said polymer "bonds: $NUM")" test "$(get polymer bonds)" = "$(said polymer "bonds: $NUM")"
check "polymer: step_events outnumber collisions" above "$(get polymer step_events)" "$(get polymer collisions)"
check "polymer: max_overlap 0" test "$(get polymer max_overlap)" = 0.000e+00
# reversal: back to about 1e-11 radii.
check "reversal: return_distance_max $(get reversal return_distance_max), about $(said reversal "come: about $NUM here")" \
    roundoff "$(get reversal return_distance_max)" "$(said reversal "come: about $NUM here")"
# squarewell: energy kept, the temperature up from 1.5, Z below hard spheres'.
check "squarewell: energy_drift about $(said squarewell "energy_drift is about $NUM")" \
    roundoff "$(get squarewell energy_drift)" "$(said squarewell "energy_drift is about $NUM")"
check "squarewell: temperature rises from $(said squarewell "temperature rises from $NUM while")" awk -F, \
    -v t="$(said squarewell "temperature rises from $NUM while")" 'NR == 2 { a = $5 } END { exit !((a - t) ^ 2 < 1e-18 && $5 > t) }' squarewell-thermo.csv
check "squarewell: Carnahan-Starling at 0.2 is $(said squarewell "\(Carnahan-Starling: $NUM\)")" \
    within "$(cs 0.2)" "$(said squarewell "\(Carnahan-Starling: $NUM\)")" 0.005
check "squarewell: Z $(column squarewell-thermo.csv compressibility) below it" \
    above "$(said squarewell "\(Carnahan-Starling: $NUM\)")" "$(column squarewell-thermo.csv compressibility)"
# thermostat: from 3 to 1 within a few time units, the canonical fluctuations.
check "thermostat: temperature $(row thermostat-thermo.csv temperature 5) at t = 5, the bath's 1" \
    near "$(row thermostat-thermo.csv temperature 5)" 1 0.1
sd=$(awk -F, 'NR > 1 && $1 >= 10 { s += $4; q += $4 * $4; n++ } END { m = s / n; printf "%.2f", 100 * sqrt(q / n - m * m) / m }' thermostat-thermo.csv)
check "thermostat: kinetic energy fluctuates by $sd %, $(said thermostat "\(3 N\)\) = $NUM %") % said" \
    near "$sd" "$(said thermostat "\(3 N\)\) = $NUM %")" 0.35
check "thermostat: sqrt(2 / (3 N)) = $(said thermostat "\(3 N\)\) = $NUM %") %" within \
    "$(awk -v n="$(get thermostat particles)" 'BEGIN { print 100 * sqrt(2 / (3 * n)) }')" "$(said thermostat "\(3 N\)\) = $NUM %")" 0.05
# wallbouncing: five heights, each level to round-off.
check "wallbouncing: $(said wallbouncing "has ([a-z]+) heights") heights, each level to $(said wallbouncing "round-off \($NUM\)")" \
    awk -v n="$(number "$(said wallbouncing "has ([a-z]+) heights")")" -v t="$(said wallbouncing "round-off \($NUM\)")" \
    'NR > 1 { k = $7 " " $8 " " $9; if (!(k in lo) || $2 < lo[k]) lo[k] = $2; if (!(k in hi) || $2 > hi[k]) hi[k] = $2 }
     END { for (k in lo) { rows++; if (hi[k] - lo[k] > t) bad = 1 }; exit !(rows == n && !bad) }' wallbouncing-final.txt

# triatomic: the two frequencies (k = 1, M = 10, m = 1), and the virial
# theorem over the run: <K> = <U>.
check "triatomic: sqrt(k / M) = $(said triatomic "sqrt\(k / M\) = $NUM \(the heavy")" \
    within "$(awk 'BEGIN { print sqrt(1 / 10) }')" "$(said triatomic "sqrt\(k / M\) = $NUM \(the heavy")" 0.0005
check "triatomic: sqrt(k / M (1 + 2 M / m)) = $(said triatomic "2 M / m\)\) = $NUM \(the light")" \
    within "$(awk 'BEGIN { print sqrt(1 / 10 * (1 + 2 * 10 / 1)) }')" "$(said triatomic "2 M / m\)\) = $NUM \(the light")" 0.0005
check "triatomic: <K> / <U> = $(awk -v k="$(column triatomic.csv vibration)" -v u="$(column triatomic.csv potential)" 'BEGIN { print k / u }'), within $(said triatomic "agree within $NUM %") %" \
    near "$(column triatomic.csv vibration)" "$(column triatomic.csv potential)" "$(awk -v p="$(said triatomic "agree within $NUM %")" 'BEGIN { print p / 100 }')"

# Numbers of a comment that describe its configuration: edited apart, they fail.
# key CONF SECTION KEY: the value of KEY in [SECTION] of conf/CONF.ini.
key() { awk -v s="[$2]" -v k="$3" '/^\[/ { on = ($1 == s) } on && $1 == k && $2 == "=" { print $3; exit }' "$CONF/$1.ini"; }
# granular-shear: the flow's least-squares slope is the imposed rate, and
# the particles the comment counts.
slope=$(awk -F, 'NR > 1 { n++; sx += $2; sy += $4; sxx += $2 * $2; sxy += $2 * $4 }
                 END { if (n > 1) print (n * sxy - sx * sy) / (n * sxx - sx * sx) }' granular-shear-profile.csv)
check "granular-shear: flow slope $slope, the rate $(key granular-shear boundary rate)" \
    near "$slope" "$(key granular-shear boundary rate)" 0.03
check "granular-shear: $(said granular-shear "shear flow: $NUM inelastic discs") discs" \
    test "$(get granular-shear particles)" = "$(said granular-shear "shear flow: $NUM inelastic discs")"
# shear (run to t = 40 only): its spheres; the stress output's viscosity
# within three of its errors of the whole run's figure the comment gives;
# the flow slope is the rate; the peculiar temperature is the comment's.
check "shear: $(said shear "shear: $NUM spheres") spheres" \
    test "$(get shear particles)" = "$(said shear "shear: $NUM spheres")"
eta=$(sed -n 's/^# viscosity //p' shear-stress.csv)
check "shear: viscosity $eta, the comment's $(said shear "blocks: viscosity $NUM \+-")" \
    within "${eta%% *}" "$(said shear "blocks: viscosity $NUM \+-")" "$(echo "$eta" | awk '{ print 3 * $3 }')"
# The weakly sheared fluid's viscosity and transport.ini's Einstein-Helfand
# one of the same fluid in equilibrium agree within twice their errors
# combined.
helfand=$(sed -n 's/^# viscosity //p' transport.csv)
check "shear: viscosity ${eta%% *} +- $(echo "$eta" | awk '{ print $3 }'), Einstein-Helfand's in equilibrium ${helfand%% *} +- $(echo "$helfand" | awk '{ print $3 }')" \
    awk -v a="${eta%% *}" -v ea="$(echo "$eta" | awk '{ print $3 }')" -v b="${helfand%% *}" \
        -v eb="$(echo "$helfand" | awk '{ print $3 }')" \
        'BEGIN { d = a - b; exit !(a != "" && b != "" && ea > 0 && eb > 0 && d * d <= 4 * (ea * ea + eb * eb)) }'
slope=$(awk -F, 'NR > 1 { n++; sx += $2; sy += $4; sxx += $2 * $2; sxy += $2 * $4 }
                 END { if (n > 1) print (n * sxy - sx * sy) / (n * sxx - sx * sx) }' shear-profile.csv)
check "shear: flow slope $slope, the rate $(key shear boundary rate)" \
    near "$slope" "$(key shear boundary rate)" 0.03
kT=$(awk -F, 'NR > 1 { s += $7 * $8; n += $8 } END { if (n > 0) print s / n }' shear-profile.csv)
check "shear: kT $kT, the comment's $(said shear "kT = $NUM on average")" \
    near "$kT" "$(said shear "kT = $NUM on average")" 0.02

check "compression: radii grow by $(said compression "grow by $NUM %") % per unit time" \
    within "$(key compression compression rate)" "$(awk -v p="$(said compression "grow by $NUM %")" 'BEGIN { print p / 100 }')" 1e-12
check "compression: velocities rescaled after every $(said compression "after every ([a-z]+) collisions") collisions per disc" \
    test "$(key compression compression rescale_every)" = "$(number "$(said compression "after every ([a-z]+) collisions")")"
check "compression: jammed past Z = $(said compression "reduced pressure Z = PV/\(NkT\) passes $NUM")" \
    test "$(key compression compression jamming)" = "$(said compression "reduced pressure Z = PV/\(NkT\) passes $NUM")"
check "compression: a picture every $(said compression "a picture every $NUM time")" \
    test "$(key compression output.pictures interval)" = "$(said compression "a picture every $NUM time")"
# brownian: the heavy disc's speed, sqrt(m / M) of a light one's.
check "brownian: sqrt(0.1 / 20) = $(said brownian "sqrt\(0.1 / 20\) = $NUM of")" awk \
    -v c="$(said brownian "sqrt\(0.1 / 20\) = $NUM of")" 'NR == 2 { M = $6 } NR == 3 { m = $6 }
     END { r = sqrt(m / M); exit !(M == 20 && m == 0.1 && (r - c) ^ 2 < 0.005 ^ 2) }' "$HSF_TEST_SRCDIR/data/brownian.txt"
# diatomic: the spring's period, 2 pi sqrt(m / (2 k)).
check "diatomic: vibration period $(said diatomic "\(2 k\)\) = $NUM\)")" within \
    "$(awk -v k="$(key diatomic force.springs stiffness)" 'BEGIN { print 2 * 3.14159265 * sqrt(1 / (2 * k)) }')" \
    "$(said diatomic "\(2 k\)\) = $NUM\)")" 0.0005
# The README's examples, counted as the runs count them.
for c in "box3d 3D: $NUM spheres in a box" "periodic3d 3D fluid, $NUM spheres, periodic" \
    "circle 2D: $NUM discs in a circle" "dumbbells a gas of $NUM hard dumbbells:2" \
    "polymer a chain of $NUM discs crumpling" "compression \| $NUM discs compressed slowly" \
    "brownian heavy disc among $NUM light ones:+1" "billiards cue ball into a $NUM-ball rack:+1" \
    "billiards3 billiard breaks with $NUM, 10 and 15 balls:+1" "billiards10 billiard breaks with 3, $NUM and 15 balls:+1"; do
    conf=${c%% *} re=${c#* } how=
    case $re in *:2) how=2; re=${re%:2} ;; *:+1) how=+1; re=${re%:+1} ;; esac
    n=$(said README "$re")
    case $how in 2) n=$((2 * n)) ;; +1) n=$((n + 1)) ;; esac
    check "README: $conf has $n particles" test "$(get $conf particles)" = "$n"
done
# The README: the overlaps round-off leaves (event-driven runs), the time reversal, the slit.
worst=$(for f in "$WORK"/*.summary; do grep -q '^collisions_resolved_late:' "$f" || cat "$f"; done | awk '$1 == "max_overlap:" && $2 > m { m = $2 } END { print m + 0 }')
check "README: max_overlap at most $(said README "round-off leaves at most about $NUM\)") (largest $worst)" \
    at_most "$worst" "$(said README "round-off leaves at most about $NUM\)")"
check "README: a short reversal returns to $(said README "a short run returns to about $NUM radii")" \
    roundoff "$(get reversal return_distance_max)" "$(said README "a short run returns to about $NUM radii")"
check "README: reversal.ini back to $(said README "back to $NUM radii after a short run")" \
    roundoff "$(get reversal return_distance_max)" "$(said README "back to $NUM radii after a short run")"
check "README: the slit, as the comment says" test \
    "$(said README "red discs on the right in the frames at t = 0, 25, ..., 100, about ([0-9, ]+);")" = \
    "$(said diffusion "here ([0-9, ]+);")"
check "README: bouncing for $(said README "returns to its height for $NUM bounces") bounces" \
    test "$(get bouncing boundary_hits)" = "$(said README "returns to its height for $NUM bounces")"

finish
