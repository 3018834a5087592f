#!/bin/sh
# make soak-bath: what the Andersen bath does to the viscosity it lets the
# stress output measure in a sheared fluid (conf/shear.ini: 864 spheres at
# packing fraction 0.30, shear rate 0.2), at bath rates 1, 0.5, 0.2 and
# 0.1, two seeds each, 2000 time units a run (about 15 minutes on one
# core).  Each line: the bath rate, the seed, the peculiar kT (the kinetic
# stress's trace over 3 n, from t = 20 on), the viscosity -<P_xy>/rate
# with its block error, and the viscosity in units of the fluid's own kT
# (eta / sqrt(kT): a hard-sphere fluid's viscosity grows as sqrt(kT)).
# The figures are in docs/PLUGINS.md (andersen).  Physics, not a test: it
# never fails on its numbers.  Usage: tests/soak/bath.sh HSFRAME
set -eu
hsframe=${1:?usage: tests/soak/bath.sh HSFRAME}
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/hsf-bath-XXXXXX)
trap 'rm -rf "$work"' EXIT
printf '%-9s %-5s %-8s %-18s %s\n' bath_rate seed kT viscosity 'viscosity/sqrt(kT)'
for rate in 1 0.5 0.2 0.1; do
    for seed in 1 2; do
        "$hsframe" -c "$top/conf/shear.ini" -q -s simulation.end_time=2000 \
            -s simulation.seed="$seed" -s thermostat.rate="$rate" \
            -s output.stress.file="$work/stress.csv" -s output.profile.file="$work/profile.csv"
        # Columns 9 to 11: K_xx, K_yy, K_zz (the kinetic stress, n kT each).
        awk -F, -v rate="$rate" -v seed="$seed" '
            NR > 1 && !/^#/ && $1 >= 20 && $9 != "" { k += ($9 + $10 + $11) / 3; c++ }
            /^# viscosity/ { split($0, w, " "); v = w[3]; e = w[5] }
            END { n = 0.30 * 6 / atan2(0, -1); kT = k / c / n
                  printf "%-9s %-5s %-8.4f %-18s %.4f\n", rate, seed, kT, v " +- " e, v / sqrt(kT) }' \
            "$work/stress.csv"
    done
done
