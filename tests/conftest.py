"""Shared test fixtures: the textbook data sets, read as the user's files are."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA_DIRS = (ROOT / "assets" / "datasets", ROOT.parent / "shared" / "datasets")


def on_ci() -> bool:
    """Under CI a test whose tool is missing fails instead of skipping (.ci/run installs it)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def dataset_path(name: str) -> Path:
    for folder in DATA_DIRS:
        if (folder / name).exists():
            return folder / name
    raise FileNotFoundError(name)


def read_dataset(name: str) -> pd.DataFrame:
    return pd.read_csv(dataset_path(name), dtype=str, keep_default_na=False).replace("", None)


def xy(name: str, target: str, drop=(), numeric=()):
    frame = read_dataset(name)
    for column in numeric:
        frame[column] = frame[column].astype(float)
    X = frame.drop(columns=[target, *drop])
    return X, frame[target]


@pytest.fixture
def wm2():
    return xy("watermelon_2.0.csv", "好瓜", drop=["编号"])


@pytest.fixture
def wm3():
    return xy("watermelon_3.0.csv", "好瓜", drop=["编号"], numeric=["密度", "含糖率"])
