#!/usr/bin/env python3
"""A GSD trajectory of the billiard break, opened with the gsd package (as
OVITO, freud or HOOMD would), and a new run started from its last frame.

    PYTHONPATH=$BUILDDIR/python python3 examples/python/gsd_trajectory.py
"""
import os

import gsd.hoomd
import numpy as np

import hsframe
import hsframe.gsd

conf = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "conf",
                    "billiards.ini")
with hsframe.gsd.Trajectory("billiards.gsd") as traj:
    with hsframe.Simulation(config=conf, overrides={"output.pictures.interval": 0}) as sim:
        sim.observe(traj, interval=1.0)
        sim.run()

with gsd.hoomd.open("billiards.gsd", "rb") as t:
    print("%d frames, %d particles, box %s" % (len(t), t[0].particles.N,
                                               t[0].configuration.box[:2]))
    for f in t[::5]:
        speed = np.sqrt((f.particles.velocity ** 2).sum(axis=1))
        print("step %6d  t = %5.1f  fastest ball %.3f" % (f.configuration.step,
                                                          f.log["hsframe/time"][0], speed.max()))

# On from the last frame: another 10 time units.
with hsframe.gsd.simulation("billiards.gsd", sections={
        "simulation": {"end_time": 10.0}, "boundary": {"plugin": "box"}}) as again:
    again.run()
    print("restarted from the last frame: %d collisions in 10 more time units"
          % again.counters["collisions"])
