#!/bin/sh
# Writes the particle files of the molecular scenarios (conf/dumbbells.ini,
# conf/polymer.ini) in extended XYZ, with their bonds on the comment line
# (bonds="i j length, ..."), as hsframe writes and reads them.  Velocities
# are Maxwell-Boltzmann at kT = 1 (Box-Muller on awk's rand() with a fixed
# seed; the committed files come from Debian 12's mawk), less the mean, so
# the total momentum is zero.  Usage: sh data/make-molecules.sh [DIR]
set -e
dir=${1:-$(dirname "$0")}

# 144 hard dumbbells in a periodic 30 x 30 box: discs of radius 0.5 and
# mass 1, 1.1 apart on a 12 x 12 grid of molecules, randomly oriented,
# each pair tethered at 1.3.
awk 'BEGIN {
    srand(11); pi = 3.141592653589793; n = 0
    for (gy = 0; gy < 12; gy++)
        for (gx = 0; gx < 12; gx++) {
            a = 2 * pi * rand(); cx = 1.25 + 2.5 * gx; cy = 1.25 + 2.5 * gy
            for (s = -1; s <= 1; s += 2) {
                x[n] = cx + s * 0.55 * cos(a); y[n] = cy + s * 0.55 * sin(a); n++
            }
        }
    for (i = 0; i < n; i++) {
        u = 1 - rand(); w = rand(); g = sqrt(-2 * log(u))
        vx[i] = g * cos(2 * pi * w); vy[i] = g * sin(2 * pi * w); mx += vx[i]; my += vy[i]
    }
    print n
    printf "Lattice=\"30 0 0 0 30 0 0 0 0\" Origin=\"0 0 0\" "
    printf "Properties=species:S:1:pos:R:2:velo:R:2:radius:R:1:mass:R:1:color:R:3 pbc=\"T T F\" bonds=\""
    for (m = 0; m < n / 2; m++) printf "%s%d %d 1.3", m ? ", " : "", 2 * m, 2 * m + 1
    print "\""
    for (i = 0; i < n; i++)
        printf "A %.6f %.6f %.6f %.6f 0.5 1 %s\n", x[i], y[i], vx[i] - mx / n, vy[i] - my / n,
               i % 2 ? "0.2 0.4 0.9" : "0.9 0.3 0.2"
}' >"$dir/dumbbells.xyz"

# A chain of 20 discs (radius 0.5, mass 1), neighbours 1.05 apart and
# tethered at 1.2, lying straight across a 30 x 30 box with walls.
awk 'BEGIN {
    srand(12); pi = 3.141592653589793; n = 20
    for (i = 0; i < n; i++) {
        u = 1 - rand(); w = rand(); g = sqrt(-2 * log(u))
        vx[i] = g * cos(2 * pi * w); vy[i] = g * sin(2 * pi * w); mx += vx[i]; my += vy[i]
    }
    print n
    printf "Properties=pos:R:2:velo:R:2:radius:R:1:mass:R:1:color:R:3 bonds=\""
    for (i = 0; i + 1 < n; i++) printf "%s%d %d 1.2", i ? ", " : "", i, i + 1
    print "\""
    for (i = 0; i < n; i++)
        printf "%.6f 15 %.6f %.6f 0.5 1 %.3f 0.2 %.3f\n", 5 + 1.05 * i, vx[i] - mx / n,
               vy[i] - my / n, i / (n - 1), 1 - i / (n - 1)
}' >"$dir/polymer.xyz"
