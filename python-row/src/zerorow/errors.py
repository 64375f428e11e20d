"""Error classes (SPEC §6.1). Each carries ``.kind`` (the spec's name) and ``.path`` (§4.3)."""

from __future__ import annotations


class ZerorowError(Exception):
    """Base class of every zerorow format error."""

    kind = "invalid_data"

    def __init__(self, message: str, kind: str | None = None, path: str = "") -> None:
        super().__init__(message)
        if kind is not None:
            self.kind = kind
        self.path = path


class InvalidDataError(ZerorowError, ValueError):
    """The bytes break a rule of SPEC §2-§3, or a value cannot be written exactly."""

    kind = "invalid_data"


class TruncatedError(ZerorowError, ValueError):
    """The top-level buffer is shorter than the fixed region of its schema."""

    kind = "truncated"


class UnsupportedError(ZerorowError, ValueError):
    """The schema or container uses something format v1 does not define."""

    kind = "unsupported"


class SchemaMismatchError(ZerorowError, TypeError):
    """Data written for another schema, or a value of the wrong shape at write time."""

    kind = "schema_mismatch"


ERRORS_BY_KIND = {
    "invalid_data": InvalidDataError,
    "truncated": TruncatedError,
    "unsupported": UnsupportedError,
    "schema_mismatch": SchemaMismatchError,
}


def error(kind: str, path: str, message: str) -> ZerorowError:
    """An error of `kind` at `path`, formatted like the native ones."""
    text = f"{kind} at {path or '<row>'}: {message}"
    return ERRORS_BY_KIND[kind](text, kind, path)
