#!/bin/sh
# Plugin answers the engine cannot use stop the run with exit 1 and a
# message naming the plugin, the particle, the time and what was wrong;
# what the headers promise to ignore is ignored; the overlap audit.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1
FIX="--plugin-path $HSF_FIXTURE_DIR"

# 100 discs of radius 0.02 in the unit square.
awk 'BEGIN { print 100; for (i = 0; i < 100; i++)
             printf "%.3f %.3f %.6f %.6f 0.02 1 0 0 255\n", 0.05 + 0.1 * (i % 10),
                    0.05 + 0.1 * int(i / 10), sin(7 * i), cos(5 * i) }' >p.txt
cat >run.ini <<'I'
[simulation]
particles = p.txt
end_time = 20
[boundary]
plugin = good_box
[output.final]
plugin = snapshot
file = final.txt
I

check "the good fixture box runs" run_status 0 $FIX -c run.ini
check "good box: finite energy drift" grep -q "energy_drift: [-0-9]" "$WORK/out"
check "summary: max_overlap" contains "$WORK/out" "max_overlap: "
cp final.txt good.txt
cp "$WORK/out" good.out

check "a 2D boundary whose extent sets z periodic: runs" \
    run_status 0 $FIX -c run.ini -s boundary.plugin=z_periodic
check "z periodic ignored: the same final state to the bit" cmp -s final.txt good.txt
check "z periodic ignored: the same energy" \
    test "$(grep kinetic_energy "$WORK/out")" = "$(grep kinetic_energy good.out)"

check "an extent with lo > hi: refused before the run" \
    run_status 2 $FIX -c run.ini -s boundary.plugin=bad_extent
check "bad extent: message" contains "$WORK/err" \
    "hsframe: boundary bad_extent: extent gave axis x from 2 to 1: expected finite numbers with lo < hi"

rm -f final.txt
check "next_hit returning NaN stops the run" run_status 1 $FIX -c run.ini -s boundary.plugin=nan_hit
check "NaN hit: message" grep -q "hsframe: boundary nan_hit: next_hit returned nan for particle [0-9]* at t = [0-9.e-]*: expected a time >= 0, or INFINITY for never" "$WORK/err"
check "NaN hit: no output written" test ! -e final.txt
check "next_hit returning a negative time stops the run" \
    run_status 1 $FIX -c run.ini -s boundary.plugin=negative_hit
check "negative hit: message" grep -q "boundary negative_hit: next_hit returned -0.001 for particle [0-9]* at t = " "$WORK/err"
check "collide leaving a NaN velocity stops the run" \
    run_status 1 $FIX -c run.ini -s boundary.plugin=bad_velocity
check "bad velocity: message" grep -q "boundary bad_velocity: collide with wall [0-9] left particle [0-9]* at t = [0-9.e-]* with velocity (nan, [-0-9.e]*, 0) and impulse [-0-9.e]*: expected finite numbers and vz = 0 in 2D" "$WORK/err"
check "no output after a failure" test ! -e final.txt
# Particles are counted from 1 in messages, as in the particle file: a
# lone particle is particle 1.
printf '1\n0.5 0.5 0.3 0.7 0.02 1 0 0 255\n' >one.txt
check "next_hit NaN for a lone particle" run_status 1 $FIX -c run.ini -s boundary.plugin=nan_hit \
    -s simulation.particles=one.txt -s simulation.end_time=1000
check "... names it particle 1" contains "$WORK/err" "next_hit returned nan for particle 1 at t = "
check "collide's NaN for a lone particle" run_status 1 $FIX -c run.ini \
    -s boundary.plugin=bad_velocity -s simulation.particles=one.txt
check "... names it particle 1, not as having left" grep -q "collide with wall [0-9] left particle 1 at t = " "$WORK/err"

check "a queue popping out of order stops the run" \
    run_status 1 $FIX -c run.ini -s queue.plugin=out_of_order
check "out of order: message" grep -q "queue out_of_order gave an event for t = [0-9.e-]* (seq [0-9]*) after the time had reached [0-9.e-]*: events out of order" "$WORK/err"
check "a queue losing an event: found at the end" \
    run_status 1 $FIX -c run.ini -s queue.plugin=loses_events
check "lost event: message" grep -q "queue loses_events lost an event: particle [0-9]* has no event in it at t = 20" "$WORK/err"
check "a lost event: found by the first audit after it, with the overlap" \
    run_status 1 $FIX -c run.ini -s queue.plugin=loses_events --audit-every 0.5
check "audit: message" grep -q -e "audit at t = [0-9.]*: particles [0-9]* and [0-9]* overlap by [0-9.e-]* diameters, more than audit_tolerance = 1e-10: a collision was lost" -e "queue loses_events lost an event: particle [0-9]* has no event in it at t = [0-9.]*" "$WORK/err"
check "audits of a sound run pass" run_status 0 $FIX -c run.ini --audit-every 0.5
check "audits change no bit of the trajectory" cmp -s final.txt good.txt
check "audit_every must be a time" run_status 2 -c run.ini -s simulation.audit_every=-1

# The shipped plugins, audited often, with every search.
# (All pairs of 4000 spheres cost 4000 checks a prediction: a short run.)
for search in "cells=no end_time=0.1" "neighbour_lists=no end_time=3" \
              "neighbour_lists=yes end_time=3"; do
    set -- $search
    check "periodic 3D fluid, $1, audited every tenth of the run: max_overlap 0" \
        run_status 0 -c "$CONF/periodic3d.ini" -s simulation.$1 -s simulation.$2 \
        --audit-every "$(echo "$2" | awk -F= '{ print $2 / 10 }')" \
        -s output.final.file=f.txt -s output.thermo.file=t.csv
    check "$1: max_overlap below 1e-12" \
        awk '/^max_overlap:/ { exit !($2 < 1e-12) }' "$WORK/out"
done

finish
