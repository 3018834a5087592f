"""GSD frames through the gsd package: a round trip keeps positions,
velocities, radii and the box bit for bit; a trajectory written by an
observer is a HOOMD file the gsd package reads."""
import numpy as np
import pytest

import hsframe
from conftest import conf

gsd_hoomd = pytest.importorskip("gsd.hoomd")
hgsd = pytest.importorskip("hsframe.gsd")


@pytest.mark.parametrize("name,over,boundary", [
    ("periodic3d.ini", {"simulation.end_time": 2}, "periodic"),
    ("billiards.ini", {}, "box"),
])
def test_round_trip(in_tmp, name, over, boundary):
    with hsframe.Simulation(config=conf(name), overrides=over) as sim:
        sim.run(until=1)
        before = sim.snapshot()
        hgsd.write_frame(sim, "x.gsd")
    with hgsd.simulation("x.gsd", sections={"simulation": {"end_time": 3},
                                            "boundary": {"plugin": boundary}}) as again:
        after = again.snapshot()
        for key in ("position", "velocity", "radius", "mass", "box_lo", "box_hi"):
            assert after[key].dtype == np.float64
            assert np.array_equal(after[key], before[key]), key
        assert np.array_equal(after["periodic"], before["periodic"])
        again.run()
        assert again.summary()["max_overlap"] == 0


def test_hoomd_fields(in_tmp):
    with hsframe.Simulation(config=conf("periodic3d.ini"),
                            overrides={"simulation.end_time": 2}) as sim:
        sim.run(until=0.5)
        snap = sim.snapshot()
        hgsd.write_frame(sim, "x.gsd")
        events = sim.counters["events"]
    with gsd_hoomd.open("x.gsd", "rb") as t:
        assert len(t) == 1
        f = t[0]
    L = snap["box_hi"] - snap["box_lo"]
    assert f.configuration.dimensions == 3
    assert f.configuration.step == events
    assert np.allclose(f.configuration.box[:3], L)
    assert f.particles.N == len(snap["radius"])
    # HOOMD's positions are centred on the box, in single precision.
    assert np.allclose(f.particles.position, snap["position"] - L / 2, atol=1e-5)
    assert np.all(np.abs(f.particles.position) <= L / 2 + 1e-5)
    assert np.allclose(f.particles.diameter, 2 * snap["radius"])
    assert list(f.particles.types) == ["A"]


def test_trajectory_observer(in_tmp):
    with hgsd.Trajectory("traj.gsd") as traj:
        with hsframe.Simulation(config=conf("billiards.ini")) as sim:
            sim.observe(traj, interval=5.0)
            sim.run()
    with gsd_hoomd.open("traj.gsd", "rb") as t:
        times = [float(f.log["hsframe/time"][0]) for f in t]
        assert times == [0.0, 5.0, 10.0, 15.0, 20.0]
        assert t[0].configuration.dimensions == 2
        assert t[-1].particles.N == 16
    # Starting from its last frame is starting from the final state.
    final = hgsd.read_frame("traj.gsd")
    assert final["time"] == 20.0


def test_foreign_frame(in_tmp):
    """A frame another program wrote (no hsframe log): single-precision
    fields, centred positions moved to hsframe's box."""
    f = gsd_hoomd.Snapshot() if not hasattr(gsd_hoomd, "Frame") else gsd_hoomd.Frame()
    f.configuration.box = [4, 4, 0, 0, 0, 0]
    f.configuration.dimensions = 2
    f.particles.N = 2
    f.particles.types = ["A"]
    f.particles.position = np.array([[-1, 0, 0], [1, 0.5, 0]], dtype=np.float32)
    f.particles.velocity = np.array([[1, 0, 0], [-1, 0, 0]], dtype=np.float32)
    f.particles.diameter = np.array([0.5, 0.5], dtype=np.float32)
    f.particles.mass = np.array([1, 1], dtype=np.float32)
    with gsd_hoomd.open("h.gsd", "wb") as t:
        t.append(f)
    with hgsd.simulation("h.gsd", sections={"simulation": {"end_time": 1},
                                            "boundary": {"plugin": "periodic"}}) as sim:
        s = sim.snapshot()
        assert np.array_equal(s["position"], [[1, 2], [3, 2.5]])
        assert np.array_equal(s["radius"], [0.25, 0.25])
        sim.run()
