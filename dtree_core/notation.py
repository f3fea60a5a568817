"""The two textbooks' symbols for the same quantities, as data: Zhou Zhihua's 机器学习 ch. 4
(Ent(D), Gain(D,a), IV(a), Gain_ratio(D,a), Gini(D), Gini_index(D,a)) and Li Hang's 统计学习方法
ch. 5 (H(D), H(D|A), g(D,A), H_A(D), g_R(D,A), Gini(D), Gini(D,A)).

One table per notation; the worked solution, check-my-numbers, the quiz and the app's formulas
and score-table headers all read it, so switching notation changes no logic. A symbol is a
pair of templates (LaTeX, Unicode text) with the placeholders `<D>` (the set) and `<a>` (the
attribute), filled by plain replacement so LaTeX braces need no escaping.

Zhou never names the conditional entropy Σᵥ |Dᵛ|/|D|·Ent(Dᵛ); Li Hang calls it H(D|A) and his
score table shows it, so `conditional_entropy` derives it from a trace score row's own numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NOTATIONS_ORDER = ("zhou", "lihang")
DEFAULT = "zhou"


@dataclass(frozen=True)
class Symbol:
    latex: str  # LaTeX template: <D>, <a> are replaced
    text: str  # Unicode template


@dataclass(frozen=True)
class Notation:
    key: str
    symbols: dict[str, Symbol]  # quantity -> symbol (the trace's field names)
    columns: tuple[str, ...]  # extra score-table columns this notation shows (derived)
    generic_entropy: Symbol  # the entropy's name inside generic formulas: Ent or H
    mean_gain: Symbol  # C4.5's filter threshold
    # (stop code, the score it compared) -> the stop's words in this book's terms: ID3's
    # min_gain on the gain is Li Hang's threshold ε of Alg. 5.2.
    stop_words: tuple[tuple[tuple[str, str], str], ...] = ()
    symbol_headers: bool = False  # score-table headers are the symbols (Zhou's: the words)
    # The subset of <D> down one branch, and the index the sums run over: Zhou's Dᵛ (Σᵥ),
    # Li Hang's Dᵢ (Σᵢ, eq. 5.8); its text is written as the formulas show it (Dᵛ, not D^v)
    subset: Symbol = Symbol("<D>^v", "<D>ᵛ")
    index: str = "v"
    # The same in running text: Dᵛ and Σᵥ (Zhou), Dᵢ and Σᵢ (Li Hang); a numbered branch is
    # D¹, D² in Zhou's worked examples and D₁, D₂ in Li Hang's
    subset_mark: str = "ᵛ"
    index_mark: str = "ᵥ"
    numbers_below: bool = False
    # The book's own numbered algorithms (Li Hang's 5.2, 5.3) take the place of Zhou's
    # Fig. 4.2 for an algorithm that follows one (Algorithm.lihang_algorithm)
    own_algorithms: bool = False
    # A class's share of D in the entropy and Gini formulas: Zhou's pₖ (eq. 4.1, 4.5), Li
    # Hang's |Cₖ|/|D| (eq. 5.7, 5.24), and its square
    class_share: Symbol = Symbol("p_k", "pₖ")
    class_share_squared: Symbol = Symbol("p_k^2", "pₖ²")
    # A two-way split with one value a on a side is written Gini(D, A=a) (Li Hang's eq. 5.25)
    value_split: bool = False
    # The book's words for Zhou's in running text (Li Hang: 特征, feature for 属性, attribute;
    # his g(D, A) where an English sentence names the gain by Zhou's symbol: "lowest Gain")
    terms: tuple[tuple[str, str], ...] = ()

    def stop_key(self, stop: str, algorithm) -> str:
        """A leaf's stop code as the catalogue words it for this algorithm in this book's
        terms: ID3's min gain is Li Hang's ε on g where the algorithm follows his Alg. 5.2;
        a min-gain leaf compared CART's ρ·ΔGini, or (a rule that ranks by something else:
        Zhou's C4.5, a random or lowest pick) the gain of the attribute the rule picked."""
        if algorithm.lihang_algorithm:
            own = dict(self.stop_words).get((stop, algorithm.impurity_decrease))
            if own:
                return own
        if stop == "min_gain" and algorithm.impurity_decrease == "gini_gain":
            return "min_gain.gini"
        if stop == "min_gain" and (algorithm.ranks_by != algorithm.impurity_decrease
                                   or algorithm.ranks_lowest):
            return "min_gain.chosen"
        return stop

    def own_algorithm(self, algorithm) -> str | None:
        """The number of this book's algorithm that `algorithm` (a record) follows, Li Hang's
        5.2, 5.3 or 5.6, where this notation puts its own algorithms in Fig. 4.2's place:
        the one gate of the pseudocode, the grow page's leaf sentences and the worked
        solution's (his words only for an algorithm of his book); None otherwise."""
        return algorithm.lihang_algorithm if self.own_algorithms and algorithm else None

    def in_terms(self, template: str) -> str:
        """A catalogue template with this book's words for Zhou's (Li Hang's 特征 for 属性),
        its {placeholders} (the values filled in later: names from the data) and the words it
        quotes from a book by name (within QUOTED's brackets, which are dropped: "即周志华书中
        的“⟦精度⟧”" stays Zhou's word under any notation) left as they are."""
        if not self.terms and QUOTED[0] not in template:
            return template
        parts = re.split(r"(\{[^{}]*\}|⟦[^⟦⟧]*⟧)", template)
        for i in range(0, len(parts), 2):
            for zhou, own in self.terms:
                parts[i] = parts[i].replace(zhou, own)
            if self.terms:  # "a sample" became "a instance": the article before a vowel
                parts[i] = _A_BEFORE_VOWEL.sub(r"\1n \2", parts[i])
        for i in range(1, len(parts), 2):
            parts[i] = parts[i].strip(QUOTED)
        return "".join(parts)

    def latex(self, quantity: str, D: str = "D", a: str = "a") -> str:
        return _fill(self.symbols[quantity].latex, D, a)

    def text(self, quantity: str, D: str = "D", a: str = "a") -> str:
        return _fill(self.symbols[quantity].text, D, a)

    def subset_latex(self, D: str = "D") -> str:
        return _fill(self.subset.latex, D, "")

    def numbered_subset(self, D_latex: str, D_text: str, number: int) -> tuple[str, str]:
        """The number-th subset of D as (LaTeX, text): Zhou's D¹, Li Hang's D₁."""
        digits = str(number).translate(_SUBSCRIPT if self.numbers_below else _SUPERSCRIPT)
        mark = "_" if self.numbers_below else "^"
        return f"{D_latex}{mark}{{{number}}}", D_text + digits

    def branch_header(self, column: str, known_only: bool = False) -> str | None:
        """A branch-table column's header in this book's symbols (Li Hang's |Dᵢ|, H(Dᵢ),
        Gini(Dᵢ)), of D̃ (the rows whose value is known) where `known_only`; None where the
        catalogue's words are the header (Zhou's notation, all values known)."""
        if not (self.symbol_headers or known_only) or column not in BRANCH_COLUMNS:
            return None
        subset = _fill(self.subset.text, "D̃" if known_only else "D", "")
        return f"|{subset}|" if column == "n" else self.text(BRANCH_COLUMNS[column], subset)

    def header(self, quantity: str, known_only: bool = False) -> str | None:
        """A score-table column's header (the symbol with the book's generic arguments); of
        D̃ for a quantity computed on the rows whose value is known, where values are missing
        (H(D̃|A), Gini(D̃, A): Zhou §4.4.2)."""
        if quantity not in self.symbols or quantity in DERIVED and quantity not in self.columns:
            return None
        on_known = known_only and quantity in ON_KNOWN_ROWS
        return self.text(quantity, "D̃" if on_known else "D", GENERIC_ATTRIBUTE[self.key])


QUOTED = "⟦⟧"  # in a catalogue text: a book's own word, quoted by name (Notation.in_terms)
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
GENERIC_ATTRIBUTE = {"zhou": "a", "lihang": "A"}  # Zhou writes a, Li Hang A
DERIVED = ("conditional_entropy",)  # columns a notation may add to the score table
# score columns computed on the rows whose value is known (Gain and IV are of all of D)
ON_KNOWN_ROWS = ("conditional_entropy", "gini_index")
# branch-table columns named by a symbol of the subset: the column -> its quantity (|·| for n)
BRANCH_COLUMNS = {"n": None, "entropy": "entropy", "gini": "gini"}


def _fill(template: str, D: str, a: str) -> str:
    return template.replace("<D>", D).replace("<a>", a)


NOTATIONS: dict[str, Notation] = {
    "zhou": Notation(
        "zhou",
        {"entropy": Symbol(r"\mathrm{Ent}(<D>)", "Ent(<D>)"),
         # Zhou never names Σᵥ |Dᵛ|/|D|·Ent(Dᵛ): written out, for the checker's answers; it
         # has no place for the attribute, which the page words around it (the split on a)
         "conditional_entropy": Symbol(
             r"\sum_{v} \frac{|<D>^v|}{|<D>|}\mathrm{Ent}(<D>^v)",
             "Σᵥ |<D>ᵛ|/|<D>|·Ent(<D>ᵛ)"),
         "gain": Symbol(r"\mathrm{Gain}(<D>, <a>)", "Gain(<D>, <a>)"),
         "iv": Symbol(r"\mathrm{IV}(<a>)", "IV(<a>)"),
         "gain_ratio": Symbol(r"\mathrm{Gain\_ratio}(<D>, <a>)", "Gain_ratio(<D>, <a>)"),
         "gini": Symbol(r"\mathrm{Gini}(<D>)", "Gini(<D>)"),
         "gini_index": Symbol(r"\mathrm{Gini\_index}(<D>, <a>)", "Gini_index(<D>, <a>)")},
        columns=(), generic_entropy=Symbol(r"\mathrm{Ent}", "Ent"),
        mean_gain=Symbol(r"\overline{\mathrm{Gain}}", "mean Gain")),
    "lihang": Notation(
        "lihang",
        {"entropy": Symbol(r"H(<D>)", "H(<D>)"),
         "conditional_entropy": Symbol(r"H(<D> \mid <a>)", "H(<D>|<a>)"),
         "gain": Symbol(r"g(<D>, <a>)", "g(<D>, <a>)"),
         "iv": Symbol(r"H_{<a>}(<D>)", "H_<a>(<D>)"),
         "gain_ratio": Symbol(r"g_R(<D>, <a>)", "g_R(<D>, <a>)"),
         "gini": Symbol(r"\mathrm{Gini}(<D>)", "Gini(<D>)"),
         "gini_index": Symbol(r"\mathrm{Gini}(<D>, <a>)", "Gini(<D>, <a>)")},
        columns=("conditional_entropy",), generic_entropy=Symbol("H", "H"),
        mean_gain=Symbol(r"\overline{g}", "mean g"),
        stop_words=((("min_gain", "gain"), "epsilon_gain"),), symbol_headers=True,
        subset=Symbol("<D>_i", "<D>ᵢ"), index="i", subset_mark="ᵢ", index_mark="ᵢ",
        numbers_below=True, own_algorithms=True, value_split=True,
        class_share=Symbol(r"\frac{|C_k|}{|D|}", "|Cₖ|/|D|"),
        class_share_squared=Symbol(r"\left(\frac{|C_k|}{|D|}\right)^2", "(|Cₖ|/|D|)²"),
        # 精确率, 召回率, 准确率: his §1.8 (Zhou's 查准率, 查全率, 精度: §2.3)
        # 切分点: his word for the cut point t (§5.5.1, Alg. 5.6), Zhou's 划分点 (§4.4.1)
        terms=(("属性", "特征"), ("增益率", "信息增益比"), ("样本", "实例"), ("划分点", "切分点"),
               ("查准率", "精确率"), ("查全率", "召回率"), ("精度", "准确率"),
               ("An attribute", "A feature"), ("an attribute", "a feature"),
               ("Attribute", "Feature"), ("attribute", "feature"), ("sample", "instance"),
               ("lowest Gain", "lowest g(D, A)"), ("highest Gain", "highest g(D, A)"),
               ("Gain ≥ ", "g(D, A) ≥ "), ("Gain at least", "g(D, A) at least"),
               ("over each Gain", "over each g(D, A)"))),
}


# "a"/"A" as a word before the word a term swap starts with a vowel sound (instance): "a
# instance" reads "an instance"
_A_BEFORE_VOWEL = re.compile(r"\b([Aa]) (instances?)\b")


def get(key: str | None) -> Notation:
    """The notation `key`; None or an unknown key is Zhou's (the app's default)."""
    return NOTATIONS.get(key or DEFAULT, NOTATIONS[DEFAULT])


def conditional_entropy(row: dict) -> float | None:
    """Li Hang's H(D|A) = Σᵢ |Dᵢ|/|D|·H(Dᵢ) of a trace score row: the row's own
    `entropy_after` (on the known rows D̃ when values are missing), else Ent(D) − Gain
    (eq. 5.8's g = H(D) − H(D|A); with missing values Ent(D̃) − Gain/ρ, Zhou eq. 4.12)."""
    if row.get("entropy_after") is not None:
        return row["entropy_after"]
    gain, rho, known = row.get("gain"), row.get("rho", 1.0), row.get("entropy_known")
    if gain is None or known is None or not rho:
        return None
    return known - gain if rho >= 1 else known - gain / rho


def with_derived(row: dict, notation: Notation) -> dict:
    """A score row with the notation's derived columns added (a copy; the trace is untouched)."""
    derived = {"conditional_entropy": conditional_entropy}
    return {**row, **{c: derived[c](row) for c in notation.columns}}
