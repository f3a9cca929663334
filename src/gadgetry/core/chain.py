"""Chains of reductions composed into one reduction (``reduce --via``, ``verify A,B,C``, bundles).

:func:`compose` is the one place steps are composed: the instance map, both solution maps, the claim, the
overhead and the certificate view. Claims compose as counts do: parsimonious steps keep counts, a
c-monious step multiplies them by its factor (evaluated on the step's own source, an intermediate
instance), so the chain is c-monious with the product; a step claiming nothing makes the chain claim
nothing. A step offering a :class:`~gadgetry.core.reduction.CertificateView` (its claim holds on
certificates, e.g. Kurodoko's variable squares) passes it through when every other step is parsimonious:
source solutions reach it through the forward maps of the steps before it, its target solutions reach the
chain's target through the forward maps of the steps after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import networkx as nx

from .errors import InputError
from .reduction import CertificateView, Claim, Reduction


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
    return flat[0] if len(flat) == 1 else Chain(flat)


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
        if "none" in kinds:
            return Claim("none", text=text)
        if set(kinds) == {"parsimonious"}:
            texts = [s.claim.text for s in self.steps if s.claim.text]
            return Claim("parsimonious", text="; ".join(texts))

        def factor(x: Any) -> int:
            product = 1
            for step, inst in zip(self.steps, self.intermediates(x)):
                if step.claim.kind == "c-monious":
                    product *= step.claim.factor(inst)  # type: ignore[misc]
            return product

        return Claim("c-monious", factor, text)

    def intermediates(self, source: Any) -> list[Any]:
        """``[source, R1(source), R2(R1(source)), ...]`` (the last source's list is kept: verify maps
        many solutions of one source)."""
        if self._cached is not None and self._cached[0] is source:
            return self._cached[1]
        out = [source]
        for step in self.steps:
            out.append(step.reduce(out[-1]))
        self._cached = (source, out)
        return out

    def reduce(self, source: Any) -> Any:
        return self.intermediates(source)[-1]

    def forward(self, source: Any, target: Any, source_solution: Any) -> Any:
        return forward_through(self.steps, self.intermediates(source), source_solution)

    def backward(self, source: Any, target: Any, target_solution: Any) -> Any:
        return backward_through(self.steps, self.intermediates(source), target_solution)

    def overhead(self, source: Any) -> dict[str, int] | None:
        """The last step's declared overhead on its own source."""
        return self.steps[-1].overhead(self.intermediates(source)[-2])

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




# -- finding chains ---------------------------------------------------------------------------------
def chains(reductions: Iterable[Reduction], source: str, target: str, fewest: bool = True) -> list[Reduction]:
    """The chains from problem ``source`` to ``target`` through ``reductions`` that visit no problem twice,
    each composed (:func:`compose`): only those of the fewest steps when ``fewest``, else every one, fewer
    steps first, then by name. Empty when none exists (or when ``source`` is ``target``)."""
    graph = nx.MultiDiGraph()
    for red in sorted(reductions, key=lambda r: r.name):
        if red.source != red.target:
            graph.add_edge(red.source, red.target, key=red.name, reduction=red)
    if source == target or source not in graph or target not in graph or not nx.has_path(graph, source, target):
        return []
    cutoff = nx.shortest_path_length(graph, source, target) if fewest else None
    found = [[graph.edges[e]["reduction"] for e in path]
             for path in nx.all_simple_edge_paths(graph, source, target, cutoff=cutoff)]
    found.sort(key=lambda steps: (len(steps), [s.name for s in steps]))
    return [compose(steps) for steps in found]


def predicted_size(red: Reduction, source: Any) -> int | None:
    """The target size (the sum of the target problem's size measures) that the last step's declared
    overhead predicts for ``source``, or None when the last step declares none."""
    sizes = red.overhead(source)
    return None if sizes is None else sum(sizes.values())


def steps_of(red: Reduction) -> list[Reduction]:
    """The steps of a chain; a single reduction is its own one step."""
    return list(red.steps) if isinstance(red, Chain) else [red]


def by_predicted_size(candidates: Sequence[Reduction], source: Any) -> list[tuple[Reduction, int | None]]:
    """``candidates`` with their predicted target sizes for ``source``: fewer steps first, then smaller
    predicted size (those predicting nothing, or refusing ``source``, last), then by name."""
    sized = []
    for red in candidates:
        try:
            size = predicted_size(red, source)
        except InputError:  # a step refuses an intermediate: outside its domain
            size = None
        sized.append((red, size))
    return sorted(sized, key=lambda rs: (len(steps_of(rs[0])), rs[1] is None, rs[1] or 0, rs[0].name))


def route(reductions: Iterable[Reduction], source: str, instance: Any, target: str | None,
          via: Sequence[str] = ()) -> tuple[Reduction, list[tuple[Reduction, int | None]]]:
    """The chain ``reduce --to/--via`` runs on ``instance`` (of problem ``source``), and the candidates it
    was chosen from with their predicted sizes, best first (:func:`by_predicted_size`).

    ``via`` names reductions (taken as they are) and problems (passed through); the legs between them, and
    from the last to ``target``, are the chains of the fewest steps, ties broken by the target size the
    declared overheads predict for this instance. With ``via`` the one candidate is the whole chain."""
    pool = {r.name: r for r in reductions}
    problems = {r.source for r in pool.values()} | {r.target for r in pool.values()}
    parts: list[Reduction] = []
    here, x = source, instance
    ranked: list[tuple[Reduction, int | None]] = []

    def go(red: Reduction) -> None:
        nonlocal here, x
        parts.append(red)
        x, here = red.reduce(x), red.target

    def leg(to: str) -> None:
        nonlocal ranked
        if to != here:
            found = chains(pool.values(), here, to)
            if not found:
                raise InputError(f"no chain of reductions from {here} to {to}")
            ranked = by_predicted_size(found, x)
            go(ranked[0][0])

    for name in via:
        if name in pool:
            leg(pool[name].source)
            go(pool[name])
        elif name in problems:
            leg(name)
        else:
            raise InputError(f"--via: {name!r} is neither a reduction nor a problem a reduction connects "
                             f"(see 'gadgetry list')")
    if target is not None:
        leg(target)
    if not parts:
        raise InputError(f"the input is already a {source} instance: no reduction to run")
    if len(parts) == 1 and not via:
        return parts[0], ranked
    chain = compose(parts)
    return chain, by_predicted_size([chain], instance)
