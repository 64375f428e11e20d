"""What runs inside the Python workers: Arrow batches in, rows to `fn`, Arrow batches out.

Everything here is a plain function of picklable arguments (schema JSON, pyarrow schemas, the
user's function), so cloudpickle ships it to executors; compiled schemas are rebuilt once per
worker process from their JSON and cached.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy as np

from .. import _zerorow
from .._views import BinaryRow
from ..arrow import RowBatch
from ..errors import ZerorowError
from ..schema import Schema

_SCHEMAS: dict = {}


def schema_of(text: str) -> Schema:
    s = _SCHEMAS.get(text)
    if s is None:
        s = _SCHEMAS[text] = Schema.from_json(text)
    return s


def input_rows(rb, in_json: str | None, level: str, first: int = 0) -> RowBatch:
    """The rows of one Arrow batch: over its binary `row` column (encoded on the JVM or read
    raw from files: zero-copy), or built by the native core from decoded columns (no jar).
    `first`: the input row number of the batch's first row, for errors."""
    if in_json is not None:
        col = rb.column(0)
        if str(col.type) in (
            "binary_view",
            "string_view",
        ):  # not a layout we can view in place
            import pyarrow as pa

            col = col.cast(pa.large_binary())
        schema = schema_of(in_json)
        batch = RowBatch.from_arrow_binary(col, schema, level)
        if level != "none":
            check_not_null(col if col.null_count else batch, schema, first)
        return batch
    from ..arrow import from_arrow

    return from_arrow(rb)


_MASKS: dict = {}


def _not_null_mask(schema: Schema) -> list:
    """One int per 64-bit word of the null bitmap: the bits of the non-nullable fields."""
    key = id(schema)
    got = _MASKS.get(key)
    if got is None or got[0] is not schema:
        words = [0] * ((len(schema.fields) + 63) // 64)
        for i, f in enumerate(schema.fields):
            if not f.nullable:
                words[i >> 6] |= 1 << (i & 63)
        got = _MASKS[key] = (schema, words)
    return got[1]


def check_not_null(rows, schema: Schema, first: int = 0) -> None:
    """A null bit on a non-nullable top-level field is invalid_data naming the field and the
    input row (SPEC §6.2: a view would read it as None), one test per 64 fields per row, as
    java-row's encoders and the connector's reader do. Nested non-nullable fields are
    checked at level "full". `rows`: a RowBatch, or a pyarrow binary column (its rows
    numbered as its entries, nulls included). A row too short to hold the bitmap word is
    left to the views' check (TruncatedError naming it)."""
    mask = _not_null_mask(schema)
    if not any(mask) or not len(rows):
        return
    numbers = None  # the input row number of each row, when it is not its index
    if not isinstance(rows, RowBatch):
        if rows.null_count:
            numbers = np.flatnonzero(rows.is_valid().to_numpy(False))
        rows = RowBatch.from_arrow_binary(rows, schema, "none")
    starts, ends = rows.starts, rows.ends
    data = np.frombuffer(rows._mv, dtype=np.uint8)
    # Rows are 8-byte multiples laid end to end (SPEC §2.1): over an 8-aligned buffer each
    # bitmap word is one element of a uint64 view, one gather per word for the whole batch.
    aligned = data.ctypes.data % 8 == 0 and not (starts & 7).any()
    words_of = np.frombuffer(rows._mv, "<u8", len(data) // 8) if aligned else None
    for w, m in enumerate(mask):
        if not m:
            continue
        at = starts + 8 * w
        fits = at + 8 <= ends
        index = None if fits.all() else np.flatnonzero(fits)
        if index is not None:
            at = at[index]
        if aligned:
            words = words_of[at >> 3]
        else:
            words = data[at[:, None] + np.arange(8)].copy().view("<u8").ravel()
        hit = np.flatnonzero(words & np.uint64(m))
        if len(hit):
            k = int(hit[0] if index is None else index[hit[0]])
            row = k if numbers is None else int(numbers[k])
            bits = int(words[hit[0]]) & m
            field = schema.fields[64 * w + (bits & -bits).bit_length() - 1].name
            from ..errors import error

            raise error(
                "invalid_data",
                field,
                f"row {first + row}: expected a value (the type is not nullable) but found "
                "its null bit set",
            )


def encode_objects(objs: list, schema: Schema) -> tuple:
    """(data, int64 offsets) of `objs` encoded as rows of `schema` (dataclasses, NamedTuples,
    dicts, pyspark Rows, or BinaryRows of that schema)."""
    native = schema._native
    if not _has_rows(objs):
        data, offs = _zerorow.encode_many(native, objs)
        return data, np.frombuffer(offs, dtype="<i8")
    parts = [_one(o, schema) for o in objs]
    offs = np.zeros(len(parts) + 1, np.int64)
    np.cumsum([len(p) for p in parts], out=offs[1:])
    return b"".join(parts), offs


def _one(o: Any, schema: Schema) -> bytes:
    if type(o) is BinaryRow:
        if o.schema == schema:
            return o.to_bytes()
        o = o.to_dict()
    elif _is_spark_row(o):
        o = o.asDict(recursive=True)
    return _zerorow.encode(schema._native, o)


def _is_spark_row(o: Any) -> bool:
    return _is_row_type(type(o))


def _is_row_type(t: type) -> bool:
    return t is BinaryRow or (t.__name__ == "Row" and hasattr(t, "asDict"))


def _has_rows(objs: list) -> bool:
    """True when some of `objs` are BinaryRows or pyspark Rows (looked at once per type)."""
    return any(_is_row_type(t) for t in set(map(type, objs)))


def binary_batch(data: Any, offs: np.ndarray):
    """A RecordBatch with one `row: binary` column over the encoded rows (no copy of rows)."""
    import pyarrow as pa

    n = len(offs) - 1
    if offs[-1] >= 2**31:
        raise OverflowError(
            f"{offs[-1]} bytes of rows in one batch; lower spark.sql.execution.arrow.maxRecordsPerBatch"
        )
    arr = pa.Array.from_buffers(
        pa.binary(), n, [None, pa.py_buffer(offs.astype("<i4")), pa.py_buffer(data)]
    )
    return pa.RecordBatch.from_arrays([arr], names=["row"])


def object_batch(objs: list, schema: Schema, expected):
    """Objects -> Arrow columns of `schema` in one native call, cast to the Arrow schema Spark
    expects for the declared output (time zones, string/large_string)."""
    import pyarrow as pa

    from ..arrow import objects_to_batch

    if not objs:
        return (
            expected.empty_table().to_batches()[0]
            if len(expected)
            else pa.record_batch([], schema=expected)
        )
    if _has_rows(objs):
        data, offs = encode_objects(objs, schema)
        from ..arrow import RowBatch as Rows

        rb = Rows(schema, data, offs).to_arrow()
    else:
        rb = objects_to_batch(_Enc(schema), objs)
    return conform(rb, expected)


class _Enc:
    __slots__ = ("_native",)

    def __init__(self, schema: Schema) -> None:
        self._native = schema._native


def conform(rb, expected):
    """`rb` with the column names and Arrow types of `expected` (cast where they differ)."""
    import pyarrow as pa

    if not isinstance(rb, pa.RecordBatch):
        rb = pa.record_batch(rb)
    if rb.schema.names != expected.names:
        missing = [n for n in expected.names if n not in rb.schema.names]
        if missing:
            raise ValueError(
                f"the batch fn returned lacks columns {missing} of the output schema (has {rb.schema.names})"
            )
        rb = rb.select(expected.names)
    if not rb.schema.equals(expected):
        rb = rb.cast(expected)
    return rb


def run_map_rows(
    batches: Iterable, fn: Callable, in_json, out_json: str, level: str, expected
) -> Iterator:
    """mapInArrow body of map_rows: `fn` per row view; None drops the row; rows out as a
    binary column (expected None: the jar decodes it) or as Arrow columns (no jar)."""
    out_schema = schema_of(out_json)
    first = 0
    for rb in batches:
        # The collector stays off until the batch's views and fn's results are freed (by
        # their reference counts), so turning it back on finds no young objects to walk.
        with _gc_paused():
            rows = input_rows(rb, in_json, level, first).rows()
            results = list(map(fn, rows))
            del rows
            # None drops a row; the common case, no None at all, is one C-level scan
            dropped = any(map(operator.is_, results, itertools.repeat(None)))
            objs = [o for o in results if o is not None] if dropped else results
            try:
                if expected is None:
                    out = binary_batch(*encode_objects(objs, out_schema))
                else:
                    out = object_batch(objs, out_schema, expected)
            except ZerorowError as e:
                raise _at_input_row(e, results, first) from e
            del results, objs
        first += rb.num_rows
        yield out


def _at_input_row(e, results: list, first: int):
    """`e`, about fn's k-th returned object (`[k]` at the start of its path, k counting the
    objects of one batch that were not None), named by the input row that gave it: rows are
    counted across the batches of a task, as zerorow_decode counts them."""
    import re

    m = re.match(r"\[(\d+)\]\.?(.*)", e.path or "")
    if not m:
        return e
    k, rest = int(m.group(1)), m.group(2)
    kept = [i for i, r in enumerate(results) if r is not None]
    row = first + kept[k] if k < len(kept) else first + k
    text = str(e).replace(f"at {e.path}:", f"at {rest or '<row>'}:", 1)
    return type(e)(f"{text} (the result of fn for input row {row})", e.kind, rest)


@contextlib.contextmanager
def _gc_paused():
    """No cyclic garbage collection while one batch is read, mapped and encoded: the views
    and most results are acyclic, and the collector would otherwise walk every young object
    many times per batch. Cycles `fn` makes are collected once it is back on."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def run_map_row_batches(
    batches: Iterable, fn: Callable, in_json, out_json: str, level: str, expected
) -> Iterator:
    """mapInArrow body of map_row_batches: `fn` per batch; objects or an Arrow batch back."""
    out_schema = schema_of(out_json)
    first = 0
    for rb in batches:
        got = fn(input_rows(rb, in_json, level, first))
        first += rb.num_rows
        if got is None:
            continue
        if hasattr(got, "__arrow_c_array__") or hasattr(got, "__arrow_c_stream__"):
            import pyarrow as pa

            t = got if hasattr(got, "__arrow_c_array__") else pa.table(got)
            for b in t.to_batches() if isinstance(t, pa.Table) else [t]:
                yield conform(b, expected)
        else:
            yield object_batch(list(got), out_schema, expected)


def run_encode(batches: Iterable) -> Iterator:
    """Decoded columns -> one binary `row` column, rows built by the native core (no jar)."""
    from ..arrow import from_arrow

    for rb in batches:
        rows = from_arrow(rb)
        yield binary_batch(rows.data, np.frombuffer(rows.offsets, dtype="<i8"))


def run_decode(batches: Iterable, in_json: str, level: str, expected) -> Iterator:
    """A binary `row` column -> the rows' fields as Arrow columns, by cpp-row (no jar)."""
    first = 0
    for rb in batches:
        yield conform(input_rows(rb, in_json, level, first).to_arrow(), expected)
        first += rb.num_rows
