"""The random Witness generator's parameters mean what they say (issue 14: ``hexagons=0`` gave hexagons,
seed 3 two of them, because perturbing a panel added hexagons): in every mode, no more hexagons, broken
edges or symbols than asked for, and none of a kind asked to be 0."""

from __future__ import annotations

import pytest

from gadgetry.core.registry import problem

WIT = problem("witness")


def hexagons(panel):
    return len(panel.vertex_hexagons) + len(panel.edge_hexagons)


@pytest.mark.parametrize("mode", [None, "planted"])
@pytest.mark.parametrize("seed", range(12))
def test_hexagons_zero_means_none(mode, seed):
    panel = WIT.generate_seeded({"hexagons": 0, "rules": 0}, seed, mode).instance
    assert hexagons(panel) == 0


def test_seed_3_of_the_issue():
    assert hexagons(WIT.generate_seeded({"hexagons": 0}, 3).instance) == 0


@pytest.mark.parametrize("seed", range(12))
def test_counts_are_bounds_in_every_random_draw(seed):
    params = {"hexagons": 2, "broken": 1, "symbols": 3, "rules": 0}
    panel = WIT.generate_seeded(params, seed).instance
    assert hexagons(panel) <= 2 and len(panel.broken) <= 1 and len(panel.symbols) <= 3


def test_unsat_draws_keep_hexagons_zero():
    panel = WIT.generate_seeded({"hexagons": 0, "width": 3, "height": 3, "symbols": 4, "rules": 0}, 1,
                                "unsat").instance
    assert hexagons(panel) == 0 and WIT.count(panel) == 0


@pytest.mark.parametrize("seed", range(8))
def test_stars_only_panels_hold_star_pairs_their_planted_path_solves(seed):
    """``stars=1``: every symbol a star, each colour on exactly two cells of one region of the planted
    path (so the rule checker accepts it), colours among the game's nine; brute force agrees the panel
    is solvable."""
    from gadgetry.puzzles.witness.model import SOLVER_COLOURS, regions

    params = {"width": 4, "height": 3, "symbols": 8, "stars": 1, "hexagons": 0, "broken": 0, "rules": 0}
    got = WIT.generate_seeded(params, seed, "planted")
    panel, path = got.instance, got.planted
    assert panel.symbols and all(s.kind == "star" and s.colour in SOLVER_COLOURS for _, s in panel.symbols)
    assert WIT.check(panel, path)
    for region in regions(panel, path):
        colours = [s.colour for c, s in panel.symbols if c in region]
        assert all(colours.count(k) == 2 for k in colours)
    assert WIT.count_brute_force(panel, stop=1) == 1


def test_stars_only_panels_use_more_than_the_three_default_star_colours():
    params = {"width": 8, "height": 8, "symbols": 40, "stars": 1, "hexagons": 0, "broken": 0, "rules": 0}
    colours = {s.colour for _, s in WIT.generate_seeded(params, 0, "planted").instance.symbols}
    assert len(colours) > 3


@pytest.mark.parametrize("seed", range(6))
def test_stars_only_counts_agree_with_brute_force(seed):
    """The default counter (the frontier programme) and Ganak on the encoding against brute force on
    stars-only panels of every mode, where up to nine colours wait for their twins at once."""
    for mode in (None, "planted", "unsat"):
        params = {"width": 4, "height": 3, "symbols": 10, "stars": 1, "hexagons": 0, "broken": 0, "rules": seed % 2}
        panel = WIT.generate_seeded(params, seed, mode).instance
        assert WIT.counting_method(panel) == "frontier"
        brute = WIT.count_brute_force(panel)
        assert WIT.extra_counters()["frontier"](panel) == WIT.count(panel) == brute
