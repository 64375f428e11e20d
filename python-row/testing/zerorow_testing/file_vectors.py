"""The row file vectors (`vectors/files/<case>/`, SPEC §5 and §10) read through
zerorow.open_file: the `file <case>` check of the vector runner, also run by pytest.

check_file(case_dir) returns None when the case reads as its expected.json says, else why.
"""

from __future__ import annotations

import io
import json
import os
from typing import Any

import zerorow
from zerorow.errors import ZerorowError

LEVELS = ("none", "bounds", "full")


def _expected(case_dir: str) -> dict:
    with open(os.path.join(case_dir, "expected.json"), encoding="utf-8") as f:
        return json.load(f)


def row_hex(f: zerorow.RowFile) -> list[str]:
    """The bytes of every row of an open row file, as lowercase hex."""
    out = []
    for batch in f.row_batches():
        mv, o = batch._mv, batch.offsets
        out += [bytes(mv[o[k] : o[k + 1]]).hex() for k in range(len(batch))]
    return out


def _refusal(case_dir: str, **kw: Any) -> ZerorowError | str:
    try:
        zerorow.open_file(os.path.join(case_dir, "file.zrow"), **kw).close()
    except ZerorowError as e:
        return e
    return f"opened with {kw}, expected a refusal"


def check_file(case_dir: str) -> str | None:
    exp = _expected(case_dir)
    path = os.path.join(case_dir, "file.zrow")
    if "error" not in exp:
        for level in LEVELS:
            with zerorow.open_file(path, level=level) as f:
                got = row_hex(f)
                if got != exp["row_hex"]:
                    return f"level {level}: the rows differ from row_hex"
                if f.files[0].num_batches != len(exp["batches"]):
                    return (
                        f"{f.files[0].num_batches} batches, expected {exp['batches']}"
                    )
        # the writer: the rows written again with the file's options read back the same
        with zerorow.open_file(path) as f:
            sink = io.BytesIO()
            zerorow.write_file(
                sink, f, compression=exp["compression"], checksum=exp["checksum"]
            )
        with zerorow.open_file(sink.getvalue()) as again:
            if row_hex(again) != exp["row_hex"]:
                return "rewritten, the rows differ"
        return None
    if "crc32c_stored" in exp:
        for level in exp["levels_refusing"]:
            e = _refusal(case_dir, level=level)
            if isinstance(e, str):
                return e
            got = (e.kind, e.row, e.batch, e.offset)
            want = ("invalid_data", exp["row"], exp["batch"], exp["offset"])
            if got != want:
                return f"level {level}: refused with {got}, expected {want}: {e}"
            crcs = (f"0x{e.crc32c_stored:08x}", f"0x{e.crc32c_computed:08x}")
            if crcs != (exp["crc32c_stored"], exp["crc32c_computed"]):
                return f"level {level}: checksums {crcs} in {e}"
            if exp["crc32c_stored"] not in str(e) or exp["crc32c_computed"] not in str(
                e
            ):
                return f"the message does not name both checksums: {e}"
        with zerorow.open_file(path, level="none") as f:
            if row_hex(f) != exp["row_hex_at_level_none"]:
                return "level none: the rows differ"
            damaged = [e.row for e in f.invalid_rows()]
            if damaged != [exp["row"]]:
                return f"invalid_rows() lists rows {damaged}, expected [{exp['row']}]"
        return None
    e = _refusal(case_dir)
    if isinstance(e, str):
        return e
    if (e.kind, e.offset) != (exp["error"], exp["offset"]):
        return f"refused as {e.kind} at {e.offset}, expected {exp['error']} at {exp['offset']}: {e}"
    rec = exp["recovered"]
    with zerorow.open_file(path, recover=True) as f:
        info = f.files[0]
        got = (info.num_batches, len(f), f.recovered[0].rows_lost)
        want = (rec["batches"], rec["rows"], rec["rows_lost"])
        if got != want:
            return f"recovered (batches, rows, rows lost) {got}, expected {want}"
        if row_hex(f) != rec["row_hex"]:
            return "the recovered rows differ from row_hex"
    return None
