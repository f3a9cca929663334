"""3SAT to N3P-3SAT-3-1N, parsimoniously: occurrence rings and a clause gadget with defined auxiliaries.

N3P-3SAT-3-1N (every variable in at most three literals, at most one of them negative; no clause of three
positive literals) is NP-complete by Ding, Fu and Zhu (2011), the result section 2.2.1 of the edge-matching
paper (Bosboom et al.) starts its ``<``-compatible chain from. Their construction is not given there; this
one is built on the occurrence rings of Tovey (1984) and made parsimonious:

- Each source clause is normalised (repeated literals merged, a tautology dropped). Every literal the
  gadgets below need gets its own *copy*, a fresh variable equal to that literal (a copy of not-x is a
  variable equal to not-x, used positively); variable x itself is the first copy of the literal x.
- The copies of x and not-x form one implication ring: writing L_1, ..., L_r for the copies as literals
  equal to x (a copy y of not-x stands as the literal not-y), the clauses (not L_i or L_{i+1}), indices
  mod r (none when r = 1), force them all equal. Each copy occurs once positively and once negatively in
  the ring and once more, positively, where it is used: three occurrences, one negative.
- A clause of one or two literals becomes the same clause over copies (positive literals only).
- A clause (a or b or c) cannot stay one clause of positive copies (N3P), so it becomes, with copies of
  a, b, not-b, c, not-c and two auxiliaries p, q,

      (not p or b or c), (p or a), (p or not q), (q or not b), (q or not c).

  The last two force q whenever b or c; then the third forces p, and the first holds. When b and c are
  both false the first forces p false, so the second needs a and the third q false (allowed). So the
  gadget holds exactly when a or b or c, with p = q = (b or c): one extension per satisfying assignment.
  p and q each occur three times, once negatively.

Target layout: variables 1..n are the source's (each the first copy of its positive literal), then the
other copies and each wide clause's p and q, in clause order. Overhead, with m1, m2, m3 the normalised
clauses of width 1, 2, 3 and r_x the ring length of variable x (one plus its copies beyond the first):
variables n + 2 m3 + sum (r_x - 1); clauses m1 + m2 + 5 m3 + sum over r_x >= 2 of r_x.
"""

from __future__ import annotations

from dataclasses import dataclass

from gadgetry.core import PARSIMONIOUS, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.reductions.gadgets.formula import formula_gadget
from gadgetry.sources.n3p_sat import N3PSat3_1N
from gadgetry.sources.sat import Assignment, Formula, ThreeSat, normalize, value

THREE_SAT = ThreeSat()
N3P = N3PSat3_1N()


def demands(lits: tuple[int, ...]) -> tuple[int, ...]:
    """The literals a normalised clause's gadget takes copies of: the clause itself, and for width three
    (a, b, c) the literals a, b, not b, c, not c."""
    if len(lits) < 3:
        return lits
    a, b, c = lits
    return a, b, -b, c, -c


@dataclass(frozen=True)
class Layout:
    """Where everything is: per normalised clause its copies (target variables, in :func:`demands`
    order) and its auxiliaries (p, q) or (); per source variable its ring as literals equal to it."""

    clauses: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]  # (lits, copies, aux)
    rings: tuple[tuple[int, ...], ...]
    variables: int


def layout(source: Formula) -> Layout:
    """Copies and auxiliaries numbered from n + 1 in clause order (the first positive copy of x is x)."""
    top = source.variables
    ring: list[list[int]] = [[v] for v in range(1, source.variables + 1)]
    head_free = [True] * (source.variables + 1)
    clauses = []
    for clause in source.clauses:
        lits = normalize(clause)
        if lits is None:
            continue
        copies = []
        for lit in demands(lits):
            v = abs(lit)
            if lit > 0 and head_free[v]:
                head_free[v] = False
                copies.append(v)
                continue
            top += 1
            copies.append(top)
            ring[v - 1].append(top if lit > 0 else -top)
        aux = (top + 1, top + 2) if len(lits) == 3 else ()
        top += len(aux)
        clauses.append((lits, tuple(copies), aux))
    return Layout(tuple(clauses), tuple(map(tuple, ring)), top)


class N3PSat3_1NFromThreeSat(Reduction):
    """Occurrence rings of copies; wide clauses through the five-clause gadget of the module docstring."""

    name = "n3p-3sat-3-1n-from-3sat"
    source = "3sat"
    target = "n3p-3sat-3-1n"
    paper = "Ding, Fu and Zhu 2011, as cited in the edge-matching paper (Bosboom et al.); Tovey 1984"
    section = ("edge-matching paper, section 2.2.1; occurrence rings as in Tovey 1984, with a "
               "parsimonious N3P clause gadget")
    theorem = "N3P-3SAT-3-1N is NP-complete (Ding, Fu and Zhu 2011)"
    claim = PARSIMONIOUS
    verify_params = ({"variables": 4, "clauses": 5}, {"variables": 5, "clauses": 8})

    def reduce(self, source: Formula) -> Formula:
        THREE_SAT.validate(source)
        lay = layout(source)
        clauses: list[tuple[int, ...]] = []
        for lits, copies, aux in lay.clauses:
            if not aux:
                clauses.append(copies)
                continue
            ca, cb, nb, cc, nc = copies
            p, q = aux
            clauses += [(-p, cb, cc), (p, ca), (p, -q), (q, nb), (q, nc)]
        for ring in lay.rings:
            if len(ring) > 1:
                clauses += [(-lit, ring[(i + 1) % len(ring)]) for i, lit in enumerate(ring)]
        return Formula(lay.variables, tuple(clauses))

    def forward(self, source: Formula, target: Formula, source_solution: Assignment) -> Assignment:
        out = [False] * target.variables
        for v, ring in enumerate(layout(source).rings, 1):
            for lit in ring:
                out[abs(lit) - 1] = source_solution[v - 1] == (lit > 0)
        for lits, copies, aux in layout(source).clauses:
            if aux:
                out[aux[0] - 1] = out[aux[1] - 1] = value(source_solution, lits[1]) or value(source_solution, lits[2])
        return tuple(out)

    def backward(self, source: Formula, target: Formula, target_solution: Assignment) -> Assignment:
        return tuple(target_solution[:source.variables])

    def overhead(self, source: Formula) -> dict[str, int]:
        lay = layout(source)
        widths = [len(lits) for lits, _c, _a in lay.clauses]
        m1, m2, m3 = (widths.count(w) for w in (1, 2, 3))
        rings = [len(r) for r in lay.rings if len(r) > 1]
        return {"variables": source.variables + 2 * m3 + sum(len(r) - 1 for r in lay.rings),
                "clauses": m1 + m2 + 5 * m3 + sum(rings), "literals": m1 + 2 * m2 + 11 * m3 + 2 * sum(rings)}

    def gadgets(self) -> list[Gadget]:
        """The reduction on one clause of each width and sign pattern (rings included), on a repeated
        literal and a tautology, and on a variable in many clauses (a long ring)."""
        cases = {"unit": ((1,),), "pair": ((1, -2),), "triple": ((1, 2, 3),), "triple-negated": ((-1, 2, -3),),
                 "all-negative": ((-1, -2, -3),), "repeated-literal": ((1, 1, -2),), "tautology": ((1, -1, 2),),
                 "long-ring": ((1, 2, 3), (-1, 2, -3), (1, -2), (-1,))}
        return [formula_gadget(self, THREE_SAT, N3P, Formula(max(abs(x) for c in cs for x in c), cs), name)
                for name, cs in cases.items()]

    def example(self) -> tuple[Formula, Assignment]:
        source = Formula(4, ((1, 2, 3), (-1, -2, 4), (2, -3), (3, 3, -4), (1, -1, 4), (-2,)))
        return source, (True, False, False, False)


REDUCTIONS = [N3PSat3_1NFromThreeSat()]
