#!/bin/sh
# The demon under hsframe: the door's rule on single discs, then a gas in
# which the right half ends up hotter than the left.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
run() { "$HSFRAME" --plugin-path "$PLUGIN_DIR" -c "$@" >out 2>err || fail "$(cat err)"; }

cat >one.ini <<'I'
[simulation]
particles = one.txt
end_time = 1
[boundary]
plugin = demon
size = 1 1
door = 1
threshold = 1
[output.f]
plugin = snapshot
file = final.txt
I
# Slow from the left: turned back at x = 0.5 - 0.05 after 0.4, then at
# speed 0.5 for 0.6 more: x = 0.15.
printf '1\n0.25 0.5 0.5 0 0.05 1 0 0 0\n' >one.txt
run one.ini
awk 'NR == 2 { d = $1 - 0.15; exit !(d < 1e-12 && d > -1e-12 && $3 == -0.5) }' final.txt \
    || fail "slow disc: $(sed -n 2p final.txt)"
# Fast from the left: through the door at t = 0.1, off the right wall at
# t = 0.35; at t = 0.5 it is at x = 0.65, moving left (the demon would turn
# it back at x = 0.55, being fast, at t = 0.55).
printf '1\n0.25 0.5 2 0 0.05 1 0 0 0\n' >one.txt
run one.ini -s simulation.end_time=0.5
awk 'NR == 2 { d = $1 - 0.65; exit !(d < 1e-12 && d > -1e-12 && $3 == -2) }' final.txt \
    || fail "fast disc: $(sed -n 2p final.txt)"

# The gas: the right half hotter than the left at the end, energy kept.
cp "$SRCDIR/demon400.txt" .
run "$SRCDIR/demon.ini"
awk '/^energy_drift:/ { d = $2 < 0 ? -$2 : $2; exit !(d < 1e-12) }' out || fail "energy drift"
tail -n 1 demon-halves.csv | awk -F, '{ exit !($5 > 1.3 * $3) }' \
    || fail "the demon did not heat the right half: $(tail -n 1 demon-halves.csv)"
echo "demon: 1 passed, 0 failed"
