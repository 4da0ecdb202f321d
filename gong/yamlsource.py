"""Safe YAML loading that remembers where each value came from.

PyYAML's `safe_load` forgets line numbers and silently keeps the last of two duplicate keys.
Mission authors need both: an error must say "bonus.yaml line 42", and a duplicated `fr:` is
a mistake, not an override. Only the safe subset is constructed: tags that build Python
objects are refused, as with `yaml.safe_load`.

The site reads these files at start-up, so a hostile or broken file must fail fast with one
line, never exhaust the machine: the size is capped before parsing, aliases are refused (an
alias bomb expands a few lines into billions of values), nesting and numbers are bounded (deep
nesting overflows Python's stack; a 5,000-digit number cannot even be printed), and every
error, including bytes that are not UTF-8 and control characters, names its line.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

MAX_FILE_BYTES = 512 * 1024
"""Twenty times the largest bundled mission file."""
MAX_DEPTH = 24
"""Mappings and lists inside each other; a mission needs about ten (a challenge's step)."""
MAX_VALUES = 20_000
"""Keys, texts, numbers, lists and mappings in one file: twenty times the largest bundled
file. Parsed values take far more memory than their text, so the size cap alone is not enough."""
MAX_NUMBER_CHARS = 24
"""Numbers in mission files count cards; 24 characters holds any 64-bit integer or float."""
SHOWN_CHARS = 60
"""How much of a value an error message quotes."""


class YamlSourceError(ValueError):
    """A YAML file that cannot be read: syntax, duplicate key, unsafe tag, tab indentation."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}, line {line}" if line else self.path
        super().__init__(f"{where}: {message}")


def shown(value: Any) -> str:
    """VALUE's repr for an error message, cut short so that the message stays one line. (Values
    come from a file of bounded size without aliases, so the repr itself is bounded.)"""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


class LocatedDict(dict):
    """A mapping that knows its own line and the line of each of its keys (1-based)."""

    line: int = 0
    key_lines: dict[str, int]

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    """A sequence that knows its own line and the line of each item (1-based)."""

    line: int = 0
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


class _Loader(yaml.SafeLoader):
    _depth = 0
    _values = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        # Checked while composing, before anything is expanded or recursed into.
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise yaml.composer.ComposerError(
                None,
                None,
                f"an alias (*{event.anchor}) is not allowed here: write the value out in full",
                event.start_mark,
            )
        if self._depth >= MAX_DEPTH:
            raise yaml.composer.ComposerError(
                None,
                None,
                f"nested more than {MAX_DEPTH} levels deep (a mission needs about ten)",
                event.start_mark,
            )
        self._values += 1
        if self._values > MAX_VALUES:
            raise yaml.composer.ComposerError(
                None,
                None,
                f"more than {MAX_VALUES:,} values (keys, texts and numbers) by here: "
                "mission files hold far fewer",
                event.start_mark,
            )
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _bounded_number(construct: Any, what: str) -> Any:
    def construct_number(loader: _Loader, node: yaml.ScalarNode) -> Any:
        if len(node.value) > MAX_NUMBER_CHARS:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"{what} {node.value[:12]}… is {len(node.value)} characters long: "
                f"numbers here have at most {MAX_NUMBER_CHARS}",
                node.start_mark,
            )
        return construct(loader, node)

    return construct_number


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)
    result = LocatedDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, str | int | float | bool) and key is not None:
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be plain text", key_node.start_mark
            )
        if key in result:
            first = result.key_lines.get(key, result.line)
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"duplicate key {shown(key)} (first given on line {first})",
                key_node.start_mark,
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = line
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
_Loader.add_constructor(
    "tag:yaml.org,2002:int", _bounded_number(yaml.SafeLoader.construct_yaml_int, "the number")
)
_Loader.add_constructor(
    "tag:yaml.org,2002:float", _bounded_number(yaml.SafeLoader.construct_yaml_float, "the number")
)


def _explain(problem: str) -> str:
    if "'\\t'" in problem or "tab" in problem:
        return problem + " (YAML indentation must use spaces, not tabs)"
    return problem


def read_text(path: Path | str) -> str:
    """The text of PATH, at most MAX_FILE_BYTES of UTF-8; `YamlSourceError` names the line of
    a byte that is not UTF-8, or where the file passes the size limit."""
    path = Path(path)
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)  # never more, whatever the file's size
    except OSError as exc:
        raise YamlSourceError(path, None, f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        line = raw.count(b"\n", 0, MAX_FILE_BYTES) + 1
        raise YamlSourceError(
            path,
            line,
            f"the file passes the size limit of {MAX_FILE_BYTES // 1024} KB here: "
            "mission files are much smaller",
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise YamlSourceError(
            path,
            line,
            f"not UTF-8 text (byte 0x{raw[exc.start]:02X} at column {column}): "
            "save the file as UTF-8",
        ) from None


_PARSED: dict[str, Any] = {}
"""Documents parsed in this process, by their text. Every app a process builds reads the
same content files (each test builds its own app), and PyYAML spends a third of a second on
them; a copy of the earlier result costs a tenth of that. The text is the key, so an edited
file is parsed again."""
_PARSED_MOST = 256


def load_yaml(path: Path | str, text: str | None = None) -> Any:
    """Parse one YAML document safely and within bounds; `YamlSourceError` names the file and
    line on failure. TEXT, when given, is parsed instead of reading PATH (and is capped too).
    Each call returns its own copy: a caller may change it."""
    path = Path(path)
    if text is None:
        text = read_text(path)
    elif len(text) > MAX_FILE_BYTES:
        line = text.count("\n", 0, MAX_FILE_BYTES) + 1
        raise YamlSourceError(
            path, line, f"the text passes the size limit of {MAX_FILE_BYTES // 1024} KB here"
        )
    found = _PARSED.get(text)
    if found is None:
        found = _parse(path, text)
        if len(_PARSED) >= _PARSED_MOST:
            _PARSED.clear()
        _PARSED[text] = found
    return copy.deepcopy(found)


def _parse(path: Path, text: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        if isinstance(exc, yaml.constructor.ConstructorError) and "tag" in problem:
            problem = f"{problem}; only plain YAML data is allowed"
        raise YamlSourceError(path, line, _explain(problem)) from None
    except yaml.reader.ReaderError as exc:
        # PyYAML gives only an offset for a character it refuses; turn it into a line.
        position = int(exc.position)
        line = text.count("\n", 0, position) + 1
        column = position - (text.rfind("\n", 0, position) + 1) + 1
        raise YamlSourceError(
            path,
            line,
            f"the character U+{exc.character:04X} at column {column} is not allowed in YAML "
            "(a control character, or not a character at all)",
        ) from None
    except yaml.YAMLError as exc:
        raise YamlSourceError(path, None, str(exc).replace("\n", " ")) from None
