"""Errors shared by every room of gadgetry.

The command line maps them to exit statuses: :class:`InputError` (malformed input, bad usage, a parameter
out of range) to 2, :class:`LimitReached` (a time or size limit hit) to 3.
"""

from __future__ import annotations


class GadgetryError(Exception):
    """Base class of the errors gadgetry raises on purpose."""


class InputError(GadgetryError):
    """Malformed or out-of-range input: a one-line message naming the problem."""


class LimitReached(GadgetryError):
    """A time, size or memory limit was reached; the answer is unknown, never a pass."""
