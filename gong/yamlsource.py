"""Safe YAML loading that remembers where each value came from.

PyYAML's `safe_load` forgets line numbers and silently keeps the last of two duplicate keys.
Mission authors need both: an error must say "bonus.yaml line 42", and a duplicated `fr:` is
a mistake, not an override. Only the safe subset is constructed: tags that build Python
objects are refused, as with `yaml.safe_load`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class YamlSourceError(ValueError):
    """A YAML file that cannot be read: syntax, duplicate key, unsafe tag, tab indentation."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}, line {line}" if line else self.path
        super().__init__(f"{where}: {message}")


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
    pass


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
                f"duplicate key {key!r} (first given on line {first})",
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


def _explain(problem: str) -> str:
    if "'\\t'" in problem or "tab" in problem:
        return problem + " (YAML indentation must use spaces, not tabs)"
    return problem


def load_yaml(path: Path | str, text: str | None = None) -> Any:
    """Parse one YAML document safely; `YamlSourceError` names the file and line on failure."""
    path = Path(path)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise YamlSourceError(path, None, f"not UTF-8 text ({exc.reason})") from None
        except OSError as exc:
            raise YamlSourceError(path, None, f"cannot read: {exc.strerror}") from None
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "invalid YAML"
        if isinstance(exc, yaml.constructor.ConstructorError) and "tag" in problem:
            problem = f"{problem}; only plain YAML data is allowed"
        raise YamlSourceError(path, line, _explain(problem)) from None
    except yaml.YAMLError as exc:
        raise YamlSourceError(path, None, str(exc)) from None
