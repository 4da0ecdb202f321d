"""Write every translation's first stamp from git history (run once; its output is committed).

Each translated unit is stamped with the English **as it was when that unit's lines last
changed** (git blame), not with today's: a translation made before an English edit comes out
stale, not blessed. Commits that changed every language mechanically without translating
(the rules pages' section ids) are passed over, as `git blame --ignore-rev` does. Where the
English of that moment cannot be found (a file that did not exist yet, history texts the old
code kept elsewhere), the unit is stamped as never recorded, so a person looks at it.

    python scripts/bootstrap_stamps.py [LANG ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from server import translations as tr  # noqa: E402

MECHANICAL = ("907ffda",)
"""Commits that touched every language without translating: the rules pages' section ids."""

HISTORY_SNIPPET = r"""
import json, sys
sys.path.insert(0, ".")
found = {}
try:
    from gong.referee import events as E
    texts, reasons = dict(getattr(E, "TEXTS", {})), dict(getattr(E, "REASON_TEXTS", {}))
    try:
        from gong.referee.registry import GAMES
        for spec in GAMES.values():
            texts.update(getattr(spec, "events", None) or {})
            reasons.update(getattr(spec, "reasons", None) or {})
    except Exception:
        pass
    from server.tables import referee_adapter as A
    texts.update(getattr(A, "ENGLISH_TEXTS", {}))
    for code, pair in texts.items():
        full, hidden = (pair if isinstance(pair, tuple) else (pair, None))
        found["history:events." + code] = full if hidden is None else full + "\n" + hidden
    for code, text in reasons.items():
        found["history:reasons." + str(getattr(code, "value", code))] = text
    for key, text in getattr(A, "_WORDS", {}).get("en", {}).items():
        if ":" not in key:
            found["history:words." + key] = text
    try:
        from server.tables import wording as W
    except Exception:
        from server.tables import service as W
    for key, text in getattr(W, "TABLE_TEXTS", {}).get("en", {}).items():
        found["history:table." + key] = text
    for key, text in getattr(W, "SETUP_TEXTS", {}).items():
        found["history:errors." + key] = text
except Exception as problem:
    print(repr(problem), file=sys.stderr)
try:  # page texts kept in code, before they had files of their own
    from server import texts as T
    for key, text in getattr(T, "TEXTS", {}).get("en", {}).items():
        found.setdefault("page:" + key, text)
        found.setdefault("tables:" + key, text)
except Exception as problem:
    print(repr(problem), file=sys.stderr)
print(json.dumps(found))
"""


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


def blame(path: Path) -> list[tuple[str, int]]:
    """Each line's commit and its commit time, the mechanical commits passed over."""
    args = ["blame", "--line-porcelain"]
    for rev in MECHANICAL:
        args += ["--ignore-rev", rev]
    out = git(*args, "--", str(path.relative_to(ROOT)))
    lines: list[tuple[str, int]] = []
    commit, when = "", 0
    for row in out.split("\n"):
        if row.startswith("\t"):
            lines.append((commit, when))
        elif len(row) > 40 and row[40] == " " and all(c in "0123456789abcdef" for c in row[:40]):
            commit = row[:40]
        elif row.startswith("committer-time "):
            when = int(row.split()[1])
    return lines


WORKTREES = Path(tempfile.mkdtemp(prefix="gong-stamps-"))


@cache
def english_at(commit: str) -> dict[str, str]:
    """Every unit's English as the repository had it at `commit`."""
    if set(commit) == {"0"}:  # lines not committed yet: today's English
        return tr.Sources().english()
    tree = WORKTREES / commit[:12]
    git("worktree", "add", "--detach", "--quiet", str(tree), commit)
    try:
        old = tr.Sources(
            missions=tree / "missions",
            texts=tree / "server" / "content" / "texts",
            rules=tree / "server" / "content" / "rules",
        )
        found = {
            unit.key: unit.english
            for unit in old.english_files()
            if not unit.key.startswith("rules:")  # matched to today's ids below
        }
        done = subprocess.run(
            [sys.executable, "-c", HISTORY_SNIPPET], cwd=tree, capture_output=True, text=True
        )
        for key, text in json.loads(done.stdout or "{}").items():
            found.setdefault(key, text)
        found.update(old_rules(old.rules))
        return found
    finally:
        git("worktree", "remove", "--force", str(tree))


def old_rules(directory: Path) -> dict[str, str]:
    """The English rules sections of an older tree. Headings written before the sections had
    ids are matched to today's ids by their words (the ids were added without changing them)."""
    today = {}
    for slug in tr.RULE_SLUGS:
        path = ROOT / "server" / "content" / "rules" / "en" / f"{slug}.md"
        for anchor, _, text in tr.sections(path.read_text("utf-8")):
            head = text.split("\n", 1)[0][3:]
            today[(slug, head[: head.rfind("{#")].strip() if anchor else "")] = anchor
    found = {}
    for slug in tr.RULE_SLUGS:
        path = directory / "en" / f"{slug}.md"
        if not path.is_file():
            continue
        for anchor, _, text in tr.sections(path.read_text("utf-8")):
            if anchor.startswith("?"):
                anchor = today.get((slug, anchor[1:].strip()), anchor)
                head, _, rest = text.partition("\n")
                text = f"{head} {{#{anchor}}}" + (f"\n{rest}" if rest else "")
            found[tr._rules_key(slug, anchor)] = text
    return found


def bootstrap(lang: str, sources: tr.Sources) -> dict[str, str | None]:
    units = sources.units(lang)
    by_file: dict[Path, list[tr.Unit]] = {}
    for unit in units:
        by_file.setdefault(unit.path, []).append(unit)
    records: dict[str, str | None] = {}
    for path, found in by_file.items():
        lines = blame(path)
        starts = sorted({u.line for u in found})
        for unit in found:
            later = [s for s in starts if s > unit.line]
            end = min(later[0] - 1 if later else len(lines), len(lines))
            if unit.key.startswith(("missions:", "page:", "tables:", "history:")):
                end = unit.line  # one YAML value: its own line (long texts stay on one line)
            commit = max(lines[unit.line - 1 : end], key=lambda c: c[1])[0]
            records[unit.key] = english_at(commit).get(unit.key)
    return records


def main(langs: list[str]) -> int:
    unknown = sorted(set(langs) - set(tr.translated_languages()))
    if unknown:
        print(f"not a translated language: {', '.join(unknown)} (one of "
              f"{', '.join(tr.translated_languages())}); usage: {__doc__.strip().splitlines()[-1]}",
              file=sys.stderr)  # fmt: skip
        return 2
    sources = tr.Sources()
    for lang in langs or tr.translated_languages():
        records = bootstrap(lang, sources)
        sources.write(lang, records)
        stale = sources.stale(lang)
        unknown = sum(s.was is None for s in stale)
        print(f"{lang}: {len(records)} units, {len(stale)} stale ({unknown} never recorded)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
