"""The per-record work shared by every zerorow.flink function: bytes -> BinaryRow, and a
function's result -> row bytes. Pure zerorow (no pyflink): the wrappers in `functions` and
`datastream` build one pair of these per task, in `open()`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _zerorow
from ..arrow import RowBatch
from ..errors import error
from ..infer import infer_schema
from ..schema import Schema

SchemaLike = Schema | str | type
_LEVELS = ("none", "bounds", "full")  # SPEC §1.1 level words


def as_schema(schema: SchemaLike, what: str) -> Schema:
    """A zerorow Schema from a Schema, its JSON text, or a dataclass / NamedTuple class."""
    if isinstance(schema, Schema):
        return schema
    if isinstance(schema, (str, bytes)):
        return Schema.from_json(schema)
    if isinstance(schema, type):
        return infer_schema(schema)
    raise TypeError(
        f"{what} must be a zerorow.Schema, its JSON text or a dataclass/NamedTuple class, "
        f"not {type(schema).__name__}"
    )


def check_level(level: str) -> str:
    if level not in _LEVELS:
        raise ValueError(
            f"level must be one of {', '.join(map(repr, _LEVELS))}, not {level!r}"
        )
    return level


def row_reader(schema_json: str, level: str) -> Callable[[Any], Any]:
    """bytes -> a zero-copy BinaryRow over those bytes (the object PyFlink passed, no copy):
    a native function of one argument (no Python frame, no argument but the bytes to
    convert per row), checking each row at `level` as `BinaryRow(schema, data, level)`."""
    schema = Schema.from_json(schema_json)
    return _zerorow.row_reader(schema, schema._native, level)


def batch_reader(schema_json: str, level: str) -> Callable[[list], list]:
    """A list of bytes values (None for NULL) -> a list of BinaryRows (None for NULL): the
    values laid end to end in one RowBatch (one copy of the batch's bytes), checked in one
    native pass and viewed without Python work per row (RowBatch.views). For the pandas form
    of `row_udf`, which gets a whole batch at once."""
    schema = Schema.from_json(schema_json)

    def read(values: list) -> list:
        present = [v for v in values if v is not None]
        sizes = np.fromiter(map(len, present), np.int64, len(present))
        offsets = np.zeros(len(present) + 1, np.int64)
        np.cumsum(sizes, out=offsets[1:])
        rows = RowBatch(schema, b"".join(present), offsets, level=level).views()
        if len(present) == len(values):
            return rows
        it = iter(rows)
        return [None if v is None else next(it) for v in values]

    return read


def row_writer(schema_json: str) -> Callable[[Any], bytes | None]:
    """A function's result -> row bytes: None stays None (SQL NULL); a BinaryRow of this
    schema is passed on as its bytes; dataclasses, NamedTuples, dicts, pyflink Rows and other
    objects with the fields as attributes are encoded (SPEC §2.6 canonical layout)."""
    schema = Schema.from_json(schema_json)
    compiled = schema._native
    encode = _zerorow.encode
    row_type = _zerorow.BinaryRow

    def write(obj: Any) -> bytes | None:
        if obj is None:
            return None
        if type(obj) is row_type:
            if not obj._has_type(compiled):
                raise error(
                    "schema_mismatch",
                    "",
                    f"the function returned a row of schema {obj.schema.fingerprint_hex}, "
                    f"not of the result schema {schema.fingerprint_hex}",
                )
            return obj.to_bytes()
        return encode(compiled, obj)

    return write
