"""One field of every row of a batch, read by NumPy in a few vectorised steps.

`read_column(data, starts, sizes, schema, "customer.country")` walks the path the way a row
reader does (SPEC §2: bitmap, slots, references relative to the enclosing row or array), but
for all rows at once: every step is a gather over int64 position arrays, so reading one field
of 100k rows costs a handful of NumPy calls and no Python per row. Every reference is checked
against its enclosing row or array (SPEC §6.2 `bounds`); a bad one raises InvalidDataError
naming the path, the row and both numbers. Lists are flattened: the values of `items.qty`
come with the row each belongs to.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import error
from .schema import DataType, Schema

_FIXED = {
    "bool": np.uint8,
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
    "float32": np.float32,
    "float64": np.float64,
    "date32": np.int32,
    "time": np.int64,
    "timestamp": np.int64,
    "duration": np.int64,
}
_VAR = ("string", "binary")
_DATETIME = {
    "date32": "datetime64[D]",
    "timestamp": "datetime64[us]",
    "duration": "timedelta64[us]",
    "time": "timedelta64[us]",
}


class Column:
    """One field of every row (or of every list element, flattened): values and validity.

    `to_numpy()` gives the values (floats with NaN for nulls, dates and times as datetime64 /
    timedelta64 with NaT, decimals as float64; other types refuse nulls unless `null_value`
    is given), `to_arrow()` a pyarrow array (exact decimals), `to_pylist()` Python values.
    `row_index` maps each value to its row in the batch (for a list path: the owning row),
    `offsets` (list paths) gives each row's values as values[offsets[k]:offsets[k+1]].
    """

    def __init__(self, path, dtype, values, valid, row_index, offsets=None):
        self.path = path
        self.type = dtype
        self._values = values  # ndarray, or (offsets, bytes) for strings and binary
        self.valid = valid  # bool ndarray or None (no nulls)
        self.row_index = row_index
        self.offsets = offsets

    def __len__(self) -> int:
        return len(self.row_index)

    @property
    def null_count(self) -> int:
        return 0 if self.valid is None else int(len(self.valid) - self.valid.sum())

    def to_numpy(self, null_value: Any = None) -> np.ndarray:
        """The values as a NumPy array (one per row, or per list element for list paths)."""
        if self.type.id in _VAR:
            return np.array(self.to_pylist(), dtype=object)
        v = self._values
        tid = self.type.id
        if tid == "bool":
            v = v.astype(bool)
        elif tid == "decimal":  # exact decimals: to_arrow()
            v = v / (10.0**self.type.scale)
        elif tid in _DATETIME:
            v = v.view(_DATETIME[tid])
        if self.valid is None or self.valid.all():
            return v
        if null_value is None:
            if v.dtype.kind in "mM":
                null_value = v.dtype.type("NaT")
            elif v.dtype.kind != "f":
                raise error(
                    "invalid_data",
                    self.path,
                    f"{self.null_count} null values in a {self.type.id} column; "
                    "pass to_numpy(null_value=...) or use to_arrow()",
                )
            else:
                null_value = np.nan
        return np.where(self.valid, v, null_value)

    def to_arrow(self):
        """A pyarrow array of the values (nulls as Arrow nulls)."""
        import pyarrow as pa

        from ._arrow_types import type_to_arrow

        at = type_to_arrow(self.type)
        mask = None if self.valid is None else ~self.valid
        if self.type.id in _VAR:
            offs, data = self._values
            big = pa.large_string() if self.type.id == "string" else pa.large_binary()
            vb = None if mask is None else pa.array(self.valid).buffers()[1]
            arr = pa.Array.from_buffers(
                big, len(self), [vb, pa.py_buffer(offs), pa.py_buffer(data)]
            )
            return arr.cast(at)
        if self.type.id == "decimal":
            v = self._values
            words = np.stack([v, np.where(v < 0, -1, 0).astype(np.int64)], axis=1)
            vb = None if mask is None else pa.array(self.valid).buffers()[1]
            return pa.Array.from_buffers(at, len(self), [vb, pa.py_buffer(words)])
        v = self._values.astype(bool) if self.type.id == "bool" else self._values
        if self.type.id in ("date32", "time", "timestamp", "duration"):
            return pa.array(v, mask=mask).view(at)
        return pa.array(v, type=at, mask=mask)

    def to_pylist(self) -> list:
        if self.type.id in _VAR:
            offs, data = self._values
            mv = memoryview(data)
            ok = self.valid
            out = []
            for k in range(len(self)):
                if ok is not None and not ok[k]:
                    out.append(None)
                    continue
                b = mv[offs[k] : offs[k + 1]]
                out.append(str(b, "utf-8") if self.type.id == "string" else bytes(b))
            return out
        return self.to_arrow().to_pylist()

    def per_row(self, values: np.ndarray | None = None, n_rows: int | None = None):
        """Sums of `values` (default: this column's) per row: for a list path, one sum per row."""
        v = self.to_numpy(0) if values is None else values
        n = (
            n_rows
            if n_rows is not None
            else (len(self.offsets) - 1 if self.offsets is not None else len(self))
        )
        return np.bincount(self.row_index, weights=v, minlength=n)

    def __repr__(self) -> str:
        return f"Column({self.path!r}, {self.type!r}, {len(self)} values, {self.null_count} null)"


def read_column(
    data: np.ndarray, starts: np.ndarray, sizes: np.ndarray, schema: Schema, path: str
) -> Column:
    """Field `path` ("a", "a.b", "items.qty": dots step into structs and list elements) of
    the rows data[starts[k] : starts[k] + sizes[k]]."""
    n = len(starts)
    w = _Walk(data, path)
    base = starts.astype(np.int64)
    size = sizes.astype(np.int64)
    owner = np.arange(n, dtype=np.int64)
    valid = None
    listed = False
    t: DataType = schema.type
    names = path.split(".")
    done: list = []

    def result(dtype, vals):
        offs = None
        if listed:  # each row's values are values[offsets[k]:offsets[k+1]]
            offs = np.zeros(n + 1, dtype=np.int64)
            np.cumsum(np.bincount(owner, minlength=n), out=offs[1:])
        return Column(path, dtype, vals, _none_if_all(valid), owner, offs)

    for depth, name in enumerate(names):
        while t.id == "list":  # step into the elements of a list (flattened)
            listed = True
            pos, base, size, valid, owner, t = w.elements(
                base, size, valid, owner, t, ".".join(done)
            )
            if t.id not in ("struct", "list"):
                raise KeyError(
                    f"{'.'.join(done)} holds {t.id} values, they have no field {name!r}"
                )
            base, size = w.ref(pos, base, size, valid, ".".join(done) + "[]")
        if t.id != "struct":
            raise KeyError(
                f"{'.'.join(done) or '<row>'} is a {t.id}, it has no field {name!r}"
            )
        names_here = [f.name for f in t.fields]
        if name not in names_here:
            raise KeyError(
                f"no field {name!r} at {'.'.join(done) or '<row>'} (fields: {names_here})"
            )
        i = names_here.index(name)
        done.append(name)
        at = ".".join(done)
        pos, ok = w.slot(base, size, len(t.fields), i, at, valid)
        valid = ok if valid is None else (valid & ok)
        t = t.fields[i].type
        last = depth == len(names) - 1
        if (
            t.id == "list" and last and _leaf(t.element)
        ):  # a list of primitives: its elements
            listed = True
            base, size = w.ref(pos, base, size, valid, at)
            pos, base, size, valid, owner, t = w.elements(
                base, size, valid, owner, t, at
            )
            at += "[]"
        if _leaf(t):
            if not last:
                raise KeyError(
                    f"{at} is a {t.id}, it has no field {names[depth + 1]!r}"
                )
            if t.id in _VAR:
                vb, vs = w.ref(pos, base, size, valid, at)
                return result(t, w.gather(vb, vs, valid))
            return result(t, w.fixed(pos, np.dtype(_FIXED.get(t.id, np.int64))))
        if t.id in ("struct", "list"):
            base, size = w.ref(pos, base, size, valid, at)
            if last:
                raise error(
                    "unsupported",
                    path,
                    f"a column of {t.id} values: name one of its fields ({path}.<field>)",
                )
            continue
        raise error(
            "unsupported",
            path,
            f"column helpers read primitive fields; a {t.id} is read per row",
        )
    raise KeyError(path)


def reads_vectorised(t) -> bool:
    """Whether read_column reads a field of type `t` at the end of a path (a primitive,
    string or binary field, or a list of those)."""
    return _leaf(t) or (t.id == "list" and _leaf(t.element))


class ValuesColumn:
    """A field of every row read row by row (a struct, list, map or other value the
    vectorised walk does not read), with Column's `to_pylist()`, `to_numpy()` and
    `to_arrow()`."""

    def __init__(self, path: str, dtype: DataType, values: list) -> None:
        self.path = path
        self.type = dtype
        self._list = values

    def __len__(self) -> int:
        return len(self._list)

    @property
    def null_count(self) -> int:
        return sum(v is None for v in self._list)

    def to_pylist(self) -> list:
        return list(self._list)

    def to_numpy(self, null_value: Any = None) -> np.ndarray:
        out = np.empty(len(self._list), dtype=object)
        out[:] = [null_value if v is None else v for v in self._list]
        return out

    def to_arrow(self):
        import pyarrow as pa

        from ._arrow_types import type_to_arrow

        return pa.array(self._list, type=type_to_arrow(self.type))

    def __repr__(self) -> str:
        return f"Column({self.path!r}, {self.type!r}, {len(self)} values, {self.null_count} null)"


def _leaf(t) -> bool:
    return t.id in _FIXED or t.id in _VAR or (t.id == "decimal" and t.precision <= 18)


def _none_if_all(valid):
    return None if valid is None or valid.all() else valid


class _Walk:
    """The gathers, each bounds-checked against the enclosing region (SPEC §6.2)."""

    def __init__(self, data: np.ndarray, path: str) -> None:
        self.data = data
        self.path = path
        n8 = len(data) // 8
        self.words = data[: n8 * 8].view("<u8")

    def u64(self, pos: np.ndarray) -> np.ndarray:
        if (
            len(pos) and (pos & 7).any()
        ):  # rows are 8-aligned in practice; never assumed
            idx = pos[:, None] + np.arange(8)
            return np.ascontiguousarray(self.data[idx]).view("<u8").ravel()
        return self.words[pos >> 3]

    def _check(
        self, ok: np.ndarray, at: str, what: str, got: np.ndarray, limit: np.ndarray
    ):
        if not ok.all():
            k = int(np.argmin(ok))
            raise error(
                "invalid_data",
                at,
                f"{what}: expected {int(got[k])} <= {int(limit[k])} (value {k} of the batch)",
            )

    def slot(self, base, size, nfields, i, at, valid):
        bitmap = ((nfields + 63) // 64) * 8
        need = bitmap + 8 * nfields
        ok = size >= need if valid is None else (size >= need) | ~valid
        self._check(
            ok,
            at,
            "the row's fixed region past the row",
            np.full_like(size, need),
            size,
        )
        bits = self.u64(base + 8 * (i // 64))
        ok = ((bits >> np.uint64(i % 64)) & np.uint64(1)) == 0
        return base + bitmap + 8 * i, ok

    def fixed(self, pos, dtype):
        """The values at pos, reading exactly their width (array elements may be narrow)."""
        if dtype.itemsize == 8:
            return self.u64(pos).view(dtype)
        idx = pos[:, None] + np.arange(dtype.itemsize)
        return np.ascontiguousarray(self.data[idx]).view(dtype).ravel()

    def ref(self, slot, base, size, valid, at):
        r = self.u64(slot)
        off = (r >> np.uint64(32)).astype(np.int64)
        ln = (r & np.uint64(0xFFFFFFFF)).astype(np.int64)
        if valid is not None:  # null slots are zero: their (0, 0) region is never read
            off = np.where(valid, off, 0)
            ln = np.where(valid, ln, 0)
        self._check(
            off + ln <= size,
            at,
            "offset + size past the enclosing region",
            off + ln,
            size,
        )
        return base + off, ln

    def gather(self, vb, vs, valid):
        offs = np.zeros(len(vb) + 1, dtype=np.int64)
        np.cumsum(vs, out=offs[1:])
        total = int(offs[-1])
        if total == 0:
            return offs, np.zeros(0, np.uint8)
        idx = np.repeat(vb - offs[:-1], vs) + np.arange(total, dtype=np.int64)
        return offs, self.data[idx]

    def elements(self, base, size, valid, owner, t, at):
        """Every element of the lists at (base, size), flattened: each element's position,
        its array's start and size (references are relative to it), validity and owning row."""
        count = self.u64(base).astype(np.int64) if len(base) else np.zeros(0, np.int64)
        if valid is not None:
            count = np.where(valid, count, 0)
        present = np.ones(len(base), bool) if valid is None else valid
        bitmap = ((count + 63) // 64) * 8
        el = t.element
        width = 8 if el.id not in _FIXED else np.dtype(_FIXED[el.id]).itemsize
        need = 8 + bitmap + ((count * width + 7) // 8) * 8
        self._check(
            (need <= size) | ~present,
            at + "[]",
            "array header + elements past the array",
            need,
            size,
        )
        item = np.repeat(np.arange(len(base), dtype=np.int64), count)
        first = np.zeros(len(base) + 1, dtype=np.int64)
        np.cumsum(count, out=first[1:])
        j = np.arange(int(first[-1]), dtype=np.int64) - first[:-1][item]
        abase = base[item]
        bits = self.u64(abase + 8 + 8 * (j // 64))
        ok = ((bits >> (j % 64).astype(np.uint64)) & np.uint64(1)) == 0
        pos = abase + 8 + bitmap[item] + j * width
        return pos, abase, size[item], ok, owner[item], el
