"""JSON of Arrow columns, computed a column at a time with Arrow's kernels (no per-row Python
work), for `cat --format json/jsonl` and `convert ... out.jsonl` alike; and JSON Lines read
back exactly through a schema (`convert in.jsonl out.zrow --schema ...`).

Values: bool, integers and floats as JSON numbers (floats keep a `.0`, NaN and infinities as
Python's json writes them: NaN, Infinity, -Infinity), strings as strings, binary as base64,
decimals as strings (`"1.50"`), dates, times and timestamps as ISO 8601 strings (a zoned
timestamp in its zone with its offset, `2026-01-01T01:00:00+01:00`), durations as integer
microseconds, lists as arrays, structs as objects, maps with string keys as objects
(`{"tip": 1.0}`) and maps with other keys as arrays of `[key, value]` pairs.
"""

from __future__ import annotations

import base64
import datetime
import decimal
import json
import uuid
from collections.abc import Iterator
from typing import Any

_ESCAPES = {0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"}


def json_objects(batch: Any, names: list[str] | None = None, end: str = "}") -> Any:
    """A pyarrow string array: each row of `batch` (a RecordBatch, or a list of columns with
    `names`) as one JSON object, keys in column order, each followed by `end` (`}` closes
    the object; `}\n` makes JSON Lines in the same pass)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    columns = batch.columns if names is None else batch
    names = batch.schema.names if names is None else names
    parts: list[Any] = []
    close = ""
    for k, (name, column) in enumerate(zip(names, columns, strict=True)):
        opening, values, closing = _value_parts(column)
        key = json.dumps(name, ensure_ascii=False)
        parts.append(f"{close}{'{' if k == 0 else ','}{key}:{opening}")
        parts.append(values)
        close = closing
    if not parts:
        n = len(batch) if names is None else 0
        return pa.array(["{" + end] * n, pa.string())
    parts.append(close + end)
    return pc.binary_join_element_wise(*parts, "")


def json_lines(batch: Any) -> Any:
    """The rows of a RecordBatch as JSON Lines (each object followed by a newline): a
    buffer over the text of the whole batch (no per-row work, no copy)."""
    if batch.num_rows == 0:
        return b""
    return _string_buffer(json_objects(batch, end="}\n"))


def _string_buffer(strings: Any) -> Any:
    """The characters of a string array, end to end: a slice of its data buffer."""
    import numpy as np

    offsets = np.frombuffer(strings.buffers()[1], dtype="<i4")
    start, end = offsets[strings.offset], offsets[strings.offset + len(strings)]
    return memoryview(strings.buffers()[2].slice(int(start), int(end - start)))


def plain_batch(batch: Any, text: bool, variants: bool = True) -> Any:
    """`batch` in the forms the table, CSV, JSON Lines and Parquet outputs can take: interval_ym
    as int32 months (pyarrow cannot read Arrow's month_interval) and a variant (a struct marked
    parquet.variant) as its JSON text (SPEC §3.9, as Spark's to_json); with `text` (CSV), a
    uuid and an interval as their JSON text too (pyarrow's CSV writer has no form for them);
    with `variants` False (Parquet, which has a VARIANT group, SPEC §12.3) variants stay."""
    import pyarrow as pa

    from .. import _zerorow
    from ..arrow import months_as_int32

    batch = months_as_int32(batch)
    marked = [
        i
        for i, f in enumerate(batch.schema)
        if variants
        and (f.metadata or {}).get(b"ARROW:extension:name") == b"parquet.variant"
    ]
    # a uuid as its text everywhere but Parquet (which has UUID); pyarrow before 18 knows no
    # arrow.uuid type and shows only the field's extension metadata over fixed_size_binary(16)
    uuids = [
        i
        for i, f in enumerate(batch.schema)
        if (text or variants)
        and (
            (
                isinstance(f.type, pa.BaseExtensionType)
                and f.type.extension_name == "arrow.uuid"
            )
            or (f.metadata or {}).get(b"ARROW:extension:name") == b"arrow.uuid"
        )
    ]
    intervals = [
        i for i, f in enumerate(batch.schema) if text and pa.types.is_interval(f.type)
    ]
    if not marked and not uuids and not intervals:
        return batch
    fields, columns = list(batch.schema), list(batch.columns)
    for i in intervals:
        columns[i] = _values(columns[i], columns[i].type)  # its JSON object, as text
        fields[i] = pa.field(fields[i].name, pa.string(), fields[i].nullable)
    for i in uuids:
        texts = [
            None
            if v is None
            else str(v if isinstance(v, uuid.UUID) else uuid.UUID(bytes=v))
            for v in columns[i].to_pylist()
        ]
        columns[i] = pa.array(texts, pa.string())
        fields[i] = pa.field(fields[i].name, pa.string(), fields[i].nullable)
    for i in marked:
        texts = [
            None if v is None else _zerorow.Variant(v["metadata"], v["value"]).to_json()
            for v in columns[i].to_pylist()
        ]
        columns[i] = pa.array(texts, pa.string())
        fields[i] = pa.field(fields[i].name, pa.string(), fields[i].nullable)
    return pa.RecordBatch.from_arrays(
        columns, schema=pa.schema(fields, metadata=batch.schema.metadata)
    )


def plain_schema(schema: Any, text: bool, variants: bool = True) -> Any:
    """The Arrow schema of plain_batch's batches for batches of `schema`."""
    import pyarrow as pa

    empty = pa.RecordBatch.from_pylist([], schema=_no_months(schema))
    return plain_batch(empty, text, variants).schema


def _no_months(schema: Any) -> Any:
    from ..arrow import months_as_int32_schema

    return months_as_int32_schema(schema)


def json_values(column: Any) -> Any:
    """A pyarrow string array with the JSON text of each value of `column` ("null" for a
    missing value)."""
    import pyarrow.compute as pc

    opening, values, closing = _value_parts(column)
    if not opening and not closing:
        return values
    return pc.binary_join_element_wise(opening, values, closing, "")


def _value_parts(column: Any) -> tuple[str, Any, str]:
    """(opening, texts, closing): the JSON of each value of `column` is opening + text +
    closing. A string column without nulls leaves its quotes to the caller, which folds them
    into the text around it (one pass over the strings fewer); otherwise the texts are whole
    and "null" stands for a missing value."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if isinstance(column, pa.ChunkedArray):
        column = column.combine_chunks()
    t = column.type
    if pa.types.is_dictionary(t):
        column, t = column.dictionary_decode(), t.value_type
    if _is_string(t) and not column.null_count:
        return '"', _escaped(column.cast(pa.string())), '"'
    out = _values(column, t)
    if column.null_count:
        out = pc.if_else(column.is_null(), pa.scalar("null"), out)
    return "", out, ""


def _is_string(t: Any) -> bool:
    import pyarrow as pa

    return (
        pa.types.is_string(t)
        or pa.types.is_large_string(t)
        or pa.types.is_string_view(t)
    )


def _values(column: Any, t: Any) -> Any:
    import pyarrow as pa
    import pyarrow.compute as pc

    if pa.types.is_null(t):
        return pa.array(["null"] * len(column), pa.string())
    if pa.types.is_boolean(t):
        return pc.if_else(column, pa.scalar("true"), pa.scalar("false"))
    if pa.types.is_integer(t):
        return column.cast(pa.string())
    if pa.types.is_floating(t):
        return _floats(column)
    if _is_string(t):
        return _quoted(_escaped(column.cast(pa.string())))
    if isinstance(t, pa.BaseExtensionType) and t.extension_name == "arrow.uuid":
        # a uuid as its text (SPEC §10's values.json form), not its 16 bytes
        return pa.array(
            [None if v is None else f'"{v}"' for v in column.to_pylist()], pa.string()
        )
    if isinstance(t, pa.BaseExtensionType):
        return _values(column.storage, t.storage_type)
    if pa.types.is_interval(
        t
    ):  # month_day_nano (interval_ym reaches here as int32 months)
        return pa.array(
            [
                None
                if v is None
                else f'{{"months":{v.months},"days":{v.days},"microseconds":{v.nanoseconds // 1000}}}'
                for v in column.to_pylist()
            ],
            pa.string(),
        )
    if (
        pa.types.is_binary(t)
        or pa.types.is_large_binary(t)
        or pa.types.is_binary_view(t)
        or pa.types.is_fixed_size_binary(t)
    ):
        return pa.array(
            [
                None if v is None else f'"{base64.b64encode(v).decode("ascii")}"'
                for v in column.to_pylist()
            ],
            pa.string(),
        )
    if pa.types.is_decimal(t) or pa.types.is_date32(t):
        return _quoted(column.cast(pa.string()))
    if pa.types.is_date64(t):
        return _quoted(column.cast(pa.date32()).cast(pa.string()))
    if pa.types.is_time(t):
        return _quoted(_no_zero_fraction(column.cast(pa.string()), "$", ""))
    if pa.types.is_timestamp(t):
        return _quoted(_timestamps(column))
    if pa.types.is_duration(t):
        return column.cast(pa.duration("us")).cast(pa.int64()).cast(pa.string())
    if pa.types.is_map(t):
        return _maps(column)
    if pa.types.is_struct(t):
        return _structs(column, t)
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return _bracketed(column.offsets, json_values(column.values), "[", "]")
    if pa.types.is_fixed_size_list(t) or pa.types.is_list_view(t):
        return _values(column.cast(pa.list_(t.value_type)), pa.list_(t.value_type))
    raise TypeError(f"no JSON form for Arrow type {t}")


def _floats(column: Any) -> Any:
    """Shortest round-trip text; integral values keep a `.0` (so a reader sees a float)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    text = column.cast(pa.string())
    special = pc.any(pc.invert(pc.is_finite(column))).as_py()
    # digits only (no '.', no exponent, no nan/inf): an integral value to mark as a float
    whole = pc.invert(
        pc.or_(pc.match_substring(text, "."), pc.match_substring(text, "e"))
    )
    if special:
        whole = pc.and_(whole, pc.is_finite(column))
    if pc.any(whole).as_py():
        suffix = pc.if_else(whole, pa.scalar(".0"), pa.scalar(""))
        text = pc.binary_join_element_wise(text, suffix, "")
    if special:
        text = pc.replace_substring(text, "nan", "NaN")
        text = pc.replace_substring(text, "inf", "Infinity")
    return text


def _escaped(strings: Any) -> Any:
    """Strings with `\\`, `"` and control characters escaped as JSON needs; a column that has
    none of them (found in one NumPy pass over its characters) is returned as it is."""
    import numpy as np
    import pyarrow.compute as pc

    if len(strings) and strings.buffers()[2] is not None:
        offsets = np.frombuffer(strings.buffers()[1], dtype="<i4")
        chars = np.frombuffer(strings.buffers()[2], dtype=np.uint8)
        chars = chars[offsets[strings.offset] : offsets[strings.offset + len(strings)]]
        if not ((chars < 0x20) | (chars == 0x22) | (chars == 0x5C)).any():
            return strings
    out = pc.replace_substring(strings, "\\", "\\\\")
    out = pc.replace_substring(out, '"', '\\"')
    if pc.any(pc.match_substring_regex(out, "[\\x00-\\x1f]")).as_py():
        for code in range(0x20):
            escape = _ESCAPES.get(code, f"\\u{code:04x}")
            out = pc.replace_substring(out, chr(code), escape)
    return out


def _quoted(strings: Any) -> Any:
    import pyarrow.compute as pc

    return pc.binary_join_element_wise('"', strings, '"', "")


def _no_zero_fraction(strings: Any, before: str, keep: str) -> Any:
    """Drops a `.000000` fraction (as Python's isoformat does) where it precedes `before`."""
    import pyarrow.compute as pc

    return pc.replace_substring_regex(strings, r"\.000000" + before, keep)


def _timestamps(column: Any) -> Any:
    """ISO 8601: naive as written, zoned in the zone's local time with its offset."""
    import pyarrow as pa
    import pyarrow.compute as pc

    column = column.cast(pa.timestamp("us", column.type.tz))
    if column.type.tz is None:
        text = pc.strftime(column, "%Y-%m-%dT%H:%M:%S")
        return _no_zero_fraction(text, "$", "")
    text = pc.strftime(column, "%Y-%m-%dT%H:%M:%S%z")
    text = pc.replace_substring_regex(text, r"([+-][0-9][0-9])([0-9][0-9])$", r"\1:\2")
    return _no_zero_fraction(text, r"([+-])", r"\1")


def _bracketed(offsets: Any, values: Any, open_: str, close: str) -> Any:
    """Each list's values (JSON texts at `offsets` into `values`) joined into one array text."""
    import pyarrow as pa
    import pyarrow.compute as pc

    make = pa.LargeListArray if offsets.type == pa.int64() else pa.ListArray
    lists = make.from_arrays(offsets, values)
    return pc.binary_join_element_wise(open_, pc.binary_join(lists, ","), close, "")


def _structs(column: Any, t: Any) -> Any:
    fields = column.flatten()
    return json_objects(fields, [t.field(i).name for i in range(t.num_fields)])


def _maps(column: Any) -> Any:
    """String keys: an object; other keys: an array of [key, value] pairs."""
    import pyarrow as pa
    import pyarrow.compute as pc

    entries = column.values  # the entries of every map, at column.offsets
    keys, items = entries.field(0), entries.field(1)
    values = json_values(items)
    if pa.types.is_string(keys.type) or pa.types.is_large_string(keys.type):
        pairs = pc.binary_join_element_wise(json_values(keys), ":", values, "")
        return _bracketed(column.offsets, pairs, "{", "}")
    pairs = pc.binary_join_element_wise("[", json_values(keys), ",", values, "]", "")
    return _bracketed(column.offsets, pairs, "[", "]")


# ---- reading JSON Lines through a schema --------------------------------------------------------
def read_json_lines(
    lines: Iterator[bytes], schema: Any, batch_rows: int
) -> Iterator[Any]:
    """RowBatches of the JSON objects in `lines`, each value read as its field's type (the
    forms json_values writes, so a file written by `convert`/`cat` comes back exactly). An
    error names the line and the field."""
    from .. import _zerorow
    from ..arrow import RowBatch
    from ..errors import ZerorowError, error

    readers = [(f.name, _reader(f.type)) for f in schema.fields]
    chunk: list[dict] = []
    first_line = 1
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise ValueError(f"expected a JSON object, found {type(obj).__name__}")
            chunk.append({name: read(obj.get(name)) for name, read in readers})
        except (ValueError, TypeError, KeyError, decimal.InvalidOperation) as e:
            raise error("invalid_data", "", f"line {number}: {e}") from None
        if len(chunk) == batch_rows:
            yield _encoded(chunk, schema, first_line, _zerorow, RowBatch, ZerorowError)
            chunk, first_line = [], number + 1
    if chunk:
        yield _encoded(chunk, schema, first_line, _zerorow, RowBatch, ZerorowError)


def _encoded(chunk, schema, first_line, native, row_batch, zerorow_error):
    import array

    try:
        data, offs = native.encode_many(schema._native, chunk)
    except zerorow_error as e:
        raise type(e)(
            f"JSON Lines from line {first_line}: {e}", e.kind, e.path
        ) from None
    offsets = array.array("q")
    offsets.frombytes(offs)
    return row_batch(schema, data, offsets)


def _reader(t: Any):
    """A function from a JSON value to the Python value of zerorow type `t`."""
    kind = t.id

    def optional(fn):
        return lambda v: None if v is None else fn(v)

    if kind == "binary":
        return optional(base64.b64decode)
    if kind == "decimal":
        return optional(decimal.Decimal)
    if kind == "date32":
        return optional(datetime.date.fromisoformat)
    if kind == "time":
        return optional(datetime.time.fromisoformat)
    if kind == "timestamp":
        return optional(datetime.datetime.fromisoformat)
    if kind == "duration":
        return optional(lambda v: datetime.timedelta(microseconds=v))
    if kind in ("float32", "float64"):
        return optional(float)
    if kind == "list":
        element = _reader(t.element)
        return optional(lambda v: [element(x) for x in v])
    if kind == "struct":
        fields = [(f.name, _reader(f.type)) for f in t.fields]
        return optional(lambda v: {name: read(v.get(name)) for name, read in fields})
    if kind == "map":
        key, value = _reader(t.key), _reader(t.value)

        def read_map(v):
            pairs = v.items() if isinstance(v, dict) else v
            return {key(k): value(x) for k, x in pairs}

        return optional(read_map)
    return lambda v: v
