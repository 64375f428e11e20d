"""The Python runner of the Arrow and Parquet corpora (SPEC §12.4, driven by
format-spec/harness/run_corpus.py):

    python python-row/testing/zerorow_testing/corpus.py <corpus-dir> <out-dir>

For each (file, column) of <corpus-dir>/expected.tsv it reads that column alone through the
package's public entry points — an Arrow IPC file or stream with pyarrow's IPC reader and
`zerorow.from_arrow` (cpp-row's SPEC §12.2 mapping), a Parquet file with
`zerorow.arrow.read_parquet` restricted to the column — and writes <out-dir>/<file>/<column>.json
(verdict, error kind and message, the schema's canonical JSON, the row count) and, when
accepted, <column>.rows ([u32 LE length][row bytes] per row). Every failure is a verdict; it
exits 0 when it ran.
"""

from __future__ import annotations

import json
import os
import struct
import sys
from typing import Any

import zerorow
from zerorow.arrow import read_parquet


def _arrow_column(path: str, column: str) -> Any:
    """The column of an Arrow IPC file (or stream) as a one-column pyarrow Table."""
    import pyarrow as pa

    with pa.memory_map(path, "r") as source:
        try:
            table = pa.ipc.open_file(source).read_all()
        except pa.ArrowInvalid:
            source.seek(0)
            table = pa.ipc.open_stream(source).read_all()
    index = column_index(table.schema.names, column, path)
    field = table.schema.field(index)
    return pa.Table.from_arrays([table.column(index)], schema=pa.schema([field]))


def column_index(names: list[str], column: str, path: str) -> int:
    """The index of a column: its name, or `name#i` for the i-th top-level field where several
    share one name (the corpus protocol's spelling)."""
    name, _, index = column.rpartition("#")
    if name and index.isdigit():
        i = int(index)
        if i < len(names) and names[i] == name:
            return i
    elif names.count(column) == 1:
        return names.index(column)
    raise zerorow.SchemaMismatchError(
        f"schema_mismatch at {column}: file '{path}' has no single column '{column}'",
        "schema_mismatch",
        column,
    )


def convert(path: str, column: str) -> zerorow.RowBatch:
    """The column's rows, read by the public entry points."""
    if path.endswith(".parquet"):
        return read_parquet(path, columns=[column.rpartition("#")[0] or column])
    return zerorow.from_arrow(_arrow_column(path, column))


def outcome(path: str, column: str) -> tuple[dict, list[bytes]]:
    import pyarrow as pa

    try:
        batch = convert(path, column)
    except zerorow.ZerorowError as e:
        return _refused(e.kind, str(e)), []
    except pa.ArrowNotImplementedError as e:  # pyarrow could not read the file
        return _refused("unsupported", f"file '{path}': {e}"), []
    except (pa.ArrowException, OSError, ValueError) as e:
        return _refused("invalid_data", f"file '{path}': {type(e).__name__}: {e}"), []
    rows = [batch[k].to_bytes() for k in range(len(batch))]
    verdict = {
        "verdict": "accepted",
        "kind": None,
        "message": None,
        "schema": batch.schema.to_json(),
        "rows": len(rows),
    }
    return verdict, rows


def _refused(kind: str, message: str) -> dict:
    return {
        "verdict": "refused",
        "kind": kind,
        "message": message,
        "schema": None,
        "rows": None,
    }


def run(corpus: str, out: str) -> int:
    count = 0
    with open(os.path.join(corpus, "expected.tsv"), encoding="utf-8") as table:
        for line in table:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            file, column = line.split("\t")[:2]
            verdict, rows = outcome(os.path.join(corpus, file), column)
            folder = os.path.join(out, file.replace("/", "__"))
            os.makedirs(folder, exist_ok=True)
            name = column.replace("/", "_")
            with open(os.path.join(folder, name + ".json"), "w", encoding="utf-8") as f:
                json.dump(verdict, f, ensure_ascii=False)
                f.write("\n")
            if verdict["verdict"] == "accepted":
                with open(os.path.join(folder, name + ".rows"), "wb") as f:
                    for r in rows:
                        f.write(struct.pack("<I", len(r)))
                        f.write(r)
            count += 1
    print(f"zerorow_testing.corpus: {count} columns of {corpus}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: corpus.py <corpus-dir> <out-dir>", file=sys.stderr)
        return 64
    return run(argv[0], argv[1])


if __name__ == "__main__":
    sys.exit(main())
