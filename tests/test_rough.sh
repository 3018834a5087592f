#!/bin/sh
# Rough particles (tangential restitution and Walton's friction): the
# collision rule against values worked by hand; elastic perfectly rough
# gases conserve energy and share it equally among translational and
# rotational degrees of freedom; every collision conserves angular
# momentum; the homogeneous cooling state's temperature ratio and Haff's
# law; a sphere sliding on a rough floor rolls after the distance
# mechanics gives; smooth rules change nothing; bad input is refused.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# value KEY: the summary's KEY in $WORK/out.
value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }

# near X Y TOL: |X - Y| <= TOL (absolute).
near() {
    awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; if (d < 0) d = -d
        if (!(d <= t)) { print "  " x " is not within " t " of " y; exit 1 } }'
}

# ---- the collision rule, worked by hand ----
# Two equal discs (m = 1, r = 1/2, I = m r^2 / 2 = 1/8) meet head on at
# t = 1 with velocities (1, 0) and (-1, 0); the second spins at 2.  With
# n = (-1, 0) from the second to the first, the contact points slip at
# g_t = (0, 1) (the second's surface moves down at r w = 1); the inverse
# effective mass of the tangential impulse is k = 1 + 1 + 2 r^2 / I = 6.
#  - beta = 1: J_t = -2 g_t / k = (0, -1/3); the velocities become
#    (-1, -1/3) and (1, 1/3), the spins -(r / I) |J_t| = -4/3 and
#    2 - 4/3 = 2/3 (energy 5/4 before and after).
#  - friction mu = 0.1: the normal impulse is 2, so |J_t| is capped at 0.2
#    (sliding): velocities (-1, -0.2) and (1, 0.2), spins -0.8 and 1.2.
cat >two.xyz <<'X'
2
Properties=pos:R:2:velo:R:2:radius:R:1:mass:R:1:omega:R:1
5 5 1 0 0.5 1 0
8 5 -1 0 0.5 1 2
X
cat >two.ini <<'I'
[simulation]
dim = 2
particles = two.xyz
end_time = 1.5
[boundary]
plugin = box
size = 10 10
[interaction]
plugin = hard_sphere
tangential_restitution = 1
[output.final]
plugin = xyz
file = two-final.xyz
I
# after VY1 W1 VY2 W2: the final vy and spins of the two discs.
after() {
    awk -v want="$*" 'NR > 2 { got = got (got ? " " : "") $6 " " $15 }
        END { split(want, w, " "); split(got, g, " ")
              for (k = 1; k <= 4; k++) { d = w[k] - g[k]; if (d < 0) d = -d
                  if (d > 1e-15) { print "  got " got ", expected " want; exit 1 } } }' two-final.xyz
}
check "rule: beta = 1, values worked by hand" run_status 0 -c two.ini -q &&
    check "rule: beta = 1 gives (vy, w) = (-1/3, -4/3), (1/3, 2/3)" \
        after -0.33333333333333333 -1.3333333333333333 0.33333333333333333 0.66666666666666667
check "rule: Walton friction mu = 0.1" run_status 0 -c two.ini -q -s interaction.friction=0.1 &&
    check "rule: sliding contact gives (vy, w) = (-0.2, -0.8), (0.2, 1.2)" after -0.2 -0.8 0.2 1.2
check "rule: friction above the sticking threshold (mu = 1) sticks" \
    run_status 0 -c two.ini -q -s interaction.friction=1 &&
    check "rule: mu = 1 gives the beta = 1 values" \
        after -0.33333333333333333 -1.3333333333333333 0.33333333333333333 0.66666666666666667

# ---- elastic, perfectly rough gases: energy and equipartition ----
cat >gas.ini <<'I'
[simulation]
dim = 2
end_time = 40
seed = 3
[init]
lattice = triangular
cells = 24 24
packing_fraction = 0.25
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[interaction]
plugin = hard_sphere
tangential_restitution = 1
[output.thermo]
plugin = thermo
file = thermo.csv
interval = 1
I
# equipartition: from t = 10 on, the rotational temperature averages the
# translational one within 3 %.
equipartition() {
    awk -F, 'NR > 1 && $1 >= 10 { tr += $5; rot += $13; n++ }
        END { r = rot / tr; print "  T_rot / T_tr = " r " over " n " rows"
              exit !(r > 0.97 && r < 1.03) }' thermo.csv
}
energy_kept() {
    awk -v e="$(value energy_drift)" 'BEGIN { if (!(e * e < 1e-24)) { print "  energy_drift " e; exit 1 } }'
}
check "2D rough elastic gas runs" run_status 0 -c gas.ini &&
    check "2D rough elastic gas: energy (translation + rotation) conserved to round-off" energy_kept &&
    check "2D: each disc's rotation holds kT/2, as each translational degree" equipartition
check "3D rough elastic gas runs" run_status 0 -c gas.ini -s simulation.dim=3 \
    -s init.lattice=fcc -s init.cells="8 8 8" -s simulation.end_time=20 &&
    check "3D rough elastic gas: energy conserved to round-off" energy_kept &&
    check "3D: each sphere's 3 rotational degrees hold kT/2" equipartition

# The cores of a stepped potential are rough too: kinetic energy of
# translation and rotation plus the wells' is conserved.
check "rough square-well discs run" run_status 0 -c gas.ini -s interaction.plugin=square_well \
    -s interaction.depth=1 -s interaction.range=1.5 -s simulation.end_time=10 &&
    check "rough square wells: energy (with rotation and the wells') conserved" energy_kept

# ---- angular momentum ----
# Discs in a smooth circle, rough and inelastic with friction among
# themselves: the impulses of a pair act at its contact point, equal and
# opposite, and the wall's pass through the centre, so the total angular
# momentum about the centre, sum m r x v + I w, is conserved.
awk 'BEGIN { srand(5); n = 0
    for (x = -8; x <= 8; x += 1.5) for (y = -8; y <= 8; y += 1.5)
        if (x * x + y * y < 60) { line[++n] = x " " y " " (rand() - 0.5) " " (rand() - 0.5) \
            " 0.5 " (1 + rand()) " " 4 * (rand() - 0.5) }
    print n; print "Properties=pos:R:2:velo:R:2:radius:R:1:mass:R:1:omega:R:1"
    for (k = 1; k <= n; k++) print line[k] }' >circle.xyz
cat >circle.ini <<'I'
[simulation]
dim = 2
particles = circle.xyz
end_time = 30
[boundary]
plugin = circle
center = 0 0
radius = 10
[interaction]
plugin = inelastic
restitution = 0.8
tangential_restitution = 0.4
friction = 0.3
[output.final]
plugin = xyz
file = circle-final.xyz
I
# L FILE: the total angular momentum about the origin of an XYZ file
# (columns: species x y z vx vy vz radius mass rgb, or the input's).
angular_momentum() {
    awk 'NR == 2 { final = /species/ }
        NR > 2 { if (final) { x = $2; y = $3; vx = $5; vy = $6; r = $8; m = $9; w = $15; q = $16 }
                 else { x = $1; y = $2; vx = $3; vy = $4; r = $5; m = $6; w = $7; q = 0.5 }
                 L += m * (x * vy - y * vx) + q * m * r * r * w }
        END { printf "%.17g\n", L }' "$1"
}
check "circle of rough inelastic discs runs" run_status 0 -c circle.ini &&
    check "rough collisions conserve the total angular momentum about the centre" \
        near "$(angular_momentum circle-final.xyz)" "$(angular_momentum circle.xyz)" 1e-11 &&
    check "...and the energy balance closes (dissipation counted)" energy_kept

# ---- the homogeneous cooling state ----
# Rough inelastic spheres cool with a fixed ratio r = T_rot / T_tr
# (M. Huthmann and A. Zippelius, Phys. Rev. E 56, R6275 (1997); S. Luding
# et al., Phys. Rev. E 58, 3416 (1998)).  With eta = q (1 + beta) /
# (2 (1 + q)), q = I / (m r^2), and Maxwellian velocities and spins,
# collisions change the energies at rates (per collision, in units of
# T_tr, c = d - 1 tangential directions)
#   f_tr  = -(1 - e^2) - 2 c eta + 2 c eta^2 (1 + r / q)
#   f_rot = 2 c eta (eta (1 + r / q) - r) / q,
# and the state keeps r when d f_rot = f r f_tr (f = 1 rotational degree
# of freedom per disc, 3 per sphere): in 3D this is their quadratic
# B r^2 + (C - A) r - B = 0.  Simulations lie a few percent below the
# Maxwellian value (velocity correlations, and in 3D the correlation of
# v and w), so the check allows 7 %; in 2D at beta = 0, where the run lies
# 7 % below (6.99 % and 7.33 % for two round-offs of the same run), 10 %.
cat >hcs.ini <<'I'
[simulation]
dim = 3
end_time = 60
seed = 1
[init]
lattice = fcc
cells = 10 10 10
packing_fraction = 0.1
radius = 0.5
temperature = 1
[boundary]
plugin = periodic
[interaction]
plugin = inelastic
restitution = 0.98
tangential_restitution = 0.5
[output.thermo]
plugin = thermo
file = hcs.csv
interval = 2
I
# theory E BETA Q DIM: the ratio of the Maxwellian theory above.
theory() {
    awk -v e="$1" -v b="$2" -v q="$3" -v d="$4" 'BEGIN {
        eta = q * (1 + b) / (2 * (1 + q)); c = d - 1; f = d == 2 ? 1 : 3; lo = 0; hi = 20
        for (k = 0; k < 200; k++) { r = (lo + hi) / 2
            ftr = -(1 - e * e) - 2 * c * eta + 2 * c * eta * eta * (1 + r / q)
            frot = 2 * c * eta * (eta * (1 + r / q) - r) / q
            if (d * frot - f * r * ftr > 0) lo = r; else hi = r }
        printf "%.6f\n", r }'
}
# settles THEORY: the ratio averaged from t = 20 on lies within 7 % of it.
settles() {       # THEORY [TOLERANCE, 0.07 unless given]
    awk -F, -v th="$1" -v tol="${2:-0.07}" 'NR > 1 && $1 >= 20 { s += $13 / $5; n++ }
        END { r = s / n; print "  T_rot / T_tr = " r ", theory " th
              exit !(r > (1 - tol) * th && r < (1 + tol) * th) }' hcs.csv
}
# haff: T_tr^(-1/2) grows linearly in time (Haff's law, T = T0 / (1 +
# t / tau)^2; P. K. Haff, J. Fluid Mech. 134, 401 (1983)), as does
# T_rot^(-1/2) with the same slope relative to its value: the
# least-squares lines through t = 20 to 60 miss no point by 2 %.
haff() {
    awk -F, -v col="$1" 'NR > 1 && $1 >= 20 { n++; t[n] = $1; y[n] = 1 / sqrt($col)
            st += t[n]; sy += y[n]; stt += t[n] * t[n]; sty += t[n] * y[n] }
        END { b = (n * sty - st * sy) / (n * stt - st * st); a = (sy - b * st) / n
              for (k = 1; k <= n; k++) { d = (y[k] - a - b * t[k]) / y[k]; if (d < 0) d = -d
                  if (d > m) m = d }
              print "  worst relative miss " m; exit !(m < 0.02) }' hcs.csv
}
check "3D rough inelastic spheres cool (e = 0.98, beta = 0.5)" run_status 0 -c hcs.ini &&
    check "3D: T_rot / T_tr settles at the Huthmann-Zippelius value" settles "$(theory 0.98 0.5 0.4 3)" &&
    check "3D: T_tr follows Haff's law" haff 5 &&
    check "3D: T_rot follows Haff's law" haff 13 &&
    check "3D: the energy balance closes with the rotation" energy_kept
check "2D rough inelastic discs cool (e = 0.98, beta = 0)" run_status 0 -c hcs.ini \
    -s simulation.dim=2 -s init.lattice=triangular -s init.cells="64 64" \
    -s interaction.tangential_restitution=0 &&
    check "2D: T_rot / T_tr settles at the Maxwellian value" settles "$(theory 0.98 0 0.5 2)" 0.10

# ---- a sphere sliding on a rough floor ----
# A sphere (I = 2/5 m r^2) sliding at v0 with no spin on a floor of
# friction mu (tangential restitution 0: contacts that stop slipping
# stick) slows at mu g and spins up until it rolls, after the distance
# 12 v0^2 / (49 mu g), at 5 v0 / 7 (its angular momentum about the contact
# point is kept).  Here it rests on the floor by bounces of 1e-5 high,
# whose normal impulses average to m g.
cat >roll.xyz <<'X'
1
Properties=pos:R:3:velo:R:3:radius:R:1:mass:R:1
2 2 0.50001 1 0 0 0.5 1
X
cat >roll.ini <<'I'
[simulation]
dim = 3
particles = roll.xyz
end_time = 3
[boundary]
plugin = box
size = 20 4 4
tangential_restitution = 0
friction = 0.2
[field]
gravity = 0 0 -1
[output.frames]
plugin = xyz
file = roll-frames.xyz
interval = 0.01
I
# rolls: the first frame with vx = r w_y (to 1e-9) is at the distance
# mechanics gives (within 1 %), and the sphere then rolls at 5/7 v0.
rolls() {
    awk '/Time=/ { next } NF == 16 && !f && $5 - 0.5 * $14 < 1e-9 { f = 1; x = $2 - 2 }
        NF == 16 { v = $5 }
        END { d = 12 / (49 * 0.2); print "  rolls after " x " (mechanics: " d "), then at " v
              dv = v - 5 / 7; if (dv < 0) dv = -dv
              exit !(f && x > 0.99 * d && x < 1.01 * d && dv < 1e-12) }' roll-frames.xyz
}
check "a sphere slides on a rough floor" run_status 0 -c roll.ini &&
    check "it rolls after 12 v0^2 / (49 mu g), at 5 v0 / 7" rolls &&
    check "its energy balance closes (friction dissipates)" energy_kept

# ---- smooth rules change nothing ----
# beta = -1 (or friction 0) is the smooth rule: the same bits as a
# configuration without the keys.
cp "$CONF/granular.ini" smooth.ini
same_bits() {
    "$HSFRAME" -c smooth.ini -q -s simulation.end_time=5 -s output.thermo.file=a.csv \
        -s output.picture.prefix=a >/dev/null 2>&1 &&
    "$HSFRAME" -c smooth.ini -q -s simulation.end_time=5 -s output.thermo.file=b.csv \
        -s output.picture.prefix=b "$@" >/dev/null 2>&1 &&
    cmp a.csv b.csv
}
check "tangential_restitution = -1 gives the smooth trajectories bit for bit" \
    same_bits -s interaction.tangential_restitution=-1
check "friction = 0 gives the smooth trajectories bit for bit" \
    same_bits -s interaction.tangential_restitution=0.5 -s interaction.friction=0

# ---- spins in particle files ----
# An XYZ file written with spins reads back with them: a run of length 0
# from it writes the same omega and inertia columns.
spins_back() {
    "$HSFRAME" -c circle.ini -q -s simulation.particles=circle-final.xyz \
        -s simulation.end_time=0 -s output.final.file=again.xyz >/dev/null 2>&1 &&
    awk 'NR > 2 { print $13, $14, $15, $16 }' circle-final.xyz >a.txt &&
    awk 'NR > 2 { print $13, $14, $15, $16 }' again.xyz >b.txt && cmp a.txt b.txt
}
check "spins written to XYZ read back as they were" spins_back

# ---- refusals ----
check "tangential_restitution above 1 is refused" \
    run_status 2 -c two.ini -s interaction.tangential_restitution=1.5 &&
    check "...naming the key" contains err "tangential_restitution"
cat >bad.xyz <<'X'
1
Properties=pos:R:2:velo:R:2:radius:R:1:mass:R:1:omega:R:3
5 5 1 0 0.5 1 1 0 0
X
check "a disc spinning about x is refused" run_status 2 -c two.ini -s simulation.particles=bad.xyz &&
    check "...at its file and line" contains err "bad.xyz:3"
cat >bad3.xyz <<'X'
1
Properties=pos:R:3:velo:R:3:radius:R:1:mass:R:1:omega:R:1
5 5 5 1 0 0 0.5 1 1
X
check "omega:R:1 for spheres is refused" run_status 2 -c two.ini -s simulation.dim=3 \
    -s boundary.size="10 10 10" -s simulation.particles=bad3.xyz &&
    check "...saying what it expected" contains err "omega:R:3 for dim = 3"
check "rough walls with the time-step engine are refused" run_status 2 -c roll.ini \
    -s simulation.engine=timestep &&
    check "...saying why" contains err "rough walls"

finish
