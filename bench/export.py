"""The static export: how long `gong export` takes for the eleven languages, what it writes,
and the largest page with its stylesheet on the wire (gzip level 6, as hosts send it; budget
14 KB, the first round trip).

The peer, measured in the same run: the same pages fetched one by one from the tree's own
`gong serve` (one worker, over HTTP), which is what crawling the Flask site into a folder
would cost. The export renders them in one process without HTTP, so the ratio says what
rendering in-process saves.

    python bench/export.py
"""

from __future__ import annotations

import gzip
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.served import gong_command  # noqa: E402
from tests.tables.pageplay import Server  # noqa: E402

RUNS = 3
BASE = "https://example.org/games/gong/"


def export_once(out: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [*gong_command(), "export", str(out), "--base-url", BASE],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - start


def crawl(url: str, pages: list[str]) -> float:
    """Seconds to fetch every one of `pages` (site paths with their query) from `url`."""
    start = time.perf_counter()
    for path in pages:
        with urllib.request.urlopen(url + path, timeout=30) as answer:
            answer.read()
    return time.perf_counter() - start


def site_paths(out: Path) -> list[str]:
    """The Flask site's address of every page the export wrote (`fr/C/NE5/index.html` is
    `/C/NE5?lang=fr`; a page without a prefix, the site's page in English)."""
    languages = {p.name for p in out.iterdir() if p.is_dir() and len(p.name) == 2}
    paths = []
    for page in sorted(out.rglob("*.html")):
        parts = list(page.relative_to(out).parts)
        if parts[-1] == "404.html":
            continue
        lang = parts.pop(0) if parts[0] in languages else "en"
        parts[-1] = parts[-1].removesuffix(".html")
        if parts[-1] == "index":
            parts.pop()
        paths.append("/" + "/".join(parts) + f"?lang={lang}")
    return paths


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        times = [export_once(out) for _ in range(RUNS)]
        files = [p for p in out.rglob("*") if p.is_file()]
        pages = [p for p in files if p.suffix == ".html"]
        size = sum(p.stat().st_size for p in files)
        css = next((out / "s").glob("site-*.css")).read_bytes()
        css_wire = len(gzip.compress(css, 6, mtime=0))
        largest = max(pages, key=lambda p: len(gzip.compress(p.read_bytes(), 6, mtime=0)))
        largest_wire = len(gzip.compress(largest.read_bytes(), 6, mtime=0))
        paths = site_paths(out)
        server = Server(Path(tmp)).start()
        try:
            crawl(server.url, paths[:50])  # warm the page cache's first entries, as the export
            crawled = crawl(server.url, paths)
        finally:
            server.stop()
    export_s = statistics.median(times)
    print(f"gong export, 11 languages: median {export_s:.2f} s of {RUNS} runs "
          f"({', '.join(f'{t:.2f}' for t in times)})")  # fmt: skip
    print(f"  {len(files)} files, {len(pages)} pages, {size / 1e6:.1f} MB")
    print(
        f"  largest page {largest.relative_to(out)}: {largest_wire / 1000:.1f} KB gzip, "
        f"with its CSS ({css_wire / 1000:.1f} KB) {(largest_wire + css_wire) / 1000:.1f} KB "
        "of the 14 KB budget"
    )
    print(f"peer, the same {len(paths)} pages fetched from gong serve: {crawled:.2f} s")
    print(f"ratio export / crawl: {export_s / crawled:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
