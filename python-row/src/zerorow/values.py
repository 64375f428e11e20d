"""Python value types of the SPEC 1.2 types that have no Python twin: `Interval` (SPEC §3.7).
`zerorow.Variant` (SPEC §3.9) is native (zerorow._zerorow.Variant); a uuid reads as
`uuid.UUID`, a fixed_binary as `bytes`, an interval_ym as an `int` (months)."""

from __future__ import annotations

from typing import NamedTuple


class Interval(NamedTuple):
    """A calendar interval (SPEC §3.7): months, days and microseconds, each signed and
    independent (a month is not 30 days). Spark's CalendarInterval, Arrow's month_day_nano."""

    months: int = 0
    days: int = 0
    microseconds: int = 0
