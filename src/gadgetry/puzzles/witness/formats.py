"""Format ``witness-web``: the JSON of the browser-based Witness solver (Overv's TheWitnessSolver; see
docs/formats.md), read as the JSON itself, its base64 form, or the whole URL with the base64 after ``#``.

Panels read from it use the ``solver`` rule set. Writing is lossless for every panel the format can
express; a ``paper`` panel is written under ``solver`` when the two rule sets agree on it
(:func:`.rules.rule_sets_agree`); anything else (a ``paper`` panel where they differ, a non-default option, triangles, a rotatable hollow
piece, a piece wider than 4 x 4, a colour outside the solver's nine, a start or end carrying a hexagon)
raises :class:`InputError` naming the feature.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping
from typing import Any

from gadgetry.core import InputError

from .model import DEFAULT_OPTIONS, SOLVER_COLOURS, Panel, Symbol, make_panel, normalise_shape
from .rules import rule_sets_agree

FORMAT = "witness-web"
URL = "https://overv.github.io/TheWitnessSolver/#"
NODE = {"start": 1, "hexagon": 2, "end": 3}
CELL_TYPES = {1: "square", 2: "poly", 3: "poly", 4: "star", 5: "antibody", 6: "antipoly"}


def _fail(what: str) -> InputError:
    return InputError(f"{FORMAT}: {what}")


def _decode_text(text: str) -> Any:
    body = text.strip()
    if "#" in body:
        body = body.split("#", 1)[1].strip()
    if not body.startswith("{"):
        try:
            raw = base64.b64decode(body.replace("-", "+").replace("_", "/") + "=" * (-len(body) % 4),
                                   validate=True)
            body = raw.decode("utf-8")
        except (binascii.Error, ValueError, UnicodeDecodeError):
            raise _fail("neither JSON, nor base64 of JSON, nor a solver URL") from None
    try:
        return json.loads(body)
    except (json.JSONDecodeError, RecursionError):
        raise _fail("the panel is not valid JSON") from None


def _grid(data: Mapping[str, Any], key: str, nx: int, ny: int, allowed: tuple[int, ...] | None) -> list[list[Any]]:
    g = data.get(key)
    if not isinstance(g, list) or len(g) != nx or not all(isinstance(col, list) and len(col) == ny for col in g):
        raise _fail(f"{key} must be a {nx} x {ny} array indexed [x][y]")
    if allowed is not None and not all(type(v) is int and v in allowed for col in g for v in col):
        raise _fail(f"{key} entries must be among {list(allowed)}")
    return g


def read_web(text: str, options: Mapping[str, str] | None = None) -> Panel:
    """A panel (``solver`` rules) from the solver's JSON, base64 or URL."""
    data = _decode_text(text)
    if not isinstance(data, dict):
        raise _fail("the panel must be a JSON object")
    w, h = data.get("gridWidth"), data.get("gridHeight")
    if type(w) is not int or type(h) is not int or not (2 <= w <= 65 and 2 <= h <= 65):
        raise _fail("gridWidth and gridHeight count nodes: integers in 2..65")
    nodes = _grid(data, "nodeTypes", w, h, (0, 1, 2, 3))
    hor = _grid(data, "horEdges", w - 1, h, (0, 1, 2))
    ver = _grid(data, "verEdges", w, h - 1, (0, 1, 2))
    cell_types = _grid(data, "cellTypes", w - 1, h - 1, None)
    layouts = None
    if "cellTetrisLayouts" in data:
        layouts = _grid(data, "cellTetrisLayouts", w - 1, h - 1, None)
    starts, ends, vhex = [], [], []
    for x in range(w):
        for y in range(h):
            t = nodes[x][y]
            (starts if t == 1 else vhex if t == 2 else ends if t == 3 else []).append((x, y))
    broken, ehex = [], []
    for x in range(w - 1):
        for y in range(h):
            if hor[x][y]:
                (ehex if hor[x][y] == 1 else broken).append(((x, y), (x + 1, y)))
    for x in range(w):
        for y in range(h - 1):
            if ver[x][y]:
                (ehex if ver[x][y] == 1 else broken).append(((x, y), (x, y + 1)))
    symbols = {}
    for x in range(w - 1):
        for y in range(h - 1):
            ct = cell_types[x][y]
            if not isinstance(ct, dict) or type(ct.get("type")) is not int or type(ct.get("color")) is not int \
                    or not 0 <= ct["type"] <= 6 or not 0 <= ct["color"] < len(SOLVER_COLOURS):
                raise _fail(f"cellTypes[{x}][{y}] must be {{\"type\": 0..6, \"color\": 0..8}}")
            t, colour = ct["type"], SOLVER_COLOURS[ct["color"]]
            if t == 0:
                continue
            kind = CELL_TYPES[t]
            if kind in ("poly", "antipoly"):
                lay = layouts[x][y] if layouts is not None else None
                if not isinstance(lay, list) or len(lay) != 4 or not all(
                        isinstance(col, list) and len(col) == 4 and all(v in (0, 1) and type(v) is int for v in col)
                        for col in lay):
                    raise _fail(f"cellTetrisLayouts[{x}][{y}] must be a 4 x 4 array of 0/1 for a piece")
                shape = normalise_shape((xx, yy) for xx in range(4) for yy in range(4) if lay[xx][yy])
                if not shape:
                    raise _fail(f"the piece at cell ({x}, {y}) has no blocks")
                symbols[(x, y)] = Symbol(kind, colour, 0, shape, t == 3)
            else:
                symbols[(x, y)] = Symbol(kind, colour)
    if not starts or not ends:
        raise _fail("the panel needs a start node (1) and an exit node (3)")
    return make_panel(w - 1, h - 1, starts, ends, broken=broken, vertex_hexagons=vhex, edge_hexagons=ehex,
                      symbols=symbols, rules="solver")


def web_data(panel: Panel) -> dict[str, Any]:
    """The solver's JSON object of a panel, or :class:`InputError` naming what it cannot express."""
    if panel.rules != "solver" and not rule_sets_agree(panel):
        raise _fail(f"the solver format has only the solver rule set, and the {panel.rules!r} rule set "
                    "differs from it on this panel (antibodies, antipolyominoes, or a star sharing its colour "
                    "with a triangle or piece)")
    for name, value in panel.options:
        if (name, value) not in DEFAULT_OPTIONS:
            raise _fail(f"the solver format cannot express option {name}={value}")
    w, h = panel.width + 1, panel.height + 1
    nodes = [[0] * h for _ in range(w)]
    for kind, vs in (("hexagon", panel.vertex_hexagons), ("start", panel.starts), ("end", panel.ends)):
        for x, y in vs:
            if nodes[x][y]:
                raise _fail(f"node {(x, y)} cannot be both a {kind} and something else")
            nodes[x][y] = NODE[kind]
    hor = [[0] * h for _ in range(w - 1)]
    ver = [[0] * (h - 1) for _ in range(w)]
    for value, es in ((1, panel.edge_hexagons), (2, panel.broken)):
        for (x1, y1), (x2, y2) in es:
            (hor if y1 == y2 else ver)[x1][y1] = value
    cell_types = [[{"type": 0, "color": 0} for _ in range(h - 1)] for _ in range(w - 1)]
    layouts = [[[[0] * 4 for _ in range(4)] for _ in range(h - 1)] for _ in range(w - 1)]
    pieces = False
    for (x, y), s in panel.symbols:
        if s.kind == "triangle":
            raise _fail(f"the solver format has no triangles (cell {(x, y)})")
        if s.colour not in SOLVER_COLOURS:
            raise _fail(f"colour {s.colour!r} at cell {(x, y)} is not one of {', '.join(SOLVER_COLOURS)}")
        code = {"square": 1, "star": 4, "antibody": 5, "antipoly": 6}.get(s.kind, 3 if s.rotatable else 2)
        if s.kind == "antipoly" and s.rotatable:
            raise _fail(f"the solver format has no rotatable hollow pieces (cell {(x, y)})")
        if s.kind in ("poly", "antipoly"):
            if any(px > 3 or py > 3 for px, py in s.shape):
                raise _fail(f"the piece at cell {(x, y)} does not fit the solver's 4 x 4 layout")
            for px, py in s.shape:
                layouts[x][y][px][py] = 1
            pieces = True
        cell_types[x][y] = {"type": code, "color": SOLVER_COLOURS.index(s.colour)}
    data: dict[str, Any] = {"gridWidth": w, "gridHeight": h, "horEdges": hor, "verEdges": ver, "nodeTypes": nodes,
                            "cellTypes": cell_types}
    if pieces:
        data["cellTetrisLayouts"] = layouts
    return data


def write_web(panel: Panel) -> str:
    """The solver's JSON (compact, one line)."""
    return json.dumps(web_data(panel), separators=(",", ":"))


def web_url(panel: Panel) -> str:
    """The solver's URL, the JSON base64-encoded after ``#``."""
    return URL + base64.b64encode(write_web(panel).encode()).decode()


def looks_like_web(text: str) -> bool:
    body = text.strip()
    return "gridWidth" in body or ("#" in body and "overv" in body) or body.startswith("eyJncmlkV2lkdGgi")
