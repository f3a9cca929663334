"""Checks of JSON values shared by every problem's reader."""

from __future__ import annotations


def is_int(x: object) -> bool:
    """Whether ``x`` is an integer and not a boolean (JSON ``true`` is not a number here)."""
    return isinstance(x, int) and not isinstance(x, bool)
