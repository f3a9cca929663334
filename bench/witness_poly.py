"""The polynomial Witness solvers against the SAT solver on growing n x n panels, side by side in one run.

Theorem 3.6 (boundary hexagons and broken edges: :func:`gadgetry.puzzles.witness.poly.boundary_hexagons`)
and Theorem 7.1 (monominoes and broken edges: :func:`gadgetry.puzzles.witness.poly.monominoes`) on planted
panels: a random walk between two boundary vertices, then (3.6) hexagons on its boundary vertices and
edges, broken edges off it, or (7.1) some of its regions filled with monominoes, broken edges off it; and a
variant with one more boundary hexagon (3.6) or monomino (7.1) that may make it unsolvable. Each solver
is timed on the same panel (SAT: :func:`gadgetry.puzzles.witness.encoding.solve`, the CNF of every clue;
for 7.1 also SAT on the equivalent edge-hexagon panel of :func:`~gadgetry.puzzles.witness.poly.monomino_hexagons`),
the decisions are asserted equal and every path is checked by the rule checker. Each run is capped in time
(--seconds); a capped run shows '>' and a lower bound.

    python bench/witness_poly.py [--sizes 4,6,8,10,12,14,16] [--seconds 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from gadgetry.core.errors import LimitReached
from gadgetry.core.limits import run_limited
from gadgetry.puzzles.witness import encoding as E
from gadgetry.puzzles.witness import poly
from gadgetry.puzzles.witness.model import (
    Panel,
    Path,
    all_edges,
    edge_cells,
    make_panel,
    neighbours,
    path_edges,
    regions,
)
from gadgetry.puzzles.witness.model import poly as piece
from gadgetry.puzzles.witness.rules import check

MONO = piece([(0, 0)])


def timed(fn: Callable[..., Any], *args: Any, seconds: float) -> tuple[Any, float, bool]:
    """(result, seconds, finished)."""
    t = time.perf_counter()
    try:
        out = run_limited(fn, *args, seconds=seconds)
        return out, time.perf_counter() - t, True
    except LimitReached:
        return None, time.perf_counter() - t, False


def walk(n: int, rng: random.Random) -> tuple[Panel, Path]:
    """An empty n x n panel and a random self-avoiding walk of at least n edges between boundary vertices."""
    probe = make_panel(n, n, [(0, 0)], [(n, n)])
    bv = sorted((x, y) for x in range(n + 1) for y in range(n + 1) if x in (0, n) or y in (0, n))
    while True:
        path = [rng.choice(bv)]
        while True:
            free = [u for u in neighbours(probe, path[-1]) if u not in path]
            if not free:
                break
            path.append(rng.choice(free))
            if path[-1] in bv and len(path) > n and rng.random() < 0.3:
                return probe, tuple(path)


def boundary_panels(n: int, rng: random.Random) -> list[Panel]:
    probe, path = walk(n, rng)
    used = path_edges(path)
    on = set(path)
    rim = [(x, y) for x in range(n + 1) for y in range(n + 1) if x in (0, n) or y in (0, n)]
    kw: dict[str, Any] = {"broken": [e for e in all_edges(probe) if e not in used and rng.random() < 0.1],
                              "edge_hexagons": [e for e in used if len(edge_cells(probe, e)) == 1 and rng.random() < 0.5]}
    hexes = [v for v in rim if v in on and rng.random() < 0.5]
    extra = rng.choice([v for v in rim if v not in on] or rim)
    return [make_panel(n, n, [path[0]], [path[-1]], vertex_hexagons=hexes, **kw),
            make_panel(n, n, [path[0]], [path[-1]], vertex_hexagons=[*hexes, extra], **kw)]


def monomino_panels(n: int, rng: random.Random) -> list[Panel]:
    probe, path = walk(n, rng)
    used = path_edges(path)
    mono = {c for r in regions(probe, path) if rng.random() < 0.5 for c in r}
    broken = [e for e in all_edges(probe) if e not in used and rng.random() < 0.1]
    free = sorted({(x, y) for x in range(n) for y in range(n)} - mono)
    more = mono | {rng.choice(free)} if free else mono
    return [make_panel(n, n, [path[0]], [path[-1]], broken=broken, symbols={c: MONO for c in ms})
            for ms in (mono, more)]


def show(t: float, done: bool) -> str:
    return f"{t:9.3f}" if done else f"{'>' + format(t, '.0f'):>9}"


def ratio(a: float, a_done: bool, b: float, b_done: bool) -> str:
    if not b_done:
        return f"{'?':>8}"
    return f"{a / b:8.1f}" if a_done else f"{'>' + format(a / b, '.0f'):>8}"


def agree(panel: Panel, mine: Path | None, done: bool, other: Path | None, other_done: bool) -> str:
    if mine is not None:
        assert check(panel, mine), f"the polynomial solver's path fails the checker: {check(panel, mine)}"
    if done and other_done:
        assert (mine is None) == (other is None), "the polynomial solver and SAT disagree"
    return "-" if not done else "yes" if mine is not None else "no"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="4,6,8,10,12,14,16")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sizes = [int(v) for v in args.sizes.split(",")]
    print("Theorem 3.6, boundary hexagons and broken edges (planted; planted + one boundary hexagon):")
    print(f"{'size':>6} {'hexes':>5} {'sat?':>4} {'poly s':>9} {'SAT s':>9} {'SAT/poly':>8}")
    for n in sizes:
        for panel in boundary_panels(n, random.Random(args.seed * 1000 + n)):
            p, tp, pd = timed(poly.boundary_hexagons, panel, seconds=args.seconds)
            q, tq, qd = timed(E.solve, panel, seconds=args.seconds)
            verdict = agree(panel, p, pd, q, qd)
            print(f"{n}x{n:<4} {len(panel.vertex_hexagons) + len(panel.edge_hexagons):>5} {verdict:>4} "
                  f"{show(tp, pd)} {show(tq, qd)} {ratio(tq, qd, tp, pd)}", flush=True)
    print("\nTheorem 7.1, monominoes and broken edges (planted; planted + one monomino):")
    print(f"{'size':>6} {'monos':>5} {'sat?':>4} {'poly s':>9} {'SAT s':>9} {'SAT/poly':>8} {'SAT-hex s':>9} "
          f"{'hex/poly':>8}")
    for n in sizes:
        for panel in monomino_panels(n, random.Random(args.seed * 1000 + n)):
            p, tp, pd = timed(poly.monominoes, panel, seconds=args.seconds)
            q, tq, qd = timed(E.solve, panel, seconds=args.seconds)
            forced = poly.monomino_hexagons(panel)
            h, th, hd = (None, 0.0, True) if forced is None else timed(E.solve, forced, seconds=args.seconds)
            verdict = agree(panel, p, pd, q, qd)
            agree(panel, p, pd, h, hd)
            print(f"{n}x{n:<4} {len(panel.symbols):>5} {verdict:>4} {show(tp, pd)} {show(tq, qd)} "
                  f"{ratio(tq, qd, tp, pd)} {show(th, hd)} {ratio(th, hd, tp, pd)}", flush=True)


if __name__ == "__main__":
    main()
