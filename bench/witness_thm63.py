"""The Witness seed's Theorem 6.3 construction (3-triangles only; section 6), built and solved, not yet a
registered reduction: ``python bench/witness_thm63.py``.

Scale 12: the chamber of source point v is the 11 x 11 block of cells whose top-left vertex is the
framework's ``Frame(g, 12, 0).at(v)`` (the paper's y up, the panel's down), with one empty row or column
between chambers and no margin. 3-triangles in the centre cell and every non-corner wall cell; for each
source edge the wall cells at offsets 4 and 6 of both facing walls lose their clues (the middle one stays);
the start/end chamber (bottommost, then rightmost) loses its bottom wall's middle clue, with the start
circle and end cap at that cell's bottom corners. Solved by the framework's lazy-cut SAT
(``gadgetry.puzzles.witness.lazy.local_solutions``); the general encoding's region layers did not solve the 23 x 23 panel
of the 2 x 2 source in 600 s.

Measured (two shared cores, loaded): the 2 x 2 source's 23 x 23 panel solves in 8.5 s; 50 solutions of
the 2 x 3 block's 35 x 23 panel took 569 s, and each crosses every used door on one of the two rows
bounding the lone middle clue (two choices per door), never elsewhere.
"""

from __future__ import annotations

import sys
import time

from gadgetry.puzzles.witness.model import Panel, make_panel, path_edges, triangle
from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.reductions.gadgets.witness_frame import Frame, direction
from gadgetry.sources.grid_hamiltonicity import GridGraph

SCALE, SIDE = 12, 11


def build(g: GridGraph) -> tuple[Panel, Frame]:
    f = Frame(g, SCALE, 0)
    xs, ys = [p[0] for p in g.points], [p[1] for p in g.points]
    width, height = SCALE * (max(xs) - min(xs)) + SIDE, SCALE * (max(ys) - min(ys)) + SIDE
    clues = set()
    for v in g.points:
        X, Y = f.at(v)
        clues.add((X + 5, Y + 5))
        walls = {"up": [(X + i, Y) for i in range(SIDE)], "down": [(X + i, Y + 10) for i in range(SIDE)],
                 "left": [(X, Y + i) for i in range(SIDE)], "right": [(X + 10, Y + i) for i in range(SIDE)]}
        doors = {direction(v, w) for w in f.neighbours(v)}
        for d, wall in walls.items():
            for i in range(1, SIDE - 1):
                if (d in doors and i in (4, 6)) or (v == f.start_chamber and d == "down" and i == 5):
                    continue
                clues.add(wall[i])
    X, Y = f.at(f.start_chamber)
    panel = make_panel(width, height, [(X + 5, Y + SIDE)], [(X + 6, Y + SIDE)],
                       symbols={c: triangle(3) for c in clues})
    return panel, f


def main() -> None:
    for name, pts in (("2x2 ring", ((0, 0), (0, 1), (1, 0), (1, 1))), ("L of three (no cycle)", ((0, 0), (1, 0), (0, 1)))):
        panel, _ = build(GridGraph(tuple(sorted(pts))))
        t = time.time()
        sol = next(local_solutions(panel, [], cap=1), None)
        print(f"{name}: {panel.width} x {panel.height} cells, solvable {sol is not None}, "
              f"{len(path_edges(sol)) if sol else 0} edges, {time.time() - t:.1f} s")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
