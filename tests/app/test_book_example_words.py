"""After the sidebar's book-example button (Zhou Table 4.2, ID3, root 脐部, reduced-error
pruning on the paired validation file) the export and evaluate pages say what they did:

- the export page's first rule list is, by default, the sidebar's tree, which its intro says
  it exports ("Take home the tree grown in the sidebar"); the hold-out tree is asked for;
- the evaluate page's note says the validation file prunes the comparison's trees while both
  are tested on the split's held-out rows (the page's 0.667, not the book's 71.4% on the
  validation file), and where the validation accuracies are: the grow page's pruning phase."""

from __future__ import annotations

import pytest

from dtree_core.evaluate import fit, stratified_split
from dtree_core.rules import rules, with_tie
from tests.app.app_helpers import trace
from tests.app.test_pruning_app import book_app
from ui import engine
from ui.messages import t

LANGS = ["en", "zh"]


def captions(at) -> list[str]:
    return [c.value for c in at.caption]


@pytest.mark.parametrize("lang", LANGS)
def test_export_rules_are_the_sidebars_tree_by_default(lang):
    """The rule list under the intro "exports the tree grown in the sidebar" was a second tree
    grown on 7 of the 10 rows (H1 … H5) while the sidebar's tree has 7 leaves."""
    at = book_app(lang)
    at.switch_page("pages/export.py").run()
    assert not at.exception and not at.error
    assert not at.toggle(key="exp_holdout").value
    frame = next(df.value for df in at.dataframe if t("exp.col.if", _lang=lang) in df.value.columns)
    expected = rules(trace(at))  # the sidebar's tree
    assert list(frame[t("exp.col.rule", _lang=lang)]) == \
        [f"R{i}" for i in range(1, len(expected) + 1)]
    then = [with_tie(r, r.conclusion_text, lang) for r in expected]
    assert list(frame[t("exp.col.then", _lang=lang)]) == then
    sidebar = t("exp.rules.sidebar_all", _lang=lang, rows=10)
    assert t("exp.rules.caption_all", _lang=lang, tree=sidebar) in captions(at)
    assert t("exp.col.test_accuracy", _lang=lang) not in frame.columns

    at.toggle(key="exp_holdout").set_value(True).run()  # the comparison aid, when asked for
    assert t("exp.rules.caption_holdout", _lang=lang, train=7, test=3) in captions(at)


def comparison_accuracies(at) -> dict[str, float]:
    """The pruned tree's accuracy on the comparison's held-out rows and on the validation
    file, computed here as the section grows it (30 % held out, seed 0)."""
    current, dataset = at.session_state["current"], at.session_state["dataset"]
    X, y, options = engine.ready(dataset["data"], dataset["filename"], current["choices"],
                                 current["options"])
    train, test = stratified_split(y, 0.3, 0)
    X_fit, y_fit = X.iloc[train].reset_index(drop=True), y.iloc[train].reset_index(drop=True)
    _, _, validation = engine.training_and_validation(X_fit, y_fit,
                                                      current["choices"]["validation"], options)
    model = fit(options, X_fit, y_fit, validation)
    return {"held_out": accuracy(model, X.iloc[test], y.iloc[test]),
            "validation": accuracy(model, *validation), "test_rows": len(test)}


def accuracy(model, X, y) -> float:
    predicted, _ = model.predict_with_ties(X.reset_index(drop=True))
    return float((predicted.astype(str) == y.to_numpy(dtype=object).astype(str)).mean())


@pytest.mark.parametrize("lang", LANGS)
def test_evaluate_note_says_the_validation_file_prunes_and_held_out_rows_test(lang):
    at = book_app(lang)
    at.switch_page("pages/evaluate.py").run()
    assert not at.exception and not at.error
    figures = comparison_accuracies(at)
    # the section's figure is the held-out rows' accuracy, not the validation file's
    pruned = [m.value for m in at.metric if m.label == t("eval.accuracy", _lang=lang)][-1]
    assert float(pruned) == pytest.approx(figures["held_out"], abs=5e-4)
    assert figures["held_out"] != pytest.approx(figures["validation"])
    assert t("prune.eval.caption", _lang=lang, train=7, test=figures["test_rows"]) \
        in captions(at)
    note = next(i.value for i in at.info if i.value.startswith(
        t("prune.eval.unpruned_note", _lang=lang)[:12]))
    # the rows the section tests on, named as its caption names them, and where the
    # validation file's accuracies are
    rows = {"en": "held-out rows", "zh": "留出样本"}[lang]
    assert rows in note and rows in t("prune.eval.caption", _lang=lang, train=7, test=3)
    assert t("page.grow", _lang=lang) in note
    assert note == t("prune.eval.unpruned_note.file", _lang=lang,
                     grow=t("page.grow", _lang=lang))
