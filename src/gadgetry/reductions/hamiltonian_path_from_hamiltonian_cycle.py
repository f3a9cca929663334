"""Directed Hamiltonian cycle to Hamiltonian path with a start s of out-degree 1 and an end t of in-degree 1
(Edge-matching seed, section 3.1, Theorem 3.2; parsimonious).

An arc u -> v lies in every Hamiltonian cycle when u has out-degree 1 (or v has in-degree 1); the paper
takes the out-arc of a vertex of in-degree 2 in a 3-regular digraph, the same thing there. The lowest such u
(else the lowest such v) is chosen, u -> v is deleted and the degree-1 ends are completed by the start and
end gadgets of Figure 10 (figure missing; rebuilt from the prose of Theorem 3.2's proof):

- end gadget after u: new vertices a, b, c, d, t with arcs u->a, a->b, b->c, c->d, d->t, d->a, t->b, t->c.
  a, b, c have out-degree 1 and d's other successor a is already on the path, so the only path entering
  at a that covers the gadget is a, b, c, d, t, and it ends at t;
- start gadget before v: its reversal, new vertices a', b', c', d', s with arcs s->d', d'->c', c'->b',
  b'->a', a'->d', b'->s, c'->s, a'->v; the only path leaving at a' is s, d', c', b', a'.

Numbering: the source's vertices keep their numbers; a, b, c, d, t are n..n+4 and a', b', c', d', s are
n+5..n+9. Every Hamiltonian path therefore runs s -> ... -> v -> (the cycle) -> u -> ... -> t, whether or not
s and t are fixed; s has out-degree 1 (in-degree 2), t in-degree 1 (out-degree 2), every new vertex has
in/out-degree (1, 2) or (2, 1), and the gadgets hang off single arcs, so 3-regularity, the degree bounds and
planarity are preserved. Two registered variants: with s and t fixed (the instance Theorem 3.3 starts from)
and with free ends (the theorem's "with or without given start vertex s and/or end vertex t").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gadgetry.core import CNF, PARSIMONIOUS, InputError, Reduction
from gadgetry.core.gadget import Gadget
from gadgetry.sources.hamiltonicity import CUBIC, HamInstance, make_instance
from gadgetry.sources.path_cover import path_cover

PAPER = "Edge-matching seed"
#: The end gadget's arcs over local names ("u" is the old tail); the start gadget is its reversal.
END_ARCS = (("u", "a"), ("a", "b"), ("b", "c"), ("c", "d"), ("d", "t"), ("d", "a"), ("t", "b"), ("t", "c"))
END_PATH = ("a", "b", "c", "d", "t")


def forced_arc(g: HamInstance) -> tuple[int, int]:
    """An arc in every Hamiltonian cycle: the out-arc of the lowest vertex of out-degree 1, else the
    in-arc of the lowest vertex of in-degree 1."""
    if not g.directed:
        raise InputError("Theorem 3.2 reduces directed Hamiltonian cycle; the instance is undirected")
    for i in (0, 1):
        for x in range(g.n):
            arcs = [e for e in g.edges if e[i] == x]
            if len(arcs) == 1:
                return arcs[0]
    raise InputError("Theorem 3.2 needs a vertex of out-degree 1 or in-degree 1 (every vertex of a 3-regular "
                     "digraph with in/out-degree <= 2 is one)")


def split(g: HamInstance, fixed_ends: bool = True) -> HamInstance:
    """The path instance of the module docstring."""
    u, v = forced_arc(g)
    n = g.n
    end = {"u": u, **{x: n + i for i, x in enumerate(END_PATH)}}
    start = {"u": v, **{x: n + 5 + i for i, x in enumerate(END_PATH)}}
    arcs = [e for e in g.edges if e != (u, v)]
    arcs += [(end[x], end[y]) for x, y in END_ARCS]
    arcs += [(start[y], start[x]) for x, y in END_ARCS]
    s, t = start["t"], end["t"]
    return make_instance(n + 10, arcs, True, s if fixed_ends else None, t if fixed_ends else None)


class HamPathFromHamCycle(Reduction):
    name = "hamiltonian-path-from-hamiltonian-cycle"
    source_variants = frozenset({"directed"})
    target_variant = "directed"
    source = "hamiltonian-cycle"
    target = "hamiltonian-path"
    paper = PAPER
    section = "section 3.1"
    theorem = "Theorem 3.2"
    claim = PARSIMONIOUS
    fixed_ends: ClassVar[bool] = True
    verify_params: ClassVar[tuple[Mapping[str, int], ...]] = (
        {"family": CUBIC, "directed": 1, "n": 6}, {"family": CUBIC, "directed": 1, "n": 8},
        {"family": CUBIC, "directed": 1, "n": 10})

    def reduce(self, source: HamInstance) -> HamInstance:
        return split(source, self.fixed_ends)

    def forward(self, source: HamInstance, target: HamInstance, source_solution: Any) -> tuple[int, ...]:
        u, v = forced_arc(source)
        cyc = list(source_solution)
        i = cyc.index(v)
        cyc = cyc[i:] + cyc[:i]
        if cyc[-1] != u:
            raise ValueError(f"the cycle does not use the forced arc {u}->{v}")
        n = source.n
        return (n + 9, n + 8, n + 7, n + 6, n + 5, *cyc, n, n + 1, n + 2, n + 3, n + 4)

    def backward(self, source: HamInstance, target: HamInstance, target_solution: Any) -> tuple[int, ...]:
        return tuple(x for x in target_solution if x < source.n)

    def overhead(self, source: HamInstance) -> dict[str, int]:
        return {"vertices": source.n + 10, "edges": len(source.edges) + 15}

    def gadgets(self) -> list[Gadget]:
        return [end_gadget()]


class HamPathAnyEndsFromHamCycle(HamPathFromHamCycle):
    name = "hamiltonian-path-any-ends-from-hamiltonian-cycle"
    fixed_ends = False


def end_gadget() -> Gadget:
    """Figure 10b as a gadget: ports ``enter`` (the arc u->a used) and ``ends_at_t`` (the path covering the
    gadget stops at t); the gadget's vertices must be covered by one path entering at a and stopping
    inside (:func:`gadgetry.sources.path_cover.path_cover`). Exactly one filling when entered, ending at
    t; none otherwise. (The start gadget is the reversal, so the same check proves it.)"""
    inner = END_PATH

    def build() -> tuple[CNF, dict[str, int]]:
        cnf = CNF()
        enter = cnf.var(("arc", "u", "a"))
        stop = {x: cnf.var(("stop", x)) for x in inner}
        arcs = [(x, y) for x, y in END_ARCS if x != "u"]
        cnf.project(path_cover(cnf, inner, arcs, {"a": [enter]}, {x: [stop[x]] for x in inner}))
        return cnf, {"enter": enter, "ends_at_t": stop["t"]}

    return Gadget("Theorem 3.2 end gadget (Figure 10b)", ("enter", "ends_at_t"), build,
                  [(True, True)], 1, source=f"{PAPER}, section 3.1, Theorem 3.2, Figure 10b (rebuilt)")


REDUCTIONS = [HamPathFromHamCycle(), HamPathAnyEndsFromHamCycle()]
