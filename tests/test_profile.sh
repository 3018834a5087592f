#!/bin/sh
# The profile output on three particles worked by hand: the density,
# flow and peculiar temperature of each slab; a table per sample; bad
# input.  (Its barometric profile under gravity: tests/test_gravity.sh.)
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# In a 10 x 10 box, slabs y < 5 and y >= 5: particles at y = 1 and 1.5
# (mass 1, vx = 1 and 3) and at y = 7 (mass 2, vy = 2), sampled at the
# start and at t = 1e-9 (nothing collides).  Slab 0: density 2 / 50, flow
# x (1 + 3) / 2 = 2, temperature (1 + 9 - 4^2 / 2) / (2 x 2) = 0.5; slab 1:
# density 1 / 50, flow y 2, temperature 0.
cat >three.txt <<'P'
3
2 1 1 0 0.1 1 255 0 0
5 1.5 3 0 0.1 1 0 255 0
5 7 0 2 0.1 2 0 0 255
P
cat >three.ini <<'I'
[simulation]
particles = three.txt
end_time = 1e-9
[boundary]
plugin = box
size = 10 10
[output.profile]
plugin = profile
file = profile.csv
axis = y
bins = 2
I
check "three particles: runs" run_status 0 -c three.ini
check "three particles: header" sh -c 'head -1 profile.csv | grep -qx "bin,y,density,flow_x,flow_y,flow_z,temperature,particles"'
# near A B: |A - B| <= 1e-8 (the positions moved by 1e-9).
check "three particles: slabs worked by hand" awk -F, '
    function near(a, b) { return (a - b < 1e-8) && (b - a < 1e-8) }
    NR == 2 { ok0 = $1 == 0 && $2 == 2.5 && near($3, 0.04) && near($4, 2) && near($5, 0) &&
                    near($7, 0.5) && $8 == 2 }
    NR == 3 { ok1 = $1 == 1 && $2 == 7.5 && near($3, 0.02) && near($4, 0) && near($5, 2) &&
                    near($7, 0) && $8 == 1 }
    END { if (!(ok0 && ok1 && NR == 3)) { print "table:"; exit 1 } }' profile.csv
check "per sample: two tables with their times" run_status 0 -c three.ini \
    -s output.profile.average=no -s output.profile.interval=1
check "per sample: rows" awk -F, 'NR > 1 { n++; t[$1]++ } END { exit !(n == 4 && length(t) == 2) }' profile.csv
check "bad axis: refused" run_status 2 -c three.ini -s output.profile.axis=z
check "bad axis: message" contains "$WORK/err" "axis: expected x or y, found 'z'"
finish
