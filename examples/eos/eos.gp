# Z = PV/NkT against packing fraction from the sweeps hard-spheres.ini and
# hard-discs.ini, beside the equations of state of Carnahan and Starling
# (hard spheres, J. Chem. Phys. 51, 635 (1969)) and Henderson (hard discs,
# Mol. Phys. 30, 971 (1975)).  Run in the directory the sweeps ran in:
#     gnuplot examples/eos/eos.gp        (writes eos.png)
# Top: every run (small) and the mean over the seeds of each packing
# fraction (large); bottom: how far each lies from the reference curve.
set terminal pngcairo size 1200,900 font ",11"
set output "eos.png"
set datafile separator comma

carnahan_starling(f) = (1 + f + f**2 - f**3) / (1 - f)**3
henderson(f) = (1 + f**2 / 8) / (1 - f)**2
phi = 'column("init.packing_fraction")'
z = 'column("Z")'

set multiplot layout 2,2 columnsfirst margins 0.08,0.98,0.08,0.93 spacing 0.08,0.06
set title font ",13"
set grid

do for [k = 1:2] {
    data = k == 1 ? "hard-spheres/results.csv" : "hard-discs/results.csv"
    name = k == 1 ? "hard spheres (3D, 500)" : "hard discs (2D, 480)"
    ref = k == 1 ? "Carnahan-Starling" : "Henderson"
    set title name
    set xrange [0:(k == 1 ? 0.5 : 0.7)]
    set key top left
    set xlabel ""
    set ylabel "Z = PV / NkT"
    set yrange [0:*]
    if (k == 1) {
        plot carnahan_starling(x) title ref lw 2 lc rgb "#1f77b4", \
             data using (@phi):(@z) title "runs" pt 7 ps 0.5 lc rgb "#999999", \
             data using (@phi):(@z) smooth unique title "mean over seeds" with points pt 6 ps 1.8 lw 2 lc rgb "#d62728"
    } else {
        plot henderson(x) title ref lw 2 lc rgb "#1f77b4", \
             data using (@phi):(@z) title "runs" pt 7 ps 0.5 lc rgb "#999999", \
             data using (@phi):(@z) smooth unique title "mean over seeds" with points pt 6 ps 1.8 lw 2 lc rgb "#d62728"
    }
    set title ""
    set xlabel "packing fraction"
    set ylabel sprintf("Z / Z_{%s} - 1  (%%)", ref)
    set yrange [*:*]
    set key bottom left
    if (k == 1) {
        plot 0 notitle lw 2 lc rgb "#1f77b4", \
             data using (@phi):(100 * (@z / carnahan_starling(@phi) - 1)) title "runs" pt 7 ps 0.5 lc rgb "#999999", \
             data using (@phi):(100 * (@z / carnahan_starling(@phi) - 1)) smooth unique title "mean" with points pt 6 ps 1.8 lw 2 lc rgb "#d62728"
    } else {
        plot 0 notitle lw 2 lc rgb "#1f77b4", \
             data using (@phi):(100 * (@z / henderson(@phi) - 1)) title "runs" pt 7 ps 0.5 lc rgb "#999999", \
             data using (@phi):(100 * (@z / henderson(@phi) - 1)) smooth unique title "mean" with points pt 6 ps 1.8 lw 2 lc rgb "#d62728"
    }
}
unset multiplot
