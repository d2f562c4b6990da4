"""The `planilla` command line that the package is compared with."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from helpers import REPO


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `planilla` binary: $PLANILLA_CLI, else the workspace's release build (built here if
    it is missing)."""
    given = os.environ.get("PLANILLA_CLI")
    if given:
        return Path(given)
    built = REPO / "target" / "release" / "planilla"
    if not built.exists():
        cargo = shutil.which("cargo")
        if cargo is None:
            pytest.fail("set PLANILLA_CLI to the planilla binary, or install cargo to build it")
        subprocess.run(
            [cargo, "build", "--release", "-p", "planilla-cli"], cwd=REPO, check=True
        )
    return built
