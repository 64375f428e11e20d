"""Field paths as people type them (SPEC §4.3): names joined with `.`; a name holding a `.`,
a `,`, a `"` or spaces at its ends is written in double quotes, a `"` inside doubled (as SQL
quotes identifiers): `"Sepal.Length"`, `meta."a""b"`. The command line's `--columns` and
Python's `zerorow.parse_path` / `zerorow.format_path` read and write the same syntax."""

from __future__ import annotations

_NEEDS_QUOTES = set('.,"[]{}')


def parse_path(text: str) -> tuple[str, ...]:
    """The field names of a path: `a.b` -> ("a", "b"), `"Sepal.Length"` -> ("Sepal.Length",).
    ValueError names the position of a bad quote or an empty name."""
    steps: list[str] = []
    i, n = 0, len(text)
    while True:
        if i < n and text[i] == '"':
            name, i = _quoted(text, i)
        else:
            j = text.find(".", i)
            j = n if j < 0 else j
            name = text[i:j]
            if '"' in name:
                raise ValueError(
                    f"field path {text!r}: a quote inside the name at character {i + 1} "
                    '(quote the whole name: "a.b", a quote inside doubled)'
                )
            i = j
        if not name:
            raise ValueError(f"field path {text!r}: empty name at character {i + 1}")
        steps.append(name)
        if i == n:
            return tuple(steps)
        if text[i] != ".":
            raise ValueError(
                f"field path {text!r}: expected '.' after the quoted name at character "
                f"{i + 1}"
            )
        i += 1
        if i == n:
            raise ValueError(f"field path {text!r}: ends with '.'")


def _quoted(text: str, i: int) -> tuple[str, int]:
    """The quoted name starting at text[i] == '"' and the position after it."""
    out, j = [], i + 1
    while j < len(text):
        c = text[j]
        if c == '"':
            if text[j + 1 : j + 2] == '"':
                out.append('"')
                j += 2
                continue
            return "".join(out), j + 1
        out.append(c)
        j += 1
    raise ValueError(
        f"field path {text!r}: the quote at character {i + 1} is not closed"
    )


def format_path(steps: tuple[str, ...] | list[str]) -> str:
    """The path text of field names, quoting those that need it (parse_path reads it back)."""
    return ".".join(_name(s) for s in steps)


def _name(s: str) -> str:
    if s and not (_NEEDS_QUOTES & set(s)) and s == s.strip():
        return s
    return '"' + s.replace('"', '""') + '"'


def split_columns(text: str) -> list[str]:
    """A comma-separated list of paths (commas inside quotes belong to the name)."""
    out, start, quoted = [], 0, False
    for i, c in enumerate(text):
        if c == '"':
            quoted = not quoted
        elif c == "," and not quoted:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return out
