"""Boolean satisfiability and its clause-constraint variants.

Every problem here has the same instance, a :class:`Formula` (``variables`` n and clauses of signed
literals over 1..n, as in DIMACS), and the same solution, an assignment of every declared variable (a
tuple of n booleans; JSON: the DIMACS-style model ``[1, -2, 3]``). They differ in what a clause demands:

- ``sat``: CNF-SAT, clauses of any width (Cook 1971); accepts any DIMACS file.
- ``3sat``: clauses of at most three literals (Karp 1972; Garey & Johnson [LO2]).
- ``exact-3sat``: exactly three literals on three distinct variables.
- ``1in3sat``: exactly one literal of each clause true, negations allowed, one to three literals on distinct
  variables (Schaefer 1978; Garey & Johnson [LO4]). Short clauses occur in the Kurodoko reduction.
- ``positive-1in3sat``: the same without negations (Schaefer 1978).
- ``positive-nae3sat``: not-all-equal with two or three positive literals on distinct variables
  (Schaefer 1978; the Letter Boxed reduction, NYT seed, Theorem 11).

Counts are over every declared variable: a variable in no clause doubles the count (this is what a DIMACS
header's variable count means). One counted solution is one assignment of all n variables.

- ``projected-sat``: projected model counting (#∃SAT, the model counting competition's projected track): a
  CNF formula with the variables ``c p show`` lists (:class:`ShownFormula`); one counted solution is an
  assignment of the shown variables that some assignment of the others extends to a model (the model is
  its witness). DIMACS with a ``c p show`` (or, alone, ``c ind``) line is read as this problem, so that
  ``count`` says what Ganak, d4 and sharpSAT-TD say; ``c problem sat`` or ``--problem sat`` read it as a
  plain formula.
"""

from __future__ import annotations

import functools
import itertools
import re
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gadgetry.core import (
    CNF,
    MAX_DECLARED,
    VALID,
    Encoding,
    Format,
    Generated,
    InputError,
    Param,
    Problem,
    Verdict,
    invalid,
    parse_dimacs,
)
from gadgetry.core.cnf import PROJECTION_LINE

Assignment = tuple[bool, ...]

@dataclass(frozen=True)
class Formula:
    """``variables`` n and ``clauses``, each a tuple of non-zero literals over 1..n."""

    variables: int
    clauses: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class ShownFormula(Formula):
    """A formula with the variables a count is projected onto (sorted, each once; ``c p show``)."""

    shown: tuple[int, ...] = ()


def value(assignment: Assignment, lit: int) -> bool:
    """Truth value of literal ``lit`` under ``assignment`` (index i - 1 holds variable i)."""
    v = assignment[abs(lit) - 1]
    return v if lit > 0 else not v


def normalize(clause: Sequence[int]) -> tuple[int, ...] | None:
    """The clause with repeated literals merged (first occurrence kept), or None for a tautology."""
    lits = tuple(dict.fromkeys(clause))
    return None if any(-lit in lits for lit in lits) else lits


#: The structure classes of a formula, as named in the edge cases of the SAT family.
SAT_EDGE_CASES = ("unit-clause", "binary-clause", "repeated-literal", "tautology", "unused-variable",
                  "single-occurrence", "negative-only", "empty-formula", "one-variable", "two-variables")


class ClauseProblem(Problem):
    """Shared machinery; subclasses set the clause shape and :meth:`clause_holds`."""

    min_width: ClassVar[int] = 1
    max_width: ClassVar[int | None] = 3
    #: Whether a clause may be empty (then never satisfied), as DIMACS allows: CNF-SAT only.
    empty_clause: ClassVar[bool] = False
    positive: ClassVar[bool] = False
    distinct: ClassVar[bool] = True
    solution_is = "an assignment of every declared variable (a variable in no clause doubles the count)"
    params = (Param("variables", 6, 1, 500, "number of variables"),
              Param("clauses", 8, 0, 5000, "number of clauses"))
    exhaustive_params = (Param("variables", 3, 1, 4, "number of variables"),
                         Param("clauses", 2, 0, 3, "largest number of clauses"))
    modes = ("planted", "unsat", "unique")
    attempts = 2000
    attempts_hint = "try more clauses"
    mode_params = {"unsat": {"variables": 5, "clauses": 40}, "unique": {"variables": 5, "clauses": 25}}
    #: Clauses on distinct variables (``distinct``) rule out repeated literals and tautologies.
    edge_cases = tuple(e for e in SAT_EDGE_CASES if e not in ("repeated-literal", "tautology"))

    # -- what a clause demands -------------------------------------------------------------------
    def clause_holds(self, values: Sequence[bool]) -> bool:
        raise NotImplementedError

    def encode_clause(self, cnf: CNF, lits: list[int]) -> None:
        raise NotImplementedError

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, f: Formula) -> None:
        if not isinstance(f.variables, int) or isinstance(f.variables, bool) or f.variables < 0:
            raise InputError(f"{self.name}: 'variables' must be a non-negative integer")
        if f.variables > MAX_DECLARED:
            raise InputError(f"{self.name}: {f.variables} variables, more than the {MAX_DECLARED} gadgetry reads")
        for i, clause in enumerate(f.clauses, 1):
            width = len(clause)
            if (width < self.min_width and not (width == 0 and self.empty_clause)) or (
                    self.max_width is not None and width > self.max_width):
                shape = (f"{self.min_width} to {self.max_width}" if self.max_width != self.min_width
                         else str(self.min_width)) if self.max_width is not None else f"at least {self.min_width}"
                raise InputError(f"{self.name}: clause {i} has {width} literals, expected {shape}")
            for lit in clause:
                if not isinstance(lit, int) or isinstance(lit, bool) or lit == 0 or abs(lit) > f.variables:
                    raise InputError(f"{self.name}: clause {i} has literal {lit!r} outside ±1..{f.variables}")
                if self.positive and lit < 0:
                    raise InputError(f"{self.name}: clause {i} has negative literal {lit} (positive problem)")
            if self.distinct and len({abs(lit) for lit in clause}) != width:
                raise InputError(f"{self.name}: clause {i} repeats a variable")

    def check(self, f: Formula, a: Assignment) -> Verdict:
        if len(a) != f.variables:
            return invalid("wrong-length", f"assignment has {len(a)} values for {f.variables} variables")
        for i, clause in enumerate(f.clauses, 1):
            if not self.clause_holds([value(a, lit) for lit in clause]):
                return invalid("clause-violated", f"clause {i} {list(clause)}")
        return VALID

    def shown(self, f: Formula) -> Sequence[int]:
        """The variables a solution is counted by (its projection): all of them."""
        return range(1, f.variables + 1)

    def encode(self, f: Formula) -> Encoding:
        cnf = CNF()
        xs = [cnf.var(("x", i)) for i in range(1, f.variables + 1)]
        cnf.project(xs[v - 1] for v in self.shown(f))
        for clause in f.clauses:
            self.encode_clause(cnf, [xs[abs(lit) - 1] if lit > 0 else -xs[abs(lit) - 1] for lit in clause])
        return Encoding(cnf, lambda val: tuple(val(x) for x in xs))

    def instance_to_json(self, f: Formula) -> dict[str, Any]:
        return {"variables": f.variables, "clauses": [list(c) for c in f.clauses]}

    def instance_from_json(self, data: Mapping[str, Any]) -> Formula:
        missing = [k for k in ("variables", "clauses") if k not in data]
        if missing:
            raise InputError(f"{self.name}: malformed instance, no {missing[0]!r}")
        n = data["variables"]
        clauses = data["clauses"]
        if not isinstance(clauses, list) or not all(isinstance(c, list) for c in clauses):
            raise InputError(f"{self.name}: 'clauses' must be a list of lists of literals")
        if not isinstance(n, int) or isinstance(n, bool):
            raise InputError(f"{self.name}: 'variables' must be an integer")
        return Formula(n, tuple(tuple(c) for c in clauses))

    def solution_to_json(self, f: Formula, a: Assignment) -> list[int]:
        return [i if v else -i for i, v in enumerate(a, 1)]

    def solution_from_json(self, f: Formula, data: Any) -> Assignment:
        if not isinstance(data, list):
            raise InputError(f"{self.name}: a solution is a list of signed literals")
        if all(isinstance(x, bool) for x in data):
            return tuple(data)
        if not all(isinstance(x, int) and x != 0 for x in data):
            raise InputError(f"{self.name}: a solution is a list of non-zero signed literals")
        if sorted(abs(x) for x in data) != list(range(1, len(data) + 1)):
            raise InputError(f"{self.name}: the solution must give each variable 1..{len(data)} exactly once")
        out = [False] * len(data)
        for lit in data:
            out[abs(lit) - 1] = lit > 0
        return tuple(out)

    def size(self, f: Formula) -> dict[str, int]:
        return {"variables": f.variables, "clauses": len(f.clauses),
                "literals": sum(len(c) for c in f.clauses)}

    def formats(self) -> dict[str, Format]:
        return {"dimacs": Format("dimacs", lambda text, _options: self.from_dimacs(text), self.to_dimacs,
                                 looks_like_dimacs, "DIMACS CNF; a 'c problem NAME' comment names the problem",
                                 problem_of=dimacs_problem)}

    # -- DIMACS --------------------------------------------------------------------------------------
    def to_dimacs(self, f: Formula) -> str:
        lines = [f"c problem {self.name}", f"c {self.title}", f"p cnf {f.variables} {len(f.clauses)}"]
        lines += [" ".join(map(str, c)) + " 0" for c in f.clauses]
        return "\n".join(lines) + "\n"

    def from_dimacs(self, text: str) -> Formula:
        nvars, clauses, _projection = self.read_dimacs(text)
        f = Formula(nvars, clauses)
        self.validate(f)
        return f

    def read_dimacs(self, text: str) -> tuple[int, tuple[tuple[int, ...], ...], list[int] | None]:
        """``(variables, clauses, projection)`` of a DIMACS text, refused when it names another problem."""
        nvars, clauses, comments, projection = parse_dimacs(text)
        named = dimacs_problem_name(comments)
        if named is not None and named != self.name:
            raise InputError(f"DIMACS file says 'c problem {named}', but it is read as {self.name}")
        return nvars, tuple(tuple(c) for c in clauses), projection

    # -- sources -------------------------------------------------------------------------------------
    def random_clause(self, n: int, rng: random.Random, planted: Assignment | None,
                      width: int = 3) -> tuple[int, ...]:
        """A random clause of ``width`` literals (capped by the problem's widest clause and by n, as in the
        random k-SAT model), satisfied by ``planted`` when given."""
        width = min(self.max_width or width, width, n)
        for _ in range(1000):
            vars_ = rng.sample(range(1, n + 1), width)
            lits = tuple(v if self.positive or rng.random() < 0.5 else -v for v in vars_)
            if planted is None or self.clause_holds([value(planted, lit) for lit in lits]):
                return lits
            if not self.positive:
                # Some choice of signs is satisfied by the planted assignment: take a random one.
                fixed = self.repair(lits, planted, rng)
                if fixed is not None:
                    return fixed
        raise InputError(f"{self.name}: cannot plant a clause over {n} variables with this assignment")

    def repair(self, lits: tuple[int, ...], planted: Assignment, rng: random.Random) -> tuple[int, ...] | None:
        signs = list(itertools.product((1, -1), repeat=len(lits)))
        rng.shuffle(signs)
        for s in signs:
            cand = tuple(si * abs(lit) for si, lit in zip(s, lits))
            if self.clause_holds([value(planted, lit) for lit in cand]):
                return cand
        return None

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        f = self.random_formula(params, rng, None)
        return None if f is None else Generated(f)

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        planted = self.planted_assignment(self.check_size(params), rng)
        f = self.random_formula(params, rng, planted)
        return None if f is None else Generated(f, planted)

    def check_size(self, params: Mapping[str, int]) -> int:
        n = params["variables"]
        if n < self.min_width:
            raise InputError(f"{self.name}: needs variables >= {self.min_width}")
        return n

    def random_formula(self, params: Mapping[str, int], rng: random.Random,
                       planted: Assignment | None) -> Formula | None:
        """``clauses`` random clauses over ``variables`` (satisfied by ``planted`` when given); None when
        the construction got stuck."""
        n = self.check_size(params)
        k = params.get("width", 3)
        return Formula(n, tuple(self.random_clause(n, rng, planted, k) for _ in range(params["clauses"])))

    def planted_assignment(self, n: int, rng: random.Random) -> Assignment:
        return tuple(rng.random() < 0.5 for _ in range(n))

    def all_clauses(self, n: int) -> list[tuple[int, ...]]:
        """Every valid clause over n variables on distinct variables, in a canonical order, then (where the
        problem allows them) the degenerate clauses of two literals, ``x x`` and ``x -x``, and the empty
        clause."""
        out = []
        hi = self.max_width if self.max_width is not None else n
        for width in range(self.min_width, min(hi, n) + 1):
            for vars_ in itertools.combinations(range(1, n + 1), width):
                for signs in itertools.product(*(((1,) if self.positive else (1, -1)) for _ in vars_)):
                    out.append(tuple(s * v for s, v in zip(signs, vars_)))
        if not self.distinct and self.min_width <= 2 <= (self.max_width or 2):
            out += [(lit, lit) for v in range(1, n + 1) for lit in (v, -v)]
            out += [(v, -v) for v in range(1, n + 1)]
        if self.empty_clause:
            out.append(())
        return out

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Formula]:
        """Every set of up to ``clauses`` distinct valid clauses over 1, 2, ..., ``variables`` variables,
        smallest first: short clauses, repeated literals and tautologies (where legal), unused variables and
        the empty formula all occur."""
        most = params["clauses"]
        for n in range(1, params["variables"] + 1):
            pool = self.all_clauses(n)
            for m in range(most + 1):
                for clauses in itertools.combinations(pool, m):
                    yield Formula(n, clauses)

    def brute_force(self, f: Formula) -> Iterator[Assignment]:
        for a in itertools.product((False, True), repeat=f.variables):
            if self.check(f, a):
                yield a

    # -- structures, edge cases and shrinking ------------------------------------------------------------
    def structures(self, f: Formula) -> frozenset[str]:
        return formula_structures(f)

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random formula made to show ``name`` (one of :data:`SAT_EDGE_CASES`)."""
        n = {"one-variable": 1, "two-variables": 2}.get(name, max(params["variables"], 3))
        m = 0 if name == "empty-formula" else rng.randint(1, max(1, min(params["clauses"], 2 * n)))
        f = self.edge_formula(name, n, m, rng)
        return None if f is None else Generated(f)

    def edge_formula(self, name: str, n: int, m: int, rng: random.Random) -> Formula | None:
        """``m`` random clauses over n variables, one of them (or one variable) changed to show ``name``."""
        if n < self.min_width:
            return Formula(n, ())
        free = 1 if name in ("unused-variable", "single-occurrence") and n > self.min_width else 0
        clauses = [list(self.random_clause(n - free, rng, None, rng.randint(self.min_width, 3)))
                   for _ in range(m)]
        if not clauses:
            return Formula(n, ())
        i = rng.randrange(len(clauses))
        x = rng.randint(1, n - free)
        lit = x if self.positive or rng.random() < 0.5 else -x
        others = [v for v in range(1, n - free + 1) if v != x]
        y = rng.choice(others) if others else None
        if name == "unit-clause":
            clauses[i] = [lit]
        elif name == "binary-clause":
            clauses[i] = [lit] if y is None else [lit, y if self.positive or rng.random() < 0.5 else -y]
        # x x y and x -x y where a third literal fits: the two-literal forms are in the exhaustive sets
        elif name == "repeated-literal":
            clauses[i] = [lit, lit] + ([] if y is None else [y])
        elif name == "tautology":
            clauses[i] = [lit, -lit] + ([] if y is None else [y])
        elif name == "single-occurrence":  # the free variable n replaces one literal
            clauses[i][rng.randrange(len(clauses[i]))] = n if self.positive or rng.random() < 0.5 else -n
        elif name == "empty-clause":
            clauses[i] = []
        elif name == "negative-only":
            clauses = [[-abs(v) if abs(v) == x else v for v in c] for c in clauses]
            if not any(-x in c for c in clauses):
                clauses[i][0] = -x
        perm = rng.sample(range(1, n + 1), n)  # rename variables so the special one is anywhere
        return Formula(n, tuple(tuple(perm[abs(v) - 1] * (1 if v > 0 else -1) for v in c) for c in clauses))

    def shrink(self, f: Formula) -> Iterator[Formula]:
        """Valid smaller formulas: a clause deleted, a literal deleted, or a variable deleted with its
        literals (clauses left empty dropped) and the variables above it renumbered down."""
        return filter(self.is_valid, shrink_formula(f))


def formula_structures(f: Formula) -> frozenset[str]:
    """Which of :data:`SAT_EDGE_CASES` (and ``empty-clause``, CNF-SAT's) the formula shows."""
    out = set()
    occurs: dict[int, set[int]] = {}
    for i, clause in enumerate(f.clauses):
        width = len(clause)
        if width == 0:
            out.add("empty-clause")
        elif width == 1:
            out.add("unit-clause")
        elif width == 2:
            out.add("binary-clause")
        if len(set(clause)) < width:
            out.add("repeated-literal")
        if any(-lit in clause for lit in clause):
            out.add("tautology")
        for lit in clause:
            occurs.setdefault(lit, set()).add(i)
    used = {abs(lit) for lit in occurs}
    if any(v not in used for v in range(1, f.variables + 1)):
        out.add("unused-variable")
    if any(len(occurs.get(v, set()) | occurs.get(-v, set())) == 1 for v in used):
        out.add("single-occurrence")
    if any(v not in occurs for v in used):
        out.add("negative-only")
    if not f.clauses:
        out.add("empty-formula")
    out |= {1: {"one-variable"}, 2: {"two-variables"}}.get(f.variables, set())
    return frozenset(out)


def shrink_formula(f: Formula) -> Iterator[Formula]:
    """Smaller formulas, largest cuts first: a variable deleted with every literal of it (clauses left empty
    dropped, variables above renumbered), a clause deleted, one literal deleted; then a variable identified
    with a lower one or its negation (``x2 := x1`` or ``x2 := -x1``, renumbered), which reaches the
    repeated literals and tautologies a slip may need from formulas that have none."""
    def renumber(lit: int, v: int) -> int:
        return lit - (lit > v) + (lit < -v)

    for v in range(1, f.variables + 1):
        clauses = tuple(kept for kept in (tuple(renumber(x, v) for x in c if abs(x) != v)
                                          for c in f.clauses) if kept)
        yield Formula(f.variables - 1, clauses)
    for i in range(len(f.clauses)):
        yield Formula(f.variables, f.clauses[:i] + f.clauses[i + 1:])
    for i, clause in enumerate(f.clauses):
        for j in range(len(clause)):
            if len(clause) > 1:
                yield Formula(f.variables, f.clauses[:i] + (clause[:j] + clause[j + 1:],) + f.clauses[i + 1:])
    for v in range(2, f.variables + 1):
        for u in range(1, v):
            for sign in (1, -1):
                yield Formula(f.variables - 1, tuple(
                    tuple(renumber(sign * u * (1 if x > 0 else -1) if abs(x) == v else x, v) for x in c)
                    for c in f.clauses))


class Sat(ClauseProblem):
    name = "sat"
    title = "CNF satisfiability"
    paper = "Cook 1971"
    max_width = None
    distinct = False
    empty_clause = True
    params = (*ClauseProblem.params, Param("width", 5, 1, 50, "literals per generated clause (at most variables)"))
    mode_params = {"unsat": {"variables": 5, "clauses": 80, "width": 4},
                   "unique": {"variables": 5, "clauses": 40, "width": 4}}
    edge_cases = (*SAT_EDGE_CASES, "empty-clause")  # CNF allows every one: short clauses, x x y, x -x y, ...

    def clause_holds(self, values: Sequence[bool]) -> bool:
        return any(values)

    def encode_clause(self, cnf: CNF, lits: list[int]) -> None:
        """The clause itself; an empty one as a contradiction on an auxiliary outside the projection (not
        every solver and counter reads an empty DIMACS clause)."""
        if not lits:
            z = cnf.var("empty-clause")
            cnf.extend([[z], [-z]])
        else:
            cnf.add(lits)


class ThreeSat(Sat):
    name = "3sat"
    title = "3-satisfiability: clauses of at most three literals"
    paper = "Karp 1972; Garey & Johnson [LO2]"
    max_width = 3
    empty_clause = False
    edge_cases = SAT_EDGE_CASES
    params = ClauseProblem.params
    mode_params = ClauseProblem.mode_params


class ExactThreeSat(ThreeSat):
    name = "exact-3sat"
    title = "exact 3-satisfiability: three literals on distinct variables per clause"
    min_width = 3
    distinct = True
    #: Three literals on distinct variables: no short clause, repeated literal or tautology; one or two
    #: variables only in the empty formula.
    edge_cases = ("unused-variable", "single-occurrence", "negative-only", "empty-formula", "one-variable",
                  "two-variables")
    exhaustive_params = (Param("variables", 3, 3, 4, "number of variables"),
                         Param("clauses", 8, 0, 8, "largest number of clauses"))


class OneInThreeSat(ClauseProblem):
    name = "1in3sat"
    title = "1-in-3 satisfiability: exactly one true literal per clause"
    paper = "Schaefer 1978; Garey & Johnson [LO4]"

    def clause_holds(self, values: Sequence[bool]) -> bool:
        return sum(values) == 1

    def encode_clause(self, cnf: CNF, lits: list[int]) -> None:
        cnf.exactly_one(lits)


class PositiveOneInThreeSat(OneInThreeSat):
    name = "positive-1in3sat"
    title = "positive 1-in-3 satisfiability: exactly one true variable per clause, no negations"
    positive = True
    edge_cases = tuple(e for e in OneInThreeSat.edge_cases if e != "negative-only")
    exhaustive_params = (Param("variables", 4, 1, 5, "number of variables"),
                         Param("clauses", 3, 0, 4, "largest number of clauses"))

    def planted_assignment(self, n: int, rng: random.Random) -> Assignment:
        # About a third true, with at least one true and two false variables (when n allows), so that
        # clauses with exactly one true variable exist.
        a = [rng.random() < 1 / 3 for _ in range(n)]
        order = rng.sample(range(n), n)
        a[order[0]] = True
        for i in order[1:3]:
            a[i] = False
        return tuple(a)


class PositiveNaeThreeSat(ClauseProblem):
    name = "positive-nae3sat"
    title = "positive not-all-equal 3-satisfiability"
    paper = "Schaefer 1978"
    min_width = 2
    positive = True
    #: Two or three positive literals on distinct variables; one variable only in the empty formula.
    edge_cases = ("binary-clause", "unused-variable", "single-occurrence", "empty-formula", "one-variable",
                  "two-variables")
    # The complement of a solution is a solution, so counts are even and "unique" is impossible.
    modes = ("planted", "unsat")
    exhaustive_params = (Param("variables", 4, 2, 5, "number of variables"),
                         Param("clauses", 3, 0, 4, "largest number of clauses"))

    def planted_assignment(self, n: int, rng: random.Random) -> Assignment:
        a = [rng.random() < 0.5 for _ in range(n)]
        first, second = rng.sample(range(n), 2)
        a[first], a[second] = True, False
        return tuple(a)

    def clause_holds(self, values: Sequence[bool]) -> bool:
        return any(values) and not all(values)

    def encode_clause(self, cnf: CNF, lits: list[int]) -> None:
        cnf.add(lits)
        cnf.add([-lit for lit in lits])


_DIMACS_LINE = re.compile(r"^(?:c(?:\s.*)?|p\s.*|%.*|(?:-?[0-9]+\s+)*-?[0-9]+)$")


@functools.lru_cache(maxsize=2)  # asked once by each of the nine problems that read DIMACS
def looks_like_dimacs(text: str) -> bool:
    """Whether every line of ``text`` has a DIMACS shape (a ``c`` comment, a ``p`` header, a SATLIB ``%``
    line, or integer literals) and some line is a ``p`` header or a comment; a malformed header or literal
    is left for :func:`parse_dimacs` to name."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return bool(lines) and all(_DIMACS_LINE.match(ln) for ln in lines) and any(ln[0] in "cp" for ln in lines)


def dimacs_problem_name(comments: Sequence[str]) -> str | None:
    """The problem named by a ``c problem NAME`` comment, if any."""
    for line in comments:
        parts = line.split()
        if len(parts) == 2 and parts[0] == "problem":
            return parts[1]
    return None


@functools.lru_cache(maxsize=2)
def dimacs_problem(text: str) -> str:
    """The problem a DIMACS text is an instance of: the one its ``c problem NAME`` comment names, else
    ``projected-sat`` when it has a projection line, else ``sat``."""
    comments = [ln.strip()[1:] for ln in text.splitlines() if ln.strip()[:1] == "c"]
    named = dimacs_problem_name(comments)
    if named is not None:
        return named
    return "projected-sat" if any(PROJECTION_LINE.match(c.strip()) for c in comments) else "sat"


def _integers(values: Sequence[Any]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


class ProjectedSat(Sat):
    """Projected model counting (module docstring): a :class:`Sat` formula and the shown variables; a
    solution is a model (checked as in ``sat``), counted once per assignment of the shown variables."""

    name = "projected-sat"
    title = "projected CNF satisfiability: models counted by their shown variables (c p show)"
    paper = "model counting competition, projected track; Aziz, Chu, Muise & Stuckey 2015 (#∃SAT)"
    solution_is = ("a model of the formula (every variable), counted once per assignment of the shown "
                   "variables")
    params = (*Sat.params, Param("shown", 3, 0, 500, "shown variables (a random subset; at most variables)"))
    mode_params = {"unsat": {"variables": 5, "clauses": 80, "width": 4, "shown": 3},
                   "unique": {"variables": 5, "clauses": 30, "width": 4, "shown": 3}}
    edge_cases = (*Sat.edge_cases, "nothing-shown", "everything-shown")
    chain_hint = ("a projected formula counts its shown variables only, which no reduction keeps: read the "
                  "file with --problem sat to reduce the plain formula")

    def validate(self, f: Formula) -> None:
        super().validate(f)
        shown = getattr(f, "shown", None)
        if not isinstance(shown, tuple) or not _integers(shown):
            raise InputError(f"{self.name}: 'shown' must be a list of variables")
        if any(not 1 <= v <= f.variables for v in shown):
            v = next(v for v in shown if not 1 <= v <= f.variables)
            raise InputError(f"{self.name}: shown variable {v} is outside 1..{f.variables}")
        if list(shown) != sorted(set(shown)):
            raise InputError(f"{self.name}: 'shown' must list each variable once, in increasing order")

    def shown(self, f: ShownFormula) -> Sequence[int]:  # type: ignore[override]
        return f.shown

    def solution_key(self, f: ShownFormula, a: Assignment) -> tuple[bool, ...]:  # type: ignore[override]
        """What a count counts: the shown variables' values."""
        return tuple(a[v - 1] for v in f.shown)

    def brute_force(self, f: ShownFormula) -> Iterator[Assignment]:  # type: ignore[override]
        """The first model (in binary order) of each assignment of the shown variables that has one."""
        seen: set[tuple[bool, ...]] = set()
        for a in super().brute_force(f):
            key = self.solution_key(f, a)
            if key not in seen:
                seen.add(key)
                yield a

    def instance_to_json(self, f: ShownFormula) -> dict[str, Any]:  # type: ignore[override]
        return {**super().instance_to_json(f), "shown": list(f.shown)}

    def instance_from_json(self, data: Mapping[str, Any]) -> ShownFormula:
        f = super().instance_from_json(data)
        if "shown" not in data:
            raise InputError(f"{self.name}: malformed instance, no 'shown'")
        shown = data["shown"]
        if not isinstance(shown, list) or not _integers(shown):
            raise InputError(f"{self.name}: 'shown' must be a list of variables")
        return ShownFormula(f.variables, f.clauses, tuple(sorted(set(shown))))  # in any order, as DIMACS

    def size(self, f: ShownFormula) -> dict[str, int]:  # type: ignore[override]
        return {**super().size(f), "shown": len(f.shown)}

    def to_dimacs(self, f: ShownFormula) -> str:  # type: ignore[override]
        head, rest = super().to_dimacs(f).split("\np cnf ", 1)
        return f"{head}\nc p show {' '.join(map(str, (*f.shown, 0)))}\np cnf {rest}"

    def from_dimacs(self, text: str) -> ShownFormula:
        nvars, clauses, projection = self.read_dimacs(text)
        shown = range(1, nvars + 1) if projection is None else projection  # no projection line: all shown
        f = ShownFormula(nvars, clauses, tuple(sorted(set(shown))))
        self.validate(f)
        return f

    # -- sources: a Sat formula and a random set of shown variables ----------------------------------
    def _shown(self, f: Formula | None, k: int, rng: random.Random) -> ShownFormula | None:
        if f is None:
            return None
        return ShownFormula(f.variables, f.clauses, tuple(sorted(rng.sample(range(1, f.variables + 1),
                                                                             min(k, f.variables)))))

    def random_formula(self, params: Mapping[str, int], rng: random.Random,
                       planted: Assignment | None) -> ShownFormula | None:
        return self._shown(super().random_formula(params, rng, planted), params["shown"], rng)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[ShownFormula]:  # type: ignore[override]
        """Every formula of ``sat``'s exhaustive set with every set of shown variables."""
        for f in super().exhaustive(params):
            for k in range(f.variables + 1):
                for shown in itertools.combinations(range(1, f.variables + 1), k):
                    yield ShownFormula(f.variables, f.clauses, shown)

    def structures(self, f: ShownFormula) -> frozenset[str]:  # type: ignore[override]
        extra = {"nothing-shown"} if not f.shown else set()
        if len(f.shown) == f.variables:
            extra.add("everything-shown")
        return formula_structures(f) | extra

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        if name in ("nothing-shown", "everything-shown"):
            f = super().random_formula(params, rng, None)
            return None if f is None else Generated(self._shown(f, 0 if name == "nothing-shown" else f.variables,
                                                                 rng))
        gen = super().draw_edge(name, params, rng)
        return None if gen is None else Generated(self._shown(gen.instance, params["shown"], rng))

    def shrink(self, f: ShownFormula) -> Iterator[ShownFormula]:  # type: ignore[override]
        """A shown variable hidden, or a ``sat`` shrink with the shown variables that are left."""
        for i in range(len(f.shown)):
            yield ShownFormula(f.variables, f.clauses, f.shown[:i] + f.shown[i + 1:])
        for g in shrink_formula(f):
            smaller = ShownFormula(g.variables, g.clauses, tuple(v for v in f.shown if v <= g.variables))
            if self.is_valid(smaller):
                yield smaller


PROBLEMS: list[ClauseProblem] = [Sat(), ThreeSat(), ExactThreeSat(), OneInThreeSat(), PositiveOneInThreeSat(),
                                 PositiveNaeThreeSat(), ProjectedSat()]
