"""Checks of JSON values shared by every problem's reader."""

from __future__ import annotations


def is_int(x: object) -> bool:
    """Whether ``x`` is an integer and not a boolean (JSON ``true`` is not a number here)."""
    return isinstance(x, int) and not isinstance(x, bool)


def int_pairs(data: object) -> tuple[tuple[int, int], ...] | None:
    """``data`` as a tuple of integer pairs when it is a JSON list of two-integer lists, else None."""
    if not isinstance(data, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(is_int(x) for x in p) for p in data):
        return None
    return tuple((p[0], p[1]) for p in data)
