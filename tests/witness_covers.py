"""Parsimony counted on both sides for the Witness reductions from X3C (Theorems 6.1 and 6.2), shared by
their tests."""

from gadgetry.puzzles.witness.lazy import local_solutions
from gadgetry.puzzles.witness.rules import check
from gadgetry.sources.x3c import X3C


def assert_paths_are_covers(red, src):
    """Every solution path (refinement enumeration, each checked by the rule checker) maps back to a
    distinct exact cover, and every cover (brute force) maps forward to the path that maps back to it."""
    panel = red.reduce(src)
    covers = sorted(tuple(sorted(c)) for c in X3C().brute_force(src))
    paths = list(local_solutions(panel))
    assert all(check(panel, p).ok for p in paths)
    assert sorted(tuple(sorted(red.backward(src, panel, p))) for p in paths) == covers
    for cover in covers:
        path = red.forward(src, panel, cover)
        assert check(panel, path).ok and tuple(sorted(red.backward(src, panel, path))) == cover
