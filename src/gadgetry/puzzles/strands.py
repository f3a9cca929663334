"""NYT Strands: partition a letter grid into dictionary words read along paths (NYT seed, section 4,
Definition 18; Theorem 3 proves it NP-complete with a constant dictionary).

An instance is a grid of single-character letters, a dictionary ``words``, an optional ``spangram`` and
the move rule: ``diagonal`` True is the game's king moves (the eight neighbours), False the orthogonal
moves of Corollary 19. A *piece* is a set of cells that some simple path through them reads as a word:
a word of the dictionary, or the spangram, whose piece must also touch two opposite sides of the grid.
Paths may be read in either direction (the seed's Definition 18).

A solution partitions the grid into pieces; with a spangram, exactly one piece is the spangram piece.
**Identity**: one counted solution is the partition of the cells (with which piece is the spangram):
the paths are witnesses, so a piece readable along two paths (a palindrome read backwards, or ``FCC``
with ``F`` next to both ``C``) is one piece. To keep the two kinds of piece apart, neither the spangram
nor its reverse may be in the dictionary.

Solution (JSON): a list of ``{"word": w, "cells": [[row, col], ...]}`` in reading order, plus
``"spangram": true`` on the spangram piece. The encoding enumerates each word's embeddings by a
breadth-first search deduplicated on (cells used, last cell) and solves the exact cover with SAT.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gadgetry.core import CNF, VALID, Encoding, Format, Generated, InputError, Param, Problem, Verdict, invalid
from gadgetry.core.render import render_template

NAME = "strands"
Cell = tuple[int, int]
Piece = tuple[str, tuple[Cell, ...], bool]  # (word, path in reading order, is the spangram)
Solution = tuple[Piece, ...]


@dataclass(frozen=True)
class Strands:
    """``grid`` rows (strings, one character per cell), the dictionary, an optional spangram, the move rule."""

    grid: tuple[str, ...]
    words: tuple[str, ...]
    spangram: str = ""
    diagonal: bool = True
    theme: str = ""

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0


def neighbours(inst: Strands, cell: Cell) -> tuple[Cell, ...]:
    """The cells one move away (king moves when ``diagonal``, else orthogonal)."""
    return _adjacency(inst.rows, inst.cols, inst.diagonal)[cell]


@functools.lru_cache(maxsize=64)
def _adjacency(rows: int, cols: int, diagonal: bool) -> dict[Cell, tuple[Cell, ...]]:
    out = {}
    for r in range(rows):
        for c in range(cols):
            out[(r, c)] = tuple((r + dr, c + dc) for dr, dc in itertools.product((-1, 0, 1), repeat=2)
                                if (dr or dc) and (diagonal or not (dr and dc))
                                and 0 <= r + dr < rows and 0 <= c + dc < cols)
    return out


def spans(inst: Strands, cells: Sequence[Cell]) -> bool:
    """Whether the cells touch two opposite sides of the grid."""
    rows, cols = {r for r, _ in cells}, {c for _, c in cells}
    return {0, inst.rows - 1} <= rows or {0, inst.cols - 1} <= cols


def embedded(inst: Strands, words: Sequence[str]) -> dict[str, dict[frozenset[Cell], tuple[Cell, ...]]]:
    """For each non-empty word, every cell set some simple path reads it along, with one such path (the
    least in reading order among those the search keeps). Breadth-first, letter by letter, on states
    (cells used, last cell) deduplicated, so the work grows with the sets, not with the paths; the words'
    common prefixes are searched once (a trie walked depth first, a layer freed once its children are
    grown), and the cells used are a bit mask."""
    adjacent = _adjacency(inst.rows, inst.cols, inst.diagonal)
    bit = {cell: 1 << (cell[0] * inst.cols + cell[1]) for cell in adjacent}
    wanted = {w for w in words if w}
    out: dict[str, dict[frozenset[Cell], tuple[Cell, ...]]] = {}
    stack: list[tuple[str, dict[tuple[int, Cell], tuple[Cell, ...]]]] = [
        (letter, {(bit[(r, c)], (r, c)): ((r, c),) for r in range(inst.rows) for c in range(inst.cols)
                  if inst.grid[r][c] == letter})
        for letter in sorted({w[0] for w in wanted}, reverse=True)]
    while stack:
        prefix, layer = stack.pop()
        if prefix in wanted:
            found: dict[frozenset[Cell], tuple[Cell, ...]] = {}
            for path in sorted(layer.values()):
                found.setdefault(frozenset(path), path)
            out[prefix] = found
        k = len(prefix)
        grown: dict[str, dict[tuple[int, Cell], tuple[Cell, ...]]] = {
            w[k]: {} for w in sorted(wanted) if len(w) > k and w.startswith(prefix)}
        if grown:
            for (used, last), path in layer.items():
                for cell in adjacent[last]:
                    nxt = grown.get(inst.grid[cell[0]][cell[1]])
                    if nxt is not None and not used & bit[cell]:
                        nxt.setdefault((used | bit[cell], cell), path + (cell,))
        del layer
        stack.extend((prefix + letter, grown[letter]) for letter in sorted(grown, reverse=True))
    return out


@functools.lru_cache(maxsize=16)
def pieces(inst: Strands) -> tuple[Piece, ...]:
    """Every possible piece: (word, witness path, is spangram), one per (cell set, kind)."""
    out: dict[tuple[frozenset[Cell], bool], Piece] = {}
    found = embedded(inst, (*inst.words, inst.spangram))  # one search: the spangram shares prefixes too
    for word in inst.words:
        for cells, path in found.get(word, {}).items():
            out.setdefault((cells, False), (word, path, False))
    if inst.spangram:
        for cells, path in found.get(inst.spangram, {}).items():
            if spans(inst, path):
                out.setdefault((cells, True), (inst.spangram, path, True))
    return tuple(out[k] for k in sorted(out, key=lambda k: (sorted(k[0]), k[1])))


def canonical(solution: Sequence[Piece]) -> Solution:
    return tuple(sorted(solution, key=lambda p: (sorted(p[1]), p[2])))


class StrandsProblem(Problem):
    """NYT Strands as a partition problem; see the module docstring."""

    name = NAME
    title = "NYT Strands: partition a letter grid into dictionary words"
    paper = "NYT seed, section 4, Definition 18 and Theorem 3"
    solution_is = ("a partition of the grid into pieces (cell sets, each readable along a path as a dictionary "
                   "word, or as the spangram for the one spangram piece); paths are witnesses, not identity")
    params = (Param("rows", 3, 1, 12, "grid rows"),
              Param("cols", 3, 1, 12, "grid columns"),
              Param("letters", 3, 1, 26, "alphabet size (letters A, B, ...)"),
              Param("length", 3, 1, 9, "longest word"),
              Param("decoys", 2, 0, 50, "extra random dictionary words"),
              Param("diagonal", 1, 0, 1, "1: king moves (the game), 0: orthogonal moves only"),
              Param("spangram", 0, 0, 1, "1: plant a spangram"))
    modes = ("planted", "unsat", "unique")
    attempts = 500
    attempts_hint = "try other sizes"
    exhaustive_params = (Param("rows", 2, 1, 2, "grid rows"), Param("cols", 2, 1, 3, "grid columns"),
                         Param("letters", 2, 1, 2, "alphabet size"), Param("length", 2, 1, 2, "longest word"))
    mode_params = {"unsat": {"rows": 3, "cols": 3}, "unique": {"rows": 3, "cols": 3, "decoys": 0}}

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: Strands) -> None:
        if not isinstance(inst.grid, tuple) or not inst.grid or not all(isinstance(r, str) for r in inst.grid):
            raise InputError(f"{NAME}: the grid must be a non-empty list of rows")
        if not inst.grid[0] or any(len(r) != len(inst.grid[0]) for r in inst.grid):
            raise InputError(f"{NAME}: grid rows must be non-empty and of equal length")
        if any(ch.isspace() for r in inst.grid for ch in r):
            raise InputError(f"{NAME}: a grid cell is whitespace")
        if not isinstance(inst.words, tuple) or not all(isinstance(w, str) and w for w in inst.words):
            raise InputError(f"{NAME}: the dictionary must be a list of non-empty strings")
        if len(set(inst.words)) != len(inst.words):
            raise InputError(f"{NAME}: the dictionary repeats a word")
        if not isinstance(inst.spangram, str) or not isinstance(inst.theme, str):
            raise InputError(f"{NAME}: 'spangram' and 'theme' must be strings")
        if not isinstance(inst.diagonal, bool):
            raise InputError(f"{NAME}: 'diagonal' must be true or false")
        if inst.spangram and {inst.spangram, inst.spangram[::-1]} & set(inst.words):
            raise InputError(f"{NAME}: the spangram (or its reverse) is also a dictionary word")

    def check(self, inst: Strands, sol: Solution) -> Verdict:
        used: dict[Cell, int] = {}
        words = set(inst.words)
        for i, (word, path, is_span) in enumerate(sol):
            where = f"piece {i} {word!r}"
            if not path:
                return invalid("empty-piece", where)
            for r, c in path:
                if not (0 <= r < inst.rows and 0 <= c < inst.cols):
                    return invalid("off-grid", f"{where} cell {(r, c)}")
            if len(set(path)) != len(path):
                return invalid("repeated-cell", where)
            for a, b in zip(path, path[1:]):
                if b not in set(neighbours(inst, a)):
                    return invalid("not-adjacent", f"{where} cells {a} {b}")
            text = "".join(inst.grid[r][c] for r, c in path)
            if word not in (text, text[::-1]):
                return invalid("wrong-letters", where)
            if is_span:
                if word != inst.spangram or not inst.spangram:
                    return invalid("not-the-spangram", where)
                if not spans(inst, path):
                    return invalid("spangram-not-spanning", where)
            elif word not in words:
                return invalid("not-a-word", where)
            for cell in path:
                if cell in used:
                    return invalid("overlap", f"cell {cell} in pieces {used[cell]} and {i}")
                used[cell] = i
        missing = [(r, c) for r in range(inst.rows) for c in range(inst.cols) if (r, c) not in used]
        if missing:
            return invalid("uncovered", f"cell {missing[0]}")
        nspan = sum(1 for p in sol if p[2])
        if nspan != (1 if inst.spangram else 0):
            return invalid("spangram-count", f"{nspan} spangram pieces")
        return VALID

    def encode(self, inst: Strands) -> Encoding:
        cnf = CNF()
        cands = pieces(inst)
        ids = [cnf.var(("piece", i)) for i in range(len(cands))]
        cnf.project(ids)
        covering: dict[Cell, list[int]] = {(r, c): [] for r in range(inst.rows) for c in range(inst.cols)}
        for v, (_, path, _) in zip(ids, cands):
            for cell in path:
                covering[cell].append(v)
        for cell in sorted(covering):
            cnf.exactly_one(covering[cell])
        if inst.spangram:
            cnf.exactly_one([v for v, p in zip(ids, cands) if p[2]])

        def decode(val: Any) -> Solution:
            return canonical([p for v, p in zip(ids, cands) if val(v)])

        return Encoding(cnf, decode)

    def instance_to_json(self, inst: Strands) -> dict[str, Any]:
        out: dict[str, Any] = {"grid": [list(r) for r in inst.grid], "words": list(inst.words)}
        if inst.spangram:
            out["spangram"] = inst.spangram
        if not inst.diagonal:
            out["diagonal"] = False
        if inst.theme:
            out["theme"] = inst.theme
        return out

    def instance_from_json(self, data: Mapping[str, Any]) -> Strands:
        if not isinstance(data, Mapping):
            raise InputError(f"{NAME}: an instance is a JSON object")
        if "grid" not in data or "words" not in data:
            raise InputError(f"{NAME}: an instance needs 'grid' and 'words'")
        words = data["words"]
        if not isinstance(words, list):
            raise InputError(f"{NAME}: 'words' must be a list of strings")
        return Strands(_read_grid(data["grid"]), tuple(words), data.get("spangram", ""),
                       data.get("diagonal", True), data.get("theme", ""))

    def solution_to_json(self, inst: Strands, sol: Solution) -> list[dict[str, Any]]:
        out = []
        for word, path, is_span in sol:
            item: dict[str, Any] = {"word": word, "cells": [list(c) for c in path]}
            if is_span:
                item["spangram"] = True
            out.append(item)
        return out

    def solution_from_json(self, inst: Strands, data: Any) -> Solution:
        if not isinstance(data, list):
            raise InputError(f"{NAME}: a solution is a list of {{'word', 'cells'}} objects")
        out = []
        for item in data:
            if not isinstance(item, Mapping) or not isinstance(item.get("word"), str) or \
                    not isinstance(item.get("cells"), list):
                raise InputError(f"{NAME}: a solution piece is {{'word': str, 'cells': [[row, col], ...]}}")
            cells = []
            for cell in item["cells"]:
                if not (isinstance(cell, list) and len(cell) == 2 and
                        all(isinstance(x, int) and not isinstance(x, bool) for x in cell)):
                    raise InputError(f"{NAME}: a cell is [row, col]")
                cells.append((cell[0], cell[1]))
            out.append((item["word"], tuple(cells), bool(item.get("spangram", False))))
        return canonical(out)

    def solution_key(self, inst: Strands, sol: Solution) -> Any:
        return tuple(sorted((tuple(sorted(path)), is_span) for _, path, is_span in sol))

    def size(self, inst: Strands) -> dict[str, int]:
        return {"rows": inst.rows, "cols": inst.cols, "cells": inst.rows * inst.cols,
                "words": len(inst.words), "alphabet": len({ch for r in inst.grid for ch in r}),
                "longest": max((len(w) for w in inst.words), default=0)}

    # -- oracle ------------------------------------------------------------------------------------
    def brute_force(self, inst: Strands) -> Iterator[Solution]:
        """Depth-first over the first uncovered cell: every simple path through uncovered cells that reads
        a word (forwards from its first cell, pruned by prefixes) and covers that cell; one solution per
        partition. Independent of :func:`embeddings` and of the encoding."""
        kinds = [(w, False) for w in inst.words] + ([(inst.spangram, True)] if inst.spangram else [])
        prefixes = {w[:k] for w, _ in kinds for k in range(len(w) + 1)}
        cells = [(r, c) for r in range(inst.rows) for c in range(inst.cols)]
        seen: set[Any] = set()

        def paths_from(path: list[Cell], free: set[Cell]) -> Iterator[tuple[Cell, ...]]:
            text = "".join(inst.grid[r][c] for r, c in path)
            if text not in prefixes:
                return
            yield tuple(path)
            for nb in neighbours(inst, path[-1]):
                if nb in free and nb not in path:
                    path.append(nb)
                    yield from paths_from(path, free)
                    path.pop()

        def search(free: set[Cell], chosen: list[Piece]) -> Iterator[Solution]:
            if not free:
                sol = canonical(chosen)
                key = self.solution_key(inst, sol)
                if sum(p[2] for p in sol) == (1 if inst.spangram else 0) and key not in seen:
                    seen.add(key)
                    yield sol
                return
            first = min(free)
            for start in sorted(free):
                for path in paths_from([start], free):
                    if first not in path:
                        continue
                    text = "".join(inst.grid[r][c] for r, c in path)
                    for word, is_span in kinds:
                        if text == word and (not is_span or spans(inst, path)):
                            yield from search(free - set(path), chosen + [(word, path, is_span)])

        yield from search(set(cells), [])

    # -- generation --------------------------------------------------------------------------------
    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        rows, cols, length = params["rows"], params["cols"], params["length"]
        alphabet = _letters(params)
        grid = tuple("".join(rng.choice(alphabet) for _ in range(cols)) for _ in range(rows))
        words = {_random_word(rng, alphabet, length) for _ in range(params["decoys"] + rows * cols // 2)}
        spangram = _random_word(rng, alphabet, max(rows, cols) + 1) if params["spangram"] else ""
        words -= {spangram, spangram[::-1]}
        return Generated(Strands(grid, tuple(sorted(words)), spangram, bool(params["diagonal"])))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        planted = _planted(params["rows"], params["cols"], params["length"], bool(params["diagonal"]),
                           bool(params["spangram"]), _letters(params), params["decoys"], rng)
        return None if planted is None else Generated(*planted)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[Strands]:
        """Every grid up to rows x cols over the first ``letters`` letters with every dictionary of words
        up to ``length`` letters (king moves, no spangram)."""
        alphabet = _letters(params)
        pool = ["".join(t) for n in range(1, params["length"] + 1) for t in itertools.product(alphabet, repeat=n)]
        for rows in range(1, params["rows"] + 1):
            for cols in range(1, params["cols"] + 1):
                for letters in itertools.product(alphabet, repeat=rows * cols):
                    grid = tuple("".join(letters[r * cols:(r + 1) * cols]) for r in range(rows))
                    for m in range(len(pool) + 1):
                        for words in itertools.combinations(pool, m):
                            yield Strands(grid, words)

    def shrink(self, inst: Strands) -> Iterator[Strands]:
        for i in range(len(inst.words)):
            yield Strands(inst.grid, inst.words[:i] + inst.words[i + 1:], inst.spangram, inst.diagonal, inst.theme)
        if inst.rows > 1:
            yield Strands(inst.grid[:-1], inst.words, inst.spangram, inst.diagonal, inst.theme)
        if inst.cols > 1:
            yield Strands(tuple(r[:-1] for r in inst.grid), inst.words, inst.spangram, inst.diagonal, inst.theme)

    # -- formats and rendering ---------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {"strands-json": Format("strands-json", read_solver_json, write_solver_json, _looks_like_solver_json,
                                       "solver JSON {\"theme\", \"grid\"}; dictionary from 'words' or --words")}

    def render_svg(self, inst: Strands, solution: Solution | None = None) -> str:
        size = 40
        palette = ["#4a90d9", "#7bc96f", "#e0a030", "#c06090", "#50b0b0", "#9070d0", "#d06040", "#80a040"]
        lines = []
        for i, (word, path, is_span) in enumerate(solution or ()):
            pts = " ".join(f"{c * size + size // 2},{r * size + size // 2}" for r, c in path)
            lines.append({"points": pts, "colour": "#f2c200" if is_span else palette[i % len(palette)],
                          "word": word, "single": len(path) == 1,
                          "x": path[0][1] * size + size // 2, "y": path[0][0] * size + size // 2})
        cells = [{"x": c * size, "y": r * size, "letter": inst.grid[r][c]}
                 for r in range(inst.rows) for c in range(inst.cols)]
        return render_template("strands.svg.j2", width=inst.cols * size, height=inst.rows * size, size=size,
                               cells=cells, lines=lines, theme=inst.theme)


def _read_grid(grid: Any) -> tuple[str, ...]:
    if not isinstance(grid, list):
        raise InputError(f"{NAME}: 'grid' must be a list of rows")
    rows = []
    for row in grid:
        if isinstance(row, str):
            rows.append(row)
        elif isinstance(row, list) and all(isinstance(ch, str) and len(ch) == 1 for ch in row):
            rows.append("".join(row))
        else:
            raise InputError(f"{NAME}: a grid row is a string or a list of one-character strings")
    return tuple(rows)


def read_solver_json(text: str, options: Mapping[str, str]) -> Strands:
    """The common solver format (docs/formats.md); the dictionary comes from ``--words`` or a 'words' key."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{NAME}: not JSON: {exc.msg}") from None
    if not isinstance(data, dict) or "grid" not in data:
        raise InputError(f"{NAME}: solver JSON is an object with 'theme' and 'grid'")
    if "words" in options:
        words = [w.strip() for w in options["words"].splitlines() if w.strip()]
    elif isinstance(data.get("words"), list):
        words = data["words"]
    else:
        raise InputError(f"{NAME}: give the dictionary with --words FILE (or a 'words' list)")
    inst = Strands(_read_grid(data["grid"]), tuple(dict.fromkeys(words)), data.get("spangram", ""),
                   data.get("diagonal", True), data.get("theme", ""))
    StrandsProblem().validate(inst)
    return inst


def write_solver_json(inst: Strands) -> str:
    out: dict[str, Any] = {"theme": inst.theme, "grid": [list(r) for r in inst.grid], "words": list(inst.words)}
    if inst.spangram:
        out["spangram"] = inst.spangram
    if not inst.diagonal:
        out["diagonal"] = False
    return json.dumps(out, ensure_ascii=False) + "\n"


def _looks_like_solver_json(text: str) -> bool:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and "grid" in data and "theme" in data


def _letters(params: Mapping[str, int]) -> list[str]:
    """The first ``letters`` letters of the alphabet."""
    return [chr(ord("A") + i) for i in range(params["letters"])]


def _random_word(rng: random.Random, alphabet: Sequence[str], length: int) -> str:
    """A random word of 2..length letters (1 when length is 1): single letters make partitions abound."""
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(min(2, length), length)))


def _planted(rows: int, cols: int, length: int, diagonal: bool, want_span: bool, alphabet: Sequence[str],
             decoys: int, rng: random.Random) -> tuple[Strands, Solution] | None:
    """Random paths covering the grid (a spanning path first when asked), letters drawn at random."""
    probe = Strands(("?" * cols,) * rows, (), "", diagonal)
    free = {(r, c) for r in range(rows) for c in range(cols)}
    paths: list[tuple[tuple[Cell, ...], bool]] = []
    if want_span:
        if rng.random() < 0.5 or rows == 1:
            r0 = rng.randrange(rows)
            span = [(r0, 0)]
            for c in range(1, cols):
                r = span[-1][0] + (rng.choice((-1, 0, 1)) if diagonal else 0)
                span.append((min(max(r, 0), rows - 1), c))
        else:
            c0 = rng.randrange(cols)
            span = [(0, c0)]
            for r in range(1, rows):
                c = span[-1][1] + (rng.choice((-1, 0, 1)) if diagonal else 0)
                span.append((r, min(max(c, 0), cols - 1)))
        paths.append((tuple(span), True))
        free -= set(span)
    order = sorted(free)
    rng.shuffle(order)
    for start in order:
        if start not in free:
            continue
        path = [start]
        free.discard(start)
        target = rng.randint(min(2, length), length)
        while len(path) < target:
            options = [nb for nb in neighbours(probe, path[-1]) if nb in free]
            if not options:
                break
            nb = rng.choice(options)
            path.append(nb)
            free.discard(nb)
        paths.append((tuple(path), False))
    letters = {(r, c): rng.choice(alphabet) for r in range(rows) for c in range(cols)}
    grid = tuple("".join(letters[(r, c)] for c in range(cols)) for r in range(rows))
    sol = [("".join(letters[c] for c in p), p, s) for p, s in paths]
    spangram = next((w for w, _, s in sol if s), "")
    words = {w for w, _, s in sol if not s}
    if spangram and {spangram, spangram[::-1]} & words:
        return None
    words |= {_random_word(rng, alphabet, length) for _ in range(decoys)} - {spangram, spangram[::-1]}
    return Strands(grid, tuple(sorted(words)), spangram, diagonal), canonical(sol)


PROBLEMS = [StrandsProblem()]
