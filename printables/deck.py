"""One print run: render the cards (in parallel), verify every QR code, write the PNGs and the
PDFs into a hidden staging folder beside the output, and move it into place only when
everything succeeded.

Nothing a user made is deleted. The output folder is replaced only when it holds exactly what
an earlier run wrote, as its `deck.json` lists it (names and SHA-256 digests). Ctrl-C or
SIGTERM stops the workers at once, removes the staging folder and leaves the earlier deck as it
was; staging folders of a run that was killed outright are removed by the next run.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from gong import outfolder
from gong.cards import DECK, Card
from gong.i18n import GEM_NAMES, LANGUAGES, check_language
from gong.missions import Mission, MissionBook, load_missions
from gong.outfolder import (
    STAGING_MARKER,
    hidden_folder,
    move_into_place,
    not_ours,
    remove_stale_staging,
    sha256_of,
)
from gong.procs import signals_held, stop_on_signals, worker_pool
from printables import qr, sheets, text
from printables.faces import MAX_QR_SIDE_MM, CardPainter
from printables.geometry import MAX_DPI, MIN_DPI, PAPERS_MM, Scale
from printables.links import BaseUrl, card_link
from printables.missioncards import RULES_CARD_ID, mission_card, rules_card, wants_rules_card

MARKER = "deck.json"
"""Written last: its presence means the folder is a complete, verified deck."""
UNVERIFIED_MARKER = "unverified.json"
"""The manifest of a deck whose verification failed (kept beside the output for a look)."""
PNG_COMPRESS_LEVEL = 6
"""zlib's default: a third smaller files than level 1 for print shops' uploads, at about
three times the encoding time."""
MISSIONS_PER_TASK = 12


class DeckError(Exception):
    """A print run that cannot start or cannot finish; the message is for the user."""


@dataclass(frozen=True)
class PrintOptions:
    """Everything that decides the output (and jobs, which decides only the speed)."""

    base_url: BaseUrl
    out: Path
    paper: str = "a4"
    backs: str = "long"
    lang: str = LANGUAGES[0]
    dpi: int = 300
    jobs: int = 1
    cards: tuple[Card, ...] = DECK
    missions: MissionBook | None = None
    """None loads the bundled mission files."""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS_MM:
            raise DeckError(f"unknown paper {self.paper!r}: choose {', '.join(PAPERS_MM)}")
        if self.backs not in sheets.BACKS:
            raise DeckError(f"unknown backs {self.backs!r}: choose {', '.join(sheets.BACKS)}")
        try:
            check_language(self.lang)
            text.require_shaping(text.script_of("".join(GEM_NAMES[self.lang].values())))
        except (ValueError, text.TextShapingError) as exc:
            raise DeckError(str(exc)) from None
        book = self.missions
        if book is not None and book.by_id and self.lang not in book.languages:
            first = book.incomplete[self.lang][0]
            raise DeckError(
                f"the {self.lang} mission texts are incomplete, so no mission card can be "
                f"printed in {self.lang}: {first}"
            )
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise DeckError(f"the DPI must be between {MIN_DPI} and {MAX_DPI}, not {self.dpi}")
        if self.jobs < 1:
            raise DeckError(f"--jobs must be at least 1, not {self.jobs}")
        if not self.cards:
            raise DeckError("no cards to print")


@dataclass
class DeckReport:
    """What a print run wrote and what the verification found."""

    out: Path
    files: list[str] = field(default_factory=list)
    qr_plan: qr.QrPlan | None = None
    links: dict[str, str] = field(default_factory=dict)
    failures: dict[str, str] = field(default_factory=dict)
    mission_count: int = 0
    pages: dict[str, int] = field(default_factory=dict)
    kept: Path | None = None
    """Where the unverified output was left, when verification failed."""

    @property
    def ok(self) -> bool:
        return not self.failures


# -- work done in the worker processes ------------------------------------------------------

_painter: CardPainter | None = None


def _init_worker(dpi: int, qr_plan: qr.QrPlan, lang: str) -> None:
    global _painter
    _painter = CardPainter(Scale(dpi), qr_plan, lang)


def encode_png(image: Image.Image, dpi: int) -> bytes:
    """IMAGE as PNG bytes with its DPI recorded; no time or text chunks, so the bytes depend
    only on the pixels."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(dpi, dpi), compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


Task = tuple[str, tuple]
Result = tuple[str, list[tuple[str, bytes, str | None]]]


def _run(task: Task) -> Result:
    """Render one task: a family's cards (sharing one background), the back, or a batch of
    mission cards. Returns (kind, [(name, png, problem)])."""
    assert _painter is not None, "worker not initialised"
    kind, args = task
    dpi = _painter.scale.dpi
    out: list[tuple[str, bytes, str | None]] = []
    if kind == "faces":
        for card, link in args:
            image = _painter.face(card, link)
            out.append((card.code, encode_png(image, dpi), qr.verify(image, link, dpi)))
    elif kind == "back":
        out.append(("back", encode_png(_painter.back(), dpi), None))
    elif kind == "missions":
        for mission in args:
            image = mission_card(mission, _painter.lang, _painter.scale)
            out.append((mission.id, encode_png(image, dpi), None))
    else:
        raise ValueError(f"unknown task {kind!r}")
    return kind, out


def _tasks(cards: Sequence[Card], base: BaseUrl, missions: Sequence[Mission]) -> list[Task]:
    """Cards grouped by family, so each process draws a family's galaxy once; the biggest
    tasks first, so the pool's processes finish together."""
    by_family: dict[str, list[tuple[Card, str]]] = {}
    for card in cards:
        key = card.family.code if card.family else "J"
        by_family.setdefault(key, []).append((card, card_link(base, card)))
    tasks: list[Task] = [("faces", tuple(group)) for group in by_family.values()]
    tasks.append(("back", ()))
    for start in range(0, len(missions), MISSIONS_PER_TASK):
        tasks.append(("missions", tuple(missions[start : start + MISSIONS_PER_TASK])))
    return tasks


def _render_all(
    tasks: list[Task], options: PrintOptions, qr_plan: qr.QrPlan, advance: Callable[[int], None]
) -> Iterable[Result]:
    if options.jobs == 1:
        _init_worker(options.dpi, qr_plan, options.lang)
        for task in tasks:
            result = _run(task)
            advance(len(result[1]))
            yield result
        return
    # fork: the workers start at once with everything imported.
    workers = min(options.jobs, len(tasks))
    with worker_pool(
        workers,
        initializer=_init_worker,
        initargs=(options.dpi, qr_plan, options.lang),
        context="fork",
    ) as pool:
        futures = [pool.submit(_run, task) for task in tasks]
        try:
            for future in as_completed(futures):
                result = future.result()
                advance(len(result[1]))
                yield result
        except BrokenProcessPool:
            raise DeckError("a rendering process died (out of memory, or killed)") from None


# -- the run ----------------------------------------------------------------------------------


def check_output_folder(out: Path) -> None:
    """Refuse an output path that would overwrite something that is not an earlier deck."""
    try:
        outfolder.check_output_folder(out, MARKER, "gong print", "a deck")
    except outfolder.FolderError as exc:
        raise DeckError(str(exc)) from None


def plan_for(options: PrintOptions) -> qr.QrPlan:
    links = [card_link(options.base_url, card) for card in options.cards]
    try:
        return qr.plan(links, Scale(options.dpi), MAX_QR_SIDE_MM)
    except qr.QrError as exc:
        raise DeckError(str(exc)) from None


def work_size(options: PrintOptions, missions: Sequence[Mission]) -> int:
    """How many images a run renders (for a progress bar)."""
    return len(options.cards) + 1 + len(missions)


def print_deck(options: PrintOptions, progress: Callable[[int], None] | None = None) -> DeckReport:
    """Render, verify and write the deck described by OPTIONS; PROGRESS is called with the
    number of images finished. Raises DeckError for a run that cannot start; a run whose
    verification fails returns a report with `failures` and leaves the output path alone."""
    out = options.out
    with stop_on_signals():
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            remove_stale_staging(out)
        except OSError as exc:
            raise DeckError(f"cannot write into {out.parent}: {exc.strerror or exc}") from None
        check_output_folder(out)
        qr_plan = plan_for(options)
        missions = list(
            options.missions if options.missions is not None else load_bundled_missions()
        )
        report = DeckReport(out=out, qr_plan=qr_plan, mission_count=len(missions))
        report.links = {card.code: card_link(options.base_url, card) for card in options.cards}
        try:
            staging = hidden_folder(out, "new")
        except OSError as exc:
            raise DeckError(f"cannot write into {out.parent}: {exc.strerror or exc}") from None
        try:
            _write_everything(
                options, qr_plan, missions, staging, report, progress or (lambda n: None)
            )
            if report.failures:
                _write_marker(options, qr_plan, staging, report, UNVERIFIED_MARKER)
                report.kept = _keep_unverified(staging, out)
                return report
            _write_marker(options, qr_plan, staging, report, MARKER)
            move_into_place(staging, out)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    return report


def _keep_unverified(staging: Path, out: Path) -> Path:
    """Move STAGING to `OUT.unverified` for a look, replacing only an earlier run's
    unverified deck; a folder of that name holding anything else gets a numbered sibling."""
    kept = out.with_name(out.name + ".unverified")
    number = 1
    while kept.exists() and (kept.is_symlink() or not_ours(kept, UNVERIFIED_MARKER)):
        number += 1
        kept = out.with_name(f"{out.name}.unverified-{number}")
    with signals_held():
        if kept.exists():
            shutil.rmtree(kept)
        os.rename(staging, kept)
        (kept / STAGING_MARKER).unlink()
    return kept


def load_bundled_missions() -> MissionBook:
    from gong.missions import MissionError

    try:
        return load_missions()
    except MissionError as exc:
        raise DeckError(str(exc)) from None


def _write_everything(
    options: PrintOptions,
    qr_plan: qr.QrPlan,
    missions: list[Mission],
    staging: Path,
    report: DeckReport,
    progress: Callable[[int], None],
) -> None:
    faces: dict[str, bytes] = {}
    mission_pngs: dict[str, bytes] = {}
    back = b""
    cards_dir = staging / "cards"
    cards_dir.mkdir()
    for kind, items in _render_all(
        _tasks(options.cards, options.base_url, missions), options, qr_plan, progress
    ):
        for name, png, problem in items:
            if kind == "faces":
                faces[name] = png
                (cards_dir / f"{name}.png").write_bytes(png)
                if problem:
                    report.failures[name] = problem
            elif kind == "back":
                back = png
                (cards_dir / "back.png").write_bytes(png)
            else:
                mission_pngs[name] = png
    fronts = [(card.code, faces[card.code]) for card in options.cards]
    report.files = [f"cards/{code}.png" for code, _ in fronts] + ["cards/back.png"]
    documents = {
        f"print-and-play-{options.paper}.pdf": sheets.print_and_play(
            options.paper, options.backs, fronts, back
        ),
        "print-shop.pdf": sheets.print_shop(fronts, back),
    }
    if missions:
        placed = [(m.id, mission_pngs[m.id]) for m in missions]
        if wants_rules_card(missions):  # first on the sheet: who won a fight
            rules = rules_card(options.lang, Scale(options.dpi))
            placed.insert(0, (RULES_CARD_ID, encode_png(rules, options.dpi)))
        documents[f"mission-cards-{options.lang}.pdf"] = sheets.mission_sheets(
            options.paper, options.lang, placed
        )
    for name, document in documents.items():
        document.write(staging / name)
        report.files.append(name)
        report.pages[name] = len(document.pages)


def _write_marker(
    options: PrintOptions, qr_plan: qr.QrPlan, staging: Path, report: DeckReport, marker: str
) -> None:
    manifest = {
        "base_url": str(options.base_url),
        "paper": options.paper,
        "backs": options.backs,
        "lang": options.lang,
        "dpi": options.dpi,
        "qr": {
            "version": qr_plan.version,
            "error_correction": "Q",
            "module_mm": round(qr_plan.module_mm, 3),
            "modules_with_quiet_zone": qr_plan.modules,
        },
        "links": report.links,
        "verified": sorted(report.links),
        "missions": report.mission_count,
        "files": report.files,
        # What lets a later run replace this folder: it holds exactly these files, unchanged.
        "sha256": {name: sha256_of(staging / name) for name in report.files},
    }
    (staging / marker).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    report.files.append(marker)
