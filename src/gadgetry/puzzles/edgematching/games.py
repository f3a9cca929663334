"""The two-player 1 x n edge-matching game (Edge-matching seed, section 6.2, Definition 6.1).

An instance (:class:`EdgeMatchingGame`) is n square tiles ``(north, east, south, west)`` (as in
:mod:`gadgetry.puzzles.edgematching.square`), a compatibility ``kind`` (``signed``: touching sides carry ``+a``
and ``-a``; ``unsigned``: equal labels), the ``left`` boundary colour of the 1 x n board and the pools:
``pools`` empty means one shared pool (the impartial game), otherwise ``pools[i]`` is the owner of tile
i (0 first player, 1 second player; the partizan game). Players alternate, the first player first: a move
takes an unused tile from the mover's pool, turns it (any of the four rotations) and places it in the
leftmost empty cell; its west label must be compatible with the exposed edge (the boundary colour, then
the east label of the last tile placed: the exposed label a admits ``-a`` signed, ``a`` unsigned). A
player with no legal move loses (normal play; a full board leaves the next player without a move).

**Identity**: the decision question (Definition 6.1) is whether the first player can force a win. A
solution is the verdict ``"first"``, present exactly when the first player wins (one solution or none;
a reduction is parsimonious iff it keeps the winner). :meth:`encode` decides the game by memoised
game-tree search over (tiles used, exposed label) and emits the verdict as a one-variable CNF;
:meth:`brute_force` is an independent plain minimax without memory. Solution JSON: ``"first"``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from gadgetry.core import Generated, InputError, Param
from gadgetry.core.game import FIRST, GameProblem
from gadgetry.core.values import is_int
from gadgetry.puzzles.edgematching.square_model import rotate

NAME = "edge-matching-game"
KINDS = ("signed", "unsigned")
Tile = tuple[int, int, int, int]


@dataclass(frozen=True)
class EdgeMatchingGame:
    """A 1 x n two-player edge-matching game; see the module docstring."""

    tiles: tuple[Tile, ...]
    kind: str  # 'signed' | 'unsigned'
    left: int
    pools: tuple[int, ...] = ()  # () shared pool; else the owner (0 or 1) of each tile


def moves(game: EdgeMatchingGame, used: int, exposed: int, mover: int) -> Iterator[tuple[int, int]]:
    """Legal moves ``(new used mask, new exposed label)``; distinct turns showing the same labels are one
    move."""
    want = -exposed if game.kind == "signed" else exposed
    for i, tile in enumerate(game.tiles):
        if used >> i & 1 or game.pools and game.pools[i] != mover:
            continue
        for east in sorted({rotate(tile, r)[1] for r in range(4) if rotate(tile, r)[3] == want}):
            yield used | 1 << i, east


def first_wins(game: EdgeMatchingGame) -> bool:
    """Memoised game-tree search: whether the first player wins."""

    @cache
    def wins(used: int, exposed: int) -> bool:
        mover = used.bit_count() % 2
        return any(not wins(mask, east) for mask, east in moves(game, used, exposed, mover))

    return wins(0, game.left)


def first_wins_minimax(game: EdgeMatchingGame) -> bool:
    """Plain minimax over every move, one per tile and turn (the oracle)."""

    def wins(used: int, exposed: int, mover: int) -> bool:
        want = -exposed if game.kind == "signed" else exposed
        for i, tile in enumerate(game.tiles):
            if used >> i & 1 or game.pools and game.pools[i] != mover:
                continue
            for r in range(4):
                shown = rotate(tile, r)
                if shown[3] == want and not wins(used | 1 << i, shown[1], 1 - mover):
                    return True
        return False

    return wins(0, game.left, 0)



def _alphabet(kind: str, colours: int) -> list[int]:
    if kind == "signed":
        return [s * v for v in range(1, colours + 1) for s in (1, -1)]
    return list(range(1, colours + 1))


class EdgeMatchingGameProblem(GameProblem):
    """The two-player 1 x n edge-matching game; see the module docstring."""

    name = NAME
    title = "Two-player 1 x n edge matching: shared pool (impartial) or own pools (partizan)"
    paper = "Bosboom et al., Edge Matching with Inequalities, Triangles, Unknown Shape, and Two Players, " \
            "section 6.2, Definition 6.1"
    solution_is = "the verdict 'first': the first player can force a win (one solution iff so)"
    params = (Param("tiles", 5, 1, 10, "number of tiles (the board is 1 x tiles)"),
              Param("colours", 2, 1, 20, "labels 1..colours (signed: +-1..+-colours)"),
              Param("kind", 0, 0, 2, "0 = drawn at random, 1 signed, 2 unsigned"),
              Param("pools", 0, 0, 2, "0 = drawn at random, 1 shared pool, 2 own pools"))
    modes = ("planted", "unsat")
    exhaustive_params = (Param("tiles", 2, 1, 2, "largest number of tiles"),)

    def validate(self, game: EdgeMatchingGame) -> None:
        if not isinstance(game, EdgeMatchingGame):
            raise InputError(f"{NAME}: not an edge-matching game")
        if game.kind not in KINDS:
            raise InputError(f"{NAME}: kind must be one of {', '.join(KINDS)}, got {game.kind!r}")
        if not isinstance(game.tiles, tuple) or not all(
                isinstance(t, tuple) and len(t) == 4 and all(is_int(x) for x in t) for t in game.tiles):
            raise InputError(f"{NAME}: tiles must be four integer labels (north, east, south, west) each")
        if not is_int(game.left) or game.kind == "signed" and (game.left == 0 or any(0 in t for t in game.tiles)):
            raise InputError(f"{NAME}: labels and the left colour are integers, non-zero when signed")
        if not isinstance(game.pools, tuple) or game.pools and (
                len(game.pools) != len(game.tiles) or any(p not in (0, 1) or not is_int(p) for p in game.pools)):
            raise InputError(f"{NAME}: pools is empty (shared) or one owner, 0 or 1, per tile")

    def first_wins(self, game: EdgeMatchingGame) -> bool:
        return first_wins(game)

    def instance_to_json(self, game: EdgeMatchingGame) -> dict[str, Any]:
        return {"kind": game.kind, "left": game.left, "tiles": [list(t) for t in game.tiles],
                "pools": list(game.pools)}

    def instance_from_json(self, data: Mapping[str, Any]) -> EdgeMatchingGame:
        if not isinstance(data, Mapping) or not isinstance(data.get("tiles"), list) or \
                not all(isinstance(t, list) for t in data["tiles"]) or not isinstance(data.get("pools", []), list):
            raise InputError(f"{NAME}: an instance is {{'kind': 'signed'|'unsigned', 'left': colour, "
                             f"'tiles': [[N, E, S, W], ...], 'pools': [] or [owner, ...]}}")
        game = EdgeMatchingGame(tuple(tuple(t) for t in data["tiles"]), data.get("kind"),  # type: ignore
                                data.get("left"), tuple(data.get("pools", [])))  # type: ignore[arg-type]
        self.validate(game)
        return game

    def size(self, game: EdgeMatchingGame) -> dict[str, int]:
        return {"tiles": len(game.tiles)}

    def brute_force(self, game: EdgeMatchingGame) -> Iterator[str]:
        if first_wins_minimax(game):
            yield FIRST

    def draw(self, params: Mapping[str, int], rng: random.Random) -> Generated:
        n = params["tiles"]
        kind = KINDS[params["kind"] - 1] if params["kind"] else rng.choice(KINDS)
        own = params["pools"] == 2 if params["pools"] else rng.random() < 0.5
        alphabet = _alphabet(kind, params["colours"])
        tiles = tuple(tuple(rng.choice(alphabet) for _ in range(4)) for _ in range(n))
        pools = tuple(rng.randrange(2) for _ in range(n)) if own else ()
        game = EdgeMatchingGame(tiles, kind, rng.choice(alphabet), pools)  # type: ignore[arg-type]
        return Generated(game, FIRST if first_wins(game) else None)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[EdgeMatchingGame]:
        """Every multiset of at most ``tiles`` tiles over one colour (signed: +-1), every left colour, shared
        and own pools."""
        for n in range(1, params["tiles"] + 1):
            for kind in KINDS:
                alphabet = _alphabet(kind, 1 if kind == "signed" else 2)
                for chosen in itertools.combinations_with_replacement(itertools.product(alphabet, repeat=4), n):
                    for left in alphabet:
                        yield EdgeMatchingGame(chosen, kind, left)
                        for pools in itertools.product((0, 1), repeat=n):
                            yield EdgeMatchingGame(chosen, kind, left, pools)

    def shrink(self, game: EdgeMatchingGame) -> Iterator[EdgeMatchingGame]:
        """Without one tile."""
        for k in range(len(game.tiles)):
            pools = game.pools[:k] + game.pools[k + 1:] if game.pools else ()
            yield EdgeMatchingGame(game.tiles[:k] + game.tiles[k + 1:], game.kind, game.left, pools)


PROBLEMS = [EdgeMatchingGameProblem()]
