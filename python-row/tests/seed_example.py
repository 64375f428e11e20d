from dataclasses import dataclass
from typing import Dict, List

import pyarrow as pa
import zerorow


@dataclass
class Bar:
    f1: str
    f2: List[pa.int64]


@dataclass
class Foo:
    f1: pa.int32
    f2: List[pa.int32]
    f3: Dict[str, pa.int32]
    f4: List[Bar]


encoder = zerorow.encoder(Foo)
foo = Foo(
    f1=10,
    f2=list(range(1000_000)),
    f3={f"k{i}": i for i in range(1000_000)},
    f4=[Bar(f1=f"s{i}", f2=list(range(10))) for i in range(1000_000)],
)
binary: bytes = encoder.to_row(foo).to_bytes()
foo_row = zerorow.RowData(encoder.schema, binary)
print(foo_row.f2[100000], foo_row.f4[100000].f1, foo_row.f4[200000].f2[5])
