#!/usr/bin/env python3
"""Filling a box one sphere at a time: the equation of state along the way.

A periodic box holds a dilute hard-sphere gas (packing fraction 0.05).
Spheres are added at random places where they overlap nothing, with
Maxwell-Boltzmann velocities at kT = 1 (add_particle refuses an overlap,
and the next place is tried); after each filling step the fluid relaxes
and Z = PV / NkT is measured from the collisions' virial, against
Carnahan-Starling.  Nothing is restarted: one simulation, its particles
added between events.  Exits 1 when a measured Z is more than 5 % off.

    PYTHONPATH=$BUILDDIR/python python3 examples/python/fill_box.py
"""
import math
import sys

import numpy as np

import hsframe
from common import Pressure, fluid

rng = np.random.default_rng(7)
sim = hsframe.Simulation(sections=fluid(0.05, cells=5, end_time=1e9))
lo, hi, _ = sim.box
lo, hi = np.array(lo), np.array(hi)
volume = np.prod(hi - lo)
radius = 0.5
worst = 0.0
print("   N    phi     Z (virial)   Z (Carnahan-Starling)")
for target in (0.10, 0.15, 0.20, 0.25, 0.30):
    tried = 0
    while sim.n * 4 / 3 * math.pi * radius ** 3 / volume < target:
        tried += 1
        try:
            sim.add_particle(lo + rng.random(3) * (hi - lo), rng.normal(size=3), radius)
        except hsframe.Error:
            pass        # overlaps a sphere there: try another place
    phi = sim.n * 4 / 3 * math.pi * radius ** 3 / volume
    sim.run(until=sim.time + 2.0)           # relax
    pressure = Pressure(sim)
    sim.run(until=sim.time + 8.0)           # measure
    z = pressure(sim)
    cs = (1 + phi + phi ** 2 - phi ** 3) / (1 - phi) ** 3
    worst = max(worst, abs(z / cs - 1))
    print("%4d  %.3f  %8.3f   %8.3f   (%d places tried)" % (sim.n, phi, z, cs, tried))
sim.close()
sys.exit(1 if worst > 0.05 else 0)
