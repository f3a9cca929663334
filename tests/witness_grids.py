"""Small grid graphs shared by the Witness Hamiltonicity reductions' tests."""

from gadgetry.sources.grid_hamiltonicity import GridGraph


def grid(*points):
    return GridGraph(tuple(sorted(points)))


SQUARE = grid((0, 0), (1, 0), (0, 1), (1, 1))
BLOCK = grid((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1))
RING = grid(*[(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)])  # a cycle around a hole
