"""The cases that must give the same answer on every path a session can be on (the jar, the
Python side without it, Spark Connect with and without the jar, pyspark 3.5.9): each returns a
small comparable value, an error as its kind, path and row. Run in process and, through
`print_cases`, in the subprocesses of test_paths."""

from __future__ import annotations

import json
import os
import re

CASE_ERROR = re.compile(
    r"(invalid_data|schema_mismatch|unsupported|truncated) at ([^:]*):"
)


def _err(run) -> str:
    """ "ok", or the zerorow error a job failed with: "<kind> at <path>, row <n>"."""
    try:
        run()
    except Exception as e:  # noqa: BLE001 - the error is the answer
        text = str(e)
        m = CASE_ERROR.search(text)
        if not m:
            return "error without a zerorow kind: " + text.splitlines()[0][:200]
        rows = re.findall(r"(?:input )?row (\d+)", text[m.start() :])
        return f"{m.group(1)} at {m.group(2)}" + (f", row {rows[0]}" if rows else "")
    return "ok"


def _null_bit_rows():
    """Five rows of (id BIGINT NOT NULL, s STRING NOT NULL); row 3's s has its null bit on."""
    import zerorow

    schema = zerorow.Schema(
        [
            zerorow.field("id", zerorow.int64, nullable=False),
            zerorow.field("s", zerorow.string, nullable=False),
        ]
    )
    from zerorow import _zerorow

    enc = [
        bytearray(_zerorow.encode(schema._native, {"id": i, "s": f"s{i}"}))
        for i in range(5)
    ]
    enc[3][0] |= 0b10
    return schema, [(bytes(b),) for b in enc]


def cases(spark, tmp: str, use_jar=None) -> dict:
    """The answers of one path (`use_jar` as map_rows takes it)."""
    import zerorow.spark as zs

    out = {}
    df = spark.range(0, 10, 1, 1)
    m = zs.map_rows(df, lambda r: {"a": r.id}, "a BIGINT NOT NULL", use_jar=use_jar)
    out["map_rows NOT NULL"] = [f.nullable for f in m.schema.fields]
    out["True as BIGINT"] = _err(
        lambda: zs.map_rows(
            df, lambda r: {"a": True}, "a BIGINT", use_jar=use_jar
        ).collect()
    )
    key = "spark.sql.execution.arrow.maxRecordsPerBatch"
    spark.conf.set(key, "4")
    try:
        out["row number across batches"] = _err(
            lambda: zs.map_rows(
                df,
                lambda r: {"a": "x" if r.id == 7 else r.id},
                "a BIGINT",
                use_jar=use_jar,
            ).collect()
        )
    finally:
        spark.conf.unset(key)
    schema, rows = _null_bit_rows()
    raw = spark.createDataFrame(rows, "row BINARY").coalesce(
        1
    )  # rows 0-4 of one partition
    out["decode null bit"] = _err(
        lambda: zs.decode(raw, "row", schema, use_jar=use_jar).collect()
    )
    tagged = raw.select(
        raw.row.alias("row", metadata={"zerorow.schema": schema.to_json()})
    )
    out["map_rows null bit"] = _err(
        lambda: zs.map_rows(
            tagged, lambda r: {"s": r.s}, "s STRING", use_jar=use_jar
        ).collect()
    )
    folder = os.path.join(tmp, f"ext-{use_jar}")
    # Spark 3.5 has no Python data sources: there the jar's format("zerorow") writes files
    spark4 = not spark.version.startswith("3.")
    if spark4 and (use_jar is False or zs.session_path(spark) == "python"):
        zs.register_data_source(spark)
        spark.range(3).write.format("zerorow_py").mode("overwrite").save(folder)
    else:
        spark.range(3).write.format("zerorow").mode("overwrite").save(folder)
    out["file extension"] = sorted(
        {
            os.path.splitext(n)[1]
            for n in os.listdir(folder)
            if not n.startswith(("_", "."))
        }
    )
    if spark4:
        out["VARIANT"] = _err(
            lambda: zs.map_rows(
                spark.sql("SELECT parse_json('1') AS v"),
                lambda r: {"a": 1},
                "a BIGINT",
                use_jar=use_jar,
            ).collect()
        )
    return out


def print_cases(spark, tmp: str, use_jar=None) -> None:
    print("CASES " + json.dumps(cases(spark, tmp, use_jar)))


def parse_cases(stdout: str) -> dict:
    line = next(ln for ln in stdout.splitlines() if ln.startswith("CASES "))
    return json.loads(line[len("CASES ") :])


#: What every path answers (VARIANT: Spark 4 only; see expected()).
EXPECTED = {
    "map_rows NOT NULL": [False],
    "True as BIGINT": "schema_mismatch at a, row 0",
    "row number across batches": "schema_mismatch at a, row 7",
    "decode null bit": "invalid_data at s, row 3",
    "map_rows null bit": "invalid_data at s, row 3",
    "file extension": [".zrow"],
    "VARIANT": "ok",
}


def expected(spark4: bool = True, jar: bool = True) -> dict:
    """EXPECTED for a path. The one difference: a VARIANT column, which the jar's
    zerorow_encode takes (SPEC Appendix B) but Spark's Arrow conversion, on which the
    Python-side path moves rows, has no form for (refused naming the field)."""
    out = {k: v for k, v in EXPECTED.items() if spark4 or k != "VARIANT"}
    if spark4 and not jar:
        out["VARIANT"] = "unsupported at v"
    return out
