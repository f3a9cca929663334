"""Limits met where nobody looked: under ``verify --memory`` an extension module that cannot be mapped
(pyganak imported for the first time) is a memory limit, UNKNOWN, never a crash finding (FAIL) nor an
internal error (ERROR)."""

from __future__ import annotations

import pytest

from gadgetry.core.registry import reduction
from gadgetry.verify import protocol

UNMAPPABLE = ImportError("pyganak.so: failed to map segment from shared object")


def _unmappable(*_args: object) -> None:
    raise UNMAPPABLE


def test_a_counter_that_cannot_be_mapped_is_a_memory_limit_not_a_finding() -> None:
    with pytest.raises(MemoryError):
        protocol.call("counter", _unmappable)
    with pytest.raises(protocol.Finding):  # any other crash of problem code stays a finding
        protocol.call("counter", lambda: 1 / 0)


def test_a_reduction_whose_checks_cannot_be_mapped_is_not_an_internal_error(monkeypatch) -> None:
    monkeypatch.setattr(protocol, "_run", _unmappable)
    with pytest.raises(MemoryError):
        protocol.verify_reduction(reduction("1in3sat-from-3sat"), instances=1)
    monkeypatch.setattr(protocol, "_run", lambda *_a: 1 / 0)
    assert protocol.verify_reduction(reduction("1in3sat-from-3sat"), instances=1).verdict == protocol.ERROR
