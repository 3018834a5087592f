#!/bin/sh
# The transport output (Einstein-Helfand): the hard-sphere fluid of
# conf/transport.ini against Enskog's theory; the moments followed through
# steps of a square well; what it refuses (walls, a thermostat); the 2D
# warning; a run stopped and resumed writes the same file; the picture.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# note KEY [FIELD]: the FIELD-th word (default 3) of "# KEY ..." in transport.csv.
note() { awk -v k="$1" -v f="${2:-3}" '$1 == "#" && $2 == k { print $f; exit }' transport.csv; }

check "conf/transport.ini runs" run_status 0 -c "$CONF/transport.ini"
# Enskog at packing fraction f = 0.30 (sigma = m = kT = 1): b rho = 4 f,
# chi = (1 - f / 2) / (1 - f)^3 (Carnahan-Starling's contact value),
# eta_0 = 1.016 x 5 / (16 sqrt(pi)), lambda_0 = 1.025 x 75 / (64 sqrt(pi)).
enskog=$(awk 'BEGIN { f = 0.30; br = 4 * f; chi = (1 - f / 2) / (1 - f) ^ 3; pi = atan2(0, -1)
    e0 = 1.016 * 5 / (16 * sqrt(pi)); l0 = 1.025 * 75 / (64 * sqrt(pi))
    printf "%.6f %.6f", e0 * (1 / chi + 0.8 * br + 0.761 * br * br * chi),
                        l0 * (1 / chi + 1.2 * br + 0.757 * br * br * chi) }')
set -- $enskog
check "errors given" awk -v a="$(note viscosity 5)" -v b="$(note thermal_conductivity 5)" \
    'BEGIN { exit !(a > 0 && b > 0 && a < 0.1 && b < 1) }'
# What conf/transport.ini says of its table: the coefficients at its end,
# with the figures it quotes, and the longer run's command as written.
quoted() { sed -n 's/^; *//p' "$CONF/transport.ini" | tr '\n' ' ' | sed -n "s/.*$1.*/ok/p"; }
check "the conf says the coefficients end the table" [ -n "$(quoted 'transport.csv ends with the coefficients')" ]
check "  and they do: the last lines are notes, the viscosity among them" sh -c \
    "tail -n 5 transport.csv | grep -q '^# viscosity' && ! tail -n 5 transport.csv | grep -qv '^#'"
check "  the figures it quotes: viscosity 0.645 +- 0.051, conductivity 2.63 +- 0.34" \
    [ "$(printf '%.3f %s %.2f %s' "$(note viscosity)" "$(note viscosity 5)" \
         "$(note thermal_conductivity)" "$(note thermal_conductivity 5)")" = "0.645 0.051 2.63 0.34" ]
long=$(sed -n 's/^; *hsframe -c conf\/transport.ini \(-s .*\)$/\1/p' "$CONF/transport.ini")
check "the conf's longer run: its options ($long)" [ -n "$long" ]
# shellcheck disable=SC2086
check "  it runs" run_status 0 -c "$CONF/transport.ini" -q $long -s output.transport.file=long.csv
lnote() { awk -v k="$1" -v f="${2:-3}" '$1 == "#" && $2 == k { print $f; exit }' long.csv; }
check "  giving the figures it quotes: 0.707 +- 0.019 and 2.94 +- 0.095 ($(lnote viscosity) +- $(lnote viscosity 5), $(lnote thermal_conductivity) +- $(lnote thermal_conductivity 5))" \
    [ "$(printf '%.3f %s %.2f %s' "$(lnote viscosity)" "$(lnote viscosity 5)" \
         "$(lnote thermal_conductivity)" "$(lnote thermal_conductivity 5)")" = "0.707 0.019 2.94 0.095" ]
# Molecular dynamics lies within a few per cent of Enskog here (Alder,
# Gass and Wainwright 1970; Pieprzyk et al. 2019).  The long run's own
# errors are 3 % and 3 %; runs of 300 time units scatter by 10 % from
# seed to seed, so the comparison is made on the long run.
check "viscosity $(lnote viscosity) +- $(lnote viscosity 5) against Enskog's $1" \
    awk -v x="$(lnote viscosity)" -v e="$1" 'BEGIN { exit !(x != "" && x / e > 0.92 && x / e < 1.10) }'
check "thermal conductivity $(lnote thermal_conductivity) +- $(lnote thermal_conductivity 5) against Enskog's $2" \
    awk -v x="$(lnote thermal_conductivity)" -v e="$2" 'BEGIN { exit !(x != "" && x / e > 0.92 && x / e < 1.20) }'
check "the table: 40 lags, increments growing" awk -F, 'NR > 1 && !/^#/ { n++
        if ($2 <= s || $3 <= h) bad = 1; s = $2; h = $3 } END { exit !(n == 40 && !bad) }' transport.csv

# A square well: the pair energies of its steps shared between the pairs;
# the currents followed through the events match the particles' at every
# sample (else the run stops with a message).
check "square well: the moments followed through the steps" run_status 0 \
    -c "$CONF/transport.ini" -s simulation.end_time=40 -s interaction.plugin=square_well \
    -s interaction.depth=1 -s interaction.range=1.5 -s output.transport.window=1

check "walls: refused" run_status 2 -c "$CONF/billiards.ini" -s output.tr.plugin=transport \
    -s output.tr.file=tr.csv -s output.tr.interval=1
check "walls: message" contains "$WORK/err" "the Helfand moments need a periodic boundary: axis x has walls"
check "a thermostat: stops" run_status 1 -c "$CONF/transport.ini" -s simulation.end_time=20 \
    -s thermostat.plugin=andersen -s thermostat.temperature=1 -s thermostat.rate=1
check "a thermostat: message" contains "$WORK/err" "the velocities changed other than at pair events"
check "too short: message" run_status 1 -c "$CONF/transport.ini" -s simulation.end_time=12
check "too short: says so" contains "$WORK/err" "run longer, or shorten window"

check "2D: runs" run_status 0 -c "$CONF/transport.ini" -s simulation.dim=2 \
    -s init.lattice=triangular -s init.cells="30 30" -s init.packing_fraction=0.5 \
    -s simulation.end_time=60
check "2D: the warning about long-time tails" grep -q "^# 2D: shear viscosity and thermal conductivity do not exist" transport.csv

mkdir ref resumed
whole() { (cd ref && "$HSFRAME" -c "$CONF/transport.ini" -s simulation.end_time=60 \
               -s checkpoint.file=state.ckpt >/dev/null 2>&1); }
resume() {
    (cd resumed || exit 1
     "$HSFRAME" -c "$CONF/transport.ini" -s simulation.end_time=60 -s checkpoint.file=state.ckpt \
         -s checkpoint.stop_at_time=30 >/dev/null 2>&1
     [ $? -eq 75 ] || exit 1
     "$HSFRAME" -c "$CONF/transport.ini" -s simulation.end_time=60 -s checkpoint.file=state.ckpt \
         --resume state.ckpt >/dev/null 2>&1)
}
check "checkpoint: uninterrupted" whole
check "checkpoint: stopped and resumed" resume
check "checkpoint: the same file" cmp ref/transport.csv resumed/transport.csv

if command -v gnuplot >/dev/null 2>&1; then
    check "hsframe-plot draws it" sh "$HSF_TEST_SRCDIR/tools/hsframe-plot" ref/transport.csv -o t.png
    check "the picture is a PNG" sh -c 'head -c 8 t.png | grep -q PNG'
else
    skip gnuplot "hsframe-plot draws it (gnuplot is not installed)"
fi
finish
