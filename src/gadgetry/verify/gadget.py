"""Gadget checks (docs/verification.md): the port assignments that extend to a valid filling must be
exactly the stated relation, and, for parsimony, each allowed assignment must have the stated number of
fillings.

Fillings are counted exactly on the gadget's CNF projection, with the ports fixed by unit clauses: by
enumeration with blocking clauses while they are few (a gadget's usual 0, 1 or 2: a SAT call each, where
Ganak's start-up alone takes a quarter of a second on a Witness chamber), by Ganak past the enumeration's
cap. (Ganak and the enumeration are checked against each other and against brute force by the tests.) A gadget
projected onto its ports alone (existence only: its fillings are too many to count, as a chamber's free
routings) has 0 or 1 filling per port assignment: the SAT solver decides it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from gadgetry.core.gadget import Gadget, PortAssignment
from gadgetry.core.sat import count_enumeration, count_ganak, solve_clauses


@dataclass
class GadgetReport:
    gadget: str
    ok: bool
    fillings: dict[PortAssignment, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def table(self, ports: tuple[str, ...]) -> str:
        """The observed truth table: one line per port assignment with its number of fillings."""
        head = " ".join(ports) + " | fillings"
        rows = [" ".join("1" if b else "0" for b in a).ljust(len(" ".join(ports))) + f" | {n}"
                for a, n in sorted(self.fillings.items())]
        return "\n".join([head, *rows])


def check_gadget(gadget: Gadget, enumeration_cap: int = 256) -> GadgetReport:
    """Count the fillings of every port assignment and compare with the gadget's relation and multiplicity."""
    cnf, port_ids = gadget.build()
    missing = [p for p in gadget.ports if p not in port_ids]
    if missing:
        return GadgetReport(gadget.name, False, problems=[f"build() gives no variable for port {missing[0]!r}"])
    projection = cnf.projection or [v for v in range(1, cnf.nvars + 1) if v not in port_ids.values()]
    report = GadgetReport(gadget.name, True)
    for ports in itertools.product((False, True), repeat=len(gadget.ports)):
        units = [[port_ids[p] if b else -port_ids[p]] for p, b in zip(gadget.ports, ports)]
        clauses = cnf.clauses + units
        if set(projection) <= set(port_ids.values()):
            n = int(solve_clauses(clauses) is not None)
        else:
            try:
                n = count_enumeration(cnf.nvars, clauses, projection, cap=enumeration_cap)
            except OverflowError:
                n = count_ganak(cnf.nvars, clauses, projection)
        report.fillings[ports] = n
        shown = dict(zip(gadget.ports, map(int, ports)))
        if (n > 0) != gadget.allowed(ports):
            report.problems.append(f"{shown}: relation says {'allowed' if gadget.allowed(ports) else 'forbidden'}"
                                   f", but {n} fillings exist")
        want = gadget.expected_fillings(ports)
        if want is not None and n != want:
            report.problems.append(f"{shown}: {want} fillings claimed, {n} found")
    report.ok = not report.problems
    return report
