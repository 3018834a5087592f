"""Arrays: views of the particle records without copies, read-only, alive
as long as the view, refused after close; no reference leaks."""
import gc
import sys
import tracemalloc

import numpy as np
import pytest

import hsframe
from conftest import conf


@pytest.fixture
def sim(in_tmp):
    s = hsframe.Simulation(config=conf("periodic3d.ini"), overrides={"simulation.end_time": 2})
    s.run(until=0.5)
    yield s
    s.close()


def address(a):
    return a.__array_interface__["data"][0]


def test_views_share_the_records(sim):
    r, v, rad, m = sim.positions, sim.velocities, sim.radii, sim.masses
    assert r.shape == (sim.n, 3) and v.shape == (sim.n, 3)
    assert rad.shape == (sim.n,) and m.shape == (sim.n,)
    # Arrays of structures: one 64-byte record per particle, r, v, ...
    # radius in it.
    assert r.strides == (64, 8) and v.strides == (64, 8) and rad.strides == (64,)
    assert address(v) - address(r) == 24
    assert address(rad) - address(r) == 56
    assert np.shares_memory(r, v) is False     # disjoint fields of the same records
    assert np.shares_memory(sim.positions, r)  # the same memory every time
    assert address(sim.positions) == address(r)
    # A view shows what the engine changes, without being read again.
    before = v.copy()
    sim.rescale_velocities(0.5)
    assert np.array_equal(v, 0.5 * before)


def test_views_are_read_only(sim):
    r = sim.positions
    assert not r.flags.writeable
    with pytest.raises(ValueError):
        r[0, 0] = 1.0
    with pytest.raises(ValueError):
        r.flags.writeable = True
    with pytest.raises(ValueError):
        sim.radii[:] = 0


def test_positions_are_now(sim):
    """positions are those at the current time, as an output computes them
    (the snapshot's xyz has the same numbers)."""
    sim.run(until=1.25)
    r = sim.positions.copy()
    v = sim.velocities
    sim.run(events=1)
    t = sim.time
    r2 = sim.positions
    moved = np.abs(r2 - r).max()
    assert moved > 0
    assert np.abs(r2 - r).max() <= np.abs(v).max() * (t - 1.25) * 1.0000001 + 1e-9 or moved > 1


def test_view_outlives_the_simulation(in_tmp):
    s = hsframe.Simulation(config=conf("billiards.ini"))
    s.run(until=3)
    r = s.positions
    kept = r.copy()
    del s
    gc.collect()
    assert np.array_equal(r, kept)
    assert r.base is not None


def test_close_with_live_views(in_tmp):
    s = hsframe.Simulation(config=conf("billiards.ini"))
    s.run(until=3)
    r, m = s.positions, s.masses
    kept = r.copy()
    s.close()
    with pytest.raises(hsframe.Error, match="closed"):
        s.positions
    with pytest.raises(hsframe.Error, match="closed"):
        s.set_velocities(np.zeros((16, 2)))
    # The view keeps the records (their last values) until it goes.
    assert np.array_equal(r, kept)
    assert m.sum() > 0
    del r, m
    gc.collect()


def test_set_velocities(sim):
    v = sim.velocities.copy()
    e0 = sim.summary()["kinetic_energy"]
    sim.set_velocities(v * 2)
    assert np.array_equal(sim.velocities, v * 2)
    assert sim.summary()["kinetic_energy"] == pytest.approx(4 * e0, rel=1e-12)
    sim.run()
    assert sim.ended
    s = sim.summary()
    assert s["max_overlap"] == 0
    assert abs(s["energy_drift"]) < 1e-9     # the change counted as heat
    with pytest.raises(ValueError):
        sim.set_velocities(np.zeros((3, 3)))


def test_species_and_masses(in_tmp):
    with hsframe.Simulation(config=conf("billiards.ini")) as s:
        assert s.species.dtype == np.uint8 and not s.species.any()
        assert not s.species.flags.writeable
        assert s.masses.min() > 0


def test_no_reference_leaks(sim):
    core = sim._sim
    refs = sys.getrefcount(core)
    for _ in range(100000):
        sim.time
        sim.counters
    gc.collect()
    after = sys.getrefcount(core)
    assert after == refs
    tracemalloc.start()
    for _ in range(2000):
        sim.positions
        sim.radii
    gc.collect()
    first = tracemalloc.take_snapshot()
    for _ in range(20000):
        a = sim.positions
        b = sim.masses
        del a, b
    gc.collect()
    growth = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(first, "filename"))
    tracemalloc.stop()
    assert growth < 64 * 1024, growth
    after = sys.getrefcount(core)
    assert after == refs

