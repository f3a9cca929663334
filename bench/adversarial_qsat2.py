"""QSAT2 to adversarial-boundary edge matching (Witness seed, appendix A): board sizes and per-move times.

For each formula: the circuit layout (w x h_c), the circuit tiles t, the board (cols x rows, tile types),
the time to build the tiling SAT problem, and per existential assignment the move's SAT call, with the
answer checked against brute force (tileable iff some y falsifies f).

    python bench/adversarial_qsat2.py

Measured on a loaded 2-core machine: x or y and x and y give 6 x 54 boards (98 tile types, 118k SAT
variables) built in 15-21 s, each move decided in 0-37 s; (x and y) or (x and not y) gives a 12 x 113 board
(404 tile types, 2.35M variables) built in 437 s.
"""

from __future__ import annotations

import itertools
import time

from gadgetry.puzzles.edgematching.adversarial import Tiler
from gadgetry.reductions.adversarial_boundary_edge_matching_from_qsat2 import build, swaps_of
from gadgetry.sources.qsat2 import QSAT2, value

FORMULAS = [
    ("x or y", QSAT2(2, (1,), (2,), "dnf", ((1,), (2,)))),
    ("x and y", QSAT2(2, (1,), (2,), "dnf", ((1, 2),))),
    ("(x and y) or (x and not y)", QSAT2(2, (1,), (2,), "dnf", ((1, 2), (1, -2)))),
    ("(x1 or y) and (x2 or not y)", QSAT2(3, (1, 2), (3,), "cnf", ((1, 3), (2, -3)))),
]


def main() -> None:
    for label, q in FORMULAS:
        built = build(q)
        board = built.board
        start = time.perf_counter()
        tiler = Tiler(board)
        setup = time.perf_counter() - start
        print(f"{label}: layout {built.layout.width} x {built.layout.height}, t = {len(built.circuit_tiles)}, "
              f"board {board.cols} x {board.rows} ({len(set(board.tiles))} tile types), "
              f"SAT {tiler.cnf.nvars} vars / {len(tiler.cnf.clauses)} clauses, built in {setup:.1f} s")
        for bits in itertools.product((False, True), repeat=len(q.xs)):
            x = {v for v, b in zip(q.xs, bits) if b}
            start = time.perf_counter()
            tiles = tiler.tile(swaps_of(q, built, x)) is not None
            spent = time.perf_counter() - start
            expected = any(not value(q, x | {v for v, b in zip(q.forall, ys) if b})
                           for ys in itertools.product((False, True), repeat=len(q.forall)))
            print(f"  x true = {sorted(x)}: tileable {tiles} (expected {expected}) in {spent:.1f} s")
            assert tiles == expected
        tiler.close()


if __name__ == "__main__":
    main()
