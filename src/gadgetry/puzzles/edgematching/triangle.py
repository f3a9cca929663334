"""Triangular 1 x n edge matching (Edge-matching seed, section 4 and Figure 12, whose three layouts are
missing and rebuilt here from the prose of section 4).

One registered problem, ``triangle-edge-matching``, with a ``layout`` field:

- ``equilateral`` (Figure 12a): n unit equilateral triangles in a strip, alternately pointing up and down;
  slot 0 points up iff ``first_up``. Each triangle has its horizontal side on the boundary and shares its
  slanted sides with its neighbours. A tile ``(a, b, c)`` lists its labels counter-clockwise. An up slot
  lists its sides counter-clockwise as (bottom, right, left), a down slot as (top, left, right); at
  orientation ``r`` in 0..2 the j-th of those sides shows ``tile[(j + r) % 3]``. With ``reflection`` the
  orientations 3..5 place the mirror image ``(a, c, b)`` the same way (Theorem 4.1 allows reflection).
- ``hypotenuse`` (Figure 12b, legs of length 1): the 1 x (n/2) box, every unit cell cut by a diagonal into
  two triangles that touch along their hypotenuses; neighbouring cells touch leg to leg. Each cell chooses
  its diagonal (orientation 0 = "/", 1 = "\\"; both triangles of a cell carry it). Slot 2c is the half of
  cell c holding its left side (upper-left under "/", lower-left under "\\"), slot 2c + 1 the half holding
  its right side. A right-triangle tile ``(u, v, h)`` is (left leg, right leg, hypotenuse) drawn with the
  hypotenuse at the bottom (the paper's u-triangle-v over H); it fits each half-cell in one way, without
  reflection. Together the two halves of a cell realise every rotation of a square (section 4, squares as
  two triangles touching along their hypotenuses).
- ``leg`` (Figure 12c, height sqrt(2)/2): n right triangles with every hypotenuse on the boundary,
  alternately at the bottom and the top, touching leg to leg; slot 0 has its hypotenuse at the bottom iff
  ``first_up``. A tile ``(u, v, h)`` shows left ``u``, right ``v`` with its hypotenuse at the bottom and
  left ``v``, right ``u`` turned 180 degrees; orientation is always 0 (forced by the slot). Hypotenuse
  labels never touch anything (Theorem 4.9).

In every layout the slots form a chain: slot k's right contact side touches slot k + 1's left contact side
(in the hypotenuse layout a cell's two hypotenuses are that contact). ``kind`` ``signed``: non-zero
labels, touching sides carry ``+a`` and ``-a``; ``unsigned``: equal labels. The optional ``left`` boundary
colour is the label of a virtual neighbour left of slot 0: slot 0's left side shows ``-left`` (signed) or
``left`` (unsigned) (as in the paper). Other boundary sides are unconstrained.

**Identity**: a solution is a tuple over the slots of ``(tile index, orientation)``; tiles are
distinguishable by index (identical copies swapped give distinct solutions). Equilateral orientations
showing identical labels on every side are counted once (the smallest is the canonical one; the checker
rejects others, rule ``orientation-not-canonical``); in the other layouts distinct orientations put labels
on distinct sides and always count separately. Solution JSON: ``[[tile, orientation], ...]`` by slot.

Encoding: one placement variable per (slot, tile, canonical orientation), projected; exactly one per slot
and per tile; label variables per (slot, left/right contact side, label) equivalent to the placements
showing it; one diagonal variable per cell (hypotenuse layout), a function of the placements. Counts are
exact. :func:`solve_leg` is the linear-time algorithm for the leg layout (Theorem 4.9), on the Euler-trail
algorithms of :mod:`gadgetry.puzzles.edgematching.eulerian_trails`: tile (u, v) is the arc (u, v); a
placement is an antidirected Euler trail, step k in slot k, forwards = hypotenuse at the bottom. Signed
labels: the vertex is |c| and the groups at c+ (c-) are the signs of the left (right) legs there. A left
boundary colour c becomes a virtual first tile with a fresh colour beyond it, whose trail must start at
that fresh vertex.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.render import render_template
from gadgetry.puzzles.edgematching.eulerian_trails import (
    direction_predicates,
    euler_trail,
    forbidden_transition_trail,
    split_graph,
)
from gadgetry.core.values import int_pairs, is_int

NAME = "triangle-edge-matching"
LAYOUTS = ("equilateral", "hypotenuse", "leg")
KINDS = ("signed", "unsigned")
Tile = tuple[int, int, int]
Solution = tuple[tuple[int, int], ...]
#: Shown labels of a placed tile: (left contact side, right contact side, the third side).
Shown = tuple[int, int, int]


@dataclass(frozen=True)
class TriangleEdgeMatching:
    """A 1 x n triangular strip; see the module docstring."""

    layout: str  # 'equilateral' | 'hypotenuse' | 'leg'
    tiles: tuple[Tile, ...]
    kind: str  # 'signed' | 'unsigned'
    first_up: bool = True  # slot 0 points up (equilateral) / has its hypotenuse at the bottom (leg)
    reflection: bool = False  # equilateral only
    left: int | None = None  # left boundary colour


def orientations(inst: TriangleEdgeMatching) -> tuple[int, ...]:
    """Every orientation index of the layout."""
    if inst.layout == "equilateral":
        return (0, 1, 2, 3, 4, 5) if inst.reflection else (0, 1, 2)
    return (0, 1) if inst.layout == "hypotenuse" else (0,)


def is_up(inst: TriangleEdgeMatching, k: int) -> bool:
    """Slot k points up (equilateral) or has its hypotenuse at the bottom (leg)."""
    return (k % 2 == 0) == inst.first_up


def shown(inst: TriangleEdgeMatching, k: int, tile: Tile, o: int) -> Shown:
    """(left contact, right contact, third side) of ``tile`` at orientation ``o`` in slot ``k``."""
    if inst.layout == "equilateral":
        t = tile if o < 3 else (tile[0], tile[2], tile[1])
        r = o % 3
        if is_up(inst, k):  # (bottom, right, left)
            return t[(2 + r) % 3], t[(1 + r) % 3], t[r]
        return t[(1 + r) % 3], t[(2 + r) % 3], t[r]  # (top, left, right)
    u, v, h = tile
    if inst.layout == "leg":
        return (u, v, h) if is_up(inst, k) else (v, u, h)
    if k % 2 == 0:  # left half: "/" upper-left (left u, top v), "\" lower-left (left v, bottom u)
        return (u, h, v) if o == 0 else (v, h, u)
    return (h, u, v) if o == 0 else (h, v, u)  # right half: "/" lower-right, "\" upper-right


def allowed(inst: TriangleEdgeMatching, tile: Tile) -> tuple[int, ...]:
    """Canonical orientations of ``tile``: the smallest of each class showing identical labels on every
    side (only equilateral tiles have such classes)."""
    if inst.layout != "equilateral":
        return orientations(inst)
    seen: set[Shown] = set()
    out = []
    for o in orientations(inst):
        s = shown(inst, 0, tile, o)
        if s not in seen:
            seen.add(s)
            out.append(o)
    return tuple(out)


def canonical_orientation(inst: TriangleEdgeMatching, tile: Tile, o: int) -> int:
    if inst.layout != "equilateral":
        return o
    target = shown(inst, 0, tile, o)
    return next(q for q in orientations(inst) if shown(inst, 0, tile, q) == target)


def canonical(inst: TriangleEdgeMatching, sol: Solution) -> Solution:
    return tuple((t, canonical_orientation(inst, inst.tiles[t], o)) for t, o in sol)


def compatible(kind: str, a: int, b: int) -> bool:
    return a == -b if kind == "signed" else a == b


def left_ok(inst: TriangleEdgeMatching, label: int) -> bool:
    return inst.left is None or compatible(inst.kind, inst.left, label)



class TriangleEdgeMatchingProblem(Problem):
    """Triangular 1 x n edge matching; see the module docstring."""

    name = NAME
    title = "Triangular 1 x n edge matching: equilateral, hypotenuse-contact and leg-contact right triangles"
    paper = ("Bosboom et al., Edge Matching with Inequalities, Triangles, Unknown Shape, and Two Players, "
             "section 4, Figure 12")
    solution_is = ("a placement of every tile (distinguishable by index) in one slot of the strip with one "
                   "orientation (equilateral orientations showing identical labels counted once; in the "
                   "hypotenuse layout the cell's diagonal), every contact and the left boundary compatible")
    params = (Param("layout", 0, 0, 3, "0 = drawn at random, 1 equilateral, 2 hypotenuse, 3 leg"),
              Param("tiles", 3, 1, 5000, "number of tiles (hypotenuse layout: rounded up to even)"),
              Param("colours", 3, 1, 5000, "labels 1..colours (signed: +-1..+-colours)"),
              Param("kind", 0, 0, 2, "0 = drawn at random, 1 signed, 2 unsigned"),
              Param("reflection", 0, 0, 2, "equilateral: 0 = no, 1 = allowed, 2 = drawn at random"),
              Param("boundary", 2, 0, 2, "left boundary colour: 0 = none, 1 = given, 2 = drawn at random"))
    modes = ("planted", "unsat", "unique")
    exhaustive_params = (Param("tiles", 2, 1, 2, "largest number of tiles"),
                         Param("colours", 1, 1, 2, "labels 1..colours (signed: +-1..+-colours)"))
    mode_params = {"unsat": {"tiles": 4, "colours": 2}, "unique": {"tiles": 4, "colours": 4}}
    #: the strip's backtracking (:meth:`brute_force`) counts the reductions' strips of few solutions in
    #: 0.01-0.3 s where Ganak takes 1.6-3.5 s (measured on the Lemma 4.2 strips of verify's samples)
    independent_counter = "brute-force"

    # -- protocol ----------------------------------------------------------------------------------
    def counting_method(self, inst: TriangleEdgeMatching) -> str:
        """The portfolio: the reductions' strips have a handful of solutions, enumerated in 0.05 s where
        Ganak takes 1.6-3.5 s; Ganak once enumeration runs past its time."""
        return "portfolio"

    def validate(self, inst: TriangleEdgeMatching) -> None:
        if not isinstance(inst, TriangleEdgeMatching):
            raise InputError(f"{NAME}: not a triangle edge-matching instance")
        if inst.layout not in LAYOUTS:
            raise InputError(f"{NAME}: layout must be one of {', '.join(LAYOUTS)}, got {inst.layout!r}")
        if inst.kind not in KINDS:
            raise InputError(f"{NAME}: kind must be signed or unsigned, got {inst.kind!r}")
        if not isinstance(inst.first_up, bool) or not isinstance(inst.reflection, bool):
            raise InputError(f"{NAME}: first_up and reflection must be true or false")
        if inst.reflection and inst.layout != "equilateral":
            raise InputError(f"{NAME}: reflection applies to the equilateral layout only")
        if inst.layout == "hypotenuse" and not inst.first_up:
            raise InputError(f"{NAME}: the hypotenuse layout has no first orientation (first_up must be true)")
        if not isinstance(inst.tiles, tuple) or not inst.tiles:
            raise InputError(f"{NAME}: tiles must be a non-empty tuple of label triples")
        if inst.layout == "hypotenuse" and len(inst.tiles) % 2:
            raise InputError(f"{NAME}: the hypotenuse layout needs an even number of tiles (two per cell)")
        for i, t in enumerate(inst.tiles):
            if not (isinstance(t, tuple) and len(t) == 3 and all(is_int(x) for x in t)):
                raise InputError(f"{NAME}: tile {i} is not three integer labels")
            if inst.kind == "signed" and 0 in t:
                raise InputError(f"{NAME}: tile {i} has label 0; signed labels are non-zero")
        if inst.left is not None and (not is_int(inst.left) or (inst.kind == "signed" and inst.left == 0)):
            raise InputError(f"{NAME}: the left boundary colour must be an integer (non-zero if signed) or null")

    def check(self, inst: TriangleEdgeMatching, sol: Solution) -> Verdict:
        n = len(inst.tiles)
        if not isinstance(sol, tuple) or len(sol) != n:
            return invalid("wrong-length", f"the strip has {n} slots")
        used: dict[int, int] = {}
        for k, place in enumerate(sol):
            if not (isinstance(place, tuple) and len(place) == 2 and all(is_int(x) for x in place)):
                return invalid("malformed-placement", f"slot {k}: {place!r}")
            t, o = place
            if not 0 <= t < n:
                return invalid("tile-range", f"slot {k}: tile {t}")
            if o not in orientations(inst):
                return invalid("orientation-range", f"slot {k}: orientation {o}")
            if canonical_orientation(inst, inst.tiles[t], o) != o:
                return invalid("orientation-not-canonical", f"slot {k}: tile {t} shows the same labels at "
                                                            f"orientation {canonical_orientation(inst, inst.tiles[t], o)}")
            if t in used:
                return invalid("tile-reused", f"tile {t} in slots {used[t]} and {k}")
            used[t] = k
        if inst.layout == "hypotenuse":
            for c in range(n // 2):
                if sol[2 * c][1] != sol[2 * c + 1][1]:
                    return invalid("diagonal", f"cell {c}: its two halves take different diagonals")
        labels = [shown(inst, k, inst.tiles[t], o) for k, (t, o) in enumerate(sol)]
        for k in range(n - 1):
            if not compatible(inst.kind, labels[k][1], labels[k + 1][0]):
                return invalid("mismatch", f"slots {k} and {k + 1}: {labels[k][1]} against {labels[k + 1][0]}")
        if not left_ok(inst, labels[0][0]):
            return invalid("boundary", f"slot 0 shows {labels[0][0]} against left boundary colour {inst.left}")
        return VALID

    def encode(self, inst: TriangleEdgeMatching) -> Encoding:
        cnf = CNF()
        n = len(inst.tiles)
        rots = [allowed(inst, t) for t in inst.tiles]
        place = {(k, t, o): cnf.var(("place", k, t, o)) for k in range(n) for t in range(n) for o in rots[t]}
        cnf.project(place.values())
        for k in range(n):
            cnf.exactly_one([place[(k, t, o)] for t in range(n) for o in rots[t]])
        for t in range(n):
            cnf.exactly_one([place[(k, t, o)] for k in range(n) for o in rots[t]])
        if inst.layout == "hypotenuse":
            for c in range(n // 2):
                diag = cnf.var(("diag", c))
                for (k, t, o), p in place.items():
                    if k // 2 == c:
                        cnf.add([-p, diag] if o else [-p, -diag])

        def labels(k: int, side: int) -> dict[int, int]:
            groups: dict[int, list[int]] = {}
            for t in range(n):
                for o in rots[t]:
                    groups.setdefault(shown(inst, k, inst.tiles[t], o)[side], []).append(place[(k, t, o)])
            out = {}
            for a, ps in sorted(groups.items()):
                lab = out[a] = cnf.var(("label", k, side, a))
                cnf.add([-lab] + ps)
                cnf.extend([-p, lab] for p in ps)
            return out

        for k in range(n - 1):
            mine, theirs = labels(k, 1), labels(k + 1, 0)
            for a, lab in mine.items():
                b = -a if inst.kind == "signed" else a
                cnf.add([-lab] + ([theirs[b]] if b in theirs else []))
        for (k, t, o), p in place.items():
            if k == 0 and not left_ok(inst, shown(inst, 0, inst.tiles[t], o)[0]):
                cnf.add([-p])

        def decode(val: Callable[[int], bool]) -> Solution:
            return tuple(next((t, o) for t in range(n) for o in rots[t] if val(place[(k, t, o)]))
                         for k in range(n))
        return Encoding(cnf, decode)

    def instance_to_json(self, inst: TriangleEdgeMatching) -> dict[str, Any]:
        return {"layout": inst.layout, "kind": inst.kind, "first_up": inst.first_up,
                "reflection": inst.reflection, "left": inst.left, "tiles": [list(t) for t in inst.tiles]}

    def instance_from_json(self, data: Mapping[str, Any]) -> TriangleEdgeMatching:
        shape = (f"{NAME}: an instance is {{'layout': 'equilateral'|'hypotenuse'|'leg', 'kind': 'signed'|"
                 f"'unsigned', 'first_up': bool, 'reflection': bool, 'left': colour|null, 'tiles': [[a, b, c], ...]}}")
        if not isinstance(data, Mapping) or not isinstance(data.get("tiles"), list) or \
                not all(isinstance(t, list) for t in data["tiles"]):
            raise InputError(shape)
        inst = TriangleEdgeMatching(data.get("layout"), tuple(tuple(t) for t in data["tiles"]),  # type: ignore[arg-type]
                                    data.get("kind"), data.get("first_up", True),  # type: ignore[arg-type]
                                    data.get("reflection", False), data.get("left"))
        self.validate(inst)
        return inst

    def solution_to_json(self, inst: TriangleEdgeMatching, sol: Solution) -> list[list[int]]:
        return [list(p) for p in sol]

    def solution_from_json(self, inst: TriangleEdgeMatching, data: Any) -> Solution:
        pairs = int_pairs(data)
        if pairs is None:
            raise InputError(f"{NAME}: a solution is [[tile, orientation], ...] by slot")
        return pairs

    def size(self, inst: TriangleEdgeMatching) -> dict[str, int]:
        return {"tiles": len(inst.tiles),
                "colours": len({abs(x) if inst.kind == "signed" else x for t in inst.tiles for x in t}),
                "boundary": int(inst.left is not None)}

    # -- oracle ------------------------------------------------------------------------------------
    def extra_solvers(self) -> dict[str, Callable[[Any], Any]]:
        """Edge-matching seed Theorem 4.9: leg-contact instances in linear time (Euler paths)."""
        return {"theorem-4.9": solve_leg}

    def brute_force(self, inst: TriangleEdgeMatching) -> Iterator[Solution]:
        """Every assignment of distinct tiles and canonical orientations to the slots left to right, pruned
        at the first clash with the left neighbour, the boundary or the cell's diagonal; each full
        assignment is kept when :meth:`check` accepts it."""
        n = len(inst.tiles)
        rots = [allowed(inst, t) for t in inst.tiles]
        sol: list[tuple[int, int]] = []
        right: list[int] = []
        free = [True] * n

        def rec(k: int) -> Iterator[Solution]:
            if k == n:
                out = tuple(sol)
                if self.check(inst, out):
                    yield out
                return
            for t in range(n):
                if not free[t]:
                    continue
                for o in rots[t]:
                    if inst.layout == "hypotenuse" and k % 2 and o != sol[k - 1][1]:
                        continue
                    lab = shown(inst, k, inst.tiles[t], o)
                    if (compatible(inst.kind, right[-1], lab[0]) if k else left_ok(inst, lab[0])):
                        free[t] = False
                        sol.append((t, o))
                        right.append(lab[1])
                        yield from rec(k + 1)
                        right.pop()
                        sol.pop()
                        free[t] = True

        yield from rec(0)

    # -- generation --------------------------------------------------------------------------------
    def _shell(self, params: Mapping[str, int], rng: random.Random) -> tuple[TriangleEdgeMatching, int, bool]:
        """The tile-less instance of one draw (layout, kind, reflection, first tile drawn unless fixed),
        the number of tiles and whether the boundary is coloured."""
        layout = LAYOUTS[params["layout"] - 1] if params["layout"] else rng.choice(LAYOUTS)
        kind = KINDS[params["kind"] - 1] if params["kind"] else rng.choice(KINDS)
        n = params["tiles"] + (params["tiles"] % 2 if layout == "hypotenuse" else 0)
        reflection = layout == "equilateral" and (params["reflection"] == 1 or
                                                  (params["reflection"] == 2 and rng.random() < 0.5))
        first_up = layout == "hypotenuse" or rng.random() < 0.5
        bound = params["boundary"] == 1 or (params["boundary"] == 2 and rng.random() < 0.5)
        return TriangleEdgeMatching(layout, (), kind, first_up, reflection), n, bound

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        shell, n, bound = self._shell(params, rng)
        alphabet = _alphabet(shell.kind, params["colours"])
        tiles = tuple(tuple(rng.choice(alphabet) for _ in range(3)) for _ in range(n))
        return Generated(replace(shell, tiles=tiles,  # type: ignore[arg-type]
                                 left=rng.choice(alphabet) if bound else None))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        shell, n, bound = self._shell(params, rng)
        return Generated(*plant(shell, n, params["colours"], bound, rng))

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[TriangleEdgeMatching]:
        """Every strip of at most ``tiles`` tiles (two per cell in the hypotenuse layout), every layout,
        kind, first orientation and (equilateral) reflection setting, every multiset of tiles over the
        alphabet, without a left boundary colour or with each colour."""
        for n in range(1, params["tiles"] + 1):
            for layout in LAYOUTS:
                if layout == "hypotenuse" and n % 2:
                    continue
                for kind in KINDS:
                    alphabet = _alphabet(kind, params["colours"])
                    triples = list(itertools.product(alphabet, repeat=3))
                    for first_up in ((True,) if layout == "hypotenuse" else (True, False)):
                        for reflection in ((False, True) if layout == "equilateral" else (False,)):
                            for chosen in itertools.combinations_with_replacement(triples, n):
                                for left in [None, *alphabet]:
                                    yield TriangleEdgeMatching(layout, chosen, kind, first_up, reflection, left)

    def shrink(self, inst: TriangleEdgeMatching) -> Iterator[TriangleEdgeMatching]:
        """Without the boundary colour; without reflection; without one tile (two in the hypotenuse
        layout: every choice of the first few subsets)."""
        if inst.left is not None:
            yield replace(inst, left=None)
        if inst.reflection:
            yield replace(inst, reflection=False)
        drop = 2 if inst.layout == "hypotenuse" else 1
        if len(inst.tiles) > drop:
            for keep in itertools.islice(itertools.combinations(inst.tiles, len(inst.tiles) - drop), 8):
                yield replace(inst, tiles=keep)

    # -- rendering ---------------------------------------------------------------------------------
    def render_svg(self, inst: TriangleEdgeMatching, solution: Solution | None = None) -> str:
        return render_svg(inst, solution)


def _alphabet(kind: str, colours: int) -> list[int]:
    if kind == "signed":
        return [s * v for v in range(1, colours + 1) for s in (1, -1)]
    return list(range(1, colours + 1))


def _invert(inst: TriangleEdgeMatching, k: int, o: int, want: Shown) -> Tile:
    """The tile showing ``want`` at orientation ``o`` in slot ``k`` (placements permute the labels)."""
    where = shown(inst, k, (0, 1, 2), o)
    tile = [0, 0, 0]
    for pos, idx in enumerate(where):
        tile[idx] = want[pos]
    return tuple(tile)  # type: ignore[return-value]


def plant(shell: TriangleEdgeMatching, n: int, colours: int, bound: bool,
          rng: random.Random) -> tuple[TriangleEdgeMatching, Solution]:
    """A solved strip cut into tiles, shuffled, each tile stored at a random orientation: the instance
    (``shell`` with tiles and boundary) and the planted solution."""
    alphabet = _alphabet(shell.kind, colours)
    rows = [[rng.choice(alphabet) for _ in range(3)] for _ in range(n)]
    for k in range(n - 1):
        a = rng.choice(alphabet)
        rows[k][1], rows[k + 1][0] = a, (-a if shell.kind == "signed" else a)
    left = None
    if bound:
        left = -rows[0][0] if shell.kind == "signed" else rows[0][0]
    orients = orientations(shell)
    turns = [rng.choice(orients) for _ in range(n)]
    if shell.layout == "hypotenuse":
        turns = [turns[k - k % 2] for k in range(n)]
    shell = replace(shell, left=left)
    cut = [_invert(shell, k, turns[k], tuple(rows[k])) for k in range(n)]  # type: ignore[arg-type]
    order = list(range(n))
    rng.shuffle(order)  # tile j is the tile of slot order[j]
    tiles = tuple(cut[order[j]] for j in range(n))
    inst = replace(shell, tiles=tiles)
    where = {slot: j for j, slot in enumerate(order)}
    sol = tuple((where[k], canonical_orientation(inst, tiles[where[k]], turns[k])) for k in range(n))
    return inst, sol


# -- rendering ---------------------------------------------------------------------------------------------

def solve_leg(inst: TriangleEdgeMatching) -> Solution | None:
    """Theorem 4.9: a solution of a leg-contact instance, or None when it has none, in linear time (up to
    the dictionary of colours)."""
    TriangleEdgeMatchingProblem().validate(inst)
    if inst.layout != "leg":
        raise InputError("Theorem 4.9 solves the leg-contact layout only")
    signed = inst.kind == "signed"
    ids: dict[int, int] = {}

    def vid(c: int) -> int:
        return ids.setdefault(abs(c) if signed else c, len(ids))

    arcs = [(vid(u), vid(v)) for u, v, _h in inst.tiles]
    groups: list[tuple[Hashable, Hashable]] = [(u > 0, v > 0) for u, v, _h in inst.tiles]
    start_ok, end_ok = direction_predicates(inst.first_up, None)
    if inst.left is not None:
        beyond = len(ids) + 1  # a fresh colour id for the virtual tile's outer leg
        c = vid(inst.left)
        if inst.first_up:  # virtual slot -1 is hypotenuse-top: tile (a=left, b=fresh) crossed backwards
            arcs.append((c, beyond))
            groups.append((inst.left > 0, "beyond"))
            start_ok = (lambda x: x == 2 * beyond + 1)
        else:  # virtual slot -1 is hypotenuse-bottom: tile (a=fresh, b=left) crossed forwards
            arcs.append((beyond, c))
            groups.append(("beyond", inst.left > 0))
            start_ok = (lambda x: x == 2 * beyond)
    edges = split_graph(arcs)
    trail = (forbidden_transition_trail(edges, groups, start_ok, end_ok) if signed
             else euler_trail(edges, start_ok, end_ok))
    if trail is None:
        return None
    if inst.left is not None:
        trail = trail[1:]
    return tuple((k, 0) for k, _a in trail)


PALETTE = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
           "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3"]


def _geometry(inst: TriangleEdgeMatching, k: int, o: int, size: float) -> tuple[list[tuple[float, float]],
                                                                                 tuple[int, int, int]]:
    """Corners of slot k's triangle and, per side (corner i to corner i + 1), which shown label it
    carries (0 = left contact, 1 = right contact, 2 = third side)."""
    if inst.layout == "hypotenuse":
        x = (k // 2) * size
        tl, tr, bl, br = (x, 0.0), (x + size, 0.0), (x, size), (x + size, size)
        if k % 2 == 0:  # left half: "/" upper-left, "\" lower-left
            return ([bl, tl, tr], (0, 2, 1)) if o == 0 else ([bl, tl, br], (0, 1, 2))
        return ([tr, br, bl], (1, 2, 0)) if o == 0 else ([tl, tr, br], (2, 1, 0))
    height = size * (0.866 if inst.layout == "equilateral" else 0.5)
    x = k * size / 2
    if is_up(inst, k):
        return [(x, height), (x + size / 2, 0.0), (x + size, height)], (0, 1, 2)
    return [(x, 0.0), (x + size / 2, height), (x + size, 0.0)], (0, 1, 2)


def render_svg(inst: TriangleEdgeMatching, solution: Solution | None = None) -> str:
    """The strip with the solution placed, or the tiles in a tray (each as in slot 0, orientation 0)."""
    size = 80.0

    def fill(label: int) -> str:
        return PALETTE[(abs(label) if inst.kind == "signed" else label) % len(PALETTE)]

    def text(label: int) -> str:
        return f"{label:+d}" if inst.kind == "signed" else str(label)

    if solution is not None:
        placed = [(k, t, o, 0.0) for k, (t, o) in enumerate(solution)]
    else:
        placed = [(0, t, 0, t * (size + 12)) for t in range(len(inst.tiles))]
    shapes = []
    for k, t, o, dx in placed:
        corners, which = _geometry(inst, k, o, size)
        corners = [(x + dx, y) for x, y in corners]
        cx = sum(p[0] for p in corners) / 3
        cy = sum(p[1] for p in corners) / 3
        labels = shown(inst, k, inst.tiles[t], o)
        sides = []
        for i in range(3):
            (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 3]
            lab = labels[which[i]]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            sides.append({"points": f"{ax:.1f},{ay:.1f} {bx:.1f},{by:.1f} {cx:.1f},{cy:.1f}", "fill": fill(lab),
                          "label": text(lab), "tx": f"{mx + (cx - mx) * 0.45:.1f}",
                          "ty": f"{my + (cy - my) * 0.45:.1f}"})
        shapes.append({"outline": " ".join(f"{x:.1f},{y:.1f}" for x, y in corners), "sides": sides,
                       "name": str(t), "nx": f"{cx:.1f}", "ny": f"{cy:.1f}"})
    xs = [float(p.split(",")[0]) for s in shapes for p in s["outline"].split()]
    width = max(xs) if xs else size
    left = None if inst.left is None or solution is None else text(inst.left)
    return render_template("triangle_edgematching.svg.j2", width=width, height=size, size=size,
                           shapes=shapes, left=left, layout=inst.layout, kind=inst.kind)


PROBLEMS = [TriangleEdgeMatchingProblem()]
