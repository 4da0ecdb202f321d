"""An output folder a command writes whole (`gong print`, `gong export`): made in a hidden
staging folder beside it, moved into place with two renames only when complete, and replacing
only a folder that holds exactly what an earlier run wrote, as its manifest lists it (names
and SHA-256 digests). Nothing a user made is deleted; the hidden folders of a run that was
killed outright are removed by the next run."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from gong.procs import signals_held, still_running

STAGING_MARKER = ".gong-print"
"""In every hidden folder a run makes: the run's process id, so a later run knows whose it is."""


class FolderError(Exception):
    """An output folder that must not be replaced; the message is for the user."""


def check_output_folder(out: Path, marker: str, maker: str, what: str) -> None:
    """Refuse an output path that would overwrite something that is not an earlier run's."""
    if out.is_symlink():
        raise FolderError(f"{out} is a symbolic link: give the folder itself")
    if out.exists() and not out.is_dir():
        raise FolderError(f"{out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()):
        why = not_ours(out, marker, maker, what)
        if why:
            raise FolderError(f"{out} {why}; nothing was changed: choose a new or empty folder")


def not_ours(
    folder: Path, marker: str, maker: str = "gong print", what: str = "a deck"
) -> str | None:
    """None when FOLDER holds exactly the files its MARKER manifest lists, unchanged; else
    what is in the way, in words (MAKER: the command that writes such folders, WHAT: what it
    calls them)."""
    try:
        manifest = json.loads((folder / marker).read_text(encoding="utf-8"))
        listed, digests = set(manifest["files"]), manifest.get("sha256")
    except FileNotFoundError:
        return f"already holds files and is not {what} made by {maker} (no {marker})"
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return f"has a {marker} that {maker} did not write"
    if not isinstance(digests, dict) or set(digests) != listed:
        return f"has a {marker} without the file digests this {maker} checks"
    folders = {parent.as_posix() for name in listed for parent in Path(name).parents}
    extra = []
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        ours = name in listed or name in (marker, STAGING_MARKER)
        if path.is_symlink() or not (ours if path.is_file() else name in folders):
            extra.append(name)
    if extra:
        shown = ", ".join(extra[:3]) + (f" and {len(extra) - 3} more" if len(extra) > 3 else "")
        return f"holds files that {maker} did not write ({shown})"
    for name in sorted(listed):
        path = folder / name
        if path.is_file() and sha256_of(path) != digests[name]:
            return f"holds {name}, changed since {maker} wrote it"
    return None


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def hidden_folder(out: Path, role: str) -> Path:
    """A new hidden folder beside OUT, marked with this process's id."""
    folder = Path(tempfile.mkdtemp(prefix=f".{out.name}-{role}-", dir=out.parent))
    (folder / STAGING_MARKER).write_text(f"{os.getpid()}\n", encoding="ascii")
    return folder


def remove_stale_staging(out: Path) -> list[Path]:
    """Remove the hidden folders that a killed run (SIGKILL, power loss) left beside OUT, and
    bring back an earlier deck that such a run had moved aside. Folders of a run still going,
    and anything without our marker, are left alone. Returns what was removed."""
    removed = []
    if not out.parent.is_dir():
        return removed
    for folder in sorted(out.parent.glob(f".{out.name}-*-*")):
        try:
            owner = int((folder / STAGING_MARKER).read_text(encoding="ascii"))
        except (OSError, ValueError):
            continue
        if owner == os.getpid() or still_running(owner):
            continue
        moved_aside = folder / "deck"
        is_old = folder.name.startswith(f".{out.name}-old-")
        if is_old and moved_aside.is_dir() and not out.exists():
            os.rename(moved_aside, out)  # killed between the two renames: undo the first
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def move_into_place(staging: Path, out: Path) -> None:
    """Replace OUT (absent, empty, or an earlier deck) by STAGING with two renames."""
    old = hidden_folder(out, "old") if out.exists() else None
    with signals_held():
        if old is not None:
            os.rename(out, old / "deck")
        os.rename(staging, out)
        (out / STAGING_MARKER).unlink()
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
