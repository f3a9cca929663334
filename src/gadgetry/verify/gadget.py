"""Gadget checks (docs/verification.md): the port assignments that extend to a valid filling must be
exactly the stated relation, and, for parsimony, each allowed assignment must have the stated number of
fillings.

Fillings are counted exactly on the gadget's CNF projection, the ports fixed: by enumeration with
blocking clauses while there are at most 4096 (a gadget's usual 0, 1 or 2, or a chamber's few thousand
routings), all port assignments on one SAT solver holding the clauses once, each assignment given as
assumptions (:func:`~gadgetry.core.sat.count_each_case`; loading a Witness chamber's clauses again for each
assignment, and Ganak's start-up, took longer than the search); past that by Ganak. Ganak and the
enumeration are checked against each other and against brute force by the tests. A gadget projected onto
its ports alone (existence only: its fillings are too many to count, as a chamber's free routings) has 0
or 1 filling per port assignment.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from gadgetry.core.gadget import Gadget, PortAssignment
from gadgetry.core.sat import count_each_case, count_ganak


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


def check_gadget(gadget: Gadget, enumeration_cap: int = 4096) -> GadgetReport:
    """Count the fillings of every port assignment and compare with the gadget's relation and multiplicity."""
    cnf, port_ids = gadget.build()
    missing = [p for p in gadget.ports if p not in port_ids]
    if missing:
        return GadgetReport(gadget.name, False, problems=[f"build() gives no variable for port {missing[0]!r}"])
    projection = cnf.projection or [v for v in range(1, cnf.nvars + 1) if v not in port_ids.values()]
    report = GadgetReport(gadget.name, True)
    assignments = list(itertools.product((False, True), repeat=len(gadget.ports)))
    cases = [[port_ids[p] if b else -port_ids[p] for p, b in zip(gadget.ports, ports)] for ports in assignments]
    for ports, case, enumerated in zip(assignments, cases, count_each_case(cnf.clauses, projection, cases,
                                                                            enumeration_cap)):
        n = enumerated if enumerated is not None else count_ganak(cnf.nvars, cnf.clauses + [[lit] for lit in case],
                                                                  projection)
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
