"""dtree_core: grow ID3, C4.5, CART and CLS trees and record why every node split.

Imports no UI library; the Streamlit app only replays the trace this package records.
"""

from .data import DataError
from .trace import Trace

__all__ = ["DataError", "DecisionTree", "Trace"]


def __getattr__(name: str):
    """DecisionTree, imported when first asked for: it is a scikit-learn estimator, and
    importing scikit-learn (about 0.8 s) would otherwise delay every command-line run, which
    grows its trees without it (dtree_core.fitting)."""
    if name == "DecisionTree":
        from .model import DecisionTree

        return DecisionTree
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
