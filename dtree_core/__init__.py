"""dtree_core: grow ID3, C4.5, CART and CLS trees and record why every node split.

Imports no UI library; the Streamlit app only replays the trace this package records.
"""

from .data import DataError
from .model import DecisionTree
from .trace import Trace

__all__ = ["DataError", "DecisionTree", "Trace"]
