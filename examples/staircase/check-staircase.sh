#!/bin/sh
# The staircase plugin under hsframe: a pair at rest in a shell has that
# shell's Lennard-Jones energy; a fluid keeps its total energy.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

# Two spheres of diameter 1 at rest 1.3 apart: the shell from 1.1875 to
# 1.375 (8 steps from 2.5 to 1), whose energy is LJ at 1.28125.
printf '2\n5 5 0 0 0.5 1 0 0 0\n6.3 5 0 0 0.5 1 0 0 0\n' >pair.txt
cat >pair.ini <<'I'
[simulation]
particles = pair.txt
end_time = 1
[boundary]
size = 10 10
[interaction]
plugin = staircase
I
"$HSFRAME" --plugin-path "$PLUGIN_DIR" -c pair.ini >out 2>err || fail "$(cat err)"
awk '/^potential_energy:/ { r = 1.28125; s6 = r ^ -6; u = 4 * (s6 * s6 - s6)
                            d = $2 - u; exit !((d < 0 ? -d : d) < 1e-12) }' out ||
    fail "the pair's energy is not LJ at 1.28125: $(grep potential out)"

# A fluid: bound (negative potential energy), total energy conserved.
"$HSFRAME" --plugin-path "$PLUGIN_DIR" -c "$SRCDIR/staircase.ini" >out 2>err || fail "$(cat err)"
awk '/^potential_energy:/ { exit !($2 < -100) }' out || fail "not bound: $(grep potential out)"
awk '/^energy_drift:/ { d = $2 < 0 ? -$2 : $2; exit !(d < 1e-12) }' out ||
    fail "energy drift $(grep drift out)"
echo "staircase: 2 passed, 0 failed"
