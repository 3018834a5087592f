#!/bin/sh
# The stress output: a head-on collision worked by hand; in fluids its
# trace over d is thermo's pressure row by row (hard spheres, a square
# well's attractive steps, the time-step engine's contacts); the tensor of
# an equilibrium fluid is isotropic; a run stopped and resumed writes the
# same table.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# Two discs (radius 0.5, mass 1) in a 10 x 10 box at x = 2 and 4, moving
# at +1 and -1 along x: they meet at t = 0.5 (gap 1, closing speed 2); the
# impulse onto the first is -2 along x, dr = -1 along x.  Over the
# interval [0, 1]: C_xx = 2 / (V dt) = 0.02, K_xx = (1 + 1) / V = 0.02,
# everything else 0, pressure = (0.04 + 0) / 2 = 0.02.
cat >pair.txt <<'P'
2
2 5 1 0 0.5 1 255 0 0
4 5 -1 0 0.5 1 0 0 255
P
cat >pair.ini <<'I'
[simulation]
particles = pair.txt
end_time = 1
[boundary]
plugin = box
size = 10 10
[output.stress]
plugin = stress
file = stress.csv
interval = 1
I
check "head-on pair: runs" run_status 0 -c pair.ini
check "head-on pair: the header" sh -c 'head -1 stress.csv | grep -qx "time,pressure,P_xx,P_yy,P_xy,K_xx,K_yy,K_xy,C_xx,C_yy,C_xy"'
check "head-on pair: the components worked by hand" awk -F, 'NR == 3 {
        ok = $1 == 1 && $2 == 0.02 && $3 == 0.04 && $4 == 0 && $5 == 0 && $6 == 0.02 &&
             $7 == 0 && $8 == 0 && $9 == 0.02 && $10 == 0 && $11 == 0; rows = NR }
    END { if (!ok || NR != 3) { print "rows " NR ": " $0; exit 1 } }' stress.csv

# same_pressure FILE: stress.csv's pressure column equals thermo.csv's,
# row by row, to the 10 digits printed.
same_pressure() {
    awk -F, 'FNR == 1 { next } NR == FNR { p[FNR] = $6; next }
             $2 != "" { n++; d = $2 - p[FNR]; if (d < 0) d = -d
                        if (d > 1e-9 * (p[FNR] < 0 ? -p[FNR] : p[FNR]) + 1e-300) {
                            print "row " FNR ": stress " $2 ", thermo " p[FNR]; bad = 1 } }
             END { if (n < 5) { print "only " n " rows"; exit 1 } exit bad }' thermo.csv stress.csv
}

# The 3D hard-sphere fluid at packing fraction 0.30 (864 spheres).
cat >fluid.ini <<'I'
[simulation]
dim = 3
end_time = 20
[init]
lattice = fcc
cells = 6 6 6
packing_fraction = 0.30
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[output.stress]
plugin = stress
file = stress.csv
interval = 0.5
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.5
I
check "3D fluid: runs" run_status 0 -c fluid.ini
check "3D fluid: trace / 3 is thermo's pressure" same_pressure
# Isotropy over the melted part (t > 5): each diagonal component within 3 %
# of the pressure, each off-diagonal one below 3 % of it.
check "3D fluid: isotropic on average" awk -F, 'NR > 1 && $1 > 5 { n++; p += $2
        for (k = 3; k <= 8; k++) s[k] += $k }
    END { p /= n; for (k = 3; k <= 8; k++) { s[k] /= n
            d = k <= 5 ? s[k] - p : s[k]; if (d < 0) d = -d
            if (d > 0.03 * p) { print "column " k ": " s[k] " against " p; bad = 1 } }
          exit bad }' stress.csv

# A square well: attractive steps pull the pressure down; the trace still
# follows thermo.
cat >well.ini <<'I'
[simulation]
dim = 3
end_time = 10
[init]
lattice = fcc
cells = 5 5 5
packing_fraction = 0.30
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[interaction]
plugin = square_well
range = 1.5
depth = 1
[output.stress]
plugin = stress
file = stress.csv
interval = 0.5
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 0.5
I
check "square well: runs" run_status 0 -c well.ini
check "square well: trace / 3 is thermo's pressure" same_pressure

# The time-step engine's contacts (2D gas).
check "time steps: runs" run_status 0 -c "$HSF_TEST_SRCDIR/conf/gas-timestep.ini" \
    -s simulation.end_time=5 -s output.stress.plugin=stress -s output.stress.file=stress.csv \
    -s output.stress.interval=0.5 -s output.thermo.plugin=thermo \
    -s output.thermo.file=thermo.csv -s output.thermo.interval=0.5
check "time steps: trace / 2 is thermo's pressure" same_pressure

# Stopped and resumed: the same table.
mkdir ref resumed
cp fluid.ini ref/ && cp fluid.ini resumed/
printf '[checkpoint]\nfile = state.ckpt\n' | tee -a ref/fluid.ini >>resumed/fluid.ini
whole() { (cd ref && "$HSFRAME" -c fluid.ini >/dev/null 2>&1); }
check "checkpoint: uninterrupted" whole
resume() {
    cd resumed || return 1
    "$HSFRAME" -c fluid.ini -s checkpoint.stop_at_time=10 >/dev/null 2>&1
    [ $? -eq 75 ] || return 1
    "$HSFRAME" -c fluid.ini --resume state.ckpt >/dev/null 2>&1
    status=$?
    cd ..
    return $status
}
check "checkpoint: stopped and resumed" resume
check "checkpoint: the same table" cmp ref/stress.csv resumed/stress.csv

check "bad input: no file" run_status 2 -c pair.ini -s output.stress.file=
finish
