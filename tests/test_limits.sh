#!/bin/sh
# Input that cannot be simulated in double precision, and systems too
# large for the memory at hand, are refused before the run: exit 2, the
# file line and the quantity, or how much memory is needed and available.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

cat >run.ini <<'I'
[simulation]
particles = p.txt
end_time = 1
[output.final]
plugin = snapshot
file = final.txt
I
# two PARTICLE-LINES: the second line of the file is the particle at fault.
two() {
    printf '2\n%s\n0.75 0.5 -1 0 0.1 1 0 0 255\n' "$1" >p.txt
}
refused() {
    two "$1"
    run_status 2 -c run.ini && test ! -e final.txt && contains "$WORK/err" "$2"
}

check "velocity 1e308: its energy overflows" refused "0.25 0.5 1e308 0 0.1 1 255 0 0" \
    "hsframe: p.txt:2: particle 1: velocity (1e+308, 0, 0) with mass 1 cannot be simulated: its kinetic energy m v^2 / 2 = inf overflows"
check "mass 1e300 with speed 1e5: energy overflows" refused "0.25 0.5 1e5 0 0.1 1e300 255 0 0" \
    "hsframe: p.txt:2: particle 1: mass 1e+300 cannot be simulated: expected a mass from 2.22507e-308 to 1.34078e+154, whose products with any other neither vanish nor overflow"
check "mass 1e200: products of masses overflow" refused "0.25 0.5 1 0 0.1 1e200 255 0 0" \
    "p.txt:2: particle 1: mass 1e+200 cannot be simulated"
check "subnormal mass" refused "0.25 0.5 1 0 0.1 1e-310 255 0 0" \
    "p.txt:2: particle 1: mass 1e-310 cannot be simulated"
check "radius 1e-320" refused "0.25 0.5 1 0 1e-320 1 255 0 0" \
    "hsframe: p.txt:2: particle 1: radius 9.99989e-321 is too small for a box of size 1: expected a diameter of at least 1e-10 of the box, 1e-10"
check "a speed whose square vanishes" refused "0.25 0.5 1e-160 0 0.1 1 255 0 0" \
    "hsframe: p.txt:2: particle 1: speed 9.99994e-161 cannot be simulated: its square vanishes (below 2.22507e-308); give 0 for a particle at rest"
two "0.25 0.5 1e150 0 0.1 1e-100 255 0 0"
check "a path over end_time that overflows" run_status 2 -c run.ini -s simulation.end_time=1e200
check "path: message" contains "$WORK/err" \
    "p.txt:2: particle 1: speed 1e+150 over end_time 1e+200 is a path that overflows"
awk 'BEGIN { print 3; print "0.2 0.5 1.2e154 0 0.05 1 0 0 0"; print "0.5 0.5 1.2e154 0 0.05 1 0 0 0"
             print "0.8 0.5 -1.2e154 0 0.05 1 0 0 0" }' >p.txt
check "each fine, together the energy overflows" run_status 2 -c run.ini -s simulation.end_time=1e-150
check "total: message names the particle where it overflows" contains "$WORK/err" \
    "p.txt:4: particle 3: the total kinetic energy or momentum of the particles up to this one overflows"

two "0.25 0.5 1e153 0 0.1 1 255 0 0"
check "a speed that would stall the clock: 10^153 diameters per run" run_status 2 -c run.ini
check "stall: message" contains "$WORK/err" \
    "p.txt:2: particle 1: speed 1e+153 travels 5e+153 diameters in end_time 1: expected fewer than 1e12, or its events would be closer together than the clock can tell apart"

# Borderline but representable: these run.
two "0.25 0.5 1e100 0 0.1 1 255 0 0"
check "speed 1e100 runs" run_status 0 -c run.ini -s simulation.end_time=1e-99
two "0.25 0.5 0 0 1e-9 1e150 255 0 0"
check "mass 1e150 (at rest) and radius 1e-9 run" run_status 0 -c run.ini
two "0.25 0.5 0 0 0.1 1 255 0 0"
check "a particle at rest runs" run_status 0 -c run.ini
check "[init] goes through the same checks" run_status 2 -c "$CONF/periodic3d.ini" \
    -s init.temperature=1e300 -s init.mass=1e10 -s output.final.file=x -s output.thermo.file=y
check "[init]: message" contains "$WORK/err" "[init]:"

# Memory: a system larger than the machine.
cat >big.ini <<'I'
[simulation]
dim = 2
end_time = 0.001
[init]
lattice = square
cells = 60000 60000
packing_fraction = 0.3
[boundary]
plugin = periodic
I
check "3.6 10^9 discs: refused before the run" run_status 2 -c big.ini
check "3.6 10^9 discs: says what is needed" grep -q \
    "hsframe: \[init\]: 3600000000 particles need about [0-9]* MiB of memory, and [0-9]* MiB are available" "$WORK/err"

# Under an address-space limit (not under AddressSanitizer, which reserves
# terabytes of address space for its shadow memory).
if ldd "$HSF_TEST_BUILDDIR/.libs/libhsframe.so" 2>/dev/null | grep -q libasan; then
    skip ulimit "ulimit -v: not under AddressSanitizer"
else
    check "under ulimit -v 1 GB, 4 million discs are refused" \
        sh -c "ulimit -v 1000000 && '$HSFRAME' -c big.ini -s init.cells='2000 2000' >'$WORK/out' 2>'$WORK/err'; test \$? -eq 2"
    check "ulimit: message" grep -q \
        "\[init\]: 4000000 particles need about 1373 MiB of memory, and [0-9]* MiB are available (the address-space limit, ulimit -v)" "$WORK/err"
    check "under ulimit -v 1 GB, a million discs run" \
        sh -c "ulimit -v 1000000 && '$HSFRAME' -q -c big.ini -s init.cells='1000 1000'"
    awk 'BEGIN { print 3000000; for (i = 0; i < 3000000; i++)
                 printf "%d %d 1 0 0.1 1 0 0 0\n", i % 2000, int(i / 2000) }' >many.txt
    check "under ulimit -v 1 GB, a file of 3 million discs is refused" \
        sh -c "ulimit -v 1000000 && '$HSFRAME' -c run.ini -s simulation.particles=many.txt >'$WORK/out' 2>'$WORK/err'; test \$? -eq 2"
    check "file: message" grep -q \
        "many.txt: 3000000 particles need about 1030 MiB of memory" "$WORK/err"
fi

finish
