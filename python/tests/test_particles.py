"""Particles added and removed between two events (engine = event): the
count, the physics after the change (collisions of the new particle,
energy and momentum conserved), the order kept by a removal, refusals that
leave the state bit for bit, views taken before a change, checkpoints."""
import shutil
import subprocess

import numpy as np
import pytest

import hsframe
from conftest import FIXTURES, HSFRAME, conf


# The engine's ways of searching and queueing, each rebuilt by a change:
# cells and an indexed queue (the default), push and pop, neighbour lists,
# the calendar queue, every pair (no cells).
SEARCHES = [{}, {"queue.indexed": "no"}, {"simulation.neighbour_lists": "yes"},
            {"queue.plugin": "calendar"}, {"simulation.cells": "no"}]


@pytest.fixture(params=SEARCHES, ids=["default", "pushpop", "lists", "calendar", "nocells"])
def gas(in_tmp, request):
    """The 3D hard-sphere fluid (4000 spheres, packing fraction 0.30)."""
    overrides = {"simulation.end_time": 6, **request.param}
    if request.param.get("simulation.cells") == "no":   # every pair: a smaller system
        overrides.update({"init.cells": "4 4 4", "simulation.end_time": 4})
    s = hsframe.Simulation(config=conf("periodic3d.ini"), overrides=overrides)
    s.run(until=1.0)
    yield s
    s.close()


def free_spot(sim, radius, seed=1):
    """A position at least 0.05 from touching every particle now."""
    lo, hi, _ = sim.box
    lo, hi = np.array(lo), np.array(hi)
    r = sim.positions
    rad = sim.radii
    rng = np.random.default_rng(seed)
    for _ in range(100000):
        p = rng.uniform(lo, hi)
        d = r - p
        d -= (hi - lo) * np.round(d / (hi - lo))
        if np.all(np.linalg.norm(d, axis=1) > rad + radius + 0.05):
            return p
    raise AssertionError("no free spot")


def momentum(sim):
    return (sim.masses[:, None] * sim.velocities).sum(axis=0)


def test_added_particle_collides_conserving_energy_and_momentum(gas):
    n = gas.n
    p0 = momentum(gas)
    i = gas.add_particle(free_spot(gas, 0.5), [0.0, 0.0, 0.0], radius=0.5, mass=2.0)
    assert i == n and gas.n == n + 1
    assert gas.masses[i] == 2.0 and gas.radii[i] == 0.5
    assert np.array_equal(gas.velocities[i], [0.0, 0.0, 0.0])
    np.testing.assert_allclose(momentum(gas), p0, atol=1e-12)     # added at rest
    gas.run(until=3.0)
    assert gas.n == n + 1
    assert np.linalg.norm(gas.velocities[i]) > 0    # it was hit
    np.testing.assert_allclose(momentum(gas), p0, atol=1e-9)
    assert gas.run() is True
    s = gas.summary()
    assert abs(s["energy_drift"]) < 1e-12, s["energy_drift"]
    assert abs(s["momentum_drift"]) < 1e-12, s["momentum_drift"]
    assert gas.n == n + 1


def test_added_particle_moving_counts_its_energy(gas):
    """A particle brought in with kinetic energy: the summary's balance
    counts it as brought in, not as a drift."""
    k_before = gas.summary()["kinetic_energy"]
    gas.add_particle(free_spot(gas, 0.4, seed=2), [3.0, -1.0, 0.5], radius=0.4)
    k_added = 0.5 * (9 + 1 + 0.25)
    assert gas.summary()["kinetic_energy"] == pytest.approx(k_before + k_added, rel=1e-12)
    gas.run()
    assert abs(gas.summary()["energy_drift"]) < 1e-12


def test_remove_keeps_the_order(gas):
    n, k = gas.n, 17
    r, v = gas.positions.copy(), gas.velocities.copy()
    m = gas.masses.copy()
    gas.remove_particle(k)
    assert gas.n == n - 1
    # The same particles in the same order: velocities to the bit,
    # positions too but for a wrap into the box the new grid makes of a
    # record past a periodic face (neighbour lists wrap lazily).
    assert np.array_equal(gas.velocities, np.delete(v, k, axis=0))
    lo, hi, _ = gas.box
    length = np.array(hi) - np.array(lo)
    d = gas.positions - np.delete(r, k, axis=0)
    d -= length * np.round(d / length)
    assert np.abs(d).max() < 1e-12
    assert np.array_equal(gas.masses, np.delete(m, k))
    gas.run()
    assert gas.n == n - 1
    s = gas.summary()
    assert abs(s["energy_drift"]) < 1e-12, s["energy_drift"]
    assert abs(s["momentum_drift"]) < 1e-12, s["momentum_drift"]


def test_refusals_leave_the_state_bit_for_bit(gas):
    n, t = gas.n, gas.time
    r, v = gas.positions.copy(), gas.velocities.copy()
    counters = gas.counters
    lo, hi, _ = gas.box
    bad = [
        (lambda: gas.add_particle(r[3], [0, 0, 0], 0.5), "overlaps particle 3"),
        (lambda: gas.add_particle(r[3] + 0.6, [0, 0, 0], 0.5), r"overlaps particle \d+ "),
        (lambda: gas.add_particle([hi[0] + 1, 1, 1], [0, 0, 0], 0.5),
         r"expected 0 <= x < \d"),
        (lambda: gas.add_particle(free_spot(gas, 0.5), [0, 0, 0], 0.0), "radius"),
        (lambda: gas.add_particle(free_spot(gas, 0.5), [0, 0, 0], 0.5, mass=-1), "mass"),
        (lambda: gas.add_particle(free_spot(gas, 0.5), [0, 0, 0], 0.5, species=1), "species"),
        (lambda: gas.add_particle(free_spot(gas, 0.5), [np.nan, 0, 0], 0.5), "finite"),
        (lambda: gas.remove_particle(n), "particle %d: expected 0 to %d" % (n, n - 1)),
        (lambda: gas.remove_particle(-1), "expected an index >= 0"),
    ]
    for call, why in bad:
        with pytest.raises(hsframe.Error, match=why):
            call()
    with pytest.raises(ValueError):
        gas.add_particle([1.0, 2.0], [0, 0, 0], 0.5)
    assert gas.n == n and gas.time == t and gas.counters == counters
    assert np.array_equal(gas.positions, r) and np.array_equal(gas.velocities, v)
    gas.run()
    assert abs(gas.summary()["energy_drift"]) < 1e-12


def test_views_taken_before_a_change_read_the_old_records(gas):
    r = gas.positions
    old = r.copy()
    gas.add_particle(free_spot(gas, 0.5), [0.0, 0.0, 0.0], 0.5)
    gas.run(until=2.0)
    # Still the old records (kept alive): the values of before the change.
    assert r.shape == old.shape and np.array_equal(r, old)
    assert gas.positions.shape == (old.shape[0] + 1, 3)
    assert not np.shares_memory(gas.positions, r)
    gas.remove_particle(0)
    del r
    gas.run(until=3.0)
    v = gas.velocities
    gas.close()
    assert v.shape == (old.shape[0], 3) and np.isfinite(v).all()


def changed_run(overrides, checkpoint=None):
    """The 3D fluid with particles added and removed at t = 1; run to the
    end, or checkpointed at t = 2 and closed."""
    s = hsframe.Simulation(config=conf("periodic3d.ini"), overrides=overrides)
    s.run(until=1.0)
    s.add_particle(free_spot(s, 0.6), [1.0, 0.5, -0.25], radius=0.6, mass=3.0)
    s.remove_particle(10)
    s.add_particle(free_spot(s, 0.3, seed=3), [0.0, 0.0, 0.0], radius=0.3)
    s.run(until=2.0)
    if checkpoint:
        s.checkpoint(checkpoint)
        s.close()
        return None
    assert s.run() is True
    out = s.snapshot(), s.summary(), s.n
    s.close()
    return out


@pytest.mark.parametrize("search", [{}, {"simulation.neighbour_lists": "yes"},
                                    {"queue.indexed": "no"}], ids=["cells", "lists", "pushpop"])
def test_checkpoint_after_a_change_resumes_to_the_same_bits(in_tmp, search):
    """Added and removed, then checkpointed: the run resumed from it ends
    with the bits of the run that went on without the checkpoint."""
    overrides = {"simulation.end_time": 4, **search}
    whole, summary, n = changed_run(overrides)
    changed_run(overrides, checkpoint=in_tmp / "changed.ckpt")
    r = hsframe.Simulation.resume(in_tmp / "changed.ckpt", config=conf("periodic3d.ini"),
                                  overrides=overrides)
    assert r.n == n
    assert r.run() is True
    resumed, rsummary = r.snapshot(), r.summary()
    r.close()
    for key in ("position", "velocity", "unwrapped", "radius", "mass"):
        assert np.array_equal(whole[key], resumed[key]), key
    for key in ("collisions", "events", "energy_drift", "momentum_drift", "kinetic_energy"):
        assert summary[key] == rsummary[key], key


def test_program_resumes_a_changed_checkpoint(in_tmp):
    """hsframe --resume goes on from it as the module does: the same files."""
    overrides = {"simulation.end_time": 4}
    changed_run(overrides, checkpoint=in_tmp / "changed.ckpt")
    (in_tmp / "program").mkdir()
    for f in in_tmp.iterdir():
        if f.is_file():     # the checkpoint and the outputs' partly written files
            shutil.copy(f, in_tmp / "program")
    subprocess.run([HSFRAME, "-q", "-c", conf("periodic3d.ini"), "-s",
                    "simulation.end_time=4", "--resume", "changed.ckpt"],
                   cwd=in_tmp / "program", check=True)
    with hsframe.Simulation.resume(in_tmp / "changed.ckpt", config=conf("periodic3d.ini"),
                                   overrides=overrides) as r:
        r.run()
    for f in ("periodic3d-final.xyz", "periodic3d-thermo.csv"):
        assert (in_tmp / "program" / f).read_bytes() == (in_tmp / f).read_bytes(), f
    assert (in_tmp / "periodic3d-final.xyz").read_text().startswith("4001\n")


def test_changed_checkpoint_needs_its_configuration(in_tmp):
    overrides = {"simulation.end_time": 4}
    changed_run(overrides, checkpoint=in_tmp / "changed.ckpt")
    with pytest.raises(hsframe.Error, match="the configuration does not match the checkpoint's"):
        hsframe.Simulation.resume(in_tmp / "changed.ckpt", config=conf("periodic3d.ini"),
                                  overrides={**overrides, "output.m.plugin": "msd",
                                             "output.m.file": "m.csv", "output.m.interval": 1})
    with pytest.raises(hsframe.Error, match="the configuration does not match the checkpoint's"):
        hsframe.Simulation.resume(in_tmp / "changed.ckpt", config=conf("periodic3d.ini"),
                                  overrides={"simulation.end_time": 5})


def test_runs_that_cannot_change_their_particles(in_tmp):
    cases = [
        (conf("gas-timestep.ini"), {}, "engine = timestep"),
        (conf("hexatic.ini"), {"init.cells": "8 4"}, "engine = ecmc"),
        (conf("periodic3d.ini"), {"output.m.plugin": "msd", "output.m.file": "m.csv",
                                  "output.m.interval": 1}, r"\[output.m\] \(msd\)"),
        (conf("squarewell.ini"), {}, "model of interactions"),
    ]
    for config, overrides, why in cases:
        with hsframe.Simulation(config=config, overrides=overrides) as s:
            s.run(events=10)
            n, t = s.n, s.time
            with pytest.raises(hsframe.Error, match=why):
                s.add_particle([0.1] * s.dim, [0.0] * s.dim, 0.01)
            with pytest.raises(hsframe.Error, match=why):
                s.remove_particle(0)
            assert s.n == n and s.time == t
            s.run(events=10)


def test_closed_and_ended(in_tmp):
    s = hsframe.Simulation(config=conf("periodic3d.ini"), overrides={"simulation.end_time": 0.5})
    s.run()
    with pytest.raises(hsframe.Error, match="the run has ended"):
        s.remove_particle(0)
    s.close()
    with pytest.raises(hsframe.Error, match="closed"):
        s.add_particle([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], 0.5)


def test_observers_keep_their_times_across_a_change(in_tmp):
    seen = []
    s = hsframe.Simulation(config=conf("periodic3d.ini"), overrides={"simulation.end_time": 3})
    s.observe(lambda sim: seen.append((sim.time, sim.n)), interval=0.5)
    s.run(until=1.2)
    n = s.n
    s.add_particle(free_spot(s, 0.5), [0.0, 0.0, 0.0], 0.5)
    s.run()
    assert seen == [(0.0, n), (0.5, n), (1.0, n), (1.5, n + 1), (2.0, n + 1), (2.5, n + 1),
                    (3.0, n + 1)]
    s.close()


def test_outputs_declare_that_they_take_any_particles(in_tmp):
    """An output says it keeps nothing per particle (HSF_OUTPUT_ANY_PARTICLES,
    ABI 1.6): thermo does and the change goes through; the fixture built
    against the released 1.5 headers, whose vtable is followed by poison,
    has no such member and is refused (read past its vtable, the poison
    would have let the change through)."""
    assert (FIXTURES / "table_1_5.so").exists(), FIXTURES
    table = {"output.t.plugin": "table_1_5", "output.t.file": "t.csv", "output.t.interval": 1}
    with hsframe.Simulation(config=conf("periodic3d.ini"), overrides=table,
                            plugin_path=str(FIXTURES)) as s:
        s.run(events=10)
        before = s.positions.copy()
        with pytest.raises(hsframe.Error,
                           match=r"\[output.t\] \(table_1_5\).*HSF_OUTPUT_ANY_PARTICLES"):
            s.add_particle([0.1] * s.dim, [0.0] * s.dim, 0.01)
        assert s.n == len(before) and np.array_equal(s.positions, before)
        s.run(events=10)
    with hsframe.Simulation(config=conf("periodic3d.ini")) as s:
        s.run(events=10)
        n = s.n
        s.remove_particle(0)
        assert s.n == n - 1
