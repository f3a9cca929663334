"""Exhaustive searches for wire and junction gadgets in grid graphs of maximum degree 3, kept for the
3SAT -> ``grid-hamiltonian-cycle`` chain (Itai, Papadimitriou & Szwarcfiter 1982; Papadimitriou & Vazirani
1984), which is not built yet: a bend for a width-2 ladder (none), and the junction of a vertex with one
arc in and two out (found).

An edge that a Hamiltonian cycle may or may not use cannot be a width-1 path in a grid graph (its degree-2
points force it); the usual wire is a ladder (two rows): used, the cycle zigzags through it; unused, the
cycle enters and leaves it at one end (a U-turn along both rows). A straight ladder of L columns with its
four corner ports has exactly one cover for each of: U-turn at either end, one zigzag from each left
corner (to the right corner fixed by the parity of L), and the two rows as two parallel paths.

The search: a ladder stub (two columns) entering a box from the left on rows 0, 1 and a stub leaving it
upwards on columns a, a + 1; every subset of the other points of the box whose grid graph has maximum
degree 3 (external port edges counted) is checked for the covers a wire needs (:func:`is_bend`: the
zigzags and the two rows, the top ports playing the right ones). Result (exhaustive): no such bend for
(a, H) in (2, 4), (2, 5), (3, 5), (3, 6) (the last 5 min). So a chain built this way needs straight ladders only (optional edges drawn without
bends, e.g. vertical segments of a visibility representation); a wider wire has points of degree 4.

The junction (``--junction``): a point i entered from below by a forced width-1 wire (the arc in), and two
ladder stubs A (left) and B (right) of two columns on rows a, a + 1 whose far ports continue the ladders
(arcs out, tails here, each ending at its head in one port): every point set in the box x in [-w, w],
y in [0, h] is checked for exactly one cover per state: A used (a path from i through B's U-turn, leaving
by the far port of A that starts A's zigzag) and B used (the mirror). Found, the smallest (w = 1, h = 3,
a = 1): an 8-cycle ring around the hole (0, 2), entered at (0, 1) from i = (0, 0), the stubs on its sides::

    y=3     .  #  #  #  .
    y=2  A  A  #  .  #  B  B
    y=1  A  A  #  #  #  B  B
    y=0           i

    python bench/grid_gadget_search.py [--boxes 2x4,2x5,3x5] [--junction 1x3x1]
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Sequence

Point = tuple[int, int]


def neighbours(points: set[Point], p: Point) -> list[Point]:
    x, y = p
    return [q for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if q in points]


def covers(points: set[Point], pairs: Sequence[tuple[Point, Point]]) -> int:
    """Covers of ``points`` by vertex-disjoint paths joining each pair (a paired point is only an end)."""
    ends = {v for pair in pairs for v in pair}
    total = 0

    def run(k: int, seen: set[Point]) -> None:
        nonlocal total
        if k == len(pairs):
            total += len(seen) == len(points)
            return
        p, q = pairs[k]
        if p in seen or q in seen:
            return

        def extend(v: Point, used: set[Point]) -> None:
            if v == q:
                run(k + 1, used)
                return
            for w in neighbours(points, v):
                if w not in used and (w not in ends or w == q):
                    used.add(w)
                    extend(w, used)
                    used.discard(w)

        extend(p, seen | {p})

    run(0, set())
    return total


def is_bend(points: set[Point], left: Sequence[Point], top: Sequence[Point]) -> bool:
    """Whether ``points`` carry a ladder round the corner: one zigzag cover from each left port, to
    different top ports, and exactly one cover by two paths along the rows (a U-turn further on). U-turns
    inside the piece are not asked for: a wire whose head is one point is never covered from its head."""
    zigzags = {(p, q): c for p in left for q in top if (c := covers(points, [(p, q)]))}
    if sorted(zigzags.values()) != [1, 1] or len({p for p, _ in zigzags}) != 2:
        return False
    rows = [covers(points, [(left[0], t0), (left[1], t1)]) for t0, t1 in itertools.permutations(top)]
    return sorted(rows) == [0, 1]


def search(a: int, height: int) -> list[list[Point]]:
    left, top = [(0, 0), (0, 1)], [(a, height - 1), (a + 1, height - 1)]
    fixed = {(0, 0), (0, 1), (1, 0), (1, 1), (a, height - 1), (a + 1, height - 1), (a, height - 2),
             (a + 1, height - 2)}
    box = [(x, y) for x in range(a + 2) for y in range(height) if (x, y) not in fixed]
    found = []
    for k in range(len(box) + 1):
        for extra in itertools.combinations(box, k):
            points = fixed | set(extra)
            if any(len(neighbours(points, p)) + (p in left or p in top) > 3 for p in points):
                continue
            if is_bend(points, left, top):
                found.append(sorted(points))
    return found


def junctions(w: int, h: int, a: int) -> list[list[Point]]:
    """The (1, 2) junctions in the box of the module docstring."""
    i = (0, 0)
    stub_a = [(-w - 1, a), (-w - 1, a + 1), (-w - 2, a), (-w - 2, a + 1)]
    stub_b = [(w + 1, a), (w + 1, a + 1), (w + 2, a), (w + 2, a + 1)]
    far_a, far_b = stub_a[2:], stub_b[2:]
    fixed, ports = {i, *stub_a, *stub_b}, {i, *far_a, *far_b}
    box = [(x, y) for x in range(-w, w + 1) for y in range(h + 1) if (x, y) not in fixed]
    found = []
    for k in range(len(box) + 1):
        for extra in itertools.combinations(box, k):
            points = fixed | set(extra)
            if any(len(neighbours(points, p)) + (p in ports) > 3 for p in points):
                continue
            if all(sum(covers(points, [(i, p), (q, x)]) for x in used for p, q in (uturn, uturn[::-1])) == 1
                   for used, uturn in ((far_a, far_b), (far_b, far_a))):
                found.append(sorted(extra))
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boxes", default="2x4,2x5,3x5", help="a x height, comma-separated")
    ap.add_argument("--junction", default="1x3x1", help="w x h x a, comma-separated")
    args = ap.parse_args()
    for box in args.boxes.split(","):
        a, height = map(int, box.split("x"))
        print(f"bend, a={a} height={height}: {len(search(a, height))} found")
    for box in args.junction.split(","):
        w, h, a = map(int, box.split("x"))
        print(f"junction, w={w} h={h} a={a}: {junctions(w, h, a)}")


if __name__ == "__main__":
    main()
