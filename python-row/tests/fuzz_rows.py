"""atheris fuzz target: arbitrary bytes as rows of a fixed, rich schema must never crash.

python tests/fuzz_rows.py -max_total_time=45
"""

import sys

import atheris

with atheris.instrument_imports():
    import zerorow

SCHEMA = zerorow.Schema.from_json(
    '{"type":"struct","fields":['
    '{"name":"i","type":"int32","nullable":true},'
    '{"name":"s","type":"string","nullable":true},'
    '{"name":"d","type":{"type":"decimal","precision":30,"scale":2},"nullable":true},'
    '{"name":"l","type":{"type":"list","element":{"type":"struct","fields":[{"name":"b","type":"binary","nullable":true},'
    '{"name":"t","type":"time","nullable":true}]},"element_nullable":true},"nullable":true},'
    '{"name":"m","type":{"type":"map","key":"string","value":{"type":"list","element":"int16","element_nullable":true},'
    '"value_nullable":true},"nullable":true},'
    '{"name":"ts","type":{"type":"timestamp","tz":"UTC"},"nullable":true}]}'
)


# SCHEMA evolved (SPEC §13): fields reordered, one renamed through an alias, one removed, one
# added, integers and the decimal widened, strings read as binary, a struct in a list evolved.
READER = zerorow.Schema.from_json(
    '{"type":"struct","fields":['
    '{"name":"ts","type":{"type":"timestamp","tz":"+01:00"},"nullable":true},'
    '{"name":"m","type":{"type":"map","key":"binary","value":{"type":"list","element":"float64","element_nullable":true},'
    '"value_nullable":true},"nullable":true},'
    '{"name":"l","type":{"type":"list","element":{"type":"struct","fields":[{"name":"t","type":"time","nullable":true},'
    '{"name":"added","type":"string","nullable":true}]},"element_nullable":true},"nullable":true},'
    '{"name":"amount","type":{"type":"decimal","precision":38,"scale":6},"nullable":true,"aliases":["d"]},'
    '{"name":"i","type":"int64","nullable":true}]}'
)
RESOLUTION = zerorow.resolve(SCHEMA, READER)


def walk(v):
    if isinstance(v, (zerorow.BinaryRow, zerorow.ResolvedRow)):
        for i in range(len(v)):
            walk(v[i])
    elif isinstance(v, (zerorow.BinaryArray, zerorow.ResolvedArray)):
        for x in v:
            walk(x)
    elif isinstance(v, (zerorow.BinaryMap, zerorow.ResolvedMap)):
        for k, x in zip(v.keys(), v.values(), strict=False):
            walk(k)
            walk(x)


# Valid rows to mutate: the native code is not coverage-instrumented, so starting from valid
# rows (rather than from random bytes) is what reaches the nested readers.
SEEDS = [
    zerorow._zerorow.encode(SCHEMA._native, v)
    for v in (
        {},
        {
            "i": 1,
            "s": "abc",
            "d": __import__("decimal").Decimal("-12.50"),
            "l": [{"b": b"xy", "t": 5}, None, {"b": None, "t": 0}],
            "m": {"k": [1, None, 3], "": None},
            "ts": 0,
        },
        {"s": "", "l": [], "m": {}, "d": __import__("decimal").Decimal(0)},
    )
]


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    buf = bytearray(SEEDS[fdp.ConsumeIntInRange(0, len(SEEDS) - 1)])
    for _ in range(fdp.ConsumeIntInRange(0, 8)):
        buf[fdp.ConsumeIntInRange(0, len(buf) - 1)] = fdp.ConsumeIntInRange(0, 255)
    if fdp.ConsumeBool():
        buf = buf[: fdp.ConsumeIntInRange(0, len(buf))]
    if fdp.ConsumeBool():
        buf += fdp.ConsumeBytes(16)
    check(bytes(buf))
    check(data)


def check(data: bytes) -> None:
    try:
        zerorow.validate(SCHEMA, data)
    except zerorow.ZerorowError:
        pass
    try:
        walk(zerorow.BinaryRow(SCHEMA, data))
    except (zerorow.ZerorowError, OverflowError):
        pass
    try:  # the same bytes read through the resolution to READER
        row = RESOLUTION.view(data)
        walk(row)
        row.to_reader_row()
    except (zerorow.ZerorowError, OverflowError):
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
