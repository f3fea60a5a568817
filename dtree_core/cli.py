"""python -m dtree_core grow DATA --target COLUMN ...  (TRACE.md, "Command line")."""

from __future__ import annotations

import argparse
import os
import sys
from contextlib import contextmanager
from functools import cache, partial
from pathlib import Path

from . import algorithms
from . import notation as notations
from .budget import Budget, figure_text
from .cli_messages import (
    CATALOGUE,
    HEADINGS_ZH,
    LANGUAGES,
    OS_REASONS,
    CliError,
    argparse_text,
    decision_text,
    default_language,
    error_text,
    file_summary,
    grow_examples,
    kind_rule_text,
    language_of,
    left_out_text,
    localise_help,
    notice_text,
    prune_reason_text,
    say,
    stop_words,
    subparsers,
)
from .cli_progress import ProgressLine
from .data import CodedError, DataError, Listed, reads_as_number
from .decide import TIE_BREAKS
from .escape import escape_json_for_terminal, escape_terminal, one_line
from .export import on_known_rows
from .labels import SCORE_TABLE_COLUMNS, export_text, score_table_text
from .trace import axis_ties


class _Parser(argparse.ArgumentParser):
    """Bad arguments give one line on stderr and exit status 2, never a usage dump."""

    lang = "en"  # localise_help sets the language main() chose
    argv: tuple[str, ...] = ()  # main() gives every parser the words it parses (error's hint)

    def format_usage(self) -> str:
        return self._worded_usage(super().format_usage())

    def format_help(self) -> str:
        return self._worded_usage(super().format_help())

    def _worded_usage(self, text: str) -> str:
        """argparse's 'usage: ' in the chosen language (its other headings are titles)."""
        prefix = "usage: "
        if self.lang == "zh" and text.startswith(prefix):
            return HEADINGS_ZH["usage"] + text[len(prefix):]
        return text

    def error(self, message: str):
        text = argparse_text(message, self.lang)
        swallowed = _data_in_a_list(self.argv, self.list_flags()) \
            if "required" in message and "data" in message else None
        if swallowed is not None:
            text = say(self.lang, "error.data_in_list", refusal=text, flag=swallowed[0],
                       data=swallowed[1])
        raise SystemExit(_fail(f"{self.prog}: {text}"))

    def list_flags(self) -> set[str]:
        """The flags taking a list of words (nargs="+"): everything after one, up to the next
        flag, is its."""
        return {flag for parser in (self, *subparsers(self)) for action in parser._actions
                if action.nargs == "+" for flag in action.option_strings}


def _data_in_a_list(argv, list_flags) -> tuple[str, str] | None:
    """(flag, word) where the data file seems to have been read as a list flag's last value
    (`--nominal a DATA.csv`: argparse then misses DATA): a word after such a flag, not
    after `--`, that names an existing file or ends as a data file does; None otherwise."""
    from .loading import EXCEL_SUFFIXES  # the loader is imported only once it is needed

    suffixes = (".csv", ".tsv", ".txt", *EXCEL_SUFFIXES)
    flag, found = None, None
    for word in argv:
        if word == "--":
            break
        if word.startswith("-") and not reads_as_number(word):
            flag = word.split("=", 1)[0] if word.split("=", 1)[0] in list_flags else None
        elif flag is not None and (os.path.isfile(word) or word.lower().endswith(suffixes)):
            found = (flag, word)
    return found


def _fail(message: str) -> int:
    print(escape_terminal(" ".join(str(message).split())), file=sys.stderr)
    return 2


def _say(text: str = "") -> None:
    """A line of the summary: the data's names and values may hold control characters."""
    with _to_stdout():
        print(escape_terminal(text))


@contextmanager
def _to_stdout():
    """Writing to standard output: a full disk or a lost device is refused as a file that
    cannot be written is (exit 2, one line), not a traceback; a closed pipe stays main's
    (its reader has what it wanted)."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as err:
        raise CliError("cannot_write_stdout", **os_reason(err)) from None


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The parser; lang words its --help (cli_messages.HELP_ZH for zh)."""
    parser = _Parser(prog="python -m dtree_core", description=__doc__)
    # before the command too (its own dest: a subcommand's default would overwrite it)
    parser.add_argument("--lang", choices=LANGUAGES, dest="top_lang",
                        help="the language of messages: en or zh (also accepted after grow)")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    grow = commands.add_parser("grow", help="grow a tree and print or save its trace",
                               epilog=grow_examples(lang),
                               formatter_class=argparse.RawDescriptionHelpFormatter)
    grow.add_argument("data", help="CSV (any common encoding and delimiter), TSV or XLSX")
    grow.add_argument("--target", required=True, metavar="COLUMN",
                      help="the column holding the classes")
    grow.add_argument("--algorithm", choices=algorithms.keys(), default="id3",
                      help="how each node's split is chosen (default: %(default)s)")
    _add_column_flags(grow)
    grow.add_argument("--include-ids", action="store_true",
                      help="keep columns that look like row IDs (e.g. 编号)")
    grow.add_argument("--max-depth", type=int, metavar="N",
                      help="at most N splits from the root to a leaf (the root has depth 0, as "
                      "in scikit-learn; default: no limit)")
    grow.add_argument("--min-samples-split", type=int, default=2, metavar="N",
                      help="a node with fewer than N samples becomes a leaf (default: "
                      "%(default)s)")
    min_gain = grow.add_argument(
        "--min-gain", type=float, default=0.0, metavar="X",
        help="a node becomes a leaf when the score its rule picks is below X (each "
        "algorithm's score, a field of the trace's score rows: %(scores)s; default: "
        "%(default)s)")
    # argparse fills %(name)s from the action's attributes: the registry's, so a registered
    # algorithm is listed too
    min_gain.scores = ", ".join(f"{algorithm.key} {algorithm.impurity_decrease}"
                                for algorithm in map(algorithms.get, algorithms.keys()))
    grow.add_argument("--min-branch-weight", type=float, metavar="M",
                      help="C4.5's minimum objects (J48's -M): a split needs two branches "
                      "holding at least M samples; off by default")
    grow.add_argument("--seed", type=int, default=0, metavar="N",
                      help="the random seed of CLS and of --tie-break random (default: "
                      "%(default)s)")
    grow.add_argument("--tie-break", choices=TIE_BREAKS, default="first",
                      help="which of tied attributes wins: first or last in column order, "
                      "or random (seeded)")
    grow.add_argument("--encoding", help="the file's encoding, when detection is unsure")
    grow.add_argument("--sheet", help="XLSX sheet name (default: the first one Excel shows, "
                                      "not a hidden one)")
    grow.add_argument("--budget", action="store_true",
                      help="apply the app's resource budget (rows, columns, classes, nodes, "
                      "depth, seconds; DTREE_BUDGET_* variables override it); default: none")
    grow.add_argument("--json", metavar="OUT.json", help="write the trace ('-' for stdout)")
    grow.add_argument("--dot", metavar="OUT.dot",
                      help="write the tree as Graphviz DOT ('-' for stdout)")
    grow.add_argument("--rules", action="store_true", help="print the tree as IF-THEN rules")
    grow.add_argument("--lang", choices=LANGUAGES,
                      help="the language of messages, the summary and the rules: en or zh "
                      "(default: zh when LC_ALL, LC_MESSAGES or LANG starts with zh, else en)")
    _add_export_flags(grow)
    _add_pruning_flags(grow)
    _add_solution_flags(grow)
    localise_help(parser, lang)
    return parser


def grow_command(args) -> int:
    from .export import svg_available
    from .loading import EXCEL_SUFFIXES

    args.lang = args.lang or default_language()  # main() has chosen it; direct callers too
    if args.sheet is not None and not str(args.data).lower().endswith(EXCEL_SUFFIXES):
        raise CliError("sheet_text", data=args.data)
    texts = [f for f in (args.data, args.validation)
             if f is not None and not str(f).lower().endswith(EXCEL_SUFFIXES)]
    if args.encoding is not None and not texts:  # a workbook names its own encoding
        raise CliError("encoding_xlsx", data=args.data)
    _check_file_names(args)
    _check_column_flags(args)
    _check_output_options(args)
    _check_one_stdout(args)
    _check_one_file_each(args)
    _check_writable(args)
    if args.svg and not svg_available():  # before any work, and before any file is written
        raise CliError("no_dot")
    budget = Budget.configured() if args.budget else None
    with ProgressLine(args.lang) as line:  # on stderr, where it is a terminal
        table, prepared = _read_data(args, budget, line)
        trace = _grown(args, prepared, budget, line)
        # Score tables are built only where a node's table is printed or written: the outline
        # (structure, counts, decisions) serves the text, DOT, SVG and rules.
        line.say("outline", nodes=len(trace.nodes))
        outline = trace.to_dict(scores=False)
        _write_outputs(args, trace, outline, line)
    if not _stdout_flags(args):
        _print_summary(table, prepared, trace, outline, args)
    else:  # standard output holds that output alone: what was done to the data goes to stderr
        _print_data_notes(table.report, prepared, args.lang, _say_to_stderr)
    return 0


def _read_data(args, budget: Budget | None, line: ProgressLine):
    """(the table read from DATA, the table prepared for growing)."""
    from .loading import load_path, prepare

    _reading(line, args.data)
    table = load_path(args.data, encoding=args.encoding, sheet=args.sheet, budget=budget)
    line.say("preparing")
    return table, prepare(table, args.target, include_ids=args.include_ids, exclude=args.exclude,
                          nominal=args.nominal, continuous=args.continuous, budget=budget)


def _grown(args, prepared, budget: Budget | None, line: ProgressLine):
    """The trace of the tree grown (and pruned) as the flags say."""
    from .fitting import fit_tree
    from .options import Options

    with _options_as_flags(getattr(args, "words", None)):
        options = Options.build(
            algorithm=args.algorithm, max_depth=args.max_depth,
            min_samples_split=args.min_samples_split, min_gain=args.min_gain,
            min_branch_weight=args.min_branch_weight, seed=args.seed, tie_break=args.tie_break,
            nominal=prepared.nominal, continuous=prepared.continuous, force=args.force,
            **_pruning_options(args))
    validation = _validation_rows(args, prepared, budget, line)
    return fit_tree(options, prepared.X, prepared.y, validation=validation,
                    budget=_watched(budget, line, args)).trace


def _reading(line: ProgressLine, path: str) -> None:
    """The phase of reading a file, with its size (said only of a file that has one)."""
    if os.path.isfile(path):
        line.say("reading", name=Path(path).name, mb=figure_text(os.path.getsize(path) / 1e6))


def _watched(budget: Budget | None, line: ProgressLine, args) -> Budget | None:
    """The budget growth runs under, telling the progress line each depth and the start of
    pruning: --budget's limits, or none (Budget.unlimited). No progress line (stderr is no
    terminal): the budget as it is."""
    if not line.on:
        return budget
    name = say(args.lang, f"pruning.name.{args.prune}") if args.prune != "none" else ""
    return (budget or Budget.unlimited()).watched(
        lambda depth, nodes: line.say("growing", depth=depth, nodes=nodes),
        on_pruning=lambda: line.say("pruning", name=name))


@contextmanager
def _options_as_flags(words: list[str] | None):
    """An option Options refuses, worded with the flag the user typed (--min-gain), not the
    Python parameter its own sentence names (min_gain): error.option.<field> in the
    catalogue. The value is quoted as typed (read again from the command line's `words`, by
    _typed_numbers, only when a refusal needs it): Python's spelling of the parsed number
    (-1.0, inf for 1e400) is not what the user wrote. A refusal with no such words (or of a
    field no flag sets) stays as it is."""
    try:
        yield
    except CodedError as err:
        code, details = getattr(err, "code", ""), getattr(err, "details", {})
        field = details.get("field")
        if not (code.startswith("option.") and field in _grow_parser_dests()
                and f"error.{code}" in CATALOGUE["en"]):
            raise
        worded = {k: v for k, v in details.items() if k in ("value", "low", "high")}
        typed = _typed_numbers(words) if words is not None else {}
        if field in typed:
            worded["value"] = typed[field]
        raise CliError(code, flag=_flag(field), **worded) from None


@cache
def _grow_parser_dests() -> frozenset[str]:
    """The names of grow's arguments (each set by the flag _flag names)."""
    return frozenset(action.dest for action in _grow_parser()._actions)


def _flag(name: str) -> str:
    """The flag that sets the argument `name` (scores_csv: --scores-csv)."""
    return f"--{name.replace('_', '-')}"


# The flags that write a file, or standard output for '-'.
OUTPUT_FLAGS = ("json", "dot", "svg", "rules_txt", "rules_md", "scores_csv", "scores_md",
                "scores_latex", "solution")


def _output_files(args):
    """(flag, file name) of each output written to a file, not to standard output ('-')."""
    for name in OUTPUT_FLAGS:
        target = getattr(args, name, None)
        if target is not None and target != "-":
            yield _flag(name), target


def _check_file_names(args) -> None:
    """An empty file name ('' from an unset shell variable) is refused: an output flag's was
    read as no flag at all (nothing written, nothing said), and DATA's as the folder '.'."""
    for name, flag in (("data", "DATA"), ("validation", "--validation")):
        if getattr(args, name) == "":
            raise CliError("empty_input", flag=flag)
    for flag in OUTPUT_FLAGS:
        if getattr(args, flag, None) == "":
            raise CliError("empty_output", flag=_flag(flag))


def _check_column_flags(args) -> None:
    """A column both left out (--exclude) and given a kind (--nominal, --continuous) is
    refused: the two flags ask opposite things, and the column was silently left out. So is
    a column given both kinds (the loader's refusal named no flag)."""
    for name in ("nominal", "continuous"):
        both = [column for column in args.exclude if column in getattr(args, name)]
        if both:
            raise CliError("excluded_and_kind", column=both[0], flag=_flag(name))
    both = [column for column in args.nominal if column in args.continuous]
    if both:
        raise CliError("two_kinds", column=both[0])


# Flags that choose what an output holds, and the outputs they serve.
OUTPUT_OPTIONS = (("scores_node", ("scores_csv", "scores_md", "scores_latex")),
                  ("solution_node", ("solution",)),
                  ("solution_scope", ("solution",)),
                  ("solution_lang", ("solution",)))


def _check_output_options(args) -> None:
    """A flag for an output that is not asked for is refused, as a pruning flag the chosen
    --prune would ignore is: --scores-node without --scores-* was silently ignored (nor was
    its path checked)."""
    grow = _grow_parser()
    for name, outputs in OUTPUT_OPTIONS:
        asked_for = any(getattr(args, output) for output in outputs)
        if getattr(args, name) != grow.get_default(name) and not asked_for:
            raise CliError("option_unused", flag=_flag(name),
                           outputs="|".join(map(_flag, outputs)))


@cache
def _grow_parser() -> argparse.ArgumentParser:
    """grow's parser (the only command's), for its defaults: grow_command may be called
    without main's parser."""
    (grow,) = subparsers(build_parser())
    return grow


def _check_one_file_each(args) -> None:
    """Each output its own file, and none an input: `--json t.json --dot t.json` left the DOT
    with the trace silently lost, and `--json DATA` replaced the data it was grown from."""
    inputs: dict[str, str] = {}
    for path, flag in ((args.data, "DATA"), (args.validation, "--validation")):
        if path:
            inputs.setdefault(os.path.realpath(path), flag)
    written: dict[str, str] = {}
    for flag, target in _output_files(args):
        # a device or a pipe (/dev/null, /dev/stdout, >(…)) is not replaced by what is
        # written to it: two outputs may share it (a regular file behind /dev/stdout may not)
        if _not_a_file(target):
            continue
        key = os.path.realpath(target)
        if key in inputs:
            raise CliError("output_is_input", flag=flag, input=inputs[key], target=target)
        if key in written:
            raise CliError("same_output", first=written[key], second=flag, target=target)
        written[key] = flag


def _not_a_file(path: str) -> bool:
    """Does `path` name something that exists and is not a regular file (a device, a pipe)?"""
    return os.path.exists(path) and not os.path.isfile(path)


def _check_writable(args) -> None:
    """Each output's folder exists (and the name is no folder) before the tree is grown: a
    missing folder was found after growing, once the outputs before it were written, with
    exit 2 and a message naming only the file that failed."""
    import errno

    for _flag, target in _output_files(args):
        folder = os.path.dirname(os.path.abspath(target))
        problem = (errno.EISDIR if os.path.isdir(target) else
                   errno.ENOENT if not os.path.exists(folder) else
                   errno.ENOTDIR if not os.path.isdir(folder) else
                   errno.EACCES if not os.access(target if os.path.exists(target) else folder,
                                                 os.W_OK) else None)
        if problem is not None:
            raise CliError("cannot_write", target=target,
                           **os_reason(OSError(problem, os.strerror(problem))))


def _stdout_flags(args) -> list[str]:
    """The output flags given '-' (standard output), in OUTPUT_FLAGS' order."""
    return [_flag(flag) for flag in OUTPUT_FLAGS if getattr(args, flag, None) == "-"]


def _check_one_stdout(args) -> None:
    """An output on standard output must be the only thing there (a pipe reads it: `--dot - |
    dot -Tsvg`, JSON parsed): the summary is then not printed, so a second output at '-' would
    be mixed into it, and --rules, part of the summary, would be lost. --json - has its own
    words (the text must stay JSON)."""
    dashed = _stdout_flags(args)
    if not dashed:
        return
    first, others = dashed[0], dashed[1:] + (["--rules"] if args.rules else [])
    if others:  # --rules takes no file: the flag that writes the rules to one is named
        code = "stdout_json" if first == "--json" else "stdout_one"
        raise CliError(code + ("_rules" if args.rules else ""), first=first,
                       flags=" ".join(others))


def _add_pruning_flags(grow) -> None:
    """Pruning (TRACE.md): pre and rep judge by the rows of --validation."""
    from .options import PRUNE_METHODS, PRUNING_DEFAULTS

    grow.add_argument("--prune", choices=PRUNE_METHODS, default=PRUNING_DEFAULTS["prune"],
                      help="none (the default), pre-pruning, reduced-error (both need "
                      "--validation), C4.5's pessimistic, CART's cost-complexity or Li Hang's "
                      "cost (C_α) pruning")
    grow.add_argument("--validation", metavar="FILE",
                      help="validation rows for --prune pre|rep (the same columns as DATA)")
    grow.add_argument("--ccp-alpha", type=float, default=PRUNING_DEFAULTS["ccp_alpha"], metavar="X",
                      help="--prune ccp: prune subtrees whose effective alpha is at most X; "
                      "--prune cost: Li Hang's α in C_α(T) = Σ N_t·H_t + α|T|")
    grow.add_argument("--cf", type=float, default=PRUNING_DEFAULTS["cf"], metavar="X",
                      help="--prune pep: C4.5's confidence factor (J48's -C), default %(default)s")
    grow.add_argument("--prune-on-tie", action="store_true",
                      help="--prune rep: prune also when validation accuracy stays the same")
    grow.add_argument("--subtree-raising", action="store_true",
                      help="--prune pep: C4.5's subtree raising (J48's default)")
    grow.add_argument("--pep-margin", type=float, default=PRUNING_DEFAULTS["pep_margin"],
                      metavar="X", help="--prune pep: prune when the leaf's estimated errors "
                      "are at most the subtree's + X (J48: 0.1), default %(default)s")


def _pruning_options(args) -> dict:
    """The pruning options; flags that the chosen --prune would ignore are refused."""
    from .options import PRUNING_DEFAULTS
    from .pruning import VALIDATED

    if args.prune in VALIDATED and not args.validation:
        raise CliError("needs_validation", method=args.prune)
    if args.validation and args.prune not in VALIDATED:
        raise CliError("validation_unused")
    for flag, name, methods in (("--ccp-alpha", "ccp_alpha", ("ccp", "cost")),  # cost: α
                                ("--cf", "cf", ("pep",)),
                                ("--prune-on-tie", "prune_on_tie", ("rep",)),
                                ("--subtree-raising", "subtree_raising", ("pep",)),
                                ("--pep-margin", "pep_margin", ("pep",))):
        if getattr(args, name) != PRUNING_DEFAULTS[name] and args.prune not in methods:
            raise CliError("flag_unused", flag=flag, method="|".join(methods))
    return {"prune": args.prune, "ccp_alpha": args.ccp_alpha, "cf": args.cf,
            "prune_on_tie": args.prune_on_tie, "subtree_raising": args.subtree_raising,
            "pep_margin": args.pep_margin}


def _validation_rows(args, prepared, budget: Budget | None, line: ProgressLine):
    """(X, y) of the --validation file, with the training data's attribute columns (read
    within --budget's limits, as the training file is)."""
    if not args.validation:
        return None
    from .loading import LoadError, load_path, validation_rows

    _reading(line, args.validation)
    try:
        frame = load_path(args.validation, encoding=args.encoding, sheet=args.sheet,
                          budget=budget).frame
    except LoadError as error:  # named: the training file's refusals read the same
        raise CliError("validation_file", path=args.validation, reason=str(error),
                       cause=error) from error
    return validation_rows(frame, list(prepared.X.columns), prepared.continuous,
                           str(prepared.y.name))


def _pruned_tree(outline: dict) -> dict:
    """The tree left after post-pruning, for drawing: pruned-away nodes dropped (ids kept),
    and the pruned leaves without children."""
    if not any(node.get("pruned_away") for node in outline["nodes"]):
        return outline
    nodes = [{**node, "children": [] if node["decision"]["stop"] == "pruned" else
              node["children"]} for node in outline["nodes"] if not node.get("pruned_away")]
    kept = {node["id"] for node in nodes}
    return {**outline, "nodes": nodes, "steps": [i for i in outline["steps"] if i in kept]}


def _write_outputs(args, trace, outline: dict, line: ProgressLine) -> None:
    if args.json:
        _write_json(args.json, trace, line)
    if args.dot:
        from .dot import to_dot

        _writing(line, args.dot)
        _write(args.dot, to_dot(_pruned_tree(outline)).source.rstrip("\n"))
    _write_exports(args, trace, outline, line)


def _writing(line: ProgressLine, *targets: str | None) -> None:
    """The phase of writing an output (or several made together, the first named): to a
    file, named without its folder (as the data is, so the line fits); where one goes to
    standard output, the line is cleared instead (a terminal may show both streams)."""
    if "-" in targets:
        line.clear()
    else:
        line.say("writing", target=Path(next(filter(None, targets))).name)


def _add_column_flags(grow) -> None:
    """Flags naming columns (several after one flag; repeating one adds more) and forced
    splits (TRACE.md's PATH=ATTRIBUTE)."""
    for flag, what in (("--exclude", "columns left out of the attributes"),
                       ("--nominal", "columns read as nominal, whatever they look like"),
                       ("--continuous", "columns read as continuous, whatever they look like")):
        grow.add_argument(flag, nargs="+", action="extend", default=[], metavar="COLUMN",
                          help=what)
    grow.add_argument("--force", nargs="+", action="extend", default=[],
                      metavar="PATH=ATTRIBUTE",
                      help="split on ATTRIBUTE at the node PATH, as a textbook breaks a tie by "
                      "hand: PATH is root or the branch conditions from the root joined by /, "
                      "the last = before the attribute (纹理=清晰/根蒂=稍蜷=色泽)")


def _add_export_flags(grow) -> None:
    """Issue 5's exports: rules, a node's score table, and the tree as SVG."""
    for flag, what in (("--rules-txt", "the IF-THEN rules as text"),
                       ("--rules-md", "the IF-THEN rules as a Markdown table"),
                       ("--scores-csv", "the score table as CSV (a file in UTF-8 with BOM, for "
                                        "Excel)"),
                       ("--scores-md", "the score table as Markdown"),
                       ("--scores-latex", "the score table as a LaTeX booktabs tabular"),
                       ("--svg", "the tree as SVG (needs Graphviz's dot program)")):
        grow.add_argument(flag, metavar="OUT", help=f"write {what} ('-' for stdout)")
    grow.add_argument("--scores-node", metavar="PATH", default="root",
                      help="the node whose score table --scores-* write (default: root)")


def _add_solution_flags(grow) -> None:
    """The worked solution (dtree_core.solution): the book's hand computation, node by node."""
    from .solution import LANGUAGES, SCOPES

    grow.add_argument("--solution", metavar="FILE",
                      help="write the worked solution: Markdown with LaTeX (.md) or a printable "
                      "HTML page (.html); '-' prints Markdown")
    grow.add_argument("--solution-lang", choices=LANGUAGES,
                      help="the solution's language (default: --lang's)")
    grow.add_argument("--notation", choices=notations.NOTATIONS_ORDER, default=notations.DEFAULT,
                      help="the symbols of the worked solution and the root's score table: "
                           "Zhou's Ent/Gain/Gain_ratio or Li Hang's H/g/g_R (default: zhou)")
    grow.add_argument("--solution-node", metavar="PATH", default="root",
                      help="the node the solution starts at (default: root)")
    grow.add_argument("--solution-scope", choices=SCOPES, default="tree",
                      help="that node alone, the branch below it, or the whole tree (default)")


def _write_solution(args, trace, outline: dict) -> None:
    from . import solution

    full = trace.to_dict()
    node = _node_at(trace, outline, args.solution_node, scored=False)
    worked = solution.solve(full, node["id"], args.solution_scope,
                            dataset=Path(args.data).stem, notation=args.notation)
    as_html = args.solution.lower().endswith((".html", ".htm"))
    render = solution.to_html if as_html else solution.to_markdown
    _write(args.solution, render(worked, args.solution_lang or args.lang).rstrip("\n"))


def _write_exports(args, trace, outline: dict, line: ProgressLine) -> None:
    from . import export, rules

    if args.rules_txt:
        _writing(line, args.rules_txt)
        _write(args.rules_txt, rules.rules_text(outline, lang=args.lang))
    if args.rules_md:
        _writing(line, args.rules_md)
        _write(args.rules_md, rules.rules_markdown(outline, lang=args.lang).rstrip("\n"))
    if args.scores_csv or args.scores_md or args.scores_latex:
        _writing(line, args.scores_csv, args.scores_md, args.scores_latex)
        node = _node_at(trace, outline, args.scores_node)
        table = _worded_scores(export.score_table(node), args.lang, notations.get(args.notation),
                               export.on_known_rows(node))
        if args.scores_csv:
            _write(args.scores_csv, export.to_csv(table).rstrip("\n"),
                   encoding="utf-8-sig")
        # the note as written (its {booktabs} is LaTeX, not a placeholder for say to fill)
        latex = partial(export.to_latex, note=CATALOGUE[args.lang]["latex.note"])
        for target, render in ((args.scores_md, export.to_markdown),
                               (args.scores_latex, latex)):
            if target:
                _write(target, render(table).rstrip("\n"))
    if args.solution:
        _writing(line, args.solution)
        _write_solution(args, trace, outline)
    if args.svg:
        from .dot import to_dot

        _writing(line, args.svg)
        _write(args.svg, export.to_svg(to_dot(_pruned_tree(outline)).source).rstrip("\n"))


def _worded_scores(table, lang: str, names: notations.Notation, known_only: bool = False):
    """A score table for --scores-*, in the words the app's download has: the language's
    headers and kinds, a notation's symbols for the scores where it heads its tables so (of
    D̃ where `known_only`)."""
    from . import export

    def header_of(header: str) -> str:
        if header in export.SCORE_QUANTITIES:
            return names.header(export.SCORE_QUANTITIES[header], known_only) \
                if names.symbol_headers else header
        return say(lang, f"scores.col.{header}", _names=names)

    return export.worded(table, header_of, lambda kind: say(lang, f"scores.kind.{kind}"))


def _node_at(trace, outline: dict, path: str, scored: bool = True) -> dict:
    """The node with this path (as --force writes it); one line naming the choices if none."""
    from .paths import canonical_path, nodes_by_key

    nodes = nodes_by_key(outline)
    node = nodes.get(canonical_path(path))
    if node is None:
        some = Listed(list(nodes)[:6])
        raise CliError("no_node", path=path, examples=some)
    node = trace.node_dict(trace.nodes[node["id"]])
    if scored and not node["scores"]:
        raise CliError("not_scored", path=path)
    return node


def _write_json(target: str, trace, line: ProgressLine) -> None:
    """The trace streamed node by node: a big tree is never one string in memory."""
    if target == "-":  # a terminal shows the data's control characters, never runs them
        line.clear()
        with _to_stdout():
            trace.write_json(_TerminalJson(sys.stdout) if sys.stdout.isatty() else sys.stdout)
        return
    name = Path(target).name
    told = (lambda done, total: line.say("json", target=name, done=done, total=total)) \
        if line.on else None
    try:
        with open(target, "w", encoding="utf-8") as stream:
            trace.write_json(stream, progress=told)
    except OSError as err:
        raise CliError("cannot_write", target=target, **os_reason(err)) from None


class _TerminalJson:
    """A text stream writing JSON to a terminal with its C1 and bidi controls escaped (still
    the same JSON); trace.write_json writes text to it, not bytes, as it has no buffer."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(escape_json_for_terminal(text))


def os_reason(err: OSError) -> dict:
    """Why a file cannot be written: the system's words, and the catalogue's code for the
    common reasons (cli_messages.OS_REASONS), so error_text says them in each language."""
    return {"reason": err.strerror or str(err), "reason_code": OS_REASONS.get(err.errno)}


def _write(target: str, text: str, encoding: str = "utf-8") -> None:
    if target == "-":  # a terminal shows the data's control characters, never runs them
        with _to_stdout():
            sys.stdout.write((escape_terminal(text) if sys.stdout.isatty() else text) + "\n")
        return
    try:
        Path(target).write_text(text + "\n", encoding=encoding)
    except OSError as err:
        raise CliError("cannot_write", target=target, **os_reason(err)) from None


def _print_summary(table, prepared, trace, outline: dict, args) -> None:
    """The readable summary in args.lang (the catalogue's words, dtree_core.cli_messages)."""
    lang = args.lang
    _print_load_notes(table.report, prepared, lang, notations.get(args.notation))
    # the nodes of the tree printed below: not those pruning cut away, nor a raise replaced
    shown = sum(1 for node in trace.nodes if not node.pruned_away)
    # the algorithm's name in the language (斜决策树): one that names a tree itself is not
    # followed by the word again
    from .solution import algorithm_name

    name = algorithm_name(trace.algorithm, lang)
    named = name.endswith("决策树")
    _say("\n" + say(lang, "tree.header.named" if named else "tree.header", algorithm=name,
                      nodes=shown))
    _say(export_text(outline, stop_words=stop_words(lang, notations.get(args.notation),
                                                    outline["algorithm"])))
    if trace.pruning:
        _print_pruning(trace, outline, lang)
    if args.rules:
        from .rules import rules_text

        _say("\n" + say(lang, "rules.header") + "\n" + rules_text(outline, lang=lang))
    root = trace.node_dict(trace.nodes[0])
    if root["scores"]:
        _print_root_scores(root, outline, lang, notations.get(args.notation))


def _print_root_scores(root: dict, outline: dict, lang: str,
                       names: notations.Notation) -> None:
    """The root's score table and the rule that read it, then the candidates it could not
    take (min_branch_weight's, as the grow page says). Where a linear test won (the
    decision has an axis_best) no row is chosen and '=' marks the single attributes tied for
    the best single attribute (the app's tie column): the header's legend says so, and a
    sentence names them with the Gini index the linear test beat."""
    decision = root["decision"]
    header = "scores.header.linear" if "weights" in decision else "scores.header"
    _say("\n" + say(lang, header, names, entropy=f"{root['entropy']:.3f}",
                    gini=f"{root['gini']:.3f}", entropy_of_d=names.text("entropy")))
    _say(score_table_text(root, attribute=say(lang, "scores.attribute", names),
                          threshold=say(lang, "scores.threshold", names),
                          **score_headers(names, on_known_rows(root))))
    params = outline["params"]
    _say(one_line(decision_text(decision, params.get("tie_break", "first"), lang, names,
                                root["scores"])))
    left_out = left_out_text(lang, outline["algorithm"], root, params.get("min_branch_weight"),
                             names)
    if left_out:
        _say(one_line(left_out))
    tied = axis_ties(decision)
    if tied:
        _say(say(lang, "scores.axis_ties", names, linear=f"{decision['linear_impurity']:.3f}",
                 ties=Listed(tied), axis=f"{decision['axis_best']['gini_index']:.3f}"))


def score_headers(names: notations.Notation, known_only: bool = False) -> dict:
    """score_table_text's headers: Li Hang's symbols (g(D, A), H_A(D), …) where his notation
    heads its tables so, of D̃ where `known_only` (Gini(D̃, A), as --scores-* and the sentence
    under the table write it); Zhou's names (the table's default) otherwise."""
    if not names.symbol_headers:
        return {}
    return {"headers": tuple(names.header(q, known_only) for q in SCORE_TABLE_COLUMNS)}


def _print_load_notes(report, prepared, lang: str, names=None) -> None:
    """How the file was read, the loader's warnings and notes, and each attribute's kind
    (in the notation's words: Li Hang's 特征类型)."""
    _say(file_summary(report, lang))
    _print_data_notes(report, prepared, lang, _say)
    for column, rule in prepared.kind_rules.items():
        _say(one_line(say(lang, "kind", names, column=column,
                          text=kind_rule_text(rule, lang, names))))


def _print_data_notes(report, prepared, lang: str, say_line) -> None:
    """The loader's warnings and the notes of preparing the data (columns left out, rows
    dropped), a line each: a line break in a name or value quoted there is shown as ⏎."""
    from .loading import warnings_for  # the loader is imported only once it is needed

    for warning in warnings_for(report, prepared.y.name):
        say_line(one_line(say(lang, "warning", text=notice_text(warning, lang))))
    for column, reason in prepared.excluded.items():
        # a notice that names its column itself is not led by the name again
        named = getattr(reason, "details", {}).get("column") == column
        say_line(one_line(say(lang, "note" if named else "note.column", column=column,
                              text=notice_text(reason, lang))))
    for note in prepared.notes:
        if note not in prepared.excluded.values():  # said once, with its column, above
            say_line(one_line(say(lang, "note", text=notice_text(note, lang))))


def _say_to_stderr(text: str) -> None:
    print(escape_terminal(text), file=sys.stderr)


def _print_pruning(trace, outline: dict, lang: str) -> None:
    """Each pruning event, in the order it was decided, with the numbers it compared."""
    from .labels import display_width

    away = sum(1 for node in outline["nodes"] if node.get("pruned_away"))
    method = outline["params"].get("prune")
    _say("\n" + say(lang, "pruning.header.away" if away else "pruning.header",
                    name=say(lang, f"pruning.name.{method}"), method=method, away=away))
    first = trace.pruning[0] if trace.pruning else {}
    for fact in ("unlabelled_rows", "shared_rows"):  # the same in every event
        if first.get(fact):
            _say(say(lang, f"pruning.{fact}", count=first[fact], n=first["validation_rows"]))
    actions = {a: say(lang, _action_key(method, a)) for a in ("prune", "keep", "raise")}
    width = max(map(display_width, actions.values()))
    for event in trace.pruning:
        where = _pruned_where(outline, event["node"], lang)
        action = actions.get(event["action"], event["action"])
        _say(say(lang, "pruning.event", action=action + " " * (width - display_width(action)),
                 where=where, reason=prune_reason_text(method, event, lang)))


def _action_key(method: str, action: str) -> str:
    """An event's action word: the method's own where it has one (pre-pruning's "split")."""
    own = f"pruning.action.{method}.{action}"
    return own if own in CATALOGUE["en"] else f"pruning.action.{action}"


def _pruned_where(outline: dict, node_id: int, lang: str) -> str:
    """A pruned node's path as the printed tree writes its branches, and where that text
    would not name the node to --force (a value holding '/' or '=', which --force escapes),
    the path --force takes too. (A cut written with more digits still names its node:
    --force matches thresholds to 6 significant digits.)"""
    from .labels import branch_text, node_path
    from .paths import canonical_path, node_key

    if node_id == 0:
        return say(lang, "pruning.root")
    shown = "/".join(branch_text(c) for c in node_path(outline, outline["nodes"][node_id]))
    key = node_key(outline, node_id)
    if canonical_path(shown) == key:
        return shown
    return say(lang, "pruning.where.key", path=shown, key=key)


def _negative_numbers_attached(parser, argv: list[str]) -> list[str]:
    """argv with a number flag's value that starts with '-' but is no plain number (-inf,
    -nan, -1e-3) attached as --flag=value: argparse reads such a value as another flag and
    said "expected one argument" where the flag's own check has the words."""
    numbers = {flag for action in _number_actions(parser) if action.type is float
               for flag in action.option_strings}
    out = []
    for arg in argv:
        if out and out[-1] in numbers and arg.startswith("-") and reads_as_number(arg):
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


def _number_actions(parser) -> list[argparse.Action]:
    """The arguments argparse reads as numbers (type int or float), of every command."""
    return [action for sub in (parser, *subparsers(parser)) for action in sub._actions
            if action.type in (int, float)]


def _typed_numbers(words: list[str]) -> dict[str, str]:
    """Each number flag given, by argument name, as its text was typed ("1e400", "-1"):
    argparse keeps only the number (inf, -1.0), which a refusal must not quote for it. The
    words are parsed again with the number types off, so argparse itself finds the values
    (an abbreviated flag, --flag=value, the last of a repeated flag) as it did the numbers;
    the defaults are numbers, so a text is a value given. Blanks around it, which the
    number's reading skips, are left out."""
    parser = build_parser()
    numbers = _number_actions(parser)
    for action in numbers:
        action.type = None
    parsed = vars(parser.parse_args(words))
    return {action.dest: parsed[action.dest].strip() for action in numbers
            if isinstance(parsed[action.dest], str)}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = language_of(argv)
    parser = build_parser(lang)
    for each in (parser, *subparsers(parser)):
        each.argv = tuple(argv)
    words = _negative_numbers_attached(parser, argv)
    args = parser.parse_args(words)
    args.words = words  # read again where a refusal quotes a number as typed
    args.lang = args.lang or args.top_lang or lang
    try:
        status = grow_command(args)
        with _to_stdout():  # what is still buffered, while a failure can be said
            sys.stdout.flush()
        return status
    except (DataError, ValueError) as err:
        return _fail(say(args.lang, "error", text=error_text(err, args.lang)))
    except BrokenPipeError:  # e.g. piped into head: the reader has what it wanted
        sys.stderr.close()
        return 0
    except MemoryError:
        return _fail(say(args.lang, "error", text=say(args.lang, "error.memory")))


if __name__ == "__main__":  # `python -m dtree_core.cli` is the same command, not a silent exit 0
    sys.exit(main())
