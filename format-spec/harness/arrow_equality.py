#!/usr/bin/env python3
"""One Arrow answer (SPEC §12): every producer turns every golden vector's row into Arrow,
and the result must equal what pyarrow builds from the case's values.json, schema and field
metadata included (`Table.equals(..., check_metadata=True)`; NaNs compare by bit pattern).

Producers (each gets the vectors folder and gives one Arrow table per case):
  java    - io.zerorow.arrow.tools.ArrowVectors (zerorow-arrow-testing) writes <case>.arrow IPC files;
            it also writes <case>.rows.arrow row files (SPEC §5), which must open in
            pyarrow (`pa.ipc.open_file`) with the row metadata intact and the row bytes
            equal to row.bin.
  python  - the `zerorow` package's `to_arrow` (a failure when it does not import).
  cpp     - cpp-row/build/dev/zerorow_arrow (built with the Arrow C++ adapter, `make
            build-cpp`, whose dev preset requires it): `to-arrow` writes <case>.arrow IPC
            files; a binary that is not built is a failure (`FAIL cpp available`), not a skip.

Row files across languages (SPEC §5), per case, with the row bytes compared to row.bin:
  cpp rowfile   - `zerorow_arrow write-rowfile` (row.bin twice) opens in pyarrow as above;
  cpp>py        - that file opens in Python (`zerorow.open_file`, expected schema, level full);
  py>cpp        - a file from Python's `zerorow.write_file` opens in C++ (`zerorow_arrow
                  read-rowfile --hex`, expected schema, level full);
  java>cpp      - Java's <case>.rows.arrow opens in C++ the same way;
  java>py       - Java's <case>.rows.arrow opens in Python (`zerorow.open_file`, level full);
  py>java, cpp>java - the Python and C++ files open in Java (io.zerorow.arrow.tools.RowFileCat:
                  expected schema, level full), all cases in one JVM.
(The Python and Java legs run when those producers ran.)

  arrow_equality.py [--vectors DIR] [--java-classpath CP] [--producers java,python,cpp]

Prints `PASS|FAIL <producer> <check> <case>` lines, which producers ran, and
`N passed, N failed`; exits 1 on any failure. Every producer asked for must run: one that
is unavailable is a failure, never a skip. A case that a library outside zerorow cannot
take, or that SPEC §12.1 says Arrow cannot hold (EXPECTED_REFUSALS below), passes only when
it is refused with that message. SPEC 1.2's types: month_interval, which pyarrow 21 cannot
build or read in Python, is made through the C data interface and its values compared as
int32 (the same buffers; the schemas with the real type); parquet.variant, which pyarrow 21
does not know, is its storage struct with the extension named in the field metadata, as
pyarrow reads an IPC file. The expected tables also serve the Parquet
interop test (java-row/parquet/src/test/python), which imports `expected_table`.
"""

import argparse
import ctypes
import decimal
import json
import os
import subprocess
import sys
import tempfile
import uuid

import pyarrow as pa

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "generator")
)
from zerorow_ref import schema as ref_schema  # noqa: E402
from zerorow_ref import types as ref_types  # noqa: E402
from zerorow_ref import values as ref_values  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
VECTORS = os.path.join(ROOT, "format-spec", "vectors")
ROW_META_KEYS = (b"zerorow.version", b"zerorow.schema", b"zerorow.fingerprint")

# ---- what pyarrow expects (SPEC §12) -----------------------------------------------------


# pyarrow 21 has the month_interval type in C++ but no Python factory for it and no Python
# array class (wrapping one raises KeyError). The type is made through the C data interface
# (int32 exported, its format string swapped for "tiM", imported back), and arrays of it
# only live inside tables: they are built and compared as int32 (same buffers; see
# _standin_type), the schemas being compared with the real type.
class _ArrowSchema(ctypes.Structure):
    _fields_ = [
        ("format", ctypes.c_char_p),
        ("name", ctypes.c_char_p),
        ("metadata", ctypes.c_char_p),
        ("flags", ctypes.c_int64),
        ("n_children", ctypes.c_int64),
        ("children", ctypes.c_void_p),
        ("dictionary", ctypes.c_void_p),
        ("release", ctypes.c_void_p),
        ("private_data", ctypes.c_void_p),
    ]


def _month_interval():
    c = _ArrowSchema()
    pa.int32()._export_to_c(ctypes.addressof(c))
    c.format = b"tiM"  # the exporter's release frees its own copy, never this pointer
    return pa.DataType._import_from_c(ctypes.addressof(c))


MONTH_INTERVAL = _month_interval()
# SPEC §12.1: parquet.variant over struct<metadata, value>. pyarrow 21 has no such type, so
# an IPC column of it reads as its storage with the extension named in the field metadata.
VARIANT_STORAGE = pa.struct(
    [pa.field("metadata", pa.binary(), False), pa.field("value", pa.binary(), False)]
)
VARIANT_METADATA = {
    b"ARROW:extension:name": b"parquet.variant",
    b"ARROW:extension:metadata": b"",
}


def _decimal_type(t):
    return pa.decimal128(t["precision"], t["scale"])


# SPEC §12.1, one entry per type of the reference's type table (zerorow_ref/types.py);
# registered with it, and checked complete when this module loads.
_ARROW = ref_types.dispatch(
    "arrow_equality._ARROW",
    ref_types.KINDS,
    {
        "null": lambda t: pa.null(),
        "bool": lambda t: pa.bool_(),
        "int8": lambda t: pa.int8(),
        "int16": lambda t: pa.int16(),
        "int32": lambda t: pa.int32(),
        "int64": lambda t: pa.int64(),
        "float32": lambda t: pa.float32(),
        "float64": lambda t: pa.float64(),
        "date32": lambda t: pa.date32(),
        "time": lambda t: pa.time64("us"),
        "timestamp": lambda t: pa.timestamp("us", tz=t.get("tz")),
        "duration": lambda t: pa.duration("us"),
        "interval_ym": lambda t: MONTH_INTERVAL,
        "decimal": _decimal_type,
        "string": lambda t: pa.string(),
        "binary": lambda t: pa.binary(),
        "fixed_binary": lambda t: pa.binary(t["size"]),
        "uuid": lambda t: pa.uuid(),
        "interval": lambda t: pa.month_day_nano_interval(),
        "variant": lambda t: VARIANT_STORAGE,
        "list": lambda t: pa.list_(
            arrow_field("item", t["element"], t["element_nullable"])
        ),
        "map": lambda t: pa.map_(
            arrow_field("key", t["key"], False),
            arrow_field("value", t["value"], t["value_nullable"]),
        ),
        "struct": lambda t: pa.struct(arrow_fields(t)),
    },
)


def _kind(t):
    return t if isinstance(t, str) else t["type"]


def arrow_type(t):
    """The Arrow type of a zerorow type in its JSON form (SPEC §4.1 -> §12.1)."""
    return _ARROW[_kind(t)]({"type": t} if isinstance(t, str) else t)


def arrow_field(name, t, nullable):
    """An Arrow field of zerorow type t; a variant's carries its extension name (§12.1)."""
    meta = VARIANT_METADATA if _kind(t) == "variant" else None
    return pa.field(name, arrow_type(t), nullable, metadata=meta)


def arrow_fields(struct):
    return [arrow_field(f["name"], f["type"], f["nullable"]) for f in struct["fields"]]


def arrow_schema(schema_json):
    return pa.schema(arrow_fields(schema_json))


def _float(t, v):
    text = {"NaN": "nan", "Infinity": "inf", "-Infinity": "-inf"}.get(v, v)
    return float(text) if isinstance(text, str) else float(v)


def _interval(t, v):
    """month_day_nano (§12.1: microseconds × 1000); past int64 ns pyarrow raises."""
    iv = ref_values.from_json({"type": "interval"}, v, "interval")
    return pa.MonthDayNano([iv.months, iv.days, iv.microseconds * 1000])


def _variant(t, v):
    var = ref_values.from_json({"type": "variant"}, v, "variant")
    return {"metadata": var.metadata, "value": var.value}


# values.json (SPEC §10) -> the Python value pyarrow takes for the stand-in type of
# _standin_type; nested types recurse through the module's `py_value` (the Parquet interop
# test replaces it).
_PY = ref_types.dispatch(
    "arrow_equality._PY",
    ref_types.KINDS,
    {
        "null": lambda t, v: None,
        "bool": lambda t, v: v,
        "int8": lambda t, v: v,
        "int16": lambda t, v: v,
        "int32": lambda t, v: v,
        "int64": lambda t, v: int(v),
        "float32": _float,
        "float64": _float,
        "date32": lambda t, v: v,
        "time": lambda t, v: int(v),
        "timestamp": lambda t, v: int(v),
        "duration": lambda t, v: int(v),
        "interval_ym": lambda t, v: v,
        "decimal": lambda t, v: decimal.Decimal(v),
        "string": lambda t, v: v,
        "binary": lambda t, v: bytes.fromhex(v),
        "fixed_binary": lambda t, v: bytes.fromhex(v),
        "uuid": lambda t, v: uuid.UUID(v).bytes,  # RFC 9562 byte order (§3.8)
        "interval": _interval,
        "variant": _variant,
        "list": lambda t, v: [py_value(t["element"], x) for x in v],
        "map": lambda t, v: [
            (py_value(t["key"], kv[0]), py_value(t["value"], kv[1])) for kv in v
        ],
        "struct": lambda t, v: {
            f["name"]: py_value(f["type"], v[f["name"]]) for f in t["fields"]
        },
    },
)

for _where, _lacking, _extra in ref_types.missing(
    [d for d in ref_types.DISPATCHES if d[0].startswith("arrow_equality.")]
):
    raise ImportError(f"{_where} lacks {_lacking}, has unknown {_extra} (SPEC §3)")


def py_value(t, v):
    """values.json encoding (SPEC §10) -> the Python value pyarrow takes for type t."""
    if v is None:
        return None
    return _PY[_kind(t)](t, v)


def _standin_type(t):
    """t with what pyarrow 21 cannot build from Python values replaced by its storage:
    month_interval by int32, arrow.uuid by fixed_size_binary(16) (at every depth, field
    names, nullability and metadata kept). Buffers are the same, so a table of t is made
    from a table of this type through the C data interface (_reinterpret), and back."""
    if t == MONTH_INTERVAL:
        return pa.int32()
    if isinstance(t, pa.BaseExtensionType):
        return t.storage_type
    if pa.types.is_list(t):
        return pa.list_(t.value_field.with_type(_standin_type(t.value_type)))
    if pa.types.is_map(t):
        return pa.map_(
            t.key_field.with_type(_standin_type(t.key_type)),
            t.item_field.with_type(_standin_type(t.item_type)),
        )
    if pa.types.is_struct(t):
        return pa.struct(
            [
                t.field(i).with_type(_standin_type(t.field(i).type))
                for i in range(t.num_fields)
            ]
        )
    return t


def _standin_schema(schema):
    return pa.schema(
        [f.with_type(_standin_type(f.type)) for f in schema], schema.metadata
    )


def _reinterpret(table, schema):
    """The table's buffers read as `schema` (same layout, other types)."""
    if table.schema.equals(schema, check_metadata=True):
        return table
    batches = [
        pa.RecordBatch._import_from_c_capsule(
            schema.__arrow_c_schema__(), b.__arrow_c_array__()[1]
        )
        for b in table.to_batches()
    ]
    return pa.Table.from_batches(batches, schema)


def expected_table(schema_json, values, copies=1):
    """The pyarrow Table SPEC §12 gives one row of values.json (repeated `copies` times)."""
    schema = arrow_schema(schema_json)
    standin = _standin_schema(schema)
    columns = []
    for f, af in zip(schema_json["fields"], standin, strict=False):
        v = py_value(f["type"], values[f["name"]])
        columns.append(pa.array([v] * copies, type=af.type))
    return _reinterpret(pa.Table.from_arrays(columns, schema=standin), schema)


def load_case(name, vectors=VECTORS):
    d = os.path.join(vectors, name)
    with open(os.path.join(d, "schema.json"), encoding="utf-8") as f:
        schema_json = json.load(f)
    with open(os.path.join(d, "values.json"), encoding="utf-8") as f:
        values = json.load(f)
    with open(os.path.join(d, "row.bin"), "rb") as f:
        row = f.read()
    return schema_json, values, row


def cases(vectors=VECTORS):
    return sorted(
        n
        for n in os.listdir(vectors)
        if os.path.isfile(os.path.join(vectors, n, "row.bin"))
    )


# ---- comparison ---------------------------------------------------------------------------


def _bits_type(t):
    """t with float32/float64 replaced by int32/int64, so NaNs compare by bit pattern."""
    if t == pa.float32():
        return pa.int32()
    if t == pa.float64():
        return pa.int64()
    if pa.types.is_list(t):
        return pa.list_(t.value_field.with_type(_bits_type(t.value_type)))
    if pa.types.is_map(t):
        return pa.map_(
            t.key_field.with_type(_bits_type(t.key_type)),
            t.item_field.with_type(_bits_type(t.item_type)),
        )
    if pa.types.is_struct(t):
        return pa.struct(
            [
                t.field(i).with_type(_bits_type(t.field(i).type))
                for i in range(t.num_fields)
            ]
        )
    return t


def tables_equal(actual, expected):
    """(ok, why): equal schemas with metadata, and equal values with NaN == NaN (compared
    on the stand-in types of _standin_type, which pyarrow can read)."""
    if not actual.schema.equals(expected.schema, check_metadata=True):
        return False, f"schema {actual.schema} != expected {expected.schema}"
    if actual.equals(expected, check_metadata=True):
        return True, ""
    standin = _standin_schema(expected.schema)
    actual, expected = _reinterpret(actual, standin), _reinterpret(expected, standin)
    for name in expected.column_names:
        a = actual.column(name).combine_chunks()
        e = expected.column(name).combine_chunks()
        bt = _bits_type(e.type)
        # a view to the same type is left out: pyarrow 21 aborts on a view of list<null>
        same = a.equals(e) if bt == e.type else a.view(bt).equals(e.view(bt))
        if not same:
            return (
                False,
                f"column {name}: {a.to_pylist()!r} != expected {e.to_pylist()!r}",
            )
    return True, ""


# ---- producers ------------------------------------------------------------------------------


def java_classpath():
    """zerorow-arrow-testing (ArrowVectors, RowFileCat) and its runtime classpath."""
    target = os.path.join(ROOT, "java-row", "arrow", "testing", "target")
    with open(os.path.join(target, "classpath.txt")) as f:
        deps = f.read().strip()
    return os.path.join(target, "classes") + os.pathsep + deps


JAVA_OPTS = [
    "--add-opens=java.base/java.nio=org.apache.arrow.memory.core,ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
]


def produce_java(vectors, out, classpath=None):
    """Runs ArrowVectors; returns {case: pa.Table} and checks nothing itself."""
    cp = classpath or java_classpath()
    proc = subprocess.run(
        [
            "java",
            *JAVA_OPTS,
            "-cp",
            cp,
            "io.zerorow.arrow.tools.ArrowVectors",
            vectors,
            out,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode not in (0, 1):
        raise RuntimeError(
            f"ArrowVectors exited {proc.returncode}: {proc.stderr[-3000:]}"
        )
    tables = {}
    for line in proc.stdout.splitlines():
        if line.startswith("OK "):
            name = line[3:].strip()
            with pa.memory_map(os.path.join(out, name + ".arrow")) as src:
                tables[name] = pa.ipc.open_file(src).read_all()
        elif line.startswith("ERROR "):
            name, _, why = line[6:].partition(": ")
            tables[name] = RuntimeError(why)
    return tables


def python_available():
    try:
        import zerorow  # noqa: F401
    except ImportError as e:
        return f"import zerorow failed: {e}"
    return None if hasattr(zerorow, "to_arrow") else "zerorow has no to_arrow"


def produce_python(vectors, out):
    import zerorow

    tables = {}
    for name in cases(vectors):
        try:
            with open(
                os.path.join(vectors, name, "schema.json"), encoding="utf-8"
            ) as f:
                schema = zerorow.Schema.from_json(f.read())
            with open(os.path.join(vectors, name, "row.bin"), "rb") as f:
                row = zerorow.BinaryRow(schema, f.read())
            batch = zerorow.to_arrow([row], schema)
            tables[name] = pa.Table.from_batches([batch])
        except Exception as e:  # reported per case, never hidden
            tables[name] = e
    return tables


CPP_TOOL = os.path.join(ROOT, "cpp-row", "build", "dev", "zerorow_arrow")


def cpp_available():
    if os.access(CPP_TOOL, os.X_OK):
        return None
    return (
        f"{os.path.relpath(CPP_TOOL, ROOT)} not built (make build-cpp, needs Arrow C++)"
    )


def produce_cpp(vectors, out):
    """Runs `zerorow_arrow to-arrow`; returns {case: pa.Table or the SKIP/ERROR reason}."""
    proc = subprocess.run(
        [CPP_TOOL, "to-arrow", vectors, out],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode not in (0, 1):
        raise RuntimeError(
            f"zerorow_arrow exited {proc.returncode}: {proc.stderr[-3000:]}"
        )
    tables = {}
    for line in proc.stdout.splitlines():
        if line.startswith("OK "):
            name = line[3:].strip()
            with pa.memory_map(os.path.join(out, name + ".arrow")) as src:
                tables[name] = pa.ipc.open_file(src).read_all()
        elif line.startswith(("SKIP ", "ERROR ")):
            name, _, why = line.split(" ", 1)[1].partition(": ")
            tables[name] = RuntimeError(why)
    return tables


def cpp_write_row_file(path, vectors, name):
    d = os.path.join(vectors, name)
    row_bin = os.path.join(d, "row.bin")
    proc = subprocess.run(
        [
            CPP_TOOL,
            "write-rowfile",
            os.path.join(d, "schema.json"),
            path,
            row_bin,
            row_bin,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if proc.returncode != 0:
        raise RuntimeError(
            f"write-rowfile exited {proc.returncode}: {proc.stderr.strip()}"
        )


def cpp_read_row_file(path, vectors, name, row, copies):
    """(ok, why): C++ reads the row file (expected schema, level full); rows == row.bin."""
    proc = subprocess.run(
        [
            CPP_TOOL,
            "read-rowfile",
            "--hex",
            path,
            os.path.join(vectors, name, "schema.json"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if proc.returncode != 0:
        return False, f"read-rowfile exited {proc.returncode}: {proc.stderr.strip()}"
    lines = proc.stdout.splitlines()
    if not lines or not lines[0].startswith(f"rows={copies} "):
        return False, f"read-rowfile printed {lines[:1]}, expected rows={copies}"
    got = [line.rpartition(" hex=")[2] for line in lines[1:]]
    if got != [row.hex()] * copies:
        return False, "row bytes differ from row.bin"
    return True, ""


def python_read_row_file(path, vectors, name, row, copies):
    """(ok, why): Python's zerorow.open_file reads the row file; rows == row.bin."""
    import zerorow

    with open(os.path.join(vectors, name, "schema.json"), encoding="utf-8") as f:
        schema = zerorow.Schema.from_json(f.read())
    rf = zerorow.open_file(path, schema, level="full")
    try:
        rows = [bytes(rf[i].to_bytes()) for i in range(len(rf))]
    finally:
        rf.close()
    if rows != [row] * copies:
        return False, f"{len(rows)} rows, bytes differ from row.bin"
    return True, ""


def python_write_row_file(path, vectors, name, row, copies):
    import zerorow

    with open(os.path.join(vectors, name, "schema.json"), encoding="utf-8") as f:
        schema = zerorow.Schema.from_json(f.read())
    zerorow.write_file(path, [row] * copies, schema)


def java_read_row_files(files, vectors, classpath=None):
    """{path: (ok, why)}: Java's RowFileCat reads each (path, case, row, copies) at level full."""
    args = []
    for path, name, _, _ in files:
        args += [path, os.path.join(vectors, name, "schema.json")]
    proc = subprocess.run(
        [
            "java",
            *JAVA_OPTS,
            "-cp",
            classpath or java_classpath(),
            "io.zerorow.arrow.tools.RowFileCat",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    seen = {}
    for line in proc.stdout.splitlines():
        if line.startswith("FILE "):
            path, _, rest = line[5:].partition(" ")
            seen[path] = rest
    out = {}
    for path, _, row, copies in files:
        rest = seen.get(
            path,
            f"not reported (RowFileCat exited {proc.returncode}: {proc.stderr[-500:]})",
        )
        if not rest.startswith(f"rows={copies} hex="):
            out[path] = (False, rest)
        else:
            got = rest.partition(" hex=")[2].split(",")
            out[path] = (
                got == [row.hex()] * copies,
                "" if got == [row.hex()] * copies else "row bytes differ from row.bin",
            )
    return out


PRODUCERS = {"java": produce_java, "python": produce_python, "cpp": produce_cpp}

# Limits outside zerorow: the case must be refused with this message (a substring of the
# error), and passes only then. If the limit goes away, the check fails and the entry goes.
_ARROW_DEPTH = (
    "Recursion level in ArrowSchema struct exceeded",
    "Arrow C++'s C Data Interface import stops at 64 nested levels "
    "(kMaxImportRecursionLevel); the row has 65 (root struct + 64 lists), SPEC §7",
)
# SPEC §12.1: an interval goes to month_day_nano_interval as microseconds × 1000, checked;
# interval_values holds ±2^63 - 1 µs, which no int64 of nanoseconds holds: every producer
# refuses it as invalid_data (its row-file checks still run).
_INTERVAL_NS = (
    "does not fit month_day_nano_interval's int64 nanoseconds",
    "SPEC §12.1: month_day_nano_interval holds microseconds × 1000 in an int64; "
    "the vector's ±2^63 µs do not fit",
)
EXPECTED_REFUSALS = {
    ("python", "max_depth_64"): _ARROW_DEPTH,
    ("cpp", "max_depth_64"): _ARROW_DEPTH,
    ("java", "interval_values"): _INTERVAL_NS,
    ("python", "interval_values"): _INTERVAL_NS,
    ("cpp", "interval_values"): _INTERVAL_NS,
}


# ---- checks -----------------------------------------------------------------------------------


def crc32c(data):
    """CRC-32C (Castagnoli, reflected 0x82F63B78; SPEC §5.1), bit by bit: harness rows are small."""
    c = 0xFFFFFFFF
    for b in data:
        c ^= b
        for _ in range(8):
            c = (c >> 1) ^ (0x82F63B78 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


def check_row_file(path, schema_json, row):
    """A Java or C++ row file opens in pyarrow with its metadata and rows intact (SPEC §5)."""
    with pa.memory_map(path) as src:
        table = pa.ipc.open_file(src).read_all()
    # SPEC §5.1: an optional crc32c column (uint32, not null), the CRC-32C of each row
    if table.column_names not in (["row"], ["row", "crc32c"]):
        return False, f"columns {table.column_names}"
    if "crc32c" in table.column_names:
        crc = table.schema.field("crc32c")
        if crc.type != pa.uint32() or crc.nullable:
            return False, f"crc32c column is {crc}"
        want = [crc32c(r) for r in table.column("row").to_pylist()]
        if table.column("crc32c").to_pylist() != want:
            return False, "crc32c values are not the rows' CRC-32C"
    field = table.schema.field("row")
    if field.type != pa.binary() or field.nullable:
        return False, f"row column is {field}"
    meta = field.metadata or {}
    if tuple(k for k in ROW_META_KEYS if k in meta) != ROW_META_KEYS:
        return False, f"metadata keys {sorted(meta)}"
    # the reference's canonical JSON (SPEC §4.1: defaults' numbers as it writes them) and its
    # fingerprint (SPEC §4.2: aliases and defaults left out)
    schema = ref_schema.parse_schema(json.dumps(schema_json))
    if meta[b"zerorow.version"] != b"1" or meta[
        b"zerorow.schema"
    ].decode() != ref_schema.canonical_json(schema):
        return False, "version or schema metadata differs"
    if meta[b"zerorow.fingerprint"].decode() != ref_schema.fingerprint(schema):
        return (
            False,
            "fingerprint is not the one SPEC §4.2 gives (aliases and defaults left out)",
        )
    rows = table.column("row").to_pylist()
    if rows != [row, row]:
        return False, "row bytes differ from row.bin"
    return True, ""


def row_file_checks(
    pout, out, vectors, name, row, schema_json, report, python, java, for_java
):
    """Row files between C++ and pyarrow, Python and Java (see the module docstring)."""

    def run(check, fn):
        try:
            ok, why = fn()
        except Exception as e:  # a check that cannot run is a failure
            ok, why = False, repr(e)
        report(ok, "cpp", check, name, why)

    cpp_file = os.path.join(pout, name + ".rows.arrow")

    def cpp_rowfile():
        cpp_write_row_file(cpp_file, vectors, name)
        return check_row_file(cpp_file, schema_json, row)

    run("rowfile", cpp_rowfile)
    if python:
        run("cpp>py", lambda: python_read_row_file(cpp_file, vectors, name, row, 2))
        py_file = os.path.join(pout, name + ".py.rows.arrow")

        def py_to_cpp():
            python_write_row_file(py_file, vectors, name, row, 2)
            return cpp_read_row_file(py_file, vectors, name, row, 2)

        run("py>cpp", py_to_cpp)
    if java:
        java_file = os.path.join(out, "java", name + ".rows.arrow")
        run("java>cpp", lambda: cpp_read_row_file(java_file, vectors, name, row, 2))
        if python:

            def report_java_py():
                return python_read_row_file(java_file, vectors, name, row, 2)

            try:
                ok, why = report_java_py()
            except Exception as e:  # a check that cannot run is a failure
                ok, why = False, repr(e)
            report(ok, "java", "java>py", name, why)
        # Read by Java afterwards, all in one JVM (see main).
        for check, path in (
            ("cpp>java", cpp_file),
            ("py>java", os.path.join(pout, name + ".py.rows.arrow")),
        ):
            if os.path.exists(path):
                for_java.append((check, path, name, row))


def main(argv=None):
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--vectors", default=VECTORS)
    ap.add_argument("--java-classpath", default=None)
    ap.add_argument("--producers", default="java,python,cpp")
    args = ap.parse_args(argv)
    vectors = os.path.abspath(args.vectors)
    names = cases(vectors)
    passed = failed = 0
    ran, skipped = [], []

    def report(ok, producer, check, case, why=""):
        nonlocal passed, failed
        refusal = EXPECTED_REFUSALS.get((producer, case)) if check == "arrow" else None
        if refusal:
            message, reason = refusal
            ok, why = (
                not ok and message in why,
                f"expected the refusal {message!r} ({reason}), got: {why or 'success'}",
            )
            if ok:
                why = f"refused as expected: {reason}"
        print(
            f"{'PASS' if ok else 'FAIL'} {producer:<7} {check:<9} {case}"
            + (f"  {why}" if why and (not ok or refusal) else "")
        )
        passed += ok
        failed += not ok

    for_java = []  # (check, path, case, row): files other languages wrote, for Java to read
    with tempfile.TemporaryDirectory(prefix="zerorow-arrow-") as out:
        for producer in args.producers.split(","):
            if producer == "python" and python_available():
                skipped.append(f"python ({python_available()})")
                continue
            if producer == "cpp" and cpp_available():
                skipped.append(f"cpp ({cpp_available()})")
                continue
            if producer not in PRODUCERS:
                skipped.append(f"{producer} (no producer wired)")
                continue
            pout = os.path.join(out, producer)
            os.makedirs(pout)
            if producer == "java":
                tables = produce_java(vectors, pout, args.java_classpath)
            else:
                tables = PRODUCERS[producer](vectors, pout)
            ran.append(producer)
            for name in names:
                schema_json, values, row = load_case(name, vectors)
                got = tables.get(name, RuntimeError("not produced"))
                if isinstance(got, Exception):
                    report(False, producer, "arrow", name, repr(got))
                else:
                    try:
                        ok, why = tables_equal(got, expected_table(schema_json, values))
                    except Exception as e:  # a comparison that cannot run is a failure
                        ok, why = False, repr(e)
                    report(ok, producer, "arrow", name, why)
                if producer == "java":
                    path = os.path.join(pout, name + ".rows.arrow")
                    try:
                        ok, why = check_row_file(path, schema_json, row)
                    except Exception as e:
                        ok, why = False, repr(e)
                    report(ok, producer, "rowfile", name, why)
                if producer == "cpp":
                    row_file_checks(
                        pout,
                        out,
                        vectors,
                        name,
                        row,
                        schema_json,
                        report,
                        python=python_available() is None,
                        java="java" in ran,
                        for_java=for_java,
                    )
        if for_java:
            results = java_read_row_files(
                [(p, n, r, 2) for _, p, n, r in for_java], vectors, args.java_classpath
            )
            for check, path, name, _ in for_java:
                ok, why = results[path]
                report(ok, "java", check, name, why)
    print(
        f"producers run: {', '.join(ran) or 'none'}"
        + (f"; not run: {', '.join(skipped)}" if skipped else "")
    )
    for missing in skipped:  # a producer that was asked for and could not run
        print(f"FAIL {missing.split(' ')[0]:<7} available  -  {missing}")
    failed += len(skipped)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
