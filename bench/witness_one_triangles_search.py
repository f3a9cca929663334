"""The counterexample-guided SAT search that found the gadgets of ``witness-one-triangles-from-x3c`` (Witness
seed, section 6.1, Theorem 6.1; the paper's Figures 22-24 are lost).

A gadget is a set of cells whose 1-triangle is removed. Units are 4-row patterns around one pair of lines;
a word (``TMMB``, ``TMPMB``) stacks units, one per pair. For a word, the *test panel* is the boundary
columns of section 6.1, the gadget, and full 1-triangles elsewhere; its *relaxed solutions* are the edge
sets with degrees 0/2 (start and end 1) and every triangle satisfied, cycles allowed. A pattern is
accepted when, on every test panel of the search at once, the relaxed solutions are exactly two: the
straight lines and the intended joins (the pairs of the units other than ``P``), the joined one leaving
everything outside the gadget's cells as it was.

The search: a master SAT problem over pattern variables (one per unit cell, shared by every word that
uses the unit) and one joined solution per test panel. Each round (1) checks the joined solutions'
topology (components by boundary stubs), cutting off any cycle that touches no boundary, (2) fixes the
pattern and enumerates the test panels' relaxed solutions: a solution of a wrong topology must be killed
(some cell it does not satisfy keeps its triangle), and of two with the same topology one must be.

Usage:

    python bench/witness_one_triangles_search.py TB,TMB,TMMB,TMMMB            # T, M, B: under a minute
    python bench/witness_one_triangles_search.py TMPMB,TMPPMB,TMPPPMB --fix TMB --lo -1 --hi 7
    python bench/witness_one_triangles_search.py TXPYB,TXPPYB --fix TMBXPY    # a check: found in 0 rounds

The second proves (about 15 minutes, 1842 rounds) that no pass unit P of up to 8 columns works between two
unchanged M units: the P of the module was derived by hand (its lines detour under the dip from above and
over the bump from below), and its two neighbours lose one pair of empty cells each (X, Y) to leave one
local solution per state; the third confirms the result.
"""

from __future__ import annotations

import argparse
import itertools
import time

from pysat.card import CardEnc, EncType
from pysat.solvers import Cadical153

from gadgetry.core.graphs import components
from gadgetry.reductions.gadgets.witness_local import relaxed_cnf, relaxed_solutions
from gadgetry.reductions.witness_one_triangles_from_x3c import UNITS, panel_of, standard_edges
from gadgetry.puzzles.witness.model import cell_sides


def stubs(width, k):
    out = {(0, 1): "S", (0, 3): "T"}
    out.update({(0, 4 * c + 2): f"L{c}" for c in range(1, k)})
    out.update({(width, 4 * c + 2): f"R{c}" for c in range(k)})
    return out


def signature(width, k, used):
    lab = stubs(width, k)
    parts = [frozenset(lab[v] for v in comp if v in lab) for comp in components(used)]
    return frozenset(p for p in parts if p), sum(1 for p in parts if not p)


def intended(k, joins):
    """The stub partition when each pair (a, a + 1), a in ``joins``, of the 2k lines is joined once."""
    parent = {}

    def find(a):
        while parent.setdefault(a, a) != a:
            a = parent[a]
        return a

    def union(a, b):
        parent[find(a)] = find(b)

    for i in range(1, 2 * k + 1):
        if i not in joins and i - 1 not in joins:
            union(("L", i), ("R", i))
    for a in joins:
        union(("L", a), ("L", a + 1))
        union(("R", a), ("R", a + 1))
    lab = {("L", 1): "S", ("L", 2): "T"}
    for c in range(k):
        union(("R", 2 * c + 1), ("R", 2 * c + 2))
        lab[("R", 2 * c + 1)] = f"R{c}"
        if c:
            union(("L", 2 * c + 1), ("L", 2 * c + 2))
            lab[("L", 2 * c + 1)] = f"L{c}"
    groups = {}
    for node, name in lab.items():
        groups.setdefault(find(node), set()).add(name)
    return frozenset(frozenset(g) for g in groups.values()), 0


class Word:
    """One test panel: the word's units at column ``origin``; free cells map to pattern keys."""

    def __init__(self, word, lo, hi, fixed):
        self.k = 1 + len(word)
        origin = 3 + max(0, -lo)
        self.width = origin + hi + 3
        self.key = {}
        for i, u in enumerate(word):
            cols = range(0, 5) if u in fixed else range(lo, hi)
            for x in cols:
                for r in range(4):
                    self.key[(origin + x, 2 + 4 * i + r)] = (u, x, r)
        self.joins = {2 + 2 * i for i, u in enumerate(word) if u != "P"}
        self.want = intended(self.k, self.joins)
        self.std = standard_edges(self.width, self.k)

    def inside(self, e):
        return any(c in self.key for c in cells_of(e))

    def outside(self, sol):
        return {e for e in sol if not self.inside(e)}


def cells_of(e):
    (x1, y1), (_, y2) = e
    return [(x1, y1 - 1), (x1, y1)] if y1 == y2 else [(x1 - 1, y1), (x1, y1)]


def search(words, lo=0, hi=5, fixed="", max_empty=None, rounds=20000, log=print):
    tests = [Word(w, lo, hi, fixed) for w in words]
    keys = sorted({q for t in tests for q in t.key.values()})
    p = {q: i + 1 for i, q in enumerate(keys)}
    top = len(keys)
    master = Cadical153()
    for q in keys:
        if q[0] in fixed:
            master.add_clause([-p[q]] if (q[1], q[2]) in UNITS[q[0]] else [p[q]])
    joined = []
    for t in tests:
        cnf, var = relaxed_cnf(panel_of(t.width, 4 * t.k, t.key))  # the free cells without clues ...
        shift, top = top, top + cnf.nvars
        ev = {e: v + shift for e, v in var.items()}
        for cl in cnf.clauses:
            master.add_clause([lit + shift if lit > 0 else lit - shift for lit in cl])
        for c in t.key:  # ... and the free cells' triangles guarded by their pattern variable
            sides = [ev[s] for s in cell_sides(c)]
            master.add_clause([-p[t.key[c]]] + sides)
            for a, b in itertools.combinations(sides, 2):
                master.add_clause([-p[t.key[c]], -a, -b])
        for e, v in ev.items():
            if not t.inside(e):
                master.add_clause([v if e in t.std else -v])
        joined.append(ev)
    if max_empty is not None:
        enc = CardEnc.atmost([-p[q] for q in keys], bound=max_empty, top_id=top, encoding=EncType.seqcounter)
        for cl in enc.clauses:
            master.add_clause(cl)
    master.set_phases([p[q] for q in keys])
    t0 = time.time()
    for rnd in range(rounds):
        if not master.solve():
            log(f"no pattern ({rnd} rounds, {time.time() - t0:.0f} s)")
            return None
        model = {lit for lit in master.get_model() if lit > 0}
        empty = {q for q in keys if p[q] not in model}
        ok = True
        for t, ev in zip(tests, joined):
            used = frozenset(e for e, v in ev.items() if v in model)
            if signature(t.width, t.k, used) != t.want:
                ok = False
                lab = stubs(t.width, t.k)
                loose = [comp for comp in components(used) if not any(v in lab for v in comp)]
                for comp in loose:
                    cut = [v for e, v in ev.items() if (e[0] in comp) != (e[1] in comp)]
                    master.add_clause([-ev[next(e for e in used if e[0] in comp and e[1] in comp)]] + cut)
                if not loose:
                    master.add_clause([-v if e in used else v for e, v in ev.items()])
            panel = panel_of(t.width, 4 * t.k, [c for c, q in t.key.items() if q in empty])
            groups = {}

            def kill(sol, t=t):
                count = {}
                for e in sol:
                    for c in cells_of(e):
                        count[c] = count.get(c, 0) + 1
                return sorted({p[t.key[c]] for c in t.key if count.get(c, 0) != 1})

            for sol in relaxed_solutions(panel, cap=30):
                sig = signature(t.width, t.k, sol)
                if t.outside(sol) == t.outside(t.std) and sig in (t.want, intended(t.k, set())):
                    groups.setdefault(sig, []).append(sol)
                else:
                    master.add_clause(kill(sol))
                    ok = False
            for sols in groups.values():
                for a, b in itertools.combinations(sols, 2):
                    master.add_clause(sorted(set(kill(a)) | set(kill(b))))
                    ok = False
            ok = ok and len(groups) == 2
        if rnd % 20 == 0:
            log(f"round {rnd}: {len(empty)} empty cells, {time.time() - t0:.0f} s")
        if ok:
            log(f"found in {rnd} rounds, {time.time() - t0:.0f} s")
            return sorted(empty)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("words")
    ap.add_argument("--fix", default="", help="units taken from the module, not searched")
    ap.add_argument("--lo", type=int, default=0)
    ap.add_argument("--hi", type=int, default=5)
    ap.add_argument("--max-empty", type=int)
    a = ap.parse_args()
    found = search(a.words.split(","), a.lo, a.hi, a.fix, a.max_empty, log=lambda s: print(s, flush=True))
    units = {}
    for u, x, r in found or ():
        units.setdefault(u, []).append((x, r))
    for u, cells in sorted(units.items()):
        if u not in a.fix:
            print(f"{u!r}: {tuple(sorted(cells))},")


if __name__ == "__main__":
    main()
