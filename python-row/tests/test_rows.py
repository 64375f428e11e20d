"""BinaryRow / BinaryArray / BinaryMap: zero-copy views with Python protocols and bounds checks."""

import datetime
import gc
import mmap
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Dict, List, Optional

import numpy as np
import pytest
import zerorow


@dataclass
class Inner:
    a: zerorow.int32
    s: Optional[str]


@dataclass
class Rec:
    id: zerorow.int32
    name: str
    xs: List[zerorow.int64]
    fs: List[float]
    m: Dict[str, zerorow.int32]
    inner: Inner
    inners: List[Inner]
    maybe: Optional[int]


ENC = zerorow.encoder(Rec)
REC = Rec(
    7,
    "héllo",
    [1, -2, 3],
    [0.5, 1.5],
    {"a": 1, "b": 2},
    Inner(1, None),
    [Inner(2, "x"), Inner(3, "y")],
    None,
)


def row():
    return ENC.to_row(REC)


def test_field_access_by_attribute_ordinal_and_name():
    r = row()
    assert r.id == 7 and r[0] == 7 and r["id"] == 7 and r[-8] == 7
    assert r.name == "héllo"
    assert r.maybe is None and r.is_null("maybe") and not r.is_null(0)
    assert len(r) == 8
    assert list(r)[0] == 7
    assert r.keys() == ["id", "name", "xs", "fs", "m", "inner", "inners", "maybe"]
    with pytest.raises(AttributeError):
        r.nope
    with pytest.raises(KeyError):
        r["nope"]
    with pytest.raises(IndexError):
        r[8]


def test_arrays_are_sequences():
    xs = row().xs
    assert isinstance(xs, Sequence) and isinstance(xs, zerorow.BinaryArray)
    assert (
        len(xs) == 3
        and xs[0] == 1
        and xs[-1] == 3
        and xs[1:] == [-2, 3]
        and xs[::-1] == [3, -2, 1]
    )
    assert list(xs) == [1, -2, 3] and xs.to_list() == [1, -2, 3]
    assert 3 in xs and xs.index(-2) == 1 and xs.count(1) == 1
    assert list(reversed(xs)) == [3, -2, 1]
    assert xs == [1, -2, 3]
    with pytest.raises(IndexError):
        xs[3]


def test_to_numpy_is_zero_copy():
    buf = bytearray(ENC.encode(REC))
    r = zerorow.BinaryRow(ENC.schema, buf)
    a = r.xs.to_numpy()
    assert a.dtype == np.int64 and a.tolist() == [1, -2, 3]
    assert not a.flags.writeable
    off = buf.index(struct.pack("<q", -2))
    buf[off : off + 8] = struct.pack("<q", 42)
    assert a[1] == 42  # a view of the same memory
    assert r.fs.to_numpy().tolist() == [0.5, 1.5]


def test_maps_are_mappings():
    m = row().m
    assert isinstance(m, Mapping)
    assert len(m) == 2 and m["a"] == 1 and m.get("zz", 5) == 5 and "b" in m
    assert (
        dict(m) == {"a": 1, "b": 2}
        and list(m.keys()) == ["a", "b"]
        and list(m.values()) == [1, 2]
    )
    assert m.items() == [("a", 1), ("b", 2)] and m.to_dict() == {"a": 1, "b": 2}
    with pytest.raises(KeyError):
        m["zz"]


def test_nested_rows():
    r = row()
    assert (
        isinstance(r.inner, zerorow.BinaryRow) and r.inner.a == 1 and r.inner.s is None
    )
    assert r.inners[1].s == "y" and r.inners[-1].a == 3
    assert r.inner.schema.names == ["a", "s"]


def test_equality_repr_to_dict_to_bytes():
    r1, r2 = row(), zerorow.BinaryRow(ENC.schema, ENC.encode(REC))
    assert r1 == r2 and hash(r1) == hash(r2)
    assert r1 != ENC.to_row(Rec(8, "", [], [], {}, Inner(0, ""), [], 1))
    assert repr(r1).startswith("BinaryRow(id=7, name='héllo', xs=[1, -2, 3]")
    assert zerorow.BinaryRow is zerorow.BinaryRow and type(r1).__name__ == "BinaryRow"
    assert repr(r1.xs).startswith("BinaryArray(") and repr(r1.m).startswith(
        "BinaryMap("
    )
    # rows of different schemas are never equal, whatever their bytes
    other = zerorow.Schema(
        [zerorow.field(f.name + "_", f.type, f.nullable) for f in ENC.schema.fields]
    )
    assert zerorow.BinaryRow(other, ENC.encode(REC)) != r1
    assert "<table>" in r1._repr_html_()
    d = r1.to_dict()
    assert d["inners"] == [{"a": 2, "s": "x"}, {"a": 3, "s": "y"}] and d["m"] == {
        "a": 1,
        "b": 2,
    }
    b = ENC.encode(REC)
    r = zerorow.BinaryRow(ENC.schema, b)
    assert r.to_bytes() is b  # no copy when the row is the whole bytes object
    assert r.nbytes == len(b) and len(b) % 8 == 0


@pytest.mark.parametrize("kind", ["bytes", "bytearray", "memoryview", "numpy", "mmap"])
def test_any_buffer_and_keepalive(kind, tmp_path):
    data = ENC.encode(REC)
    if kind == "bytes":
        buf = data
    elif kind == "bytearray":
        buf = bytearray(data)
    elif kind == "memoryview":
        buf = memoryview(bytearray(b"\0" * 8 + data))[8:]
    elif kind == "numpy":
        buf = np.frombuffer(data, dtype=np.uint64).copy()
    else:
        p = tmp_path / "r.bin"
        p.write_bytes(data)
        f = open(p, "rb")
        buf = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    r = zerorow.BinaryRow(ENC.schema, buf)
    xs = r.inners
    del buf, r
    gc.collect()
    assert xs[1].s == "y"  # the view keeps the buffer alive


def test_truncated_and_bad_sizes():
    data = ENC.encode(REC)
    with pytest.raises(zerorow.TruncatedError) as e:
        zerorow.BinaryRow(ENC.schema, data[:16])
    assert e.value.kind == "truncated" and e.value.path == ""
    with pytest.raises(zerorow.InvalidDataError):
        zerorow.BinaryRow(ENC.schema, data + b"\0\0\0\0")


def test_reference_past_end_is_an_error_not_a_crash():
    data = bytearray(ENC.encode(REC))
    # slot of `name` (ordinal 1): offset far past the end
    struct.pack_into("<Q", data, 8 + 8 * 1, (4096 << 32) | 5)
    r = zerorow.BinaryRow(ENC.schema, data)
    with pytest.raises(zerorow.InvalidDataError) as e:
        r.name
    assert e.value.path == "name" and "<=" in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, zerorow.ZerorowError)
    with pytest.raises(zerorow.InvalidDataError):
        r.validate()
    with pytest.raises(zerorow.InvalidDataError):
        zerorow.validate(ENC.schema, data)
    with pytest.raises(zerorow.InvalidDataError):
        zerorow.BinaryRow(ENC.schema, data, level="full")
    assert r.id == 7  # the other fields still read


def test_nested_error_paths():
    data = bytearray(ENC.encode(REC))
    r = zerorow.BinaryRow(ENC.schema, data)
    inners = r.inners
    # corrupt the reference of inners[1] inside the array
    body_off = struct.unpack_from("<Q", data, 8 + 8 * 6)[0] >> 32
    struct.pack_into("<Q", data, body_off + 16 + 8, (9999 << 32) | 24)
    with pytest.raises(zerorow.InvalidDataError) as e:
        inners[1]
    assert e.value.path == "inners[1]"
    with pytest.raises(zerorow.InvalidDataError) as e:
        zerorow.validate(ENC.schema, data)
    assert e.value.path == "inners[1]"


def test_validate_levels():
    data = ENC.encode(REC)
    zerorow.validate(ENC.schema, data)
    zerorow.validate(ENC.schema, data, level="bounds")
    zerorow.validate(ENC.schema, data, level="none")
    zerorow.validate(ENC.schema, data, level=zerorow.ValidationLevel.FULL)
    # none checks nothing, bounds the wrap rules, full the whole row
    zerorow.validate(ENC.schema, data[:8], level="none")
    with pytest.raises(zerorow.TruncatedError):
        zerorow.validate(ENC.schema, data[:8], level="bounds")
    with pytest.raises(ValueError, match="'none', 'bounds' or 'full'"):
        zerorow.validate(ENC.schema, data, level="max")
    # the row form (SPEC §1.1): a view validates its own bytes at the level asked
    bad = bytearray(data)
    bad[8 + 8 * 1 + 7] = 0x7F  # name's reference now points far past the end
    row = zerorow.BinaryRow(ENC.schema, bad, level="none")
    row.validate("none")
    row.validate(level="bounds")  # the wrap rules hold: the fixed region is whole
    with pytest.raises(zerorow.InvalidDataError) as e:
        row.validate(zerorow.ValidationLevel.FULL)
    assert e.value.path == "name"
    with pytest.raises(zerorow.InvalidDataError):
        row.validate()
    zerorow.BinaryRow(ENC.schema, data).inner.validate(
        "full"
    )  # a nested row, as a top-level one
    with pytest.raises(ValueError, match="'none', 'bounds' or 'full'"):
        row.validate("max")


def test_get_raw_for_temporal_values_outside_python_ranges():
    s = zerorow.Schema([zerorow.field("t", zerorow.timestamp(), False)])
    r = zerorow.BinaryRow(s, bytes(8) + struct.pack("<q", -(2**63)))
    with pytest.raises(
        OverflowError, match=r"^timestamp value -9223372036854775808 us at t "
    ):
        r.t
    assert r.get_raw("t") == -(2**63)


def test_temporal_overflow_names_the_path_in_nested_values():
    s = zerorow.Schema(
        [zerorow.field("ds", zerorow.list_(zerorow.date32, False), False)]
    )
    days = [0, 10**8]  # 10**8 days is past year 9999
    body = struct.pack("<qq", 2, 0) + struct.pack("<ii", *days)
    row = zerorow.BinaryRow(
        s, bytes(8) + struct.pack("<Q", (16 << 32) | len(body)) + body
    )
    assert row.ds[0] == datetime.date(1970, 1, 1)
    with pytest.raises(
        OverflowError, match=r"date32 value 100000000 at ds\[1\] is outside"
    ):
        row.ds[1]


def test_level_none_reads_with_the_unchecked_getters():
    data = ENC.encode(REC)
    for level in ("none", zerorow.ValidationLevel.NONE):
        fast = zerorow.BinaryRow(ENC.schema, data, level=level)
        assert ENC.from_row(fast) == REC
        assert fast.inners[1].a == REC.inners[1].a and dict(fast.m) == REC.m
    # none skips even the wrap rules; bounds and full check them
    zerorow.BinaryRow(ENC.schema, data[:8], level="none")
    for level in ("bounds", "full", zerorow.ValidationLevel.BOUNDS):
        with pytest.raises(zerorow.TruncatedError):
            zerorow.BinaryRow(ENC.schema, data[:8], level=level)
    for word in ("max", "unchecked"):
        with pytest.raises(ValueError, match="'none', 'bounds' or 'full'"):
            zerorow.BinaryRow(ENC.schema, data, level=word)


def test_from_row_on_a_nested_row_checks_types_without_a_schema():
    row = zerorow.BinaryRow(ENC.schema, ENC.encode(REC))
    inner_enc = zerorow.encoder(Inner)
    assert inner_enc.from_row(row.inner) == REC.inner
    assert [inner_enc.from_row(r) for r in row.inners] == REC.inners
    with pytest.raises(zerorow.SchemaMismatchError):
        inner_enc.from_row(row)
    with pytest.raises(zerorow.SchemaMismatchError):
        ENC.from_row(row.inner)
