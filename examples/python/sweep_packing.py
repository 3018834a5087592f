#!/usr/bin/env python3
"""The equation of state over packing fractions, one simulation each, and
a matplotlib plot against Carnahan-Starling (eos.png).

    PYTHONPATH=$BUILDDIR/python python3 examples/python/sweep_packing.py
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import hsframe  # noqa: E402
from common import Pressure, carnahan_starling, fluid  # noqa: E402

etas = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45]
zs = []
for eta in etas:
    with hsframe.Simulation(sections=fluid(eta, cells=5, end_time=20.0)) as sim:
        sim.run(until=5)
        pressure = Pressure(sim)
        sim.run()
        zs.append(pressure(sim))
    print("eta = %.2f  Z = %.4f  Carnahan-Starling %.4f" % (eta, zs[-1], carnahan_starling(eta)))

fine = np.linspace(0, 0.5, 100)
plt.plot(fine, carnahan_starling(fine), label="Carnahan-Starling")
plt.plot(etas, zs, "o", label="hsframe, 500 spheres")
plt.xlabel("packing fraction")
plt.ylabel("Z = PV / NkT")
plt.legend()
plt.savefig("eos.png", dpi=100)
print("wrote eos.png")
