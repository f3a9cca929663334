"""Theorems 8.2 and 8.3 of the Witness seed (the section 8.1 verifiers) as ``solve --solver`` methods:
every candidate path judged by the verifier against Definition 1 by brute force (the rule checker), the
solvers against the refinement solver, and the padding slip of Theorem 8.2's marking."""

from __future__ import annotations

import random

import pytest

from gadgetry.core import InputError
from gadgetry.core.registry import problem
from gadgetry.puzzles.witness import encoding as E
from gadgetry.puzzles.witness import verifiers as V
from gadgetry.puzzles.witness.model import Symbol, antipoly, make_panel
from gadgetry.puzzles.witness.model import poly as piece
from gadgetry.puzzles.witness.rules import check

W = problem("witness")


def antibody_panels(count: int, seed: int = 0):
    """Generated paper-rule panels with one or two antibodies, grouped by the verifier that takes them."""
    for s in range(seed, seed + count):
        rng = random.Random(s)
        params = {"width": rng.randint(2, 3), "height": rng.randint(2, 3), "symbols": rng.randint(2, 6),
                  "hexagons": rng.randint(0, 2), "broken": rng.randint(0, 2), "antibodies": rng.randint(1, 2),
                  "hollow": 0, "starts": 1, "ends": 1, "rules": 0}
        panel = W.generate_seeded(params, s).instance
        kinds = {sym.kind for _c, sym in panel.symbols}
        if "antipoly" not in kinds:
            yield ("8.3" if "poly" in kinds else "8.2"), panel


def test_verifiers_agree_with_definition_1_on_every_candidate_path() -> None:
    seen = {("8.2", True): 0, ("8.2", False): 0, ("8.3", True): 0, ("8.3", False): 0}
    for which, panel in antibody_panels(150):
        verify = V.theorem_8_3_check if which == "8.3" else V.theorem_8_2_check
        for path in V._candidates(panel):
            got = bool(verify(panel, path))
            assert got == bool(check(panel, path)), (panel, path)
            seen[(which, got)] += 1
    assert all(n > 20 for n in seen.values()), seen


def test_solvers_agree_with_the_refinement_solver() -> None:
    for which, panel in antibody_panels(60, seed=500):
        path = W.extra_solvers()[f"theorem-{which}"](panel)
        assert (path is None) == (E.solve(panel) is None), panel
        assert path is None or check(panel, path)


def test_padding_slip_of_the_marking() -> None:
    """A red star, a red square, a triangle the path satisfies and a red antibody in one region: Definition 1
    erases the triangle (or the star) and is satisfied, erasing nothing leaves the star seeing three red
    clues; the marking marks nothing, finds u = 1 > v = 0 and records no proper satisfaction."""
    panel = make_panel(4, 1, [(0, 0)], [(4, 0)], symbols={
        (0, 0): Symbol("triangle", count=1), (1, 0): Symbol("star", "red"), (2, 0): Symbol("square", "red"),
        (3, 0): Symbol("antibody", "red")})
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    assert check(panel, path)
    verdict = V.theorem_8_2_check(panel, path)
    assert not verdict and "no elimination set" in verdict.detail
    assert path in set(E.solutions(panel)) and path not in set(V.accepted(panel, V.theorem_8_2_check))


def coloured_panels(count: int):
    """Small panels of red and green stars, squares and antibodies (the generator's antibodies are all
    cyan, so it never pairs an antibody with a star's colour) and triangles, with at least one antibody."""
    for seed in range(count):
        rng = random.Random(seed)
        w, h = rng.randint(2, 4), rng.randint(1, 2)
        cells = [(x, y) for x in range(w) for y in range(h)]
        symbols = {}
        for c in rng.sample(cells, rng.randint(2, min(len(cells), 6))):
            kind = rng.choice(["star", "square", "antibody", "triangle", "star", "antibody"])
            symbols[c] = Symbol("triangle", count=rng.randint(1, 3)) if kind == "triangle" \
                else Symbol(kind, rng.choice(["red", "green"]))
        if any(s.kind == "antibody" for s in symbols.values()):
            yield make_panel(w, h, [(0, 0)], [(w, h)], symbols=symbols)


def test_the_marking_refuses_some_satisfied_regions_and_never_accepts_an_unsatisfied_one() -> None:
    """On stars, squares and antibodies sharing colours the marking's fewest-marks choice misses proper
    elimination sets Definition 1 finds (a green star, a green square and a green antibody: erase the
    star; the marking keeps the star with the square, marks nothing, and gives up), but every path it
    accepts Definition 1 accepts."""
    seen = {(True, True): 0, (False, False): 0, (True, False): 0}
    for panel in coloured_panels(150):
        for path in V._candidates(panel):
            key = (bool(check(panel, path)), bool(V.theorem_8_2_check(panel, path)))
            assert key in seen, (panel, path)  # (False, True) would be a wrong acceptance
            seen[key] += 1
    assert all(seen.values()), seen
    panel = make_panel(3, 1, [(0, 0)], [(3, 0)], symbols={
        (0, 0): Symbol("star", "green"), (1, 0): Symbol("square", "green"), (2, 0): Symbol("antibody", "green")})
    path = ((0, 0), (1, 0), (2, 0), (3, 0))
    assert check(panel, path) and not V.theorem_8_2_check(panel, path)


def test_marking_cases() -> None:
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))

    def verdict(symbols):
        return V.theorem_8_2_check(make_panel(4, 1, [(0, 0)], [(4, 0)], symbols=symbols), path)

    # a wrong triangle erased by the antibody: proper
    assert verdict({(0, 0): Symbol("triangle", count=3), (1, 0): Symbol("antibody", "cyan")})
    # nothing to erase: improper (the antibody is unnecessary)
    assert not verdict({(0, 0): Symbol("triangle", count=1), (1, 0): Symbol("antibody", "cyan")})
    # two square colours, one antibody: erase the lone white square
    assert verdict({(0, 0): Symbol("square", "black"), (1, 0): Symbol("square", "black"),
                    (2, 0): Symbol("square", "white"), (3, 0): Symbol("antibody", "cyan")})
    # a lone red star with a red antibody: erasing the star is proper, but keeping it with the unused
    # antibody satisfies the region too (the special case), so the path is rejected
    assert not verdict({(1, 0): Symbol("star", "red"), (3, 0): Symbol("antibody", "red")})
    # ... with a cyan antibody it is fine
    assert verdict({(1, 0): Symbol("star", "red"), (3, 0): Symbol("antibody", "cyan")})


def test_theorem_8_3_cases_and_refusals() -> None:
    path = ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    domino, mono = piece([(0, 0), (1, 0)]), piece([(0, 0)])
    one = {(0, 0): domino, (1, 0): domino, (2, 0): mono, (3, 0): Symbol("antibody", "cyan")}
    panel = make_panel(4, 1, [(0, 0)], [(4, 0)], symbols=one)
    assert V.theorem_8_3_check(panel, path) and check(panel, path)  # the monomino erased, the dominoes pack
    exact = make_panel(4, 1, [(0, 0)], [(4, 0)], symbols={(0, 0): piece([(0, 0), (1, 0), (2, 0), (3, 0)]),
                                                          (3, 0): Symbol("antibody", "cyan")})
    assert not V.theorem_8_3_check(exact, path) and not check(exact, path)  # a satisfied lone piece stays
    with pytest.raises(InputError, match="Theorem 8.2 takes no poly"):
        W.extra_solvers()["theorem-8.2"](panel)
    anti = make_panel(2, 1, [(0, 0)], [(2, 0)], symbols={(0, 0): antipoly([(0, 0)])})
    with pytest.raises(InputError, match="Theorem 8.3 takes no antipoly"):
        W.extra_solvers()["theorem-8.3"](anti)
