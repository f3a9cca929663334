"""The SAT search that found the clause gadgets of ``planar-positive-1in3sat-from-planar-3sat``.

The frame for a clause of width w (1 to 3): positions P1, Z1, P2, Z2, P3 on the line (P the ports, Z
zones of auxiliaries; P2, Z2, P3 only as w asks; the module's ``frame``). Each port holds its literal or, by a chosen polarity,
the literal's negation. Candidate clauses: any three positions on the clause's own side, and three
positions of one zone on the other side; a selector per candidate, crossing pairs on one side exclude
each other (the SWAP search's ``select``). Every assignment of the literals that satisfies the clause has exactly one filling of the
zones, every other none. A model is then thinned: clauses are dropped while the gadget stays exact.

    python bench/planar_onein3_search.py [--width 3] [--zones 3,2]

For no polarity of the ports is there a gadget with smaller zones than the module's: width 1 needs a zone
of 3 (R(-a, z1, z2), R(-a, z2, z3) and R(z1, z2, z3) on the other side), width 2 one of 1 (R(-a, z, -b)),
width 3 zones (3, 2) (none with (1, 1), (1, 2), (2, 1), (2, 2), (1, 3) or (3, 1)).
"""

from __future__ import annotations

import argparse
import itertools

from planar_swap_search import select

from gadgetry.reductions.planar_positive_1in3sat_from_planar_3sat import frame

#: A gadget clause: (positions, side) with side "S" (the clause's own side) or "O" (the other side).
Clause = tuple[tuple[int, ...], str]


def fillings(clauses: list[Clause], ports: list[int], zones: list[list[int]], neg: tuple[bool, ...],
             lits: tuple[bool, ...]) -> int:
    """How many zone assignments satisfy every clause (exactly one true position each)."""
    inner = [p for z in zones for p in z]
    count = 0
    for iv in itertools.product((False, True), repeat=len(inner)):
        val = dict(zip(ports, (a != b for a, b in zip(lits, neg)))) | dict(zip(inner, iv))
        count += all(sum(val[p] for p in ps) == 1 for ps, _ in clauses)
    return count


def exact(clauses: list[Clause], ports: list[int], zones: list[list[int]], neg: tuple[bool, ...]) -> bool:
    """Whether the clauses have one filling for each satisfying assignment of the literals, none else."""
    return all(fillings(clauses, ports, zones, neg, lits) == any(lits)
               for lits in itertools.product((False, True), repeat=len(ports)))


def search(width: int, zones: tuple[int, ...], neg: tuple[bool, ...]) -> list[Clause] | None:
    ports, zs = frame(width, zones)
    inner = [p for z in zs for p in z]
    cands: list[Clause] = [(ps, "S") for ps in itertools.combinations(range(max(ports + inner) + 1), 3)]
    cands += [(ps, "O") for z in zs for ps in itertools.combinations(z, 3)]
    cases = []
    for lits in itertools.product((False, True), repeat=width):
        falsified = []
        for iv in itertools.product((False, True), repeat=len(inner)):
            val = dict(zip(ports, (a != b for a, b in zip(lits, neg)))) | dict(zip(inner, iv))
            falsified.append([c for c, (ps, _) in enumerate(cands) if sum(val[p] for p in ps) != 1])
        cases.append((any(lits), falsified))
    chosen = select(cands, cases)
    if chosen is None:
        return None
    found = [cands[i] for i in chosen]
    for c in sorted(found, key=lambda c: c[1]):
        if exact([d for d in found if d != c], ports, zs, neg):
            found.remove(c)
    assert exact(found, ports, zs, neg)
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, default=3)
    ap.add_argument("--zones", default="3,2")
    args = ap.parse_args()
    zones = tuple(int(z) for z in args.zones.split(","))
    for neg in itertools.product((False, True), repeat=args.width):
        found = search(args.width, zones, neg)
        print(f"width {args.width} zones {zones} negated ports {neg}: "
              + ("none" if found is None else f"{len(found)} clauses {found}"), flush=True)


if __name__ == "__main__":
    main()
