"""What the offline worker keeps per language, and how long it takes to keep it.

For each language, a fresh headless chromium context opens `/C/NE5?lang=<lang>` on the
tree's own `gong serve` and waits until the worker has kept the language; it prints the
bytes `navigator.storage.estimate()` reports and the seconds from the page's load to the
full cache. Then the same for English with the page's network throttled to DevTools' "Slow
3G" profile (400 ms latency, 400 kbit/s each way; Chrome DevTools Protocol
`Network.emulateNetworkConditions`). Chromium applies that emulation to the page, not to its
worker's own fetches, so the bench also gives the time that profile takes to carry what the
worker fetches: the bytes on the wire (gzip, as the site sends them) at 50,000 bytes a
second, plus two round trips of 400 ms (the list, then every file at once).

    python bench/offline.py
"""

from __future__ import annotations

import gzip
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.served import CHROMIUM_ARGS  # noqa: E402
from tests.site.test_offline_browser import KEPT  # noqa: E402
from tests.tables.pageplay import Server  # noqa: E402

SLOW_3G = {"offline": False, "latency": 400, "downloadThroughput": 50_000,
           "uploadThroughput": 50_000}  # fmt: skip
LANGUAGES = ("en", "fr", "sv", "de", "es", "it", "nl", "pl", "fi", "hi", "bn")


def keep(browser, url: str, lang: str, throttle: bool) -> tuple[int, float]:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    if throttle:
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", SLOW_3G)
    page.goto(f"{url}/C/NE5?lang={lang}", wait_until="load", timeout=120_000)
    start = time.monotonic()
    while not page.evaluate(KEPT.replace("/offline/en.json", f"/offline/{lang}.json")):
        if time.monotonic() - start > 300:
            raise RuntimeError(f"{lang}: the worker kept nothing in 300 s")
        page.wait_for_timeout(50)
    took = time.monotonic() - start
    usage = page.evaluate("async () => (await navigator.storage.estimate()).usage")
    context.close()
    return usage, took


def wire_bytes(url: str, lang: str) -> int:
    """The bytes the worker's fetches carry for `lang`, gzip as the site sends them."""

    def sent(path: str) -> bytes:
        request = urllib.request.Request(url + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.read()

    listed = sent(f"/offline/{lang}.json")
    payload = json.loads(gzip.decompress(listed) if listed[:2] == b"\x1f\x8b" else listed)
    return len(listed) + sum(len(sent(path)) for path in payload["pages"] + payload["files"])


def main(argv: list[str] | None = None) -> int:
    server = Server(Path(tempfile.mkdtemp(prefix="gong-bench-offline-"))).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=CHROMIUM_ARGS)  # fmt: skip
            print(f"{'language':<10}{'kept KB':>10}{'seconds':>10}")
            for lang in LANGUAGES:
                usage, took = keep(browser, server.url, lang, throttle=False)
                print(f"{lang:<10}{usage / 1024:>10.1f}{took:>10.2f}")
            usage, took = keep(browser, server.url, "en", throttle=True)
            print(f"{'en, page at Slow 3G':<10}{usage / 1024:>10.1f}{took:>10.2f}")
            wire = wire_bytes(server.url, "en")
            seconds = 2 * SLOW_3G["latency"] / 1000 + wire / SLOW_3G["downloadThroughput"]
            print(f"en: the worker fetches {wire / 1024:.1f} KB on the wire: "
                  f"{seconds:.1f} s at Slow 3G")  # fmt: skip
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
