"""Li Hang's pruning by the loss C_α(T) in the pruning phase: an event's two terms, before and
after retracting (dtree_core.cost_pruning records them), and how it relates to CART's."""

from __future__ import annotations

import streamlit as st

from dtree_core.labels import format_number
from dtree_core.split import places_apart
from ui.messages import t


def loss_terms(event: dict, decimals: int) -> None:
    """Σ N_t·H_t and α|T| of the tree before and after the event's retraction, to the places
    the two C_α are written to (ui.pruning passes them: as many as tell the two apart), or
    more where the two Σ N_t·H_t need them to read apart. α is
    the parameter as typed, and each α × |T| to at least its places, so the product written
    is the product of the numbers beside it (0.0625 × 3 = 0.1875, not 0.062 × 3 = 0.188)."""
    alpha = format_number(event["alpha"])
    places = max(decimals, len(alpha.partition(".")[2]) if "e" not in alpha else decimals)
    # the two fits told apart as well (9999.9997 against 10000, not 10000.000 against 10000)
    fits = places_apart([(event["fit_before"], event["fit_after"])], decimals)
    shown = {name: format_number(event[name], fits) for name in ("fit_before", "fit_after")}
    st.caption(t("prune.cost.terms", **shown, alpha=alpha,
                 leaves_before=event["leaves_before"], leaves_after=event["leaves_after"],
                 **{f"penalty_{when}": format_number(float(alpha) * event[f"leaves_{when}"],
                                                     places)
                    for when in ("before", "after")}))
    st.caption(t("prune.cost.relation"))
