#!/bin/sh
# The hold model's holds per second against n from a table of
# hsframe-queue-bench (models.txt), one panel per increment distribution,
# one line per queue and form, in one PNG (gnuplot).
# Usage: tests/bench/queues_plot.sh MODELS.TXT OUT.PNG TITLE
set -eu
[ $# -eq 3 ] || { echo "usage: $0 MODELS.TXT OUT.PNG TITLE" >&2; exit 2; }
table=$1 png=$2 title=$3
command -v gnuplot >/dev/null 2>&1 || { echo "$0: gnuplot is not installed" >&2; exit 1; }
data=$(mktemp -d /tmp/hsf-queues-plot-XXXXXX)
trap 'rm -rf "$data"' EXIT
# One file per (distribution, queue): n and holds/s of the rows that ran.
awk -v dir="$data" '$2 == "hold" && $5 ~ /^[0-9]+$/ {
        q = $1; sub(/\//, "@", q); print $4, $5 >> (dir "/" $3 "=" q) }' "$table"
{
    echo "set terminal png size 1500,760 font 'sans,9' noenhanced"
    echo "set output '$png'"
    echo "set multiplot layout 2,3 title '$title'"
    echo "set logscale xy; set format x '10^%L'; set format y '%.0e'"
    echo "set xlabel 'n'; set ylabel 'holds/s'; set grid"
    # The queues come in the same order, so the same colours, in every
    # panel: one key, beside the last.
    for d in exponential uniform bimodal triangular negtriangular camel; do
        if [ "$d" = camel ]; then echo "set key outside right top"; else echo "unset key"; fi
        plot=
        for f in "$data/$d"=*; do
            [ -e "$f" ] || continue
            q=$(echo "${f##*=}" | tr @ /)
            plot="$plot${plot:+, }'$f' using 1:2 with linespoints title '$q'"
        done
        [ -n "$plot" ] && echo "set title '$d'" && echo "plot $plot"
    done
    echo "unset multiplot"
} | gnuplot
