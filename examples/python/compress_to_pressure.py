#!/usr/bin/env python3
"""A live observer that stops a compression at a target pressure.

conf/compression.ini grows the discs of a 2D gas towards jamming; an
observer measures Z = PV / NkT from the collisions every 2 time units and
stops the run by raising when Z passes the target.  The run stops right
after that call, between two events; the state there is written as a
checkpoint and its packing fraction printed.

    PYTHONPATH=$BUILDDIR/python python3 examples/python/compress_to_pressure.py [CONF]
"""
import os
import sys

import numpy as np

import hsframe
from common import Pressure

conf = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "conf", "compression.ini")
target = 20.0


class Reached(Exception):
    pass


class StopAt:
    def __init__(self):
        self.pressure = None

    def __call__(self, sim):
        if self.pressure is None:
            self.pressure = Pressure(sim)
            return
        z = self.pressure(sim)
        if z > target:
            raise Reached(z)


sim = hsframe.Simulation(config=conf, overrides={"output.pictures.interval": 0})
sim.observe(StopAt(), interval=2.0)
try:
    sim.run()
    print("the run ended before Z reached %g" % target)
except Reached as r:
    lo, hi, _ = sim.box
    area = np.prod(np.array(hi[:2]) - np.array(lo[:2]))
    radii = sim.snapshot()["radius"]
    print("Z = %.2f > %g at t = %.3f: packing fraction %.4f"
          % (r.args[0], target, sim.time, np.pi * (radii ** 2).sum() / area))
    sim.checkpoint("compressed.ckpt")
    print("state written to compressed.ckpt")
sim.close()
