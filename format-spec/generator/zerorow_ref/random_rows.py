"""Random schemas and values for the Spark oracle (format-spec/oracle): seeded, so the file
they are written to (oracle/random_rows.jsonl) is the same on every run, and
SparkOracleTest checks that Spark's UnsafeProjection writes each row byte for byte.

Every type Spark shares with zerorow (SPEC §9) appears, the 1.2 types included; `time`
does not (Spark's TimeType counts nanoseconds)."""

import datetime
import decimal
import json
import random
import uuid

from . import variant
from .encode import encode_row
from .schema import canonical_json, parse_type
from .values import from_json, to_json

SEED, COUNT = 20261201, 120
I64 = 1 << 63
LEAVES = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "float32",
    "float64",
    "string",
    "binary",
    "date32",
    "timestamp",
    {"type": "timestamp", "tz": "UTC"},
    "duration",
    {"type": "decimal", "precision": 9, "scale": 2},
    {"type": "decimal", "precision": 18, "scale": 0},
    {"type": "decimal", "precision": 19, "scale": 4},
    {"type": "decimal", "precision": 38, "scale": 10},
    "null",
    "interval_ym",
    "interval",
    "fixed_binary",
    "uuid",
    "variant",
]
KEYS = ["int32", "int64", "string", "date32", "uuid", "interval_ym", "fixed_binary"]


class _Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def leaf(self, choices):
        t = self.r.choice(choices)
        if t == "fixed_binary":
            return {"type": "fixed_binary", "size": self.r.choice([1, 3, 8, 9, 16, 20])}
        return t

    def type_(self, depth):
        k = self.r.randrange(10 if depth < 3 else 7)
        if k < 7:
            return self.leaf(LEAVES)
        if k == 7:
            e = self.type_(depth + 1)
            return {"type": "list", "element": e, "element_nullable": self._nullable(e)}
        if k == 8:
            v = self.type_(depth + 1)
            return {
                "type": "map",
                "key": self.leaf(KEYS),
                "value": v,
                "value_nullable": self._nullable(v),
            }
        return self.struct(depth + 1)

    def _nullable(self, t):
        return t == "null" or self.r.random() < 0.7

    def struct(self, depth):
        n = self.r.randrange(1, 7 if depth <= 1 else 4)
        if depth <= 1 and self.r.random() < 0.05:
            n = 64 + self.r.randrange(8)  # a bitmap of two words
        fields = []
        for i in range(n):
            t = self.type_(depth)
            fields.append({"name": f"f{i}", "type": t, "nullable": self._nullable(t)})
        return {"type": "struct", "fields": fields}

    def value(self, t, nullable):
        """A values.json value of parsed type t."""
        if t["type"] == "null" or nullable and self.r.random() < 0.15:
            return None
        return getattr(self, "_" + t["type"])(t)

    def _bool(self, t):
        return self.r.random() < 0.5

    def _int(self, bits):
        edge = [-(1 << (bits - 1)), (1 << (bits - 1)) - 1, 0, -1]
        return self.r.choice(
            edge + [self.r.randrange(-(1 << (bits - 1)), 1 << (bits - 1))] * 4
        )

    def _int8(self, t):
        return self._int(8)

    def _int16(self, t):
        return self._int(16)

    def _int32(self, t):
        return self._int(32)

    def _int64(self, t):
        return str(self._int(64))

    def _float(self):
        specials = ["NaN", "Infinity", "-Infinity", "-0.0", 0]
        if self.r.random() < 0.2:
            return self.r.choice(specials)
        return self.r.uniform(-1e6, 1e6)

    def _float32(self, t):
        return to_json(t, from_json(t, self._float(), ""))

    def _float64(self, t):
        return self._float()

    def _string(self, t):
        return "".join(
            self.r.choice("aé€🙂 z\n") for _ in range(self.r.randrange(0, 20))
        )

    def _bytes(self, n):
        return bytes(self.r.randrange(256) for _ in range(n)).hex()

    def _binary(self, t):
        return self._bytes(self.r.randrange(0, 20))

    def _fixed_binary(self, t):
        return self._bytes(t["size"])

    def _date32(self, t):
        return self.r.randrange(-719162, 2932897)

    def _timestamp(self, t):
        return str(self.r.randrange(-I64, I64))

    def _duration(self, t):
        return str(self.r.randrange(-I64, I64))

    def _decimal(self, t):
        unscaled = self.r.randrange(-(10 ** t["precision"]) + 1, 10 ** t["precision"])
        return to_json(t, unscaled)

    def _interval_ym(self, t):
        return self._int(32)

    def _interval(self, t):
        return {
            "months": self._int(32),
            "days": self._int(32),
            "microseconds": self._int64(t),
        }

    def _uuid(self, t):
        return str(uuid.UUID(int=self.r.getrandbits(128)))

    def _variant(self, t):
        v = variant.from_python(self.json_like(0))
        return {
            "metadata": v.metadata.hex(),
            "value": v.value.hex(),
            "json": variant.to_json(v),
        }

    def json_like(self, depth):
        """A Python value a variant holds: objects, arrays and every scalar kind."""
        k = self.r.randrange(14 if depth < 3 else 12)
        scalars = [
            lambda: None,
            lambda: self.r.random() < 0.5,
            lambda: self._int(self.r.choice([8, 16, 32, 64])),
            lambda: self.r.uniform(-1e9, 1e9),
            lambda: variant.Float32(self.r.uniform(-1e3, 1e3)),
            lambda: decimal.Decimal(self.r.randrange(-(10**20), 10**20)).scaleb(-3),
            lambda: self._string(None) * self.r.choice([1, 5]),
            lambda: bytes.fromhex(self._binary(None)),
            lambda: (
                datetime.date(1970, 1, 1)
                + datetime.timedelta(days=self.r.randrange(-9000, 9000))
            ),
            lambda: (
                datetime.datetime(2024, 1, 1, 12, tzinfo=datetime.UTC)
                + datetime.timedelta(microseconds=self.r.randrange(-(10**15), 10**15))
            ),
            lambda: uuid.UUID(int=self.r.getrandbits(128)),
            lambda: datetime.time(
                self.r.randrange(24), self.r.randrange(60), 0, self.r.randrange(10**6)
            ),
        ]
        if k < len(scalars):
            return scalars[k]()
        n = self.r.randrange(0, 5)
        if k == 12:
            return [self.json_like(depth + 1) for _ in range(n)]
        return {self._string(None): self.json_like(depth + 1) for _ in range(n)}

    def row(self, schema):
        return {
            f["name"]: self.field_value(f["type"], f["nullable"])
            for f in schema["fields"]
        }

    def field_value(self, t, nullable):
        v = self.value(t, nullable)
        if v is None:
            return None
        kind = t["type"]
        if kind == "list":
            n = self.r.randrange(0, 5)
            return [
                self.field_value(t["element"], t["element_nullable"]) for _ in range(n)
            ]
        if kind == "map":
            keys = {
                json.dumps(self.value(t["key"], False))
                for _ in range(self.r.randrange(0, 4))
            }
            return [
                [json.loads(k), self.field_value(t["value"], t["value_nullable"])]
                for k in sorted(keys)
            ]
        if kind == "struct":
            return self.row(t)
        return v

    def _list(self, t):
        return []

    def _map(self, t):
        return []

    def _struct(self, t):
        return {}


def lines(seed=SEED, count=COUNT):
    """The JSON lines of oracle/random_rows.jsonl: a schema, its values, the row's bytes."""
    gen = _Gen(seed)
    out = []
    for _ in range(count):
        schema = parse_type(gen.struct(1), "")
        values = gen.row(schema)
        data, _ = encode_row(schema, from_json(schema, values, ""))
        doc = {
            "schema": json.loads(canonical_json(schema)),
            "values": values,
            "row": data.hex(),
        }
        out.append(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
    return out
