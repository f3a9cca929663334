"""The shared kernel: problem and reduction protocols, registry, CNF builder, JSON envelope, errors.

``core`` imports nothing else of gadgetry.
"""

from .cnf import CNF, MAX_DECLARED, parse_dimacs
from .errors import GadgetryError, InputError, LimitReached
from .problem import MODES, Encoding, Format, Generated, Param, Problem, resolve_params
from .reduction import NO_CLAIM, PARSIMONIOUS, Chain, Claim, Reduction, c_monious, compose, exact_claim
from .verdict import VALID, Verdict, invalid

__all__ = [
    "CNF", "Format", "MAX_DECLARED", "MODES", "NO_CLAIM", "PARSIMONIOUS", "VALID", "Chain", "Claim", "Encoding", "GadgetryError",
    "Generated", "InputError", "LimitReached", "Param", "Problem", "Reduction", "Verdict", "c_monious",
    "compose", "exact_claim", "invalid", "parse_dimacs", "resolve_params",
]
