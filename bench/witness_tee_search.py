"""The search that found the breakable degree-3 vertex gadget (the tee) of
``witness-restricted-squares-from-tree-residue-vertex-breaking`` (Witness seed, Theorem 4.3, widened).

Every 3 x 3 block of blue, red and empty cells around a vertex, with blue corridors leaving the block's
side middles north, east and south (``--arms NESW``: all four), the rest of a 7 x 7 window red. A local
solution puts each empty cell inside or outside: no vertex pinches (two inside cells meeting only
diagonally), every inside and every outside piece reaches the window's border (no hole, no separate
loop). A block is a vertex gadget when it has exactly two local solutions, one joining all corridors and
one separating them all. Result: 14 blocks for NES (the module uses RBE/RRE/RBE, the fewest blue and
empty cells, turned as needed), none for NESW (hence the pinwheel of Figure 13). About 10 s of CPU each.

    python bench/witness_tee_search.py [--arms NES]
"""

from __future__ import annotations

import argparse
import itertools

import networkx as nx

WINDOW = [(x, y) for x in range(-2, 5) for y in range(-2, 5)]
BLOCK = [(x, y) for y in range(3) for x in range(3)]
CORRIDORS = {"N": [(1, -1), (1, -2)], "E": [(3, 1), (4, 1)], "S": [(1, 3), (1, 4)], "W": [(-1, 1), (-2, 1)]}


def pieces(cells: set) -> list[set]:
    """The 4-connected pieces of ``cells``."""
    g = nx.Graph()
    g.add_nodes_from(cells)
    g.add_edges_from((c, n) for c in cells for n in ((c[0] + 1, c[1]), (c[0], c[1] + 1)) if n in cells)
    return [set(p) for p in nx.connected_components(g)]


def judge(inside: set, ends: list) -> str | None:
    """"join", "split", "partial" for a valid local solution, None for an invalid one."""
    for x, y in itertools.product(range(-1, 5), repeat=2):
        a, b, c, d = ((x - 1, y - 1) in inside, (x, y - 1) in inside, (x - 1, y) in inside, (x, y) in inside)
        if a == d and b == c and a != b:
            return None
    border = [c for c in WINDOW if c[0] in (-2, 4) or c[1] in (-2, 4)]
    ins, outs = pieces(inside), pieces(set(WINDOW) - inside)
    if any(not (p & set(border)) for p in ins + outs):
        return None
    ids = {next(i for i, p in enumerate(ins) if e in p) for e in ends}
    return "join" if len(ids) == 1 else "split" if len(ids) == len(ends) else "partial"


def gadgets(arms: str):
    """Every block (row by row, B/R/E) with exactly the two intended local solutions."""
    corridors = [CORRIDORS[a] for a in arms]
    blue0 = {c for cor in corridors for c in cor}
    ends = [cor[-1] for cor in corridors]
    for marks in itertools.product("BRE", repeat=9):
        if "E" not in marks:
            continue
        blue = blue0 | {c for c, m in zip(BLOCK, marks) if m == "B"}
        empty = [c for c, m in zip(BLOCK, marks) if m == "E"]
        seen = []
        for bits in itertools.product((False, True), repeat=len(empty)):
            got = judge(blue | {c for c, b in zip(empty, bits) if b}, ends)
            if got:
                seen.append(got)
        if sorted(seen) == ["join", "split"]:
            yield "/".join("".join(marks[3 * r:3 * r + 3]) for r in range(3))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--arms", default="NES", help="corridors leaving the block (letters of NESW)")
    found = list(gadgets(ap.parse_args().arms))
    print(f"{len(found)} blocks: {' '.join(found)}")


if __name__ == "__main__":
    main()
