"""The reduction protocol (docs/plugins.md) and count claims.

A reduction is a subclass of :class:`Reduction` with ``reduce``, the certificate maps ``forward`` and
``backward``, a :class:`Claim` naming the paper, section and theorem and the count relation asserted, an
optional ``overhead`` (target sizes as formulas in the source's parameters), an optional worked
``example`` from the paper, and the generator parameters of small sources the verifier starts from.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .problem import Problem


@dataclass(frozen=True)
class Claim:
    """The count relation a reduction asserts.

    ``kind`` is ``"parsimonious"`` (equal counts), ``"c-monious"`` (target count = factor(source) times
    source count, factor a positive integer that may depend on the source instance) or ``"none"``.
    """

    kind: str
    factor: Callable[[Any], int] | None = None
    text: str = ""

    def expected(self, source: Any, source_count: int) -> int | None:
        """The target count the claim predicts, or None when it predicts nothing."""
        if self.kind == "parsimonious":
            return source_count
        if self.kind == "c-monious":
            assert self.factor is not None
            return self.factor(source) * source_count
        return None

    def describe(self) -> str:
        if self.kind == "c-monious":
            return f"c-monious ({self.text})" if self.text else "c-monious"
        return f"{self.kind} ({self.text})" if self.text else self.kind


PARSIMONIOUS = Claim("parsimonious")
NO_CLAIM = Claim("none")


def c_monious(factor: Callable[[Any], int] | int, text: str = "") -> Claim:
    """A c-monious claim; ``factor`` is a constant or a function of the source instance."""
    if isinstance(factor, int):
        c = factor
        return Claim("c-monious", lambda _x: c, text or f"c = {c}")
    return Claim("c-monious", factor, text)


@dataclass(frozen=True)
class CertificateView:
    """What the verifier enumerates instead of the whole target, for a reduction whose target has free
    parts (so it is not parsimonious) or is too big to enumerate and count whole.

    A *certificate* is a tuple of booleans, e.g. the colours of a Kurodoko board's variable squares:
    ``of_source(sx)`` is the certificate of a source solution, ``of_target(sy)`` the one read from a target
    solution. ``solutions(cap)`` yields target solutions with pairwise distinct certificates, at most
    ``cap`` of them, every readable certificate exactly once when there are fewer than ``cap`` (by a
    projected enumeration or by deciding the target under each certificate, as solver assumptions). The
    claim checked is parsimony on the projection: the certificates readable from target solutions are
    exactly the certificates of the source solutions. ``count()``, when given, is an independent exact
    count of the readable certificates (e.g. Ganak on the target's CNF projected onto the certificate
    variables), or None where that counter does not cope.
    """

    of_source: Callable[[Any], tuple[bool, ...]]
    of_target: Callable[[Any], tuple[bool, ...]]
    solutions: Callable[[int], Iterator[Any]]
    count: Callable[[], int | None] | None = None


class Reduction(ABC):
    """Base class of every reduction; ``source`` and ``target`` are problem names."""

    name: ClassVar[str]
    source: ClassVar[str]
    target: ClassVar[str]
    paper: ClassVar[str] = ""
    section: ClassVar[str] = ""
    theorem: ClassVar[str] = ""
    claim: ClassVar[Claim] = NO_CLAIM
    #: Generator parameters of the small source instances ``verify`` starts from.
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = ()
    #: Generator parameters of ``verify``'s unsatisfiable sources; None: the source's ``mode_params``.
    verify_unsat_params: ClassVar[Mapping[str, int] | None] = None

    def __repr__(self) -> str:
        return f"<reduction {self.name}>"

    @property
    def source_problem(self) -> Problem:
        """The registered problem named by :attr:`source`."""
        return _registered_problem(self.source)

    @property
    def target_problem(self) -> Problem:
        """The registered problem named by :attr:`target`."""
        return _registered_problem(self.target)

    @abstractmethod
    def reduce(self, source: Any) -> Any:
        """The target instance; deterministic, a pure function of ``source``."""

    @abstractmethod
    def forward(self, source: Any, target: Any, source_solution: Any) -> Any:
        """Map a source solution to a target solution (the proof's 'if' direction)."""

    @abstractmethod
    def backward(self, source: Any, target: Any, target_solution: Any) -> Any:
        """Map a target solution back to a source solution (the proof's 'only if' direction)."""

    def overhead(self, source: Any) -> dict[str, int] | None:
        """Expected target sizes (keys of the target problem's ``size``), or None if not stated."""
        return None

    def example(self) -> tuple[Any, Any] | None:
        """The paper's worked example: ``(source, source_solution)`` or None."""
        return None

    def certificate_view(self, source: Any, target: Any) -> CertificateView | None:
        """What ``verify`` enumerates instead of the whole target (see :class:`CertificateView`); None (the
        default): the whole target, its count compared with :attr:`claim`."""
        return None

    def gadgets(self) -> list[Any]:
        """The reduction's gadgets as :class:`gadgetry.verify.gadget.Gadget`-compatible data."""
        return []

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "reduction", "source": self.source, "target": self.target,
                "paper": self.paper, "section": self.section, "theorem": self.theorem,
                "claim": self.claim.describe()}


def _registered_problem(name: str) -> Problem:
    # The registry imports this module, so it is looked up when first needed, not at import time.
    from .registry import problem

    return problem(name)


def ratio(a: int, b: int) -> str:
    """``a / b`` as a reduced fraction string (for reports where the claim is ``none``)."""
    if b == 0:
        return "inf" if a else "0/0"
    g = math.gcd(a, b)
    return f"{a // g}" if b // g == 1 else f"{a // g}/{b // g}"
