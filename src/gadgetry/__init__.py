"""gadgetry: executable hardness proofs.

Source-problem generators feed reductions that emit the puzzle instances built in published hardness
proofs; a verifier solves both sides with SAT solvers and exact model counters and checks that
solutions are preserved both ways and that counts relate as the paper claims.
"""

__version__ = "0.1.0"
