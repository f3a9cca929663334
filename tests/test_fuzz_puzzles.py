"""Puzzle files users bring, written here (not by gadgetry's writers) in the formats of docs/formats.md:
well-formed but unusual ones (1 x 1 boards, no clues, every cell a clue, URL and whitespace variants) are
counted by every method and compared with brute force over the rules as the formats' documentation states
them; malformed ones are one line and exit 2, never a traceback."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadgetry.cli import main

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


def call(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    assert "Traceback" not in err.getvalue(), err.getvalue()
    if code == 2:
        assert len(err.getvalue().strip().splitlines()) == 1, err.getvalue()
    return code, out.getvalue(), err.getvalue()


def counts(path: Path, methods: list[str], *extra: str) -> set[int]:
    """The counts ``count --method M`` gives for each method (all must succeed)."""
    found = set()
    for method in methods:
        code, out, err = call("count", str(path), "--json", "--method", method, *extra)
        assert code == 0, (method, err)
        found.add(json.loads(out)["count"])
    return found


def decides(path: Path, solver: str, satisfiable: bool, general: tuple[str, ...] = ("auto", "cadical195")) -> None:
    """``solve --solver`` answers as brute force does; a solver for a class of instances may refuse
    (one line, exit 2) one outside it."""
    code, out, err = call("solve", str(path), "--json", "--solver", solver)
    if code == 2:
        assert solver not in general, err
        return
    assert code == 0 and json.loads(out)["status"] == ("sat" if satisfiable else "unsat"), (solver, err)


def neighbours(r: int, c: int, rows: int, cols: int) -> Iterator[tuple[int, int]]:
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def connected(cells: set[tuple[int, int]], rows: int, cols: int) -> bool:
    if not cells:
        return True
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x = todo.pop()
        if x not in seen:
            seen.add(x)
            todo += [y for y in neighbours(*x, rows, cols) if y in cells]
    return seen == cells


# -- Kurodoko: Range game IDs and puzz.link URLs ----------------------------------------------------------
def kurodoko_brute_force(w: int, h: int, clues: dict[tuple[int, int], int | None]) -> int:
    """Colourings with clue cells white, no two black cells adjacent, the white cells connected, and each
    numbered clue seeing exactly its number of white cells (itself included) in the four directions."""
    cells = [(r, c) for r in range(h) for c in range(w)]
    n = 0
    for bits in itertools.product((False, True), repeat=len(cells)):
        black = {x for x, b in zip(cells, bits) if b}
        if black & set(clues) or any(y in black for x in black for y in neighbours(*x, h, w)):
            continue
        if not connected(set(cells) - black, h, w):
            continue
        ok = True
        for (r, c), v in clues.items():
            seen = 1
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                while 0 <= rr < h and 0 <= cc < w and (rr, cc) not in black:
                    seen, rr, cc = seen + 1, rr + dr, cc + dc
            ok &= v is None or seen == v
        n += ok
    return n


def range_id(w: int, h: int, clues: dict[tuple[int, int], int | None]) -> str:
    """Simon Tatham's Range game ID: letters for runs of blank cells, numbers, ``_`` between numbers."""
    out, run, last = "", 0, False
    for r, c in itertools.product(range(h), range(w)):
        if (r, c) in clues:
            out += chr(ord("a") + run - 1) if run else ("_" if last else "")
            out, run, last = out + str(clues[(r, c)]), 0, True
        else:
            run, last = run + 1, False
    return f"{w}x{h}:{out}{chr(ord('a') + run - 1) if run else ''}"


def puzzlink_body(w: int, h: int, clues: dict[tuple[int, int], int | None]) -> str:
    """pzprjs's body: hex digits (``-`` and two digits from 16), ``.`` for ``?``, ``g``.. for blank runs."""
    out, run = "", 0
    for r, c in itertools.product(range(h), range(w)):
        if (r, c) not in clues:
            run += 1
            continue
        out += chr(ord("f") + run) if run else ""
        run, v = 0, clues[(r, c)]
        out += "." if v is None else f"{v:x}" if v < 16 else f"-{v:02x}"
    return out + (chr(ord("f") + run) if run else "")


@st.composite
def kurodoko_boards(draw: st.DrawFn, unknown: bool) -> tuple[int, int, dict]:
    w, h = draw(st.integers(1, 4)), draw(st.integers(1, 3))
    cells = [(r, c) for r in range(h) for c in range(w)]
    chosen = draw(st.sets(st.sampled_from(cells)) | st.just(set(cells)))  # none, some or every cell a clue
    value = st.integers(1, w + h - 1) | st.none() if unknown else st.integers(1, w + h - 1)
    return w, h, {x: draw(value) for x in sorted(chosen)}


KURODOKO_METHODS = ["auto", "ganak", "enumeration", "brute-force", "lazy"]


@SETTINGS
@given(kurodoko_boards(unknown=False), st.sampled_from(["", " ", "\n", "\r\n", "  \n\n"]))
def test_range_game_ids_count_like_brute_force(tmp_path_factory, board, end: str) -> None:
    w, h, clues = board
    f = tmp_path_factory.mktemp("r") / "game.txt"
    f.write_text(range_id(w, h, clues) + end, newline="")
    expected = kurodoko_brute_force(w, h, clues)
    assert counts(f, KURODOKO_METHODS) == {expected}
    for solver in ("auto", "lazy", "minisat22"):
        decides(f, solver, expected > 0)


@SETTINGS
@given(kurodoko_boards(unknown=True),
       st.sampled_from(["https://puzz.link/p?", "http://puzz.link/p?", "puzz.link/p?", "https://pzv.jp/p.html?",
                        "https://puzz.link/p.html?"]))
def test_puzzlink_urls_count_like_brute_force(tmp_path_factory, board, prefix: str) -> None:
    w, h, clues = board
    f = tmp_path_factory.mktemp("p") / "url.txt"
    f.write_text(f"{prefix}kurodoko/{w}/{h}/{puzzlink_body(w, h, clues)}\n")
    assert counts(f, KURODOKO_METHODS) == {kurodoko_brute_force(w, h, clues)}


# -- Flow Free ASCII grids --------------------------------------------------------------------------------
def hamiltonian_path(cells: set, a: tuple[int, int], b: tuple[int, int], rows: int, cols: int) -> bool:
    def extend(path: list, left: set) -> bool:
        if not left:
            return path[-1] == b
        return any(extend([*path, y], left - {y}) for y in neighbours(*path[-1], rows, cols)
                   if y in left and (y != b or len(left) == 1))
    return a != b and extend([a], cells - {a})


def flowfree_brute_force(grid: list[str]) -> int:
    """Colourings of the empty cells whose every colour class holds a path through all its cells joining the
    two terminals of its colour (covering every cell)."""
    rows, cols = len(grid), len(grid[0])
    terms: dict[str, list] = {}
    for r, c in itertools.product(range(rows), range(cols)):
        if grid[r][c] != ".":
            terms.setdefault(grid[r][c], []).append((r, c))
    empty = [(r, c) for r, c in itertools.product(range(rows), range(cols)) if grid[r][c] == "."]
    n = 0
    for colours in itertools.product(sorted(terms), repeat=len(empty)):
        cls = {k: set(v) for k, v in terms.items()}
        for x, k in zip(empty, colours):
            cls[k].add(x)
        n += bool(terms) and all(hamiltonian_path(cls[k], *terms[k], rows, cols) for k in terms)
    return n


@st.composite
def flowfree_grids(draw: st.DrawFn) -> list[str]:
    rows, cols = draw(st.sampled_from([(1, 2), (2, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)]))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    k = draw(st.integers(1, min(2, len(cells) // 2)))
    placed = draw(st.permutations(cells))[:2 * k]
    grid = [["."] * cols for _ in range(rows)]
    names = draw(st.sampled_from(["AB", "12", "xy"]))
    for i, (r, c) in enumerate(placed):
        grid[r][c] = names[i // 2]
    return ["".join(row) for row in grid]


@SETTINGS
@given(flowfree_grids(), st.sampled_from(["\n", "\r\n"]))
def test_flowfree_grids_count_like_brute_force(tmp_path_factory, grid: list[str], eol: str) -> None:
    f = tmp_path_factory.mktemp("f") / "grid.txt"
    f.write_text(eol.join(grid) + eol, newline="")
    assert counts(f, ["auto", "ganak", "enumeration", "brute-force"]) == {flowfree_brute_force(grid)}


# -- Eternity II text --------------------------------------------------------------------------------------
def e2_brute_force(cols: int, rows: int, tiles: list[tuple[int, ...]], signed: bool) -> int:
    """Placements of every tile on one cell with one rotation (rotations showing the same labels once):
    touching sides equal (signed: opposite), and with the frame colour 0 shown, every perimeter side 0."""
    frame = not signed and any(0 in t for t in tiles)
    found = set()
    for perm in itertools.permutations(range(len(tiles))):
        for turns in itertools.product(range(4), repeat=len(tiles)):
            shown = [tiles[t][-k:] + tiles[t][:-k] if k else tiles[t] for t, k in zip(perm, turns)]  # N E S W
            at = {(i // cols, i % cols): s for i, s in enumerate(shown)}
            ok = all(at[(r, c)][1] == (-1 if signed else 1) * at[(r, c + 1)][3]
                     for r in range(rows) for c in range(cols - 1))
            ok &= all(at[(r, c)][2] == (-1 if signed else 1) * at[(r + 1, c)][0]
                      for r in range(rows - 1) for c in range(cols))
            if frame:
                ok &= all(at[(0, c)][0] == 0 and at[(rows - 1, c)][2] == 0 for c in range(cols))
                ok &= all(at[(r, 0)][3] == 0 and at[(r, cols - 1)][1] == 0 for r in range(rows))
            if ok:
                found.add(tuple(zip(perm, shown)))
    return len(found)


@st.composite
def e2_puzzles(draw: st.DrawFn) -> tuple[int, int, list[tuple[int, ...]], bool]:
    cols, rows = draw(st.sampled_from([(1, 1), (2, 1), (1, 2), (3, 1), (2, 2)]))
    signed = draw(st.booleans())
    label = st.sampled_from([1, 2, -1, -2]) if signed else st.integers(0, 2)
    tiles = draw(st.lists(st.tuples(label, label, label, label), min_size=rows * cols, max_size=rows * cols))
    return cols, rows, tiles, signed


@SETTINGS
@given(e2_puzzles(), st.sampled_from(["", "# a comment\n\n"]), st.booleans(),
       st.sampled_from(["auto", "cadical195", "corollary-2.2", "theorem-2.1", "theorem-2.3", "transfer-matrix"]))
def test_e2_text_counts_like_brute_force(tmp_path_factory, puzzle, lead: str, square: bool, solver: str) -> None:
    cols, rows, tiles, signed = puzzle
    header = f"{cols}" if square and cols == rows else f"{cols} {rows}"
    text = lead + header + "\n" + "".join(" ".join(f"{v:+d}" if signed else str(v) for v in t) + "\n" for t in tiles)
    f = tmp_path_factory.mktemp("e") / "board.e2"
    f.write_text(text)
    expected = e2_brute_force(cols, rows, tiles, signed)
    assert counts(f, ["auto", "ganak", "enumeration", "brute-force", "transfer-matrix"]) == {expected}
    decides(f, solver, expected > 0)


# -- The Witness: the browser solver's JSON ----------------------------------------------------------------
def witness_brute_force(w: int, h: int, start, end, node_hex: set, edge_hex: set, broken: set,
                        squares: dict | None = None) -> int:
    """Self-avoiding paths from the start node to the exit node along unbroken edges, through every
    hexagon (on a node or an edge), leaving no region (cells joined across edges off the path) with
    squares of two colours."""
    squares = squares or {}

    def regions_ok(used: frozenset) -> bool:
        seen: set = set()
        for cell in squares:
            if cell in seen:
                continue
            region, todo = set(), [cell]
            while todo:
                x, y = todo.pop()
                if (x, y) in region:
                    continue
                region.add((x, y))
                for nb, e in (((x + 1, y), ((x + 1, y), (x + 1, y + 1))), ((x - 1, y), ((x, y), (x, y + 1))),
                              ((x, y + 1), ((x, y + 1), (x + 1, y + 1))), ((x, y - 1), ((x, y), (x + 1, y)))):
                    if 0 <= nb[0] < w and 0 <= nb[1] < h and frozenset(e) not in used:
                        todo.append(nb)
            seen |= region
            if len({squares[c] for c in region if c in squares}) > 1:
                return False
        return True

    def step(path: list, used: frozenset) -> int:
        x = path[-1]
        if x == end:
            return int(node_hex <= set(path) and edge_hex <= used and regions_ok(used))
        n = 0
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            y = (x[0] + dx, x[1] + dy)
            e = frozenset((x, y))
            if 0 <= y[0] <= w and 0 <= y[1] <= h and y not in path and e not in broken:
                n += step([*path, y], used | {e})
        return n
    return step([start], frozenset())


@st.composite
def witness_panels(draw: st.DrawFn) -> tuple:
    w, h = draw(st.integers(1, 3)), draw(st.integers(1, 2))
    nodes = [(x, y) for x in range(w + 1) for y in range(h + 1)]
    start, end = draw(st.permutations(nodes))[:2]
    edges = [frozenset(((x, y), (x + 1, y))) for x in range(w) for y in range(h + 1)]
    edges += [frozenset(((x, y), (x, y + 1))) for x in range(w + 1) for y in range(h)]
    node_hex = draw(st.sets(st.sampled_from([v for v in nodes if v not in (start, end)]), max_size=2)) \
        if len(nodes) > 2 else set()
    edge_hex = draw(st.sets(st.sampled_from(edges), max_size=2))
    broken = draw(st.sets(st.sampled_from([e for e in edges if e not in edge_hex]), max_size=2))
    cells = [(x, y) for x in range(w) for y in range(h)]
    squares = draw(st.dictionaries(st.sampled_from(cells), st.integers(0, 1), max_size=3))
    return w, h, start, end, node_hex, edge_hex, broken, squares


def witness_web(w: int, h: int, start, end, node_hex: set, edge_hex: set, broken: set,
                squares: dict | None = None) -> str:
    def edge(a, b) -> int:
        e = frozenset((a, b))
        return 1 if e in edge_hex else 2 if e in broken else 0
    node = {start: 1, end: 3} | {v: 2 for v in node_hex}
    return json.dumps({
        "gridWidth": w + 1, "gridHeight": h + 1,
        "nodeTypes": [[node.get((x, y), 0) for y in range(h + 1)] for x in range(w + 1)],
        "horEdges": [[edge((x, y), (x + 1, y)) for y in range(h + 1)] for x in range(w)],
        "verEdges": [[edge((x, y), (x, y + 1)) for y in range(h)] for x in range(w + 1)],
        "cellTypes": [[{"type": 1, "color": (squares or {})[(x, y)]} if (x, y) in (squares or {})
                       else {"type": 0, "color": 0} for y in range(h)] for x in range(w)]})


def test_the_witness_oracle_agrees_with_the_documented_example() -> None:
    assert witness_brute_force(2, 2, (0, 2), (2, 0), {(1, 1)}, set(), set()) == 10


@SETTINGS
@given(witness_panels())
def test_witness_web_panels_count_like_brute_force(tmp_path_factory, panel) -> None:
    f = tmp_path_factory.mktemp("w") / "panel.json"
    f.write_text(witness_web(*panel))
    methods = ["auto", "ganak", "enumeration", "dfs", "frontier"] + ([] if panel[-1] else ["zdd"])
    assert counts(f, methods) == {witness_brute_force(*panel)}


# -- NYT Letter Boxed --------------------------------------------------------------------------------------
def letterboxed_brute_force(sides: list[str], words: list[str], k: int) -> int:
    """Sequences of 1..k words, each on the box with no two consecutive letters on one side, each starting
    with the last letter of the one before, together using every letter of the box."""
    side = {ch: i for i, s in enumerate(sides) for ch in s}
    ok = [w for w in dict.fromkeys(words) if set(w) <= set(side) and all(side[a] != side[b] for a, b in zip(w, w[1:]))]
    return sum(1 for n in range(1, k + 1) for seq in itertools.product(ok, repeat=n)
               if all(a[-1] == b[0] for a, b in zip(seq, seq[1:])) and set("".join(seq)) == set(side))


@pytest.mark.parametrize("case", [str.lower, str.upper, str.title])
@pytest.mark.parametrize("k", [1, 2, 3])
def test_letterboxed_counts_like_brute_force_in_any_case(tmp_path: Path, case, k: int) -> None:
    """The NYT shows box and words in capitals; the box was lower-cased and the words not, so a puzzle
    copied in capitals had no solution."""
    sides, words = ["abc", "def", "ghi", "jkl"], ["adgjbeh", "hkcfil", "hkcfila", "abc", "adgj", "jbehkcfil"]
    f = tmp_path / "box.txt"
    f.write_text(case("-".join(sides)) + f" {k}\n" + "".join(case(w) + "\n" for w in words))
    expected = letterboxed_brute_force(sides, words, k)
    assert counts(f, ["auto", "ganak", "enumeration"]) == {expected}
    for solver in ("auto", "theorem-7"):
        decides(f, solver, expected > 0)


# -- NYT Pips JSON ------------------------------------------------------------------------------------------
def pips_brute_force(dominoes: list[list[int]], regions: list[dict]) -> int:
    """Layouts (the value on every cell and which cells each domino covers) placing every domino on two
    adjacent cells of the board (the union of the regions), covering it, with every region's rule kept."""
    board = sorted({tuple(x) for r in regions for x in r["indices"]})

    def matchings(left: list) -> Iterator[list]:
        if not left:
            yield []
            return
        a = left[0]
        for b in left[1:]:
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                yield from ([(a, b), *m] for m in matchings([x for x in left if x not in (a, b)]))

    def holds(r: dict, vals: list[int]) -> bool:
        t, total = r["type"], sum(vals)
        return {"empty": True, "equals": len(set(vals)) <= 1, "unequal": len(set(vals)) == len(vals),
                "sum": total == r.get("target"), "less": total < r.get("target", 0),
                "greater": total > r.get("target", 0)}[t]

    found = set()
    if 2 * len(dominoes) != len(board):
        return 0
    for pairs in matchings(board):
        for order in itertools.permutations(dominoes):
            for flips in itertools.product((False, True), repeat=len(order)):
                value = {}
                for (a, b), d, flip in zip(pairs, order, flips):
                    value[a], value[b] = (d[1], d[0]) if flip else (d[0], d[1])
                if all(holds(r, [value[tuple(x)] for x in r["indices"]]) for r in regions):
                    found.add((frozenset(frozenset(p) for p in pairs), tuple(sorted(value.items()))))
    return len(found)


@st.composite
def pips_puzzles(draw: st.DrawFn) -> dict:
    rows, cols = draw(st.sampled_from([(1, 2), (2, 2), (1, 4), (2, 3), (3, 2)]))
    cells = [[r, c] for r in range(rows) for c in range(cols)]
    pip = st.integers(0, 3)
    dominoes = [[draw(pip), draw(pip)] for _ in range(len(cells) // 2)]
    labels = [draw(st.integers(0, 2)) for _ in cells]  # cells of one label form one region
    regions = []
    for label in sorted(set(labels)):
        region = {"indices": [x for x, lab in zip(cells, labels) if lab == label],
                  "type": draw(st.sampled_from(["empty", "equals", "unequal", "sum", "less", "greater"]))}
        if region["type"] in ("sum", "less", "greater"):
            region["target"] = draw(st.integers(0, 3 * len(region["indices"])))
        regions.append(region)
    return {"dominoes": dominoes, "regions": regions}


@SETTINGS
@given(pips_puzzles(), st.booleans())
def test_nyt_pips_counts_like_brute_force(tmp_path_factory, puzzle: dict, daily: bool) -> None:
    f = tmp_path_factory.mktemp("p") / "pips.json"
    f.write_text(json.dumps({"printDate": "2025-01-01", "hard": puzzle} if daily else puzzle))
    expected = pips_brute_force(puzzle["dominoes"], puzzle["regions"])
    assert counts(f, ["auto", "ganak", "enumeration", "brute-force"]) == {expected}


# -- NYT Strands JSON ---------------------------------------------------------------------------------------
def strands_brute_force(grid: list[str], words: list[str], diagonal: bool) -> int:
    """Partitions of the cells into pieces, each a set of cells some simple path through which reads a
    word of the dictionary (either direction; king moves or orthogonal ones)."""
    rows, cols = len(grid), len(grid[0])
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0) and (diagonal or dr * dc == 0)]
    spelled = set(words) | {w[::-1] for w in words}

    def pieces(start: tuple[int, int], free: frozenset) -> set[frozenset]:
        """Cell sets holding ``start`` readable (from any end) as a word, within ``free``."""
        out = set()

        def walk(path: list, text: str) -> None:
            if text in spelled and start in path:
                out.add(frozenset(path))
            if len(text) >= max(map(len, words)):
                return
            r, c = path[-1]
            for dr, dc in steps:
                y = (r + dr, c + dc)
                if y in free and y not in path:
                    walk([*path, y], text + grid[y[0]][y[1]])
        for x in free:
            walk([x], grid[x[0]][x[1]])
        return out

    def partitions(free: frozenset) -> int:
        if not free:
            return 1
        first = min(free)
        return sum(partitions(free - p) for p in pieces(first, free))
    return partitions(frozenset((r, c) for r in range(rows) for c in range(cols)))


@st.composite
def strands_puzzles(draw: st.DrawFn) -> tuple[list[str], list[str], bool]:
    rows, cols = draw(st.sampled_from([(1, 1), (1, 3), (2, 2), (2, 3), (3, 2)]))
    grid = ["".join(draw(st.sampled_from("AB")) for _ in range(cols)) for _ in range(rows)]
    words = draw(st.lists(st.text("AB", min_size=1, max_size=4), min_size=1, max_size=4, unique=True))
    return grid, words, draw(st.booleans())


@SETTINGS
@given(strands_puzzles())
def test_strands_json_counts_like_brute_force(tmp_path_factory, puzzle) -> None:
    grid, words, diagonal = puzzle
    f = tmp_path_factory.mktemp("s") / "strands.json"
    f.write_text(json.dumps({"theme": "", "grid": [list(row) for row in grid], "words": words,
                             "diagonal": diagonal}))
    assert counts(f, ["auto", "ganak", "enumeration"]) == {strands_brute_force(grid, words, diagonal)}


WITNESS_SOLVERS = ["auto", "cadical195", "lazy-cuts", "observation-3.1", "theorem-3.6", "theorem-7.1",
                   "theorem-8.2", "theorem-8.3"]


@SETTINGS
@given(witness_panels(), st.sampled_from(WITNESS_SOLVERS))
def test_witness_web_panels_solve_like_brute_force(tmp_path_factory, panel, solver: str) -> None:
    """Every solver decides as brute force does, or refuses in one line a panel outside its class."""
    f = tmp_path_factory.mktemp("w") / "panel.json"
    f.write_text(witness_web(*panel))
    decides(f, solver, witness_brute_force(*panel) > 0)


def test_the_largest_witness_web_panels_are_searched_without_recursion() -> None:
    """The depth-first counter recursed once per vertex of the path: on a 64 x 16 panel (the format allows
    64 x 64) its first path has 1,105 vertices, past Python's recursion limit (an internal error). It now
    also stops past ``--at-most``."""
    from gadgetry.core.envelope import read_any
    from gadgetry.verify.solve import count

    prob, panel = read_any(witness_web(64, 16, (0, 16), (64, 0), set(), set(), set()))
    res = count(prob, panel, "dfs", cap=0)
    assert (res.count, res.more) == (1, True)


@pytest.mark.parametrize("text, problem", [
    ("\n".join(["A" + "." * 60 + "A", *["." * 62] * 40, "B" + "." * 60 + "B"]), "flowfree"),
    (witness_web(64, 64, (0, 64), (64, 0), set(), set(), set()), "witness")])
def test_a_brute_force_too_deep_for_python_is_unknown(tmp_path: Path, text: str, problem: str) -> None:
    """A recursive brute force on a board of thousands of cells reached Python's recursion limit: an
    internal error (exit 4); it is a size limit, UNKNOWN (exit 3) in one line."""
    f = tmp_path / "big.txt"
    f.write_text(text)
    code, out, err = call("count", str(f), "--method", "brute-force", "--problem", problem)
    assert code == 3 and out == "" and err.count("\n") == 1 and "recursion limit" in err, err


# -- malformed files -----------------------------------------------------------------------------------------
WEB = json.loads(witness_web(1, 1, (0, 1), (1, 0), set(), set(), set()))


@pytest.mark.parametrize("text, fragment", [
    ("0x0:", "positive"), ("2x2:a", "covers 1 cells"), ("2x2:e", "covers 5 cells"), ("1x1:2", "not in 1..1"),
    ("2x2:0c", "not in 1..3"), ("99999999999x1:a", "covers 1 cells"),
    ("https://puzz.link/p?kurodoko/0/0/", "positive"), ("https://puzz.link/p?kurodoko/2/2/gggggg", "past the"),
    ("https://puzz.link/p?kurodoko/2/2/9i", "not in 1..3"), ("https://puzz.link/p?kurodoko/2/2/-f", "malformed"),
    ("A", "1 terminals"), ("AAA", "3 terminals"),
    ("0 0\n", "empty"), ("1 1\n+0 -0 +0 -0\n", "non-zero"), ("2 1\n+1 2 3 4\n-2 5 6 7\n", "mixes signed"),
    (json.dumps(WEB | {"gridWidth": 0}), "witness"), (json.dumps(WEB | {"gridWidth": 3}), "witness"),
    (json.dumps(WEB | {"nodeTypes": [[0, 0], [0, 0]]}), "witness"),
    (json.dumps(WEB | {"nodeTypes": [[1, 9], [3, 0]]}), "witness"),
    (json.dumps(WEB | {"horEdges": [[0]]}), "witness"),
    (json.dumps(WEB | {"cellTypes": [[{"type": 99, "color": 0}]]}), "witness"),
    (json.dumps(WEB | {"cellTypes": [[{"type": 1, "color": 42}]]}), "witness"),
    (json.dumps({"dominoes": [[1, 2]], "regions": [{"indices": [[0, 0], [0, 1]], "type": "bogus"}]}), "pips"),
    (json.dumps({"dominoes": [[1, 2]], "regions": [{"indices": [[0, -1], [0, 0]], "type": "empty"}]}), "pips"),
    (json.dumps({"theme": "x", "grid": [["A", "BC"]], "words": ["ABC"]}), "strands"),
    (json.dumps({"theme": "x", "grid": [], "words": []}), "strands"),
    (json.dumps({"theme": "x", "grid": [["A", "B"], ["C"]], "words": ["AB"]}), "strands"),
    ("abc-def-ghi-jkl 0\nadgjbeh\nhkcfil\n", "letterboxed"), ("abc-def-ghi-jk 2\nadg\n", "letterboxed"),
    ("features red\ntile blue\n", "tiles"),
])
@pytest.mark.parametrize("command", ["count", "solve", "render"])
def test_malformed_puzzles_are_one_line(tmp_path: Path, text: str, fragment: str, command: str) -> None:
    f = tmp_path / "puzzle.txt"
    f.write_text(text)
    out = tmp_path / "out"
    code, _, err = call(command, str(f), *(["-o", str(out)] if command == "render" else []))
    assert code == 2 and fragment in err, err
    assert not out.exists()
