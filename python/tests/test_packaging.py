"""The installed distribution says what it is: its licence, authors and classifiers."""

import importlib.metadata

import pytest

from helpers import REPO


def test_the_distribution_carries_the_mit_licence_text():
    dist = importlib.metadata.distribution("planilla")
    assert dist.metadata["License-Expression"] == "MIT"
    licences = [f for f in dist.files or [] if f.name.startswith("LICENSE")]
    assert licences, "no LICENSE in the installed distribution"
    assert "MIT License" in licences[0].read_text()
    assert (REPO / "python/LICENSE.txt").read_text() == (REPO / "LICENSE").read_text()


def test_the_metadata_names_authors_python_versions_and_the_topic():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    with open(REPO / "python/pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["authors"] and project["license-files"] == ["LICENSE.txt"]
    classifiers = set(project["classifiers"])
    for minor in (10, 11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert any(c.startswith("Development Status ::") for c in classifiers)
    assert any(c.startswith("Intended Audience ::") for c in classifiers)
    assert any(c.startswith("Operating System ::") for c in classifiers)
    # PyPI refuses a licence classifier beside the SPDX expression.
    assert not any(c.startswith("License ::") for c in classifiers)
    metadata = importlib.metadata.metadata("planilla")
    assert "Typing :: Typed" in (metadata.get_all("Classifier") or [])
