"""Observers: called as an output is sampled, at the right times; an
exception stops the run right after and is raised, nothing lost; Ctrl-C
stops between events and leaves the simulation usable."""
import os
import signal

import numpy as np
import pytest

import hsframe
from conftest import conf, files_of, run_program
from test_runs import same_files


def test_times(in_tmp):
    times = []
    sim = hsframe.Simulation(config=conf("billiards.ini"))
    sim.observe(lambda s: times.append(s.time), interval=0.75)
    sim.run()
    # t = 0, every 0.75 before end_time 20, then the final sample at 20.
    assert times == [k * 0.75 for k in range(27)] + [20.0]
    sim.close()


def test_observer_sees_the_system(in_tmp):
    seen = []

    def look(s):
        seen.append((s.time, s.positions.copy(), s.counters["events"]))
    with hsframe.Simulation(config=conf("billiards.ini"), observers=[(look, 5.0)]) as sim:
        sim.run()
    assert [t for t, _, _ in seen] == [0.0, 5.0, 10.0, 15.0, 20.0]
    events = [e for _, _, e in seen]
    assert events == sorted(events) and events[-1] > events[1] > events[0]
    assert not (seen[0][1] == seen[-1][1]).all()


def test_observers_in_order(in_tmp):
    """Observers are sampled in the order they were registered, each at its
    own times, as outputs are in the order of their sections."""
    calls = []
    sim = hsframe.Simulation(config=conf("billiards.ini"))
    sim.observe(lambda s: calls.append(("a", s.time)), interval=4.0)
    sim.observe(lambda s: calls.append(("b", s.time)), interval=2.0)
    sim.run(until=8)
    sim.close()
    # run(until=8) stops after the first event at 8: a's sample, queued
    # before b's.
    assert calls == [("a", 0.0), ("b", 0.0), ("b", 2.0), ("a", 4.0), ("b", 4.0), ("b", 6.0),
                     ("a", 8.0)]


def test_observe_after_start_is_refused(in_tmp):
    with hsframe.Simulation(config=conf("billiards.ini")) as sim:
        sim.run(until=1)
        with pytest.raises(hsframe.Error, match="before"):
            sim.observe(print, 1.0)
    with pytest.raises(ValueError):
        hsframe.Simulation(config=conf("billiards.ini")).observe(print, 0)


def beside(interval):
    """The program with an output sampled as an observer of this interval is
    (its samples are events, counted as the observer's are)."""
    return ["output.z.plugin=thermo", "output.z.file=z.csv", "output.z.interval=%r" % interval]


def test_exception_stops_and_nothing_is_lost(two_dirs):
    prog, py = two_dirs
    run_program(prog, conf("billiards.ini"), beside(2.5))
    (prog / "z.csv").unlink()
    calls = []

    def fails_once(s):
        calls.append(s.time)
        if s.time == 7.5:
            raise ValueError("at 7.5")
    sim = hsframe.Simulation(config=conf("billiards.ini"))
    sim.observe(fails_once, interval=2.5)
    with pytest.raises(ValueError, match="at 7.5"):
        sim.run()
    # Stopped right after the observer's call, between two events.
    assert 7.5 <= sim.time < 8
    assert not sim.ended
    sim.run()       # goes on: the same run, to the program's bits
    assert sim.ended
    assert calls == [0.0, 2.5, 5.0, 7.5, 10.0, 12.5, 15.0, 17.5, 20.0]
    sim.close()
    same_files(prog, py)


def test_observer_cannot_run_or_close(in_tmp):
    def nested(s):
        s.run(until=5)
    sim = hsframe.Simulation(config=conf("billiards.ini"), observers=[(nested, 1.0)])
    with pytest.raises(hsframe.Error, match="running"):
        sim.run()
    sim.close()


def test_ctrl_c(two_dirs):
    """SIGINT during a run stops it between two events with
    KeyboardInterrupt; the simulation goes on to the program's bits."""
    prog, py = two_dirs
    run_program(prog, conf("billiards.ini"), beside(3.0))
    (prog / "z.csv").unlink()
    sent = []
    # What was there before the run: Python's handler, or SIG_IGN where
    # the shell that started the tests ignores SIGINT (a background job).
    before = signal.getsignal(signal.SIGINT)

    def interrupt(s):
        if s.time == 6.0 and not sent:
            sent.append(1)
            os.kill(os.getpid(), signal.SIGINT)
    sim = hsframe.Simulation(config=conf("billiards.ini"), observers=[(interrupt, 3.0)])
    with pytest.raises(KeyboardInterrupt):
        sim.run()
    assert 6.0 <= sim.time < 7 and not sim.ended
    # The handler of before the run is back once run returns.
    assert signal.getsignal(signal.SIGINT) is before
    sim.run()
    assert sim.ended
    sim.close()
    same_files(prog, py)
    assert files_of(py)


def test_event_observer(two_dirs):
    """An observer of events sees every collision and wall hit, in order,
    and changes nothing of the run (no event of its own is queued)."""
    prog, py = two_dirs
    expected = run_program(prog, conf("billiards.ini"))
    seen = []
    sim = hsframe.Simulation(config=conf("billiards.ini"))
    sim.observe(lambda s, e: seen.append(e), events=["pair", "wall"])
    sim.run()
    sim.close()
    pairs = [e for e in seen if e.kind == "pair"]
    walls = [e for e in seen if e.kind == "wall"]
    assert len(pairs) == expected["collisions"]
    assert len(walls) == expected["boundary_hits"]
    times = [e.time for e in seen]
    assert times == sorted(times) and times[-1] <= 20.0
    for e in pairs:
        assert e.i != e.j and e.impulse > 0 and e.virial > 0
        # At contact: the sum of the radii (0.03 each, data/billiards.txt).
        assert np.linalg.norm(e.dr) == pytest.approx(0.06, rel=1e-9)
    same_files(prog, py)


def test_event_observer_exception(in_tmp):
    def third(s, e):
        if s.counters["collisions"] == 3:
            raise RuntimeError("third collision")
    sim = hsframe.Simulation(config=conf("billiards.ini"), observers=[(third, None, "pair")])
    with pytest.raises(RuntimeError, match="third collision"):
        sim.run()
    assert sim.counters["collisions"] == 3
    sim.close()


def test_threads(in_tmp):
    """Simulations in two threads: the runs take turns in the core, each
    ends as alone."""
    import threading
    alone = []
    for _ in range(2):
        with hsframe.Simulation(config=conf("periodic3d.ini"),
                                overrides={"simulation.end_time": 1,
                                           "output.thermo.file": "alone.csv",
                                           "output.final.file": "alone.xyz"}) as s:
            s.run()
            alone.append(s.snapshot()["position"])
    results = {}

    def work(k):
        with hsframe.Simulation(config=conf("periodic3d.ini"),
                                overrides={"simulation.end_time": 1,
                                           "output.thermo.file": "t%d.csv" % k,
                                           "output.final.file": "t%d.xyz" % k}) as s:
            while not s.run(events=5000):
                pass
            results[k] = s.snapshot()["position"]
    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert np.array_equal(results[0], alone[0]) and np.array_equal(results[1], alone[0])


def test_observer_cannot_checkpoint_its_simulation(in_tmp):
    def ckpt(s):
        if s.time > 0:
            s.checkpoint("x.ckpt")
    sim = hsframe.Simulation(config=conf("billiards.ini"), observers=[(ckpt, 1.0)])
    with pytest.raises(hsframe.Error, match="not stopped"):
        sim.run()
    assert not (in_tmp / "x.ckpt").exists()
    sim.checkpoint("x.ckpt")    # between two pieces it may
    assert (in_tmp / "x.ckpt").exists()
    sim.close()
