"""Solving, enumerating and counting problem instances through their encodings.

Counting methods, each stating what it counts through the problem's ``solution_is``:

- ``ganak``: exact projected model count of the encoding (pyganak; see :mod:`gadgetry.core.sat`);
- ``enumeration``: distinct projected models by blocking clauses (the independent cross-check);
- ``brute-force``: the problem's own enumerator, independent of the encoding (tiny instances);
- ``portfolio``: enumeration for up to :data:`PORTFOLIO_SECONDS`, then Ganak from scratch when the
  enumeration has not finished (for problems where neither wins everywhere: enumeration is 10-50 times
  faster than Ganak on NYT Pips and Letter Boxed puzzles with up to about 10^4 solutions, and only Ganak
  finishes on tens of millions);
- any counter a problem offers in ``extra_counters`` (e.g. ``graphillion`` for Hamiltonicity, ``dp`` for
  subset sum).
"""

from __future__ import annotations

import inspect
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gadgetry.core import InputError
from gadgetry.core.limits import run_limited
from gadgetry.core.sat import DEFAULT_SOLVER, count_cnf, enumerate_projected, solve_clauses

if TYPE_CHECKING:
    from gadgetry.core import Encoding, Problem


AUTO = "auto"  # the method or solver a problem picks for the instance at hand
#: The time the ``portfolio`` method gives enumeration before it hands over to Ganak.
PORTFOLIO_SECONDS = 2.0


@dataclass(frozen=True)
class SolveResult:
    status: str  # "sat" | "unsat"
    solution: Any = None


@dataclass(frozen=True)
class CountResult:
    count: int  # with ``more``: the cap + 1 solutions known, and there may be more
    method: str
    solution_is: str
    seconds: float
    more: bool = False  # more than the cap


def solve(prob: Problem, instance: Any, solver: str = AUTO) -> SolveResult:
    """Decide ``instance`` with a SAT solver, or with one of the problem's ``extra_solvers`` named by
    ``solver`` (or the problem's own search where its CNF cannot express it); a found solution is decoded
    (not yet checked). ``auto``: the problem's :meth:`~gadgetry.core.Problem.solving_method`."""
    if solver == AUTO:
        solver = prob.solving_method(instance)
    if solver in prob.extra_solvers():
        found = prob.extra_solvers()[solver](instance)
        return SolveResult("unsat") if found is None else SolveResult("sat", found)
    beyond = prob.solutions_without_cnf(instance)
    if beyond is not None:
        first = next(beyond, None)
        return SolveResult("unsat") if first is None else SolveResult("sat", first)
    enc = prob.encode(instance)
    model = solve_clauses(enc.cnf.clauses, solver)
    if model is None:
        return SolveResult("unsat")
    return SolveResult("sat", enc.decode_model(model))


def solutions(prob: Problem, instance: Any, cap: int | None = None, solver: str = DEFAULT_SOLVER,
              encoding: Encoding | None = None) -> Iterator[Any]:
    """Every solution (up to ``cap``), one per distinct assignment of the encoding's projection
    (``encoding``: ``prob.encode(instance)`` when already built), or from the problem's own search where
    its CNF cannot express the instance."""
    beyond = prob.solutions_without_cnf(instance) if encoding is None else None
    if beyond is not None:
        yield from itertools.islice(beyond, cap)
        return
    enc = encoding if encoding is not None else prob.encode(instance)
    cnf = enc.cnf
    for true in enumerate_projected(cnf.nvars, cnf.clauses, cnf.projection, solver, cap):
        yield enc.decode(true.__contains__)


def count_methods(prob: Problem) -> list[str]:
    """The counting methods available for ``prob`` (``auto`` picks one per instance)."""
    return [AUTO, "ganak", "enumeration", "brute-force", "portfolio", *sorted(prob.extra_counters())]


def count(prob: Problem, instance: Any, method: str = AUTO, solver: str = DEFAULT_SOLVER,
          cap: int | None = None, encoding: Encoding | None = None) -> CountResult:
    """The exact number of solutions of ``instance`` by ``method`` (``auto``: the problem's
    :meth:`~gadgetry.core.Problem.counting_method` for this instance, enumeration in place of
    Ganak under a ``cap``; the result names the method run;
    ``encoding``: ``prob.encode(instance)`` when already built).

    ``cap``: stop once more than ``cap`` solutions are known; the result then has ``more`` set and
    ``count`` ``cap + 1``. Enumeration, brute force and counters taking a ``cap`` argument stop there;
    the others count everything first.
    """
    start = time.perf_counter()
    if method == AUTO:
        method = prob.counting_method(instance)
        if cap is not None and method == "ganak":  # at most cap + 1 SAT calls; Ganak counts everything
            method = "enumeration"
    past = None if cap is None else cap + 1
    if method == "ganak":
        n = count_cnf((encoding or prob.encode(instance)).cnf)
    elif method == "enumeration":
        n = sum(1 for _ in solutions(prob, instance, past, solver, encoding))
    elif method == "portfolio":
        n = _portfolio(prob, instance, solver, encoding, past)
    elif method == "brute-force":
        found = prob.count_brute_force(instance, past)
        if found is None:
            raise InputError(f"{prob.name} has no brute-force enumerator")
        n = found
    elif method in prob.extra_counters():
        counter = prob.extra_counters()[method]
        takes_cap = cap is not None and "cap" in inspect.signature(counter).parameters
        n = counter(instance, cap=cap) if takes_cap else counter(instance)
    else:
        offered = ", ".join(count_methods(prob))
        raise InputError(f"unknown counting method {method!r} for {prob.name} (methods: {offered})")
    more = past is not None and n >= past
    return CountResult(min(n, past) if past is not None else n, method, prob.solution_is,
                       time.perf_counter() - start, more)


def _portfolio(prob: Problem, instance: Any, solver: str, encoding: Encoding | None, past: int | None) -> int:
    """Enumeration for :data:`PORTFOLIO_SECONDS` (stopping at ``past`` solutions); Ganak when it has not
    finished by then (unless the instance has no CNF: then enumeration to the end)."""
    deadline = time.perf_counter() + PORTFOLIO_SECONDS
    has_cnf = encoding is not None or prob.solutions_without_cnf(instance) is None
    n = 0
    for n, _ in enumerate(solutions(prob, instance, past, solver, encoding), 1):
        if has_cnf and time.perf_counter() > deadline:
            return count_cnf((encoding or prob.encode(instance)).cnf)
    return n


def count_limited(prob: Problem, instance: Any, method: str = AUTO, seconds: float | None = None,
                  solver: str = DEFAULT_SOLVER, cap: int | None = None) -> CountResult:
    """:func:`count` under a time limit (raises :class:`~gadgetry.core.LimitReached`)."""
    return run_limited(count, prob, instance, method, solver, cap, seconds=seconds)
