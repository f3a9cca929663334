"""Is there a bend for a width-2 ladder in grid graphs of maximum degree 3? An exhaustive search, kept for the
3SAT -> ``grid-hamiltonian-cycle`` chain (Itai, Papadimitriou & Szwarcfiter 1982; Papadimitriou & Vazirani
1984), which is not built yet.

An edge that a Hamiltonian cycle may or may not use cannot be a width-1 path in a grid graph (its degree-2
points force it); the usual wire is a ladder (two rows): used, the cycle zigzags through it; unused, the
cycle enters and leaves it at one end (a U-turn along both rows). A straight ladder of L columns with its
four corner ports has exactly one cover for each of: U-turn at either end, one zigzag from each left
corner (to the right corner fixed by the parity of L), and the two rows as two parallel paths.

The search: a ladder stub (two columns) entering a box from the left on rows 0, 1 and a stub leaving it
upwards on columns a, a + 1; every subset of the other points of the box whose grid graph has maximum
degree 3 (external port edges counted) is checked for exactly that cover table, the top ports playing
the right ones. Result (exhaustive): no such bend for (a, H) in (2, 4), (2, 5), (3, 5), (2, 6), (3, 6)
(the last 6 min). So a chain built this way needs straight ladders only (optional edges drawn without
bends, e.g. vertical segments of a visibility representation) or a wider wire.

    python bench/grid_ladder_bend_search.py [--boxes 2x4,2x5,3x5]
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
    single = {(p, q): c for p, q in itertools.combinations([*left, *top], 2) if (c := covers(points, [(p, q)]))}
    zigzags = [(p, q) for p, q in single if p in left and q in top]
    if (len(single) != 4 or single.get(tuple(left)) != 1 or single.get(tuple(top)) != 1 or len(zigzags) != 2
            or any(single[z] != 1 for z in zigzags) or len({p for p, _ in zigzags}) != 2
            or len({q for _, q in zigzags}) != 2):
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boxes", default="2x4,2x5,3x5", help="a x height, comma-separated")
    args = ap.parse_args()
    for box in args.boxes.split(","):
        a, height = map(int, box.split("x"))
        print(f"a={a} height={height}: {len(search(a, height))} bends")


if __name__ == "__main__":
    main()
