"""Positive planar 1-in-3SAT to Pips on one connected board (NYT seed, section 3, the remark after
Theorem 16).

The construction of :mod:`gadgetry.reductions.pips_from_planar_positive_1in3sat` with *connection gadgets*: the
two free columns between consecutive variable bases, and two more after the last base, become one
horizontal 2-cell region of sum 0 each, joining the bases into one row; the cleanup gadget is a single
unconstrained line continuing that row, and one extra 0-0 domino per connector is added. Every branch
still leaves the row at an odd offset and the row has even length, so the tiling stays unique (the
module docstring of the unconnected construction), and the count relation is the same: the sum over
satisfying assignments a of C(D, K(a)), hence no claim.
"""

from __future__ import annotations

from gadgetry.reductions.pips_from_planar_positive_1in3sat import PipsFromPlanarOneInThreeSat


class PipsConnectedFromPlanarOneInThreeSat(PipsFromPlanarOneInThreeSat):
    name = "pips-connected-from-planar-positive-1in3sat"
    theorem = "Theorem 16, connected variant (remark after the proof)"
    connected = True


REDUCTIONS = [PipsConnectedFromPlanarOneInThreeSat()]
