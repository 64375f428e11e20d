"""NumPy temporal scalars for the encoder (SPEC Appendix A rule 5): datetime64 / timedelta64
of any unit to microseconds, floored toward negative infinity (as Spark and Flink truncate),
or refused by a strict encoder when the value has a part finer than a microsecond."""

from __future__ import annotations

from typing import Any

# microseconds per unit, for units of a microsecond or coarser
_COARSE = {
    "us": 1,
    "ms": 1000,
    "s": 1_000_000,
    "m": 60_000_000,
    "h": 3_600_000_000,
    "D": 86_400_000_000,
    "W": 604_800_000_000,
}
# units finer than a microsecond: how many make one
_FINE = {"ns": 1000, "ps": 1_000_000, "fs": 1_000_000_000, "as": 1_000_000_000_000}


def numpy_micros(v: Any, strict: bool) -> int:
    """The microseconds of a numpy.datetime64 (since the epoch) or timedelta64; ValueError for
    NaT, calendar units (months, years), or a finer part under strict."""
    import numpy as np

    unit, count = np.datetime_data(v.dtype)
    if np.isnat(v):
        raise ValueError(f"{v!r} is NaT; write None for a missing value")
    n = int(v.astype("int64")) * count
    if unit in _COARSE:
        return n * _COARSE[unit]
    if unit in _FINE:
        per = _FINE[unit]
        if strict and n % per:
            raise ValueError(
                f"{v!r} has a part finer than a microsecond; a zerorow value holds "
                "microseconds (the encoder is strict: truncate the value, or build the "
                "encoder without strict=True)"
            )
        return n // per  # floor: toward negative infinity
    raise ValueError(f"{v!r}: unit {unit!r} has no fixed length in microseconds")
