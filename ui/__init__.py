"""The Streamlit layer: thin views over a dtree_core trace; words come from ui.messages."""
