#!/bin/sh
# The time-step engine under gravity: Kepler orbits (period, energy, the
# energy error of each integrator over whole orbits) and the three-body
# figure eight of Chenciner and Montgomery returning to its start.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# An empty value (a failed run, a missing line) fails every comparison.
value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
below() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && (x < 0 ? -x : x) < l) }'; }
# all_below L X...: every |X| < L
all_below() { l=$1; shift; for x in "$@"; do below "$x" "$l" || return 1; done; }
above() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && x > l) }'; }
# within X Y TOL: |X - Y| < TOL
within() { awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; exit !(x != "" && (d < 0 ? -d : d) < t) }'; }
# ratio_between X Y LO HI: LO < X / Y < HI
ratio_between() {
    awk -v x="$1" -v y="$2" -v l="$3" -v h="$4" 'BEGIN {
        exit !(x != "" && y != "" && y != 0 && x / y > l && x / y < h) }'
}
# largest distance between the positions of two algs4 files; nothing
# unless both hold the same number of bodies
farthest() {
    awk 'FNR == 1 { f++; next } f == 1 { x[FNR] = $1; y[FNR] = $2; n1++; next }
         { d = sqrt(($1 - x[FNR]) ^ 2 + ($2 - y[FNR]) ^ 2); if (d > m) m = d; n2++ }
         END { if (n1 > 0 && n1 == n2) printf "%.3e\n", m }' "$1" "$2"
}
kepler() {
    rm -f kepler-final.txt
    run_status 0 -c "$CONF/kepler.ini" -s output.orbit.interval=0 "$@"
}

# Circular orbit: two unit masses 1 apart, G = 1: T = 2 pi / sqrt(2),
# E = -1/2.  After T/4 each body has turned a quarter (body 0 from
# (1.5, 2) to (2, 1.5)), after T/2 they have swapped, after 10 T they are
# back: positions to 1e-4 of the separation test the period.
T=4.4428829381583662
for q in 0.25 0.5 10; do
    t=$(awk -v q=$q -v T=$T 'BEGIN { printf "%.17g", q * T }')
    check "circular orbit: runs to $q T" kepler -s simulation.end_time="$t"
    case $q in
    0.25) printf '2\n2 1.5\n2 2.5\n' >expected.txt ;;
    0.5) printf '2\n2.5 2\n1.5 2\n' >expected.txt ;;
    10) cp "$HSF_TEST_SRCDIR/data/kepler2.txt" expected.txt ;;
    esac
    check "circular orbit: positions at $q T (Kepler's period)" \
        below "$(farthest expected.txt kepler-final.txt)" 1e-4
    check "circular orbit: total energy -1/2 at $q T" within "$(value total_energy)" -0.5 1e-9
done

# Eccentric orbit (speeds 0.5 at apocentre: e = 1/2, a = 2/3,
# T = 2 pi sqrt(a^3 / 2), E = -3/4): the total energy error after whole
# orbits, dt = 0.001.
printf '2\n1.5 2.0 0.0 -0.5 0.05 1.0 255 200 0\n2.5 2.0 0.0 0.5 0.05 1.0 0 120 255\n' >ecc.txt
Te=$(awk 'BEGIN { printf "%.17g", 2 * 3.14159265358979324 * sqrt(8 / 27 / 2) }')
# Each run is a check; the drift of a run that failed stays empty.
for i in euler symplectic verlet rk4; do
    for k in 1 2 10; do
        t=$(awk -v k="$k" -v T="$Te" 'BEGIN { printf "%.17g", k * T }')
        d=""
        check "eccentric orbit: $i runs $k orbits" kepler -s simulation.particles="$WORK/ecc.txt" \
            -s simulation.integrator="$i" -s simulation.end_time="$t" && d=$(value total_energy_drift)
        eval "${i}$k=\$d"
    done
    eval "echo \"  $i: drift after 1, 2, 10 orbits: \$${i}1 \$${i}2 \$${i}10\""
done
check "eccentric orbit: returns after Kepler's period (verlet)" \
    below "$(kepler -s simulation.particles="$WORK/ecc.txt" -s simulation.end_time="$Te" &&
             farthest ecc.txt kepler-final.txt)" 1e-4
# Order of convergence: the distance from the start after one orbit, at
# dt and dt / 2, shrinks as 2^order (1, 2, 4).
order_ratio() {    # order_ratio INTEGRATOR
    for dt in 0.004 0.002; do
        kepler -s simulation.particles="$WORK/ecc.txt" -s simulation.integrator="$1" \
            -s simulation.end_time="$Te" -s simulation.dt=$dt && farthest ecc.txt kepler-final.txt
    done | awk 'NR == 1 { a = $1 } NR == 2 { printf "%.3f\n", a / $1 }'
}
r=$(order_ratio euler); echo "  euler: error ratio $r"
check "euler: first order (error ratio 1.6 to 2.4)" ratio_between "$r" 1 1.6 2.4
r=$(order_ratio verlet); echo "  verlet: error ratio $r"
check "verlet: second order (error ratio 3.5 to 4.5)" ratio_between "$r" 1 3.5 4.5
r=$(order_ratio rk4); echo "  rk4: error ratio $r"
check "rk4: fourth order (error ratio 12 to 20)" ratio_between "$r" 1 12 20

# What conf/kepler.ini's comment says of the eccentric orbit, read from it:
# the symplectic Euler's error bounded at about 1e-7, rk4's per orbit.
said() { sed -n 's/^;//p' "$CONF/$1.ini" | tr '\n' ' ' | tr -s ' ' | sed -nE "s#.*$2.*#\1#p"; }
bound=$(said kepler "error stays bounded, ([0-9.e-]+),")
check "kepler.ini: symplectic bounded at about $bound ($symplectic1, $symplectic10)" \
    sh -c "awk -v a=$symplectic1 -v c=$symplectic10 -v b='$bound' 'BEGIN { exit !(b != \"\" && a * a < 9 * b * b && c * c < 9 * b * b && a * a > b * b / 9) }'"
per=$(said kepler "rk4's, ([0-9.e-]+) per orbit")
check "kepler.ini: rk4 $per per orbit ($rk41)" \
    sh -c "awk -v a=$rk41 -v p='$per' 'BEGIN { a = a < 0 ? -a : a; exit !(p != \"\" && a > 0.8 * p && a < 1.2 * p) }'"
check "euler: energy error > 1e-2 after an orbit" above "$euler1" 1e-2
check "euler: energy error grows (2 orbits: 1.5x, 10 orbits: 3x)" \
    awk -v a="$euler1" -v b="$euler2" -v c="$euler10" \
    'BEGIN { exit !(a != "" && b != "" && c != "" && b > 1.5 * a && c > 3 * a) }'
check "symplectic: energy error bounded (< 1e-6 after 1 and 10 orbits)" \
    all_below 1e-6 "$symplectic1" "$symplectic10"
check "verlet: energy back to round-off after whole orbits (1, 2, 10)" \
    all_below 1e-12 "$verlet1" "$verlet2" "$verlet10"
check "rk4: energy error < 1e-10 per orbit" below "$rk41" 1e-10
check "rk4: but it drifts steadily (10 orbits: 5 to 15 times one)" \
    ratio_between "$rk410" "$rk41" 5 15

# Time reversal: velocity Verlet is time-symmetric, so five orbits
# forward and five back return to round-off (reverse_at and end_time
# multiples of dt); the explicit Euler is not.
check "verlet reversed after 5 orbits" kepler -s simulation.reverse_at=22.214 \
    -s simulation.end_time=44.428
check "verlet: back to 1e-9 radii" below "$(value return_distance_max)" 1e-9
check "euler reversed after 5 orbits" kepler -s simulation.reverse_at=22.214 \
    -s simulation.end_time=44.428 -s simulation.integrator=euler
check "euler: not back (> 0.1 radii)" above "$(value return_distance_max)" 0.1

# The figure eight: back to the start after one period (to 1e-5; the
# orbit's size is 2), and far from it after half of one.
rm -f figure8-final.txt
check "figure eight runs one period" run_status 0 -c "$CONF/figure8.ini" -s output.movie.interval=0
check "figure eight: back where it started" \
    below "$(farthest "$HSF_TEST_SRCDIR/data/figure8.txt" figure8-final.txt)" 1e-5
check "figure eight: energy kept (rk4, 1e-9)" below "$(value total_energy_drift)" 1e-9
rm -f figure8-final.txt
check "figure eight runs half a period" run_status 0 -c "$CONF/figure8.ini" \
    -s output.movie.interval=0 -s simulation.end_time=3.16295699
check "figure eight: away from the start at T/2" \
    above "$(farthest "$HSF_TEST_SRCDIR/data/figure8.txt" figure8-final.txt)" 0.5

# Gravity refuses what it cannot do.
check "gravity with a periodic boundary: refused" run_status 2 -c "$CONF/kepler.ini" \
    -s boundary.plugin=periodic
check "periodic gravity: message" contains "$WORK/err" "gravity needs a boundary without periodic axes"
finish
