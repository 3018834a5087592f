#!/bin/sh
# The time-step engine for hard discs: a gas of two masses reaching
# equipartition, the collisions it resolves late or misses against the
# event-driven engine's exact count, a diatomic gas of spring-bonded
# molecules sharing its energy equally among its five degrees of freedom,
# pictures, and the configurations it refuses.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
below() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && (x < 0 ? -x : x) < l) }'; }
above() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && x > l) }'; }
# between X LO HI
between() { awk -v x="$1" -v l="$2" -v h="$3" 'BEGIN { exit !(x != "" && x > l && x < h) }'; }

# Heavy discs (m = 4) moving, light ones (m = 1) at rest: after t = 2 the
# mean kinetic energies of the two kinds agree within 3 % (the xyz frames
# every 0.25, 200 discs of each, to t = 30).
check "gas by time steps runs" run_status 0 -c "$CONF/gas-timestep.ini" -s simulation.end_time=30
ratio=$(awk 'NF == 1 { frame++ } NF >= 12 && frame > 8 {
                 e = $9 * ($5 * $5 + $6 * $6) / 2; if ($9 == 4) { h += e; nh++ } else { l += e; nl++ } }
             END { printf "%.4f\n", (l / nl) / (h / nh) }' gas-timestep.xyz)
echo "  light / heavy mean kinetic energy: $ratio"
check "gas: equipartition between the masses (3 %)" between "$ratio" 0.97 1.03
check "gas: the light discs start at rest" \
    awk 'NF == 1 && NR > 1 { exit } NR > 2 && $9 == 1 { n++; if ($5 != 0 || $6 != 0) bad = 1 }
         END { exit bad || n != 200 }' gas-timestep.xyz
check "gas: contact and walls keep the energy (1e-12)" below "$(value total_energy_drift)" 1e-12
check "gas: the event engine's count is reported" above "$(value event_engine_collisions)" 100000
check "gas: dt = 0.001 resolves 95 to 100 % of the event engine's collisions" \
    between "$(value collisions_vs_event_engine)" 0.95 1.0
fine_missed=$(value collisions_missed) fine_overlap=$(value max_overlap)
check "gas: collisions equal those resolved late" test "$(value collisions)" = "$(value collisions_resolved_late)"
check "gas: delay about half a step" between "$(value collision_delay_mean)" 0.4 0.6
check "gas at dt = 0.01 runs" run_status 0 -c "$CONF/gas-timestep.ini" -s simulation.end_time=30 \
    -s simulation.dt=0.01 -s output.movie.interval=0
check "gas at dt = 0.01: many more missed (10x)" above "$(value collisions_missed)" "$((10 * fine_missed))"
check "gas at dt = 0.01: deeper overlaps" above "$(value max_overlap)" "$fine_overlap"
check "gas at dt = 0.01: fewer collisions than the event engine (< 80 %)" \
    below "$(value collisions_vs_event_engine)" 0.8
check "without compare, no event engine run" run_status 0 -c "$CONF/gas-timestep.ini" \
    -s simulation.end_time=1 -s simulation.compare=no -s output.movie.interval=0
check "without compare: no count" sh -c "! grep -q event_engine_collisions '$WORK/out'"
check "contact = no: nothing collides" run_status 0 -c "$CONF/gas-timestep.ini" \
    -s simulation.end_time=1 -s simulation.compare=no -s simulation.contact=no \
    -s output.movie.interval=0
check "contact = no: no collisions" test "$(value collisions)" = 0

# 200 spring-bonded diatomic molecules, started with translation only:
# over the second half of the run each degree of freedom holds the same
# mean energy (five per molecule in 2D), equal to E / (5 N) within 4 %
# (contacts found late bias the split by about dt: 3 % at this dt).
check "diatomic gas runs" run_status 0 -c "$CONF/diatomic.ini" -s output.movie.interval=0
means=$(awk -F, 'NR > 1 && $1 >= 20 { t += $7; r += $8; v += $9; u += $10; n++ }
                 END { printf "%.5f %.5f %.5f %.5f\n", t / n, r / n, v / n, u / n }' diatomic.csv)
echo "  per degree of freedom: translation, rotation, vibration, potential: $means"
kt2=$(awk -F, 'NR == 2 { printf "%.6f\n", ($2 + $6) / (5 * 200) }' diatomic.csv)
for k in 1 2 3 4; do
    m=$(echo "$means" | cut -d' ' -f$k)
    check "diatomic: degree of freedom $k holds E / (5 N) = $kt2 within 4 %" \
        between "$(awk -v m="$m" -v e="$kt2" 'BEGIN { print m / e }')" 0.96 1.04
done
check "diatomic: at the start, translation only" \
    awk -F, 'NR == 2 { still = $4 <= 1e-12 && $5 <= 1e-12 && $6 <= 1e-12 } END { exit !still }' diatomic.csv
check "diatomic: energy kept (2e-3)" below "$(value total_energy_drift)" 2e-3
check "diatomic: momentum kept (periodic)" below "$(value momentum_drift)" 1e-12

# The same in 3D: seven degrees of freedom per molecule (three of
# translation, two of rotation, vibration and the spring).
check "3D diatomic gas runs" run_status 0 -c "$CONF/diatomic3d.ini"
means=$(awk -F, 'NR > 1 && $1 >= 10 { t += $7; r += $8; v += $9; u += $10; n++ }
                 END { printf "%.5f %.5f %.5f %.5f\n", t / n, r / n, v / n, u / n }' diatomic3d.csv)
echo "  3D, per degree of freedom: translation, rotation, vibration, potential: $means"
kt2=$(awk -F, 'NR == 2 { printf "%.6f\n", ($2 + $6) / (7 * 216) }' diatomic3d.csv)
for k in 1 2 3 4; do
    m=$(echo "$means" | cut -d' ' -f$k)
    check "3D diatomic: degree of freedom $k holds E / (7 N) = $kt2 within 4 %" \
        between "$(awk -v m="$m" -v e="$kt2" 'BEGIN { print m / e }')" 0.96 1.04
done

# Pictures of a time-step run, as of an event-driven one.
if "$HSFRAME" --list-plugins 2>/dev/null | grep -q '^frames '; then
    sed -e 's/^plugin = xyz/plugin = frames/' -e 's/^file = diatomic.xyz/prefix = mol/' \
        -e "s|\.\./data/|$HSF_TEST_SRCDIR/data/|" "$CONF/diatomic.ini" >frames.ini
    check "frames of the diatomic gas" run_status 0 -c frames.ini -s simulation.end_time=1 \
        -s output.movie.width=64
    check "frames: one per interval and the last" test "$(ls mol*.png | wc -l)" = 3
else
    skip cairo "frames of a time-step run: frames was not built (no cairo)"
fi

# The generator still makes the data files: byte for byte where it draws
# no random numbers, the same particle count where it does (another awk's
# rand() gives other numbers).
mkdir gen
check "make-timestep-scenarios.sh runs" sh "$HSF_TEST_SRCDIR/data/make-timestep-scenarios.sh" gen
for f in kepler2.txt figure8.txt chain8.txt chain8-bonds.txt triatomic.txt triatomic-bonds.txt \
         diatomic-bonds.txt diatomic3d-bonds.txt; do
    check "make-timestep-scenarios.sh: $f as committed" cmp -s "gen/$f" "$HSF_TEST_SRCDIR/data/$f"
done
for f in gas-masses.txt diatomic.txt diatomic3d.xyz; do
    check "make-timestep-scenarios.sh: $f has its particles" \
        test "$(head -1 "gen/$f")" = "$(head -1 "$HSF_TEST_SRCDIR/data/$f")"
done

# What it refuses (exit 2, nothing run).
check "unknown integrator" run_status 2 -c "$CONF/kepler.ini" -s simulation.integrator=leapfrog
check "unknown integrator: lists them" contains "$WORK/err" "expected one of euler, symplectic, verlet, rk4, found 'leapfrog'"
check "unknown engine" run_status 2 -c "$CONF/kepler.ini" -s simulation.engine=steps
check "unknown engine: message" contains "$WORK/err" "expected event, timestep or ecmc, found 'steps'"
check "no dt" run_status 2 -c "$CONF/kepler.ini" -s simulation.dt=0
check "no dt: message" contains "$WORK/err" "needs a time step dt > 0"
check "forces with the event engine" run_status 2 -c "$CONF/kepler.ini" -s simulation.engine=event
check "forces with the event engine: message" contains "$WORK/err" "forces act only with [simulation] engine = timestep"
check "a checkpoint of the time-step engine, stopped half way" run_status 75 \
    -c "$CONF/kepler.ini" -s checkpoint.file=k.ckpt -s checkpoint.stop_at_time=20
check "resumed with another dt: refused" run_status 2 -c "$CONF/kepler.ini" \
    -s checkpoint.file=k.ckpt -s simulation.dt=0.0003 --resume k.ckpt
check "refused: message" contains "$WORK/err" "the configuration does not match the checkpoint's"
check "resumed: completed" run_status 0 -c "$CONF/kepler.ini" -s checkpoint.file=k.ckpt \
    --resume k.ckpt
check "the completed run removed its checkpoint" test ! -e k.ckpt
check "audits with the time-step engine" run_status 2 -c "$CONF/gas-timestep.ini" \
    -s simulation.audit_every=1
check "compare with forces" run_status 2 -c "$CONF/kepler.ini" -s simulation.compare=yes
check "compare with forces: message" contains "$WORK/err" "compare needs a run without [force.NAME]"
# A step far too long for stiff springs: the energy overflows, the run
# stops (exit 1) naming the force, and leaves no output.
check "springs blowing up: exit 1" run_status 1 -c "$CONF/chain.ini" \
    -s force.springs.stiffness=1e30 -s simulation.dt=1
check "springs blowing up: message" contains "$WORK/err" "[force.springs] (spring) at t ="
check "springs blowing up: no output" test ! -e chain-final.xyz -a ! -e chain.xyz
finish
