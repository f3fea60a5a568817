"""Every bundled dataset is catalogued, loads with the user's loader, and grows with every
algorithm."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from dtree_core.datasets import ASSETS, CATALOG, BundledDataset, bundled, get, load_bundled
from dtree_core.loading import LoadError, prepare
from dtree_core.model import DecisionTree

SHARED = Path(__file__).resolve().parents[3] / "shared" / "datasets"
KEYS = [d.key for d in bundled()]
ALGORITHMS = ["id3", "c45", "cart", "cls"]

ROWS = {
    "watermelon_2.0": 17, "watermelon_2.0_en": 17, "watermelon_2.0_alpha": 17,
    "watermelon_2.0_alpha_en": 17, "watermelon_3.0": 17, "watermelon_3.0_en": 17,
    "watermelon_3.0_alpha": 17, "watermelon_3.0_alpha_en": 17,
    "watermelon_2.0_train": 10, "watermelon_2.0_validation": 7,
    "watermelon_2.0_train_en": 10, "watermelon_2.0_validation_en": 7,
    "play_tennis": 14, "all_electronics": 14, "people_8": 8, "loan_lihang": 15,
    "contact_lenses": 24,
    "iris": 150, "penguins": 344,
}


def test_catalogue_lists_every_required_dataset_once():
    assert sorted(KEYS) == sorted(ROWS)
    assert len(set(KEYS)) == len(KEYS)
    files = {p.name for p in ASSETS.glob("*.csv")}
    assert {d.path.name for d in bundled()} == files  # no stray or missing file


@pytest.mark.parametrize("key", KEYS)
def test_entry_is_complete(key):
    d = get(key)
    assert isinstance(d, BundledDataset)
    assert all([d.name, d.description, d.source, d.target, d.licence, d.name_zh,
                d.description_zh])
    assert d.language in ("zh", "en")
    assert d.path.is_file()


@pytest.mark.parametrize("key", KEYS)
def test_loads_cleanly_with_the_suggested_target(key):
    d = get(key)
    table = load_bundled(key)
    assert table.report.n_rows == ROWS[key]
    assert table.report.encoding == "utf-8" and table.report.delimiter == ","
    assert d.target in table.frame.columns
    prepared = prepare(table, d.target)
    assert prepared.dropped_rows == 0 and len(prepared.X.columns) >= 2


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("key", KEYS)
def test_grows_with_every_algorithm(key, algorithm):
    d = get(key)
    prepared = prepare(load_bundled(key), d.target)
    model = DecisionTree(algorithm=algorithm, nominal=prepared.nominal,
                         continuous=prepared.continuous).fit(prepared.X, prepared.y)
    nodes = model.trace_.nodes
    assert nodes[0].n == len(prepared.y)
    assert sorted(model.classes_) == sorted(set(prepared.y))
    accuracy = np.mean(model.predict(prepared.X) == prepared.y.to_numpy())
    assert accuracy >= 0.9  # every table here is (nearly) separable by a full tree


def test_zh_datasets_have_chinese_columns():
    for d in bundled():
        columns = "".join(load_bundled(d.key).frame.columns)
        has_cjk = any("\u4e00" <= c <= "\u9fff" for c in columns)
        assert has_cjk == (d.language == "zh"), d.key


def test_textbook_files_are_the_verified_copies():
    if not SHARED.is_dir():
        pytest.skip("../shared/datasets is not present")
    for path in SHARED.glob("*.csv"):
        assert (ASSETS / path.name).read_bytes() == path.read_bytes(), path.name


def test_table_4_2_split():
    train, validation = load_bundled("watermelon_2.0_train"), load_bundled(
        "watermelon_2.0_validation")
    assert train.frame["编号"].tolist() == [1, 2, 3, 6, 7, 10, 14, 15, 16, 17]
    assert validation.frame["编号"].tolist() == [4, 5, 8, 9, 11, 12, 13]
    whole = load_bundled("watermelon_2.0").frame.set_index("编号")
    for part in (train.frame, validation.frame):
        assert part.set_index("编号").equals(whole.loc[part["编号"]])
    assert get("watermelon_2.0_train").validation == "watermelon_2.0_validation"
    assert get("watermelon_2.0_train_en").validation == "watermelon_2.0_validation_en"


def test_id_columns_show_id3s_bias_when_included():
    prepared = prepare(load_bundled("watermelon_2.0"), "好瓜", include_ids=True)
    model = DecisionTree("id3", nominal=prepared.nominal).fit(prepared.X, prepared.y)
    root = model.trace_.nodes[0]
    assert root.decision.attribute == "编号"  # Gain(编号) = Ent(D) = 0.998, the largest


def test_contact_lenses_is_the_uci_table():
    frame = load_bundled("contact_lenses").frame
    assert Counter(frame["contact-lenses"]) == {"none": 15, "soft": 5, "hard": 4}
    assert len(frame.drop_duplicates(subset=list(frame.columns[:4]))) == 24  # every combination


def test_iris_is_scikit_learns_copy():
    from sklearn.datasets import load_iris

    iris = load_iris()
    frame = load_bundled("iris").frame
    np.testing.assert_array_equal(frame.iloc[:, :4].to_numpy(), iris.data)
    assert frame["species"].tolist() == [iris.target_names[t] for t in iris.target]


def test_penguins_are_real_mixed_and_incomplete():
    from palmerpenguins import load_penguins

    original = load_penguins()
    table = load_bundled("penguins")
    assert table.report.n_rows == len(original) == 344
    assert table.report.missing == {k: int(v) for k, v in original.isna().sum().items()}
    assert set(table.report.kinds.values()) == {"nominal", "continuous"}
    np.testing.assert_allclose(table.frame["body_mass_g"], original["body_mass_g"])
    assert "CC0" in get("penguins").licence


def test_unknown_key():
    with pytest.raises(LoadError) as err:
        get("nope")
    assert str(err.value).startswith("Unknown dataset 'nope'; the bundled datasets are: "
                                     "watermelon_2.0, ")


def test_catalogue_file_is_valid_json_with_the_documented_fields():
    entries = json.loads(CATALOG.read_text(encoding="utf-8"))
    required = {"key", "file", "name", "description", "source", "target", "language", "licence"}
    assert all(required <= set(e) for e in entries)
