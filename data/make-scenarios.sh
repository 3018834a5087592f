#!/bin/sh
# Writes the particle files of the algs4 scenarios (conf/*.ini) in the algs4
# text format: N, then "rx ry vx vy radius mass r g b" per line, unit box;
# diffusion's in extended XYZ, whose species column names its wall.
# Random numbers come from awk's rand() with a fixed seed: the files in the
# repository were made with Debian 12's mawk, another awk gives other
# (equally valid) files.  Usage: sh data/make-scenarios.sh [DIR]
set -e
dir=${1:-$(dirname "$0")}

# A billiard rack of `rows` rows (1 + 2 + ... balls) with its apex at
# (0.5, 0.62), balls of radius 0.03 a hair apart, and the cue ball below
# shot straight up.
rack() {
    awk -v rows="$1" 'BEGIN {
        r = 0.03; d = 2 * r + 0.0001; n = rows * (rows + 1) / 2 + 1
        print n
        printf "%.6f %.6f %.1f %.1f %.2f %.1f 255 255 255\n", 0.5, 0.15, 0, 0.6, r, 1
        split("255 215 0|0 0 255|255 0 0|128 0 128|255 140 0|0 128 0|128 0 0|0 0 0", c, "|")
        k = 0
        for (row = 0; row < rows; row++)
            for (i = 0; i <= row; i++) {
                x = 0.5 + (i - row / 2) * d; y = 0.62 + row * d * sqrt(3) / 2
                printf "%.6f %.6f 0.0 0.0 %.2f 1.0 %s\n", x, y, r, c[k % 8 + 1]; k++
            }
    }'
}
rack 2 >"$dir/billiards3.txt"
rack 4 >"$dir/billiards10.txt"

# Two gases and a wall with a slit: a column of discs of the species wall
# (fixed by conf/diffusion.ini) down the middle of the box, with a gap of
# 0.1 at half height; 150 red discs on the left, 150 blue on the right.
# Extended XYZ, for its species column.
awk 'BEGIN {
    srand(7); r = 0.004; wr = 0.005; n = 0
    for (y = wr; y < 1; y += 2 * wr + 0.0001)
        if (y < 0.45 - wr || y > 0.55 + wr) { wy[n++] = y }
    print n + 300
    print "Properties=species:S:1:pos:R:2:velo:R:2:radius:R:1:mass:R:1:color:I:3"
    for (i = 0; i < n; i++) printf "wall 0.5 %.6f 0 0 %.3f 1 128 128 128\n", wy[i], wr
    for (side = 0; side < 2; side++)
        for (k = 0; k < 150; k++) {
            col = k % 10; row = int(k / 10)
            x = (side ? 0.52 : 0.03) + col * 0.045; y = 0.03 + row * 0.064
            printf "%s %.6f %.6f %.6f %.6f %.3f 1 %s\n", side ? "blue" : "red", x, y,
                rand() - 0.5, rand() - 0.5, r, side ? "0 0 255" : "255 0 0"
        }
}' >"$dir/diffusion.xyz"

# Brownian motion: one heavy disc (radius 0.06, mass 20) at rest in the
# middle, 800 light ones (radius 0.004, mass 0.1) on a grid around it.
awk 'BEGIN {
    srand(11); print 801
    printf "0.5 0.5 0 0 0.06 20 255 0 0\n"
    k = 0
    for (i = 0; i < 29 && k < 800; i++)
        for (j = 0; j < 29 && k < 800; j++) {
            x = 0.02 + i * 0.034; y = 0.02 + j * 0.034
            if ((x - 0.5) ^ 2 + (y - 0.5) ^ 2 < 0.075 ^ 2) continue
            printf "%.6f %.6f %.6f %.6f 0.004 0.1 0 0 0\n", x, y, rand() - 0.5, rand() - 0.5
            k++
        }
}' >"$dir/brownian.txt"

# A tiny fast disc between two big slow ones closing in on it.
cat >"$dir/squeeze.txt" <<'EOF'
3
0.2 0.5 0.1 0 0.15 100 0 0 255
0.8 0.5 -0.1 0 0.15 100 0 0 255
0.5 0.5 1 0 0.005 0.01 255 0 0
EOF

# Five rows of twelve discs, every disc of a row at the same height and
# vertical velocity; the columns are too far apart to touch.
awk 'BEGIN {
    print 60
    split("0.5 -0.3 0.7 -0.6 0.4", vy, " ")
    split("255 0 0|0 128 0|0 0 255|255 140 0|128 0 128", c, "|")
    for (row = 0; row < 5; row++)
        for (col = 0; col < 12; col++)
            printf "%.6f %.6f 0 %.1f 0.02 1 %s\n", 0.06 + col * 0.08, 0.1 + row * 0.18,
                vy[row + 1], c[row + 1]
}' >"$dir/wallbouncing.txt"

# A hopper: two walls of fixed discs (species wall, radius 0.5, 0.5
# apart) slope down at 45 degrees from the side walls to a neck 6
# diameters wide at height 25.6 of a 40 x 60 box; 420 grains (radius 0.5)
# above it on a grid, with sideways velocities that break its symmetry.
awk 'BEGIN {
    n = 0
    for (k = 0; k <= 45; k++) {
        d = k * 0.5 / sqrt(2)
        line[++n] = sprintf("wall %.6f %.6f 0 0 0.5 1 90 90 90", 0.5 + d, 41.5 - d)
        line[++n] = sprintf("wall %.6f %.6f 0 0 0.5 1 90 90 90", 39.5 - d, 41.5 - d)
    }
    for (row = 0; row < 14; row++)
        for (col = 0; col < 30; col++)
            line[++n] = sprintf("grain %.6f %.6f %.6f 0 0.5 1 %s", 2.6 + col * 1.2,
                                43 + row * 1.2, 3 * sin(7 * n), row % 2 ? "200 60 40" : "40 90 200")
    print n
    print "Properties=species:S:1:pos:R:2:velo:R:2:radius:R:1:mass:R:1:color:I:3"
    for (k = 1; k <= n; k++) print line[k]
}' >"$dir/hopper2d.xyz"
