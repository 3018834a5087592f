#!/bin/sh
# The energies output: a molecule's kinetic energy split into translation,
# rotation and vibration against the values worked out by hand, under
# both engines, and its file through a checkpoint and resume.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

# Two atoms, m = 1 at x = -0.075 and m = 3 at x = +0.025 from their
# centre of mass (5, 2), bonded; centre of mass velocity V = (0.3, 0.1),
# angular velocity 2 about z, bond stretching at w = 0.4:
#   translation M V^2 / 2 = 4 * 0.1 / 2 = 0.2
#   rotation I w^2 / 2, I = 0.075^2 + 3 * 0.025^2 = 0.0075: 0.015
#   vibration mu w^2 / 2, mu = 3/4: 0.06
# plus an unbonded atom (m = 2, v = (1, 0)) that adds translation 1 only.
cat >mol.txt <<'P'
3
4.925 2 0 -0.05 0.02 1 255 0 0
5.025 2 0.4 0.15 0.02 3 255 0 0
2 3 1 0 0.02 2 0 0 255
P
echo "0 1 0.1" >bonds.txt
for engine in event timestep; do
    cat >e.ini <<I
[simulation]
dim = 2
particles = mol.txt
end_time = 0.01
engine = $engine
dt = 0.001
[bonds]
file = bonds.txt
[boundary]
plugin = box
size = 10 4
[output.e]
plugin = energies
file = e-$engine.csv
interval = 1
I
    check "$engine engine: runs" run_status 0 -c e.ini
    check "$engine engine: header" \
        test "$(head -1 e-$engine.csv)" = "time,kinetic,translation,rotation,vibration,potential,translation_per_dof,rotation_per_dof,vibration_per_dof,potential_per_bond"
    check "$engine engine: kinetic 1.275 = translation 1.2 + rotation 0.015 + vibration 0.06" \
        awk -F, 'NR == 2 { d = ($2 - 1.275) ^ 2 + ($3 - 1.2) ^ 2 + ($4 - 0.015) ^ 2 + ($5 - 0.06) ^ 2 + $6 ^ 2
                           good = d < 1e-24 } END { exit !good }' e-$engine.csv
    # 4 degrees of freedom of translation (two molecules), 1 of rotation,
    # 1 of vibration, 1 bond
    check "$engine engine: per degree of freedom" \
        awk -F, 'NR == 2 { d = ($7 - 0.3) ^ 2 + ($8 - 0.015) ^ 2 + ($9 - 0.06) ^ 2 + $10 ^ 2
                           good = d < 1e-20 } END { exit !good }' e-$engine.csv
done

# Under the event engine, stopped and resumed, the same file to the byte.
cat >gas.ini <<I
[simulation]
dim = 2
particles = $HSF_TEST_SRCDIR/data/diatomic.txt
end_time = 3
[bonds]
file = $HSF_TEST_SRCDIR/data/diatomic-bonds.txt
length = 0.05
[boundary]
plugin = periodic
size = 1 1
[output.e]
plugin = energies
file = gas.csv
interval = 0.01
I
check "event engine, 400 atoms: runs" run_status 0 -c gas.ini
mv gas.csv whole.csv
# Stopped after a fifth of its events each time.
printf '[checkpoint]\nfile = gas.ckpt\nstop_after_events = %s\n' "$(segment "$WORK/out" 5)" >>gas.ini
status=75 runs=0 stops=0
while [ $status -eq 75 ] && [ $runs -lt 500 ]; do
    resume=""
    [ -f gas.ckpt ] && resume="--resume gas.ckpt"
    status=0
    "$HSFRAME" -c gas.ini $resume >out 2>err || status=$?
    runs=$((runs + 1))
    [ $status -eq 75 ] && stops=$((stops + 1))
done
echo "  $runs runs, $stops stopped with a checkpoint"
check "stopped and resumed: stopped at least once" test $stops -gt 0
check "stopped and resumed: exit 0 at last" test $status -eq 0
check "stopped and resumed: the same file" cmp -s gas.csv whole.csv
finish
