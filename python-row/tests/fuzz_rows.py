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


def walk(v):
    if isinstance(v, zerorow.RowData):
        for i in range(len(v)):
            walk(v[i])
    elif isinstance(v, zerorow.ArrayData):
        for x in v:
            walk(x)
    elif isinstance(v, zerorow.MapData):
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
        walk(zerorow.RowData(SCHEMA, data))
    except (zerorow.ZerorowError, OverflowError):
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()
