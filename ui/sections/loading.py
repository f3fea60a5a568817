"""Catalogue section: the loader's warnings and notes (see ui/sections/__init__.py).

`load.notice.<code>` words a dtree_core.loading.Notice from its code and details. The English
is the loader's own sentence (loading.NOTICES) and the Chinese the command line's
(dtree_core.cli_messages), merged here because dtree_core imports no UI module: a notice
reads the same in the app and on the terminal.
"""

from __future__ import annotations

from dtree_core.cli_messages import EN as CLI_EN
from dtree_core.cli_messages import ZH as CLI_ZH

_PREFIX = "notice."

EN: dict[str, str] = {f"load.{key}": text for key, text in CLI_EN.items()
                      if key.startswith(_PREFIX)}
ZH: dict[str, str] = {f"load.{key}": text for key, text in CLI_ZH.items()
                      if key.startswith(_PREFIX)}
