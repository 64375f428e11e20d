#!/usr/bin/env python3
"""Writes fuzz seeds from the golden vectors: seeds/row/<case> = u32 LE len + schema + row,
seeds/schema/<case> = schema.json; from vectors/evolution, seeds/row/evolution-<case> = the
writer schema and its row, seeds/schema/evolution-<case> = the reader schema (aliases); from
the Parquet corpus, seeds/schema/parquet-<file> = the file's footer (the Thrift FileMetaData
fuzz_schema_json also hands to PatchParquetFooter), up to 16 KiB."""

import os
import struct
import sys

vectors, out = sys.argv[1], sys.argv[2]
os.makedirs(os.path.join(out, "row"), exist_ok=True)
os.makedirs(os.path.join(out, "schema"), exist_ok=True)
for base in (vectors, os.path.join(vectors, "invalid")):
    if not os.path.isdir(base):
        continue
    for case in sorted(os.listdir(base)):
        d = os.path.join(base, case)
        schema_path = os.path.join(d, "schema.json")
        if not os.path.isfile(schema_path):
            continue
        schema = open(schema_path, "rb").read()
        open(os.path.join(out, "schema", case), "wb").write(schema)
        row_path = os.path.join(d, "row.bin")
        if os.path.isfile(row_path):
            row = open(row_path, "rb").read()
            open(os.path.join(out, "row", case), "wb").write(
                struct.pack("<I", len(schema)) + schema + row
            )

evolution = os.path.join(vectors, "evolution")
for case in sorted(os.listdir(evolution)) if os.path.isdir(evolution) else []:
    d = os.path.join(evolution, case)
    writer = open(os.path.join(d, "writer.json"), "rb").read()
    reader = open(os.path.join(d, "reader.json"), "rb").read()
    open(os.path.join(out, "schema", "evolution-" + case), "wb").write(reader)
    row_path = os.path.join(d, "row.bin")
    if os.path.isfile(row_path):
        row = open(row_path, "rb").read()
        open(os.path.join(out, "row", "evolution-" + case), "wb").write(
            struct.pack("<I", len(writer)) + writer + row
        )

# Parquet footers (those of the INTERVAL and VARIANT files among them), so the fuzzer starts
# from real Thrift rather than from JSON.
parquet = os.path.join(os.path.dirname(os.path.abspath(vectors)), "corpus", "parquet")
for root, _, files in sorted(os.walk(parquet)):
    for name in sorted(files):
        if not name.endswith(".parquet"):
            continue
        data = open(os.path.join(root, name), "rb").read()
        if len(data) < 12 or data[-4:] != b"PAR1":
            continue
        (length,) = struct.unpack("<I", data[-8:-4])
        if 0 < length <= min(16384, len(data) - 12):
            footer = data[len(data) - 8 - length : len(data) - 8]
            rel = os.path.relpath(os.path.join(root, name), parquet).replace(
                os.sep, "__"
            )
            open(os.path.join(out, "schema", "parquet-" + rel), "wb").write(footer)
