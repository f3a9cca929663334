"""SVG pictures of Tiles instances and plays (template ``tiles.svg.j2``)."""

from __future__ import annotations

import math

from gadgetry.core.render import render_template

from .game import STANDARD, Move, Play, TilesInstance, simulate

COLOURS = ("#d1495b", "#2e86ab", "#3f9c35", "#edae49", "#8e44ad", "#e07a5f", "#00798c", "#6c757d")
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange", "teal", "grey")
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")
TILE, GAP, MARGIN, TOP = 120, 18, 20, 34


def glyph(k: int) -> tuple[int, int]:
    """Feature k's colour and shape indices: 48 distinct glyphs, then repeats."""
    return (k + k // len(SHAPES)) % len(COLOURS), k % len(SHAPES)


def feature_name(k: int) -> str:
    """The name of generated feature k, after the glyph that draws it (colour and shape)."""
    colour, shape = glyph(k)
    base = f"{COLOUR_NAMES[colour]}-{SHAPES[shape]}"
    return base if k < len(COLOURS) * len(SHAPES) else f"{base}-{k}"


def _polygon(shape: str, cx: float, cy: float, r: float) -> str:
    if shape == "square":
        pts = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        pts = [(x * 0.8, y * 0.8) for x, y in pts]
    elif shape == "triangle":
        pts = [(0, -1), (0.95, 0.75), (-0.95, 0.75)]
    elif shape == "diamond":
        pts = [(0, -1), (1, 0), (0, 1), (-1, 0)]
    elif shape == "hexagon":
        pts = [(math.cos(math.pi / 3 * k), math.sin(math.pi / 3 * k)) for k in range(6)]
    else:  # star
        pts = [((1 if k % 2 == 0 else 0.45) * math.sin(math.pi / 5 * k),
                -(1 if k % 2 == 0 else 0.45) * math.cos(math.pi / 5 * k)) for k in range(10)]
    return " ".join(f"{cx + x * r:.1f},{cy + y * r:.1f}" for x, y in pts)


def render_svg(inst: TilesInstance, play: Play | None = None) -> str:
    """The tiles in a near-square grid, each feature a coloured glyph; with a play, each tile lists the
    selections that chose it, each feature the selection that deleted it, and arrows follow the play
    (dashed for forced teleports)."""
    n = len(inst.tiles)
    cols = max(1, math.ceil(math.sqrt(n)))
    rows = max(1, math.ceil(n / cols))
    deleted_at: dict[tuple[int, int], int] = {}
    chosen: dict[int, list[int]] = {}
    arrows = []
    moves: tuple[Move, ...] = ()
    if play is not None:
        moves = simulate(inst, play).moves
    centres = [(MARGIN + (i % cols) * (TILE + GAP) + TILE / 2, TOP + MARGIN + (i // cols) * (TILE + GAP) + TILE / 2)
               for i in range(n)]
    for step, move in enumerate(moves, 1):
        chosen.setdefault(move.tile, []).append(step)
        if step > 1:
            prev = moves[step - 2].tile
            for f in move.deleted:
                deleted_at[prev, f] = deleted_at[move.tile, f] = step
            (x0, y0), (x1, y1) = centres[prev], centres[move.tile]
            d = math.hypot(x1 - x0, y1 - y0) or 1.0
            trim = TILE * 0.42
            arrows.append({"x0": x0 + (x1 - x0) * trim / d, "y0": y0 + (y1 - y0) * trim / d,
                           "x1": x1 - (x1 - x0) * trim / d, "y1": y1 - (y1 - y0) * trim / d,
                           "step": step, "teleport": move.kind != STANDARD})
    tiles = []
    for i, t in enumerate(inst.tiles):
        x, y = centres[i][0] - TILE / 2, centres[i][1] - TILE / 2
        per_row = max(1, math.ceil(math.sqrt(len(t))))
        cell = (TILE - 24) / per_row
        glyphs = []
        for k, f in enumerate(t):
            cx = x + 12 + (k % per_row + 0.5) * cell
            cy = y + 16 + (k // per_row + 0.5) * cell
            r = cell * 0.36
            colour, shape = COLOURS[glyph(f)[0]], SHAPES[glyph(f)[1]]
            glyphs.append({"name": inst.features[f], "colour": colour, "shape": shape,
                           "cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": f"{r:.1f}",
                           "points": "" if shape == "circle" else _polygon(shape, cx, cy, r),
                           "deleted": deleted_at.get((i, f)), "font": f"{max(7.0, r * 0.9):.1f}"})
        tiles.append({"index": i, "x": x, "y": y, "glyphs": glyphs,
                      "steps": ", ".join(map(str, chosen.get(i, [])))})
    if play is None:
        caption = f"Tiles: {n} tiles, {len(inst.features)} features"
    else:
        std = sum(m.kind == STANDARD for m in moves)
        tele = len(moves) - 1 - std
        caption = (f"Tiles: {len(moves)} selections, {std} standard move{'s' * (std != 1)}, "
                   f"{tele} forced teleport{'s' * (tele != 1)}") if moves else "Tiles: nothing to delete"
    return render_template("tiles.svg.j2", width=2 * MARGIN + cols * TILE + (cols - 1) * GAP,
                           height=TOP + 2 * MARGIN + rows * TILE + (rows - 1) * GAP, tile=TILE,
                           tiles=tiles, arrows=arrows, caption=caption, solved=play is not None)


