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

# longrun, shortened to end_time 30: stopped after a second each time
# and resumed until done, it writes what a whole run writes.
longrun_resumed() {
    mkdir -p "$WORK/longrun" && cd "$WORK/longrun" || return 1
    status=75 runs=0
    while [ $status -eq 75 ] && [ $runs -lt 100 ]; do
        resume=""
        [ -f longrun.ckpt ] && resume="--resume longrun.ckpt"
        "$HSFRAME" -c "$CONF/longrun.ini" -s simulation.end_time=30 \
            -s checkpoint.stop_after=1 $resume >"$WORK/out" 2>"$WORK/err"
        status=$?
        runs=$((runs + 1))
    done
    echo "  longrun: $runs runs" >&2
    cd "$WORK" && [ $status -eq 0 ] && [ $runs -gt 1 ] &&
        cmp -s longrun/longrun-thermo.csv longrun-thermo.csv &&
        cmp -s longrun/longrun-final.xyz longrun-final.xyz
}

for ini in "$CONF"/*.ini; do
    scenario=$(basename "$ini" .ini)
    if [ "$scenario" = longrun ]; then
        check "longrun runs whole (end_time 30)" run_status 0 -c "$ini" \
            -s simulation.end_time=30 -s checkpoint.stop_after=0
        cp "$WORK/out" "$WORK/$scenario.summary"
        check "longrun: stopped and resumed, the same files" longrun_resumed
        continue
    fi
    check "$scenario runs" run_status 0 -c "$ini"
    # Time-step scenarios: their physics is checked by tests/test_timestep_*.sh.
    grep -q '^engine *= *timestep' "$ini" && continue
    check "$scenario: energy conserved to 1e-12" below "$(value energy_drift)" 1e-12
    cp "$WORK/out" "$WORK/$scenario.summary"
done

# The generator still makes the data files: byte for byte where it draws no
# random numbers, the same particle count where it does (another awk's
# rand() gives other numbers).
mkdir "$WORK/gen"
check "make-scenarios.sh runs" sh "$HSF_TEST_SRCDIR/data/make-scenarios.sh" "$WORK/gen"
for f in billiards3 billiards10 squeeze wallbouncing; do
    check "make-scenarios.sh: $f.txt as committed" cmp -s "$WORK/gen/$f.txt" \
        "$HSF_TEST_SRCDIR/data/$f.txt"
done
for f in diffusion brownian; do
    check "make-scenarios.sh: $f.txt has its particles" test "$(head -1 "$WORK/gen/$f.txt")" = \
        "$(head -1 "$HSF_TEST_SRCDIR/data/$f.txt")"
done

# (Summaries of the runs above, by name.)
get() { awk -v k="$2:" '$1 == k { print $2 }' "$WORK/$1.summary"; }

check "billiards3: the break happens" above "$(get billiards3 collisions)" 3
check "billiards10: more balls, more collisions" above "$(get billiards10 collisions)" \
    "$(get billiards3 collisions)"

# Slit: every disc starts on its own side; by t = 100 many have crossed.
red_right=$(awk 'NR > 1 && $1 > 0.5 && $7 == 255' diffusion-final.txt | wc -l)
blue_left=$(awk 'NR > 1 && $1 < 0.5 && $9 == 255' diffusion-final.txt | wc -l)
red_left0=$(awk 'NR > 2 && $7 == 255 && $1 < 0.5' "$HSF_TEST_SRCDIR/data/diffusion.txt" | wc -l)
check "diffusion: all red start on the left" test "$red_left0" -eq 150
check "diffusion: red discs cross the slit ($red_right)" above "$red_right" 20
check "diffusion: blue discs cross the slit ($blue_left)" above "$blue_left" 20
# The same count in each frame of the trajectory (t = 0, 25, ..., 100):
# none at the start, many at the end.  Colour red is "1 0 0" in columns 10-12.
red_frames=$(awk '/^Lattice/ { if (f++) printf "%d ", n; n = 0; next }
    NF > 11 && $2 > 0.5 && $10 == 1 && $11 == 0 { n++ } END { printf "%d", n }' diffusion.xyz)
check "diffusion: red on the right by frame ($red_frames) grows from 0" awk -v c="$red_frames" \
    'BEGIN { k = split(c, n, " "); exit !(k == 5 && n[1] == 0 && n[k] > 20) }'
check "diffusion: the wall stays put" awk 'NR > 1 && $6 > 1e11 { n++; if ($1 - 0.5 > 1e-6 ||
    0.5 - $1 > 1e-6) moved = 1 } END { exit moved || n == 0 }' diffusion-final.txt

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
finish
