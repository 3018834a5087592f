"""What the examples share: a hard-sphere fluid as a dict of sections, the
pressure from the collisions' virial, g(r) from positions."""
import numpy as np


def fluid(packing_fraction, cells=6, end_time=20.0, seed=1):
    """A periodic fluid of 4 cells^3 spheres of radius 0.5 (an fcc start)."""
    return {
        "simulation": {"dim": 3, "end_time": end_time, "seed": seed},
        "init": {"lattice": "fcc", "cells": (cells, cells, cells),
                 "packing_fraction": packing_fraction, "radius": 0.5, "temperature": 1},
        "boundary": {"plugin": "periodic"},
    }


class Pressure:
    """Z = PV / (N kT) over the time since the last call, from the
    collisions' virial: PV = N kT + sum(dp . r_ij) / (dim dt)."""

    def __init__(self, sim):
        self.t = sim.time
        self.virial = sim.counters["virial"]

    def __call__(self, sim):
        t, virial = sim.time, sim.counters["virial"]
        v = sim.snapshot()
        kT = (v["mass"][:, None] * v["velocity"] ** 2).sum() / (sim.dim * sim.n)
        z = 1 + (virial - self.virial) / (sim.dim * (t - self.t) * sim.n * kT)
        self.t, self.virial = t, virial
        return z


def gr(positions, box, r_max, bins=100):
    """The radial distribution function of positions ((n, 3), a cubic
    periodic box of side box) up to r_max < box / 2: bin centres and g."""
    n = len(positions)
    edges = np.linspace(0, r_max, bins + 1)
    counts = np.zeros(bins)
    for i in range(n - 1):
        d = positions[i + 1:] - positions[i]
        d -= box * np.round(d / box)
        r = np.sqrt((d * d).sum(axis=1))
        counts += np.histogram(r, edges)[0]
    shell = 4 / 3 * np.pi * (edges[1:] ** 3 - edges[:-1] ** 3)
    density = n / box ** 3
    return (edges[1:] + edges[:-1]) / 2, 2 * counts / (n * density * shell)


def carnahan_starling(eta):
    return (1 + eta + eta ** 2 - eta ** 3) / (1 - eta) ** 3
