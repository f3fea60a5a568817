"""Watch the tree grow: step through TreeGenerate node by node, seeing why at each node."""

from ui.replay import page

page()
