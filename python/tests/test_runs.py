"""Python and the program give the same bits for the same configuration,
whichever engine, and whether Python runs it in one piece or in many."""
import filecmp

import numpy as np

import pytest

import hsframe
from conftest import conf, files_of, run_program

# (configuration, overrides): billiards, a 3D fluid, a sheared granular
# gas, a time-step run (springs), event-chain Monte Carlo.
CASES = [
    ("billiards.ini", {}),
    ("periodic3d.ini", {"simulation.end_time": 3}),
    ("granular-shear.ini", {"simulation.end_time": 10}),
    ("chain.ini", {"simulation.end_time": 4}),
    ("hexatic.ini", {"simulation.end_time": 40}),
]

# Keys of the summary that are measured by the wall clock or the memory.
MEASURED = {"wall_seconds", "startup_seconds", "events_per_second", "collisions_per_second",
            "steps_per_second", "peak_rss_kb", "lifts_per_second", "chains_per_second",
            "lifts_per_cpu_second"}


def same_files(prog, py):
    assert files_of(prog) == files_of(py)
    assert files_of(py), "the run wrote nothing"
    for name in files_of(prog):
        assert filecmp.cmp(prog / name, py / name, shallow=False), name


def same_summary(program, python):
    assert set(program) == set(python)
    for k in program:
        if k not in MEASURED:
            assert program[k] == python[k], k


@pytest.mark.parametrize("name,over", CASES, ids=[c[0] for c in CASES])
def test_one_piece(two_dirs, name, over):
    prog, py = two_dirs
    expected = run_program(prog, conf(name), ["%s=%s" % kv for kv in over.items()])
    with hsframe.Simulation(config=conf(name), overrides=over) as sim:
        assert sim.run() is True
        assert sim.ended
        same_summary(expected, sim.summary())
    same_files(prog, py)


@pytest.mark.parametrize("name,over", CASES, ids=[c[0] for c in CASES])
def test_pieces(two_dirs, name, over):
    """until, events, until again, then to the end: the same bits."""
    prog, py = two_dirs
    run_program(prog, conf(name), ["%s=%s" % kv for kv in over.items()])
    with hsframe.Simulation(config=conf(name), overrides=over) as sim:
        end = sim.end_time
        assert sim.run(until=end / 3) is False
        assert sim.time >= end / 3
        before = sim.counters["events"]
        assert sim.run(events=57) is False
        assert sim.run(until=end / 2) is False
        assert sim.run() is True
        assert sim.time == end
        assert sim.counters["events"] >= before
        assert sim.run() is True     # ended: nothing more
    same_files(prog, py)


def test_events_counts_exactly(in_tmp):
    with hsframe.Simulation(config=conf("billiards.ini")) as sim:
        sim.run(events=10)
        assert sim.counters["events"] == 10
        sim.run(events=25)
        assert sim.counters["events"] == 35


def test_sections(two_dirs):
    """A dict of sections is the configuration file's text."""
    prog, py = two_dirs
    particles = conf("../data/billiards.txt")
    ini = prog / "b.ini"
    sections = {
        "simulation": {"dim": 2, "particles": particles, "end_time": 20.0, "seed": 1},
        "queue": {"plugin": "binary_heap"},
        "boundary": {"plugin": "box", "size": (1, 1)},
        "output.final": {"plugin": "snapshot", "file": "final.txt", "format": "algs4"},
    }
    ini.write_text(hsframe.sections_to_ini(sections))
    run_program(prog, str(ini))
    ini.unlink()
    with hsframe.Simulation(sections=sections) as sim:
        sim.run()
    same_files(prog, py)


def test_errors_keep_file_and_line(in_tmp):
    with pytest.raises(hsframe.Error, match=r"did you mean 'end_time'"):
        hsframe.Simulation(config=conf("billiards.ini"),
                           overrides={"simulation.end_tim": 2}).run()
    bad = in_tmp / "bad.ini"
    bad.write_text("[simulation]\ndim = 2\nend_tme = 3\n")
    with pytest.raises(hsframe.Error, match=r"bad\.ini:3: \[simulation\] unknown key 'end_tme'"):
        hsframe.Simulation(config=str(bad)).time
    with pytest.raises(hsframe.Error, match=r":2: \[simulation\] dim"):
        hsframe.Simulation(sections={"simulation": {"dim": 4}}).run()
    assert issubclass(hsframe.Error, RuntimeError)


def test_closed(in_tmp):
    sim = hsframe.Simulation(config=conf("billiards.ini"))
    sim.run(until=1)
    sim.close()
    for use in (lambda: sim.time, lambda: sim.run(), lambda: sim.summary(),
                lambda: sim.positions, lambda: sim.checkpoint("x")):
        with pytest.raises(hsframe.Error, match="closed"):
            use()
    sim.close()     # twice is fine


def test_checkpoint_resume(two_dirs):
    """A checkpoint taken from Python, resumed in another simulation, ends
    with the program's bits."""
    prog, py = two_dirs
    over = {"simulation.end_time": 3}
    run_program(prog, conf("periodic3d.ini"), ["simulation.end_time=3"])
    sim = hsframe.Simulation(config=conf("periodic3d.ini"), overrides=over)
    sim.run(until=1.5)
    t = sim.time
    sim.checkpoint("state.ckpt")
    sim.close()
    again = hsframe.Simulation.resume("state.ckpt", config=conf("periodic3d.ini"),
                                      overrides=over)
    assert again.time == t
    again.run()
    assert again.summary()["resumed_at"] == t
    again.close()
    (py / "state.ckpt").unlink()
    same_files(prog, py)


def test_resume_refuses_another_configuration(in_tmp):
    sim = hsframe.Simulation(config=conf("periodic3d.ini"),
                             overrides={"simulation.end_time": 3})
    sim.run(until=1)
    sim.checkpoint("state.ckpt")
    sim.close()
    with pytest.raises(hsframe.Error, match="state.ckpt"):
        hsframe.Simulation.resume("state.ckpt", config=conf("periodic3d.ini"),
                                  overrides={"simulation.end_time": 4})


def test_list_plugins():
    names = {(p["name"], p["kind"]) for p in hsframe.list_plugins()}
    assert ("snapshot", "output") in names
    assert ("binary_heap", "queue") in names
    assert ("box", "boundary") in names


def test_other_engines_snapshot(in_tmp):
    """The time-step and ECMC engines keep their particles apart: views are
    refused with the reason, snapshot() reads them; events count steps and
    chains."""
    for name, over in (("chain.ini", {"simulation.end_time": 4}),
                       ("hexatic.ini", {"simulation.end_time": 40})):
        with hsframe.Simulation(config=conf(name), overrides=over) as sim:
            sim.run(events=10)
            with pytest.raises(hsframe.Error, match="engine = (timestep|ecmc)"):
                sim.positions
            snap = sim.snapshot()
            assert snap["position"].shape == (sim.n, sim.dim)
            assert (snap["radius"] > 0).all() and (snap["mass"] > 0).all()
            with pytest.raises(hsframe.Error, match="engine = event"):
                sim.set_velocities(snap["velocity"])


def test_spins(in_tmp):
    """Rough particles' spins in the snapshot; none without rotation."""
    with hsframe.Simulation(config=conf("rough-gas.ini"),
                            overrides={"simulation.end_time": 1}) as sim:
        sim.run()
        s = sim.snapshot()
        assert s["omega"].shape == (sim.n, 3) and (s["inertia"] > 0).all()
        assert np.abs(s["omega"][:, 2]).max() > 0
        rot = 0.5 * (s["inertia"] * (s["omega"] ** 2).sum(axis=1)).sum()
        assert rot == pytest.approx(sim.summary()["rotational_energy"], rel=1e-9)
    with hsframe.Simulation(config=conf("billiards.ini")) as sim:
        assert sim.snapshot()["omega"] is None


def test_resume_from_sections(two_dirs):
    """A checkpoint of a simulation opened from sections resumes from the
    same sections and ends as the program does from their file."""
    prog, py = two_dirs
    sections = {
        "simulation": {"dim": 3, "end_time": 2.0, "seed": 3},
        "init": {"lattice": "fcc", "cells": (5, 5, 5), "packing_fraction": 0.3},
        "boundary": {"plugin": "periodic"},
        "output.final": {"plugin": "snapshot", "file": "final.xyz"},
    }
    ini = prog / "run.ini"
    ini.write_text(hsframe.sections_to_ini(sections))
    run_program(prog, str(ini))
    ini.unlink()
    sim = hsframe.Simulation(sections=sections)
    sim.run(until=1.0)
    sim.checkpoint("s.ckpt")
    sim.close()
    with hsframe.Simulation.resume("s.ckpt", sections=sections) as again:
        again.run()
    (py / "s.ckpt").unlink()
    same_files(prog, py)
