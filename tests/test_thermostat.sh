#!/bin/sh
# The Andersen thermostat: the temperature relaxes to the bath's from
# above and from below, the kinetic energy fluctuates as in the canonical
# ensemble, each mass class of a mixture takes the bath's temperature, the
# bath acts at its rate, a rate of 0 is the microcanonical run bit for
# bit, the seed decides the run, and a resumed run ends where the whole
# one does.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
near() { awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; exit !(x != "" && (d < 0 ? -d : d) <= t) }'; }
# mean_after FILE COLUMN T: the mean of a thermo column over rows after time T.
mean_after() {
    awk -F, -v c="$2" -v t0="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next }
        $1 > t0 { s += $k; n++ } END { if (n) printf "%.6f", s / n }' "$1"
}

# From above (kT 3) and from below (kT 0.3) to the bath's kT = 1.
check "hot fluid runs" run_status 0 -c "$CONF/thermostat.ini"
cp "$WORK/out" hot.summary
check "hot: energy less heat conserved" near "$(value energy_drift)" 0 1e-12
check "hot: the bath took heat" awk -v q="$(value heat_from_bath)" 'BEGIN { exit !(q < -1000) }'
t=$(mean_after thermostat-thermo.csv temperature 10)
check "hot: relaxes to kT = 1 ($t)" near "$t" 1 0.02
check "hot: within a few time units" awk -F, 'NR == 7 { cool = $5 < 1.2 } END { exit !cool }' thermostat-thermo.csv
check "cold fluid runs" run_status 0 -c "$CONF/thermostat.ini" -s init.temperature=0.3 \
    -s output.thermo.file=cold.csv
t=$(mean_after cold.csv temperature 10)
check "cold: relaxes to kT = 1 ($t)" near "$t" 1 0.02
check "cold: the bath gave heat" awk -v q="$(value heat_from_bath)" 'BEGIN { exit !(q > 500) }'

# Canonical fluctuations: var(K) / <K>^2 = 2 / (d N) for 800 discs, over
# 1000 samples two bath times apart.
cat >canonical.ini <<'INI'
[simulation]
dim = 2
end_time = 2000
[init]
lattice = triangular
cells = 20 20
packing_fraction = 0.3
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[thermostat]
temperature = 1
rate = 0.5
[output.thermo]
plugin = thermo
file = canonical.csv
interval = 2
INI
check "canonical run" run_status 0 -c canonical.ini
ratio=$(awk -F, 'NR > 11 { k = $4; s += k; ss += k * k; n++ }
    END { m = s / n; printf "%.4f", (ss / n - m * m) / (m * m) / (2 / 1600) }' canonical.csv)
check "canonical: var(K)/<K>^2 is 2/(dN) (ratio $ratio)" awk -v r="$ratio" \
    'BEGIN { exit !(r > 0.85 && r < 1.15) }'
check "microcanonical: K does not fluctuate" run_status 0 -c canonical.ini \
    -s thermostat.rate=0 -s output.thermo.file=micro.csv -s simulation.end_time=100
check "microcanonical: K constant to round-off" awk -F, 'NR == 2 { k0 = $4 }
    NR > 2 { d = $4 - k0; if ((d < 0 ? -d : d) > 1e-12 * k0) bad = 1 } END { exit bad || NR < 50 }' micro.csv

# A binary mixture (masses 1 and 4, 200 discs each, started with speed 1
# in every direction: class temperatures 0.5 and 2) under a bath at
# kT = 1.5, fast next to the collisions (rate 2, packing fraction 0.1):
# each class reaches the bath's temperature (a bath that ignored the mass
# would leave the heavy class 4 times hotter than the light one gets),
# and the bath acts as a Poisson process of rate x N x t = 2 x 400 x 80 =
# 64000 events (standard deviation 253).  Over seeds the class
# temperatures scatter by 0.015; the margin is 4 times that.
awk 'BEGIN { print 400
    for (k = 0; k < 400; k++) {
        a = k * 2.39996323; m = k % 2 ? 4 : 1
        printf "%.4f %.4f %.6f %.6f 0.5 %d 0 0 0\n", 1.4 + 2.8 * (k % 20),
               1.4 + 2.8 * int(k / 20), cos(a), sin(a), m } }' >mixture.txt
cat >mixture.ini <<'INI'
[simulation]
dim = 2
particles = mixture.txt
end_time = 80
seed = 3
[boundary]
plugin = periodic
size = 56 56
[thermostat]
plugin = andersen
temperature = 1.5
rate = 2
[output.speeds]
plugin = speeds
file = mixture-speeds.csv
interval = 0.5
start = 10
INI
check "mixture under the bath runs" run_status 0 -c mixture.ini
class_kT() { awk -v m="$1:" '$2 == "mass" && $3 == m { print $NF }' mixture-speeds.csv; }
kT1=$(class_kT 1) kT4=$(class_kT 4)
check "mixture: the light class at the bath's kT = 1.5 ($kT1)" near "$kT1" 1.5 0.06
check "mixture: the heavy class at the bath's kT = 1.5 ($kT4)" near "$kT4" 1.5 0.06
events=$(value thermostat_events)
check "mixture: $events bath events, 64000 expected (within 4 standard deviations)" \
    near "$events" 64000 1012
check "mixture: energy less heat conserved" near "$(value energy_drift)" 0 1e-12

# Rate 0 is the run without a thermostat, bit for bit.
check "no thermostat" run_status 0 -c "$CONF/periodic3d.ini" -s simulation.end_time=5 \
    -s output.final.file=plain.xyz
check "rate 0" run_status 0 -c "$CONF/periodic3d.ini" -s simulation.end_time=5 \
    -s output.final.file=rate0.xyz -s thermostat.temperature=1 -s thermostat.rate=0
check "rate 0: the same bits" cmp -s plain.xyz rate0.xyz
check "rate 0: no event" test "$(value thermostat_events)" = 0

# The seed decides: the same seed the same bits, another seed another run.
short() { run_status 0 -c "$CONF/thermostat.ini" -s simulation.end_time=5 -s simulation.seed=$1 \
               -s output.thermo.file=$2; }
check "seed 1" short 1 first.csv
check "seed 1 again" short 1 again.csv
check "seed 2" short 2 other.csv
check "same seed, same bits" cmp -s first.csv again.csv
check "another seed, another run" sh -c '! cmp -s first.csv other.csv'

# Stopped after a quarter of its events and resumed until done: the same
# end (the generator is saved).
events=$(segment hot.summary 4)
status=75 runs=0
while [ $status -eq 75 ] && [ $runs -lt 200 ]; do
    resume=""
    [ -f th.ckpt ] && resume="--resume th.ckpt"
    "$HSFRAME" -q -c "$CONF/thermostat.ini" -s output.thermo.file=resumed.csv \
        -s checkpoint.file=th.ckpt -s checkpoint.stop_after_events="$events" $resume >/dev/null
    status=$?
    runs=$((runs + 1))
done
echo "  resumed in $runs runs" >&2
check "resumed: completed in several runs" test $status -eq 0 -a $runs -gt 1
check "resumed: the same table as the whole run" cmp -s resumed.csv thermostat-thermo.csv

# What is wrong is said.
check "a thermostat without a temperature is refused" run_status 2 -c "$CONF/periodic3d.ini" \
    -s thermostat.rate=1
check "missing temperature: says which key" contains "$WORK/err" \
    "[thermostat] needs the key 'temperature'"
check "a queue as a thermostat is refused" run_status 2 -c "$CONF/periodic3d.ini" \
    -s thermostat.plugin=calendar
check "wrong kind: says so" contains "$WORK/err" "is a queue plugin, but a thermostat plugin is needed here"
finish
