"""The trace's one-sentence reasons, in English (the UI translates from the codes instead)."""

from __future__ import annotations

SPLIT_RULES = {
    "id3": "ID3 takes the attribute with the largest information gain: {attribute}.",
    "c45": ("C4.5 keeps the attributes whose gain is at least the mean gain and takes the one "
            "with the largest gain ratio: {attribute}."),
    "cart": "CART takes the split with the smallest Gini index: {attribute}.",
    "cls": "CLS picks an attribute at random: {attribute}.",
}

LEAF_RULES = {
    "empty": ("No samples reach this branch, so it is a leaf labelled with the parent's "
              "majority class."),
    "pure": "All samples belong to one class, so this is a leaf.",
    "no_attributes": "No attributes are left to split on, so this is a leaf of the majority class.",
    "same_values": ("All samples take the same values on the remaining attributes, so this is a "
                    "leaf of the majority class."),
    "max_depth": "The maximum depth is reached (pre-pruning), so this is a leaf.",
    "min_samples": "Too few samples to split (min_samples_split), so this is a leaf.",
    "min_gain": "The best split gains less than min_gain (pre-pruning), so this is a leaf.",
    "pruned": "Post-pruning replaced this subtree by a leaf.",
}


TIE_RULES = {
    "first": "the attribute that comes first in the data's column order wins",
    "last": "the attribute that comes last in the data's column order wins",
    "random": "one of them is picked at random (seeded)",
}


def split_rule(algorithm: str, attribute: str, ties: tuple[str, ...], forced: bool,
               tie_break: str = "first") -> str:
    if forced:
        return f"Chosen by hand (forced): {attribute}."
    sentence = SPLIT_RULES[algorithm].format(attribute=attribute)
    if ties:
        sentence += f" Tied with {', '.join(ties)}; {TIE_RULES[tie_break]}."
    return sentence


def leaf_rule(stop: str) -> str:
    return LEAF_RULES[stop]
