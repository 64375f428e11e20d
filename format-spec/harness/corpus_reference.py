#!/usr/bin/env python3
"""The reference corpus runner (SPEC §12.4, format-spec/README.md "Corpus protocol"):

  corpus_reference.py <corpus-dir> <out-dir>

For each (file, column) of <corpus-dir>/expected.tsv it reads that column alone with
pyarrow (Arrow IPC file or stream; Parquet with INT96 read at µs), maps it by SPEC §12
(zerorow_ref/arrow.py) and writes <out-dir>/<file>/<column>.json and, when accepted,
<column>.rows. A column pyarrow 21 cannot read (VARIANT, INTERVAL) is taken from the
`<file>.expected.json` its generator wrote beside the file. It never stops on a column:
every failure is a verdict.
"""

import functools
import json
import os
import struct
import sys

import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "generator"))
from zerorow_ref import arrow  # noqa: E402
from zerorow_ref.encode import encode_row  # noqa: E402
from zerorow_ref.errors import FormatError  # noqa: E402
from zerorow_ref.schema import canonical_json, parse_type  # noqa: E402
from zerorow_ref.values import from_json  # noqa: E402


def read_expected(corpus):
    """[(file, column, verdict)] of expected.tsv, in its order."""
    out = []
    with open(os.path.join(corpus, "expected.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                file, column, verdict = line.rstrip("\n").split("\t")
                out.append((file, column, verdict))
    return out


def column_index(names, column):
    """The index of a column in a file: its name, or `name#i` for the i-th top-level field
    where several share one name."""
    name, _, index = column.partition("#")
    if index:
        i = int(index)
        if names[i] != name:
            raise FormatError(
                "invalid_data", column, f"field {i} is {names[i]!r}, not {name!r}"
            )
        return i
    if names.count(name) != 1:
        raise FormatError(
            "invalid_data", column, f"{names.count(name)} columns named {name!r}"
        )
    return names.index(name)


@functools.lru_cache(maxsize=4)
def _arrow_table(path):
    """(the table, its readable() form): a file is read once for all its columns."""
    reader = (
        ipc.open_file(path) if path.endswith(".arrow_file") else ipc.open_stream(path)
    )
    table = reader.read_all()
    return table, arrow.readable(table)


def read_arrow(path, column):
    """(zerorow schema, values) of one column of an Arrow IPC file or stream."""
    table, readable = _arrow_table(path)
    i = column_index(table.schema.names, column)
    values = readable.column(i)
    field = table.schema.field(i)
    name = field.name
    t, _ = arrow.map_type(field.type, name)
    schema = arrow.column_schema(name, t, field.nullable)
    return schema, arrow.column_values(values, t, field.nullable, name)


def read_parquet(path, column):
    """(zerorow schema, values) of one column of a Parquet file, or of its sidecar."""
    sidecar = _sidecar(path)
    if column in sidecar:
        return _from_sidecar(column, sidecar[column])
    pf = pq.ParquetFile(path, coerce_int96_timestamp_unit="us")
    names = pf.schema_arrow.names
    i = column_index(names, column)
    field = pf.schema_arrow.field(i)
    name = field.name
    leaves = iter(
        [
            pf.schema.column(k)
            for k in range(len(pf.schema))
            if pf.schema.column(k).path.split(".")[0] == name
        ]
    )
    t, _ = arrow.map_parquet_field(field, leaves, name)
    schema = arrow.column_schema(name, t, field.nullable)
    data = _read(pf, name, field.type)
    if any(
        pf.schema.column(k).physical_type == "INT96"
        and pf.schema.column(k).path.split(".")[0] == name
        for k in range(len(pf.schema))
    ):  # SPEC §12.3: an INT96 past int64 µs is refused, never wrapped
        in_ms = pq.ParquetFile(path, coerce_int96_timestamp_unit="ms")
        arrow.check_int96(
            data, _read(in_ms, name, in_ms.schema_arrow.field(i).type), name
        )
    return schema, arrow.column_values(data, t, field.nullable, name)


def _read(pf, name, arrow_type):
    try:
        return pf.read(columns=[name]).column(0)
    except pa.ArrowNotImplementedError:  # nested chunked output: read batch by batch
        batches = pf.iter_batches(batch_size=1, columns=[name])
        return pa.chunked_array([b.column(0) for b in batches], arrow_type)


def _sidecar(path):
    side = os.path.splitext(path)[0] + ".expected.json"
    if not os.path.exists(side):
        return {}
    with open(side, encoding="utf-8") as f:
        return json.load(f)


def _from_sidecar(column, doc):
    if "error" in doc:
        raise FormatError(
            doc["error"], column, doc.get("message", "refused (see the sidecar)")
        )
    t = parse_type(doc["type"], column)
    schema = arrow.column_schema(column, t, doc["nullable"])
    return schema, [from_json(t, v, column) for v in doc["values"]]


def read_column(corpus, file, column):
    path = os.path.join(corpus, file)
    if file.endswith(".parquet"):
        return read_parquet(path, column)
    return read_arrow(path, column)


def run(corpus, out):
    for file, column, _ in read_expected(corpus):
        d = os.path.join(out, file.replace("/", "__"))
        os.makedirs(d, exist_ok=True)
        report = {
            "verdict": "refused",
            "kind": None,
            "message": None,
            "schema": None,
            "rows": None,
        }
        rows = b""
        try:
            schema, values = read_column(corpus, file, column)
            name = schema["fields"][0]["name"]
            for v in values:
                data, _ = encode_row(schema, {name: v})
                rows += struct.pack("<I", len(data)) + data
            report.update(
                verdict="accepted", schema=canonical_json(schema), rows=len(values)
            )
        except FormatError as e:
            report.update(kind=e.kind, message=str(e))
        except (pa.ArrowException, OSError, ValueError) as e:  # pyarrow cannot read it
            report.update(kind="unsupported", message=f"{type(e).__name__}: {e}")
        with open(os.path.join(d, column + ".json"), "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False)
        if report["verdict"] == "accepted":
            with open(os.path.join(d, column + ".rows"), "wb") as f:
                f.write(rows)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    run(sys.argv[1], sys.argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
