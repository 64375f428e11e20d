"""SPEC §12.2 and §12.3 in the reference: the zerorow type and verdict of an Arrow or
Parquet column, and its values (values.py forms) converted from what pyarrow reads.

Used by the reference corpus runner (format-spec/harness/corpus_reference.py) and by the
corpus harness, which compares every runner's rows with these values. Needs pyarrow.
"""

import decimal
import uuid

import pyarrow as pa
import pyarrow.compute as pc

from . import variant
from .errors import FormatError
from .schema import MAX_DEPTH, type_depth
from .values import Interval

VERDICTS = ("exact", "widened", "rule6", "checked")  # in increasing order of care
I64_MIN, I64_MAX = -(1 << 63), (1 << 63) - 1
DAY_US = 86_400_000_000
_SCALE = {"s": 1_000_000, "ms": 1_000, "us": 1}
_EXACT = decimal.Context(prec=100)


def _worst(*verdicts):
    return max(verdicts, key=VERDICTS.index)


def _t(name, **params):
    return {"type": name, **params}


def _refused(path, what):
    return FormatError("unsupported", path, f"{what} has no zerorow type (SPEC §12)")


# ---- Arrow type -> zerorow type (§12.2) ---------------------------------------------------------

_SAME = {
    "null": "null",
    "bool": "bool",
    "int8": "int8",
    "int16": "int16",
    "int32": "int32",
    "int64": "int64",
    "float": "float32",
    "double": "float64",
    "string": "string",
    "large_string": "string",
    "string_view": "string",
    "binary": "binary",
    "large_binary": "binary",
    "binary_view": "binary",
    "date32[day]": "date32",
    "month_interval": "interval_ym",
    "day_time_interval": "interval",
}
_WIDENED = {
    "uint8": "int16",
    "uint16": "int32",
    "uint32": "int64",
    "halffloat": "float32",
}


def map_type(t, path):
    """(zerorow type, verdict) of an Arrow type; FormatError when §12.2 refuses it."""
    if isinstance(t, pa.BaseExtensionType):
        if t.extension_name == "arrow.uuid":
            return _t("uuid"), "exact"
        if t.extension_name == "parquet.variant":
            return _t("variant"), "exact"
        return map_type(t.storage_type, path)  # Arrow's rule for an unknown extension
    if pa.types.is_dictionary(t):
        return map_type(t.value_type, path)
    if pa.types.is_run_end_encoded(t):
        return map_type(t.value_type, path)
    name = str(t)
    if name in _SAME:
        return _t(_SAME[name]), "exact"
    if name in _WIDENED:
        return _t(_WIDENED[name]), "widened"
    if name == "uint64":
        return _t("decimal", precision=20, scale=0), "widened"
    if name == "month_day_nano_interval":
        return _t("interval"), "rule6"
    if pa.types.is_decimal(t):
        if t.precision > 38:
            raise _refused(path, f"Arrow type {t}")
        return _t("decimal", precision=t.precision, scale=t.scale), "exact"
    if pa.types.is_fixed_size_binary(t):
        return _t("fixed_binary", size=t.byte_width), "exact"
    if pa.types.is_date64(t):
        return _t("date32"), "checked"
    if pa.types.is_time(t):
        return _t("time"), "rule6" if t.unit == "ns" else "exact"
    if pa.types.is_timestamp(t):
        out = _t("timestamp", tz=t.tz) if t.tz else _t("timestamp")
        return out, "rule6" if t.unit == "ns" else "checked"
    if pa.types.is_duration(t):
        return _t("duration"), "rule6" if t.unit == "ns" else "checked"
    if _is_list(t):
        element, verdict = map_type(t.value_field.type, path + "[]")
        return _list(element, t.value_field.nullable, path), verdict
    if pa.types.is_map(t):
        key, kv = map_type(t.key_field.type, path + "{keys}")
        value, vv = map_type(t.item_field.type, path + "{values}")
        _null_where_not_nullable(value, t.item_field.nullable, path + "{values}")
        return _t(
            "map", key=key, value=value, value_nullable=t.item_field.nullable
        ), _worst(kv, vv)
    if pa.types.is_struct(t):
        return map_struct([t.field(i) for i in range(t.num_fields)], path)
    raise _refused(path, f"Arrow type {t}")


def _is_list(t):
    return (
        pa.types.is_list(t)
        or pa.types.is_large_list(t)
        or pa.types.is_fixed_size_list(t)
        or pa.types.is_list_view(t)
        or pa.types.is_large_list_view(t)
    )


def _list(element, nullable, path):
    _null_where_not_nullable(element, nullable, path + "[]")
    return _t("list", element=element, element_nullable=nullable)


def _null_where_not_nullable(t, nullable, path):
    if t["type"] == "null" and not nullable:
        raise FormatError(
            "invalid_data", path, "a null type must be nullable (SPEC §3.6)"
        )


def map_struct(fields, path, mapper=None):
    """A struct of Arrow fields (names checked by §4.1), with the worst verdict of its fields."""
    mapper = mapper or (lambda f, p: map_type(f.type, p))
    out, verdict, seen = [], "exact", set()
    for f in fields:
        fpath = f"{path}.{f.name}" if path else f.name
        if not f.name or f.name in seen:
            raise FormatError(
                "invalid_data",
                fpath,
                f"field names must be non-empty and unique, found {f.name!r} twice or empty",
            )
        seen.add(f.name)
        t, v = mapper(f, fpath)
        _null_where_not_nullable(t, f.nullable, fpath)
        out.append({"name": f.name, "type": t, "nullable": f.nullable, "aliases": []})
        verdict = _worst(verdict, v)
    return _t("struct", fields=out), verdict


def column_schema(name, t, nullable):
    """The one-field zerorow schema of a column (the runners' `schema`)."""
    schema = _t(
        "struct",
        fields=[{"name": name, "type": t, "nullable": nullable, "aliases": []}],
    )
    if type_depth(schema) > MAX_DEPTH:
        raise FormatError(
            "unsupported", name, f"expected nesting depth <= {MAX_DEPTH} (SPEC §7)"
        )
    return schema


# ---- Arrow values -> zerorow values ------------------------------------------------------------


def column_values(chunked, t, nullable, path):
    """The values (values.py forms) of a column of zerorow type t: one per row."""
    out = []
    for chunk in chunked.chunks if isinstance(chunked, pa.ChunkedArray) else [chunked]:
        rows = list(range(len(out), len(out) + len(chunk)))
        out += _convert(chunk, t, nullable, path, rows)
    return out


def _convert(arr, t, nullable, path, rows):
    """Values of an Arrow array read as zerorow type t; rows: the row of each element."""
    arr = _plain(arr)
    values = _CONVERT.get(t["type"], _leaf)(arr, t, path, rows)
    if not nullable:
        for v, row in zip(values, rows, strict=True):
            if v is None and t["type"] != "null":
                raise FormatError(
                    "invalid_data",
                    path,
                    f"row {row}: a null in a column declared not nullable",
                )
    return values


def _plain(arr):
    """The array without its encoding: dictionary indices and run ends expanded, an
    extension as its storage."""
    while True:
        if isinstance(arr.type, pa.BaseExtensionType):
            arr = arr.storage
        elif pa.types.is_dictionary(arr.type):
            arr = arr.dictionary_decode()
        elif pa.types.is_run_end_encoded(arr.type):
            arr = pc.run_end_decode(arr)
        else:
            return arr


def _ints(arr):
    """The stored integers of a temporal or integer array (None for nulls)."""
    t = arr.type
    if pa.types.is_time32(t) or pa.types.is_date32(t):
        return arr.view(pa.int32()).to_pylist()
    if pa.types.is_temporal(t):
        return arr.view(pa.int64()).to_pylist()
    return arr.to_pylist()


def _unit_to_us(v, unit, path, row, what):
    """v in `unit` as µs: exact for s/ms/us (checked against int64), floored for ns
    (Appendix A rule 6)."""
    if unit == "ns":
        return v // 1000
    us = v * _SCALE[unit]
    if not I64_MIN <= us <= I64_MAX:
        raise FormatError(
            "invalid_data",
            path,
            f"row {row}: {what} {v} {unit} does not fit int64 microseconds",
        )
    return us


def _leaf(arr, t, path, rows):
    kind, at = t["type"], arr.type
    if kind == "null" or pa.types.is_null(at):
        return [None] * len(arr)
    if kind in ("timestamp", "duration"):
        ints = _ints(arr)
        return [
            None if v is None else _unit_to_us(v, at.unit, path, row, kind)
            for v, row in zip(ints, rows, strict=True)
        ]
    if kind == "time":
        out = []
        for v, row in zip(_ints(arr), rows, strict=True):
            us = None if v is None else _unit_to_us(v, at.unit, path, row, kind)
            if us is not None and not 0 <= us < DAY_US:
                raise FormatError(
                    "invalid_data",
                    path,
                    f"row {row}: expected 0 <= time < {DAY_US} µs, found {us}",
                )
            out.append(us)
        return out
    if kind == "date32":
        ints = _ints(arr)
        if pa.types.is_date64(at):
            return [
                _whole_days(v, path, row) for v, row in zip(ints, rows, strict=True)
            ]
        return ints
    values = _pylist(arr)
    return [
        None if v is None else _LEAF[kind](v, t, path, row)
        for v, row in zip(values, rows, strict=True)
    ]


def _pylist(arr):
    return arr.to_pylist()


def _i32(u):
    return u - (1 << 32) if u >= 1 << 31 else u


# pyarrow 21 has no Python array for the month and day-time interval types (reading one
# raises KeyError), so a table holding them is imported again through the C data
# interface with the same buffers typed as int32 (months) and int64 (days in the low
# 32 bits, milliseconds in the high 32 bits, little-endian).
_REINTERPRET = {"month_interval": pa.int32(), "day_time_interval": pa.int64()}


def readable(table):
    """The table with its month and day-time interval columns as their integers."""
    if all(str(f.type) not in _REINTERPRET for f in table.schema):
        return table
    schema = pa.schema(
        [
            pa.field(f.name, _REINTERPRET.get(str(f.type), f.type), f.nullable)
            for f in table.schema
        ]
    )
    batches = [
        pa.RecordBatch._import_from_c_capsule(
            schema.__arrow_c_schema__(), b.__arrow_c_array__()[1]
        )
        for b in table.to_batches()
    ]
    return pa.Table.from_batches(batches, schema)


def _whole_days(ms, path, row):
    if ms is None:
        return None
    days, rest = divmod(ms, 86_400_000)
    if rest:
        raise FormatError(
            "invalid_data",
            path,
            f"row {row}: date64 {ms} ms is not a whole number of days",
        )
    return days


def _decimal(v, t, path, row):
    if isinstance(v, int):  # uint64 read as decimal(20, 0)
        return v
    unscaled = int(v.scaleb(t["scale"], context=_EXACT))
    if abs(unscaled) >= 10 ** t["precision"]:
        raise FormatError(
            "invalid_data",
            path,
            f"row {row}: {v} has more than {t['precision']} digits",
        )
    return unscaled


def _interval(v, t, path, row):
    if hasattr(v, "nanoseconds"):  # month_day_nano
        return Interval(v.months, v.days, v.nanoseconds // 1000)
    if isinstance(v, int):  # day_time_interval read as int64 by readable()
        return Interval(0, _i32(v & 0xFFFFFFFF), _i32(v >> 32 & 0xFFFFFFFF) * 1000)
    if hasattr(v, "milliseconds"):  # day_time
        return Interval(0, v.days, v.milliseconds * 1000)
    if isinstance(v, bytes):  # Parquet INTERVAL: three unsigned little-endian u32
        months, days, ms = (int.from_bytes(v[i : i + 4], "little") for i in (0, 4, 8))
        if max(months, days, ms) >= 1 << 31:
            raise FormatError(
                "invalid_data",
                path,
                f"row {row}: INTERVAL ({months}, {days}, {ms}) past 2^31 - 1",
            )
        return Interval(months, days, ms * 1000)
    return Interval(*v)


def _float32(v, t, path, row):
    return float(v)


def _string(v, t, path, row):
    if isinstance(v, bytes):  # Parquet ENUM or JSON read as binary
        try:
            return v.decode("utf-8")
        except UnicodeDecodeError:
            raise FormatError("invalid_data", path, f"row {row}: not UTF-8") from None
    return v


def _uuid(v, t, path, row):
    return v if isinstance(v, uuid.UUID) else uuid.UUID(bytes=v)


def _variant(v, t, path, row):
    var = variant.Variant(v["metadata"], v["value"])
    return variant.check(var, f"{path} (row {row})")


_LEAF = {
    "bool": lambda v, t, p, r: v,
    "int8": lambda v, t, p, r: v,
    "int16": lambda v, t, p, r: v,
    "int32": lambda v, t, p, r: v,
    "int64": lambda v, t, p, r: v,
    "float32": _float32,
    "float64": lambda v, t, p, r: v,
    "decimal": _decimal,
    "string": _string,
    "binary": lambda v, t, p, r: v,
    "fixed_binary": lambda v, t, p, r: v,
    "uuid": _uuid,
    "interval_ym": lambda v, t, p, r: v,
    "interval": _interval,
    "variant": _variant,
}


def _lists(arr, t, path, rows):
    out = []
    for i in range(len(arr)):
        s = arr[i]
        if not s.is_valid:
            out.append(None)
            continue
        values = s.values
        out.append(
            _convert(
                values,
                t["element"],
                t["element_nullable"],
                f"{path}[]",
                [rows[i]] * len(values),
            )
        )
    return out


def _maps(arr, t, path, rows):
    out = []
    for i in range(len(arr)):
        s = arr[i]
        if not s.is_valid:
            out.append(None)
            continue
        entries = s.values
        n, at = len(entries), [rows[i]] * len(entries)
        keys = _convert(entries.field(0), t["key"], False, f"{path}{{keys}}", at)
        values = _convert(
            entries.field(1), t["value"], t["value_nullable"], f"{path}{{values}}", at
        )
        out.append(list(zip(keys, values, strict=True)) if n else [])
    return out


def _structs(arr, t, path, rows):
    valid = arr.is_valid().to_pylist()
    columns = []
    for j, f in enumerate(t["fields"]):
        fpath = f"{path}.{f['name']}" if path else f["name"]
        child = arr.field(j)
        # a child's value under a null struct is not the child's: read it as nullable
        columns.append(_convert(child, f["type"], True, fpath, rows))
        for v, ok, row in zip(columns[-1], valid, rows, strict=True):
            if ok and v is None and not f["nullable"] and f["type"]["type"] != "null":
                raise FormatError(
                    "invalid_data",
                    fpath,
                    f"row {row}: a null in a field declared not nullable",
                )
    names = [f["name"] for f in t["fields"]]
    return [
        dict(zip(names, vals, strict=True)) if ok else None
        for ok, vals in zip(
            valid,
            zip(*columns, strict=True) if columns else [()] * len(arr),
            strict=True,
        )
    ]


def _variant_struct(arr, t, path, rows):
    """parquet.variant: struct<metadata, value> (its storage)."""
    if not pa.types.is_struct(arr.type):
        return _leaf(arr, t, path, rows)
    valid = arr.is_valid().to_pylist()
    meta, value = arr.field("metadata").to_pylist(), arr.field("value").to_pylist()
    return [
        _variant({"metadata": m, "value": v}, t, path, row) if ok else None
        for ok, m, v, row in zip(valid, meta, value, rows, strict=True)
    ]


_CONVERT = {
    "list": _lists,
    "map": _maps,
    "struct": _structs,
    "variant": _variant_struct,
}


# ---- INT96 (§12.3): the µs value checked, never wrapped ----------------------------------------


def check_int96(us, ms, path):
    """Raises invalid_data where a column of INT96 timestamps read at µs (`us`) is not the
    same read at ms (`ms`): Arrow's µs conversion wraps past int64 without a word, while an
    INT96's Julian day (int32) always fits int64 ms. floor(µs / 1000) == ms holds for every
    value that fit. Both are the same column (chunked or not) read twice."""
    us, ms = _one_array(us), _one_array(ms)
    leaves = zip(_timestamp_leaves(us, path), _timestamp_leaves(ms, path), strict=True)
    for (a, where), (b, _) in leaves:
        top = where == path
        for i, (u, m) in enumerate(zip(_ints(a), _ints(b), strict=True)):
            if u is not None and m is not None and u // 1000 != m:
                at = f"row {i}" if top else f"value {i} of its flattened column"
                raise FormatError(
                    "invalid_data",
                    where,
                    f"{at}: INT96 timestamp {m} ms does not fit int64 microseconds "
                    f"(read at µs it wraps to {u})",
                )


def _one_array(data):
    if isinstance(data, pa.ChunkedArray):
        return (
            pa.concat_arrays(data.chunks)
            if data.num_chunks
            else pa.array([], data.type)
        )
    return data


def _timestamp_leaves(arr, path):
    """(array, path) of every timestamp array inside arr, lists and maps flattened."""
    t = arr.type
    if pa.types.is_timestamp(t):
        yield arr, path
    elif pa.types.is_map(t):
        yield from _timestamp_leaves(arr.keys, path + "{keys}")
        yield from _timestamp_leaves(arr.items, path + "{values}")
    elif _is_list(t):
        yield from _timestamp_leaves(arr.flatten(), path + "[]")
    elif pa.types.is_struct(t):
        for i in range(t.num_fields):
            yield from _timestamp_leaves(arr.field(i), f"{path}.{t.field(i).name}")


# ---- Parquet column -> zerorow type (§12.3) -------------------------------------------------------


def map_parquet_field(field, leaves, path):
    """(zerorow type, verdict) of a top-level Parquet column: its structure as pyarrow reads
    it (the LIST and MAP backward-compatibility rules applied), each leaf by its Parquet
    physical and logical type. `leaves`: an iterator over the column's Parquet leaves."""
    return _parquet_type(field.type, leaves, path)


def _parquet_type(t, leaves, path):
    if isinstance(t, pa.BaseExtensionType):
        return _parquet_leaf(next(leaves), path)
    if _is_list(t):
        element, verdict = _parquet_type(t.value_field.type, leaves, path + "[]")
        return _list(element, t.value_field.nullable, path), verdict
    if pa.types.is_map(t):
        key, kv = _parquet_type(t.key_field.type, leaves, path + "{keys}")
        value, vv = _parquet_type(t.item_field.type, leaves, path + "{values}")
        _null_where_not_nullable(value, t.item_field.nullable, path + "{values}")
        return _t(
            "map", key=key, value=value, value_nullable=t.item_field.nullable
        ), _worst(kv, vv)
    if pa.types.is_struct(t):
        fields = [t.field(i) for i in range(t.num_fields)]
        return map_struct(fields, path, lambda f, p: _parquet_type(f.type, leaves, p))
    return _parquet_leaf(next(leaves), path)


def _parquet_leaf(col, path):
    """§12.3's read table, for one leaf column (pyarrow's ColumnSchema)."""
    import json

    physical, logical = col.physical_type, json.loads(col.logical_type.to_json())
    kind = logical["Type"]
    if kind == "None":
        return _PARQUET_PHYSICAL[physical](col)
    if kind == "Int":
        bits, signed = logical["bitWidth"], logical["isSigned"]
        if signed:
            return _t(f"int{bits}"), "exact"
        if bits == 64:
            return _t("decimal", precision=20, scale=0), "widened"
        return _t(f"int{bits * 2}"), "widened"
    if kind == "Decimal":
        if logical["precision"] > 38:
            raise _refused(
                path, f"Parquet DECIMAL({logical['precision']}, {logical['scale']})"
            )
        return _t(
            "decimal", precision=logical["precision"], scale=logical["scale"]
        ), "exact"
    if kind in ("String", "Enum", "JSON"):
        return _t("string"), "exact"
    if kind == "BSON":
        return _t("binary"), "exact"
    if kind == "UUID":
        return _t("uuid"), "exact"
    if kind == "Float16":
        return _t("float32"), "widened"
    if kind == "Date":
        return _t("date32"), "exact"
    if kind == "Null":
        return _t("null"), "exact"
    if kind == "Time":
        return _t("time"), "rule6" if logical["timeUnit"] == "nanoseconds" else "exact"
    if kind == "Timestamp":
        t = _t("timestamp", tz="UTC") if logical["isAdjustedToUTC"] else _t("timestamp")
        return t, "rule6" if logical["timeUnit"] == "nanoseconds" else "checked"
    raise _refused(path, f"Parquet logical type {kind} on {physical}")


_PARQUET_PHYSICAL = {
    "BOOLEAN": lambda col: (_t("bool"), "exact"),
    "INT32": lambda col: (_t("int32"), "exact"),
    "INT64": lambda col: (_t("int64"), "exact"),
    "INT96": lambda col: (_t("timestamp"), "rule6"),
    "FLOAT": lambda col: (_t("float32"), "exact"),
    "DOUBLE": lambda col: (_t("float64"), "exact"),
    "BYTE_ARRAY": lambda col: (_t("binary"), "exact"),
    "FIXED_LEN_BYTE_ARRAY": lambda col: (_t("fixed_binary", size=col.length), "exact"),
}
