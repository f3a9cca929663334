"""Grid Hamiltonian path (fixed ends) to Flow Free: attempted constructions, their smallest counterexamples,
and the test any next attempt should pass first.

No reduction into Flow Free is built yet (README, "left out"). This script keeps what the attempts found:

* ``scale3``: points at 3p, an edge's two corridor cells empty, every face's 2 x 2 interior two dominoes,
  horizontal and vertical in a checkerboard so that each edge has one "serving" domino beside its corridor
  (it detours through the corridor when the main path does not use the edge), missing points and edges
  rigid fillers. Not exact: a serving domino can leave its corridor through a vertex and come back through
  the far vertex (a *escape*: it covers a cycle of G and the main path skips those points).
  ``python bench/flowfree_search.py`` draws small fixed-end grid graphs, counts both sides (Flow Free
  colourings with the puzzle's ``lazy`` counter, Hamiltonian paths by the source's own counter) and prints
  the smallest mismatches: 7 of 40 graphs (seed 0); the smallest is the 2 x 2 block (a 4-cycle) with
  adjacent ends, 1 Hamiltonian path and 2 Flow Free solutions (in the second the main path takes the
  edge between the ends, and the face's two dominoes each take one of the other points with the corridor
  cells beside it); the 2 x 3 block with ends (0, 1) and (0, 2) has 1 and 3.
* :func:`escapes` is the necessary check for any layout of this kind: the empty cells joined to the main
  path's terminals form the main region M; a filler with both terminals next to M can cover a path of M
  between them, and unless that strands cells of M (a corridor stretch whose only ways in are the two
  cells the filler took) it can take a whole cycle of G. A filler touching M at most once is rigid towards
  M. ``escapes`` lists the fillers touching M twice, with the M cells they touch.

Why straight width-1 corridors between single-cell points cannot pass that check (the obstruction the
next attempt has to get round). Let a point u have two perpendicular edges, east and south, corridor cells
(0, 1), (0, 2), ... and (1, 0), (2, 0), ... (u at the origin). The corner cell (1, 1) touches both first
corridor cells; (1, 2) touches the second east cell and (2, 1) the second south cell, so both are
terminals (an empty cell next to M is in M). A terminal next to M whose partner also touches M must touch
M only at the two far ends of a corridor stretch (then an escape strands the stretch between); (1, 2) and
(2, 1) touch the second corridor cells, so their partners must touch no M cell: the only such neighbour
of either is (2, 2), and it cannot be both partners. One filler with both as terminals, forced through an
empty (2, 2), is safe, but then the corner (1, 1) can only leave through the two first corridor cells: a
filler there serves one of the two edges always. And a serving filler needs a terminal beside the first
corridor cell, that is at a corner such as (1, 1) (the cell is otherwise surrounded by u and the
corridor), and a route around when the edge is used, which has to leave (1, 1) through (1, 2) or (2, 1):
cells next to M. Bending the corridor straight away does not help: the inner cell of an L-bend whose legs
are both two cells or longer has two neighbours that touch M, with the same conflict. What survives:
corridors that are straight or staircases (every step one cell: each side cell touches two corridor cells
two apart and has a free neighbour outwards), and at a point with two perpendicular edges one of them
leaving as a staircase into the quadrant of the missing direction (grid graphs of maximum degree 3 have
one): with east and south present and north missing, east leaving (0, 1), (-1, 1), (-1, 2), (-2, 2), ...
frees (1, 2), so (1, 1) can be a serving terminal whose bypass starts at (1, 2), with (2, 1) paired to
(2, 2) and the step's inner cell (0, 2) to (0, 3); with west also present it leaves the mirror way and
(-1, 0) pairs with (-2, 0). A staircase arm fixes the side of its serving terminal (the side away from
the drift), and a T missing north next to a T missing south (east of it) puts the two ends of their edge on
opposite sides, with no way round: such an edge needs two serving fillers, one per half of the corridor,
each on its own side (a filler touching M at the two ends of a stretch with an isolated interior is as
safe as one touching the whole corridor's ends, and the two must serve together). Taken further, a
corridor can be cut into short stretches (three cells or more), each with its own serving filler touching
the stretch's first and last cells and a local bypass covered by dominoes when the filler serves: the
stretches of one edge serve or bypass together (a stretch left uncovered strands), so no bypass has to
run the corridor's length. No such stretch tile has been fitted and checked yet.

**Walls** (:func:`walls`, measured 2026-11-27): the points themselves are the main region M (scale 1, no
corridors), and every other cell of the box is a terminal of a two-cell colour (a domino), no domino having
both cells next to M. Then every domino is rigid and the main colour covers exactly M: a colour's path
between two terminals passes only through non-terminal cells, that is through M, so a domino that leaves
its direct edge enters M from one terminal and leaves it into the other, both next to M. Flow Free's
solutions are then the Hamiltonian paths of M between the ends, one colouring for all of them (the count
identity is the colouring: the Flow Free count is min(1, paths)). ``search_walls`` checks it: with seed 0,
228 of 300 random fixed-end graphs have a wall layout, and on each the board is solvable exactly when the
graph has a Hamiltonian path. But walls exist only for graphs without holes. Each cell next to M needs a
neighbour of its own that is neither in M nor next to it, and in a bounded region of non-points the layer
next to M is longer than the layer inside it (the region's boundary turns once round, so each layer inwards
is shorter): no square ring of side 4 to 32 has walls (``--necklace`` prints them).
Gaps of width 1 and inner corners of L-bends with legs of two cells or more (staircase bends are fine) are
stuck too, but those a drawing could avoid; holes it cannot, since graphs without holes are solid grid
graphs, where Hamiltonian cycle is polynomial (Umans and Lenhart 1997), and a Hamiltonicity construction
needs cycles of points around regions. The grid graphs of ``grid-hamiltonian-cycle-from-hamiltonian-cycle``
have 5 holes on the two-ring necklace (and 475 stuck cells among its 2,299 points). So a filler inside a
hole must have a terminal away from M or run along M, and then it can leave through M: the escape problem
of the other layouts.

A direct planar positive 1-in-3SAT construction from "switch" fillers (a filler with exactly two routes,
the unused route's cells covered by lane dominoes) meets a different obstruction: with every filler's two
routes fixed cell sets, a clause cell covered by exactly one of three fillers forces, cell by cell, the
three clause routes to cover the same set Z (coverage is linear in the fillers' states and must be 1 in
each of the three states), so the three fillers' loops share Z; three loops through one segment are
nested, and one of them cannot reach a variable below the clause without crossing another.

    python bench/flowfree_search.py [trials] [seed] [--necklace]
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

import networkx as nx

from gadgetry.puzzles.flowfree import EMPTY, FlowFree, count_lazy, orthogonal, terminals
from gadgetry.sources.grid_hamiltonicity import GridGraph, GridHamiltonianPath, neighbours_all

Cell = tuple[int, int]


def colours() -> Iterator[str]:
    """Terminal letters: ASCII letters and digits, then CJK ideographs (``str.isalnum``)."""
    yield from "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    yield from (chr(0x4E00 + i) for i in range(20000))


def scale3(g: GridGraph) -> FlowFree:
    """The scale-3 layout (module docstring); the main colour is the first letter, ``A``."""
    pts = set(g.points)
    w = max(x for x, _ in pts)
    h = max(y for _, y in pts)
    x0, x1, y0, y1 = -2, 3 * w + 2, -2, 3 * h + 2
    empty = {(3 * x, 3 * y) for x, y in pts}
    for x, y in pts:
        if (x + 1, y) in pts:
            empty |= {(3 * x + 1, 3 * y), (3 * x + 2, 3 * y)}
        if (x, y + 1) in pts:
            empty |= {(3 * x, 3 * y + 1), (3 * x, 3 * y + 2)}
    pairs: list[tuple[Cell, Cell]] = []
    for fx in range(-1, w + 1):
        for fy in range(-1, h + 1):
            a, b = 3 * fx + 1, 3 * fy + 1
            if (fx + fy) % 2 == 0:
                pairs += [((a, b), (a + 1, b)), ((a, b + 1), (a + 1, b + 1))]
            else:
                pairs += [((a, b), (a, b + 1)), ((a + 1, b), (a + 1, b + 1))]
    for x in range(0, w + 1):
        for y in range(0, h + 1):
            if (x, y) not in pts:  # a missing point takes its right-hand edge cells: one rigid filler
                pairs.append(((3 * x, 3 * y), (3 * x + 2, 3 * y)))
    covered = set(empty) | {c for p in pairs for c in p} | {(3 * x + 1, 3 * y) for x in range(w + 1)
                                                            for y in range(h + 1) if (x, y) not in pts}
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            c = (x, y)
            if c in covered:
                continue
            d = (x + 1, y) if y % 3 == 0 else (x, y + 1)  # a missing edge's two cells: a domino
            pairs.append((c, d))
            covered |= {c, d}
    grid = [[EMPTY] * (x1 - x0 + 1) for _ in range(y1 - y0 + 1)]
    main = ((3 * g.start[0], 3 * g.start[1]), (3 * g.end[0], 3 * g.end[1]))  # type: ignore[index]
    for (a, b), ch in zip([main, *pairs], colours()):
        for x, y in (a, b):
            assert grid[y - y0][x - x0] == EMPTY, (x, y)
            grid[y - y0][x - x0] = ch
    return FlowFree(tuple("".join(row) for row in grid))


def walls(g: GridGraph, margin: int = 2) -> FlowFree | None:
    """The wall layout (module docstring): the points themselves as the main region M, every other cell of
    the bounding box (grown by ``margin``, and by one row or column where the checkerboard needs it) a
    terminal of a two-cell colour, no such domino having both cells next to M; None when no tiling does
    (a bipartite matching decides). The main colour is ``A``."""
    pts = set(g.points)
    balance = sum(1 if (x + y) % 2 == 0 else -1 for x, y in pts)
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    for grow_x, grow_y in ((0, 0), (1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1), (1, -1), (-1, 1)):
        x0, x1 = min(xs) - margin - (grow_x < 0), max(xs) + margin + (grow_x > 0)
        y0, y1 = min(ys) - margin - (grow_y < 0), max(ys) + margin + (grow_y > 0)
        board = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
        if sum(1 if (x + y) % 2 == 0 else -1 for x, y in board) == balance:
            break
    else:
        return None
    rest = [c for c in board if c not in pts]
    near = {c for c in rest if any(q in pts for q in neighbours_all(c))}
    tiles = nx.Graph()
    tiles.add_nodes_from(rest)
    tiles.add_edges_from((c, q) for c in rest for q in neighbours_all(c)
                         if q in tiles and not (c in near and q in near))
    matching = nx.bipartite.hopcroft_karp_matching(tiles, top_nodes=[c for c in rest if sum(c) % 2 == 0])
    if len(matching) != len(rest):
        return None
    pairs = [(c, matching[c]) for c in rest if sum(c) % 2 == 0]
    grid = [[EMPTY] * (x1 - x0 + 1) for _ in range(y1 - y0 + 1)]
    for (a, b), ch in zip([(g.start, g.end), *pairs], colours()):
        for x, y in (a, b):  # type: ignore[misc]
            grid[y - y0][x - x0] = ch
    return FlowFree(tuple("".join(row) for row in grid))


def escapes(inst: FlowFree, main: str = "A") -> dict[str, tuple[set[Cell], set[Cell]]]:
    """Fillers both of whose terminals touch the main region M (the empty cells joined to ``main``'s
    terminals), each with the M cells its two terminals touch (module docstring)."""
    terms = terminals(inst)
    g = nx.Graph()
    cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
    g.add_nodes_from(c for c in cells if inst.grid[c[0]][c[1]] == EMPTY)
    g.add_edges_from((x, y) for x in g for y in orthogonal(inst, x) if y in g)
    region: set[Cell] = set()
    for t in terms[main]:
        for y in orthogonal(inst, t):
            if y in g:
                region |= nx.node_connected_component(g, y)
    out = {}
    for k, (a, b) in terms.items():
        ta = {y for y in orthogonal(inst, a) if y in region}
        tb = {y for y in orthogonal(inst, b) if y in region}
        if k != main and ta and tb:
            out[k] = (ta, tb)
    return out


def ham_paths(g: GridGraph) -> int:
    return GridHamiltonianPath().count(g)


def random_graphs(trials: int, seed: int, largest: int) -> Iterator[GridGraph]:
    """Random fixed-end grid graphs in boxes of 2 to ``largest`` a side (of ``trials`` draws, those that
    succeed)."""
    rng = random.Random(seed)
    src = GridHamiltonianPath()
    for _ in range(trials):
        w, h = rng.randint(2, largest), rng.randint(2, largest)
        params = {"n": rng.randint(3, w * h), "width": w, "height": h, "ends": 2}
        gen = src.draw(src.resolve_params(params), rng)
        if gen is not None and gen.instance.start is not None and gen.instance.end is not None:
            yield gen.instance


def search(trials: int, seed: int) -> list[tuple[int, GridGraph, int, int]]:
    """Mismatches (points, graph, Hamiltonian paths, Flow Free solutions) on random fixed-end grid graphs
    of the scale-3 layout, smallest first."""
    found = []
    for g in random_graphs(trials, seed, 3):
        want, got = ham_paths(g), count_lazy(scale3(g))
        if want != got:
            found.append((len(g.points), g, want, got))
    return sorted(found, key=lambda f: (f[0], f[1].points))


def search_walls(trials: int, seed: int) -> tuple[int, int, list[tuple[GridGraph, int, int]]]:
    """(graphs drawn, graphs with a wall layout, mismatches) on random fixed-end grid graphs."""
    drawn, walled, bad = 0, 0, []
    for g in random_graphs(trials, seed, 4):
        drawn += 1
        inst = walls(g)
        if inst is None:
            continue
        walled += 1
        want, got = ham_paths(g), count_lazy(inst)
        if min(want, 1) != got:
            bad.append((g, want, got))
    return drawn, walled, bad


def stuck(points: set[Cell]) -> set[Cell]:
    """Cells next to M none of whose neighbours is a cell off M and not next to M: no wall layout has them."""
    near = {q for p in points for q in neighbours_all(p) if q not in points}
    return {c for c in near if all(q in points or q in near for q in neighbours_all(c))}


def necklace_report() -> None:
    """Holes and stuck cells of the two-ring necklace's grid graph, and square rings without walls."""
    from gadgetry.reductions import grid_hamiltonian_cycle_from_hamiltonian_cycle as to_grid
    from gadgetry.reductions import grid_hamiltonian_path_from_grid_hamiltonian_cycle as to_path

    g = to_path.GridHamPathFromGridHamCycle().reduce(to_grid.GridHamCycleFromHamCycle().reduce(to_grid.necklace()))
    points = set(g.points)
    left = stuck(points)
    bends = sum(1 for c in left if _bend_corner(points, c))
    print(f"necklace: {len(points)} points, {len(holes(points))} holes, {len(left)} stuck cells "
          f"({bends} inner corners of thin bends)")
    for k in (4, 8, 16, 32):
        ring = tuple(sorted((x, y) for x in range(k) for y in range(k) if x in (0, k - 1) or y in (0, k - 1)))
        print(f"square ring {k} x {k}: walls {'found' if walls(GridGraph(ring, (0, 0), (0, 1))) else 'none'}")


def holes(points: set[Cell]) -> list[set[Cell]]:
    """The bounded regions of cells off the points."""
    xs, ys = [x for x, _ in points], [y for _, y in points]
    box = {(x, y) for x in range(min(xs) - 1, max(xs) + 2) for y in range(min(ys) - 1, max(ys) + 2)}
    rest = nx.Graph()
    rest.add_nodes_from(box - points)
    rest.add_edges_from((c, q) for c in rest for q in neighbours_all(c) if q in rest)
    outside = nx.node_connected_component(rest, (min(xs) - 1, min(ys) - 1))
    return [r for r in nx.connected_components(rest) if not r & outside]


def _bend_corner(points: set[Cell], c: Cell) -> bool:
    nbrs = [q for q in neighbours_all(c) if q in points]
    return (len(nbrs) == 2 and nbrs[0][0] != nbrs[1][0] and nbrs[0][1] != nbrs[1][1]
            and all(sum(r in points for r in neighbours_all(q)) == 2 for q in nbrs))


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    trials = int(args[0]) if args else 60
    seed = int(args[1]) if len(args) > 1 else 0
    square = GridGraph(((0, 0), (0, 1), (1, 0), (1, 1)), (1, 0), (1, 1))
    inst = scale3(square)
    print("2 x 2 block, ends (1, 0) and (1, 1):", ham_paths(square), "Hamiltonian path,",
          count_lazy(inst), "Flow Free solutions")
    print("\n".join(inst.grid))
    print("fillers touching the main region twice:", sorted(escapes(inst)))
    bad = search(trials, seed)
    print(f"{len(bad)} of {trials} random graphs mismatch")
    for n, g, want, got in bad[:3]:
        print(n, "points", g.points, "ends", g.start, g.end, "paths", want, "flowfree", got)
    drawn, walled, wrong = search_walls(trials, seed)
    print(f"walls: {walled} of {drawn} random graphs have a wall layout; on {len(wrong)} of them the board's "
          "solvability differs from the graph's")
    if "--necklace" in sys.argv:
        necklace_report()


if __name__ == "__main__":
    main()
