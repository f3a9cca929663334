"""Why `tree-residue-vertex-breaking-from-planar-positive-1in3sat` does not reach degree 4: an exhaustive
search for degree-4 variable gadgets (Demaine & Rudoy 2018 prove planar TRVB hard with every vertex breakable
of degree 4; their gadgets are in figures we could not read).

A gadget is up to ``--size`` vertices of degree 4, breakable or not, with internal edges and external
edges of three kinds: to the left part L of an unbreakable spine, to its right part R (the two parts are
joined through this gadget only, in exactly one way; a gadget without R edges hangs on one spine), and to a clause hub H (an
unbreakable vertex joined to the rest through exactly one whole literal vertex, so an H edge at a whole
vertex is a leaf and at a broken one a pendant end). A state is valid when no edge joins two broken
vertices and the whole vertices with L and R form a tree (every whole vertex reaches L or R, no cycle,
L joined to R). A variable gadget has exactly two valid states, its H edges all at whole vertices in one
and all at broken ones in the other. With one hub edge per literal (the clause gadget of the module: one
hub per clause), a variable occurring k times needs a gadget with k H edges.

Result (``--size 4``: 3,275 gadgets, about 40 s of CPU): every variable gadget found has k = 0 mod 3 hub
edges, so a formula with a variable occurring once or twice gets no such gadget. With
``--any-unbreakable-degree`` (unbreakable vertices of degree 1 to 4, breakable ones still 4) the same:
7,323 gadgets of at most 4 vertices, every one with k = 0 mod 3 (about 60 s of CPU).

Why, for any size: let a variable gadget have breakable degree-4 vertices P (whole iff x) and N (whole iff
not x), unbreakable ones of any degree, spine edges, and k_P, k_N hub edges at P and N vertices. No edge
joins two P vertices (both break when x is false), nor two N vertices. With x true the whole vertices and
the spine parts form a tree in which a hub edge at a whole vertex is a leaf, and likewise with x false;
the difference of the two edge counts is (UP + P-spine) - (UN + N-spine) = |P| - |N| (UP: edges between
unbreakable and P vertices, ...). The degrees give UP + P-spine = 4|P| - PN - k_P and UN + N-spine =
4|N| - PN - k_N, so k_P - k_N = 3 (|P| - |N|). With unbreakable hubs as the clauses (a positive clause's
hub has edges at P vertices), a variable occurring once or twice needs hub edges at N vertices too, and a
hub mixing them states a constraint the 1-in-3 clauses do not imply (exactly one of x, not y is x = y).
Three hubs per clause, each joined once to each of the clause's three variables, would give every
variable 3 edges per clause, but contract to K_{3,3}: not planar. Clause gadgets with breakable vertices
of their own were not searched. ``tree-residue-vertex-breaking-from-planar-positive-1in3sat`` therefore
ends its chains in breakable vertices of degree 3, which Theorem 4.3's module takes (the tee gadget).

    python bench/trvb_degree4_variable_search.py [--size 4]
"""

from __future__ import annotations

import argparse
import itertools


def valid_states(brk: tuple[bool, ...], edges: tuple[tuple[int, int], ...],
                 ends: tuple[tuple[str, ...], ...]) -> list[tuple[bool, ...]]:
    """The valid whole/broken patterns (True: whole) of the gadget (module docstring)."""
    m = len(brk)
    out = []
    free = [i for i in range(m) if brk[i]]
    for bits in itertools.product((False, True), repeat=len(free)):
        whole = [True] * m
        for i, b in zip(free, bits):
            whole[i] = not b
        if any(not whole[a] and not whole[b] for a, b in edges):
            continue
        parent = list(range(m + 2))  # m: L, m + 1: R

        def find(a: int) -> int:
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            return a

        links = [(a, b) for a, b in edges if whole[a] and whole[b]]
        links += [(i, m if e == "L" else m + 1) for i in range(m) if whole[i] for e in ends[i] if e != "H"]
        ok = True
        for a, b in links:
            ra, rb = find(a), find(b)
            if ra == rb:
                ok = False
                break
            parent[ra] = rb
        spans = any("R" in e for e in ends)  # else the gadget hangs on one spine, L
        if ok and (find(m) == find(m + 1) or not spans) and all(find(i) == find(m) for i in range(m) if whole[i]):
            out.append(tuple(whole))
    return out


def variable_gadgets(size: int, any_unbreakable_degree: bool = False):
    """Every (gadget, number of H edges) with the variable behaviour, up to ``size`` vertices; unbreakable
    ones of degree 1 to 4 when ``any_unbreakable_degree``, else 4."""
    for m in range(1, size + 1):
        pairs = list(itertools.combinations(range(m), 2))
        for brk in itertools.product((True, False), repeat=m):
            if brk != tuple(sorted(brk, reverse=True)) or not any(brk):
                continue
            for count in range(2 * m + 1):
                for edges in itertools.combinations_with_replacement(pairs, count):
                    deg = [0] * m
                    for a, b in edges:
                        deg[a] += 1
                        deg[b] += 1
                    if any(d > 4 for d in deg):
                        continue
                    options = [[e for k in range(0 if any_unbreakable_degree and not brk[i] else 4 - d, 5 - d)
                                for e in itertools.combinations_with_replacement("HLR", k) if d + k]
                               for i, d in enumerate(deg)]
                    for ends in itertools.product(*options):
                        if any("H" in ends[i] and not brk[i] for i in range(m)):
                            continue
                        states = valid_states(brk, edges, ends)
                        hubs = [i for i in range(m) for e in ends[i] if e == "H"]
                        if len(states) != 2 or not hubs:
                            continue
                        a, b = states
                        if all(a[i] for i in hubs) and not any(b[i] for i in hubs) or \
                                all(b[i] for i in hubs) and not any(a[i] for i in hubs):
                            yield (brk, edges, ends), len(hubs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=4, help="most vertices in a gadget")
    ap.add_argument("--any-unbreakable-degree", action="store_true",
                    help="unbreakable vertices of degree 1 to 4 (default: 4)")
    args = ap.parse_args()
    first: dict[int, tuple] = {}
    total = 0
    for gadget, k in variable_gadgets(args.size, args.any_unbreakable_degree):
        total += 1
        first.setdefault(k % 3, (k, gadget))
    print(f"{total} variable gadgets of at most {args.size} vertices; hub edges mod 3 found: {sorted(first)}")
    for r, (k, gadget) in sorted(first.items()):
        print(f"  k = {k} (mod 3 = {r}): breakable, edges, external ends = {gadget}")


if __name__ == "__main__":
    main()
