"""The Restricted Squares Problem as a Witness puzzle (the Witness seed, section 4.2, Theorem 4.2: squares of
two colours are NP-complete, since Problem 1's instances are such panels; parsimonious, the identity).

Verifying it checks the Restricted Squares encoding (nodes of merged same-colour cells) against the general
Witness CNF and rule checker on small panels; the chain from tree-residue vertex breaking is
``witness-restricted-squares-from-tree-residue-vertex-breaking`` followed by this step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from gadgetry.core import Identity


class WitnessFromRestrictedSquares(Identity):
    name = "witness-from-witness-restricted-squares"
    source = "witness-restricted-squares"
    target = "witness"
    paper = "Witness seed"
    section = "section 4.2"
    theorem = "Theorem 4.2"
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"width": 5, "height": 5, "empty": 4}, {"width": 6, "height": 5, "empty": 4})


REDUCTIONS = [WitnessFromRestrictedSquares()]
