"""The Witness seed's Hamiltonicity framework (section 2): layout, the y flip, forward/backward and the
hallway certificates, on a 2x3 block whose only Hamiltonian cycle is its boundary."""

import itertools

import pytest

from gadgetry.core import InputError
from gadgetry.core.sat import enumerate_projected
from gadgetry.puzzles.witness.model import path_edges
from gadgetry.reductions.gadgets.witness_frame import ChamberSpec, Frame, chamber_gadget, direction, tour_edges
from gadgetry.sources.grid_hamiltonicity import GridGraph

RING = GridGraph(tuple(sorted([(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)])))
TOUR = ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1))


def any_route(frame):
    """A routing through each chamber by its shortest simple paths (no clues)."""
    def route(v, a, b):
        return next(frame.chamber_paths(v, frame.port(v, a), frame.port(v, b)), None)

    def start_route(v, a, b):
        begin, end = frame.offset(v, -frame.r, frame.r), frame.offset(v, frame.r, frame.r)
        for head in frame.chamber_paths(v, begin, frame.port(v, b)):
            tail = next(frame.chamber_paths(v, frame.port(v, a), end, avoid=head), None)
            if tail is not None:
                return head, tail
        return None
    return route, start_route


def test_layout_and_y_flip():
    f = Frame(RING, 5, 1)
    assert (f.width, f.height) == (12, 7)
    assert f.at((0, 1)) == (1, 1) and f.at((0, 0)) == (1, 6)  # the paper's y up is the panel's y down
    assert direction((0, 0), (0, 1)) == "up" and f.port((0, 0), (0, 1)) == (1, 5)
    assert f.start_chamber == (2, 0)
    for v, w in f.source_edges:
        assert len(f.hallway_edges(v, w)) == f.s - 2 * f.r
        assert f.hallway_vertices(v, w)[0] == f.port(v, w) and f.hallway_vertices(v, w)[-1] == f.port(w, v)
    assert len(f.source_edges) == 7 and len(f.skeleton) == 6 * 12 + 7 * 3
    assert not f.skeleton & f.outside_edges()
    with pytest.raises(InputError):
        Frame(RING, 4, 2)


def test_margin_shifts_everything():
    f, g = Frame(RING, 8, 2), Frame(RING, 8, 2, margin=1)
    assert (g.width, g.height) == (f.width + 2, f.height + 2)
    assert g.at((1, 1)) == (f.at((1, 1))[0] + 1, f.at((1, 1))[1] + 1)


@pytest.mark.parametrize("s,r", [(5, 1), (8, 2), (4, 1), (3, 1)])
def test_forward_backward_round_trip(s, r):
    f = Frame(RING, s, r)
    path = f.forward(TOUR, *any_route(f))
    assert len(set(path)) == len(path)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
    back = f.backward(path)
    assert tour_edges(back) == tour_edges(TOUR)
    assert f.hallways_used(path) == tour_edges(TOUR)
    assert path[0] == f.offset(f.start_chamber, -r, r) and path[-1] == f.offset(f.start_chamber, r, r)


def test_backward_of_a_stray_path_is_no_cycle():
    f = Frame(RING, 5, 1)
    v = f.start_chamber
    stray = (f.offset(v, -1, 1), f.offset(v, 0, 1), f.offset(v, 1, 1))
    assert f.backward(stray) == (v,)


def test_chamber_gadget_counts_local_traversals():
    """The 3x3 chamber with a hexagon on centre->down: two hallways used, in every pair, never one or
    three; checked against a count of the local edge sets by brute force."""
    spec = ChamberSpec(1, ("left", "up", "right"), edge_hexagons=frozenset({((0, 0), (0, 1))}))
    gad = chamber_gadget("t", spec, [2], "test")
    cnf, ports = gad.build()
    edges = spec.edges()
    for a in itertools.product((False, True), repeat=3):
        units = [[p if b else -p] for p, b in zip(ports.values(), a)]
        n = sum(1 for _ in enumerate_projected(cnf.nvars, cnf.clauses + units, cnf.projection))
        assert (n > 0) == gad.allowed(a)
        assert n == brute_local(spec, dict(zip(spec.ports, a)), edges)


def brute_local(spec, used_ports, edges):
    """Edge subsets of the chamber that, with the used stubs, form disjoint simple paths ending at stubs,
    covering the hexagon."""
    import networkx as nx
    n = 0
    for k in range(len(edges) + 1):
        for sub in itertools.combinations(edges, k):
            if not all(e in sub for e in spec.edge_hexagons):
                continue
            g = nx.Graph(list(sub))
            deg = dict(g.degree())
            for d, u in used_ports.items():
                if u:
                    deg[spec.port_vertex(d)] = deg.get(spec.port_vertex(d), 0) + 1
            if any(x not in (0, 2) for x in deg.values()):
                continue
            if sub and any(len(c) == g.subgraph(c).number_of_edges() for c in nx.connected_components(g)):
                continue  # a component with as many edges as vertices is a cycle
            n += 1
    return n


def test_path_edges_of_forward_cover_hallways_only_on_the_tour():
    f = Frame(RING, 5, 1)
    used = path_edges(f.forward(TOUR, *any_route(f)))
    for v, w in f.source_edges:
        assert (f.hallway_edges(v, w) <= used) == ((v, w) in tour_edges(TOUR))
        assert (f.hallway_edges(v, w) & used == set()) == ((v, w) not in tour_edges(TOUR))


@pytest.mark.parametrize("name", ["witness-edge-hexagons-broken-from-grid-hamiltonian-cycle",
                                  "witness-edge-hexagons-from-grid-hamiltonian-cycle"])
def test_every_gadget_and_the_hallway_render_on_their_own(name):
    from gadgetry.core.registry import reduction
    from gadgetry.reductions.gadgets.witness_frame import render_gadgets

    red = reduction(name)
    svgs = render_gadgets(red)
    assert set(svgs) == {g.name for g in red.gadgets()} | {"hallway"}
    for svg in svgs.values():
        assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")


@pytest.mark.parametrize("name", ["witness-edge-hexagons-broken-from-grid-hamiltonian-cycle",
                                  "witness-edge-hexagons-from-grid-hamiltonian-cycle",
                                  "witness-vertex-hexagons-broken-from-grid-hamiltonian-cycle",
                                  "witness-vertex-hexagons-broken-from-grid-hamiltonian-path"])
def test_panels_export_to_witness_web(name):
    import dataclasses

    from gadgetry.core.registry import reduction
    from gadgetry.puzzles.witness.formats import read_web, write_web

    source = GridGraph(RING.points, (0, 0), (1, 0)) if name.endswith("path") else RING
    panel = reduction(name).reduce(source)
    assert panel.rules == "paper"  # written under the solver's rules, which agree on broken edges and hexagons
    assert read_web(write_web(panel)) == dataclasses.replace(panel, rules="solver")
