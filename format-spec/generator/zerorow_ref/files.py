"""The row file vectors of SPEC §10 (`vectors/files/<case>/`) and their reference check:
checksums (§5.1), body compression (§5.2), cut and damaged files (§5.3).

Every case holds the same nine rows of one schema in three record batches (3, 4 and 2
rows). The IPC files are written by pyarrow (its writer is deterministic for a given
pyarrow version, which requirements-dev.txt pins), then cut or damaged byte by byte here.
The reference check reads them with a message walker of its own (§5.3 reads a file from its
start when the footer cannot be read) and a table CRC-32C, independent of python-row.
"""

import json
import struct

from .encode import encode_row
from .schema import canonical_json, fingerprint, parse_type
from .values import from_json

CASE_SCHEMA = {
    "type": "struct",
    "fields": [
        {"name": "id", "type": "int64", "nullable": False},
        {"name": "name", "type": "string", "nullable": True},
        {"name": "score", "type": "float64", "nullable": True},
        {
            "name": "tags",
            "type": {"type": "list", "element": "string", "element_nullable": True},
            "nullable": True,
        },
        {
            "name": "point",
            "type": {
                "type": "struct",
                "fields": [
                    {"name": "x", "type": "int32", "nullable": False},
                    {"name": "y", "type": "float64", "nullable": True},
                ],
            },
            "nullable": True,
        },
    ],
}

CASE_VALUES = [
    {
        "id": "1",
        "name": "ada",
        "score": 1.5,
        "tags": ["a", "b"],
        "point": {"x": 1, "y": 2.0},
    },
    {"id": "2", "name": None, "score": -4.0, "tags": [], "point": None},
    {
        "id": "3",
        "name": "grace hopper",
        "score": None,
        "tags": None,
        "point": {"x": -7, "y": None},
    },
    {
        "id": "4",
        "name": "",
        "score": 0.1,
        "tags": [None, "x"],
        "point": {"x": 0, "y": -0.5},
    },
    {
        "id": "5",
        "name": "éè",
        "score": 1e300,
        "tags": ["long tag text"],
        "point": {"x": 5, "y": 5.5},
    },
    {"id": "-6", "name": "six", "score": "-0.0", "tags": ["c"], "point": None},
    {
        "id": "7",
        "name": "seven",
        "score": "NaN",
        "tags": [],
        "point": {"x": 2147483647, "y": 1.0},
    },
    {
        "id": "8",
        "name": "eight",
        "score": 8.25,
        "tags": ["d", "e", "f"],
        "point": {"x": 8, "y": 8.0},
    },
    {
        "id": "9",
        "name": None,
        "score": 9.0,
        "tags": None,
        "point": {"x": -9, "y": None},
    },
]
BATCHES = (3, 4, 2)

# The damaged value of `flipped_value`: row 4 (batch 1), the low byte of its `score` slot
# (a float64 whose mantissa changes, still a valid row: only the checksum can tell, §5.1).
FLIP_ROW = 4
FLIP_AT = 8 + 2 * 8  # the null bitset (one word for five fields), then id, name, score


# ---- CRC-32C (SPEC §5.1): Castagnoli, reflected, init and final xor 0xFFFFFFFF ----------
def _crc_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc_table()


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = _TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


# ---- writing ---------------------------------------------------------------------------
def _rows():
    t = parse_type(CASE_SCHEMA, "")
    return t, [encode_row(t, from_json(t, v, ""))[0] for v in CASE_VALUES]


def _ipc(schema_type, rows, compression, checksum):
    import pyarrow as pa

    meta = {
        "zerorow.version": "1",
        "zerorow.schema": canonical_json(schema_type),
        "zerorow.fingerprint": fingerprint(schema_type),
    }
    fields = [pa.field("row", pa.large_binary(), nullable=False, metadata=meta)]
    if checksum:
        fields.append(pa.field("crc32c", pa.uint32(), nullable=False))
    schema = pa.schema(fields)
    sink = pa.BufferOutputStream()
    options = pa.ipc.IpcWriteOptions(
        compression=None if compression == "none" else compression
    )
    with pa.ipc.new_file(sink, schema, options=options) as w:
        start = 0
        for n in BATCHES:
            part = rows[start : start + n]
            cols = [pa.array(part, pa.large_binary())]
            if checksum:
                cols.append(pa.array([crc32c(r) for r in part], pa.uint32()))
            w.write_batch(pa.record_batch(cols, schema=schema))
            start += n
    return sink.getvalue().to_pybytes()


def _values_jsonl(values):
    return "".join(json.dumps(v, ensure_ascii=False) + "\n" for v in values)


def cases():
    """(name, file bytes, expected.json object, values.jsonl text or None) of every case."""
    t, rows = _rows()
    hexes = [r.hex() for r in rows]
    values = _values_jsonl(CASE_VALUES)
    out = []

    def good(name, compression, checksum):
        data = _ipc(t, rows, compression, checksum)
        doc = {
            "rows": len(rows),
            "batches": list(BATCHES),
            "compression": compression,
            "checksum": checksum,
            "values": "values.jsonl",
            "row_hex": hexes,
        }
        out.append((name, data, doc, values))
        return data

    plain = good("good", "none", True)
    good("good_lz4", "lz4", True)
    good("good_zstd", "zstd", True)
    good("no_checksum", "none", False)

    # One byte flipped inside a value: every level refuses it but `none`, which reads it.
    at = plain.find(rows[FLIP_ROW]) + FLIP_AT
    assert plain.count(rows[FLIP_ROW]) == 1
    flipped = bytearray(plain)
    flipped[at] ^= 0x01
    bad_row = bytes(flipped[at - FLIP_AT : at - FLIP_AT + len(rows[FLIP_ROW])])
    out.append(
        (
            "flipped_value",
            bytes(flipped),
            {
                "error": "invalid_data",
                "row": FLIP_ROW,
                "batch": 1,
                "offset": at - FLIP_AT,
                "crc32c_stored": f"0x{crc32c(rows[FLIP_ROW]):08x}",
                "crc32c_computed": f"0x{crc32c(bad_row):08x}",
                "levels_refusing": ["bounds", "full"],
                "row_hex_at_level_none": [
                    bad_row.hex() if i == FLIP_ROW else h for i, h in enumerate(hexes)
                ],
            },
            None,
        )
    )

    msgs, footer_at, size = walk(plain)
    # Cut inside the body of batch 1: its header is whole, so its 4 rows are known lost.
    b1 = [m for m in msgs if m["kind"] == "batch"][1]
    cut = plain[: b1["body_at"] + (b1["end"] - b1["body_at"]) // 2]
    out.append(
        (
            "cut_mid_batch",
            cut,
            _refused("truncated", len(cut), 1, BATCHES[0], BATCHES[1], b1["at"], hexes),
            None,
        )
    )
    # Every message and the end-of-stream marker, no footer: a writer that never closed.
    eos = msgs[-1]
    assert eos["kind"] == "eos"
    unfinished = plain[: eos["end"]]
    out.append(
        (
            "footer_missing",
            unfinished,
            _refused("truncated", len(unfinished), 3, len(rows), 0, eos["end"], hexes),
            None,
        )
    )
    # The footer's flatbuffer overwritten (its length and the closing magic intact):
    # invalid_data, and recovery reads every batch.
    damaged = bytearray(plain)
    for i in range(footer_at, size - 10):
        damaged[i] = 0xEE
    out.append(
        (
            "damaged_footer",
            bytes(damaged),
            _refused("invalid_data", size, 3, len(rows), 0, footer_at, hexes),
            None,
        )
    )
    return t, out


def _refused(kind, offset, batches, rows, lost, incomplete_at, hexes):
    return {
        "error": kind,
        "row": None,
        "offset": offset,
        "recovered": {
            "batches": batches,
            "rows": rows,
            "rows_lost": lost,
            "incomplete_at": incomplete_at,
            "row_hex": hexes[:rows],
        },
    }


# ---- reading: the messages of an IPC file from its start (SPEC §5.3) ---------------------
def _flat_message(meta):
    """(header type, body length, record batch length or None) of a Message flatbuffer."""

    def u32(at):
        return struct.unpack_from("<I", meta, at)[0]

    def field(table, k, fmt):
        vt = table - struct.unpack_from("<i", meta, table)[0]
        vt_size = struct.unpack_from("<H", meta, vt)[0]
        off = (
            struct.unpack_from("<H", meta, vt + 4 + 2 * k)[0]
            if 4 + 2 * k < vt_size
            else 0
        )
        return struct.unpack_from(fmt, meta, table + off)[0] if off else None

    root = u32(0)
    kind = field(root, 1, "<B") or 0
    body = field(root, 3, "<q") or 0
    rows = None
    if kind == 3:
        vt = root - struct.unpack_from("<i", meta, root)[0]
        off = struct.unpack_from("<H", meta, vt + 4 + 2 * 2)[0]
        header = root + off + u32(root + off)
        rows = field(header, 0, "<q") or 0
    return kind, body, rows


def walk(data):
    """The complete messages of an IPC file from byte 8, where its footer starts (or None)
    and its size; a message cut short is left out (the walk ends there)."""
    size = len(data)
    footer_at = None
    limit = size
    if size >= 18 and data[-6:] == b"ARROW1":
        footer_len = struct.unpack_from("<i", data, size - 10)[0]
        if 0 <= footer_len <= size - 18:
            footer_at = limit = size - 10 - footer_len
    msgs, pos = [], 8
    while pos + 8 <= limit:
        cont, length = struct.unpack_from("<Ii", data, pos)
        assert cont == 0xFFFFFFFF
        if length == 0:
            msgs.append({"kind": "eos", "at": pos, "end": pos + 8})
            break
        meta_end = pos + 8 + length
        if meta_end > limit:
            break
        kind, body, rows = _flat_message(data[pos + 8 : meta_end])
        entry = {"at": pos, "body_at": meta_end, "end": meta_end + body, "rows": rows}
        entry["kind"] = {1: "schema", 3: "batch"}.get(kind, str(kind))
        if entry["end"] > limit:
            entry["cut"] = True
            msgs.append(entry)
            break
        msgs.append(entry)
        pos = entry["end"]
    return msgs, footer_at, size


# ---- the reference check -----------------------------------------------------------------
def check(d, schema_text, expected, values_text, data):
    """Raises AssertionError unless `data` is what expected.json says, read the SPEC §5 way
    by the reference (pyarrow for the IPC batches, the walk above when the footer is
    missing, the table CRC-32C for §5.1)."""
    import pyarrow as pa

    t = parse_type(json.loads(schema_text), "")
    if canonical_json(t) != schema_text.rstrip("\n"):
        raise AssertionError("schema.json is not canonical")
    if "error" not in expected:
        table = pa.ipc.open_file(pa.py_buffer(data))
        names = table.schema.names
        want_names = ["row", "crc32c"] if expected["checksum"] else ["row"]
        if names != want_names:
            raise AssertionError(f"columns {names}, expected {want_names}")
        meta = table.schema.field("row").metadata
        if meta[b"zerorow.fingerprint"].decode() != fingerprint(t):
            raise AssertionError("fingerprint differs from schema.json")
        rows, sizes = [], []
        for i in range(table.num_record_batches):
            b = table.get_batch(i)
            sizes.append(b.num_rows)
            for j in range(b.num_rows):
                r = b.column(0)[j].as_py()
                if expected["checksum"] and b.column(1)[j].as_py() != crc32c(r):
                    raise AssertionError(f"row {len(rows)}: crc32c differs")
                rows.append(r.hex())
        if rows != expected["row_hex"] or sizes != expected["batches"]:
            raise AssertionError("rows or batches differ from expected.json")
        values = [json.loads(line) for line in values_text.splitlines()]
        for h, v in zip(rows, values, strict=True):
            if encode_row(t, from_json(t, v, ""))[0].hex() != h:
                raise AssertionError("values.jsonl does not encode to row_hex")
        return
    if "crc32c_stored" in expected:
        table = pa.ipc.open_file(pa.py_buffer(data)).read_all()
        got = [r.hex() for r in table.column("row").to_pylist()]
        if got != expected["row_hex_at_level_none"]:
            raise AssertionError("rows read at level none differ")
        k = expected["row"]
        row = bytes.fromhex(got[k])
        stored = table.column("crc32c")[k].as_py()
        want = (expected["crc32c_stored"], expected["crc32c_computed"])
        if (f"0x{stored:08x}", f"0x{crc32c(row):08x}") != want:
            raise AssertionError("checksums differ from expected.json")
        bad = [
            i
            for i, r in enumerate(got)
            if crc32c(bytes.fromhex(r)) != table.column("crc32c")[i].as_py()
        ]
        if bad != [k] or data.find(row) != expected["offset"]:
            raise AssertionError(f"damaged rows {bad}, expected [{k}] at its offset")
        return
    try:
        pa.ipc.open_file(pa.py_buffer(data))
        raise AssertionError("pyarrow opened the file through its footer")
    except (pa.ArrowInvalid, OSError):
        pass
    msgs, footer_at, size = walk(data)
    rec = expected["recovered"]
    whole = [m for m in msgs if m["kind"] == "batch" and not m.get("cut")]
    cut = [m for m in msgs if m.get("cut")]
    lost = (
        cut[0]["rows"] if cut else (0 if msgs and msgs[-1]["kind"] == "eos" else None)
    )
    kind = "invalid_data" if footer_at is not None else "truncated"
    incomplete = cut[0]["at"] if cut else (footer_at if footer_at is not None else size)
    got = (kind, size, len(whole), sum(m["rows"] for m in whole), lost, incomplete)
    want = (
        expected["error"],
        expected["offset"],
        rec["batches"],
        rec["rows"],
        rec["rows_lost"],
        rec["incomplete_at"],
    )
    if got != want:
        raise AssertionError(f"the walk gives {got}, expected.json {want}")
    buf = pa.py_buffer(data)
    schema_msg = pa.ipc.read_message(
        buf.slice(msgs[0]["at"], msgs[0]["end"] - msgs[0]["at"])
    )
    arrow_schema = pa.ipc.read_schema(schema_msg)
    rows = []
    for m in whole:
        message = pa.ipc.read_message(buf.slice(m["at"], m["end"] - m["at"]))
        batch = pa.ipc.read_record_batch(message, arrow_schema)
        for j in range(batch.num_rows):
            r = batch.column(0)[j].as_py()
            if batch.column(1)[j].as_py() != crc32c(r):
                raise AssertionError(f"recovered row {len(rows)}: crc32c differs")
            rows.append(r.hex())
    if rows != rec["row_hex"]:
        raise AssertionError("the recovered rows differ from expected.json")
