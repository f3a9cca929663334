"""Thin, dependency-free wrappers over PySAT (solving, enumeration) and pyganak (exact counting).

They work on raw clause lists so that sources (whose ``--unsat`` and ``--unique`` generators must prove
what they claim) and the verifier share one implementation. Time limits are not handled here: PySAT's
CaDiCaL cannot be interrupted, so :mod:`gadgetry.core.limits` runs a whole job in a worker process.

Exactness of Ganak: pyganak's ``Counter`` runs Arjun preprocessing and Ganak with Ganak's default
configuration, whose ApproxMC fallback is disabled (``appmc_timeout = -1``), so the count is exact, not
an (epsilon, delta) estimate; pyapproxmc, shipped alongside, is never used. The counts are cross-checked
against :func:`enumerate_projected` in tests and in ``bench/``.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .errors import InputError

if TYPE_CHECKING:
    from pysat.solvers import Solver

    from .cnf import CNF

DEFAULT_SOLVER = "cadical195"


@functools.cache
def solver_names() -> list[str]:
    """Every SAT solver name PySAT offers here (PySAT names some it was built without, e.g. ``cryptosat``
    without pycryptosat: those are left out; finding them opens every solver once, 0.1 s, so it is done
    only when a name is unknown or missing)."""
    from pysat.solvers import SolverNames  # imported where used: a start-up cost

    return [name for name in sorted(k for k in vars(SolverNames) if not k.startswith("_")) if _opens(name)]


@functools.cache
def _opens(name: str) -> bool:
    """Whether PySAT's solver ``name`` was built in (opened once)."""
    from pysat.solvers import NoSuchSolverError, Solver

    try:
        with Solver(name=name):
            return True
    except NoSuchSolverError:
        return False


def check_solver_name(name: str) -> str:
    from pysat.solvers import SolverNames

    if name.startswith("_") or not hasattr(SolverNames, name) or not _opens(name):
        raise InputError(f"unknown SAT solver {name!r}; choose one of {', '.join(solver_names())}")
    return name


def open_solver(name: str, clauses: Sequence[Sequence[int]]) -> Solver:
    """PySAT's solver ``name`` holding ``clauses`` (a tautology when there are none: MapleSAT crashes
    solving an empty clause set)."""
    from pysat.solvers import Solver

    return Solver(name=check_solver_name(name), bootstrap_with=clauses or [[1, -1]])


def solve_clauses(clauses: Sequence[Sequence[int]], solver: str = DEFAULT_SOLVER,
                  assumptions: Sequence[int] = ()) -> list[int] | None:
    """A model (list of signed literals) of ``clauses``, or None if unsatisfiable."""
    if any(len(c) == 0 for c in clauses):
        return None
    with open_solver(solver, clauses) as s:
        if s.solve(assumptions=list(assumptions)):
            return s.get_model() or []
        return None


def decide_within(clauses: Sequence[Sequence[int]], conflicts: int,
                  solver: str = DEFAULT_SOLVER) -> tuple[str, list[int] | None]:
    """``("sat", model)``, ``("unsat", None)`` or ``("unknown", None)`` when ``solver`` reaches
    ``conflicts`` conflicts first (a conflict budget, so the same clauses always get the same answer)."""
    if any(len(c) == 0 for c in clauses):
        return "unsat", None
    with open_solver(solver, clauses) as s:
        s.conf_budget(conflicts)
        answer = s.solve_limited()
        if answer is None:
            return "unknown", None
        return ("sat", s.get_model() or []) if answer else ("unsat", None)


def true_vars(model: Iterable[int]) -> set[int]:
    """The variables a model (signed literals) sets true."""
    return {lit for lit in model if lit > 0}


def enumerate_projected(nvars: int, clauses: Sequence[Sequence[int]], projection: Sequence[int],
                        solver: str = DEFAULT_SOLVER, cap: int | None = None) -> Iterator[set[int]]:
    """Enumerate the distinct assignments of ``projection`` that extend to a model, by blocking clauses
    over the projection variables (the independent counter). For each, yield the set of true variables of
    one full model extending it (so that decoders may read auxiliary variables too).

    Projection variables that occur in no clause are free: they are enumerated both ways. Stops after
    ``cap`` assignments when ``cap`` is given.
    """
    return enumerate_with_cuts(clauses, projection, lambda true: [], cap, solver)


def enumerate_with_cuts(clauses: Sequence[Sequence[int]], projection: Sequence[int],
                        cuts: Callable[[set[int]], list[list[int]]], cap: int | None = None,
                        solver: str = DEFAULT_SOLVER) -> Iterator[set[int]]:
    """Like :func:`enumerate_projected` for a formula given in part: ``clauses`` hold the local rules and
    ``cuts(true)`` returns clauses that the model with true variables ``true`` violates (none when it is
    a solution), each of which every solution meets. Models are cut until one needs no cut; it is
    yielded and blocked over ``projection`` (each projected assignment once, as long as the cuts do not
    depend on unprojected variables)."""
    if any(len(c) == 0 for c in clauses):
        return
    proj = list(dict.fromkeys(projection))
    with _holding(solver, clauses, proj) as s:
        yield from _blocked_models(s, proj, cuts, cap)


def _holding(solver: str, clauses: Sequence[Sequence[int]], proj: Sequence[int]) -> Solver:
    """:func:`open_solver` with every projection variable made known to it (free ones included)."""
    s = open_solver(solver, clauses)
    for v in proj:
        s.add_clause([v, -v])
    return s


def _blocked_models(s: Solver, proj: list[int], cuts: Callable[[set[int]], list[list[int]]], cap: int | None,
                    assumptions: Sequence[int] = (), guard: int | None = None) -> Iterator[set[int]]:
    """The loop of :func:`enumerate_with_cuts` on an open solver, under ``assumptions``; with a ``guard``
    literal each blocking clause holds only while the guard is assumed (cuts hold for good)."""
    seen = 0
    unless = [] if guard is None else [-guard]
    while (cap is None or seen < cap) and s.solve(assumptions=list(assumptions)):
        true = true_vars(s.get_model() or [])
        more = cuts(true)
        for c in more:
            s.add_clause(c)
        if more:
            continue
        yield true
        seen += 1
        if not proj:
            return
        s.add_clause([*unless, *(-v if v in true else v for v in proj)])


def split_cuts(neighbours: Mapping[Any, Iterable[Any]], chosen: Iterable[Any],
               var: Mapping[Any, int] | Sequence[int]) -> list[list[int]]:
    """Cuts making the ``chosen`` vertices of a graph (``neighbours``: adjacency) connected, for
    :func:`enumerate_with_cuts`; ``var[v]`` is true when v is chosen. When they fall into several
    components, each component C gets "a vertex of C is dropped, or a neighbour of C is chosen, or a
    vertex t of another component is dropped": every connected choice meets it, this one does not."""
    import networkx as nx

    chosen = set(chosen)
    g = nx.Graph()
    g.add_nodes_from(chosen)
    g.add_edges_from((v, u) for v in chosen for u in neighbours[v] if u in chosen)
    parts = list(nx.connected_components(g))
    if len(parts) < 2:
        return []
    out = []
    for i, part in enumerate(parts):
        rim = {u for v in part for u in neighbours[v]} - part
        out.append([*(-var[v] for v in part), *(var[u] for u in rim), -var[next(iter(parts[i - 1]))]])
    return out


def count_each_case(clauses: Sequence[Sequence[int]], projection: Sequence[int],
                    cases: Iterable[Sequence[int]], cap: int, solver: str = DEFAULT_SOLVER) -> Iterator[int | None]:
    """For each list of assumption literals in ``cases``, the number of distinct assignments of
    ``projection`` that extend to a model under them (None past ``cap``), by blocking clauses on one
    solver loaded once: a case's blocking clauses carry a fresh selector literal, retired when the case is
    done (a gadget check's port assignments: loading the clauses again for each cost more than the search)."""
    cases = [list(c) for c in cases]
    if any(len(c) == 0 for c in clauses):
        yield from (0 for _ in cases)
        return
    proj = list(dict.fromkeys(projection))
    top = max([0, *proj, *(abs(lit) for c in clauses for lit in c), *(abs(lit) for c in cases for lit in c)])
    with _holding(solver, clauses, proj) as s:
        for case in cases:
            top += 1
            s.add_clause([top, -top])
            n = sum(1 for _ in _blocked_models(s, proj, lambda true: [], cap + 1, [*case, top], guard=top))
            s.add_clause([-top])
            yield n if n <= cap else None


def count_enumeration(nvars: int, clauses: Sequence[Sequence[int]], projection: Sequence[int],
                      solver: str = DEFAULT_SOLVER, cap: int | None = None) -> int:
    """Projected model count by enumeration; raises ``OverflowError`` past ``cap`` solutions."""
    n = 0
    for _ in enumerate_projected(nvars, clauses, projection, solver,
                                 None if cap is None else cap + 1):
        n += 1
        if cap is not None and n > cap:
            raise OverflowError(f"more than {cap} solutions")
    return n


def count_ganak(nvars: int, clauses: Sequence[Sequence[int]], projection: Sequence[int] | None) -> int:
    """Exact (projected) model count with pyganak; ``projection`` None counts over all variables.

    Unsatisfiable formulas are answered 0 by CaDiCaL first: Ganak can take tens of seconds to refute
    small formulas CaDiCaL refutes in a millisecond (seen on adder-encoded subset sums). Ganak sees only
    the variables that occur in a clause, renumbered; each counted variable in no clause doubles the
    count (a formula declaring a million variables and using three is counted at once).
    """
    import pyganak

    if any(len(c) == 0 for c in clauses) or solve_clauses(clauses) is None:
        return 0
    counted = range(1, nvars + 1) if projection is None else dict.fromkeys(projection)
    used = {abs(lit) for c in clauses for lit in c}
    free = sum(1 for v in counted if v not in used)
    if not used:
        return 2 ** free
    number = {v: i for i, v in enumerate(sorted(used), 1)}
    counter = pyganak.Counter()
    counter.new_vars(len(number))
    counter.add_clauses([[number[lit] if lit > 0 else -number[-lit] for lit in c] for c in clauses])
    if projection is not None:
        counter.set_sampling_set([number[v] for v in counted if v in used])
    with _stdout_silenced(), any_int_digits():  # pyganak reads Ganak's decimal answer with int()
        return int(counter.count()) << free


class any_int_digits:
    """Let integers of any length be converted to and from text (Python's default limit is 4300 digits):
    for model counts, which may be 2^1000000; parsing input keeps the limit."""

    def __enter__(self) -> None:
        self._saved = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)

    def __exit__(self, *exc: object) -> None:
        sys.set_int_max_str_digits(self._saved)


def count_cnf(cnf: CNF) -> int:
    """:func:`count_ganak` of a :class:`~gadgetry.core.cnf.CNF` over its projection."""
    return count_ganak(cnf.nvars, cnf.clauses, cnf.projection)


class _stdout_silenced:
    """Ganak writes progress lines (``c o ...``) to file descriptor 1; keep them off our stdout."""

    def __enter__(self) -> None:
        sys.stdout.flush()
        self._saved = os.dup(1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)

    def __exit__(self, *exc: object) -> None:
        os.dup2(self._saved, 1)
        os.close(self._saved)
