#!/usr/bin/env python3
"""Writes fuzz seeds from the golden vectors: seeds/row/<case> = u32 LE len + schema + row,
seeds/schema/<case> = schema.json; from vectors/evolution, seeds/row/evolution-<case> = the
writer schema and its row, seeds/schema/evolution-<case> = the reader schema (aliases)."""

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
