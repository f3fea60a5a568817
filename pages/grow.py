"""Watch the tree grow: step through TreeGenerate node by node, seeing why at each node."""

from ui.replay import page
from ui.state import ensure_entry_point

ensure_entry_point()
page()
