#!/bin/sh
# The time-step engine with springs: the normal modes of a free chain of
# equal masses at their analytic frequencies, and the virial theorem
# (equal mean kinetic and potential energy) for the heavy-light-heavy
# molecule.
. "${HSF_TEST_SRCDIR:-.}/tests/testlib.sh"
cd "$WORK" || exit 1

value() { awk -v k="$1:" '$1 == k { print $2 }' "$WORK/out"; }
# below X L: |X| < L; an empty X (a missing value) fails.
below() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && (x < 0 ? -x : x) < l) }'; }
above() { awk -v x="$1" -v l="$2" 'BEGIN { exit !(x != "" && x > l) }'; }

# A chain of N = 8 unit masses and unit springs of rest length 1, free at
# both ends, released at rest in mode p: u_j = A cos(p pi (j + 1/2) / N),
# A = 0.05.  Mode p has w_p = 2 sin(p pi / (2 N)).  At T/4 every
# displacement passes through 0 (to first order in a frequency error), at
# T/2 it is reversed, at T back; all to 1e-4 of A.
N=8 A=0.05
mode() {
    awk -v N=$N -v A=$A -v p="$1" 'BEGIN { pi = atan2(0, -1); print N
        for (j = 0; j < N; j++)
            printf "%.17g 1 0 0 0.1 1 255 255 255\n", 1 + j + A * cos(p * pi * (j + 0.5) / N) }'
}
# worst |u_j - s u_j(0)| / A in chain-final.xyz, for sign s (0: u = 0);
# nothing unless the file holds all N masses.
deviation() {
    awk -v N=$N -v A=$A -v p="$1" -v s="$2" 'BEGIN { pi = atan2(0, -1) }
        NR > 2 { j = NR - 3; u = $2 - 1 - j; u0 = A * cos(p * pi * (j + 0.5) / N)
                 d = u - s * u0; if (d < 0) d = -d; if (d > m) m = d }
        END { if (NR == N + 2) printf "%.3e\n", m / A }' chain-final.xyz
}
for p in 1 2 3 4 5 6 7; do
    mode $p >mode.txt
    T=$(awk -v N=$N -v p=$p 'BEGIN { pi = atan2(0, -1); printf "%.17g", pi / sin(p * pi / (2 * N)) }')
    for q in 0.25:0 0.5:-1 1:1; do
        f=${q%:*} s=${q#*:}
        t=$(awk -v f=$f -v T="$T" 'BEGIN { printf "%.17g", f * T }')
        rm -f chain-final.xyz
        check "chain mode $p: runs to $f T" run_status 0 -c "$CONF/chain.ini" \
            -s simulation.particles="$WORK/mode.txt" -s simulation.end_time="$t" \
            -s output.movie.interval=0
        check "chain mode $p: at $f T the displacements are $s times the start's" \
            below "$(deviation $p $s)" 1e-4
    done
done
check "chain: energy kept (verlet, 1e-6)" below "$(value total_energy_drift)" 1e-6
# The same check fails for a wrong frequency: 1 % off, at T/4.
mode 1 >mode.txt
rm -f chain-final.xyz
check "chain: runs to 1 % away from T/4" run_status 0 -c "$CONF/chain.ini" \
    -s simulation.particles="$WORK/mode.txt" -s simulation.end_time=4.0660 \
    -s output.movie.interval=0
check "chain: 1 % away from T/4, the displacements are not 0" above "$(deviation 1 0)" 1e-2

# Heavy - light - heavy: the time averages of the kinetic (all of it
# vibration here) and the potential energy agree (virial theorem for
# harmonic forces), within 1 % over 2000 time units.
check "triatomic runs" run_status 0 -c "$CONF/triatomic.ini"
# 2000 / 0.25 samples and the header: a short file gives no ratio.
ratio=$(awk -F, 'NR > 1 { k += $2; u += $6 } END { if (NR > 8000 && u > 0) printf "%.5f\n", k / u }' triatomic.csv)
echo "  triatomic: <K> / <U> = $ratio"
check "triatomic: <K> = <U> within 1 %" below "$(awk -v r="$ratio" 'BEGIN { if (r != "") print r - 1 }')" 0.01
check "triatomic: no translation, no rotation" \
    awk -F, 'NR > 1 && ($3 > 1e-12 || $4 > 1e-12) { bad = 1 } END { exit bad || NR <= 8000 }' triatomic.csv
check "triatomic: energy kept (verlet, 1e-3)" below "$(value total_energy_drift)" 1e-3

# Springs need bonds.
sed -e '/^\[bonds\]/,/^$/d' -e "s|\.\./data/|$HSF_TEST_SRCDIR/data/|" "$CONF/chain.ini" >nobonds.ini
check "springs without [bonds]: refused" run_status 2 -c nobonds.ini
check "springs without bonds: message" contains "$WORK/err" "spring: no bonds"
finish
