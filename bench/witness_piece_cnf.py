"""Prototype, not used by gadgetry: a faster Witness CNF for panels whose region clues are polyominoes only
and whose one start and one end are the two ends of a boundary edge st (Theorem 7.2's panels), measured
against the current encoding (``gadgetry.puzzles.witness.encoding``) by enumerating every solution.

Two changes, each exact on that class: (1) an *inside* indicator per cell, r_a xor r_b = [edge ab on the
path] (r_c = [boundary edge on the path] xor [it is st]): the path plus st is a simple closed curve and r
marks the cells it encloses, one region R holding the cell on st; when that cell holds a polyomino, R has
at most the pieces' total area T of cells (a cardinality bound that confines the path to short curves);
(2) *owner labels*: a cell's label is the smallest piece of its region (regions without pieces get
none), rooted at that piece by parent pointers whose ranks stop at T - 1, placements only where their
cells share the piece's label: labels over the pieces instead of over every cell.

Measured (load ~20, 2 cores; every solution enumerated, each checked by the rule checker):

    board  solutions  current CNF   labels + (1)   (1) + (2)
    7x7          33     > 120 s        100 s          2.9 s
    9x9           1     > 120 s        158 s          2.1 s
    13x13         6        -              -          430 s

    python bench/witness_piece_cnf.py "[([(0, 0)], 1), ([(0, 0), (1, 0)], 1)]" owner|labels
"""

from __future__ import annotations

import sys
import time

from gadgetry.core import Encoding
from gadgetry.puzzles.witness.encoding import _Builder
from gadgetry.puzzles.witness.model import all_edges, edge, edge_cells, orientations


def add_inside(b, bound):
    p, f = b.p, b.cnf
    (s,), (t,) = p.starts, p.ends
    st = edge(s, t)
    c0 = edge_cells(p, st)[0]
    r = {c: f.var(("inside", c)) for c in b.cells}
    for ed in all_edges(p):
        cs = edge_cells(p, ed)
        x = b.lit(ed)
        if len(cs) == 2:
            a, bb = r[cs[0]], r[cs[1]]
            if x is None:
                f.extend([[-a, bb], [a, -bb]])
            else:
                f.extend([[-a, -bb, -x], [a, bb, -x], [a, -bb, x], [-a, bb, x]])
        else:
            a = r[cs[0]]
            flip = ed == st
            if x is None:
                f.add([a] if flip else [-a])
            elif flip:
                f.extend([[a, x], [-a, -x]])
            else:
                f.extend([[-a, x], [a, -x]])
    sym = p.symbol_map().get(c0)
    if sym is not None and sym.kind == "poly" and all(x.kind != "antipoly" for _, x in p.symbols):
        f.at_most(list(r.values()), bound)


class OwnerBuilder(_Builder):
    def __init__(self, panel, owner=True):
        self._owner_mode = owner
        super().__init__(panel, relaxed=False)
        T = sum(len(s.shape) for _, s in panel.symbols if s.kind == "poly")
        add_inside(self, T)

    def _regions(self):
        if not self._owner_mode:
            return super()._regions()

    def _pieces(self):
        if not self._owner_mode:
            return super()._pieces()
        self._opieces()


    def _opieces(self):
        p, f = self.p, self.cnf
        reflect = p.option("reflect")
        pieces = [(c, orientations(s.shape, s.rotatable, reflect)) for c, s in p.symbols if s.kind == "poly"]
        T = sum(len(forms[0]) for _, forms in pieces)
        def dist(a, b): return abs(a[0]-b[0]) + abs(a[1]-b[1])
        own = {y: {} for y in self.cells}
        for i, (c, _) in enumerate(pieces):
            for y in self.cells:
                if dist(y, c) <= T - 1:
                    own[y][i] = f.var(("own", y, i))
        owned = {}
        for y in self.cells:
            lits = list(own[y].values())
            f.at_most_one(lits)
            o = owned[y] = f.var(("owned", y))
            f.add([-o, *lits]); f.extend([o, -l] for l in lits)
        # consistency across open edges
        for y in self.cells:
            for z in self._adjacent(y):
                if z <= y: continue
                x = self._open(y, z)
                cut = [x] if x is not None else []
                for i in set(own[y]) | set(own[z]):
                    a, b = own[y].get(i), own[z].get(i)
                    if a is not None:
                        f.add([-a, *cut] + ([b] if b is not None else []))
                    if b is not None:
                        f.add([-b, *cut] + ([a] if a is not None else []))
        # piece cells: owner <= own index, and owned
        for i, (c, _) in enumerate(pieces):
            f.add([own[c][j] for j in own[c] if j <= i])
        # rootedness: rank order encoding, ranks 0..T-1
        R = max(T - 1, 0)
        rank = {y: [f.var(("orank", y, d)) for d in range(R)] for y in self.cells}
        roots = {c: i for i, (c, _) in enumerate(pieces)}
        for y in self.cells:
            for d in range(R - 1):
                f.add([-rank[y][d + 1], rank[y][d]])
            parents = []
            for z in self._adjacent(y):
                x = self._open(y, z)
                par = f.var(("opar", y, z))
                parents.append(par)
                if x is not None:
                    f.add([-par, -x])
                f.add([-par, owned[z]])
                if R:
                    f.add([-par, rank[y][0]])
                    for d in range(R - 1):
                        f.add([-par, -rank[z][d], rank[y][d + 1]])
                    f.add([-par, -rank[z][R - 1]])
                else:
                    f.add([-par])
            for i, a in own[y].items():
                if roots.get(y) == i:
                    continue
                f.add([-a, *parents])
        # placements
        covers = {y: [] for y in self.cells}
        for i, (c, forms) in enumerate(pieces):
            opts = []
            for k, form in enumerate(forms):
                for py in range(p.height):
                    for px in range(p.width):
                        cells = [(px + a, py + b) for a, b in form]
                        if not all(q in self.index and i in own[q] for q in cells):
                            continue
                        v = f.var(("oplace", i, k, px, py))
                        opts.append(v)
                        for q in cells:
                            covers[q].append(v)
                            for j, a in own[c].items():
                                if j in own[q]:
                                    f.add([-v, -a, own[q][j]])
                                else:
                                    f.add([-v, -a])
            f.exactly_one(opts)
        for y in self.cells:
            f.at_most_one(covers[y])
            f.add([-owned[y], *covers[y]])


def encode_owner(panel, owner=True):
    b = OwnerBuilder(panel, owner)
    return Encoding(b.cnf, b.decode)


if __name__ == "__main__":
    from gadgetry.sources.steiner import make_instance
    from gadgetry.core.registry import reduction
    from gadgetry.core.sat import enumerate_projected
    from gadgetry.puzzles.witness.rules import check
    R = reduction("witness-dominoes-from-rectilinear-steiner-tree")
    for pts, k in eval(sys.argv[1]):
        x = make_instance(pts, k); y = R.reduce(x)
        t = time.time(); enc = encode_owner(y, sys.argv[2] == 'owner'); te = time.time()-t
        t = time.time(); n = 0
        for true in enumerate_projected(enc.cnf.nvars, enc.cnf.clauses, enc.cnf.projection, cap=3000):
            path = enc.decode(true.__contains__); assert check(y, path); n += 1
        print(pts, k, y.width, "vars", enc.cnf.nvars, "clauses", len(enc.cnf.clauses), "enc", round(te,1), "sols", n, "enum", round(time.time()-t,1), flush=True)
