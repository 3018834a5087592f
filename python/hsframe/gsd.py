"""GSD files (HOOMD-blue's format, read by OVITO, freud and HOOMD) through
the gsd package (Debian: python3-gsd).

A frame written here is a standard HOOMD frame: particles/position,
velocity, diameter, mass, typeid and types in single precision as the
schema has them, positions centred on the box as HOOMD's are, and
configuration/box, dimensions and step (the events so far).  Beside them
the frame's log holds hsframe's numbers in double precision
(hsframe/position, velocity, radius, mass, box_lo, box_hi, periodic,
time), so that a frame read back gives a start bit for bit the same as
the state written.  A frame without them (another program's) is read from
the single-precision fields.
"""

import os as _os

__all__ = ["write_frame", "Trajectory", "read_frame", "write_particles", "simulation"]


def _gsd():
    try:
        import gsd.hoomd
    except ImportError as e:    # pragma: no cover - depends on the machine
        raise ImportError("hsframe.gsd needs the gsd package (Debian: python3-gsd)") from e
    return gsd.hoomd


def _open(path, mode):
    """gsd.hoomd.open in the modes of gsd 2 ('rb', 'wb', 'ab') and 3."""
    hoomd = _gsd()
    try:
        return hoomd.open(_os.fspath(path), mode)
    except (ValueError, RuntimeError):
        return hoomd.open(_os.fspath(path), mode.rstrip("b"))


def _new_frame():
    hoomd = _gsd()
    return getattr(hoomd, "Frame", None)() if hasattr(hoomd, "Frame") else hoomd.Snapshot()


def _type_names(snap):
    names = snap["species_names"]
    count = int(snap["species"].max()) + 1 if len(snap["species"]) else 1
    if names:
        return list(names[:max(count, len(names))])
    return [chr(ord("A") + k) if k < 26 else "T%d" % k for k in range(count)]


def frame_of(sim):
    """The GSD frame of the simulation now (sim.snapshot(): nothing moved)."""
    import numpy as np
    snap = sim.snapshot()
    dim, n = snap["dim"], len(snap["radius"])
    lo = np.zeros(3)
    hi = np.zeros(3)
    lo[:dim], hi[:dim] = snap["box_lo"], snap["box_hi"]
    size = hi - lo
    centre = (lo + hi) / 2
    pos = np.zeros((n, 3))
    vel = np.zeros((n, 3))
    pos[:, :dim] = snap["position"]
    vel[:, :dim] = snap["velocity"]
    f = _new_frame()
    f.configuration.step = int(sim.counters["events"])
    f.configuration.dimensions = dim
    f.configuration.box = [size[0], size[1], size[2] if dim == 3 else 0.0, 0.0, 0.0, 0.0]
    f.particles.N = n
    f.particles.types = _type_names(snap)
    f.particles.typeid = snap["species"].astype(np.uint32)
    f.particles.position = (pos - centre).astype(np.float32)
    f.particles.velocity = vel.astype(np.float32)
    f.particles.diameter = (2 * snap["radius"]).astype(np.float32)
    f.particles.mass = snap["mass"].astype(np.float32)
    f.log["hsframe/position"] = pos
    f.log["hsframe/velocity"] = vel
    f.log["hsframe/radius"] = snap["radius"]
    f.log["hsframe/mass"] = snap["mass"]
    f.log["hsframe/box_lo"] = lo
    f.log["hsframe/box_hi"] = hi
    f.log["hsframe/periodic"] = np.array(list(snap["periodic"]) + [False] * (3 - dim),
                                         dtype=np.uint8)
    f.log["hsframe/time"] = np.array([snap["time"]])
    return f


def write_frame(sim, file):
    """Appends the frame of the simulation now to file: an open
    gsd.hoomd trajectory (written to), or a path (a new file holding this
    one frame)."""
    f = frame_of(sim)
    if hasattr(file, "append"):
        file.append(f)
        return
    with _open(file, "wb") as t:
        t.append(f)


class Trajectory:
    """An observer writing a GSD trajectory, a frame per call:

        traj = hsframe.gsd.Trajectory("run.gsd")
        sim.observe(traj, interval=1.0)
        sim.run()
        traj.close()
    """

    def __init__(self, path):
        self._file = _open(path, "wb")

    def __call__(self, sim):
        self._file.append(frame_of(sim))

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def read_frame(path, frame=-1):
    """Frame `frame` (from 0; -1: the last) of a GSD file as a dict: dim,
    position and velocity ((n, dim) float64, positions with the box's lower
    corner at the origin as hsframe's boxes have it), radius, mass, species
    (typeid) and types, box_lo, box_hi, periodic, time (None when the file
    does not say).  hsframe's double-precision log is used when present."""
    import numpy as np
    with _open(path, "rb") as t:
        if len(t) == 0:
            raise ValueError("%s: no frame" % path)
        f = t[frame]
    dim = int(f.configuration.dimensions)
    n = int(f.particles.N)
    log = getattr(f, "log", {}) or {}
    if "hsframe/position" in log:
        lo, hi = np.array(log["hsframe/box_lo"]), np.array(log["hsframe/box_hi"])
        pos = np.array(log["hsframe/position"]).reshape(n, 3)
        vel = np.array(log["hsframe/velocity"]).reshape(n, 3)
        radius = np.array(log["hsframe/radius"]).reshape(n)
        mass = np.array(log["hsframe/mass"]).reshape(n)
        periodic = np.array(log["hsframe/periodic"]).reshape(3).astype(bool)
        time = float(np.array(log["hsframe/time"]).reshape(-1)[0])
    else:
        box = np.array(f.configuration.box, dtype=np.float64)
        hi = np.array([box[0], box[1], box[2] if dim == 3 else 0.0])
        lo = np.zeros(3)
        pos = np.array(f.particles.position, dtype=np.float64) + hi / 2
        vel = np.array(f.particles.velocity, dtype=np.float64)
        radius = np.array(f.particles.diameter, dtype=np.float64) / 2
        mass = np.array(f.particles.mass, dtype=np.float64)
        periodic = np.array([True, True, dim == 3])
        time = None
    return {
        "dim": dim, "position": pos[:, :dim], "velocity": vel[:, :dim], "radius": radius,
        "mass": mass, "species": np.array(f.particles.typeid, dtype=np.int64),
        "types": list(f.particles.types), "box_lo": lo[:dim], "box_hi": hi[:dim],
        "periodic": periodic[:dim], "time": time,
    }


def _exact(x):
    return repr(float(x))


def write_particles(frame, path):
    """Writes a frame (read_frame's dict) as an extended XYZ particle file
    that hsframe reads ([simulation] particles): every number to the last
    bit, species named by the frame's types."""
    dim = frame["dim"]
    lo, hi = frame["box_lo"], frame["box_hi"]
    size = [hi[a] - lo[a] for a in range(dim)] + [0.0] * (3 - dim)
    origin = [lo[a] for a in range(dim)] + [0.0] * (3 - dim)
    lattice = "%s 0 0 0 %s 0 0 0 %s" % tuple(_exact(s) for s in size)
    pbc = " ".join("T" if p else "F" for p in list(frame["periodic"]) + [False] * (3 - dim))
    tmp = _os.fspath(path) + ".tmp"
    with open(tmp, "w") as out:
        out.write("%d\n" % len(frame["radius"]))
        out.write('Lattice="%s" Origin="%s" Properties=species:S:1:pos:R:3:velo:R:3:'
                  'radius:R:1:mass:R:1 pbc="%s"\n'
                  % (lattice, " ".join(_exact(o) for o in origin), pbc))
        types = frame["types"]
        for i in range(len(frame["radius"])):
            r = [_exact(frame["position"][i][a]) if a < dim else "0" for a in range(3)]
            v = [_exact(frame["velocity"][i][a]) if a < dim else "0" for a in range(3)]
            out.write("%s %s %s %s %s\n" % (types[frame["species"][i]], " ".join(r),
                                            " ".join(v), _exact(frame["radius"][i]),
                                            _exact(frame["mass"][i])))
    _os.replace(tmp, path)


def simulation(path, frame=-1, particles=None, config=None, sections=None, overrides=None,
               **kw):
    """A Simulation that starts from frame `frame` of a GSD file: its
    particles are written to `particles` (an XYZ file; default: the GSD
    file's name with -frameK.xyz) and the configuration's [simulation]
    particles, dim and [boundary] size are set from the frame (the lower
    corner of hsframe's box at the origin).  config, sections and the rest
    are Simulation's."""
    from . import Simulation
    f = read_frame(path, frame)
    if particles is None:
        stem = _os.path.splitext(_os.path.basename(_os.fspath(path)))[0]
        particles = "%s-frame%s.xyz" % (stem, "last" if frame == -1 else frame)
    write_particles(f, particles)
    size = " ".join(_exact(f["box_hi"][a] - f["box_lo"][a]) for a in range(f["dim"]))
    over = dict(overrides or {})
    over.setdefault("simulation.particles", _os.path.abspath(particles))
    over.setdefault("simulation.dim", f["dim"])
    over.setdefault("boundary.size", size)
    if sections is not None:
        sections = {k: dict(v) for k, v in sections.items()}
        for key, value in list(over.items()):
            section, _, name = key.rpartition(".")
            sections.setdefault(section, {})[name] = value
        return Simulation(sections=sections, **kw)
    return Simulation(config=config, overrides=over, **kw)
