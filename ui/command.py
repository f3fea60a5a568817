"""The `python -m dtree_core grow ...` command that grows the sidebar's very tree.

No Streamlit here. Every value is shell-quoted; a flag is left out only where the CLI's own
default is the sidebar's value, so the command stays short and still says everything.
"""

from __future__ import annotations

import shlex

from dtree_core import notation as notations
from dtree_core.cli import build_parser
from dtree_core.options import Options
from dtree_core.paths import escape_part

# (CLI flag, Options field) of the settings that shape the tree; the CLI's dest is the field.
SETTINGS = (("--max-depth", "max_depth"), ("--min-samples-split", "min_samples_split"),
            ("--min-gain", "min_gain"), ("--min-branch-weight", "min_branch_weight"),
            ("--tie-break", "tie_break"), ("--seed", "seed"), ("--prune", "prune"),
            ("--cf", "cf"), ("--ccp-alpha", "ccp_alpha"), ("--pep-margin", "pep_margin"))
VALIDATED = ("pre", "rep")  # the pruning methods that judge by validation rows
OUTPUTS = ("--json trace.json --dot tree.dot --svg tree.svg --rules-txt rules.txt "
           "--rules-md rules.md")
SCORE_OUTPUTS = "--scores-csv scores.csv --scores-md scores.md --scores-latex scores.tex"


def cli_defaults() -> dict:
    return vars(build_parser().parse_args(["grow", "DATA", "--target", "TARGET"]))


def _quoted(value) -> str:
    return shlex.quote(str(value))


def _option(flag: str, value) -> str:
    """'--flag VALUE'; a value starting with '-' is attached ('--flag=-x') so argparse does
    not take it for a flag of its own."""
    text = str(value)
    return f"{flag}={_quoted(text)}" if text.startswith("-") else f"{flag} {_quoted(text)}"


def _number(value) -> str:
    """Whole numbers without '.0'; others as repr, which reads back as the very same float."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _many(flag: str, values) -> list[str]:
    """'--flag A B' for a list flag; a value starting with '-' gets a '--flag=-x' of its own."""
    plain = [str(v) for v in values if not str(v).startswith("-")]
    dashed = [v for v in values if str(v).startswith("-")]
    grouped = [" ".join([flag, *map(_quoted, plain)])] if plain else []
    return grouped + [_option(flag, value) for value in dashed]


def data_flags(filename: str, choices: dict, columns: list[str]) -> list[str]:
    """The data as the sidebar prepares it: ID-like columns allowed, unselected ones excluded."""
    data = f"./{filename}" if filename.startswith("-") else filename
    kept = {choices["target"], *choices["attributes"]}
    flags = [_quoted(data), _option("--target", choices["target"]), "--include-ids",
             *_many("--exclude", [c for c in columns if c not in kept])]
    for name in ("encoding", "sheet"):
        if choices.get(name) is not None:
            flags.append(_option(f"--{name}", choices[name]))
    return flags


def option_flags(options: Options, unmatched=()) -> list[str]:
    """Algorithm, kinds, limits, tie rule, seed and the forced paths this tree made.

    A forced path the tree could not make was skipped when it grew; the CLI would refuse it,
    and leaving it out grows the same tree.
    """
    defaults = cli_defaults()
    flags = [_option("--algorithm", options.algorithm), *_many("--nominal", options.nominal),
             *_many("--continuous", options.continuous)]
    for flag, field in SETTINGS:
        value = getattr(options, field)
        if value != defaults[field]:
            shown = value if isinstance(value, str) else _number(value)
            flags.append(_option(flag, shown))
    if options.prune_on_tie:
        flags.append("--prune-on-tie")
    if options.subtree_raising:
        flags.append("--subtree-raising")
    flags += [_option("--force", f"{path}={escape_part(attribute)}")
              for path, attribute in options.force if path not in unmatched]
    return flags


def validation_flags(choices: dict, options: Options) -> list[str]:
    """--validation FILE for pre- and reduced-error pruning whose rows came from a file."""
    spec = choices.get("validation") or {}
    if options.prune not in VALIDATED or spec.get("source") != "file":
        return []
    name = spec["filename"]
    return [_option("--validation", f"./{name}" if name.startswith("-") else name)]


def needs_validation_file(choices: dict, options: Options) -> bool:
    """The tree was pruned by rows split off the data: the CLI needs them saved as a file."""
    spec = choices.get("validation") or {}
    return options.prune in VALIDATED and spec.get("source") != "file"


def grow_command(filename: str, choices: dict, columns: list[str], options: Options,
                 trace: dict, lang: str = "en", notation: str = notations.DEFAULT) -> str:
    """The whole command line, with every output the export page offers, printing in the
    session's language (`--lang zh`; English is the CLI's default off a Chinese locale) and
    notation (Li Hang's symbols head the score tables as they do the page's).

    The score-table outputs need a scored root, so a root leaf leaves them out.
    """
    parts = ["python -m dtree_core grow", *data_flags(filename, choices, columns),
             *option_flags(options, set(trace.get("unmatched_force", ()))),
             *validation_flags(choices, options), *(["--lang zh"] if lang == "zh" else []),
             *([_option("--notation", notation)] if notation != notations.DEFAULT else []),
             OUTPUTS]
    if trace["nodes"][0]["scores"]:
        parts.append(SCORE_OUTPUTS)
    return " ".join(parts)
