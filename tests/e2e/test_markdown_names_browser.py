"""Names from a student's file reach Streamlit's Markdown as typed, in Debian's chromium:
Streamlit turns :smile: into an emoji, :red[x] into coloured text and :material/home: into an
icon (a backslash before the colon stops only the first), so the names' colons are entities."""

from __future__ import annotations

from test_server_browser import open_recording, upload

NAMES = [":smile:", ":red[x]", ":material/home:"]


def test_colon_names_are_shown_as_typed_in_the_node_sentence(browser, app_url):
    # three copies of one perfect attribute: the root's sentence names the winner and its ties
    rows = [",".join(f'"{n}"' for n in NAMES) + ",y"]
    rows += [f"{v},{v},{v},{c}" for v, c in [("a", "p"), ("b", "q")] * 4]
    page = open_recording(browser, app_url)
    upload(page, "colons.csv", "\n".join(rows).encode())
    info = page.locator("[data-testid='stAlert']", has_text="tied")
    info.first.wait_for(state="visible", timeout=60_000)
    text = info.first.inner_text()
    for name in NAMES:
        assert name in text, text
    assert "😄" not in text
    assert info.first.locator(".stMarkdownColoredText, span[role='img']").count() == 0
    page.close()
