"""The UI's reads of the algorithm registry (dtree_core.algorithms): names, choices, seeds.

No Streamlit here. Keys are read when a page renders, never at import, so an algorithm
registered later (a test's toy one) appears in every select box and table.
"""

from __future__ import annotations

from dtree_core import algorithms
from dtree_core.solution import algorithm_name
from ui.messages import current_language, t_or


def keys() -> tuple[str, ...]:
    """Every registered algorithm, in registration order: the choices of every select box."""
    return algorithms.keys()


def record(key: str) -> algorithms.Algorithm:
    return algorithms.get(key)


def name(key: str) -> str:
    """'ID3 (information gain)' from the catalogue; an algorithm it lacks goes by its label."""
    found = record(key)
    return t_or(found.name_key, found.label)


def label(key: str) -> str:
    """'ID3': short (configuration labels, legends); a label that is a word has the
    language's own ('Oblique', 斜决策树), as the worked solution names it, else the record's
    in every language."""
    return algorithm_name(key, current_language())


def scoring_keys() -> list[str]:
    """The algorithms that rank by a score: evaluate's default (a random draw adds noise; a
    baseline that takes the worst attribute on purpose is no method to evaluate; another
    book's variant of one is chosen by hand)."""
    return [key for key in keys() if record(key).ranks_by is not None and not record(key).baseline
            and record(key).variant_of is None]


def draws_at_random(key: str) -> bool:
    """Its rule draws an attribute (CLS), so no score column shows why it won."""
    return record(key).draws_at_random


def seed_matters(algorithm: str, tie_break: str) -> bool:
    """The seed changes the tree only through a random draw: the rule's or the tie rule's."""
    return tie_break == "random" or draws_at_random(algorithm)


def chart_column(key: str) -> str:
    """The score a node's bar chart shows: the deciding one, or for a random draw the first
    column it shows (the bars then say what the draw ignored)."""
    found = record(key)
    return found.deciding_column or found.columns[0]
