"""Validation levels (SPEC §6.2), one meaning per word everywhere in the package."""

from __future__ import annotations

import enum


class ValidationLevel(enum.StrEnum):
    """How much of a row is checked (SPEC §6.2). The strings "none", "bounds", "full" are
    accepted wherever a level is.

    - NONE: nothing is checked; the caller vouches for the bytes (only for bytes you wrote
      or validated: on other bytes a read may leave the buffer).
    - BOUNDS (default): the wrap rules once, then every access is bounds-checked (O(1)).
    - FULL: the whole value is validated once (O(size)), then read as BOUNDS.
    """

    NONE = "none"
    BOUNDS = "bounds"
    FULL = "full"

    def __str__(self) -> str:
        return self.value


LevelLike = ValidationLevel | str


# Words and members to words: a dict lookup, since level_of runs on every Encoder.decode
# (calling the Enum costs about 0.5 µs). Members hash by name, so both are keys.
_WORDS = {m.value: m.value for m in ValidationLevel}
_WORDS.update({m: m.value for m in ValidationLevel})


def level_of(level: LevelLike) -> str:
    """The level's word ("none" / "bounds" / "full"); ValueError for anything else."""
    try:
        return _WORDS[level]
    except (KeyError, TypeError):
        raise ValueError(
            f"level must be 'none', 'bounds' or 'full' (zerorow.ValidationLevel), not {level!r}"
        ) from None
