#!/usr/bin/env python3
"""g(r) and the equation of state of hard spheres from numpy arrays.

A fluid at packing fraction 0.3 is equilibrated, then sampled every time
unit by an observer: g(r) from the positions (a view, no copy) and the
pressure from the collisions' virial.  The contact value of g gives the
pressure a second way, Z = 1 + 4 eta g(sigma); both are compared with
Carnahan-Starling.  Writes gr.csv.

    PYTHONPATH=$BUILDDIR/python python3 examples/python/gr_eos.py
"""
import sys

import numpy as np

import hsframe
from common import Pressure, carnahan_starling, fluid, gr

eta = 0.3
sim = hsframe.Simulation(sections=fluid(eta, end_time=30.0))
sim.run(until=10)                       # equilibrate
box = sim.box[1][0] - sim.box[0][0]
pressure = Pressure(sim)
zs, gs = [], []
while not sim.run(until=sim.time + 1.0):
    zs.append(pressure(sim))
    r, g = gr(sim.positions, box, r_max=3.0, bins=120)
    gs.append(g)
g = np.mean(gs, axis=0)
# g at contact: the first two bins past the diameter, extrapolated to it
# (pairs in contact sit at the diameter to round-off, some just below).
k = np.searchsorted(r, 1.0)
contact = g[k] + (g[k] - g[k + 1]) * (r[k] - 1.0) / (r[k + 1] - r[k])
z_virial = np.mean(zs)
print("eta = %.2f: Z from the virial %.3f, from g(contact) %.3f, Carnahan-Starling %.3f"
      % (eta, z_virial, 1 + 4 * eta * contact, carnahan_starling(eta)))
np.savetxt("gr.csv", np.column_stack([r, g]), delimiter=",", header="r,g", comments="")
sim.close()
sys.exit(0 if abs(z_virial / carnahan_starling(eta) - 1) < 0.05 else 1)
