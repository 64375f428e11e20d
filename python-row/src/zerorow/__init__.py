"""zerorow: random-access, 8-byte-aligned binary rows (byte-compatible with Spark's UnsafeRow).

    encoder = zerorow.encoder(Foo)                      # Foo: a dataclass
    binary = encoder.to_row(foo).to_bytes()
    row = zerorow.BinaryRow(encoder.schema, binary)     # zero-copy view
    row.f2[100000]; row.f4[100000].f1

See README.md for the whole API and SPEC.md (format-spec/) for the format.
"""

from __future__ import annotations

import warnings

# The native extension is required: an import error must surface, never be swallowed.
from . import _zerorow
from .errors import (
    InvalidDataError,
    SchemaMismatchError,
    TruncatedError,
    UnsupportedError,
    ZerorowError,
)

_zerorow._set_error_classes(
    InvalidDataError, TruncatedError, UnsupportedError, SchemaMismatchError
)

from . import _html  # noqa: E402
from ._pandas import from_pandas  # noqa: E402
from ._views import DEPRECATED_NAMES as _DEPRECATED_NAMES  # noqa: E402
from ._views import BinaryArray, BinaryMap, BinaryRow, validate  # noqa: E402
from .arrow import RowBatch, from_arrow, to_arrow, to_pandas  # noqa: E402
from .encoder import Encoder, encoder  # noqa: E402
from .evolution import (  # noqa: E402
    Resolution,
    ResolvedArray,
    ResolvedMap,
    ResolvedRow,
    resolve,
)
from .files import RowFile, open_file, write_file  # noqa: E402
from .infer import aliases, infer_schema, not_null  # noqa: E402
from .levels import ValidationLevel  # noqa: E402
from .paths import format_path, parse_path  # noqa: E402
from .schema import (  # noqa: E402
    FORMAT_VERSION,
    TYPES,
    DataType,
    Field,
    Schema,
    StorageKind,
    binary,
    bool_,
    date32,
    decimal,
    duration,
    field,
    fixed_binary,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    interval,
    interval_ym,
    list_,
    map_,
    null_type,
    string,
    struct,
    time,
    timestamp,
    uuid,
    variant,
)
from .values import Interval  # noqa: E402

Variant = _zerorow.Variant

_html.attach(RowBatch, RowFile)

__version__ = "0.2.0"


def __getattr__(name: str):
    """The seed's names of the views (RowData, ArrayData, MapData): deprecated aliases of
    SPEC §1.1's BinaryRow, BinaryArray and BinaryMap, kept for one release (CHANGES.md)."""
    new = _DEPRECATED_NAMES.get(name)
    if new is None:
        raise AttributeError(f"module 'zerorow' has no attribute {name!r}")
    warnings.warn(
        f"zerorow.{name} is deprecated; use zerorow.{new} (SPEC §1.1)",
        DeprecationWarning,
        stacklevel=2,
    )
    return globals()[new]


__all__ = [
    "aliases",
    "BinaryArray",
    "BinaryMap",
    "BinaryRow",
    "DataType",
    "Encoder",
    "FORMAT_VERSION",
    "Field",
    "Interval",
    "InvalidDataError",
    "RowBatch",
    "Resolution",
    "ResolvedArray",
    "ResolvedMap",
    "ResolvedRow",
    "RowFile",
    "Schema",
    "SchemaMismatchError",
    "StorageKind",
    "TYPES",
    "TruncatedError",
    "UnsupportedError",
    "ValidationLevel",
    "Variant",
    "ZerorowError",
    "binary",
    "bool_",
    "date32",
    "decimal",
    "duration",
    "encoder",
    "field",
    "fixed_binary",
    "float32",
    "float64",
    "from_arrow",
    "format_path",
    "from_pandas",
    "infer_schema",
    "int8",
    "int16",
    "int32",
    "int64",
    "interval",
    "interval_ym",
    "list_",
    "map_",
    "not_null",
    "null_type",
    "open_file",
    "parse_path",
    "resolve",
    "string",
    "struct",
    "time",
    "timestamp",
    "to_arrow",
    "to_pandas",
    "uuid",
    "validate",
    "variant",
    "write_file",
]
