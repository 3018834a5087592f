"""The examples of examples/python run and find what they say."""
import os
import subprocess
import sys

import pytest

import hsframe
from conftest import CONF

EXAMPLES = CONF.parent / "examples" / "python"


def run(in_tmp, script, *args):
    env = dict(os.environ)
    # The module under test, wherever the examples run.
    here = os.path.dirname(os.path.dirname(os.path.abspath(hsframe.__file__)))
    env["PYTHONPATH"] = os.pathsep.join([here, env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, str(EXAMPLES / script), *args], cwd=in_tmp, env=env,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_gr_eos(in_tmp):
    # Exits 1 when the virial's Z is more than 5 % off Carnahan-Starling.
    out = run(in_tmp, "gr_eos.py")
    assert "Carnahan-Starling" in out
    assert (in_tmp / "gr.csv").exists()


def test_compress_to_pressure(in_tmp):
    out = run(in_tmp, "compress_to_pressure.py", str(CONF / "compression.ini"))
    assert "> 20 at t =" in out
    assert (in_tmp / "compressed.ckpt").exists()


def test_gsd_trajectory(in_tmp):
    pytest.importorskip("gsd.hoomd")
    out = run(in_tmp, "gsd_trajectory.py")
    assert out.startswith("21 frames, 16 particles")


def test_sweep_packing(in_tmp):
    pytest.importorskip("matplotlib")
    out = run(in_tmp, "sweep_packing.py")
    assert (in_tmp / "eos.png").stat().st_size > 1000
    assert out.count("Z =") == 9


def test_fill_box(in_tmp):
    # Exits 1 when a Z is more than 5 % off Carnahan-Starling.
    out = run(in_tmp, "fill_box.py")
    lines = [l.split() for l in out.splitlines()[1:]]
    assert [l[0] for l in lines] == ["1000", "1500", "2000", "2500", "3000"]
    assert [l[1] for l in lines] == ["0.100", "0.150", "0.200", "0.250", "0.300"]
