"""NYT Tiles (NYT seed, section 5): the game's rules and simulator (:mod:`.game`), the linear-time decision
and greedy single-combo player of Theorem 4, the Eulerian-trail player of Theorem 24, the puzzle as a
problem whose solutions are canonical single-combo plays (:mod:`.puzzle`), and SVG pictures
(:mod:`.render`)."""

from .game import (
    FORCED,
    STANDARD,
    START,
    TELEPORT,
    Move,
    Play,
    Replay,
    TilesInstance,
    feature_counts,
    greedy_play,
    make_instance,
    search_solvable,
    sharing_number,
    simulate,
    solvable,
    structure_graph,
    teleport_free_play,
    theorem_24,
)
from .puzzle import Tiles, looks_like_text, write_text
from .render import feature_name, render_svg

__all__ = [
    "FORCED", "PROBLEMS", "STANDARD", "START", "TELEPORT", "Move", "Play", "Replay", "Tiles", "TilesInstance",
    "feature_counts", "feature_name", "greedy_play", "looks_like_text", "make_instance", "render_svg",
    "search_solvable", "sharing_number", "simulate", "solvable", "structure_graph", "teleport_free_play",
    "theorem_24", "write_text",
]

PROBLEMS = [Tiles()]
