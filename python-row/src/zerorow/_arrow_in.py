"""Arrow -> rows for the Arrow data people actually have (SPEC §12 read backwards): columns
matched by name, Arrow variants normalised losslessly with pyarrow before cpp-row's
ImportRows, sub-microsecond values floored or refused (SPEC Appendix A rule 6)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from . import _zerorow
from .errors import ZerorowError, error
from .schema import Schema


def _pa():
    import pyarrow as pa

    return pa


# Lossless integer / float widenings (source -> the zerorow types it may become).
_WIDER = {
    "int8": ("int16", "int32", "int64"),
    "int16": ("int32", "int64"),
    "int32": ("int64",),
    "uint8": ("int16", "int32", "int64"),
    "uint16": ("int32", "int64"),
    "uint32": ("int64",),
    "float": ("double",),
    "halffloat": ("float", "double"),
}
# Without a schema: the zerorow type of an Arrow type with no zerorow twin.
_WIDEN_UNSIGNED = {"uint8": "int16", "uint16": "int32", "uint32": "int64"}
_US_PER = {"s": 1_000_000, "ms": 1000, "us": 1}
_NS_PER_US = 1000


def _batches(data: Any) -> tuple[Any, Iterator[Any]]:
    """(Arrow schema, iterator of pyarrow RecordBatches) of any Arrow input, streaming."""
    pa = _pa()
    if isinstance(data, pa.RecordBatch):
        return data.schema, iter([data])
    if isinstance(data, pa.Table):
        return data.schema, iter(data.to_batches())
    if isinstance(data, pa.RecordBatchReader):
        return data.schema, iter(data)
    if hasattr(data, "__arrow_c_stream__"):
        reader = pa.RecordBatchReader.from_stream(data)
        return reader.schema, iter(reader)
    if hasattr(data, "__arrow_c_array__"):
        batch = pa.record_batch(data)
        return batch.schema, iter([batch])
    raise TypeError(
        "from_arrow needs a pyarrow RecordBatch / Table / RecordBatchReader or an object "
        f"exporting the Arrow PyCapsule protocol, got {type(data).__name__}"
    )


def _storage_name(t: Any) -> str:
    pa = _pa()
    if pa.types.is_dictionary(t):
        return _storage_name(t.value_type)
    if (
        pa.types.is_large_string(t)
        or pa.types.is_string_view(t)
        or pa.types.is_string(t)
    ):
        return "string"
    if (
        pa.types.is_large_binary(t)
        or pa.types.is_binary_view(t)
        or pa.types.is_binary(t)
    ):
        return "binary"
    return str(t)


def derived_type(t: Any) -> Any:
    """The Arrow type of SPEC §12 an Arrow type becomes without a schema, or None."""
    pa = _pa()
    if isinstance(t, pa.BaseExtensionType):
        return None
    if pa.types.is_dictionary(t):
        return derived_type(t.value_type)
    name = _storage_name(t)
    if name == "string":
        return pa.string()
    if name == "binary":
        return pa.binary()
    if str(t) in _WIDEN_UNSIGNED:
        return getattr(pa, _WIDEN_UNSIGNED[str(t)])()
    if pa.types.is_float16(t):
        return pa.float32()
    if pa.types.is_timestamp(t):
        return pa.timestamp("us", t.tz)
    if pa.types.is_duration(t):
        return pa.duration("us")
    if pa.types.is_time(t):
        return pa.time64("us")
    if pa.types.is_date64(t):
        return pa.date32()
    if (
        pa.types.is_list(t)
        or pa.types.is_large_list(t)
        or pa.types.is_list_view(t)
        or (hasattr(pa.types, "is_large_list_view") and pa.types.is_large_list_view(t))
    ):
        inner = derived_type(t.value_type)
        return (
            None
            if inner is None
            else pa.list_(pa.field("item", inner, t.value_field.nullable))
        )
    if pa.types.is_map(t):
        k, v = derived_type(t.key_type), derived_type(t.item_type)
        return (
            None
            if k is None or v is None
            else pa.map_(k, pa.field("value", v, t.item_field.nullable))
        )
    if pa.types.is_struct(t):
        fields = []
        for f in t:
            ft = derived_type(f.type)
            if ft is None:
                return None
            fields.append(pa.field(f.name, ft, f.nullable))
        return pa.struct(fields)
    if str(t) in ("uint64",):
        return None
    return t


def schema_of(arrow_schema: Any) -> Schema:
    """The zerorow schema of an Arrow schema, after the lossless widenings (SPEC §12)."""
    pa = _pa()
    fields, seen = [], set()
    for k, f in enumerate(arrow_schema):
        if not f.name or f.name in seen:
            what = "has no name" if not f.name else "has the name of an earlier column"
            raise error(
                "unsupported",
                f.name,
                f"column {k} {what}; zerorow fields need distinct, non-empty names "
                "(SPEC §4.1): rename it first",
            )
        seen.add(f.name)
        t = derived_type(f.type)
        if t is None or _has_null_type(t):
            raise error("unsupported", f.name, _unmappable(f.type))
        fields.append(pa.field(f.name, t, f.nullable))
    return Schema.from_arrow(pa.schema(fields))


def _has_null_type(t: Any) -> bool:
    """True when Arrow type `t` is or holds the `null` type (a column of only missing
    values, as pandas and Parquet give for an all-None or empty object column)."""
    pa = _pa()
    if pa.types.is_null(t):
        return True
    if pa.types.is_struct(t):
        return any(_has_null_type(f.type) for f in t)
    if pa.types.is_map(t):
        return _has_null_type(t.key_type) or _has_null_type(t.item_type)
    value_type = getattr(t, "value_type", None)
    return value_type is not None and _has_null_type(value_type)


def _unmappable(t: Any) -> str:
    """Why Arrow type `t` has no zerorow type, and what to do."""
    if not isinstance(t, _pa().BaseExtensionType) and _has_null_type(t):
        what = "null" if _pa().types.is_null(t) else f"{t} (holding the type null)"
        return (
            f"the column is Arrow type {what} (every value missing: an all-None or empty "
            "pandas object column, say); zerorow has no null type (SPEC §12): give the "
            "column its type first (pandas: astype('string'), Arrow: cast) or leave it out"
        )
    if isinstance(t, _pa().BaseExtensionType):
        return (
            f"Arrow extension type {t.extension_name} (stored as {t.storage_type}) has no "
            "zerorow type (SPEC §12): convert the column to a plain type first (pandas "
            "Period: .dt.to_timestamp() or .astype(str); Interval: its .left and .right)"
        )
    return (
        f"Arrow type {t} has no lossless zerorow type (uint64 does not fit int64; "
        "cast the column in Arrow first)"
    )


def _lossless(src: Any, dst: Any) -> bool:
    """True when every value of Arrow type `src` converts exactly to `dst` (or is floored
    to the microsecond, SPEC Appendix A rule 6)."""
    pa = _pa()
    if src == dst:
        return True
    if pa.types.is_dictionary(src):
        return _lossless(src.value_type, dst)
    if _storage_name(src) in ("string", "binary") and _storage_name(
        src
    ) == _storage_name(dst):
        return True
    if str(dst) in _WIDER.get(str(src), ()):
        return True
    for kind in ("timestamp", "duration", "time"):
        check = getattr(pa.types, f"is_{kind}")
        if check(src) and check(dst):
            return kind != "timestamp" or src.tz == dst.tz
    if pa.types.is_date64(src) and pa.types.is_date32(dst):
        return True
    listy = [pa.types.is_list, pa.types.is_large_list, pa.types.is_list_view]
    if any(f(src) for f in listy) and pa.types.is_list(dst):
        return _lossless(src.value_type, dst.value_type)
    return False


def lossless_out(own: Any, want: Any) -> bool:
    """True when an exported Arrow type `own` (SPEC §12) converts exactly to `want`."""
    pa = _pa()
    if own == want:
        return True
    if _storage_name(own) in ("string", "binary") and _storage_name(
        want
    ) == _storage_name(own):
        return not pa.types.is_dictionary(want)
    if str(want) in _WIDER.get(str(own), ()):
        return True
    if pa.types.is_list(own) and (
        pa.types.is_list(want) or pa.types.is_large_list(want)
    ):
        return lossless_out(own.value_type, want.value_type)
    if (
        pa.types.is_struct(own)
        and pa.types.is_struct(want)
        and own.num_fields == want.num_fields
    ):
        return all(
            a.name == b.name and lossless_out(a.type, b.type)
            for a, b in zip(own, want, strict=False)
        )
    return False


def _floor_micros(col: Any, dst: Any, strict: bool, name: str) -> Any:
    """A timestamp / duration / time column in microseconds: coarser units exactly, finer ones
    floored toward negative infinity, or refused under strict."""
    import numpy as np

    pa = _pa()
    unit = col.type.unit
    if unit != "ns":
        return col.cast(dst)  # s / ms / us: exact
    raw = col.cast(pa.int64())
    values = raw.fill_null(0).to_numpy(zero_copy_only=False)
    rem = values % _NS_PER_US
    if strict and rem.any():
        k = int(np.flatnonzero(rem)[0])
        raise error(
            "invalid_data",
            f"[{k}].{name}",
            f"{col.type} value {int(values[k])} has nanoseconds; a zerorow value holds "
            "microseconds (strict: floor it in Arrow first, or import without strict=True)",
        )
    mask = raw.is_null().to_numpy(zero_copy_only=False) if raw.null_count else None
    storage = pa.int64() if not pa.types.is_time(dst) else pa.int64()
    floored = pa.array(values // _NS_PER_US, type=storage, mask=mask)
    return floored.cast(dst)


def _malformed(name: str, e: Exception) -> ZerorowError:
    return error("invalid_data", name, f"malformed Arrow data: {e}")


def _checked(col: Any, name: str) -> Any:
    """`col` after Arrow's full validation. A producer's bytes are not trusted: pyarrow's
    compute kernels (a cast) read offsets unchecked, so a column is validated before one runs
    on it, and a malformed one (offsets past a child, decreasing offsets, a short child) is
    InvalidDataError naming the column."""
    pa = _pa()
    try:
        col.validate(full=True)
    except pa.ArrowInvalid as e:
        raise _malformed(name, e) from None
    return col


def _first_malformed(batch: Any, names: list[str], e: Exception) -> ZerorowError:
    """The error of the first column of `batch` (pyarrow arrays) that fails Arrow's full
    validation, or `e` for the whole row when none does."""
    pa = _pa()
    for name, col in zip(names, batch, strict=True):
        try:
            col.validate(full=True)
        except pa.ArrowInvalid as bad:
            return _malformed(name, bad)
    return _malformed("", e)


def _convert(col: Any, dst: Any, strict: bool, name: str) -> Any:
    pa = _pa()
    if col.type == dst:
        return col
    if not _lossless(col.type, dst):
        raise error(
            "schema_mismatch",
            name,
            f"expected Arrow {dst} but found {col.type}: not a lossless conversion (cast the "
            "column in Arrow first)",
        )
    col = _checked(col, name)
    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks()
    for kind in ("timestamp", "duration", "time"):
        if getattr(pa.types, f"is_{kind}")(col.type):
            return _floor_micros(col, dst, strict, name)
    if pa.types.is_list_view(col.type):
        return pa.array(col.to_pylist(), type=dst)
    try:
        return col.cast(dst, safe=True)
    except pa.ArrowNotImplementedError:
        # older pyarrow (16, which PyFlink pins) has string_view and binary_view (polars and
        # DuckDB hand them out, nested too) but no cast from them
        if "_view" not in str(col.type):
            raise
        return pa.array(col.to_pylist(), type=dst)


def _normalise(batch: Any, target: Any, strict: bool) -> Any:
    """The batch with the target's columns, by name, converted to the target's types."""
    pa = _pa()
    names = batch.schema.names
    cols = []
    for f in target:
        if f.name not in names:
            raise error(
                "schema_mismatch",
                f.name,
                f"the Arrow data has no column '{f.name}' (its columns: {', '.join(names)})",
            )
        cols.append(_convert(batch.column(names.index(f.name)), f.type, strict, f.name))
    try:
        return pa.RecordBatch.from_arrays(cols, schema=target)
    except pa.ArrowInvalid as e:  # Arrow's own checks found a malformed column
        raise _first_malformed(cols, target.names, e) from None


_FORMATS = {
    "n": "null",
    "b": "bool",
    "c": "int8",
    "C": "uint8",
    "s": "int16",
    "S": "uint16",
    "i": "int32",
    "I": "uint32",
    "l": "int64",
    "L": "uint64",
    "e": "float16",
    "f": "float32",
    "g": "float64",
    "z": "binary",
    "Z": "large_binary",
    "vz": "binary_view",
    "u": "string",
    "U": "large_string",
    "vu": "string_view",
    "tdD": "date32",
    "tdm": "date64",
    "+l": "list",
    "+L": "large_list",
    "+vl": "list_view",
    "+vL": "large_list_view",
    "+s": "struct",
    "+m": "map",
    "+ud": "dense_union",
    "+us": "sparse_union",
}


def arrow_type_names(message: str) -> str:
    """A cpp-row message with Arrow C format codes ("vu", "L") replaced by type names."""

    def name(m: re.Match) -> str:
        code = m.group(1)
        return f"Arrow type {_FORMATS.get(code, code)}"

    return re.sub(r'(?:Arrow type |format )"([^"]+)"', name, message)


def _renamed(e: ZerorowError) -> ZerorowError:
    text = arrow_type_names(str(e))
    if text == str(e):
        return e
    return type(e)(text, e.kind, e.path)


class ArrowToRows:
    """The one Arrow -> rows mapping (SPEC §12 read backwards): `zerorow.from_arrow`,
    `zerorow.write_file` of Arrow data and the command line's `convert` all encode through
    it, so what one takes the others take. Built once per Arrow schema (the zerorow schema is
    derived from it unless given), then called per record batch in order (`rows =
    convert(batch)`); an error about a value names its row by its number in the whole input
    (`[70000].carrier`), whichever batch it is in."""

    def __init__(self, arrow_schema: Any, schema: Schema | None, strict: bool) -> None:
        try:
            self.schema = schema_of(arrow_schema) if schema is None else schema
        except ZerorowError as e:
            raise _renamed(e) from None
        self._target = self.schema.to_arrow()
        self._strict = strict
        self.rows = 0  # rows converted so far

    def __call__(self, batch: Any):
        """One pyarrow RecordBatch as a RowBatch."""
        from .arrow import RowBatch

        pa = _pa()
        try:
            b = _normalise(batch, self._target, self._strict)
            sc, ac = b.__arrow_c_array__()
            rows, offs = _zerorow.arrow_import(self.schema._native, sc, ac)
        except ZerorowError as e:
            raise _row_numbered(_renamed(e), self.schema.names, self.rows) from None
        except (
            pa.ArrowInvalid
        ) as e:  # pyarrow refused the producer's data while importing it
            raise _malformed("", e) from None
        self.rows += batch.num_rows
        return RowBatch(self.schema, rows, offs)  # NumPy arrays over the rows, no copy


def _row_numbered(e: ZerorowError, names: list[str], base: int) -> ZerorowError:
    """An error at a value of one batch as the error at that row of the whole input: cpp-row's
    import path `carrier[37316]` (the column, then the row in the batch) becomes
    `[base + 37316].carrier` (the row, then the field, as the encoder's paths go)."""
    path = e.path
    if path.startswith("["):  # already a row first ([k].name, from the unit checks)
        k, rest = path[1:].split("]", 1)
        new = f"[{int(k) + base}]{rest}" if k.isdigit() else path
    else:
        column = max(
            (n for n in names if path.startswith(n + "[")), key=len, default=None
        )
        if column is None:
            return e
        k, rest = path[len(column) + 1 :].split("]", 1)
        if not k.isdigit():
            return e
        new = f"[{int(k) + base}].{column}{rest}"
    if new == path:
        return e
    return type(e)(str(e).replace(path, new, 1), e.kind, new)


def arrow_batches(data: Any) -> tuple[Any, Iterator[Any]]:
    """(Arrow schema, iterator of pyarrow RecordBatches) of any Arrow input, streaming."""
    try:
        return _batches(data)
    except ZerorowError as e:
        raise _renamed(e) from None


def import_batches(data: Any, schema: Schema | None, strict: bool):
    """Rows of every batch of `data` (see arrow.from_arrow), one RowBatch; the offsets of
    the batches are joined with NumPy (no per-row Python work)."""
    import numpy as np

    from .arrow import RowBatch

    pa = _pa()
    try:
        arrow_schema, batches = _batches(data)
    except pa.ArrowInvalid as e:
        raise _malformed("", e) from None
    convert = ArrowToRows(arrow_schema, schema, strict)
    parts = [convert(batch) for batch in batches]
    if len(parts) == 1:
        return parts[0]
    offsets, base = [np.zeros(1, dtype="<i8")], 0
    for rows in parts:
        offsets.append(np.frombuffer(rows.offsets, dtype="<i8")[1:] + base)
        base += len(rows.data)
    return RowBatch(
        convert.schema, b"".join(r.data for r in parts), np.concatenate(offsets)
    )
