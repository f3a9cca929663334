"""Formulas drawn rectilinearly with their variables on a line: positive planar 1-in-3SAT (NYT-games seed,
Definition 15; Pips, Theorem 16, and Strands, section 4, reduce from it; NP-hard by Mulzer & Rote 2008)
and planar 3SAT (Lichtenstein 1982, in the variables-on-a-line form of Knuth & Raghunathan 1992), with its
monotone form (positive clauses above the line, negative below; de Berg & Khosravi 2010).

In ``planar-positive-1in3sat`` every clause has exactly three distinct positive variables and must have
exactly one true variable; in ``planar-3sat`` a clause has one to three literals on distinct variables and
must have a true one. The variable-clause graph is drawn *rectilinearly* (the seed's Figure 7): variables
in ``order`` along a horizontal line, each clause a comb above or below the line with one leg per
literal (three for 1-in-3 clauses), its horizontal bar at height
``level`` and its legs straight vertical segments. As in Knuth & Raghunathan's drawings a variable is a
short horizontal box, so several legs can meet one variable side by side.

The embedding is valid when, on each side, any two clauses are disjoint (touching at a shared end variable
is allowed) or one lies inside a single gap between two consecutive legs of the other (touching the gap's
ends allowed) with a strictly smaller level. :func:`check_rectilinear` tests this (``validate``);
:func:`check_planar` independently asks networkx whether the variable-clause graph plus the path along
the line is planar (it is for every valid embedding: the tests check it on every generated one, and
``validate`` does not repeat it). :func:`layout` gives grid columns for every leg, :func:`render` draws it.

Counts and solutions are those of ``positive-1in3sat`` (``3sat``) on the same formula: one counted solution
is an assignment of every declared variable. DIMACS is not offered: it cannot carry the embedding.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gadgetry.core import Encoding, Format, Generated, InputError, Param, Problem, Verdict
from gadgetry.sources.sat import (
    Assignment,
    ClauseProblem,
    Formula,
    PositiveOneInThreeSat,
    ThreeSat,
    formula_structures,
    value,
)

if TYPE_CHECKING:
    import networkx as nx

NAME = "planar-positive-1in3sat"
PLANAR_3SAT = "planar-3sat"
PLANAR_MONOTONE_3SAT = "planar-monotone-3sat"
SIDES = ("above", "below")
#: Without an 'order' field, variables 1..n stand in this order along the line, for n up to this.
MAX_DEFAULT_ORDER = 100_000


@dataclass(frozen=True)
class PlanarFormula:
    """A positive 1-in-3 formula with its rectilinear embedding.

    ``order`` lists the variables left to right along the line (a permutation of 1..n); clause i is drawn
    on side ``sides[i]`` ("above"/"below") with its bar at height ``levels[i]`` (a positive int).
    """

    formula: Formula
    order: tuple[int, ...]
    sides: tuple[str, ...]
    levels: tuple[int, ...]


# -- geometry ------------------------------------------------------------------------------------------
def positions(inst: PlanarFormula) -> dict[int, int]:
    """The position (0-based, left to right) of each variable along the line."""
    return {v: p for p, v in enumerate(inst.order)}


def left_to_right(inst: PlanarFormula, i: int) -> tuple[int, ...]:
    """The variables of clause ``i`` (0-based) in left-to-right order along the line."""
    pos = positions(inst)
    return tuple(sorted((abs(lit) for lit in inst.formula.clauses[i]), key=pos.__getitem__))


def _legs(inst: PlanarFormula) -> list[tuple[int, ...]]:
    """Each clause's leg positions, sorted."""
    return legs_of(inst.order, inst.formula.clauses)


def legs_of(order: Sequence[int], clauses: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Each clause's leg positions along ``order``, sorted (a literal's leg is at its variable)."""
    pos = {v: p for p, v in enumerate(order)}
    return [tuple(sorted(pos[abs(lit)] for lit in c)) for c in clauses]


def _in_gap(inner: Sequence[int], outer: Sequence[int]) -> bool:
    """Whether the span of ``inner`` lies inside one gap between consecutive legs of ``outer``."""
    return any(outer[k] <= inner[0] and inner[-1] <= outer[k + 1] for k in range(len(outer) - 1))


def _relation(a: Sequence[int], b: Sequence[int]) -> str:
    """How two clauses on one side relate: "disjoint", "a-inside-b", "b-inside-a" or "cross"."""
    if a[-1] <= b[0] or b[-1] <= a[0]:
        return "disjoint"
    if _in_gap(a, b):
        return "a-inside-b"
    if _in_gap(b, a):
        return "b-inside-a"
    return "cross"


def _containers(legs: Sequence[Sequence[int]], sides: Sequence[str]) -> list[tuple[int, int | None]] | None:
    """Each clause with the innermost clause in one of whose gaps it lies (None: in none), outer clauses
    first, found by a sweep along the line with a stack of open gaps; None when the sweep meets two
    clauses that cross. When not None, two clauses on one side are nested exactly when one is an
    ancestor of the other in this forest, and disjoint otherwise."""
    out: list[tuple[int, int | None]] = []
    for side in SIDES:
        mine = [i for i in range(len(legs)) if sides[i] == side]
        # Outer clauses first: by left end, longer spans, fewer legs (a two-legged clause holds a
        # three-legged one of the same span), and of two two-legged clauses on the same legs the later.
        mine.sort(key=lambda i: (legs[i][0], -legs[i][-1], len(legs[i]), -i))
        stack: list[tuple[int, int, int, bool]] = []  # (clause, gap start, gap end, first gap of it)
        for j in mine:
            lo, hi = legs[j][0], legs[j][-1]
            while stack and stack[-1][2] <= lo:
                stack.pop()
            k = len(stack) - 1
            while k >= 0 and lo == hi == stack[k][1] and stack[k][3]:  # a lone leg at a clause's left end
                beside = stack[k][0]
                while k >= 0 and stack[k][0] == beside:
                    k -= 1
            if k >= 0 and hi > stack[k][2]:
                return None
            out.append((j, stack[k][0] if k >= 0 else None))
            gaps = list(zip(legs[j], legs[j][1:]))
            stack += [(j, a, b, g == 0) for g, (a, b) in reversed(list(enumerate(gaps)))]
    return out


def check_rectilinear(inst: PlanarFormula, name: str = NAME) -> None:
    """Raise :class:`InputError` (naming the problem ``name``) unless the embedding is a valid rectilinear
    drawing (module docstring).

    Assumes the formula and the shape of the embedding are already valid (``validate`` checks those first).
    """
    legs = _legs(inst)
    tree = _containers(legs, inst.sides)
    if tree is not None and all(inst.levels[j] < inst.levels[c] for j, c in tree if c is not None):
        return
    for i, j in itertools.combinations(range(len(legs)), 2):  # name the first bad pair
        if inst.sides[i] != inst.sides[j]:
            continue
        side, rel = inst.sides[i], _relation(legs[i], legs[j])
        if rel == "cross":
            raise InputError(f"{name}: clauses {i + 1} and {j + 1} cross {side} the line")
        for inner, outer, r in ((i, j, "a-inside-b"), (j, i, "b-inside-a")):
            if rel == r and inst.levels[inner] >= inst.levels[outer]:
                raise InputError(f"{name}: clause {inner + 1} is nested inside clause {outer + 1} {side} the "
                                 f"line but its level {inst.levels[inner]} is not below {inst.levels[outer]}")


def rectilinear_graph(inst: PlanarFormula) -> nx.Graph:
    """The variable-clause graph plus the path through consecutive variables along the line."""
    import networkx as nx
    g = nx.Graph()
    g.add_nodes_from(("x", v) for v in inst.order)
    g.add_edges_from((("x", u), ("x", v)) for u, v in zip(inst.order, inst.order[1:]))
    for i, clause in enumerate(inst.formula.clauses):
        g.add_edges_from((("c", i), ("x", abs(lit))) for lit in clause)
    return g


def check_planar(inst: PlanarFormula, name: str = NAME) -> None:
    """Raise :class:`InputError` unless :func:`rectilinear_graph` is planar (networkx)."""
    import networkx as nx
    planar, _ = nx.check_planarity(rectilinear_graph(inst))
    if not planar:
        raise InputError(f"{name}: the variable-clause graph plus the variable line is not planar")


def heights(order: Sequence[int], clauses: Sequence[Sequence[int]], sides: Sequence[str]) -> tuple[int, ...]:
    """The least levels for clauses on the given sides: 1 + the largest level of a clause nested inside."""
    legs = legs_of(order, clauses)
    levels = [1] * len(clauses)
    tree = _containers(legs, sides)
    if tree is not None:
        for j, c in reversed(tree):
            if c is not None:
                levels[c] = max(levels[c], levels[j] + 1)
        return tuple(levels)
    # Crossing clauses (the caller's check will refuse them): every nested pair, by brute force.
    # A nested clause has a shorter span, or the same span and more legs (inside a two-legged clause's
    # only gap), or is an earlier two-legged clause on the same two legs: this order settles it first.
    by_span = sorted(range(len(clauses)), key=lambda i: (legs[i][-1] - legs[i][0], -len(legs[i])))
    for k, i in enumerate(by_span):
        for j in by_span[:k]:
            if sides[i] == sides[j] and _in_gap(legs[j], legs[i]):
                levels[i] = max(levels[i], levels[j] + 1)
    return tuple(levels)


@dataclass(frozen=True)
class Layout:
    """Grid columns of a rectilinear drawing.

    ``boxes[v - 1]`` is the (first, last) column of variable v's box on the line; ``legs[i]`` the columns
    of clause i's legs (three for 1-in-3 clauses), left to right (the bar runs from the first to the last
    at height ``levels[i]``). Legs of different clauses on one side never share a column, and nothing crosses.
    """

    boxes: tuple[tuple[int, int], ...]
    legs: tuple[tuple[int, ...], ...]


def layout(inst: PlanarFormula, gap: int = 1) -> Layout:
    """Columns for a valid embedding, ``gap`` empty columns between variable boxes.

    Along one variable on one side, legs of clauses ending there come first (inner ones leftmost), then
    the leg of a clause whose middle leg it is (or a one-legged clause), then legs of clauses starting there
    (outer ones leftmost).
    """
    legs = _legs(inst)
    ports: dict[tuple[int, str], list[tuple[int, int, int]]] = {}
    for i, leg in enumerate(legs):
        lv = inst.levels[i]
        ranks = [(1, 0)] * len(leg)
        if len(leg) > 1:
            ranks[0], ranks[-1] = (2, -lv), (0, lv)
        for p, rank in zip(leg, ranks):
            ports.setdefault((p, inst.sides[i]), []).append((*rank, i))
    column: dict[tuple[int, int], int] = {}
    boxes: list[tuple[int, int]] = [(0, 0)] * len(inst.order)
    x = 0
    for p, v in enumerate(inst.order):
        width = 1
        for side in SIDES:
            here = sorted(ports.get((p, side), []))
            width = max(width, len(here))
            for k, (_, _, i) in enumerate(here):
                column[(i, p)] = x + k
        boxes[v - 1] = (x, x + width - 1)
        x += width + gap
    out = tuple(tuple(column[(i, p)] for p in leg) for i, leg in enumerate(legs))
    return Layout(tuple(boxes), out)


def render(inst: PlanarFormula) -> str:
    """ASCII art of the embedding: one row per level, variable numbers on the line.

    The seed's Figure 7 formula (x1,x2,x3)(x1,x3,x5)(x2,x4,x5):

    >>> f = Formula(5, ((1, 2, 3), (1, 3, 5), (2, 4, 5)))
    >>> print(render(PlanarFormula(f, (1, 2, 3, 4, 5), ("above", "above", "below"), (1, 2, 1))))
    +-----+---+
    |+-+-+|   |
    1  2 3  4 5
       +----+-+
    """
    digits = len(str(len(inst.order)))
    lay = layout(inst, gap=digits)  # room for every variable's number
    width = max((hi for _, hi in lay.boxes), default=-1) + 1 + digits
    line = [" "] * width
    for v, (lo, _) in enumerate(lay.boxes, 1):
        line[lo:lo + len(str(v))] = str(v)

    def rows(side: str) -> list[str]:
        mine = [i for i, s in enumerate(inst.sides) if s == side]
        out = []
        for lv in sorted({inst.levels[i] for i in mine}, reverse=True):
            row = [" "] * width
            for i in mine:
                if inst.levels[i] > lv:
                    for c in lay.legs[i]:
                        row[c] = "|"
                elif inst.levels[i] == lv:
                    a, c = lay.legs[i][0], lay.legs[i][-1]
                    row[a:c + 1] = "-" * (c - a + 1)
                    for col in lay.legs[i]:
                        row[col] = "+"
            out.append("".join(row).rstrip())
        return out

    return "\n".join([*rows("above"), "".join(line).rstrip(), *rows("below")[::-1]])


# -- the problems --------------------------------------------------------------------------------------
class EmbeddedFormula(Problem):
    """A clause problem (``base``) on formulas drawn rectilinearly (module docstring): the shared protocol.
    Subclasses say which clauses are allowed (:meth:`clause_shape`, :meth:`clause_pool`) and how a random
    clause is made in a face (:meth:`face_weight`, :meth:`pick`)."""

    base: ClassVar[ClauseProblem]
    modes = ("planted", "unsat", "unique")
    attempts = 2000
    attempts_hint = "try other sizes"

    # -- what differs ------------------------------------------------------------------------------
    def clause_shape(self, i: int, clause: tuple[int, ...]) -> None:
        """Raise :class:`InputError` unless clause ``i`` (1-based) has an allowed shape."""

    def clause_pool(self, n: int) -> list[tuple[int, ...]]:
        """Every allowed clause over variables 1..n (for :meth:`exhaustive`)."""
        raise NotImplementedError

    def face_weight(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
                    side: str) -> int:
        """How many clauses a face seeing positions ``seen`` on ``side`` can take (0: none)."""
        raise NotImplementedError

    def pick(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
             rng: random.Random, side: str) -> tuple[int, ...]:
        """A random clause (literals, in left-to-right order) on positions of the face ``seen``."""
        raise NotImplementedError

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: PlanarFormula) -> None:
        f = inst.formula
        self.base.validate(f)
        for i, clause in enumerate(f.clauses, 1):
            self.clause_shape(i, clause)
        order = inst.order
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in order)
        if len(order) != f.variables or not ints or sorted(order) != list(range(1, f.variables + 1)):
            raise InputError(f"{self.name}: 'order' must list each variable 1..{f.variables} exactly once")
        for what, seq in (("sides", inst.sides), ("levels", inst.levels)):
            if len(seq) != len(f.clauses):
                raise InputError(f"{self.name}: '{what}' has {len(seq)} entries for {len(f.clauses)} clauses")
        for i, (side, level) in enumerate(zip(inst.sides, inst.levels), 1):
            if side not in SIDES:
                raise InputError(f"{self.name}: clause {i} has side {side!r}, expected 'above' or 'below'")
            if not isinstance(level, int) or isinstance(level, bool) or level < 1:
                raise InputError(f"{self.name}: clause {i} has level {level!r}, expected a positive integer")
        check_rectilinear(inst, self.name)  # a valid drawing is planar (check_planar, the tests' oracle)

    def check(self, inst: PlanarFormula, a: Assignment) -> Verdict:
        return self.base.check(inst.formula, a)

    def encode(self, inst: PlanarFormula) -> Encoding:
        return self.base.encode(inst.formula)

    def instance_to_json(self, inst: PlanarFormula) -> dict[str, Any]:
        return {**self.base.instance_to_json(inst.formula), "order": list(inst.order),
                "sides": list(inst.sides), "levels": list(inst.levels)}

    def instance_from_json(self, data: Mapping[str, Any]) -> PlanarFormula:
        if not isinstance(data, Mapping):
            raise InputError(f"{self.name}: an instance is a JSON object")
        missing = [k for k in ("variables", "clauses", "sides", "levels") if k not in data]
        if missing:
            raise InputError(f"{self.name}: missing field {missing[0]!r}")
        f = self.base.instance_from_json(data)
        if "order" not in data and f.variables > MAX_DEFAULT_ORDER:
            raise InputError(f"{self.name}: give 'order' explicitly for more than {MAX_DEFAULT_ORDER} variables")
        order = data["order"] if "order" in data else list(range(1, f.variables + 1))
        for what, seq in (("order", order), ("sides", data["sides"]), ("levels", data["levels"])):
            if not isinstance(seq, list):
                raise InputError(f"{self.name}: '{what}' must be a list")
        return PlanarFormula(f, tuple(order), tuple(data["sides"]), tuple(data["levels"]))

    def solution_to_json(self, inst: PlanarFormula, a: Assignment) -> list[int]:
        return self.base.solution_to_json(inst.formula, a)

    def solution_from_json(self, inst: PlanarFormula, data: Any) -> Assignment:
        return self.base.solution_from_json(inst.formula, data)

    def size(self, inst: PlanarFormula) -> dict[str, int]:
        return self.base.size(inst.formula)

    def brute_force(self, inst: PlanarFormula) -> Iterator[Assignment]:
        return self.base.brute_force(inst.formula)

    def structures(self, inst: PlanarFormula) -> frozenset[str]:
        return formula_structures(inst.formula)

    def formats(self) -> dict[str, Format]:
        return {}  # DIMACS carries the clauses but not the embedding

    # -- sources -----------------------------------------------------------------------------------
    def grow(self, n: int, m: int, rng: random.Random, planted: Assignment | None) -> PlanarFormula | None:
        """A random embedded instance of m clauses over n variables in a random order, or None when no
        face can take another clause (with ``planted``: another clause it satisfies).

        Each side starts as one *face* seeing every position on the line. A clause takes positions seen by
        one face, which splits into the face outside it and the gaps between its legs; any positions of
        one face make a valid clause, so each step picks a face by how many clauses fit in it and a clause
        there by :meth:`pick`. Levels are the least ones.
        """
        order = tuple(rng.sample(range(1, n + 1), n))
        faces: list[tuple[str, tuple[int, ...]]] = [(side, tuple(range(n))) for side in SIDES]
        clauses: list[tuple[int, ...]] = []
        sides: list[str] = []
        pos = {v: p for p, v in enumerate(order)}
        for _ in range(m):
            weights = [self.face_weight(seen, order, planted, side) for side, seen in faces]
            if not any(weights):
                return None
            k = rng.choices(range(len(faces)), weights)[0]
            side, seen = faces.pop(k)
            clause = self.pick(seen, order, planted, rng, side)
            legs = sorted(pos[abs(lit)] for lit in clause)
            faces.append((side, tuple(p for p in seen if p <= legs[0] or p >= legs[-1])))
            faces += [(side, tuple(p for p in seen if a <= p <= b)) for a, b in zip(legs, legs[1:])]
            clauses.append(clause)
            sides.append(side)
        return PlanarFormula(Formula(n, tuple(clauses)), order, tuple(sides), heights(order, clauses, sides))

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        inst = self.grow(*self.sizes(params), rng, None)
        assert inst is not None  # without a planted assignment the construction never gets stuck
        return Generated(inst)

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        n, m = self.sizes(params)
        planted = self.base.planted_assignment(n, rng)
        inst = self.grow(n, m, rng, planted)
        return None if inst is None else Generated(inst, planted)

    def sizes(self, params: Mapping[str, int]) -> tuple[int, int]:
        """The generator's (variables, clauses), checked."""
        return params["variables"], params["clauses"]

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[PlanarFormula]:
        """Every valid embedded instance over 1, 2, ..., n variables in order along the line (any instance
        is one of these after renaming its variables), up to ``clauses`` clauses, with least levels."""
        for n in range(1, params["variables"] + 1):
            pool = [(c, s) for c in self.clause_pool(n) for s in SIDES]
            order = tuple(range(1, n + 1))
            for m in range(params["clauses"] + 1):
                for chosen in itertools.combinations(pool, m):
                    clauses, sides = tuple(c for c, _ in chosen), tuple(s for _, s in chosen)
                    inst = PlanarFormula(Formula(n, clauses), order, sides, heights(order, clauses, sides))
                    try:
                        check_rectilinear(inst, self.name)
                    except InputError:
                        continue
                    yield inst

    def shrink(self, inst: PlanarFormula) -> Iterator[PlanarFormula]:
        """A clause deleted, or a variable deleted with its clauses and the variables above it renumbered
        (the order along the line kept, levels recomputed)."""
        f = inst.formula
        for i in range(len(f.clauses)):
            yield PlanarFormula(Formula(f.variables, f.clauses[:i] + f.clauses[i + 1:]), inst.order,
                                inst.sides[:i] + inst.sides[i + 1:], inst.levels[:i] + inst.levels[i + 1:])
        for v in range(1, f.variables + 1):
            keep = [i for i, c in enumerate(f.clauses) if v not in map(abs, c)]
            clauses = tuple(tuple(x - (x > v) + (x < -v) for x in f.clauses[i]) for i in keep)
            order = tuple(x - (x > v) for x in inst.order if x != v)
            sides = tuple(inst.sides[i] for i in keep)
            yield PlanarFormula(Formula(f.variables - 1, clauses), order, sides, heights(order, clauses, sides))

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """A random embedded instance with few clauses (kept when it shows ``name``)."""
        n = {"one-variable": 1, "two-variables": 2}.get(name, params["variables"])
        most = 0 if name == "empty-formula" else params["clauses"]
        inst = self.grow(n, rng.randint(min(1, most), most), rng, None)
        return None if inst is None else Generated(inst)


class PlanarPositiveOneInThreeSat(EmbeddedFormula):
    """Positive planar 1-in-3SAT with a rectilinear embedding; see the module docstring."""

    name = NAME
    title = "positive planar 1-in-3 satisfiability with a rectilinear embedding"
    paper = "NYT-games seed, Definition 15 (Figure 7); Mulzer & Rote 2008"
    base = PositiveOneInThreeSat()
    solution_is = base.solution_is
    params = (Param("variables", 6, 3, 500, "number of variables"),
              Param("clauses", 4, 0, 996, "number of clauses (at most 2 * (variables - 2))"))
    #: Exactly three positive literals per clause: no short clause, repeated literal, tautology or negation;
    #: one or two variables only in the empty formula.
    edge_cases = ("unused-variable", "single-occurrence", "empty-formula", "one-variable", "two-variables")
    exhaustive_params = (Param("variables", 4, 1, 5, "number of variables (in order 1..n along the line)"),
                         Param("clauses", 4, 0, 4, "largest number of clauses (NO instances need 4)"))
    mode_params = {"unsat": {"variables": 8, "clauses": 8}, "unique": {"variables": 8, "clauses": 8}}

    def clause_shape(self, i: int, clause: tuple[int, ...]) -> None:
        if len(clause) != 3:
            raise InputError(f"{NAME}: clause {i} has {len(clause)} variables, expected 3")

    def clause_pool(self, n: int) -> list[tuple[int, ...]]:
        return list(itertools.combinations(range(1, n + 1), 3))

    def sizes(self, params: Mapping[str, int]) -> tuple[int, int]:
        n, m = params["variables"], params["clauses"]
        if m > 2 * (n - 2):
            raise InputError(f"{NAME}: at most 2 * (variables - 2) = {2 * (n - 2)} clauses fit in a "
                             f"rectilinear embedding of {n} variables, asked for {m}")
        return n, m

    def face_weight(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
                    side: str) -> int:
        if planted is None:
            return math.comb(len(seen), 3)
        true = sum(planted[order[p] - 1] for p in seen)
        return true * math.comb(len(seen) - true, 2)

    def pick(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
             rng: random.Random, side: str) -> tuple[int, ...]:
        """Three positions uniformly (with ``planted``: one true and two false variables)."""
        if planted is None:
            legs = rng.sample(seen, 3)
        else:
            true = [p for p in seen if planted[order[p] - 1]]
            false = [p for p in seen if not planted[order[p] - 1]]
            legs = [rng.choice(true), *rng.sample(false, 2)]
        return tuple(order[p] for p in sorted(legs))

    def draw_edge(self, name: str, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        """As :meth:`EmbeddedFormula.draw_edge`; one or two variables allow no clause."""
        n = {"one-variable": 1, "two-variables": 2}.get(name, params["variables"])
        capped = {**params, "clauses": max(0, min(params["clauses"], 2 * (n - 2)))}
        return super().draw_edge(name, capped, rng)


class PlanarThreeSat(EmbeddedFormula):
    """Planar 3SAT with a rectilinear embedding (Lichtenstein 1982; the variables-on-a-line form of Knuth
    and Raghunathan 1992): clauses of one to three literals on distinct variables, each a comb with one
    leg per literal above or below the line, in the same geometry as ``planar-positive-1in3sat``.

    :func:`is_monotone` tells the monotone form (positive clauses above the line, negative ones below;
    de Berg and Khosravi 2010).
    """

    name = PLANAR_3SAT
    title = "planar 3-satisfiability with a rectilinear embedding (variables on a line)"
    paper = "Lichtenstein 1982; Knuth & Raghunathan 1992"
    base = ThreeSat()
    solution_is = base.solution_is
    params = (Param("variables", 6, 1, 500, "number of variables"),
              Param("clauses", 8, 0, 5000, "number of clauses"))
    #: Literals on distinct variables: no repeated literal or tautology.
    edge_cases = ("unit-clause", "binary-clause", "unused-variable", "single-occurrence", "negative-only",
                  "empty-formula", "one-variable", "two-variables")
    exhaustive_params = (Param("variables", 3, 1, 4, "number of variables (in order 1..n along the line)"),
                         Param("clauses", 2, 0, 3, "largest number of clauses"))
    mode_params = {"unsat": {"variables": 5, "clauses": 30}, "unique": {"variables": 6, "clauses": 20}}
    #: Relative weights of clause widths 1, 2, 3 in random formulas.
    WIDTHS = (1, 3, 12)

    def clause_shape(self, i: int, clause: tuple[int, ...]) -> None:
        if len({abs(lit) for lit in clause}) != len(clause):
            raise InputError(f"{self.name}: clause {i} repeats a variable")

    def clause_pool(self, n: int) -> list[tuple[int, ...]]:
        return [c for c in self.base.all_clauses(n) if len({abs(lit) for lit in c}) == len(c)]

    def face_weight(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
                    side: str) -> int:
        return sum(w * math.comb(len(seen), k) for k, w in enumerate(self.WIDTHS, 1))

    def pick(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
             rng: random.Random, side: str) -> tuple[int, ...]:
        """A width by :data:`WIDTHS` (as far as the face allows), positions and signs uniformly; with
        ``planted``, a literal the assignment falsifies flipped when the clause would be false."""
        widths = range(1, min(3, len(seen)) + 1)
        k = rng.choices(widths, [w * math.comb(len(seen), k) for k, w in zip(widths, self.WIDTHS)])[0]
        lits = [order[p] * rng.choice((1, -1)) for p in sorted(rng.sample(seen, k))]
        if planted is not None and not any(value(planted, lit) for lit in lits):
            j = rng.randrange(k)
            lits[j] = -lits[j]
        return tuple(lits)


class PlanarMonotoneThreeSat(PlanarThreeSat):
    """Planar rectilinear monotone 3SAT (de Berg and Khosravi 2010, "Optimal binary space partitions in
    the plane", COCOON; IJCGA 2012): a ``planar-3sat`` instance whose drawing is monotone
    (:func:`is_monotone`): every clause above the line has only positive literals, every clause below only
    negative ones. The drawing is part of the instance (line order, sides, levels; the x-order of legs at a
    variable is the one :func:`layout` fixes). The generator picks a clause's signs by its side."""

    name = PLANAR_MONOTONE_3SAT
    title = "planar monotone 3-satisfiability with a rectilinear embedding (variables on a line)"
    paper = "de Berg & Khosravi 2010"
    #: No tautology and no mixed clause: "negative-only" is a drawing with every clause below the line.
    edge_cases = ("unit-clause", "binary-clause", "unused-variable", "single-occurrence", "negative-only",
                  "empty-formula", "one-variable", "two-variables")
    mode_params = {"unsat": {"variables": 5, "clauses": 12}, "unique": {"variables": 6, "clauses": 16}}

    def validate(self, inst: PlanarFormula) -> None:
        super().validate(inst)
        for i, (clause, side) in enumerate(zip(inst.formula.clauses, inst.sides), 1):
            if any((lit > 0) != (side == "above") for lit in clause):
                sign = "positive" if side == "above" else "negative"
                raise InputError(f"{self.name}: clause {i} is drawn {side} the line but is not all {sign}")

    def clause_pool(self, n: int) -> list[tuple[int, ...]]:
        return [c for c in super().clause_pool(n) if len({lit > 0 for lit in c}) == 1]

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[PlanarFormula]:
        """As :meth:`EmbeddedFormula.exhaustive`, monotone drawings only."""
        return filter(is_monotone, super().exhaustive(params))

    def face_weight(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
                    side: str) -> int:
        """Clauses of each width on ``seen``; with ``planted``, those holding a literal it makes true."""
        useless = 0 if planted is None else sum(planted[order[p] - 1] != (side == "above") for p in seen)
        return sum(w * (math.comb(len(seen), k) - math.comb(useless, k)) for k, w in enumerate(self.WIDTHS, 1))

    def pick(self, seen: Sequence[int], order: Sequence[int], planted: Assignment | None,
             rng: random.Random, side: str) -> tuple[int, ...]:
        """A width by :data:`WIDTHS` (as far as the face allows), positions uniformly, signs by ``side``;
        with ``planted``, one position whose literal it makes true and the others uniformly."""
        widths = range(1, min(3, len(seen)) + 1)
        k = rng.choices(widths, [w * math.comb(len(seen), k) for k, w in zip(widths, self.WIDTHS)])[0]
        if planted is None:
            chosen = rng.sample(seen, k)
        else:
            good = [p for p in seen if planted[order[p] - 1] == (side == "above")]
            first = rng.choice(good)
            chosen = [first, *rng.sample([p for p in seen if p != first], k - 1)]
        sign = 1 if side == "above" else -1
        return tuple(sign * order[p] for p in sorted(chosen))


def is_monotone(inst: PlanarFormula) -> bool:
    """Whether the embedding is monotone: every clause above the line all positive, every clause below all
    negative (planar rectilinear monotone 3SAT; de Berg and Khosravi 2010)."""
    return all(all(lit > 0 for lit in c) if side == "above" else all(lit < 0 for lit in c)
               for c, side in zip(inst.formula.clauses, inst.sides))


PROBLEMS = [PlanarPositiveOneInThreeSat(), PlanarThreeSat(), PlanarMonotoneThreeSat()]
