"""The options and file listing of `format("zerorow_py")`, as Spark's file sources have them.

Spark's own file index (what `format("zerorow")` and Parquet use) does not reach a Python
data source, so this module does the part of it a data source can do: option checking (an
unknown option is an error naming it), globs in the path, sub-folders, `recursiveFileLookup`,
`pathGlobFilter`, `modifiedBefore`/`modifiedAfter`. Hive-style partition folders (`k=v`) are
refused rather than read without their column: partition discovery needs the jar's source.
"""

from __future__ import annotations

import fnmatch
import json
import os
from datetime import UTC, datetime

from ..files import is_hidden_name, list_row_files

#: zerorow_py's own options, then the file-source options it implements.
OWN_OPTIONS = ("mode", "validation", "zerorowSchema", "compression", "checksum")
#: the write option compression (SPEC §5.2); "uncompressed" is Spark's name for none.
COMPRESSIONS = ("none", "uncompressed", "lz4", "zstd")
FILE_OPTIONS = (
    "path",
    "recursiveFileLookup",
    "pathGlobFilter",
    "modifiedBefore",
    "modifiedAfter",
    "ignoreCorruptFiles",
    "ignoreMissingFiles",
    "maxRecordsPerFile",
)


def check_options(options) -> dict:
    """The options with lower-case keys; an unknown key is a ValueError naming it, the
    nearest known one and all of them (keys with a dot are Hadoop's: no meaning here)."""
    known = {k.lower(): k for k in OWN_OPTIONS + FILE_OPTIONS}
    out = {}
    for key, value in dict(options).items():
        if key.lower() not in known and "." not in key:
            near = nearest(key, list(known.values()))
            raise ValueError(
                f'format("zerorow_py"): unknown option "{key}" (did you mean "{near}"?); '
                f"the options are {', '.join(OWN_OPTIONS)} and the file-source options "
                f"{', '.join(FILE_OPTIONS)}"
            )
        out[key.lower()] = value
    comp = out.get("compression")
    if comp is not None and comp.lower() not in COMPRESSIONS:
        raise ValueError(
            f'format("zerorow_py") option compression: "{comp}" is not supported; the '
            f"supported codecs are {', '.join(COMPRESSIONS)} (SPEC §5.2)"
        )
    crc = out.get("checksum")
    if crc is not None and str(crc).lower() not in ("true", "false"):
        raise ValueError(
            f'format("zerorow_py") option checksum: expected true or false but found "{crc}"'
        )
    level = out.get("validation", "bounds").lower()
    if level not in ("bounds", "full"):
        raise ValueError(
            'format("zerorow_py") option validation: expected bounds or full but found '
            f'"{out["validation"]}"'
        )
    return out


def flag(options: dict, key: str) -> bool:
    return str(options.get(key.lower(), "false")).lower() == "true"


def nearest(name: str, names) -> str:
    """The name of `names` nearest `name` (ignoring case, then by edit distance)."""
    low = name.lower()
    return min(names, key=lambda n: _distance(low, n.lower()))


def _distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _instant(options: dict, key: str) -> float | None:
    """An option's timestamp (ISO 8601, `YYYY-MM-DDTHH:MM:SS`) as epoch seconds; without a
    zone it is UTC (Spark reads it in the session's zone, which a data source cannot see)."""
    text = options.get(key.lower())
    if text is None:
        return None
    try:
        t = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(
            f'format("zerorow_py") option {key}: expected a timestamp '
            f'YYYY-MM-DDTHH:MM:SS but found "{text}"'
        ) from None
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    return t.timestamp()


def list_files(fsys, base: str, options: dict) -> list[str]:
    """The visible files at `base` (a file, a folder's own files, or a glob), filtered
    by `pathGlobFilter` and the modification times, sorted by path."""
    from pyarrow import fs

    if any(c in base for c in "*?["):
        root = base
        while any(c in root for c in "*?["):
            root = os.path.dirname(root)
        infos = fsys.get_file_info(fs.FileSelector(root, recursive=True))
        matched = [
            i
            for i in infos
            if _glob_match(i.path, base)
            and not is_hidden_name(os.path.basename(i.path))
        ]
        if not matched:
            raise FileNotFoundError(
                f"path does not exist: {base} (no match of the glob)"
            )
        files = []
        for i in matched:
            files += _walk(fsys, i, options)
    else:
        info = fsys.get_file_info(base)
        if info.type == fs.FileType.NotFound:
            raise FileNotFoundError(f"path does not exist: {base}")
        files = _walk(fsys, info, options)
    pattern = options.get("pathglobfilter")
    after, before = (
        _instant(options, "modifiedAfter"),
        _instant(options, "modifiedBefore"),
    )
    out = []
    for i in files:
        if pattern and not fnmatch.fnmatchcase(os.path.basename(i.path), pattern):
            continue
        mtime = i.mtime_ns / 1e9 if i.mtime_ns is not None else None
        if after is not None and (mtime is None or mtime <= after):
            continue
        if before is not None and (mtime is None or mtime >= before):
            continue
        out.append(i.path)
    return sorted(out)


def _glob_match(path: str, pattern: str) -> bool:
    """Hadoop's glob: `*`, `?` and `[...]` match within one path component."""
    parts, pats = path.split("/"), pattern.split("/")
    return len(parts) == len(pats) and all(
        fnmatch.fnmatchcase(p, q) for p, q in zip(parts, pats, strict=True)
    )


def _walk(fsys, info, options: dict) -> list:
    """A file, or the visible files of a folder (zerorow.files.list_row_files): its own
    files, as Spark reads a folder without partitions (sub-folders only with
    recursiveFileLookup, hidden names skipped at every level). A `k=v` sub-folder is refused:
    partition discovery needs the jar's source."""
    from pyarrow import fs

    if info.type == fs.FileType.File:
        return [info]
    files, folders = list_row_files(
        fsys, info.path, flag(options, "recursiveFileLookup")
    )
    for folder in folders:
        name = folder.rstrip("/").rsplit("/", 1)[-1]
        if "=" in name:
            raise ValueError(
                f'format("zerorow_py") does not discover partition columns (folder '
                f"{name} under {info.path}): read it with the connector jar's "
                'format("zerorow"), or set recursiveFileLookup=true to read the files '
                "without the partition columns"
            )
    return files


def fold_names(reader_json: str, writer) -> str:
    """The reader schema (canonical JSON) with each top-level field renamed to the writer's
    field of the same name in another case (Spark resolves column names case-insensitively
    by default; a Python data source cannot see spark.sql.caseSensitive, so this is always
    so). Two writer fields matching one name ignoring case are an error naming both."""
    obj = json.loads(reader_json)
    names = [f.name for f in writer.fields]
    changed = False
    for f in obj["fields"]:
        if f["name"] in names:
            continue
        same = [n for n in names if n.lower() == f["name"].lower()]
        if len(same) > 1:
            raise ValueError(
                f'format("zerorow_py"): reader field {f["name"]} matches two file fields '
                f"ignoring case, {same[0]} and {same[1]}"
            )
        if same:
            f["name"] = same[0]
            changed = True
    return json.dumps(obj) if changed else reader_json


def missing_fields(reader, writers) -> list[str]:
    """One warning per top-level reader field that no file schema of `writers` has (by name,
    any case, or alias): it reads as null, so a misspelt name is named with the nearest file
    field."""
    names = {f.name for w in writers for f in w.fields}
    lower = {n.lower() for n in names}
    out = []
    for f in reader.fields:
        if f.name.lower() in lower or any(a in names for a in f.aliases):
            continue
        near = nearest(f.name, sorted(names)) if names else "none"
        out.append(
            f'format("zerorow_py"): the field {f.name} is in no row file of this read and '
            f"reads as null (the nearest file field: {near})"
        )
    return out


def write_compression(options: dict) -> str:
    """The codec of the files a write makes (SPEC §5.2): none, lz4 or zstd."""
    comp = str(options.get("compression", "none")).lower()
    return "none" if comp == "uncompressed" else comp
