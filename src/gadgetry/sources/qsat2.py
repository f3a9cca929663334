"""QSAT2, the Sigma2-complete formula game "exists x forall y: f(x, y)" (Stockmeyer 1976; Witness seed,
appendix A, the source of Lemma 8.5), with f a CNF or a DNF.

An instance (:class:`QSAT2`) is ``variables`` n, the existential block ``exists``, the universal block
``forall`` (disjoint; a variable in neither is free and counts as existential, as QDIMACS says), the
``matrix`` kind and ``clauses``: the clauses of f (``cnf``: f is their conjunction) or its terms (``dnf``:
f is the disjunction of the conjunctions). With a CNF matrix the question is easy (each clause must hold
for every y on its own), with a DNF matrix it is Sigma2-complete; both are offered because the reduction
of appendix A takes any formula.

**Identity**: as for ``qbf`` (one-round game: the existential player picks x, then the universal player
y), a solution is the verdict ``"first"``, present exactly when the statement is true; a reduction to a
game is parsimonious iff it keeps the winner.

Deciding (:func:`cegar`): counterexample-guided refinement over PySAT. An exists-solver proposes x; the
forall-check looks for y with f(x, y) false (a SAT call on the negated DNF, or a scan of the CNF's
clauses); a counterexample y* adds f(x, y*) (a formula over x alone) to the exists-solver. It ends with
a witness x or with an unsatisfiable exists-solver. :func:`brute_force_value` is the oracle: every x
against every y. Format: QDIMACS (``p cnf``, one ``e`` block then one ``a`` block); a DNF matrix is
written with the header ``p dnf`` (its lines are the terms).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pysat.solvers import Solver

from gadgetry.core import MAX_DECLARED, Format, Generated, InputError, LimitReached, Param
from gadgetry.core.game import FIRST, GameProblem
from gadgetry.core.values import is_int
from gadgetry.sources.qbf import QBF, looks_like_qdimacs, qdimacs_problem, read_qdimacs

NAME = "qsat2"
MATRICES = ("cnf", "dnf")
#: The most variables :func:`brute_force_value` enumerates.
BRUTE_LIMIT = 20


@dataclass(frozen=True)
class QSAT2:
    """exists ``exists`` forall ``forall``: f; see the module docstring."""

    variables: int
    exists: tuple[int, ...]
    forall: tuple[int, ...]
    matrix: str  # 'cnf' | 'dnf'
    clauses: tuple[tuple[int, ...], ...]

    @property
    def xs(self) -> tuple[int, ...]:
        """The existential variables, free ones included, in increasing order."""
        ys = set(self.forall)
        return tuple(v for v in range(1, self.variables + 1) if v not in ys)


def value(q: QSAT2, true: set[int]) -> bool:
    """f under the assignment making exactly the variables in ``true`` true."""
    def holds(lit: int) -> bool:
        return (lit > 0) == (abs(lit) in true)
    if q.matrix == "dnf":
        return any(all(holds(lit) for lit in t) for t in q.clauses)
    return all(any(holds(lit) for lit in c) for c in q.clauses)


def brute_force_value(q: QSAT2) -> bool:
    """Whether exists x forall y f: every x against every y (at most :data:`BRUTE_LIMIT` variables)."""
    if q.variables > BRUTE_LIMIT:
        raise LimitReached(f"{NAME}: brute force takes at most {BRUTE_LIMIT} variables")
    xs, ys = q.xs, q.forall
    return any(all(value(q, {v for v, b in zip(xs, bx) if b} | {v for v, b in zip(ys, by) if b})
                   for by in itertools.product((0, 1), repeat=len(ys)))
               for bx in itertools.product((0, 1), repeat=len(xs)))


def counterexample(q: QSAT2, x: set[int], check: Solver | None) -> set[int] | None:
    """A universal assignment (its true variables) making f false under the existential assignment ``x``
    (its true variables), or None when f holds for every y. ``check`` holds the negated DNF."""
    xs = q.xs
    if q.matrix == "dnf":
        assert check is not None
        if not check.solve(assumptions=[v if v in x else -v for v in xs]):
            return None
        model = set(lit for lit in check.get_model() if lit > 0)
        return {v for v in q.forall if v in model}
    ys = set(q.forall)
    for c in q.clauses:
        xpart = [lit for lit in c if abs(lit) not in ys]
        ypart = {lit for lit in c if abs(lit) in ys}
        if any((lit > 0) == (abs(lit) in x) for lit in xpart) or any(-lit in ypart for lit in ypart):
            continue
        return {-lit for lit in ypart if lit < 0}
    return None


def cegar(q: QSAT2) -> tuple[int, ...] | None:
    """A witness x (as literals over the existential variables) for exists x forall y f, or None when the
    statement is false; see the module docstring."""
    xs, ys = q.xs, set(q.forall)
    top = q.variables
    check = None
    if q.matrix == "dnf":
        check = Solver(name="cadical153", bootstrap_with=[[-lit for lit in t] for t in q.clauses])
    with Solver(name="cadical153") as ex:
        try:
            while ex.solve():
                model = set(ex.get_model())
                x = {v for v in xs if v in model}
                y = counterexample(q, x, check)
                if y is None:
                    return tuple(v if v in x else -v for v in xs)
                hold = {v if v in y else -v for v in ys}
                if q.matrix == "cnf":  # f(x, y*): the clauses y* leaves unsatisfied, restricted to x
                    for c in q.clauses:
                        if not any(lit in hold for lit in c):
                            ex.add_clause([lit for lit in c if abs(lit) not in ys])
                    continue
                alive = [[lit for lit in t if abs(lit) not in ys] for t in q.clauses
                         if all(lit in hold for lit in t if abs(lit) in ys)]
                chosen = []
                for t in alive:  # f(x, y*): one of the terms y* leaves alive, Tseitin over x
                    top += 1
                    chosen.append(top)
                    ex.append_formula([[-top, lit] for lit in t])
                ex.add_clause(chosen)
            return None
        finally:
            if check is not None:
                check.delete()


def to_qbf(q: QSAT2) -> QBF:
    """The same statement as a prenex CNF QBF: a CNF matrix as it is; a DNF matrix by Tseitin, one
    innermost existential variable per term (exists x forall y exists z: z_j -> term j, some z_j)."""
    prefix = tuple(b for b in (("e", q.xs), ("a", q.forall)) if b[1])
    if q.matrix == "cnf":
        return QBF(q.variables, prefix, q.clauses)
    zs = tuple(range(q.variables + 1, q.variables + 1 + len(q.clauses)))
    clauses = [(-z, lit) for z, t in zip(zs, q.clauses) for lit in t] + [zs]
    return QBF(q.variables + len(zs), prefix + ((("e", zs),) if zs else ()), tuple(clauses))


def read(text: str) -> QSAT2:
    """QDIMACS with at most one ``e`` block followed by one ``a`` block; ``p dnf`` for a DNF matrix."""
    lines = text.splitlines()
    matrix = "cnf"
    for i, line in enumerate(lines):
        toks = line.split()
        if toks[:2] == ["p", "dnf"]:
            matrix, lines[i] = "dnf", " ".join(["p", "cnf", *toks[2:]])
    q = read_qdimacs("\n".join(lines))
    quants = [quant for quant, _vs in q.prefix]
    if quants not in ([], ["e"], ["a"], ["e", "a"]):
        raise InputError(f"{NAME}: the prefix must be one 'e' block then one 'a' block, got "
                         f"{' '.join(quants)}")
    blocks = dict(q.prefix)
    return QSAT2(q.variables, tuple(sorted(blocks.get("e", ()))), tuple(sorted(blocks.get("a", ()))), matrix,
                 q.clauses)


def write(q: QSAT2) -> str:
    lines = [f"c problem {NAME}", f"p {q.matrix} {q.variables} {len(q.clauses)}"]
    lines += [f"{quant} {' '.join(map(str, vs))} 0" for quant, vs in (("e", q.exists), ("a", q.forall)) if vs]
    lines += [" ".join(map(str, [*c, 0])) for c in q.clauses]
    return "\n".join(lines) + "\n"


def looks_like(text: str) -> bool:
    return looks_like_qdimacs(text.replace("p dnf", "p cnf", 1))


class Qsat2Problem(GameProblem):
    """exists-forall formulas; see the module docstring."""

    name = NAME
    title = "QSAT2: exists x forall y f(x, y), f a CNF or a DNF (QDIMACS)"
    paper = "Stockmeyer 1976 (Sigma2-complete for DNF f); Witness seed, appendix A (source of Lemma 8.5)"
    solution_is = "the verdict 'first': exists x forall y f holds (one solution iff so)"
    params = (Param("exists", 2, 0, 30, "existential variables x"),
              Param("forall", 2, 0, 30, "universal variables y"),
              Param("clauses", 3, 0, 200, "clauses (cnf) or terms (dnf)"),
              Param("width", 2, 1, 10, "literals per clause or term (at most the variables)"),
              Param("matrix", 1, 0, 2, "0 cnf, 1 dnf, 2 drawn at random"))
    modes = ("planted", "unsat")

    def validate(self, q: QSAT2) -> None:
        if not isinstance(q, QSAT2):
            raise InputError(f"{NAME}: not a QSAT2 instance")
        if not is_int(q.variables) or not 0 <= q.variables <= MAX_DECLARED:
            raise InputError(f"{NAME}: variables must be an integer from 0 to {MAX_DECLARED}")
        if q.matrix not in MATRICES:
            raise InputError(f"{NAME}: matrix must be 'cnf' or 'dnf', got {q.matrix!r}")
        for block in (q.exists, q.forall):
            if not isinstance(block, tuple) or not all(is_int(v) and 1 <= v <= q.variables for v in block):
                raise InputError(f"{NAME}: quantified variables must be in 1..{q.variables}")
        if len(set(q.exists) | set(q.forall)) != len(q.exists) + len(q.forall):
            raise InputError(f"{NAME}: a variable is quantified twice")
        if not isinstance(q.clauses, tuple) or not all(
                isinstance(c, tuple) and all(is_int(lit) and lit != 0 and abs(lit) <= q.variables for lit in c)
                for c in q.clauses):
            raise InputError(f"{NAME}: clauses must hold non-zero literals over 1..{q.variables}")

    def first_wins(self, q: QSAT2) -> bool:
        return cegar(q) is not None

    def brute_force(self, q: QSAT2) -> Iterator[str]:
        if brute_force_value(q):
            yield FIRST

    def instance_to_json(self, q: QSAT2) -> dict[str, Any]:
        return {"variables": q.variables, "exists": list(q.exists), "forall": list(q.forall), "matrix": q.matrix,
                "clauses": [list(c) for c in q.clauses]}

    def instance_from_json(self, data: Mapping[str, Any]) -> QSAT2:
        fields = [data.get(k) for k in ("exists", "forall", "clauses")]
        if not all(isinstance(f, list) for f in fields) or not all(isinstance(c, list) for c in fields[2]):
            raise InputError(f"{NAME}: an instance is {{'variables', 'exists': [...], 'forall': [...], "
                             f"'matrix': 'cnf'|'dnf', 'clauses': [[1, -3], ...]}}")
        q = QSAT2(data.get("variables"), tuple(fields[0]), tuple(fields[1]),  # type: ignore[arg-type]
                  data.get("matrix"), tuple(tuple(c) for c in fields[2]))  # type: ignore[arg-type]
        self.validate(q)
        return q

    def size(self, q: QSAT2) -> dict[str, int]:
        return {"variables": q.variables, "exists": len(q.xs), "forall": len(q.forall), "clauses": len(q.clauses),
                "literals": sum(len(c) for c in q.clauses)}

    def formats(self) -> dict[str, Format]:
        return {"qdimacs": Format("qdimacs", lambda text, _options: read(text), write, looks_like,
                                  "QDIMACS with one 'e' then one 'a' block ('p dnf': the lines are terms)",
                                  problem_of=qdimacs_problem)}

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random clauses (terms) of ``width`` distinct variables over x then y; ``planted`` is the verdict
        when the statement is true."""
        nx, ny = params["exists"], params["forall"]
        n = nx + ny
        matrix = MATRICES[params["matrix"]] if params["matrix"] < 2 else rng.choice(MATRICES)
        width = min(params["width"], n)
        clauses = tuple(tuple(v if rng.random() < 0.5 else -v for v in sorted(rng.sample(range(1, n + 1), width)))
                        for _ in range(params["clauses"])) if n else ()
        q = QSAT2(n, tuple(range(1, nx + 1)), tuple(range(nx + 1, n + 1)), matrix, clauses)
        return Generated(q, FIRST if self.first_wins(q) else None)

    def shrink(self, q: QSAT2) -> Iterator[QSAT2]:
        """Drop a clause, or a literal of a clause."""
        for i in range(len(q.clauses)):
            yield QSAT2(q.variables, q.exists, q.forall, q.matrix, q.clauses[:i] + q.clauses[i + 1:])
        for i, c in enumerate(q.clauses):
            for j in range(len(c)):
                yield QSAT2(q.variables, q.exists, q.forall, q.matrix,
                            q.clauses[:i] + (c[:j] + c[j + 1:],) + q.clauses[i + 1:])


PROBLEMS = [Qsat2Problem()]
