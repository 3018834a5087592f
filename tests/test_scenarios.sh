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

for ini in "$CONF"/*.ini; do
    scenario=$(basename "$ini" .ini)
    check "$scenario runs" run_status 0 -c "$ini"
    check "$scenario: energy conserved to 1e-12" below "$(value energy_drift)" 1e-12
    cp "$WORK/out" "$WORK/$scenario.summary"
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
check "diffusion: the wall stays put" awk 'NR > 1 && $6 > 1e11 && ($1 - 0.5 > 1e-6 ||
    0.5 - $1 > 1e-6) { moved = 1 } END { exit moved }' diffusion-final.txt

# Brownian: the heavy disc (line 2) has wandered from the centre.
check "brownian: the heavy disc moves" awk 'NR == 2 { d = ($1 - 0.5) ^ 2 + ($2 - 0.5) ^ 2;
    exit !(d > 0.01 ^ 2) }' brownian-final.txt
check "brownian: speeds by mass class" contains brownian-speeds.csv "# mass 20: particles 1,"

# Squeeze: hundreds of collisions, the big discs turned round, the tiny one
# faster than it started.
check "squeeze: many collisions" above "$(get squeeze collisions)" 300
check "squeeze: big discs turned round" awk 'NR == 2 { a = $3 } NR == 3 { b = $3 }
    END { exit !(a < 0 && b > 0) }' squeeze-final.txt
check "squeeze: the tiny disc sped up" awk 'NR == 4 { exit !($3 * $3 + $4 * $4 > 1) }' \
    squeeze-final.txt

# Wall bouncing: five rows, five heights.
check "wallbouncing: rows stay level" test "$(awk 'NR > 1 { printf "%.9f\n", $2 }' \
    wallbouncing-final.txt | sort -u | wc -l)" -eq 5

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

# Time reversal: back to 1e-12 radii after a short run, nowhere near after
# a long one (chaos).
check "reversal: the gas comes back" below "$(get reversal return_distance_max)" 1e-9
check "reversal: a long run does not come back" run_status 0 -c "$CONF/reversal.ini" \
    -s simulation.reverse_at=20 -s simulation.end_time=40
check "reversal: long run ends far away" above "$(value return_distance_max)" 1
finish
