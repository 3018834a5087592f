"""Shared fixtures: the hsframe program and the conf/ directory of the tree
under test (set by tests/test_python.sh), and a runner of the program."""
import json
import os
import pathlib
import subprocess

import pytest

HERE = pathlib.Path(__file__).resolve().parent
CONF = pathlib.Path(os.environ.get("HSF_TEST_CONF", HERE.parent.parent / "conf"))
HSFRAME = os.environ.get("HSF_TEST_HSFRAME", str(HERE.parent.parent / "hsframe"))
# Plugins built against released headers (tests/fixtures, built by make check).
FIXTURES = pathlib.Path(os.environ.get("HSF_TEST_FIXTURES",
                                       HERE.parent.parent / "tests" / "fixtures" / ".libs"))


def conf(name):
    return str(CONF / name)


def run_program(workdir, config, overrides=()):
    """Runs hsframe -q -c config -s ... in workdir; returns its JSON summary."""
    args = [HSFRAME, "-q", "-c", config, "--summary", "json"]
    for o in overrides:
        args += ["-s", o]
    out = subprocess.run(args, cwd=workdir, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def files_of(directory):
    return sorted(p.name for p in pathlib.Path(directory).iterdir() if p.is_file())


@pytest.fixture
def two_dirs(tmp_path, monkeypatch):
    """A directory for the program, one for Python (the current one)."""
    prog, py = tmp_path / "program", tmp_path / "python"
    prog.mkdir()
    py.mkdir()
    monkeypatch.chdir(py)
    return prog, py


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path
