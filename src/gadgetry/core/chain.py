"""Finding and ranking chains of reductions (``reduce --to/--via``, ``path --all``).

The composition itself (:func:`compose`, :class:`Chain`) lives with the reduction protocol in
:mod:`gadgetry.core.reduction` and is re-exported here; :func:`gadgetry.core.registry.chains` finds the
chains between two problems. Here: the target size a chain's declared overheads predict for an instance,
the ranking of candidates by it, and :func:`route`, the chain ``reduce --to`` runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InputError
from .reduction import Chain, Reduction, backward_through, compose, forward_through, offers_view, steps_of
from .registry import chains, no_chain

__all__ = ["Chain", "Ranked", "backward_through", "by_predicted_size", "chains", "compose", "forward_through",
           "offers_view", "predicted_size", "route", "steps_of"]


def predicted_size(red: Reduction, source: Any) -> int | None:
    """The target size (the sum of the target problem's size measures) that the last step's declared
    overhead predicts for ``source``, or None when the last step declares none."""
    sizes = red.overhead(source)
    return None if sizes is None else sum(sizes.values())


@dataclass(frozen=True)
class Ranked:
    """A candidate chain with its predicted target size for one source (None: not declared), or the
    refusal of a step whose domain the source (or an intermediate) is outside."""

    chain: Reduction
    size: int | None = None
    refused: str = ""


def by_predicted_size(candidates: Sequence[Reduction], source: Any) -> list[Ranked]:
    """``candidates`` with their predicted target sizes for ``source``: fewer steps first, then those a
    step refuses last, then smaller predicted size (those predicting nothing after those that do), then by
    name."""
    ranked = []
    for red in candidates:
        try:
            ranked.append(Ranked(red, predicted_size(red, source)))
        except InputError as exc:  # a step refuses the source or an intermediate: outside its domain
            ranked.append(Ranked(red, None, str(exc)))
    return sorted(ranked, key=lambda r: (len(steps_of(r.chain)), bool(r.refused), r.size is None, r.size or 0,
                                         r.chain.name))


def route(reductions: Iterable[Reduction], source: str, instance: Any, target: str | None,
          via: Sequence[str] = ()) -> tuple[Reduction, list[Ranked]]:
    """The chain ``reduce --to/--via`` runs on ``instance`` (of problem ``source``), and the candidates it
    was chosen from with their predicted sizes, best first (:func:`by_predicted_size`; a candidate whose
    reduce refuses the instance, though its overhead predicted a size, is marked refused and the next
    is taken).

    ``via`` names reductions (taken as they are) and problems (passed through); the legs between them, and
    from the last to ``target``, are the chains of the fewest steps, ties broken by the target size the
    declared overheads predict for this instance. With ``via`` the one candidate is the whole chain."""
    pool = {r.name: r for r in reductions}
    problems = {r.source for r in pool.values()} | {r.target for r in pool.values()}
    parts: list[Reduction] = []
    here, x = source, instance
    ranked: list[Ranked] = []

    def go(red: Reduction) -> None:
        nonlocal here, x
        x, here = red.reduce(x), red.target
        parts.append(red)

    def leg(to: str) -> None:
        nonlocal ranked
        if to == here:
            return
        found = chains(pool.values(), here, to)
        if not found:
            raise no_chain(here, to)
        ranked = by_predicted_size(found, x)
        for i, r in enumerate(ranked):
            if not r.refused:
                try:
                    go(r.chain)
                    return
                except InputError as exc:  # the domain check of a step's reduce, which overheads skip
                    ranked[i] = Ranked(r.chain, r.size, str(exc))
        raise InputError(f"every chain from {here} to {to} refuses this instance; {ranked[0].chain.name}: "
                         f"{ranked[0].refused}")

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
