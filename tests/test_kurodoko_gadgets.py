"""The nine Kurodoko gadgets (Kurodoko seed, section 4.1 and Appendix A): parsing of the recovered strings,
the border structure, rotations and mirror (section 4.2), the gadget checks (section 4.1's relations,
through the framed solver and through ``check_gadget``), a damaged gadget failing, and SVG output."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from gadgetry.core import InputError
from gadgetry.puzzles.kurodoko import KurodokoProblem
from gadgetry.reductions.gadgets import kurodoko as kg
from gadgetry.verify.gadget import check_gadget

ALL_SPECS = kg.SPECS + kg.VARIANT_SPECS


def allowed(spec: str) -> set[tuple[bool, ...]]:
    g = kg.make_gadget(spec)
    return {a for a in itertools.product((False, True), repeat=len(g.ports)) if g.allowed(a)}


def broken_wire() -> kg.GadgetGrid:
    """The wire with its clue 3 (row 10) changed to 2."""
    rows = [list(r) for r in kg.BASE["wire"].cells]
    assert rows[10][8] == "3"
    rows[10][8] = "2"
    return kg.GadgetGrid("W broken", tuple(tuple(r) for r in rows))


# -- data --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(kg.SOURCES))
def test_every_string_parses_to_17_by_17_and_packs_back(name: str) -> None:
    text = kg.SOURCES[name][0]
    rows = kg.unpack("17x17:" + text)
    assert len(rows) == 17 and all(len(r) == 17 for r in rows)
    assert kg.unpack(kg.pack(rows)) == rows
    assert set(kg.BASE[name].clue_cells().values()) <= {"?", "!", "2", "3", "4", "7"}


def test_the_damaged_printed_strings_fail_the_unpack_invariant() -> None:
    printed_variable = "e!?!2!?!e qq d3!?!2!?!3 d d3a!c!a3d" + "q" * 11  # A.1 lines 59-60 as extracted
    printed_bend = kg.BEND.replace("l!?b?", "1!?b?")  # A.1 line 82 as extracted
    for text in (printed_variable, printed_bend, "17x17:" + "q" * 18, "17x17:" + "q" * 17 + "!"):
        with pytest.raises(InputError):
            kg.unpack(text)
    with pytest.raises(InputError):
        kg.unpack("16x16:" + "q" * 17)
    with pytest.raises(InputError):
        kg.unpack("q" * 16 + "p" + "x")


@pytest.mark.parametrize("name", sorted(kg.BASE))
def test_border_rows_and_columns_are_empty_or_the_centred_question_two_question(name: str) -> None:
    g = kg.BASE[name]
    sides = {s for s in "nwes" if kg.border(g, s) == kg.BORDER_PORT}
    assert all(kg.border(g, s) in (kg.BORDER_PORT, kg.BORDER_EMPTY) for s in "nwes")
    expected = {"wire": "ns", "negation": "ns", "variable": "n", "zero": "n", "xor": "nwe", "choice": "wse",
                "split": "wse", "sidesplit": "nse", "bend": "se"}[name]
    assert sides == set(expected)
    assert {p[0] for p in g.ports()} == sides
    for s in sides:  # the port squares are blank cells, d_i beside the border clue 2, d_o next to it
        i, o = kg.PORTS[s]["i"], kg.PORTS[s]["o"]
        assert g.cells[i[0]][i[1]] is None and g.cells[o[0]][o[1]] is None
        assert abs(i[0] - o[0]) + abs(i[1] - o[1]) == 1


@pytest.mark.parametrize("name", sorted(kg.BASE))
def test_rotations_and_mirror(name: str) -> None:
    g = kg.BASE[name]
    assert g.rotated_cw().rotated_cw().rotated_cw().rotated_cw().cells == g.cells
    assert g.rotated_cw().rotated_ccw().cells == g.cells
    assert g.rotated_ccw().rotated_cw().cells == g.cells
    assert g.mirrored().mirrored().cells == g.cells
    assert g.rotated_cw().rotated_cw().cells == g.rotated_180().cells
    # A.1's rotate is new[k-1-c][r] = old[r][c] (counterclockwise), flip is new[r][k-1-c] = old[r][c]
    k = kg.GADGET_SIZE
    for r, c in [(0, 0), (0, 16), (3, 5), (10, 8)]:
        assert g.rotated_ccw().cells[k - 1 - c][r] == g.cells[r][c]
        assert g.mirrored().cells[r][k - 1 - c] == g.cells[r][c]
    assert kg.gadget(kg.SOURCES[name][1]).cells == g.cells


def test_spec_notation_mirror_first_then_rotate() -> None:
    b = kg.BASE["bend"]
    assert kg.gadget("Bbar+").cells == b.mirrored().rotated_cw().cells
    assert kg.gadget("Bbar+").name == "Bbar+"
    assert kg.gadget("X2").cells == kg.BASE["xor"].rotated_180().cells
    assert kg.gadget("L").cells == kg.gadget("S").cells  # L accepted for Sidesplit
    assert kg.side_map("Bbar+") == {"n": "e", "e": "n", "s": "w", "w": "s"}
    assert kg.gadget("Bbar+").ports().keys() == {"n_i", "n_o", "w_i", "w_o"}
    # the strings are stored as printed: the Xor as X2 and the Sidesplit as S+ (A.2.3, A.2.6)
    assert kg.unpack(kg.XOR2) == kg.gadget("X2").cells
    assert kg.unpack(kg.SIDESPLIT_CW) == kg.gadget("S+").cells
    for bad in ("Q", "W3", "", "Wbar++", "X+-"):
        with pytest.raises(InputError):
            kg.gadget(bad)


# -- gadget checks -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ALL_SPECS)
def test_feasible_port_colourings_are_exactly_the_relation(spec: str) -> None:
    assert kg.feasible_ports(kg.gadget(spec)) == allowed(spec)


def test_relations_of_section_4_2_examples() -> None:
    import sympy

    n_o, s_i, e_i, w_i = sympy.symbols("n_o s_i e_i w_i")
    for spec, want in (("X+", sympy.Equivalent(n_o, sympy.Xor(s_i, e_i))),
                       ("X-", sympy.Equivalent(n_o, sympy.Xor(s_i, w_i))),
                       ("Bbar+", sympy.Equivalent(n_o, w_i))):
        rel = kg.relation(spec)
        names = sorted(str(x) for x in rel.free_symbols)
        syms = sympy.symbols(names)
        for a in itertools.product((False, True), repeat=len(names)):
            env = dict(zip(syms, a))
            if rel.subs(env):
                assert want.subs(env)


@pytest.mark.parametrize("spec", ["V", "Z", "B", "W+"])
def test_check_gadget_passes(spec: str) -> None:
    report = check_gadget(kg.make_gadget(spec))
    assert report.ok, report.problems


@pytest.mark.slow
@pytest.mark.parametrize("spec", ALL_SPECS)
def test_check_gadget_passes_everywhere(spec: str) -> None:
    report = check_gadget(kg.make_gadget(spec))
    assert report.ok, report.problems


@pytest.mark.parametrize("spec", kg.SPECS)
def test_squares_across_a_border_clue_2_take_opposite_colours(spec: str) -> None:
    assert all(kg.opposite_across_border(kg.gadget(spec)).values())


def test_a_damaged_gadget_fails_its_check() -> None:
    report = check_gadget(kg.make_gadget("W", broken_wire()))
    assert not report.ok and report.problems
    assert kg.feasible_ports(broken_wire()) != allowed("W")


def test_the_appendix_code_flip_makes_the_sidesplit_invert_its_east_output() -> None:
    """A.1 builds tee_l = rotate(flip(unpack(ltee))): that grid has n_o = s_i but e_o = 1 - s_i."""
    flipped = kg.GadgetGrid("A.1 tee_l", kg.unpack(kg.SIDESPLIT_CW)).mirrored().rotated_ccw()
    names = sorted(flipped.ports())
    feasible = [dict(zip(names, a)) for a in kg.feasible_ports(flipped)]
    assert feasible and all(f["n_o"] == f["s_i"] and f["e_o"] != f["s_i"] for f in feasible)


def test_gadgets_are_exposed_as_gadget_objects() -> None:
    assert [g.meta["spec"] for g in kg.gadgets()] == list(kg.SPECS)
    assert len(kg.gadgets(variants=True)) == len(ALL_SPECS)
    assert kg.gadgets()[4].ports == ("e_i", "e_o", "n_i", "n_o", "w_i", "w_o")


@pytest.mark.slow
@pytest.mark.parametrize("spec", kg.SPECS)
def test_a_wider_frame_gives_the_same_relation(spec: str) -> None:
    assert kg.feasible_ports(kg.gadget(spec), margin=5) == allowed(spec)


@pytest.mark.slow
def test_eager_encoding_agrees_on_the_bend() -> None:
    """The count-exact eager encoding of puzzles/kurodoko.py (no cuts) gives the same port relation."""
    from pysat.solvers import Solver

    g = kg.gadget("B")
    inst = kg.framed(g)
    enc = KurodokoProblem().encode(inst)
    ports = g.ports()
    names = sorted(ports)
    black = {p: enc.cnf.var(("black", (ports[p][0] + kg.MARGIN, ports[p][1] + kg.MARGIN))) for p in names}
    with Solver(name="cadical195", bootstrap_with=enc.cnf.clauses) as s:
        got = {a for a in itertools.product((False, True), repeat=len(names))
               if s.solve(assumptions=[black[p] if b else -black[p] for p, b in zip(names, a)])}
    assert got == allowed("B")


# -- frame and rendering -----------------------------------------------------------------------------------

def test_deferred_values_follow_fix_deferred_work() -> None:
    inst = kg.framed(kg.BASE["wire"])
    clues = inst.clue_map()
    m = kg.MARGIN
    # the ? at (0, 6) sees its whole column (17 cells and both margins), nothing sideways (! at 5 and 7)
    assert clues[(m, 6 + m)] == 17 + 2 * m
    # the ? at (10, 6) beside the 2 at (10, 5): blocked at (10, 7), free along column 6
    assert clues[(10 + m, 6 + m)] == 17 + 2 * m + 1


@pytest.mark.parametrize("spec", ["wire", "xor", "S", "Bbar+"])
def test_svg_renders_with_port_marks(spec: str) -> None:
    svg = kg.render_gadget_svg(spec)
    root = ET.fromstring(svg)
    circles = [e for e in root.iter("{http://www.w3.org/2000/svg}circle") if e.get("class") == "port"]
    g = kg.BASE[spec] if spec in kg.BASE else kg.gadget(spec)
    assert sorted(c.get("x-port") for c in circles) == sorted(g.ports())
    for name in g.ports():
        assert f">{name}<" in svg


def test_svg_with_a_port_colouring_shades_a_witness() -> None:
    svg = kg.render_gadget_svg("xor", {"w_i": True, "e_i": False})
    black = kg.witness("X", {"w_i": True, "e_i": False})
    assert black is not None and kg.PORTS["n"]["o"] in black  # n_o = 1 xor 0
    assert svg.count('fill="#222"') == len(black)
    assert kg.witness("Z", {"n_o": True}) is None
    with pytest.raises(InputError):
        kg.witness("Z", {"s_i": True})
