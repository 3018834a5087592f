"""hsframe from Python: event-driven simulations of hard discs and spheres.

A Simulation is a run of the hsframe program (the same configuration, the
same checks and messages, the same plugins, the same bits) that Python
drives: run it in pieces, read its particles as numpy arrays without
copies, change velocities, observe it every interval of simulated time,
checkpoint and resume it.  docs/PYTHON.md is the reference.
"""

import collections as _collections
import json as _json
import operator as _operator
import math as _math
import os as _os
import sys as _sys
import threading as _threading
import weakref as _weakref

# The plugins hsframe loads take its functions from the process: the
# library must be in the global scope before the first plugin loads.
_flags = _sys.getdlopenflags()
_sys.setdlopenflags(_flags | _os.RTLD_GLOBAL)
try:
    from . import _core
finally:
    _sys.setdlopenflags(_flags)

__all__ = ["Error", "Simulation", "list_plugins", "sections_to_ini"]

Error = _core.Error

# What an observer of events is given (docs/PYTHON.md): kind ("pair",
# "wall" or "step"), time, i, j (the partner, or the wall's number),
# impulse, virial and dr (r_i - r_j, a 3-tuple; zeros for a wall).
Event = _collections.namedtuple("Event", "kind time i j impulse virial dr")
_EVENT_KINDS = {"pair": 1, "wall": 2, "step": 8}
_EVENT_NAMES = {v: k for k, v in _EVENT_KINDS.items()}


def _build_tree_plugins():
    """The plugin directories of the build tree this package is in, if any
    (python/hsframe/ of a build tree), else None."""
    top = _os.path.dirname(_os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))))
    dirs = [_os.path.join(top, "plugins", k, ".libs")
            for k in ("queue", "boundary", "output", "interaction", "thermostat", "force")]
    dirs = [d for d in dirs if _os.path.isdir(d)]
    return ":".join(dirs) if dirs else None


_BUILD_PLUGINS = _build_tree_plugins()


def _plugin_dirs(plugin_path):
    parts = [p for p in (plugin_path, _BUILD_PLUGINS) if p]
    return ":".join(parts) if parts else None


def list_plugins(plugin_path=None):
    """Every plugin a run finds, as hsframe --list-plugins: a list of dicts
    with name, kind, summary and file."""
    return _core.plugins(_plugin_dirs(plugin_path))


def _value(v):
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, (list, tuple)):
        return " ".join(_value(x) for x in v)
    if isinstance(v, float):
        return repr(v)
    return str(v)


def sections_to_ini(sections):
    """The INI text of a dict of sections ({"simulation": {"dim": 2, ...},
    "output.final": {...}}): booleans as yes/no, sequences as
    space-separated values, floats to the last bit."""
    lines = []
    for name, keys in sections.items():
        lines.append("[%s]" % name)
        for k, v in keys.items():
            text = _value(v)
            if "\n" in text:
                raise ValueError("[%s] %s: a value cannot hold a newline" % (name, k))
            lines.append("%s = %s" % (k, text))
        lines.append("")
    return "\n".join(lines)


def _overrides(overrides):
    if not overrides:
        return []
    if isinstance(overrides, dict):
        return ["%s=%s" % (k, _value(v)) for k, v in overrides.items()]
    return [str(o) for o in overrides]


class Simulation:
    """One run.  Simulation(config="run.ini", overrides={"simulation.end_time": 5})
    or Simulation(sections={"simulation": {...}, "boundary": {...}, ...}).

    The run is assembled as `hsframe -c` assembles it when the simulation
    is first used (a run, an array, the time): observers registered with
    observe() before then are outputs of the run.  Errors raise
    hsframe.Error with hsframe's message."""

    def __init__(self, config=None, overrides=None, sections=None, plugin_path=None,
                 resume=None, observers=()):
        if (config is None) == (sections is None):
            raise TypeError("Simulation: give config (a file) or sections (a dict), not both")
        self._config = _os.fspath(config) if config is not None else None
        self._text = sections_to_ini(sections) if sections is not None else None
        self._overrides = _overrides(overrides)
        self._plugin_dirs = _plugin_dirs(plugin_path)
        self._resume = _os.fspath(resume) if resume is not None else None
        self._observers = []
        self._sim = None
        self._closed = False
        for spec in observers:
            self.observe(*spec)

    @classmethod
    def resume(cls, checkpoint, config=None, overrides=None, sections=None, plugin_path=None,
               observers=()):
        """The simulation a checkpoint holds, opened from the configuration it
        was written with (the same file, overrides or sections)."""
        sim = cls(config=config, overrides=overrides, sections=sections,
                  plugin_path=plugin_path, resume=checkpoint, observers=observers)
        sim._core()
        return sim

    # ---- life cycle -----------------------------------------------------
    def _core(self):
        if self._closed:
            raise Error("the simulation is closed")
        if self._sim is None:
            core = _core.Sim()
            ref = _weakref.ref(self)
            obs = [(interval, self._observer_call(ref, fn) if interval else None, mask,
                    self._event_call(ref, fn) if mask else None)
                   for fn, interval, mask in self._observers]
            self._sim = core
            try:
                core.open(self._config, self._text, self._overrides, self._plugin_dirs,
                          self._resume, obs)
            except BaseException:
                if not core.is_open:
                    self._sim = None
                    self._closed = True
                raise
        return self._sim

    @staticmethod
    def _event_call(ref, fn):
        def call(kind, time, i, j, impulse, virial, dr):
            sim = ref()
            if sim is not None:
                fn(sim, Event(_EVENT_NAMES.get(kind, kind), time, i, j, impulse, virial, dr))
        return call

    @staticmethod
    def _observer_call(ref, fn):
        def call():
            sim = ref()
            if sim is not None:
                fn(sim)
        return call

    def observe(self, fn, interval=None, events=None):
        """Calls fn(simulation) every interval of simulated time (at t = 0,
        interval, 2 interval, ... and at the end), as an output plugin is
        sampled; or, with events (a list of "pair", "wall", "step"),
        fn(simulation, event) after every processed event of those kinds,
        as an output's on_event (event: hsframe.Event).  Register observers
        before the simulation is first used.  An exception in fn stops the
        run right after that call and is raised by run(); the simulation
        stays usable."""
        if self._sim is not None or self._closed:
            raise Error("observe: register observers before the simulation starts "
                        "(before the first run, array or time)")
        if not callable(fn):
            raise TypeError("observe: fn must be callable")
        if (interval is None) == (events is None):
            raise TypeError("observe: give interval or events")
        if events is not None:
            if isinstance(events, str):
                events = [events]
            mask = 0
            for e in events:
                if e not in _EVENT_KINDS:
                    raise ValueError("observe: expected events among %s, found %r"
                                     % (", ".join(sorted(_EVENT_KINDS)), e))
                mask |= 1 << _EVENT_KINDS[e]
            self._observers.append((fn, 0.0, mask))
            return
        if not interval > 0:
            raise ValueError("observe: expected an interval > 0, found %r" % (interval,))
        self._observers.append((fn, float(interval), 0))

    def close(self):
        """Ends the simulation: an unfinished run's outputs leave no partial
        file.  Arrays taken earlier keep the records alive (they stay
        readable with their last values); everything else raises Error."""
        if self._sim is not None:
            self._sim.close()
        self._sim = None
        self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # ---- running --------------------------------------------------------
    def run(self, until=None, events=None):
        """Advances to [simulation] end_time, or until the simulated time
        reaches `until` (the first event at or past it is processed), or for
        `events` events (time steps, chains), whichever comes first.  Returns
        True if the run has ended (end_time), False if paused.  Ctrl-C stops
        it between two events, raising KeyboardInterrupt; the simulation
        stays usable."""
        core = self._core()
        u = _math.inf if until is None else float(until)
        n = 0 if events is None else int(events)
        if n < 0:
            raise ValueError("events: expected a count >= 0, found %d" % n)
        if events is not None and n == 0:
            return self.ended
        main = _threading.current_thread() is _threading.main_thread()
        return core.run(u, n, main) == 0

    @property
    def time(self):
        """The simulated time."""
        return self._core().state()[0]

    @property
    def end_time(self):
        return self._core().state()[1]

    @property
    def n(self):
        """The number of particles."""
        return self._core().state()[2]

    @property
    def dim(self):
        return self._core().state()[3]

    @property
    def ended(self):
        """True once the run reached end_time."""
        return self._core().state()[4]

    @property
    def counters(self):
        """events, collisions, wall_hits, stale_events, cell_crossings,
        wall_impulse, virial so far."""
        return self._core().counters()

    @property
    def box(self):
        """(lo, hi, periodic): the boundary's extent, 3 components each."""
        return self._core().box()

    def summary(self):
        """The summary as `hsframe --summary json` prints it (a dict)."""
        return _json.loads(self._core().summary_json())

    def checkpoint(self, path):
        """Writes a checkpoint of the state now to path (atomically);
        Simulation.resume(path, config=...) goes on from it, as does
        `hsframe -c CONFIG --resume path`."""
        self._core().checkpoint(_os.fspath(path))

    # ---- arrays ---------------------------------------------------------
    def _views(self, now):
        import numpy as np
        lay = self._core().records(now)
        n = lay["n"]
        if n == 0:
            empty = np.zeros((0, 3))
            empty.flags.writeable = False
            return {"r": empty, "v": empty, "radius": empty[:, 0], "mass": empty[:, 0],
                    "species": np.zeros(0, dtype=np.uint8)}
        d, ms, bs = lay["dim"], lay["motion_stride"], lay["body_stride"]
        motion, body = lay["motion"], lay["body"]
        f8 = np.dtype(np.float64)
        out = {
            "r": np.ndarray((n, d), f8, motion, 0, (ms, 8)),
            "v": np.ndarray((n, d), f8, motion, lay["v_offset"], (ms, 8)),
            "radius": np.ndarray((n,), f8, motion, lay["radius_offset"], (ms,)),
            "mass": np.ndarray((n,), f8, body, lay["mass_offset"], (bs,)),
        }
        if lay["species"] is None:
            sp = np.zeros(n, dtype=np.uint8)
            sp.flags.writeable = False
        else:
            sp = np.ndarray((n,), np.uint8, lay["species"], 0, (1,))
        out["species"] = sp
        return out

    @property
    def positions(self):
        """(n, dim) read-only view of the positions now.  Reading it brings
        every particle's record to the current time (engine = event only)."""
        return self._views(True)["r"]

    @property
    def velocities(self):
        """(n, dim) read-only view of the velocities now (records brought to
        the current time, as positions)."""
        return self._views(True)["v"]

    @property
    def radii(self):
        """(n,) read-only view of the radii."""
        return self._views(False)["radius"]

    @property
    def masses(self):
        """(n,) read-only view of the masses."""
        return self._views(False)["mass"]

    @property
    def species(self):
        """(n,) read-only uint8 view of the species (a zero array when every
        particle is of species 0)."""
        return self._views(False)["species"]

    def snapshot(self):
        """A copy of the system now, computed as an output computes it (the
        records are not moved, so the run keeps the program's bits): a dict
        of numpy arrays position, velocity, unwrapped ((n, dim) float64),
        radius, mass ((n,) float64), species ((n,) uint8) and species_names
        (a list, or None), omega ((n, 3) angular velocities) and inertia
        ((n,) moments of inertia) of rough particles (None without
        rotation), time, dim, box_lo, box_hi, periodic.  Works with every
        engine."""
        import numpy as np
        core = self._core()
        time, _, n, dim, _ = core.state()
        r, v, u, rm, sp = core.particles()
        lo, hi, per = core.box()
        rm = np.frombuffer(rm, dtype=np.float64)
        out = {
            "time": time, "dim": dim,
            "position": np.frombuffer(r, dtype=np.float64).reshape(n, 3)[:, :dim].copy(),
            "velocity": np.frombuffer(v, dtype=np.float64).reshape(n, 3)[:, :dim].copy(),
            "unwrapped": np.frombuffer(u, dtype=np.float64).reshape(n, 3)[:, :dim].copy(),
            "box_lo": np.array(lo[:dim]), "box_hi": np.array(hi[:dim]),
            "periodic": np.array(per[:dim], dtype=bool),
            "species_names": core.species_names(),
            "radius": rm[:n].copy(), "mass": rm[n:].copy(),
            "species": np.frombuffer(sp, dtype=np.uint8).copy(),
        }
        spins = core.spins()
        if spins is None:
            out["omega"] = out["inertia"] = None
        else:
            out["omega"] = np.frombuffer(spins[0], dtype=np.float64).reshape(n, 3).copy()
            out["inertia"] = np.frombuffer(spins[1], dtype=np.float64).copy()
        return out

    def set_velocities(self, v):
        """Gives every particle the velocity of the row of v ((n, dim) or
        (n, 3)) now, re-predicting its events; the change of kinetic energy
        counts as heat in the summary, as a thermostat's."""
        import numpy as np
        a = np.asarray(v, dtype=np.float64)
        core = self._core()
        n, dim = core.state()[2], core.state()[3]
        if a.ndim != 2 or a.shape[0] != n or a.shape[1] not in (dim, 3):
            raise ValueError("set_velocities: expected an array of shape (%d, %d), found %r"
                             % (n, dim, a.shape))
        full = np.zeros((n, 3))
        full[:, :a.shape[1]] = a
        core.set_velocities(np.ascontiguousarray(full).tobytes())

    def rescale_velocities(self, factor):
        """Multiplies every velocity by factor (set_velocities)."""
        self.set_velocities(self.velocities * float(factor))

    def add_particle(self, position, velocity, radius, mass=1.0, species=0):
        """Adds a particle at `position` (length) with `velocity`
        (length/time), `radius` (length, > 0), `mass` (> 0) and `species`
        (an index, 0 when the input named none), at the current time;
        returns its index, the old n (the others keep theirs).  Each of
        position and velocity has dim (or 3) components.  Raises Error and
        leaves the simulation as it was when the particle would be outside
        the boundary or overlap another, or when the run cannot change its
        particles (docs/PYTHON.md, "Adding and removing particles")."""
        core = self._core()
        dim = core.state()[3]
        r = self._vector(position, dim, "position")
        v = self._vector(velocity, dim, "velocity")
        return core.add_particle(r, v, float(radius), float(mass), int(species))

    def remove_particle(self, index):
        """Removes particle `index`: the particles after it move down by
        one, their order kept (as numpy.delete).  Raises Error and leaves
        the simulation as it was for an index out of range, the last
        particle, or a run that cannot change its particles."""
        self._core().remove_particle(_operator.index(index))

    @staticmethod
    def _vector(x, dim, what):
        import numpy as np
        a = np.asarray(x, dtype=np.float64).reshape(-1)
        if a.shape[0] not in (dim, 3):
            raise ValueError("%s: expected %d components, found %d" % (what, dim, a.shape[0]))
        return tuple(float(c) for c in a) + (0.0,) * (3 - a.shape[0])


from . import gsd  # noqa: E402,F401  (hsframe.gsd: GSD frames, needs the gsd package on use)
