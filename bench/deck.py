"""Deck printer benchmark: the full deck (56 faces and the back, PNGs, PDFs, QR verification)
with one job and with every core, against the floor: only PNG-encoding the 56 finished card
images, already in memory, with the same settings and every core. Target: full/floor <= 3.0.

Each full run happens in a fresh Python process, so its peak memory is its own (the largest of
the main process and of each worker, from getrusage).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE_URL = "https://gong.example.org"
DPI = 300
TARGET_RATIO = 3.0

_FULL_RUN = """
import json, resource, sys, time
from pathlib import Path
from printables.deck import PrintOptions, print_deck
from printables.links import parse_base_url
options = PrintOptions(base_url=parse_base_url({base!r}), out=Path({out!r}), dpi={dpi}, jobs={jobs})
start = time.perf_counter()
report = print_deck(options)
wall = time.perf_counter() - start
assert report.ok, report.failures
peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
           resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
print(json.dumps({{"wall": wall, "peak_mb": peak / 1024, "missions": report.mission_count}}))
"""


def full_run(jobs: int) -> dict:
    """One complete print run in a fresh process; wall time excludes interpreter start."""
    with tempfile.TemporaryDirectory() as tmp:
        code = _FULL_RUN.format(base=BASE_URL, out=str(Path(tmp) / "deck"), dpi=DPI, jobs=jobs)
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
        )
    return json.loads(done.stdout.strip().splitlines()[-1])


_images: list = []


def _encode(index: int) -> int:
    from printables.deck import encode_png

    return len(encode_png(_images[index], DPI))


def floor_run(jobs: int) -> dict:
    """PNG-encode the 56 finished faces, rendered beforehand and inherited by forked workers."""
    from gong.cards import DECK
    from printables import qr
    from printables.faces import MAX_QR_SIDE_MM, CardPainter
    from printables.geometry import Scale
    from printables.links import card_link, parse_base_url

    base = parse_base_url(BASE_URL)
    scale = Scale(DPI)
    links = [card_link(base, card) for card in DECK]
    painter = CardPainter(scale, qr.plan(links, scale, MAX_QR_SIDE_MM), "en")
    _images[:] = [painter.face(card, link) for card, link in zip(DECK, links, strict=True)]
    context = multiprocessing.get_context("fork")
    with context.Pool(jobs) as pool:
        pool.map(_encode, range(jobs))  # workers started and warm before the clock starts
        start = time.perf_counter()
        sizes = pool.map(_encode, range(len(_images)), chunksize=1)
        wall = time.perf_counter() - start
    return {"wall": wall, "mb": sum(sizes) / 1e6}


def main() -> None:
    sys.path.insert(0, str(ROOT))
    cores = os.cpu_count() or 1
    print(f"deck printer: {DPI} DPI, {BASE_URL}, {cores} cores")
    one = full_run(1)
    every = full_run(cores)
    floor = floor_run(cores)
    print(f"  full deck, 1 job      {one['wall']:6.2f} s   peak {one['peak_mb']:6.0f} MB")
    print(f"  full deck, {cores} jobs     {every['wall']:6.2f} s   peak {every['peak_mb']:6.0f} MB")
    print(f"    (56 faces, back, {one['missions']} mission cards, 3 PDFs, 112 QR decodes)")
    floor_line = f"floor: PNG-encode 56 faces, {cores} jobs"
    print(f"  {floor_line} {floor['wall']:6.2f} s   ({floor['mb']:.0f} MB of PNG)")
    ratio = every["wall"] / floor["wall"]
    verdict = "ok" if ratio <= TARGET_RATIO else "ABOVE TARGET"
    print(f"  full/floor with {cores} jobs: {ratio:.2f} (target <= {TARGET_RATIO}: {verdict})")
    print(f"  speed-up 1 -> {cores} jobs: {one['wall'] / every['wall']:.2f}x")


if __name__ == "__main__":
    main()
