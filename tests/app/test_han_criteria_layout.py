"""Han's five criteria on the compare page: how the times are measured, and the layout.

Timings are never asserted: a fake clock checks the measuring procedure (an untimed warm-up run
first, then the shortest of the timed repeats is reported), and the layout is checked through
the columns' weights and the Plotly figure's spec.
"""

from __future__ import annotations

import json

import pytest
from app_helpers import page_app

from dtree_core import DecisionTree, compare
from dtree_core.evaluate import stratified_split
from dtree_core.loading import load_path, prepare
from dtree_core.options import Options
from tests.conftest import dataset_path
from ui.compare import scalability_figure
from ui.messages import t


class FakeClock:
    """A clock that moves only when a faked run says how long it took; logs every event."""

    def __init__(self):
        self.now = 0.0
        self.events: list[str] = []

    def __call__(self) -> float:
        self.events.append("clock")
        return self.now

    def run_for(self, seconds: float, event: str) -> None:
        self.events.append(event)
        self.now += seconds


def fake_fits(monkeypatch, durations: list[float]) -> tuple[FakeClock, list[int]]:
    """compare.fit replaced: each call takes the next duration; returns (clock, rows per call)."""
    clock, rows = FakeClock(), []
    script = iter(durations)

    def fit(options, X, y, validation=None):
        rows.append(len(X))
        clock.run_for(next(script), "fit")
        return object()

    monkeypatch.setattr(compare, "CLOCK", clock)
    monkeypatch.setattr(compare, "fit", fit)
    return clock, rows


def watermelon():
    prepared = prepare(load_path(dataset_path("watermelon_2.0.csv")), "好瓜")
    return prepared.X, prepared.y


# --------------------------------------------------------------------- the measuring procedure


def test_scalability_warms_up_once_untimed_and_reports_the_shortest_repeat(monkeypatch):
    X, y = watermelon()
    sizes = [17, 34, 68]
    # a slow first fit (one-time costs), then three repeats per size
    clock, rows = fake_fits(monkeypatch, [0.28, 0.05, 0.02, 0.03, 0.04, 0.06, 0.045,
                                          0.1, 0.09, 0.2])
    times = compare.scalability(Options(), X, y, sizes)
    assert compare.TIMING_REPEATS == 3
    assert rows == [17, 17, 17, 17, 34, 34, 34, 68, 68, 68]  # the warm-up: once, before 17
    assert clock.events[:2] == ["fit", "clock"]  # the warm-up fit is not timed
    assert times == pytest.approx([0.02, 0.04, 0.09])  # the shortest repeat of each size


def test_a_long_fit_is_not_repeated(monkeypatch):
    X, y = watermelon()
    long = compare.REPEAT_BELOW + 0.25
    _, rows = fake_fits(monkeypatch, [0.01, 0.03, 0.02, 0.04, long])
    assert compare.scalability(Options(), X, y, [17, 34]) == pytest.approx([0.02, long])
    assert rows == [17, 17, 17, 17, 34]


def test_speed_column_times_a_warmed_up_fit_and_prediction_at_their_shortest(monkeypatch):
    X, y = watermelon()
    events, fitted_rows, real_fit = [], [], compare.fit
    # start and end of 3 timed fits (0.30, 0.10, 0.20 s), then 3 predictions (0.05, 0.01, 0.02)
    readings = iter([0, 0.30, 1, 1.10, 2, 2.20, 3, 3.05, 4, 4.01, 5, 5.02])

    def clock() -> float:
        events.append("clock")
        return next(readings)

    def fit(options, X, y, validation=None):
        events.append("fit")
        fitted_rows.append(len(X))
        return real_fit(options, X, y, validation)

    real_predict = DecisionTree.predict

    def predict(self, X):
        events.append("predict")
        return real_predict(self, X)

    monkeypatch.setattr(compare, "CLOCK", clock)
    monkeypatch.setattr(compare, "fit", fit)
    monkeypatch.setattr(DecisionTree, "predict", predict)
    split = stratified_split(y, 0.3, 0)
    found = compare.han_criteria(Options(), X, y, split, 0.2, 0.2, 0)
    assert found.fit_seconds == pytest.approx(0.10)
    assert found.predict_seconds == pytest.approx(0.01)
    # each warm-up run comes before the clock is read; the robustness trees are not timed
    assert events == (["fit"] + ["clock", "fit", "clock"] * 3
                      + ["predict"] + ["clock", "predict", "clock"] * 3
                      + ["fit", "predict", "fit", "predict"])  # noisy, then blanked
    # warm-up + 3 timed fits on the training rows, then the noisy and the blanked trees
    assert fitted_rows == [len(split[0])] * 6


# --------------------------------------------------------------------- the layout


def open_compare(lang: str):
    return page_app("pages/compare.py", "watermelon_2.0", lang)


def han_chart(at) -> dict:
    charts = [c for c in at.get("plotly_chart") if c.proto.id.endswith("han_scalability")]
    assert len(charts) == 1
    return json.loads(charts[0].proto.spec)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_criterion_table_has_half_the_width_and_the_chart_all_of_it(lang):
    at = open_compare(lang)
    for criterion in ("accuracy", "speed", "robustness", "interpretability"):
        header = f"**{t(f'lesson.han.{criterion}', _lang=lang)}**"
        holding = [c for c in at.columns if header in [m.value for m in c.markdown]]
        assert len(holding) == 1, criterion
        assert holding[0].proto.weight == pytest.approx(0.5), criterion
        assert len(holding[0].dataframe) == 1
    for column in at.columns:  # the chart is drawn the page's width, in no column
        assert not any(c.proto.id.endswith("han_scalability")
                       for c in column.get("plotly_chart"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_scalability_chart_ticks_at_each_size_and_legend_clear_of_the_axis_title(lang):
    layout = han_chart(open_compare(lang))["layout"]
    sizes = [17, 34, 68, 136, 272]
    assert layout["xaxis"]["type"] == "log"
    assert layout["xaxis"]["tickvals"] == sizes  # not Plotly's 1-2-5 ticks, which crowded
    assert layout["xaxis"]["ticktext"] == [str(s) for s in sizes]
    assert layout["xaxis"]["title"]["text"] == t("lesson.han.rows", _lang=lang)
    assert layout["yaxis"]["title"]["text"] == t("lesson.han.fit_time", _lang=lang)
    legend = layout["legend"]  # above the plot area; the rows axis's title is below it
    assert legend["orientation"] == "h"
    assert legend["yanchor"] == "bottom" and legend["y"] >= 1


def test_axis_titles_reach_plotly_escaped(monkeypatch):
    import ui.compare as ui_compare

    monkeypatch.setattr(ui_compare, "t", lambda key, **kw: f"<i>{key}</i>")
    layout = scalability_figure(["a"], [10, 20], [[0.1, 0.2]]).layout
    assert layout.xaxis.title.text == "&lt;i&gt;lesson.han.rows&lt;/i&gt;"
    assert layout.yaxis.title.text == "&lt;i&gt;lesson.han.fit_time&lt;/i&gt;"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_says_how_the_times_were_measured(lang):
    at = open_compare(lang)
    said = t("lesson.han.timings", _lang=lang, repeats=compare.TIMING_REPEATS,
             limit=f"{compare.REPEAT_BELOW:g}")
    assert any(said in c.value for c in at.caption)
    assert "3" in said and "0.5" in said
