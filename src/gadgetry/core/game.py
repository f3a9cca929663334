"""Two-player games decided by search (Edge-matching seed, section 6): a game's one possible solution is
the verdict ``first`` (the first player can force a win), so a count is 1 or 0 and a parsimonious
reduction between games preserves the winner."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .cnf import CNF
from .problem import Encoding, Generated, Problem
from .verdict import VALID, Verdict, invalid

FIRST = "first"


def verdict_cnf(wins: bool) -> Encoding:
    """The one-variable CNF of a decided game: satisfiable (one model, ``first``) iff the first player wins."""
    cnf = CNF()
    x = cnf.var("first-wins")
    cnf.project([x])
    cnf.add([x])
    if not wins:
        cnf.add([-x])
    return Encoding(cnf, lambda val: FIRST)


def check_verdict(sol: Any, wins: bool) -> Verdict:
    """``sol`` must be the verdict ``first`` and the first player must win."""
    if sol != FIRST:
        return invalid("malformed-verdict", f"a solution is the verdict {FIRST!r}, got {sol!r}")
    return VALID if wins else invalid("second-player-wins", "the second player has a winning strategy")


class GameProblem(Problem):
    """A game decided by search: :meth:`first_wins` gives the rule checker and the verdict CNF, and a
    :meth:`draw` returning the verdict ``first`` as ``planted`` when the first player wins gives the
    ``planted`` mode (a won draw; ``unsat``, a lost one, is proved by the verdict CNF)."""

    def first_wins(self, game: Any) -> bool:
        """Whether the first player can force a win."""
        raise NotImplementedError

    def check(self, game: Any, sol: Any) -> Verdict:
        return check_verdict(sol, self.first_wins(game))

    def encode(self, game: Any) -> Encoding:
        return verdict_cnf(self.first_wins(game))

    def draw_planted(self, params: Mapping[str, int], rng: random.Random) -> Generated | None:
        gen = self.draw(params, rng)
        return gen if gen is not None and gen.planted is not None else None
