"""gadgetry: executable hardness proofs.

Source-problem generators feed reductions that emit the puzzle instances built in published hardness
proofs; a verifier solves both sides with SAT solvers and exact model counters and checks that
solutions are preserved both ways and that counts relate as the paper claims.
"""

import os

__version__ = "0.1.0"

# graphillion (the ZDD counters of Hamiltonicity and Witness paths) runs OpenMP threads that busy-wait:
# on a loaded machine one thread counted a 4 x 4 Witness panel in 0.03 s against 4.5 s with the default.
# Set before any module loads graphillion; a user's own setting wins.
os.environ.setdefault("OMP_NUM_THREADS", "1")
