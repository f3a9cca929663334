"""The reduction protocol (docs/plugins.md) and count claims.

A reduction is a subclass of :class:`Reduction` with ``reduce``, the certificate maps ``forward`` and
``backward``, a :class:`Claim` naming the paper, section and theorem and the count relation asserted, an
optional ``overhead`` (target sizes as formulas in the source's parameters), an optional worked
``example`` from the paper, and the generator parameters of small sources the verifier starts from.

:func:`compose` is the one place reductions are composed into a :class:`Chain`: the instance map, both
solution maps, the claim, the overhead and the certificate view. Claims compose as counts do: parsimonious
steps keep counts, a c-monious step multiplies them by its factor (evaluated on the step's own source, an
intermediate instance), so the chain is c-monious with the product; a step claiming nothing makes the
chain claim nothing. A step offering a :class:`CertificateView` (its claim holds on certificates, e.g.
Kurodoko's variable squares) passes it through when every other step is parsimonious: source solutions
reach it through the forward maps of the steps before it, its target solutions reach the chain's target
through the forward maps of the steps after it. (Finding and ranking chains: :mod:`gadgetry.core.chain`.)
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import InputError
from .problem import Problem


@dataclass(frozen=True)
class Claim:
    """The count relation a reduction asserts.

    ``kind`` is ``"parsimonious"`` (equal counts), ``"c-monious"`` (target count = factor(source) times
    source count, factor a positive integer that may depend on the source instance), ``"exact"`` (target
    count = ``of_solutions(source, source_solutions)``, for constructions whose number of target solutions
    differs from one source solution to another) or ``"none"``.
    """

    kind: str
    factor: Callable[[Any], int] | None = None
    text: str = ""
    of_solutions: Callable[[Any, Sequence[Any]], int] | None = None

    def expected(self, source: Any, source_count: int, solutions: Sequence[Any] | None = None) -> int | None:
        """The target count the claim predicts, or None when it predicts nothing (an exact claim predicts
        only from ``solutions``, every solution of the source)."""
        if self.kind == "parsimonious":
            return source_count
        if self.kind == "c-monious":
            assert self.factor is not None
            return self.factor(source) * source_count
        if self.kind == "exact" and solutions is not None:
            assert self.of_solutions is not None
            return self.of_solutions(source, solutions)
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


def exact_claim(of_solutions: Callable[[Any, Sequence[Any]], int], text: str) -> Claim:
    """An exact claim: the target count is ``of_solutions(source, source_solutions)``."""
    return Claim("exact", text=text, of_solutions=of_solutions)


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
    #: The variants of the source problem this reduction takes (``"directed"``, an edge-matching kind ...),
    #: None: every one. With :attr:`target_variant` it keeps chains from joining steps whose instances
    #: cannot meet (a directed graph into a reduction of undirected ones).
    source_variants: ClassVar[frozenset[str] | None] = None
    #: The variant of the target problem every instance this reduction makes is; None: not fixed.
    target_variant: ClassVar[str | None] = None
    #: The most instances ``verify --all`` draws (``make run``), for reductions whose single instances take
    #: seconds to minutes to decide; None: as many as asked.
    verify_budget: ClassVar[int | None] = None

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


class Identity(Reduction):
    """A reduction whose target instance is its source instance (a problem whose instances are the target's,
    or a problem's own instances taken as a family): every map is the identity, and it is parsimonious."""

    claim = PARSIMONIOUS

    def reduce(self, source: Any) -> Any:
        return source

    def forward(self, source: Any, target: Any, source_solution: Any) -> Any:
        return source_solution

    def backward(self, source: Any, target: Any, target_solution: Any) -> Any:
        return target_solution


# -- chains: reductions composed -------------------------------------------------------------------
def compose(steps: Sequence[Reduction]) -> Reduction:
    """The reduction doing ``steps`` left to right (a chain inside ``steps`` is flattened; one step is
    returned as it is). Raises InputError when a step's target is not the next step's source."""
    flat: list[Reduction] = []
    for step in steps:
        flat.extend(step.steps if isinstance(step, Chain) else [step])
    if not flat:
        raise InputError("an empty chain of reductions")
    for a, b in zip(flat, flat[1:]):
        if a.target != b.source:
            raise InputError(f"chain breaks: {a.name} yields {a.target}, but {b.name} takes {b.source}")
        if not joins(a, b):
            raise InputError(f"chain breaks: {a.name} yields {a.target_variant} {a.target} instances, but "
                             f"{b.name} takes only {' or '.join(sorted(b.source_variants or ()))} ones")
    return flat[0] if len(flat) == 1 else Chain(flat)


def joins(a: Reduction, b: Reduction) -> bool:
    """Whether ``b`` takes the variant of the instances ``a`` makes (unknown variants join)."""
    return a.target_variant is None or b.source_variants is None or a.target_variant in b.source_variants


def offers_view(step: Reduction) -> bool:
    """Whether ``step`` checks its claim on certificates (it overrides ``certificate_view``)."""
    return type(step).certificate_view is not Reduction.certificate_view


class Chain(Reduction):
    """Reductions composed left to right; build one with :func:`compose`."""

    def __init__(self, steps: Sequence[Reduction]) -> None:
        if len(steps) < 2:
            raise ValueError("a chain has at least two steps (see compose)")
        self.steps = list(steps)
        first = self.steps[0]
        self.name = ",".join(s.name for s in steps)  # type: ignore[misc]
        self.source, self.target = first.source, self.steps[-1].target  # type: ignore[misc]
        self.paper = "; ".join(dict.fromkeys(s.paper for s in steps if s.paper))  # type: ignore[misc]
        self.verify_params = first.verify_params  # type: ignore[misc]
        self.verify_unsat_params = first.verify_unsat_params  # type: ignore[misc]
        views = [i for i, s in enumerate(self.steps) if offers_view(s)]
        others_exact = all(s.claim.kind == "parsimonious" for i, s in enumerate(self.steps) if i not in views)
        #: The step whose certificate view the chain passes through (None: no view).
        self.view_step = views[0] if len(views) == 1 and others_exact else None
        self.claim = self._compose_claims(bool(views) and self.view_step is None)  # type: ignore[misc]
        self._cached: tuple[Any, list[Any]] | None = None

    def _compose_claims(self, lost_view: bool) -> Claim:
        if lost_view:
            return Claim("none", text="a step claims its count on certificates only, which this chain "
                                      "cannot pass through")
        kinds = [s.claim.kind for s in self.steps]
        text = " o ".join(s.claim.describe() for s in reversed(self.steps))
        # An exact claim (a function of the source's solutions) composes only as the first step: a later
        # one would need the intermediate instance's solutions.
        if "none" in kinds or "exact" in kinds[1:]:
            return Claim("none", text=text)
        if set(kinds) == {"parsimonious"}:
            texts = [s.claim.text for s in self.steps if s.claim.text]
            return Claim("parsimonious", text="; ".join(texts))

        def factor(x: Any) -> int:
            product = 1
            for step, inst in zip(self.steps, self.intermediates(x, len(self.steps) - 1)):
                if step.claim.kind == "c-monious":
                    product *= step.claim.factor(inst)  # type: ignore[misc]
            return product

        first = self.steps[0]
        if first.claim.kind == "exact":
            return exact_claim(lambda x, sols: first.claim.expected(x, len(sols), sols) * factor(x), text)
        return Claim("c-monious", factor, text)

    def intermediates(self, source: Any, steps: int | None = None) -> list[Any]:
        """``[source, R1(source), R2(R1(source)), ...]``, through the first ``steps`` steps (all when
        None). The last source's list is kept and extended as needed: verify maps many solutions of one
        source, and a predicted size needs every instance but the target."""
        if self._cached is None or self._cached[0] is not source:
            self._cached = (source, [source])
        out = self._cached[1]
        want = len(self.steps) if steps is None else steps
        while len(out) <= want:
            out.append(self.steps[len(out) - 1].reduce(out[-1]))
        return out[:want + 1]

    def reduce(self, source: Any) -> Any:
        return self.intermediates(source)[-1]

    def forward(self, source: Any, target: Any, source_solution: Any) -> Any:
        return forward_through(self.steps, self.intermediates(source), source_solution)

    def backward(self, source: Any, target: Any, target_solution: Any) -> Any:
        return backward_through(self.steps, self.intermediates(source), target_solution)

    def overhead(self, source: Any) -> dict[str, int] | None:
        """The last step's declared overhead on its own source."""
        return self.steps[-1].overhead(self.intermediates(source, len(self.steps) - 1)[-1])

    def example(self) -> tuple[Any, Any] | None:
        """The first step's worked example (a source of the chain with its solution)."""
        return self.steps[0].example()

    def certificate_view(self, source: Any, target: Any) -> CertificateView | None:
        """The view of :attr:`view_step` seen through the parsimonious steps around it (module docstring)."""
        k = self.view_step
        if k is None:
            return None
        inst = self.intermediates(source)
        view = self.steps[k].certificate_view(inst[k], inst[k + 1])
        if view is None:
            return None
        before, after = self.steps[:k], self.steps[k + 1:]
        ahead = inst[:k + 1]  # source .. the view step's source
        behind = inst[k + 1:]  # the view step's target .. the chain's target

        def solutions(cap: int) -> Iterator[Any]:
            for sol in view.solutions(cap):
                yield forward_through(after, behind, sol)

        return CertificateView(
            of_source=lambda sx: view.of_source(forward_through(before, ahead, sx)),
            of_target=lambda sy: view.of_target(backward_through(after, behind, sy)),
            solutions=solutions, count=view.count)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "kind": "chain", "steps": [s.name for s in self.steps]}


def forward_through(steps: Sequence[Reduction], instances: Sequence[Any], solution: Any) -> Any:
    """A solution of ``instances[0]`` mapped forward by each step (``instances[i + 1]`` is step i's target)."""
    for i, step in enumerate(steps):
        solution = step.forward(instances[i], instances[i + 1], solution)
    return solution


def backward_through(steps: Sequence[Reduction], instances: Sequence[Any], solution: Any) -> Any:
    """A solution of ``instances[-1]`` mapped back by each step, last first."""
    for i in range(len(steps) - 1, -1, -1):
        solution = steps[i].backward(instances[i], instances[i + 1], solution)
    return solution




def steps_of(red: Reduction) -> list[Reduction]:
    """The steps of a chain; a single reduction is its own one step."""
    return list(red.steps) if isinstance(red, Chain) else [red]


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
