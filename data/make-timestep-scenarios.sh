#!/bin/sh
# Writes the particle and bonds files of the time-step scenarios
# (conf/kepler.ini, figure8.ini, chain.ini, triatomic.ini, gas-timestep.ini,
# diatomic.ini, diatomic3d.ini; docs/TIMESTEP.md).  Random numbers come from
# awk's rand() with fixed seeds: the files in the repository were made with
# Debian 12's mawk, another awk gives other (equally valid) files.
# Usage: sh data/make-timestep-scenarios.sh [DIR]
set -e
dir=${1:-$(dirname "$0")}

# Two unit masses 1 apart on a circular orbit (G = 1): speeds sqrt(1/2).
awk 'BEGIN { v = sqrt(0.5); print 2
    printf "1.5 2 0 %.17g 0.05 1 255 200 0\n", -v
    printf "2.5 2 0 %.17g 0.05 1 0 120 255\n", v }' >"$dir/kepler2.txt"

# The figure eight (Chenciner and Montgomery 2000, Simo's initial
# conditions), centred at (2, 2).
awk 'BEGIN { x = 0.97000436; y = -0.24308753; u = -0.93240737; w = -0.86473146; print 3
    printf "%.17g %.17g %.17g %.17g 0.02 1 255 80 80\n", 2 + x, 2 + y, -u / 2, -w / 2
    printf "%.17g %.17g %.17g %.17g 0.02 1 80 255 80\n", 2 - x, 2 - y, -u / 2, -w / 2
    printf "2 2 %.17g %.17g 0.02 1 80 80 255\n", u, w }' >"$dir/figure8.txt"

# A chain of 8 unit masses 1 apart in its lowest normal mode (amplitude
# 0.05), and the bonds between neighbours.
awk 'BEGIN { n = 8; pi = atan2(0, -1); print n
    for (j = 0; j < n; j++)
        printf "%.17g 1 0 0 0.1 1 %d 180 %d\n", 1 + j + 0.05 * cos(pi * (j + 0.5) / n),
               255 - 25 * j, 25 * j }' >"$dir/chain8.txt"
awk 'BEGIN { for (j = 0; j < 7; j++) print j, j + 1, "1.0" }' >"$dir/chain8-bonds.txt"

# Heavy - light - heavy, at rest, out of equilibrium along their line.
printf '3\n4.1 2.0 0.0 0.0 0.15 10.0 200 60 60\n4.95 2.0 0.0 0.0 0.08 1.0 240 240 240\n6.03 2.0 0.0 0.0 0.15 10.0 200 60 60\n' \
    >"$dir/triatomic.txt"
printf '# heavy - light - heavy, rest length 1\n0 1 1.0\n1 2 1.0\n' >"$dir/triatomic-bonds.txt"

# 400 discs on a 20 x 20 lattice in the unit box: heavy (m = 4) on one
# colour of the chequerboard, moving in random directions at speeds near 1,
# light (m = 1) at rest.
awk 'BEGIN { srand(7); pi = atan2(0, -1); n = 20; print n * n
    for (a = 0; a < n; a++) for (b = 0; b < n; b++) {
        x = (a + 0.5) / n; y = (b + 0.5) / n
        if ((a + b) % 2) { printf "%.6f %.6f 0 0 0.008 1 90 160 255\n", x, y; continue }
        s = 1 + 0.3 * sqrt(-2 * log(1 - rand())) * cos(2 * pi * rand()); t = 2 * pi * rand()
        printf "%.6f %.6f %.6f %.6f 0.008 4 220 60 40\n", x, y, s * cos(t), s * sin(t) } }' \
    >"$dir/gas-masses.txt"

# Diatomic molecules: two atoms 0.05 apart along x, moving together in a
# random direction at a speed near 1 (translation only), on a lattice of
# molecules; 10 x 20 in the unit square (2D), 6 x 6 x 6 in the unit cube
# (3D, extended XYZ); the bonds join atoms 2k and 2k + 1.
awk 'BEGIN { srand(11); pi = atan2(0, -1); print 400
    for (a = 0; a < 10; a++) for (b = 0; b < 20; b++) {
        x = (a + 0.5) / 10; y = (b + 0.5) / 20
        s = 1 + 0.25 * sqrt(-2 * log(1 - rand())) * cos(2 * pi * rand()); t = 2 * pi * rand()
        c = (a + b) % 2 ? "250 200 40" : "60 200 120"
        for (k = -1; k <= 1; k += 2)
            printf "%.6f %.6f %.6f %.6f 0.01 1 %s\n", x + k * 0.025, y, s * cos(t), s * sin(t), c } }' \
    >"$dir/diatomic.txt"
awk 'BEGIN { print "# each molecule: two atoms, rest length from [bonds] length"
    for (i = 0; i < 400; i += 2) print i, i + 1 }' >"$dir/diatomic-bonds.txt"
awk 'BEGIN { srand(5); pi = atan2(0, -1); k = 6; print 2 * k * k * k
    print "Lattice=\"1 0 0 0 1 0 0 0 1\" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1:mass:R:1"
    for (a = 0; a < k; a++) for (b = 0; b < k; b++) for (c = 0; c < k; c++) {
        x = (a + 0.5) / k; y = (b + 0.5) / k; z = (c + 0.5) / k
        s = 1 + 0.25 * sqrt(-2 * log(1 - rand())) * cos(2 * pi * rand())
        t = 2 * pi * rand(); ct = 2 * rand() - 1; st = sqrt(1 - ct * ct)
        for (h = -1; h <= 1; h += 2)
            printf "A %.6f %.6f %.6f %.6f %.6f %.6f 0.02 1\n", x + h * 0.025, y, z,
                   s * st * cos(t), s * st * sin(t), s * ct } }' >"$dir/diatomic3d.xyz"
awk 'BEGIN { print "# each molecule: two atoms, rest length from [bonds] length"
    for (i = 0; i < 432; i += 2) print i, i + 1 }' >"$dir/diatomic3d-bonds.txt"
