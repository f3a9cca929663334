"""The result of a pure-Python rule checker: valid, or the first rule that fails and where."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """Outcome of ``check(instance, solution)``.

    ``rule`` is a short machine-readable name such as ``"clause-unsatisfied"`` or
    ``"adjacent-black"``; ``detail`` says where, for people (``"clause 3 (1, -2, 4)"``).
    """

    ok: bool
    rule: str = ""
    detail: str = ""

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if self.ok:
            return "valid"
        return f"{self.rule}: {self.detail}" if self.detail else self.rule


VALID = Verdict(True)


def invalid(rule: str, detail: str = "") -> Verdict:
    """A failed check naming the broken ``rule`` and, in ``detail``, where it breaks."""
    return Verdict(False, rule, detail)
