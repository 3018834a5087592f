#!/bin/sh
# The trap plugin under hsframe's time-step engine: particles in a
# harmonic trap (k = 1, m = 1 and 4, no contact) come back where they
# started after a period 2 pi sqrt(m / k) of the heaviest, 4 pi (the light
# ones have made two turns), and the total energy is kept.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
cat >start.txt <<'P'
3
6 5 0 0.5 0.1 1 255 0 0
5 3 1 0 0.1 4 0 255 0
4 5.5 -0.2 0.3 0.1 1 0 0 255
P
cat >trap.ini <<'I'
[simulation]
dim = 2
particles = start.txt
end_time = 12.566370614359172
engine = timestep
integrator = verlet
dt = 0.0005
contact = no
[boundary]
plugin = box
size = 10 10
[force.trap]
plugin = trap
stiffness = 1
centre = 5 5
[output.final]
plugin = snapshot
file = final.txt
format = algs4
I
"$HSFRAME" --plugin-path "$PLUGIN_DIR" -c trap.ini >out 2>err || fail "$(cat err)"
awk 'FNR == 1 { f++; next } f == 1 { x[FNR] = $1; y[FNR] = $2; next }
     { d = sqrt(($1 - x[FNR]) ^ 2 + ($2 - y[FNR]) ^ 2); if (d > m) m = d }
     END { if (m > 1e-5) { print "farthest from the start:", m; exit 1 } }' start.txt final.txt \
    || fail "not back after a period"
awk '$1 == "total_energy_drift:" { d = $2 < 0 ? -$2 : $2; if (d > 1e-6) { print; exit 1 } }' out \
    || fail "energy not kept"
"$HSFRAME" --plugin-path "$PLUGIN_DIR" -c trap.ini -s force.trap.centre=5 >out 2>err && fail "a 1D centre in 2D accepted"
grep -q "expected 2 coordinates for dim = 2, found 1" err || fail "message: $(cat err)"
echo "trap: 3 passed, 0 failed"
