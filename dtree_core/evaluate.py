"""How well a tree generalises: seeded stratified splits, k-fold, metrics, the depth curve.

Splits and metrics are scikit-learn's (model_selection, metrics), so every number can be
checked against sklearn by hand. What this module adds is small data: where sklearn refuses
or warns, the split is settled here and the departure is said in a SplitNote, never a traceback.

- A class with one row cannot be on both sides: it stays in training (never tested).
- A hold-out smaller than the number of classes grows to one row per class, drawn with the
  seed; one leaving fewer training rows than classes shrinks to leave one row per class.
- Otherwise the split is sklearn's, whose shares of a side can round a small class to no
  row there: a note names it.
- k above a class's rows leaves that class out of some folds; above every class's rows, the
  folds are plain (unstratified) seeded ones.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import pandas as pd
from sklearn.metrics import accuracy_score, confusion_matrix, precision_recall_fscore_support
from sklearn.model_selection import KFold, StratifiedKFold, train_test_split

from .data import DataError, Listed, as_text
from .model import DecisionTree
from .options import Options

# --------------------------------------------------------------------- configurations


def fit(options: Options, X: pd.DataFrame, y: pd.Series, validation=None) -> DecisionTree:
    """A tree grown on some rows (and pruned by validation rows (X, y), for a method that
    needs them). A forced path such a tree has no node for is skipped and listed in its
    trace's unmatched_force, which the pages show."""
    if options.force:
        options = options.but(force_missing="skip")
    return DecisionTree.from_options(options).fit(X.reset_index(drop=True),
                                                  y.reset_index(drop=True), validation=validation)


# --------------------------------------------------------------------- splits


class SplitError(DataError):
    """A split that cannot be made; `code` and `details` let the UI say it in its language."""

    def __init__(self, message: str, code: str, **details):
        super().__init__(message)
        self.code = code
        self.details = details


# A key ending in .one words a note that counts one thing (one row, one class): SplitNote.key.
NOTE_TEXT = {
    "single_row": ("These classes have a single row, which stays in training, so none of "
                   "them is tested: {classes}."),
    "single_row.one": ("This class has a single row, which stays in training, so it is not "
                       "tested: {classes}."),
    "grown": ("{size} rows are held out instead of {asked}: one row of every class, so that "
              "every class is tested."),
    "kept": ("{size} rows are held out instead of {asked}: every class keeps a training "
             "row."),
    "kept.one": ("{size} row is held out instead of {asked}: every class keeps a training "
                 "row."),
    "untested": ("A stratified split shares the held-out rows out in proportion to the "
                 "classes' sizes, and these classes got none, so none of them is tested: "
                 "{classes}."),
    "untested.one": ("A stratified split shares the held-out rows out in proportion to the "
                     "classes' sizes, and this class got none, so it is not tested: "
                     "{classes}."),
    "untrained": ("A stratified split shares the training rows out in proportion to the "
                  "classes' sizes, and these classes got none, so the tree never learns "
                  "them: {classes}."),
    "untrained.one": ("A stratified split shares the training rows out in proportion to the "
                      "classes' sizes, and this class got none, so the tree never learns it: "
                      "{classes}."),
    "few_rows": ("These classes have fewer rows than k = {k}, so some folds test none of "
                 "them: {classes}."),
    "few_rows.one": ("This class has fewer rows than k = {k}, so some folds do not test it: "
                     "{classes}."),
    "unstratified": ("Every class has fewer rows than k = {k}, so the folds are not "
                     "stratified (a plain seeded shuffle)."),
}


@dataclass(frozen=True)
class SplitNote:
    """How a split departs from the stratified one asked for (codes: NOTE_TEXT's keys).

    `details` are the values NOTE_TEXT[code] needs, so the UI can word it in its own language.
    """

    code: str
    details: dict = field(default_factory=dict)

    @property
    def key(self) -> str:
        """NOTE_TEXT's key for the note: its code, or code.one where the note counts one row
        or names one class (English words those in the singular)."""
        classes = self.details.get("classes")
        one = self.details.get("size") == 1 or (classes is not None and len(classes.items) == 1)
        return f"{self.code}.one" if one and f"{self.code}.one" in NOTE_TEXT else self.code

    @property
    def text(self) -> str:
        return NOTE_TEXT[self.key].format(**self.details)


def _class_codes(y) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(each row's class as 0, 1, …, the classes, rows per class).

    sklearn stratifies on these integers, whatever type the labels have. Sorted like
    np.unique, so a split is the very one sklearn makes when handed y itself.
    """
    codes, classes = pd.factorize(np.asarray(y, dtype=object), sort=True)
    return codes, np.asarray(classes, dtype=object), np.bincount(codes)


def _names(classes) -> Listed:
    return Listed(classes)


@dataclass(frozen=True)
class _HoldoutPlan:
    testable: np.ndarray  # rows of classes with at least two rows
    strata: np.ndarray  # their class codes
    n_test: int
    notes: tuple[SplitNote, ...]
    # "test" | "train": the side that takes one row of every class (its size was grown or
    # capped to the number of classes, where sklearn's shares could leave a class out)
    one_each: str | None = None


def _holdout_plan(y, test_size: float) -> _HoldoutPlan:
    n = len(y)
    if not 0 < test_size < 1:
        raise SplitError("The held-out share must be between 0 and 1.", "holdout_share",
                         value=test_size)
    if n < 2:
        raise SplitError("At least two rows are needed to hold some out.", "holdout_rows",
                         rows=n)
    codes, classes, counts = _class_codes(y)
    single = counts == 1
    testable = np.flatnonzero(~single[codes])
    if len(testable) == 0:
        raise SplitError("Every class has a single row, so no row can be held out whose class "
                         "the tree could learn; add rows or merge classes.",
                         "holdout_single_rows")
    n_classes = int((~single).sum())
    # The share is of all rows, rounded; every class keeps at least one training row, and
    # sklearn refuses a stratified hold-out without every class in it.
    wanted = max(round(test_size * n), 1)
    size = max(min(wanted, len(testable) - n_classes), n_classes)
    notes = []
    if single.any():
        notes.append(SplitNote("single_row", {"classes": _names(classes[single])}))
    if size != wanted:
        notes.append(SplitNote("grown" if size > wanted else "kept",
                               {"size": size, "asked": wanted}))
    # At the floor or the cap, asked for or not, sklearn's shares can leave a class off a
    # side (A×2, B×16, C×2 at 3 held out: BBB): that side takes one row of every class.
    one_each = "test" if size == n_classes else "train" if size == len(testable) - n_classes \
        else None
    return _HoldoutPlan(testable, codes[testable], size, tuple(notes), one_each)


def _one_row_each(rows: np.ndarray, strata: np.ndarray, seed: int) -> np.ndarray:
    """One of the rows of every class, each drawn with the seed."""
    rng = np.random.default_rng(seed)
    return np.array([rng.choice(rows[strata == code]) for code in np.unique(strata)])


def _held_out(plan: _HoldoutPlan, seed: int) -> np.ndarray:
    """The held-out rows of the plan, sorted: sklearn's, unless its shares left a class off
    the side that must hold one row of every class (plan.one_each), which then does."""
    _, test = train_test_split(plan.testable, test_size=plan.n_test, stratify=plan.strata,
                               random_state=seed)
    test = np.sort(test)
    if plan.one_each is None or _every_class_on(plan, test, plan.one_each):
        return test
    if plan.one_each == "test":
        return np.sort(_one_row_each(plan.testable, plan.strata, seed))
    return np.setdiff1d(plan.testable, _one_row_each(plan.testable, plan.strata, seed))


def _every_class_on(plan: _HoldoutPlan, test: np.ndarray, side: str) -> bool:
    """Does that side of the split (test: the held-out rows, sorted) hold every class?"""
    held = np.isin(plan.testable, test)
    on_side = held if side == "test" else ~held
    return len(np.unique(plan.strata[on_side])) == len(np.unique(plan.strata))


def stratified_split(y, test_size: float = 0.3, seed: int = 0):
    """(train rows, test rows), sorted: sklearn's seeded stratified train_test_split.

    round(test_size · n) rows are held out, each class keeping its share as far as it can;
    small data is settled as the module docstring says (holdout_notes says what happened).
    """
    return split_and_notes(y, test_size, seed)[:2]


def holdout_notes(y, test_size: float = 0.3, seed: int = 0) -> tuple[SplitNote, ...]:
    """How stratified_split(y, test_size, seed) departs from a plain stratified split, and
    the classes of two rows or more its shares left with no row on one side."""
    return split_and_notes(y, test_size, seed)[2]


def split_and_notes(y, test_size: float = 0.3, seed: int = 0):
    """(train rows, test rows, holdout_notes) of one split, planned and drawn once."""
    plan = _holdout_plan(y, test_size)
    test = _held_out(plan, seed)
    return np.setdiff1d(np.arange(len(y)), test), test, _split_notes(y, plan, test)


def _split_notes(y, plan: _HoldoutPlan, test: np.ndarray) -> tuple[SplitNote, ...]:
    codes, classes, _ = _class_codes(y)
    held = np.isin(plan.testable, test)
    notes = list(plan.notes)
    for code, rows in (("untested", plan.testable[held]), ("untrained", plan.testable[~held])):
        missing = np.setdiff1d(np.unique(plan.strata), codes[rows])
        if len(missing):
            notes.append(SplitNote(code, {"classes": _names(classes[missing])}))
    return tuple(notes)


def _check_k(n: int, k: int) -> None:
    if not 2 <= k <= n:
        raise SplitError(f"k-fold needs 2 ≤ k ≤ the number of rows ({n}); got k = {k}.",
                         "kfold_k", rows=n, k=k)


def kfold_notes(y, k: int = 5) -> tuple[SplitNote, ...]:
    """How stratified_kfold(y, k, …) departs from a plain stratified k-fold."""
    _check_k(len(y), k)
    _, classes, counts = _class_codes(y)
    if k > counts.max():
        return (SplitNote("unstratified", {"k": k}),)
    if k > counts.min():
        return (SplitNote("few_rows", {"k": k, "classes": _names(classes[counts < k])}),)
    return ()


def stratified_kfold(y, k: int = 5, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """k (train, test) pairs, sorted; every row is tested once: sklearn's StratifiedKFold.

    Fold sizes differ by at most one, and so do a class's rows in any two folds.
    """
    notes = kfold_notes(y, k)
    codes = _class_codes(y)[0]
    if any(note.code == "unstratified" for note in notes):  # StratifiedKFold would refuse
        folds = KFold(n_splits=k, shuffle=True, random_state=seed)
    else:
        folds = StratifiedKFold(n_splits=k, shuffle=True, random_state=seed)
    with warnings.catch_warnings():
        # "The least populated class …": kfold_notes says it, in words the page can show.
        warnings.filterwarnings("ignore", "The least populated class", UserWarning)
        pairs = list(folds.split(np.zeros((len(codes), 1)), codes))
    _check_two_classes(pairs, codes, y)
    return [(np.sort(train), np.sort(test)) for train, test in pairs]


def _check_two_classes(pairs, codes: np.ndarray, y) -> None:
    """Refuse folds one of which trains on rows of one class: no tree grows from them (an
    unstratified k-fold of a few rows can leave one)."""
    counts = np.bincount(codes)
    for fold, (train, _) in enumerate(pairs, start=1):
        if len(np.unique(codes[train])) < 2:
            label = str(np.asarray(y, dtype=object)[train[0]])
            if len(counts) == 2 and counts.min() == 1:  # whatever k or seed: the lone row's
                raise SplitError(                        # fold trains on the other class
                    f"Fold {fold} of {len(pairs)} trains on rows of one class ('{label}'): a "
                    "class with a single row leaves the fold that tests it the other class "
                    "alone, whatever k or seed, so no tree grows; use a held-out split.",
                    "kfold_lone_class", fold=fold, k=len(pairs), label=label)
            raise SplitError(f"Fold {fold} of {len(pairs)} trains on rows of one class "
                             f"('{label}'), from which no tree grows: choose another k or "
                             "seed, or a held-out split.", "kfold_one_class", fold=fold,
                             k=len(pairs), label=label)


# --------------------------------------------------------------------- metrics


def labels_of(y_true, y_pred, classes=()) -> list[str]:
    """Known classes first (the model's order), then any other label seen, in order."""
    seen = list(classes)
    for value in [*np.asarray(y_true, dtype=object), *np.asarray(y_pred, dtype=object)]:
        if value not in seen:
            seen.append(value)
    return seen


def _truth(y: pd.Series, classes) -> np.ndarray:
    """The true classes in the model's terms, so sklearn compares like with like.

    A model naming its classes as text gets text (1 -> '1'); otherwise the caller's labels,
    numbers as a numeric array (sklearn reads an object array of numbers as 'unknown').
    """
    if all(isinstance(c, str) for c in classes):
        return as_text(y).to_numpy(dtype=object)
    return y.to_numpy()


# --------------------------------------------------------------------- evaluations


@dataclass(frozen=True)
class Evaluation:
    """Held-out predictions of one configuration (pooled over the folds for k-fold).

    Metrics are sklearn.metrics' on the pooled predictions, in `labels` order; a class never
    predicted has no precision (TP + FP = 0), one never present no recall (TP + FN = 0):
    NaN, as Zhou's eq. 2.8 leaves 0/0 undefined (a 0 read as "every one missed").
    """

    options: Options
    y_true: np.ndarray
    y_pred: np.ndarray
    labels: list[str]
    train_accuracy: float  # mean over folds for k-fold
    fold_accuracies: tuple[float, ...] = field(default=())
    notes: tuple[SplitNote, ...] = field(default=())  # how the split departs from the asked
    unmatched_force: tuple[tuple[str, ...], ...] = ()  # per split: forced paths not made
    # the class each held-out prediction that broke a tie went to (the tied class its tree's
    # training rows show first), in y_pred's order: counted as that class, a tie all the same
    tied_to: tuple = ()
    # the same of the training-set predictions the training accuracy counts: each split's
    # tree on its own training rows (k-fold: a row once for each fold it trains in)
    train_tied_to: tuple = ()

    @property
    def folds_missing_a_force(self) -> dict[str, int]:
        """Forced path -> in how many of the splits' trees it could not be made."""
        counts: dict[str, int] = {}
        for paths in self.unmatched_force:
            for path in paths:
                counts[path] = counts.get(path, 0) + 1
        return counts

    @cached_property
    def accuracy(self) -> float:
        return float(accuracy_score(self.y_true, self.y_pred))

    @cached_property
    def matrix(self) -> np.ndarray:
        """Rows: true class, columns: predicted class."""
        return confusion_matrix(self.y_true, self.y_pred, labels=self.labels)

    @cached_property
    def report(self) -> pd.DataFrame:
        """Per class: precision, recall, F1 and support (true rows of the class)."""
        precision, recall, f1, support = precision_recall_fscore_support(
            self.y_true, self.y_pred, labels=self.labels, zero_division=np.nan)
        return pd.DataFrame({"class": list(self.labels), "precision": precision,
                             "recall": recall, "f1": f1, "support": support.astype(np.int64)})


def _fit_and_score(options: Options, X, y, train, test):
    """(train accuracy, the classes its predictions that broke a tie went to, held-out
    predictions, which of them broke a tie, model) of a tree grown on the train rows."""
    model = fit(options, X.iloc[train], y.iloc[train])
    train_pred, train_tied = model.predict_with_ties(X.iloc[train].reset_index(drop=True))
    train_acc = float(accuracy_score(_truth(y.iloc[train], model.classes_), train_pred))
    pred, tied = model.predict_with_ties(X.iloc[test].reset_index(drop=True))
    return train_acc, train_pred[train_tied].tolist(), pred, tied, model


def evaluate(options: Options, X: pd.DataFrame, y: pd.Series, splits,
             notes=()) -> Evaluation:
    """Fit on each split's train rows, predict its test rows; pool the predictions."""
    X, y = X.reset_index(drop=True), pd.Series(y).reset_index(drop=True)
    truths, preds, train_accs, fold_accs, classes, unmatched = [], [], [], [], [], []
    tied_to, train_tied_to = [], []
    for train, test in splits:
        train_acc, train_tied, pred, tied, model = _fit_and_score(options, X, y, train, test)
        train_tied_to.extend(train_tied)
        unmatched.append(model.trace_.unmatched_force)
        truth = _truth(y.iloc[test], model.classes_)
        truths.append(truth)
        preds.append(pred)
        tied_to.extend(pred[tied].tolist())
        train_accs.append(train_acc)
        fold_accs.append(float(accuracy_score(truth, pred)))
        classes.extend(c for c in model.classes_in_trace_order_ if c not in classes)
    y_true, y_pred = np.concatenate(truths), np.concatenate(preds)
    return Evaluation(options, y_true, y_pred, labels_of(y_true, y_pred, classes),
                      float(np.mean(train_accs)), tuple(fold_accs), tuple(notes),
                      tuple(unmatched), tuple(tied_to), tuple(train_tied_to))


def holdout(options: Options, X, y, test_size: float = 0.3, seed: int = 0) -> Evaluation:
    train, test, notes = split_and_notes(y, test_size, seed)
    return evaluate(options, X, y, [(train, test)], notes)


def cross_validate(options: Options, X, y, k: int = 5, seed: int = 0) -> Evaluation:
    return evaluate(options, X, y, stratified_kfold(y, k, seed), kfold_notes(y, k))


# --------------------------------------------------------------------- overfitting


def tree_depth(trace: dict) -> int:
    """Depth of the deepest node still in the tree (a root leaf has depth 0)."""
    return max(n["depth"] for n in trace["nodes"] if not n.get("pruned_away"))


def depth_curve(options: Options, X, y, splits, max_depth: int | None = None) -> pd.DataFrame:
    """Training and held-out accuracy for max_depth = 0, 1, …: where overfitting shows.

    Accuracies are means over the splits. Depths run to the deepest full tree grown on any
    split's training rows (or to max_depth when given). Without post-pruning the tree grown
    with max_depth d is the whole tree cut at depth d, so each split's tree is grown once and
    cut at every depth (DecisionTree.predict_by_depth); post-pruning reads the whole grown
    tree, so then every depth's tree is grown and pruned anew.
    """
    X, y = X.reset_index(drop=True), pd.Series(y).reset_index(drop=True)
    if options.prune != "none":
        return _depth_curve_regrown(options, X, y, splits, max_depth)
    grown = [fit(options.but(max_depth=max_depth), X.iloc[tr], y.iloc[tr]) for tr, _ in splits]
    if max_depth is None:
        max_depth = max(n.depth for m in grown for n in m.trace_.nodes if not n.pruned_away)
    train, test = [], []
    for model, (tr, te) in zip(grown, splits, strict=True):
        train.append(_accuracy_by_depth(model, X.iloc[tr], y.iloc[tr], max_depth))
        test.append(_accuracy_by_depth(model, X.iloc[te], y.iloc[te], max_depth))
    return pd.DataFrame([{"max_depth": depth,
                          "train_accuracy": float(np.mean([a[depth] for a in train])),
                          "test_accuracy": float(np.mean([a[depth] for a in test]))}
                         for depth in range(max_depth + 1)])


def _accuracy_by_depth(model, X, y, last_depth: int) -> list[float]:
    """The accuracy on these rows of the model's tree cut at each depth 0 … last_depth."""
    truth = _truth(y, model.classes_)
    return [float(accuracy_score(truth, pred))
            for pred in model.predict_by_depth(X.reset_index(drop=True), last_depth)]


def _depth_curve_regrown(options: Options, X, y, splits, max_depth: int | None) -> pd.DataFrame:
    """depth_curve by growing (and pruning) a tree for every depth and split."""
    if max_depth is None:
        unlimited = options.but(max_depth=None)
        full = [fit(unlimited, X.iloc[tr], y.iloc[tr]).trace_ for tr, _ in splits]
        max_depth = max(n.depth for trace in full for n in trace.nodes if not n.pruned_away)
    rows = []
    for depth in range(max_depth + 1):
        result = evaluate(options.but(max_depth=depth), X, y, splits)
        rows.append({"max_depth": depth, "train_accuracy": result.train_accuracy,
                     "test_accuracy": float(np.mean(result.fold_accuracies))})
    return pd.DataFrame(rows)
