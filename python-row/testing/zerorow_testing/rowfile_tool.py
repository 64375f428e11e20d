"""The row file tool of the cross-language matrix (scripts/tests/test_row_file_matrix.py),
the same interface in every language:

    python rowfile_tool.py copy IN OUT --compression none|lz4|zstd [--no-checksum]
    python rowfile_tool.py rows IN [--recover] [--level none|bounds|full]

`copy` reads IN (zerorow.open_file) and writes its rows, batch by batch, to OUT
(zerorow.write_file with compression= and checksum=, SPEC §5.1, §5.2); `rows` prints one line
per row, the lowercase hex of its bytes. An error exits 2 with `<error_kind>: <message>` on
stderr.
"""

from __future__ import annotations

import argparse
import sys

import zerorow
from zerorow.errors import ZerorowError


class _Usage(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"invalid_argument: {message}", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> int:
    ap = _Usage(prog="rowfile_tool")
    sub = ap.add_subparsers(dest="command", required=True)
    copy = sub.add_parser("copy")
    copy.add_argument("src")
    copy.add_argument("dst")
    copy.add_argument("--compression", default="none")
    copy.add_argument("--no-checksum", action="store_true")
    rows = sub.add_parser("rows")
    rows.add_argument("src")
    rows.add_argument("--recover", action="store_true")
    rows.add_argument("--level", choices=("none", "bounds", "full"), default="bounds")
    args = ap.parse_args(argv)
    try:
        if args.command == "copy":
            with zerorow.open_file(args.src) as f:
                zerorow.write_file(
                    args.dst,
                    f,
                    compression=args.compression,
                    checksum=not args.no_checksum,
                )
            return 0
        with zerorow.open_file(args.src, level=args.level, recover=args.recover) as f:
            out = sys.stdout
            for batch in f.row_batches():
                mv, o = batch._mv, batch.offsets
                for k in range(len(batch)):
                    out.write(bytes(mv[o[k] : o[k + 1]]).hex() + "\n")
        return 0
    except ZerorowError as e:
        print(f"{e.kind}: {e}", file=sys.stderr)
        return 2
    except ValueError as e:  # an unknown codec (SPEC §5.2)
        print(f"invalid_argument: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
