"""The polynomial cases of Witness panels (Witness seed, Observation 3.1, Theorem 3.6, Theorem 7.1) against
the brute-force enumerator and the SAT solver, every path found checked by the rule checker."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import InputError
from gadgetry.puzzles.witness import encoding as E
from gadgetry.puzzles.witness import poly
from gadgetry.puzzles.witness.brute import brute_force
from gadgetry.puzzles.witness.model import (
    Panel,
    Path,
    all_edges,
    cell_sides,
    edge,
    edge_cells,
    make_panel,
    neighbours,
    path_edges,
    regions,
    square,
)
from gadgetry.puzzles.witness.model import poly as piece
from gadgetry.puzzles.witness.rules import check

MONO = piece([(0, 0)])


def boundary_vertices(w: int, h: int) -> list[tuple[int, int]]:
    return [(x, y) for y in range(h + 1) for x in range(w + 1) if x in (0, w) or y in (0, h)]


def boundary_panel(seed: int, side: int) -> Panel:
    """Random broken edges, hexagons on boundary vertices and edges, starts and ends on the boundary."""
    rng = random.Random(seed)
    w, h = rng.randint(1, side), rng.randint(1, side)
    base = make_panel(w, h, [(0, 0)], [(w, h)])
    bv = boundary_vertices(w, h)
    es = all_edges(base)
    starts = rng.sample(bv, rng.choice([1, 1, 2]))
    ends = rng.sample([v for v in bv if v not in starts], rng.choice([1, 1, 2]))
    broken = set(rng.sample(es, rng.randint(0, len(es) // rng.choice([3, 6]))))
    free = [e for e in es if len(edge_cells(base, e)) == 1 and e not in broken]
    return make_panel(w, h, starts, ends, broken=broken, edge_hexagons=rng.sample(free, rng.randint(0, len(free) // 2)),
                      vertex_hexagons=rng.sample(bv, rng.randint(0, len(bv) // 2)))


def boundary_walk(probe: Panel, rng: random.Random) -> Path:
    """A random self-avoiding walk from a boundary vertex to another boundary vertex."""
    bv = set(boundary_vertices(probe.width, probe.height))
    while True:
        path = [rng.choice(sorted(bv))]
        while True:
            free = [u for u in neighbours(probe, path[-1]) if u not in path]
            if not free:
                break
            path.append(rng.choice(free))
            if path[-1] in bv and rng.random() < 0.5:
                break
        if len(path) > 1 and path[-1] in bv:
            return tuple(path)


def planted_boundary(seed: int, side: int) -> Panel:
    """A panel a boundary-to-boundary walk solves: hexagons on its boundary vertices and edges, broken
    edges off it."""
    rng = random.Random(seed)
    w, h = rng.randint(1, side), rng.randint(1, side)
    probe = make_panel(w, h, [(0, 0)], [(w, h)])
    path = boundary_walk(probe, rng)
    used = path_edges(path)
    bv = set(boundary_vertices(w, h))
    return make_panel(w, h, [path[0]], [path[-1]],
                      broken=[e for e in all_edges(probe) if e not in used and rng.random() < 0.2],
                      vertex_hexagons=[v for v in path if v in bv and rng.random() < 0.5],
                      edge_hexagons=[e for e in used if len(edge_cells(probe, e)) == 1 and rng.random() < 0.5])


def monomino_panel(seed: int, side: int) -> Panel:
    """Random monominoes and broken edges; starts and ends on the boundary or on forced edges."""
    rng = random.Random(seed)
    w, h = rng.randint(1, side), rng.randint(1, side)
    cs = [(x, y) for y in range(h) for x in range(w)]
    mono = set(rng.sample(cs, rng.randint(0, len(cs) * 2 // 3)))
    base = make_panel(w, h, [(0, 0)], [(w, h)], symbols={c: MONO for c in mono})
    forced = {e for c in mono for e in cell_sides(c) if len(set(edge_cells(base, e)) - mono) == 1
              and len(edge_cells(base, e)) == 2}
    cand = sorted(set(boundary_vertices(w, h)) | {v for e in forced for v in e})
    starts = rng.sample(cand, rng.choice([1, 1, 2]))
    ends = rng.sample([v for v in cand if v not in starts], rng.choice([1, 1, 2]))
    es = all_edges(base)
    return make_panel(w, h, starts, ends, broken=rng.sample(es, rng.randint(0, len(es) // 6)),
                      symbols={c: MONO for c in mono}, rules=rng.choice(["paper", "solver"]))


def planted_monomino(seed: int, side: int) -> Panel:
    """A panel a boundary-to-boundary walk solves: some of its regions filled with monominoes."""
    rng = random.Random(seed)
    w, h = rng.randint(1, side), rng.randint(1, side)
    probe = make_panel(w, h, [(0, 0)], [(w, h)])
    path = boundary_walk(probe, rng)
    mono = {c for r in regions(probe, path) if rng.random() < 0.5 for c in r}
    used = path_edges(path)
    return make_panel(w, h, [path[0]], [path[-1]],
                      broken=[e for e in all_edges(probe) if e not in used and rng.random() < 0.15],
                      symbols={c: MONO for c in mono})


def agrees(panel: Panel, found: Path | None, expected: Path | None) -> None:
    assert (found is None) == (expected is None)
    if found is not None:
        assert check(panel, found)


# -- Theorem 3.6 -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("block", range(4))
def test_boundary_hexagons_equal_brute_force(block: int) -> None:
    for seed in range(100 * block, 100 * (block + 1)):
        panel = boundary_panel(seed, 4)
        agrees(panel, poly.boundary_hexagons(panel), next(brute_force(panel), None))


@pytest.mark.parametrize("block", range(2))
def test_boundary_hexagons_equal_sat(block: int) -> None:
    for seed in range(5000 + 40 * block, 5000 + 40 * (block + 1)):
        panel = boundary_panel(seed, 7)
        agrees(panel, poly.boundary_hexagons(panel), E.solve(panel))


def test_boundary_hexagons_find_planted_paths() -> None:
    for seed in range(100):
        panel = planted_boundary(seed, 9)
        path = poly.boundary_hexagons(panel)
        assert path is not None and check(panel, path), seed


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_boundary_hexagons_thousands(block: int) -> None:
    for seed in range(10_000 + 300 * block, 10_000 + 300 * (block + 1)):
        panel = boundary_panel(seed, 4)
        agrees(panel, poly.boundary_hexagons(panel), next(brute_force(panel), None))
        panel = boundary_panel(seed, 8)
        agrees(panel, poly.boundary_hexagons(panel), E.solve(panel))
        panel = planted_boundary(seed, 12)
        assert poly.boundary_hexagons(panel) is not None


def test_boundary_hexagons_small_cases() -> None:
    # A U-turn: the hexagons on the top corners force the path round the whole top edge and back.
    panel = make_panel(3, 2, [(0, 2)], [(3, 2)], vertex_hexagons=[(0, 0), (3, 0)])
    path = poly.boundary_hexagons(panel)
    assert path is not None and check(panel, path)
    # The outline edge next to the end is forced, the end is reached through it.
    panel = make_panel(2, 2, [(0, 0)], [(2, 2)], edge_hexagons=[((1, 2), (2, 2))])
    path = poly.boundary_hexagons(panel)
    assert path is not None and path[-2:] == ((1, 2), (2, 2))
    # Both outline edges at the end forced: impossible.
    assert poly.boundary_hexagons(make_panel(2, 2, [(0, 0)], [(2, 2)],
                                             edge_hexagons=[((1, 2), (2, 2)), ((2, 1), (2, 2))])) is None
    # A hexagon beyond a wall of broken edges.
    wall = [((0, y), (1, y)) for y in range(3)]
    panel = make_panel(2, 2, [(0, 0)], [(0, 2)], broken=wall, vertex_hexagons=[(2, 2)])
    assert poly.boundary_hexagons(panel) is None is next(brute_force(panel), None)


def test_boundary_hexagons_preconditions() -> None:
    ok = {"starts": [(0, 0)], "ends": [(2, 2)]}
    with pytest.raises(InputError, match="cell symbols"):
        poly.boundary_hexagons(make_panel(2, 2, **ok, symbols={(0, 0): square()}))
    with pytest.raises(InputError, match="vertex"):
        poly.boundary_hexagons(make_panel(2, 2, **ok, vertex_hexagons=[(1, 1)]))
    with pytest.raises(InputError, match="edge"):
        poly.boundary_hexagons(make_panel(2, 2, **ok, edge_hexagons=[((1, 0), (1, 1))]))
    with pytest.raises(InputError, match="start"):
        poly.boundary_hexagons(make_panel(2, 2, [(1, 1)], [(2, 2)]))
    with pytest.raises(InputError, match="end"):
        poly.boundary_hexagons(make_panel(2, 2, [(0, 0)], [(1, 1)]))
    # a 1-wide panel: every vertex is on the boundary, the inner edges are not
    with pytest.raises(InputError, match="edge"):
        poly.boundary_hexagons(make_panel(1, 3, [(0, 0)], [(1, 3)], edge_hexagons=[((0, 1), (1, 1))]))


# -- Theorem 3.6 on other simply connected cell sets -------------------------------------------------------
def blob(rng: random.Random, side: int) -> frozenset:
    """A random simply connected set of cells without pinches (grown, then kept only if its outline is
    one simple cycle)."""
    while True:
        cells = {(rng.randrange(side), rng.randrange(side))}
        for _ in range(rng.randint(0, side * side)):
            x, y = rng.choice(sorted(cells))
            dx, dy = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
            if 0 <= x + dx < side and 0 <= y + dy < side:
                cells.add((x + dx, y + dy))
        try:
            poly.outline(cells)
        except InputError:
            continue
        return frozenset(cells)


def region_paths(cells: frozenset, usable: set, s, t):
    """Every simple s-t path along ``usable`` edges (brute force)."""
    adj: dict = {}
    for u, v in usable:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)

    def rec(path: list):
        if path[-1] == t:
            yield tuple(path)
            return
        for u in adj.get(path[-1], ()):
            if u not in path:
                yield from rec(path + [u])

    yield from rec([s])


@pytest.mark.parametrize("seed", range(100))
def test_outer_face_path_on_polyominoes(seed: int) -> None:
    rng = random.Random(seed)
    cells = blob(rng, 4)
    ring = poly.outline(cells)
    sides = sorted({e for c in cells for e in cell_sides(c)})
    broken = set(rng.sample(sides, rng.randint(0, len(sides) // 5)))
    ring_edges = [edge(ring[i - 1], ring[i]) for i in range(len(ring))]
    fe = set(rng.sample([e for e in ring_edges if e not in broken], rng.randint(0, len(ring) // 3)))
    fv = set(rng.sample(ring, rng.randint(0, len(ring) // 3)))
    s, t = rng.sample(ring, 2)
    found = poly.outer_face_path(cells, s, t, broken=broken, forced_vertices=fv, forced_edges=fe)
    usable = {e for e in sides if e not in broken}
    expected = next((p for p in region_paths(cells, usable, s, t)
                     if fv <= set(p) and fe <= path_edges(p)), None)
    assert (found is None) == (expected is None)
    if found is not None:
        assert found[0] == s and found[-1] == t and len(set(found)) == len(found)
        assert fv <= set(found) and fe <= path_edges(found) <= usable


def test_outline_is_clockwise_and_refuses_pinches_and_holes() -> None:
    assert poly.outline({(0, 0)}) == [(0, 0), (1, 0), (1, 1), (0, 1)]
    assert poly.outline({(0, 0), (1, 0)})[:3] == [(0, 0), (1, 0), (2, 0)]
    with pytest.raises(InputError, match="corner"):
        poly.outline({(0, 0), (1, 1)})
    ring = {(x, y) for x in range(3) for y in range(3)} - {(1, 1)}
    with pytest.raises(InputError, match="simply connected"):
        poly.outline(ring)
    with pytest.raises(InputError, match="start"):
        poly.outer_face_path(ring | {(1, 1)}, (1, 1), (0, 0))


# -- Theorem 7.1 ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("block", range(2))
def test_monominoes_equal_brute_force(block: int) -> None:
    for seed in range(100 * block, 100 * (block + 1)):
        panel = monomino_panel(seed, 4)
        agrees(panel, poly.monominoes(panel), next(brute_force(panel), None))


@pytest.mark.parametrize("seed", range(40))
def test_monominoes_equal_sat(seed: int) -> None:
    panel = monomino_panel(7000 + seed, 4)
    agrees(panel, poly.monominoes(panel), E.solve(panel))


@pytest.mark.parametrize("block", range(2))
def test_monominoes_equal_sat_on_the_forced_edge_panel(block: int) -> None:
    """Larger panels: SAT on the equivalent edge-hexagon panel (the monomino encoding is slow there)."""
    for seed in range(8000 + 50 * block, 8000 + 50 * (block + 1)):
        panel = monomino_panel(seed, 7)
        forced = poly.monomino_hexagons(panel)
        agrees(panel, poly.monominoes(panel), None if forced is None else E.solve(forced))


def test_monominoes_find_planted_paths() -> None:
    for seed in range(150):
        panel = planted_monomino(seed, 9)
        path = poly.monominoes(panel)
        assert path is not None and check(panel, path), seed


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_monominoes_thousands(block: int) -> None:
    for seed in range(20_000 + 300 * block, 20_000 + 300 * (block + 1)):
        panel = monomino_panel(seed, 4)
        agrees(panel, poly.monominoes(panel), next(brute_force(panel), None))
        panel = monomino_panel(seed, 8)
        forced = poly.monomino_hexagons(panel)
        agrees(panel, poly.monominoes(panel), None if forced is None else E.solve(forced))
        panel = planted_monomino(seed, 12)
        assert poly.monominoes(panel) is not None
    for seed in range(30_000 + 20 * block, 30_000 + 20 * (block + 1)):
        panel = monomino_panel(seed, 5)
        agrees(panel, poly.monominoes(panel), E.solve(panel))


def test_monominoes_transit_division() -> None:
    """Two full-width monomino bars with an empty band between them: the paper's graph of nonempty
    divisions has no node for the band, yet the path must cross it (a transit division)."""
    bars = {(x, y): MONO for x in range(3) for y in (1, 3)}
    panel = make_panel(3, 5, [(0, 0)], [(3, 5)], symbols=bars)
    path = poly.monominoes(panel)
    assert path is not None and check(panel, path)
    # A broken boundary edge under a bar's end forces the crossing to the bar's other end.
    panel = make_panel(3, 5, [(0, 0)], [(3, 5)], symbols=bars, broken=[((0, 1), (0, 2))])
    path = poly.monominoes(panel)
    assert path is not None and check(panel, path)
    assert (poly.monominoes(make_panel(3, 5, [(0, 0)], [(3, 5)], symbols=bars,
                                       broken=[((0, 1), (0, 2)), ((3, 1), (3, 2))])) is None)


def test_monominoes_rejections() -> None:
    # a monomino away from the boundary: its forced edges close a cycle
    assert poly.monominoes(make_panel(3, 3, [(0, 0)], [(3, 3)], symbols={(1, 1): MONO})) is None
    # two monominoes meeting at a corner: four forced edges at a vertex
    assert poly.monominoes(make_panel(2, 2, [(0, 0)], [(2, 0)], symbols={(0, 0): MONO, (1, 1): MONO})) is None
    # a broken forced edge
    assert poly.monominoes(make_panel(2, 1, [(0, 0)], [(2, 0)], symbols={(0, 0): MONO},
                                      broken=[((1, 0), (1, 1))])) is None
    # no monomino, or monominoes everywhere: any path (Observation 3.1)
    assert poly.monominoes(make_panel(2, 2, [(0, 0)], [(2, 2)])) is not None
    full = {(x, y): MONO for x in range(2) for y in range(2)}
    assert poly.monominoes(make_panel(2, 2, [(1, 1)], [(2, 2)], symbols=full)) is not None


def test_monominoes_preconditions() -> None:
    with pytest.raises(InputError, match="monominoes"):
        poly.monominoes(make_panel(2, 2, [(0, 0)], [(2, 2)], symbols={(0, 0): square()}))
    with pytest.raises(InputError, match="hexagons"):
        poly.monominoes(make_panel(2, 2, [(0, 0)], [(2, 2)], symbols={(0, 0): MONO}, vertex_hexagons=[(2, 0)]))
    with pytest.raises(InputError, match="start"):
        poly.monominoes(make_panel(3, 3, [(1, 1)], [(3, 3)], symbols={(2, 2): MONO}))
    with pytest.raises(InputError, match="end"):
        poly.monominoes(make_panel(3, 3, [(0, 0)], [(2, 1)], symbols={(0, 2): MONO}))


# -- Observation 3.1 -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(100))
def test_broken_edges_only_equals_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    w, h = rng.randint(1, 4), rng.randint(1, 4)
    vs = [(x, y) for y in range(h + 1) for x in range(w + 1)]
    starts = rng.sample(vs, rng.choice([1, 2]))
    es = all_edges(make_panel(w, h, [(0, 0)], [(w, h)]))
    panel = make_panel(w, h, starts, rng.sample([v for v in vs if v not in starts], rng.choice([1, 2])),
                       broken=rng.sample(es, rng.randint(0, len(es) // 2)))
    agrees(panel, poly.broken_edges_only(panel), next(brute_force(panel), None))


def test_remainder_sizes_from_areas_equal_the_regions() -> None:
    """Every memoised subproblem's remainder size (shoelace areas) equals the size of the region, cut
    along its path, holding the cell on the outline edge (b, b+1) (Theorem 3.6's remainder)."""
    checked = 0
    for seed in range(40):
        panel = planted_boundary(seed, 6)
        div = poly._ForcedDivision(frozenset((x, y) for x in range(panel.width) for y in range(panel.height)),
                                   frozenset(e for e in all_edges(panel) if e not in panel.broken),
                                   panel.vertex_hexagons, panel.edge_hexagons, panel.starts[0], panel.ends[0])
        assert div.solve() is not None
        for (a, b, _), got in div.memo.items():
            if got is None or (a, b) in ((0, div.m - 1), (1, div.m)):
                continue
            seed_cell = edge_cells(panel, edge(div.vert[b], div.vert[b + 1]))[0]
            region = next(r for r in regions(panel, got[0]) if seed_cell in r)
            assert got[1] == len(region), (seed, a, b)
            checked += 1
    assert checked > 100
