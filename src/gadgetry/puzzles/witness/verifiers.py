"""The polynomial-time certificate verifiers of the Witness seed, section 8.1, as solvers: Theorem 8.2
(every clue type but (anti)polyominoes, any number of antibodies: the marking algorithm) and Theorem 8.3
(every clue type but antipolyominoes, under the promise that some solution eliminates at most one
polyomino per region: packings and the antibody map as the certificate, then Theorem 8.2 on the rest).

Both solve by the refinement loop's candidates (:func:`.encoding.relaxed`: exact outside antibody
regions), each candidate path judged by the theorem's verifier instead of the brute-force Definition 1
of :mod:`.rules`. Paper rules only.

Theorem 8.2's marking, per region with k >= 1 antibodies (:func:`marking_verdict`): mark every unvisited
hexagon and wrong triangle; for each surviving square colour sigma (or none), mark the other squares; per
star colour c choose 0 survivors (mark every c-star), 1 (all but one c-star and all but one c-square,
only if c = sigma) or 2 (all but two c-stars and every c-square), fewest marks first, ties to fewer
survivors (footnote 9). With M marks: M > k fails sigma; M < k rejects the path unless u = k - M
exceeds v, the antibodies sharing no colour with a surviving star; M = k rejects when an antibody
shares the colour of a marked star whose colour's other stars and squares are all marked, else records
a proper satisfaction. The region holds iff some sigma recorded one and none rejected.

**Slip** (kept as a test): the marking never pads a short elimination set with satisfied clues, so it
refuses regions Definition 1 accepts, e.g. a red star, a red square, a satisfied triangle and one red
antibody: erasing the triangle (or the star) satisfies the region properly, erasing nothing fails (the
star sees three red clues), yet the marking finds M = 0 < k = 1 with u = 1 > v = 0 and records nothing.
The same happens without padding (a green star, square and antibody: erase the star): the fewest marks
are not always a proper set. The marking never accepts a path Definition 1 refuses (tested).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from gadgetry.core import VALID, InputError, Verdict, invalid
from gadgetry.core.sat import enumerate_projected

from .encoding import relaxed
from .model import NAME, Cell, Panel, Path, path_edges, regions
from .rules import Clue, base_failure, path_failure, pieces_fit, region_clues


def _where(region: frozenset[Cell]) -> str:
    return f"region of cell {min(region, key=lambda c: (c[1], c[0]))}"


def marking_verdict(region: frozenset[Cell], clues: list[Clue]) -> Verdict:
    """Theorem 8.2's marking algorithm on one region's clues (no (anti)polyominoes)."""
    antibodies = [k for k in clues if k.kind == "antibody"]
    others = [k for k in clues if k.kind != "antibody"]
    k = len(antibodies)
    base = sum(1 for c in others if c.kind in ("hexagon", "triangle") and not c.satisfied)
    squares = Counter(c.symbol.colour for c in others if c.kind == "square")  # type: ignore[union-attr]
    stars = Counter(c.symbol.colour for c in others if c.kind == "star")  # type: ignore[union-attr]
    body_colours = Counter(a.symbol.colour for a in antibodies)  # type: ignore[union-attr]
    proper = False
    for sigma in sorted(squares) or [None]:
        marks = base + sum(n for col, n in squares.items() if col != sigma)
        survivors: dict[str, int] = {}
        for col, n in sorted(stars.items()):
            sq = squares[col] if col == sigma else 0
            options = [(n, 0)]
            if col == sigma and sq:
                options.append(((n - 1) + (sq - 1), 1))
            if n >= 2:
                options.append(((n - 2) + sq, 2))
            cost, keep = min(options)
            marks += cost
            survivors[col] = keep
        if marks > k:
            continue
        if marks < k:
            u = k - marks
            v = sum(n for col, n in body_colours.items() if not survivors.get(col))
            if u > v:
                continue
            return invalid("antibody", f"{_where(region)}: {marks} eliminated clue(s) already satisfy it, so "
                                       f"not every antibody is necessary (Theorem 8.2 marking)")
        for col in body_colours:
            if stars[col] and survivors[col] == 0 and not (col == sigma and squares[col]):
                return invalid("antibody", f"{_where(region)}: a marked {col} star kept with an unused {col} "
                                           f"antibody satisfies it improperly (Theorem 8.2 marking)")
        proper = True
    if not proper:
        return invalid("antibody", f"{_where(region)}: no elimination set of {k} clue(s) satisfies it "
                                   f"(Theorem 8.2 marking)")
    return VALID


def _refuse(panel: Panel, kinds: tuple[str, ...], theorem: str) -> None:
    if panel.rules != "paper":
        raise InputError(f"{NAME}: {theorem} is stated for the paper rule set")
    bad = sorted({s.kind for _c, s in panel.symbols if s.kind in kinds})
    if bad:
        raise InputError(f"{NAME}: {theorem} takes no {' or '.join(bad)} clues")


def theorem_8_2_check(panel: Panel, path: Path) -> Verdict:
    """The path rules, then each region: every clue when it holds no antibody, else the marking."""
    return _each_region(panel, path, lambda reg, clues: _judge(panel, reg, clues))


def _each_region(panel: Panel, path: Path, judge: Callable[[frozenset[Cell], list[Clue]], Verdict]) -> Verdict:
    """The path rules, then ``judge`` on each region's clues."""
    verdict = path_failure(panel, path)
    if not verdict:
        return verdict
    used, on = path_edges(path), set(path)
    for reg in regions(panel, path):
        verdict = judge(reg, region_clues(panel, reg, used, on))
        if not verdict:
            return verdict
    return VALID


def theorem_8_3_region(panel: Panel, region: frozenset[Cell], clues: list[Clue]) -> Verdict:
    """Some certificate for the region passes Theorem 8.3's verifier: every polyomino packed, or one
    omitted and erased by an antibody (of any colour present) and the rest packed (no packing witness
    when it was the only one: then it must not have the region's shape); then the polyominoes and that
    antibody removed and the rest judged as in Theorem 8.2."""
    polys = [c for c in clues if c.kind == "poly"]
    rest = [c for c in clues if c.kind != "poly"]
    if not polys:
        return _judge(panel, region, rest)

    def piece(c: Clue) -> tuple[tuple[Cell, ...], bool]:
        return c.symbol.shape, c.symbol.rotatable  # type: ignore[union-attr]

    verdict: Verdict = invalid("polyomino", f"the pieces of the {_where(region)} do not pack it")
    if pieces_fit(panel, region, tuple(sorted(piece(c) for c in polys)), ()):
        verdict = _judge(panel, region, rest)
        if verdict:
            return verdict
    bodies = {c.symbol.colour: c for c in rest if c.kind == "antibody"}  # type: ignore[union-attr]
    tried = set()
    for i, p in enumerate(polys):
        kept = tuple(sorted(piece(c) for j, c in enumerate(polys) if j != i))
        if (piece(p), kept) in tried:
            continue
        tried.add((piece(p), kept))
        if kept and not pieces_fit(panel, region, kept, ()):
            continue
        if not kept and len(piece(p)[0]) == len(region) and pieces_fit(panel, region, (piece(p),), ()):
            continue  # a lone polyomino with the region's shape is satisfied and cannot be erased
        for body in bodies.values():
            v = _judge(panel, region, [c for c in rest if c is not body])
            if v:
                return v
            verdict = v
    return verdict


def _judge(panel: Panel, region: frozenset[Cell], clues: list[Clue]) -> Verdict:
    return marking_verdict(region, clues) if any(c.kind == "antibody" for c in clues) \
        else base_failure(panel, region, clues)


def theorem_8_3_check(panel: Panel, path: Path) -> Verdict:
    """The path rules, then Theorem 8.3's verifier on each region (some certificate passes)."""
    return _each_region(panel, path, lambda reg, clues: theorem_8_3_region(panel, reg, clues))


def _candidates(panel: Panel) -> Iterator[Path]:
    enc = relaxed(panel)
    for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection):
        yield enc.decode(true.__contains__)


def _solver(check: Callable[[Panel, Path], Verdict], kinds: tuple[str, ...], theorem: str
            ) -> Callable[[Panel], Path | None]:
    def solve(panel: Panel) -> Path | None:
        _refuse(panel, kinds, theorem)
        return next((p for p in _candidates(panel) if check(panel, p)), None)
    return solve


solve_theorem_8_2 = _solver(theorem_8_2_check, ("poly", "antipoly"), "Theorem 8.2")
solve_theorem_8_3 = _solver(theorem_8_3_check, ("antipoly",), "Theorem 8.3")


def accepted(panel: Panel, check: Callable[[Panel, Path], Verdict]) -> Iterator[Path]:
    """Every candidate path the verifier ``check`` accepts (for comparing with the checker)."""
    return (p for p in _candidates(panel) if check(panel, p))

