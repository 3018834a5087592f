#!/bin/sh
# The stadium plugin under hsframe: an analytic bounce count, then a gas
# that keeps its energy and never leaves the stadium.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

# One disc on the axis, moving up at speed 1: it meets the flat walls at
# t = 0.9, 2.7, 4.5, 6.3, 8.1 and 9.9.
printf '1\n0 0 0 1 0.1 1 0 0 0\n' >one.txt
cat >one.ini <<'I'
[simulation]
particles = one.txt
end_time = 10
[boundary]
plugin = stadium
radius = 1
length = 1
I
"$HSFRAME" --plugin-path "$PLUGIN_DIR" -c one.ini >out 2>err || fail "$(cat err)"
grep -q '^boundary_hits: 6$' out || fail "expected 6 wall hits: $(grep hits out)"

# A gas: energy kept to round-off, everybody inside at the end.
cp "$SRCDIR/bunimovich.txt" .
"$HSFRAME" --plugin-path "$PLUGIN_DIR" -c "$SRCDIR/stadium.ini" \
    -s simulation.particles=bunimovich.txt >out 2>err || fail "$(cat err)"
awk '/^energy_drift:/ { d = $2 < 0 ? -$2 : $2; exit !(d < 1e-12) }' out || fail "energy drift"
awk '/^collisions:/ { exit !($2 > 1000) }' out || fail "too few collisions"
awk 'NR > 1 { dx = ($1 < 0 ? -$1 : $1) - 1; y = $2 < 0 ? -$2 : $2;
              out = dx <= 0 ? y - 0.95 : sqrt(dx * dx + y * y) - 0.95;
              if (out > 1e-12) { print "outside by " out; bad = 1 } }
     END { exit bad }' stadium-final.txt || fail "a disc left the stadium"
echo "stadium: 1 passed, 0 failed"
