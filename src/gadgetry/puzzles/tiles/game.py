"""NYT Tiles: the model, a move-by-move simulator, and the two algorithms of NYT seed, section 5.

The rules (NYT seed, section 1 "Tiles", and section 5):

- An instance (F, T) is a set F of *features* and a multiset T of *tiles*, each tile a subset of F: a
  feature appears at most once on a tile (Definition 21). Its *size* is the sum of |T| over the tiles.
  Tiles are told apart by their position (index 0..n-1): two tiles with the same features are two tiles.
  The app draws a tile's features as stacked picture layers; the paper's model, and this one, keeps only
  the sets.
- The player first selects any tile. Each *move* selects a tile distinct from the current one. If the two
  share non-deleted features, *all* of them are deleted from both tiles and the combo grows by one: a
  *standard move*. Otherwise the move is a *teleport*; a teleport from a tile with no features left is
  *forced* and keeps the combo, any other teleport sets the combo to zero. The puzzle is solved when every
  feature is deleted from every tile; then the game is over.
- The *sharing number* is the largest |Ti & Tj| over two tiles i != j (Definition 23); the *structure
  graph* is the bipartite graph on features and tiles with an edge {T, f} for each f in T (Definition 22).

Theorem 4 (NYT seed, section 5): solvable <=> solvable with a single unbroken combo <=> every feature is on
an even number of tiles. Each move deletes a feature from two tiles or from none, so each feature's parity
is invariant; conversely the greedy player who always makes a standard move when one exists teleports only
from emptied tiles. :func:`solvable` is the linear-time test and :func:`greedy_play` the greedy player.

Theorem 24 (NYT seed, section 5): with sharing number 1, the instance is solvable without any teleport iff
the structure graph has an Eulerian trail starting and ending at tile vertices (its edges connected, every
feature vertex of even degree, at most two odd tile vertices); the tiles along the trail are the play.
:func:`teleport_free_play` builds it with networkx (sharing number 0 works too: then only the empty
instance is solvable). With sharing number 2 the criterion fails: four tiles {a, b} have an Eulerian
structure graph, but every move empties two tiles at once.
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gadgetry.core import VALID, InputError, Verdict, invalid

if TYPE_CHECKING:
    import networkx as nx

Play = tuple[int, ...]

#: Kinds of a selection in a :class:`Move`.
START, STANDARD, FORCED, TELEPORT = "start", "standard", "forced-teleport", "teleport"

#: A feature name: non-empty, without white space or "#" (tiles-text separates names by spaces).
NAME = re.compile(r"^[^\s#]+$")


@dataclass(frozen=True)
class TilesInstance:
    """Features (names, indexed 0..m-1) and tiles (sorted tuples of feature indices); Definition 21."""

    features: tuple[str, ...]
    tiles: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        """The size of Definition 21: features on tiles, counted with multiplicity."""
        return sum(len(t) for t in self.tiles)


def make_instance(tiles: Sequence[Sequence[str]], features: Sequence[str] | None = None) -> TilesInstance:
    """An instance from tiles given by feature names (features: in order of first use unless given)."""
    if features is None:
        features = list(dict.fromkeys(f for t in tiles for f in t))
    index = {f: k for k, f in enumerate(features)}
    if len(index) != len(features):
        raise InputError("tiles: a feature name is repeated")
    out = []
    for i, t in enumerate(tiles):
        unknown = [f for f in t if f not in index]
        if unknown:
            raise InputError(f"tiles: tile {i} has unknown feature {unknown[0]!r}")
        if len(set(t)) != len(t):
            raise InputError(f"tiles: tile {i} shows a feature twice")
        out.append(tuple(sorted(index[f] for f in t)))
    return TilesInstance(tuple(features), tuple(out))


# -- the simulator ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """One selection: the tile, its kind, the features it deleted, the features left on the selected tile
    afterwards, and the combo after it."""

    tile: int
    kind: str
    deleted: tuple[int, ...]
    left: tuple[int, ...]
    combo: int


@dataclass(frozen=True)
class Replay:
    """A play replayed: the legal selections made, the features left on each tile, and VALID or the rule
    the first illegal selection breaks (the replay stops before it)."""

    moves: tuple[Move, ...]
    remaining: tuple[tuple[int, ...], ...]
    verdict: Verdict

    @property
    def solved(self) -> bool:
        return self.verdict.ok and not any(self.remaining)


def simulate(inst: TilesInstance, play: Sequence[Any]) -> Replay:
    """Replay ``play`` (tile indices) by the game's rules, unforced teleports included.

    Illegal selections: a tile index out of range, the current tile again, any selection once every
    feature is deleted (the game is over).
    """
    n = len(inst.tiles)
    rem = [set(t) for t in inst.tiles]
    moves: list[Move] = []
    cur: int | None = None
    combo = 0
    verdict = VALID
    for step, tile in enumerate(play, 1):
        if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < n:
            verdict = invalid("tile-out-of-range", f"selection {step}: tile {tile!r} (tiles 0..{n - 1})")
            break
        if not any(rem):
            verdict = invalid("game-over", f"selection {step}: every feature is already deleted")
            break
        if tile == cur:
            verdict = invalid("same-tile", f"selection {step}: tile {tile} is the current tile")
            break
        common: set[int] = set()
        if cur is None:
            kind = START
        else:
            common = rem[cur] & rem[tile]
            if common:
                kind, combo = STANDARD, combo + 1
                rem[cur] -= common
                rem[tile] -= common
            elif not rem[cur]:
                kind = FORCED
            else:
                kind, combo = TELEPORT, 0
        moves.append(Move(tile, kind, tuple(sorted(common)), tuple(sorted(rem[tile])), combo))
        cur = tile
    return Replay(tuple(moves), tuple(tuple(sorted(r)) for r in rem), verdict)


def search_solvable(inst: TilesInstance, teleports: bool = True) -> bool:
    """Whether some play deletes every feature, by breadth-first search over the game's states (current
    tile, features left) with the rules alone, every teleport allowed (or, with ``teleports`` False, none).
    Exponential: an oracle for tiny instances, independent of Theorems 4 and 24."""
    tiles = inst.tiles
    start = frozenset((i, f) for i, t in enumerate(tiles) for f in t)
    if not start:
        return True
    queue = deque((i, start) for i in range(len(tiles)))
    seen = set(queue)
    while queue:
        cur, left = queue.popleft()
        for j in range(len(tiles)):
            if j == cur:
                continue
            common = [f for f in tiles[j] if (j, f) in left and (cur, f) in left]
            if common:
                new = left - {(k, f) for f in common for k in (cur, j)}
                if not new:
                    return True
            elif teleports:
                new = left
            else:
                continue
            if (j, new) not in seen:
                seen.add((j, new))
                queue.append((j, new))
    return False


# -- Theorem 4 ---------------------------------------------------------------------------------------
def feature_counts(inst: TilesInstance) -> list[int]:
    """How many tiles show each feature."""
    counts = [0] * len(inst.features)
    for t in inst.tiles:
        for f in t:
            counts[f] += 1
    return counts


def solvable(inst: TilesInstance) -> bool:
    """Theorem 4: solvable iff every feature is on an even number of tiles (time linear in the size)."""
    return all(c % 2 == 0 for c in feature_counts(inst))


def greedy_play(inst: TilesInstance) -> Play | None:
    """The single-combo play of Theorem 4's proof, or None when :func:`solvable` says no.

    From a tile with features, move to the lowest-numbered other tile holding its lowest remaining feature
    (parity guarantees one); from an emptied tile, teleport to the lowest-numbered tile with features left.
    """
    if not solvable(inst):
        return None
    rem = [set(t) for t in inst.tiles]
    holders: list[set[int]] = [set() for _ in inst.features]
    for i, t in enumerate(inst.tiles):
        for f in t:
            holders[f].add(i)
    left = inst.size
    nxt = 0  # tiles below nxt have no features left
    play: list[int] = []
    cur: int | None = None
    while left:
        if cur is None or not rem[cur]:
            while not rem[nxt]:
                nxt += 1
            cur = nxt
        else:
            f = min(rem[cur])
            other = min(holders[f] - {cur})
            common = rem[cur] & rem[other]
            for g in common:
                holders[g] -= {cur, other}
            rem[cur] -= common
            rem[other] -= common
            left -= 2 * len(common)
            cur = other
        play.append(cur)
    return tuple(play)


# -- Theorem 24 --------------------------------------------------------------------------------------
def sharing_number(inst: TilesInstance) -> int:
    """Definition 23: the most features two distinct tiles have in common (0 with fewer than two tiles)."""
    sets = [set(t) for t in inst.tiles]
    return max((len(a & b) for a, b in itertools.combinations(sets, 2)), default=0)


def structure_graph(inst: TilesInstance) -> nx.Graph:
    """Definition 22: nodes ``("tile", i)`` and ``("feature", f)``, an edge for each feature on a tile."""
    import networkx as nx
    g = nx.Graph()
    g.add_nodes_from(("tile", i) for i in range(len(inst.tiles)))
    g.add_nodes_from(("feature", f) for f in range(len(inst.features)))
    g.add_edges_from((("tile", i), ("feature", f)) for i, t in enumerate(inst.tiles) for f in t)
    return g


def teleport_free_play(inst: TilesInstance) -> Play | None:
    """Theorem 24: a play without teleports read off an Eulerian trail of the structure graph between tile
    vertices, or None when there is none. Needs sharing number at most 1 (InputError otherwise)."""
    import networkx as nx
    share = sharing_number(inst)
    if share > 1:
        raise InputError(f"tiles: Theorem 24 needs sharing number at most 1, this instance has {share}")
    g = structure_graph(inst)
    g.remove_nodes_from(list(nx.isolates(g)))
    if g.number_of_edges() == 0:
        return ()
    if not nx.is_connected(g):
        return None
    odd = [v for v, d in g.degree if d % 2]
    if len(odd) > 2 or any(kind == "feature" for kind, _ in odd):
        return None
    source = min(odd) if odd else min(v for v in g if v[0] == "tile")
    trail = list(nx.eulerian_path(g, source=source))
    return tuple(v[1] for v in [trail[0][0], *(e[1] for e in trail)] if v[0] == "tile")


def theorem_24(inst: TilesInstance) -> Play | None:
    """Theorem 24 as a decision procedure: a teleport-free play, or None when the instance has no play at
    all (Theorem 4's parity test). An instance with plays but none free of teleports is outside what
    Theorem 24 decides (InputError), as is one of sharing number above 1."""
    play = teleport_free_play(inst)
    if play is None and solvable(inst):
        raise InputError("tiles: Theorem 24 finds no play without teleports, but the instance is solvable "
                         "(Theorem 4): use --solver theorem-4")
    return play
