"""Interval-Pair Cover to 1 x n <-compatible edge matching (edge-matching seed, section 2.2.4, Theorem 2.6).

Tiles ``(north, east, south, west)``: for each element i of U = {1..n} two copies of the element tile
(i, i, i, i) (tiles 2(i-1) and 2(i-1)+1), then for each pair ([a, b], [c, d]) (tile 2n + j) the seed's
interval-pair tile with left a-1, top c-1, right b+1, bottom d+1, i.e. (c-1, b+1, d+1, a-1). Board
1 x (2n + m), kind ``lt``, rotations on, no boundary colour. Labels lie in 0..n+1. An empty universe
(hence no pairs: one solution, the empty choice) becomes the 1 x 1 board with the one tile (0, 0, 0, 0),
since a board has at least one cell.

A placed pair tile shows {a-1, b+1} or {c-1, d+1} on its west and east sides: that is the chosen
interval (``backward``). An uncovered element i leaves no room for the second copy of its tile (the
seed's proof). ``forward`` follows the seed's construction: for i = 1..n, element tile i, then for each
chosen interval [s, t] with t = i, its pair tile showing west t+1 and east s-1 followed by element tiles
s..t; element tiles beyond the two copies are then dropped (dropping a tile keeps a < chain).

Count relation: none. Each cover has many layouts, and the two copies of each element tile are
distinguishable (every count is a multiple of 2^n).
"""

from __future__ import annotations

from gadgetry.core import Reduction
from gadgetry.puzzles.edgematching.square_model import EdgeMatching, Solution, rotate
from gadgetry.sources.interval_pair_cover import Choice, IntervalPairCover


def pair_tile(pair: tuple[tuple[int, int], tuple[int, int]]) -> tuple[int, int, int, int]:
    (a, b), (c, d) = pair
    return (c - 1, b + 1, d + 1, a - 1)


class EdgeMatchingLtFromIntervalPairCover(Reduction):
    """Two copies of (i, i, i, i) per element, one tile (c-1, b+1, d+1, a-1) per interval pair."""

    name = "edge-matching-lt-from-interval-pair-cover"
    target_variant = "lt"
    source = "interval-pair-cover"
    target = "edge-matching"
    paper = "Edge-matching seed (Bosboom et al.)"
    section = "2.2.4"
    theorem = "Theorem 2.6"
    # Small on purpose: Ganak's time on these targets grows with their (large) solution counts.
    verify_params = ({"universe": 3, "pairs": 1, "length": 3}, {"universe": 2, "pairs": 1, "length": 2},
                     {"universe": 2, "pairs": 2, "length": 1})

    def reduce(self, source: IntervalPairCover) -> EdgeMatching:
        self.source_problem.validate(source)
        n = source.universe
        if n == 0:
            return EdgeMatching(1, 1, ((0, 0, 0, 0),), "lt")
        tiles = [(i, i, i, i) for i in range(1, n + 1) for _copy in (0, 1)]
        tiles += [pair_tile(p) for p in source.pairs]
        return EdgeMatching(1, 2 * n + len(source.pairs), tuple(tiles), "lt")

    def forward(self, source: IntervalPairCover, target: EdgeMatching, source_solution: Choice) -> Solution:
        n = source.universe
        if n == 0:
            return ((0, 0),)
        # Rotation 2 shows west b+1, east a-1; rotation 1 shows west d+1, east c-1.
        chosen = [(source.pairs[j][k], 2 * n + j, 2 if k == 0 else 1) for j, k in enumerate(source_solution)]
        sequence: list[tuple[str, int, int]] = []  # ("element", i, 0) or ("pair", tile, rotation)
        for i in range(1, n + 1):
            sequence.append(("element", i, 0))
            for (s, t), tile, r in chosen:
                if t == i:
                    sequence.append(("pair", tile, r))
                    sequence += [("element", e, 0) for e in range(s, t + 1)]
        used = [0] * (n + 1)
        out = []
        for what, x, r in sequence:
            if what == "pair":
                out.append((x, r))
            elif used[x] < 2:
                out.append((2 * (x - 1) + used[x], 0))
                used[x] += 1
        return tuple(out)

    def backward(self, source: IntervalPairCover, target: EdgeMatching, target_solution: Solution) -> Choice:
        n = source.universe
        if n == 0:
            return ()
        choice = [0] * len(source.pairs)
        for tile, r in target_solution:
            if tile >= 2 * n:
                (a, b), _second = source.pairs[tile - 2 * n]
                _n, east, _s, west = rotate(target.tiles[tile], r)
                choice[tile - 2 * n] = 0 if {west, east} == {a - 1, b + 1} else 1
        return tuple(choice)

    def overhead(self, source: IntervalPairCover) -> dict[str, int]:
        cells = max(1, 2 * source.universe + len(source.pairs))
        return {"rows": 1, "cols": cells, "tiles": cells, "boundary": 0}

    def example(self) -> tuple[IntervalPairCover, Choice]:
        """Two pairs and two covers of 1..3: [1, 2] with [3, 3], and [2, 3] with [1, 1]."""
        source = IntervalPairCover(3, (((1, 2), (2, 3)), ((1, 1), (3, 3))))
        return source, (0, 1)


REDUCTIONS = [EdgeMatchingLtFromIntervalPairCover()]
