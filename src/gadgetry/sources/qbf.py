"""Quantified Boolean formulas in prenex CNF (QBF; Stockmeyer and Meyer 1973, PSPACE-complete), the source
of the PSPACE games (Schaefer 1978).

An instance (:class:`QBF`) is ``variables`` n, a ``prefix`` of quantifier blocks (``("e", (1, 2))`` for
"there exist x1, x2", ``("a", (3,))`` for "for all x3"; each variable in at most one block) and CNF
``clauses`` over 1..n. A variable in no block is *free* and counts as existential, outermost (as QDIMACS
says). Formats: the JSON envelope and QDIMACS (``p cnf V C``, then ``e``/``a`` lines ending in 0, then the
clauses, as in DIMACS).

**Identity**: QBF is the formula game: the existential player sets the existential variables, the
universal player the universal ones, in prefix order; the existential player wins iff the formula is true.
Like the games (:mod:`gadgetry.core.game`), a solution is the verdict ``"first"``, present exactly when the
formula is true (the existential player is the first to move, after padding with a dummy universal block
if need be): a true formula has one solution, a false one none, so a reduction to a game is parsimonious
iff it keeps the winner. :meth:`QbfProblem.first_wins` decides a formula with PyQBF's solver when the
``pyqbf`` package is installed (the ``qbf`` extra), else with :func:`evaluate`; :meth:`brute_force` is
:func:`evaluate`, the plain evaluator over all assignments in prefix order (for small formulas).
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import MAX_DECLARED, Format, Generated, InputError, LimitReached, Param, parse_dimacs
from gadgetry.core.game import FIRST, GameProblem
from gadgetry.core.values import is_int

NAME = "qbf"
QUANTIFIERS = ("e", "a")
#: The most variables :func:`evaluate` takes (its search is exponential and recursive).
EVALUATOR_LIMIT = 200


@dataclass(frozen=True)
class QBF:
    """A prenex CNF formula; see the module docstring."""

    variables: int
    prefix: tuple[tuple[str, tuple[int, ...]], ...]
    clauses: tuple[tuple[int, ...], ...]


def order(q: QBF) -> list[tuple[str, int]]:
    """Every variable with its quantifier, outermost first: the free variables (existential) in increasing
    order, then the blocks' variables as written."""
    bound = {v for _q, vs in q.prefix for v in vs}
    free = [("e", v) for v in range(1, q.variables + 1) if v not in bound]
    return free + [(quant, v) for quant, vs in q.prefix for v in vs]


def evaluate(q: QBF) -> bool:
    """Whether ``q`` is true: the formula game searched over the variables in prefix order, a branch ending
    as soon as a clause is falsified or every clause is satisfied (exponential: small formulas)."""
    seq = order(q)
    if len(seq) > EVALUATOR_LIMIT:
        raise LimitReached(f"{NAME}: the evaluator takes at most {EVALUATOR_LIMIT} variables (install pyqbf, "
                           f"the 'qbf' extra, for larger formulas)")

    def value(i: int, clauses: tuple[frozenset[int], ...]) -> bool:
        if not clauses:
            return True
        if any(not c for c in clauses):
            return False
        quant, v = seq[i]
        results = (value(i + 1, assign(clauses, lit)) for lit in (v, -v))
        return any(results) if quant == "e" else all(results)

    return value(0, tuple(frozenset(c) for c in q.clauses))


def assign(clauses: tuple[frozenset[int], ...], lit: int) -> tuple[frozenset[int], ...]:
    """The clauses with literal ``lit`` true: satisfied clauses dropped, ``-lit`` removed from the rest."""
    return tuple(c - {-lit} for c in clauses if lit not in c)


def solve_pyqbf(q: QBF) -> bool | None:
    """Whether ``q`` is true by PyQBF's default solver, or None when ``pyqbf`` is not installed."""
    try:
        from pyqbf.formula import PCNF
        from pyqbf.solvers import solve
    except ImportError:
        return None
    formula = PCNF(from_clauses=[list(c) for c in q.clauses])
    for quant, v in order(q):
        (formula.exists if quant == "e" else formula.forall)(v)
    return bool(solve(formula))


# -- QDIMACS ----------------------------------------------------------------------------------------
_QUANT_LINE = re.compile(r"^[ea](?:\s+-?[0-9]+)*\s*$")
_QDIMACS_LINE = re.compile(r"^(?:c(?:\s.*)?|p\s.*|[ea](?:\s+-?[0-9]+)*|(?:-?[0-9]+\s+)*-?[0-9]+)$")


@functools.lru_cache(maxsize=2)  # asked by both problems that read QDIMACS
def looks_like_qdimacs(text: str) -> bool:
    """Every line a QDIMACS line, a ``p`` header, and a quantifier line or a ``c problem qbf`` (``qsat2``) comment
    (a DIMACS file without either is read as ``sat``)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if not lines or not all(_QDIMACS_LINE.match(ln) for ln in lines) or not any(ln[0] == "p" for ln in lines):
        return False
    return any(ln[0] in QUANTIFIERS for ln in lines) or any(ln.split()[:2] == ["c", "problem"]
                                                            and ln.split()[2:3] in ([NAME], ["qsat2"]) for ln in lines)


def qdimacs_problem(text: str) -> str:
    """The problem a QDIMACS text is an instance of: ``qsat2`` when a ``c problem qsat2`` comment or a
    ``p dnf`` header says so, else ``qbf``."""
    for line in text.splitlines():
        if line.split()[:3] == ["c", "problem", "qsat2"] or line.split()[:2] == ["p", "dnf"]:
            return "qsat2"
    return NAME


def read_qdimacs(text: str) -> QBF:
    """QDIMACS: the DIMACS header and clauses with quantifier lines between them (one line error)."""
    prefix: list[tuple[str, tuple[int, ...]]] = []
    rest: list[str] = []
    header = clauses_seen = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line[:1] in QUANTIFIERS:
            if not header or clauses_seen:
                raise InputError(f"QDIMACS line {lineno}: a quantifier line must come after the 'p cnf' header "
                                 "and before the clauses")
            toks = line.split()[1:]
            if not toks or toks[-1] != "0" or not all(re.match(r"^[0-9]{1,18}$", t) and int(t) > 0 for t in toks[:-1]):
                raise InputError(f"QDIMACS line {lineno}: a quantifier line is 'e|a VAR ... 0' with positive "
                                 f"variables, got {line[:60]!r}")
            vs = tuple(int(t) for t in toks[:-1])
            if prefix and prefix[-1][0] == line[0]:
                prefix[-1] = (line[0], prefix[-1][1] + vs)
            elif vs:
                prefix.append((line[0], vs))
            rest.append("c")  # keep line numbers for parse_dimacs's messages
            continue
        header = header or line.startswith("p")
        clauses_seen = clauses_seen or (header and bool(line) and line[0] not in "cp")
        rest.append(raw)
    nvars, clauses, _comments, _projection = parse_dimacs("\n".join(rest))
    return QBF(nvars, tuple(prefix), tuple(tuple(c) for c in clauses))


def write_qdimacs(q: QBF) -> str:
    lines = [f"c problem {NAME}", f"p cnf {q.variables} {len(q.clauses)}"]
    lines += [f"{quant} {' '.join(map(str, vs))} 0" for quant, vs in q.prefix]
    lines += [" ".join(map(str, [*c, 0])) for c in q.clauses]
    return "\n".join(lines) + "\n"


# -- the problem -------------------------------------------------------------------------------------
class QbfProblem(GameProblem):
    """Prenex CNF QBF; see the module docstring."""

    name = NAME
    title = "quantified Boolean formulas in prenex CNF (QDIMACS)"
    paper = "Stockmeyer and Meyer 1973 (QBF is PSPACE-complete); Schaefer 1978"
    solution_is = "the verdict 'first': the formula is true (the existential player wins; one solution iff so)"
    params = (Param("variables", 4, 1, 40, "number of variables"),
              Param("clauses", 5, 0, 200, "number of clauses"),
              Param("width", 3, 1, 10, "literals per clause (at most variables)"),
              Param("blocks", 3, 1, 40, "quantifier blocks, alternating, the first existential "
                                        "(at most variables)"))
    modes = ("planted", "unsat")
    exhaustive_params = (Param("variables", 2, 1, 2, "largest number of variables"),
                         Param("clauses", 2, 0, 3, "largest number of clauses"))

    def validate(self, q: QBF) -> None:
        if not isinstance(q, QBF):
            raise InputError(f"{NAME}: not a QBF instance")
        if not is_int(q.variables) or not 0 <= q.variables <= MAX_DECLARED:
            raise InputError(f"{NAME}: variables must be an integer from 0 to {MAX_DECLARED}")
        if not isinstance(q.prefix, tuple) or not isinstance(q.clauses, tuple):
            raise InputError(f"{NAME}: prefix and clauses must be tuples")
        seen: set[int] = set()
        for block in q.prefix:
            if not (isinstance(block, tuple) and len(block) == 2 and block[0] in QUANTIFIERS
                    and isinstance(block[1], tuple) and block[1]):
                raise InputError(f"{NAME}: a quantifier block is ['e' or 'a', [variables...]], non-empty")
            for v in block[1]:
                if not is_int(v) or not 1 <= v <= q.variables:
                    raise InputError(f"{NAME}: quantified variable {v!r} is not in 1..{q.variables}")
                if v in seen:
                    raise InputError(f"{NAME}: variable {v} is quantified twice")
                seen.add(v)
        for i, c in enumerate(q.clauses):
            if not isinstance(c, tuple) or not all(is_int(lit) and lit != 0 and abs(lit) <= q.variables for lit in c):
                raise InputError(f"{NAME}: clause {i} must hold non-zero literals over 1..{q.variables}")

    def first_wins(self, q: QBF) -> bool:
        decided = solve_pyqbf(q)
        return evaluate(q) if decided is None else decided

    def brute_force(self, q: QBF) -> Iterator[str]:
        if evaluate(q):
            yield FIRST

    def instance_to_json(self, q: QBF) -> dict[str, Any]:
        return {"variables": q.variables, "prefix": [[quant, list(vs)] for quant, vs in q.prefix],
                "clauses": [list(c) for c in q.clauses]}

    def instance_from_json(self, data: Mapping[str, Any]) -> QBF:
        prefix, clauses = data.get("prefix"), data.get("clauses")
        if not isinstance(prefix, list) or not isinstance(clauses, list) or \
                not all(isinstance(b, list) and len(b) == 2 and isinstance(b[1], list) for b in prefix) or \
                not all(isinstance(c, list) for c in clauses):
            raise InputError(f"{NAME}: an instance is {{'variables', 'prefix': [['e', [1, 2]], ['a', [3]], ...], "
                             f"'clauses': [[1, -3], ...]}}")
        q = QBF(data.get("variables"), tuple((b[0], tuple(b[1])) for b in prefix),  # type: ignore[arg-type]
                tuple(tuple(c) for c in clauses))
        self.validate(q)
        return q

    def size(self, q: QBF) -> dict[str, int]:
        return {"variables": q.variables, "clauses": len(q.clauses), "literals": sum(len(c) for c in q.clauses)}

    def formats(self) -> dict[str, Format]:
        return {"qdimacs": Format("qdimacs", lambda text, _options: read_qdimacs(text), write_qdimacs,
                                  looks_like_qdimacs, "QDIMACS: prenex CNF with 'e'/'a' quantifier lines",
                                  problem_of=qdimacs_problem)}

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        """Random clauses of ``width`` distinct variables, the variables split into ``blocks`` alternating
        blocks in a random order; ``planted`` is the verdict when the formula is true."""
        n = params["variables"]
        width, blocks = min(params["width"], n), min(params["blocks"], n)
        clauses = tuple(tuple(v if rng.random() < 0.5 else -v for v in sorted(rng.sample(range(1, n + 1), width)))
                        for _ in range(params["clauses"]))
        names = rng.sample(range(1, n + 1), n)
        cuts = sorted(rng.sample(range(1, n), blocks - 1)) if blocks > 1 else []
        parts = [names[a:b] for a, b in zip([0, *cuts], [*cuts, n])]
        q = QBF(n, tuple((QUANTIFIERS[i % 2], tuple(p)) for i, p in enumerate(parts)), clauses)
        return Generated(q, FIRST if self.first_wins(q) else None)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[QBF]:
        """Every formula on up to ``variables`` variables (quantified in order 1..n, each existential or
        universal, blocks merged) with up to ``clauses`` distinct clauses of one or two literals on distinct
        variables (and the empty clause)."""
        for n in range(1, params["variables"] + 1):
            lits = [v * s for v in range(1, n + 1) for s in (1, -1)]
            pool = [()] + [(a,) for a in lits] + [c for c in itertools.combinations(lits, 2) if abs(c[0]) != abs(c[1])]
            for quants in itertools.product(QUANTIFIERS, repeat=n):
                prefix = blocks_of(list(zip(quants, range(1, n + 1))))
                for k in range(params["clauses"] + 1):
                    for clauses in itertools.combinations(pool, k):
                        yield QBF(n, prefix, clauses)

    def shrink(self, q: QBF) -> Iterator[QBF]:
        """Drop a clause, or a literal of a clause, or the last variable (with its literals)."""
        for i in range(len(q.clauses)):
            yield QBF(q.variables, q.prefix, q.clauses[:i] + q.clauses[i + 1:])
        for i, c in enumerate(q.clauses):
            for j in range(len(c)):
                yield QBF(q.variables, q.prefix, q.clauses[:i] + (c[:j] + c[j + 1:],) + q.clauses[i + 1:])
        if q.variables > 1:
            n = q.variables
            prefix = blocks_of([(quant, v) for quant, vs in q.prefix for v in vs if v != n])
            clauses = tuple(tuple(lit for lit in c if abs(lit) != n) for c in q.clauses)
            yield QBF(n - 1, prefix, clauses)


def blocks_of(seq: Sequence[tuple[str, int]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Quantified variables in order as blocks, neighbours of one quantifier merged."""
    out: list[tuple[str, tuple[int, ...]]] = []
    for quant, v in seq:
        if out and out[-1][0] == quant:
            out[-1] = (quant, out[-1][1] + (v,))
        else:
            out.append((quant, (v,)))
    return tuple(out)


PROBLEMS = [QbfProblem()]
