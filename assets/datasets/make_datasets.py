"""Rebuild the bundled CSVs: `python assets/datasets/make_datasets.py` from the repository root.

Textbook tables are copied from ../shared/datasets (verified against the books); contact lenses
is written from the UCI table; Iris comes from scikit-learn's copy and the penguins from the
palmerpenguins package. catalog.json is maintained by hand.
"""

from __future__ import annotations

import csv
import itertools
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[2] / "shared" / "datasets"

TEXTBOOK = [
    "watermelon_2.0.csv", "watermelon_2.0_en.csv",
    "watermelon_2.0_alpha.csv", "watermelon_2.0_alpha_en.csv",
    "watermelon_3.0.csv", "watermelon_3.0_en.csv",
    "watermelon_3.0_alpha.csv", "watermelon_3.0_alpha_en.csv",
    "play_tennis.csv", "all_electronics.csv", "people_8.csv",
]
# Zhou, Table 4.2: the pruning chapter's split of watermelon 2.0 (by 编号).
TRAIN = {1, 2, 3, 6, 7, 10, 14, 15, 16, 17}
VALIDATION = {4, 5, 8, 9, 11, 12, 13}

# UCI "Lenses" (Cendrowska 1987), 24 rows, as in Weka's contact-lenses.arff: every combination
# of the four attributes (in this order), with its class.
LENSES_HEADER = ("age", "spectacle-prescrip", "astigmatism", "tear-prod-rate", "contact-lenses")
LENSES_VALUES = (("young", "pre-presbyopic", "presbyopic"), ("myope", "hypermetrope"),
                 ("no", "yes"), ("reduced", "normal"))
LENSES_CLASSES = (
    "none", "soft", "none", "hard", "none", "soft", "none", "hard",  # young
    "none", "soft", "none", "hard", "none", "soft", "none", "none",  # pre-presbyopic
    "none", "none", "none", "hard", "none", "soft", "none", "none",  # presbyopic
)


def lenses_csv() -> str:
    rows = [(*values, label) for values, label in
            zip(itertools.product(*LENSES_VALUES), LENSES_CLASSES, strict=True)]
    return "".join(",".join(row) + "\n" for row in [LENSES_HEADER, *rows])


def copy_textbook() -> None:
    for name in TEXTBOOK:
        shutil.copyfile(SHARED / name, HERE / name)


def split_watermelon() -> None:
    for suffix in ("", "_en"):
        with open(SHARED / f"watermelon_2.0{suffix}.csv", encoding="utf-8", newline="") as f:
            header, *rows = list(csv.reader(f))
        for part, ids in (("train", TRAIN), ("validation", VALIDATION)):
            with open(HERE / f"watermelon_2.0_{part}{suffix}.csv", "w", encoding="utf-8",
                      newline="") as f:
                out = csv.writer(f, lineterminator="\n")
                out.writerow(header)
                out.writerows(r for r in rows if int(r[0]) in ids)


def write_iris() -> None:
    from sklearn.datasets import load_iris

    iris = load_iris()
    with open(HERE / "iris.csv", "w", encoding="utf-8", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["sepal_length", "sepal_width", "petal_length", "petal_width", "species"])
        for row, target in zip(iris.data, iris.target, strict=True):
            out.writerow([*(f"{v:g}" for v in row), iris.target_names[target]])


def write_penguins() -> None:
    from palmerpenguins import load_penguins

    frame = load_penguins()
    with open(HERE / "penguins.csv", "w", encoding="utf-8", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(list(frame.columns))
        for row in frame.itertuples(index=False):
            out.writerow(["" if _missing(v) else f"{v:g}" if isinstance(v, float) else v
                          for v in row])


def _missing(value) -> bool:
    return value is None or value != value  # NaN


if __name__ == "__main__":
    copy_textbook()
    split_watermelon()
    (HERE / "contact_lenses.csv").write_text(lenses_csv(), encoding="utf-8")
    write_iris()
    write_penguins()
