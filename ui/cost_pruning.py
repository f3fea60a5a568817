"""Li Hang's pruning by the loss C_α(T) in the pruning phase: an event's two terms, before and
after retracting (dtree_core.cost_pruning records them), and how it relates to CART's."""

from __future__ import annotations

import streamlit as st

from dtree_core.labels import format_number
from ui.messages import t


def loss_terms(event: dict, decimals: int) -> None:
    """Σ N_t·H_t and α|T| of the tree before and after the event's retraction, to the places
    the two C_α are written to (ui.pruning passes them: as many as tell the two apart)."""
    alpha = event["alpha"]
    shown = {name: format_number(event[name], decimals)
             for name in ("fit_before", "fit_after")}
    st.caption(t("prune.cost.terms", **shown, alpha=format_number(alpha, decimals),
                 leaves_before=event["leaves_before"], leaves_after=event["leaves_after"],
                 penalty_before=format_number(alpha * event["leaves_before"], decimals),
                 penalty_after=format_number(alpha * event["leaves_after"], decimals)))
    st.caption(t("prune.cost.relation"))
