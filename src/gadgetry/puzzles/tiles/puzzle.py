"""The Tiles puzzle as a :class:`~gadgetry.core.Problem` (NYT seed, section 5; rules in :mod:`.game`).

The counted solutions. Plays with unforced teleports, or teleports onto emptied tiles, can be made as long
as one likes, so the game's set of winning plays is infinite. A solution here is a *canonical single-combo
play* (Theorem 4, statement 2): the sequence of tile indices selected, starting on a tile with features,
each later selection a standard move or a forced teleport onto a tile that still has features, ending when
the last feature is deleted; an instance without features has the empty play. By Theorem 4 an instance is
solvable iff it has one. JSON: the list of tile indices, e.g. ``[0, 2, 1, 3]``.

The CNF encoding is a bounded-horizon plan: one selected tile per step and one presence variable per
(step, tile, feature), every other variable defined from them. A play has s standard moves, each deleting
some feature from two tiles (so s <= sum over features of floor(count / 2)), and fewer teleports than
standard moves, so 2 * sum(floor(count / 2)) steps always suffice. The projection is the selected tiles.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from gadgetry.core import (
    CNF,
    VALID,
    Encoding,
    Format,
    Generated,
    InputError,
    Param,
    Problem,
    Verdict,
    invalid,
)

from .game import (
    FORCED,
    NAME,
    START,
    TELEPORT,
    Play,
    TilesInstance,
    feature_counts,
    greedy_play,
    make_instance,
    simulate,
    theorem_24,
)
from .render import feature_name, render_svg


class Tiles(Problem):
    name = "tiles"
    title = "NYT Tiles: delete every feature by moving between tiles that share features"
    paper = "NYT seed, section 5, Theorems 4 and 24"
    solution_is = ("a canonical single-combo play: the tile indices selected, starting on a tile with features, "
                   "each later selection a standard move or a forced teleport onto a tile with features left, "
                   "ending when the last feature is deleted (tiles are told apart by position)")
    params = (Param("tiles", 4, 1, 1000, "number of tiles"),
              Param("features", 3, 0, 1000, "number of features"),
              Param("density", 50, 0, 100, "percent chance that a feature is on a tile"),
              Param("sharing", 1000, 1, 1000, "largest number of features two tiles may share (1: the case of "
                                              "Theorem 24; the default sets no limit)"))
    modes = ("planted", "unsat")
    exhaustive_params = (Param("tiles", 3, 1, 4, "largest number of tiles"),
                         Param("features", 2, 0, 3, "number of features"))

    # -- protocol ----------------------------------------------------------------------------------
    def validate(self, inst: TilesInstance) -> None:
        if not isinstance(inst.features, tuple) or not isinstance(inst.tiles, tuple):
            raise InputError("tiles: features and tiles must be tuples")
        for f in inst.features:
            if not isinstance(f, str) or not NAME.match(f):
                raise InputError(f"tiles: feature name {f!r} must be non-empty, without spaces or '#'")
        if len(set(inst.features)) != len(inst.features):
            raise InputError("tiles: a feature name is repeated")
        m = len(inst.features)
        for i, t in enumerate(inst.tiles):
            if not isinstance(t, tuple) or not all(isinstance(f, int) and not isinstance(f, bool) for f in t):
                raise InputError(f"tiles: tile {i} must be a tuple of feature indices")
            if any(not 0 <= f < m for f in t) or list(t) != sorted(set(t)):
                raise InputError(f"tiles: tile {i} must list distinct feature indices 0..{m - 1} in order")

    def check(self, inst: TilesInstance, play: Play) -> Verdict:
        replay = simulate(inst, play)
        if not replay.verdict:
            return replay.verdict
        for step, move in enumerate(replay.moves, 1):
            if move.kind == START and not move.left:
                return invalid("empty-start", f"selection 1: tile {move.tile} has no features")
            if move.kind == TELEPORT:
                return invalid("combo-broken", f"selection {step}: teleport to tile {move.tile} from a tile "
                                               "with features left")
            if move.kind == FORCED and not move.left:
                return invalid("teleport-to-empty", f"selection {step}: tile {move.tile} has no features left")
        if not replay.solved:
            left = sum(len(r) for r in replay.remaining)
            return invalid("features-left", f"{left} features are not deleted")
        return VALID

    def encode(self, inst: TilesInstance) -> Encoding:
        cnf = CNF()
        tiles = inst.tiles
        live = [i for i, t in enumerate(tiles) if t]
        holders = {f: [i for i in live if f in tiles[i]] for f in range(len(inst.features))}
        holders = {f: h for f, h in holders.items() if h}
        horizon = 2 * sum(c // 2 for c in feature_counts(inst))
        if inst.size and not horizon:
            cnf.add([])  # some feature is on a single tile, and nothing can be deleted
        xs = [[cnf.var(("x", t, i)) for i in live] for t in range(horizon)]
        for row in xs:
            cnf.project(row)
        q = {(t, i, f): cnf.var(("q", t, i, f)) for t in range(horizon) for i in live for f in tiles[i]}
        if horizon:
            cnf.add(xs[0])  # the play starts on a tile with features
            cnf.extend([q[0, i, f]] for i in live for f in tiles[i])
        for row in xs:
            cnf.at_most_one(row)
        for t in range(1, horizon):
            x0, x1 = dict(zip(live, xs[t - 1])), dict(zip(live, xs[t]))
            for i in live:
                cnf.add([-x0[i], -x1[i]])  # a move selects another tile
                cnf.add([-x1[i], *xs[t - 1]])  # no gaps: the play is a prefix of the steps
            hits, prev_has, cur_has = [], [], []
            for f, hs in holders.items():
                ph, ch, hit = cnf.var(("prev-has", t, f)), cnf.var(("cur-has", t, f)), cnf.var(("hit", t, f))
                for has, x in ((ph, x0), (ch, x1)):  # has <-> the tile selected holds f before the move
                    cnf.add([-has, *(x[i] for i in hs)])
                    for i in hs:
                        cnf.add([-has, -x[i], q[t - 1, i, f]])
                        cnf.add([has, -x[i], -q[t - 1, i, f]])
                cnf.extend([[-hit, ph], [-hit, ch], [hit, -ph, -ch]])
                for k in hs:  # q[t] <-> q[t-1] and not (hit and tile k takes part in the move)
                    before, after = q[t - 1, k, f], q[t, k, f]
                    cnf.extend([[-after, before], [-after, -hit, -x0[k]], [-after, -hit, -x1[k]],
                                [-before, hit, after], [-before, x0[k], x1[k], after]])
                hits.append(hit)
                prev_has.append(ph)
                cur_has.append(ch)
            std, empty, full, tele = (cnf.var((name, t)) for name in ("standard", "empty", "full", "teleport"))
            cnf.add([-std, *hits])
            cnf.extend([[-h, std] for h in hits])
            cnf.add([empty, *prev_has])
            cnf.extend([[-empty, -h] for h in prev_has])
            cnf.add([-full, *cur_has])
            cnf.extend([[-h, full] for h in cur_has])
            cnf.extend([[-tele, empty], [-tele, full], [tele, -empty, -full]])
            for i in live:  # a move is standard, or a forced teleport onto a tile with features
                cnf.add([-x1[i], std, tele])
        if horizon:
            cnf.extend([-q[horizon - 1, i, f]] for i in live for f in tiles[i])

        def decode(val: Any) -> Play:
            return tuple(i for row in xs for i, x in zip(live, row) if val(x))

        return Encoding(cnf, decode)

    def instance_to_json(self, inst: TilesInstance) -> dict[str, Any]:
        return {"features": list(inst.features), "tiles": [[inst.features[f] for f in t] for t in inst.tiles]}

    def instance_from_json(self, data: Mapping[str, Any]) -> TilesInstance:
        features, tiles = data.get("features"), data.get("tiles")
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            raise InputError("tiles: 'features' must be a list of feature names")
        if not isinstance(tiles, list) or not all(isinstance(t, list) and all(isinstance(f, str) for f in t)
                                                  for t in tiles):
            raise InputError("tiles: 'tiles' must be a list of lists of feature names")
        inst = make_instance(tiles, features)
        self.validate(inst)
        return inst

    def solution_from_json(self, inst: TilesInstance, data: Any) -> Play:
        if not isinstance(data, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in data):
            raise InputError("tiles: a solution is a list of tile indices")
        return tuple(data)

    def solution_to_json(self, inst: TilesInstance, play: Play) -> list[int]:
        return list(play)

    def size(self, inst: TilesInstance) -> dict[str, int]:
        return {"tiles": len(inst.tiles), "features": len(inst.features), "size": inst.size}

    # -- sources -----------------------------------------------------------------------------------
    def generate(self, params: Mapping[str, int], rng: random.Random, mode: str | None = None) -> Generated:
        n, m, limit = params["tiles"], params["features"], params["sharing"]
        p = params["density"] / 100
        sets: list[set[int]] = [set() for _ in range(n)]
        for f in range(m):
            hs: list[int] = []
            for i in range(n):
                if rng.random() < p and (limit >= m or all(len(sets[i] & sets[j]) < limit for j in hs)):
                    hs.append(i)
            if mode == "planted" and len(hs) % 2:
                hs.pop(rng.randrange(len(hs)))  # dropping a holder never raises the sharing number
            for i in hs:
                sets[i].add(f)
        if mode == "unsat":
            counts = [sum(f in s for s in sets) for f in range(m)]
            if all(c % 2 == 0 for c in counts):
                if n == 0 or m == 0:
                    raise InputError("tiles: --unsat needs at least one feature")
                used = [f for f in range(m) if counts[f]]
                if used:
                    f = rng.choice(used)
                    sets[rng.choice([i for i in range(n) if f in sets[i]])].discard(f)
                else:
                    sets[rng.randrange(n)].add(rng.randrange(m))
            # Unsolvable by the parity invariant of Theorem 4: some feature is on an odd number of tiles.
        inst = TilesInstance(tuple(feature_name(k) for k in range(m)), tuple(tuple(sorted(s)) for s in sets))
        return Generated(inst, greedy_play(inst) if mode == "planted" else None)

    def exhaustive(self, params: Mapping[str, int]) -> Iterator[TilesInstance]:
        m = params["features"]
        names = tuple(feature_name(k) for k in range(m))
        subsets = [tuple(f for f in range(m) if mask >> f & 1) for mask in range(2 ** m)]
        for n in range(1, params["tiles"] + 1):
            for tiles in itertools.product(subsets, repeat=n):
                yield TilesInstance(names, tiles)

    def extra_solvers(self) -> dict[str, Callable[[Any], Any]]:
        """NYT seed, section 5: Theorem 4's greedy single-combo player (linear time) and Theorem 24's
        teleport-free play off an Eulerian trail (:func:`theorem_24`)."""
        return {"theorem-4": greedy_play, "theorem-24": theorem_24}

    def brute_force(self, inst: TilesInstance) -> Iterator[Play]:
        """Depth-first search over canonical single-combo plays, move by move."""
        rem = [set(t) for t in inst.tiles]
        play: list[int] = []

        def extend(cur: int, left: int) -> Iterator[Play]:
            if not left:
                yield tuple(play)
                return
            for j in range(len(rem)):
                if j == cur:
                    continue
                common = rem[cur] & rem[j]
                if common:
                    rem[cur] -= common
                    rem[j] -= common
                    play.append(j)
                    yield from extend(j, left - 2 * len(common))
                    play.pop()
                    rem[cur] |= common
                    rem[j] |= common
                elif not rem[cur] and rem[j]:
                    play.append(j)
                    yield from extend(j, left)
                    play.pop()

        if not inst.size:
            yield ()
            return
        for start in range(len(rem)):
            if rem[start]:
                play.append(start)
                yield from extend(start, inst.size)
                play.pop()

    def shrink(self, inst: TilesInstance) -> Iterator[TilesInstance]:
        for i in range(len(inst.tiles)):
            yield TilesInstance(inst.features, inst.tiles[:i] + inst.tiles[i + 1:])
        for f in range(len(inst.features)):
            yield TilesInstance(inst.features[:f] + inst.features[f + 1:],
                                tuple(tuple(g - (g > f) for g in t if g != f) for t in inst.tiles))
        for i, t in enumerate(inst.tiles):
            for f in t:
                yield TilesInstance(inst.features, inst.tiles[:i] + (tuple(g for g in t if g != f),)
                                    + inst.tiles[i + 1:])

    # -- formats and pictures ----------------------------------------------------------------------
    def formats(self) -> dict[str, Format]:
        return {"tiles-text": Format("tiles-text", lambda text, _options: self.read_text(text), write_text,
                                     looks_like_text, "a 'features' line of names, then one 'tile' line "
                                                      "per tile listing its features")}

    def read_text(self, text: str) -> TilesInstance:
        features: list[str] | None = None
        tiles: list[list[str]] = []
        for lineno, raw in enumerate(text.splitlines(), 1):
            words = raw.split("#", 1)[0].split()
            if not words:
                continue
            if words[0] == "features" and features is None and not tiles:
                features = words[1:]
            elif words[0] == "tile" and features is not None:
                tiles.append(words[1:])
            else:
                raise InputError(f"tiles-text line {lineno}: expected one 'features' line, then 'tile' lines")
        if features is None:
            raise InputError("tiles-text: no 'features' line")
        inst = make_instance(tiles, features)
        self.validate(inst)
        return inst

    def render_svg(self, inst: TilesInstance, solution: Play | None = None) -> str:
        return render_svg(inst, solution)


def write_text(inst: TilesInstance) -> str:
    """The tiles-text format (see :meth:`Tiles.read_text`)."""
    lines = ["# tiles-text: the features, then one line per tile (tile 0 first)",
             " ".join(["features", *inst.features])]
    lines += [" ".join(["tile", *(inst.features[f] for f in t)]) for t in inst.tiles]
    return "\n".join(lines) + "\n"


def looks_like_text(text: str) -> bool:
    for raw in text.splitlines():
        words = raw.split("#", 1)[0].split()
        if words:
            return words[0] == "features"
    return False


