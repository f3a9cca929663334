"""A CNF builder with named variables, a projection set, and DIMACS input and output.

Variables are created by name (any hashable: ``("x", 3)``, ``("place", 2, 0, 1)``) through PySAT's
:class:`~pysat.formula.IDPool`; auxiliary variables of cardinality and pseudo-Boolean encodings come from
the same pool, so their ids never collide with named ones.

The *projection* is the set of variables that identify a solution: counts are always projected onto it
(auxiliary variables would otherwise multiply counts). DIMACS output carries it twice, as
``c p show ... 0`` (model counting competition format: Ganak, d4, sharpSAT-TD) and ``c ind ... 0``
(ApproxMC), and names variables in ``c varname ID NAME`` comments as CNFgen does.

Cardinality and pseudo-Boolean constraints use PySAT's encoders. Every encoding used here is proved
count-exact under projection by ``tests/test_cnf_encodings.py``. Where PySAT has one, the encoding chosen
is exact even *without* projection (its auxiliary variables are functionally determined), so that counters
which ignore ``c p show`` lines still count right: pairwise and ladder at-most-one, sequential-counter
exactly-k, and the adder for weighted sums. The totalizer used for at-most-k / at-least-k is exact
only under projection (no PySAT encoding of those is exact without it, except pairwise).

PySAT's pseudo-Boolean encoder (pindakaas) computes in signed 64-bit integers; weighted sums whose total
weight exceeds :data:`PB_TOTAL_LIMIT` are encoded here instead, by a binary adder circuit over the bit
columns of the weights and a bit-by-bit comparison with the bound (arbitrary precision, also exact without
projection).
"""

from __future__ import annotations

import itertools
import re
from collections import deque
from collections.abc import Hashable, Iterable, Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

from .errors import InputError

#: Cardinality encoding of ``at_most`` / ``at_least`` with 1 < k < n (exact under projection only).
CARD_ENCODING = EncType.totalizer
#: Cardinality encoding of ``exactly`` with 1 < k < n (exact even without projection).
EXACTLY_ENCODING = EncType.seqcounter
#: At-most-one over more than :data:`PAIRWISE_LIMIT` literals (exact even without projection).
AMO_ENCODING = EncType.ladder
#: Pseudo-Boolean encoding name (``pysat.pb.EncType`` attribute) of weighted sums (the adder: exact
#: even without projection).
PB_ENCODING = "adder"
#: The largest total weight handed to PySAT's ``PBEnc``: pindakaas raises TypeError on a weight or bound of
#: 2^63 or more and, measured with totals in [2^63, 2^64), silently encodes wrong at-least constraints.
PB_TOTAL_LIMIT = 2**63 - 1
#: At-most-one over at most this many literals is encoded pairwise (no auxiliary variables).
PAIRWISE_LIMIT = 6


class CNF:
    """A growing CNF formula over named variables.

    >>> f = CNF()
    >>> a, b = f.var("a"), f.var("b")
    >>> f.add([a, b]); f.project([a, b])
    >>> f.nvars, f.clauses
    (2, [[1, 2]])
    """

    def __init__(self) -> None:
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self._projection: dict[int, None] = {}
        self._aux = 0

    # -- variables ---------------------------------------------------------------------------
    def var(self, name: Hashable) -> int:
        """The variable called ``name``, created on first use."""
        return self.pool.id(("v", name))

    def has(self, name: Hashable) -> bool:
        """Whether a variable called ``name`` exists."""
        return ("v", name) in self.pool.obj2id

    def name_of(self, var: int) -> Hashable | None:
        """The name of variable ``var``, or None for an auxiliary variable."""
        obj = self.pool.obj(var)
        if isinstance(obj, tuple) and len(obj) == 2 and obj[0] == "v":
            return obj[1]
        return None

    def fresh(self) -> int:
        """A new anonymous auxiliary variable."""
        self._aux += 1
        return self.pool.id(("aux", self._aux))

    @property
    def nvars(self) -> int:
        """The largest variable id in use."""
        return self.pool.top

    def named(self) -> dict[Hashable, int]:
        """Every named variable, name to id."""
        return {obj[1]: vid for obj, vid in self.pool.obj2id.items()
                if isinstance(obj, tuple) and len(obj) == 2 and obj[0] == "v"}

    # -- projection --------------------------------------------------------------------------
    def project(self, variables: Iterable[int]) -> None:
        """Add ``variables`` (ids) to the projection set."""
        for v in variables:
            if v <= 0:
                raise ValueError(f"projection variables are positive ids, got {v}")
            self._projection[v] = None

    @property
    def projection(self) -> list[int]:
        """The projection set, in the order variables were added to it."""
        return list(self._projection)

    # -- clauses -----------------------------------------------------------------------------
    def add(self, clause: Iterable[int]) -> None:
        """Add one clause (a list of non-zero signed ids)."""
        c = list(map(int, clause))
        if 0 in c:
            raise ValueError("a clause literal is 0")
        self.clauses.append(c)

    def extend(self, clauses: Iterable[Iterable[int]]) -> None:
        for c in clauses:
            self.add(c)

    def first_true(self, lits: Sequence[int], name: Hashable) -> list[int]:
        """New variables ``(name, i)``, the i-th true exactly when ``lits[i]`` is the first true literal:
        linear in ``len(lits)`` by a running disjunction of the earlier literals (auxiliaries ``(name,
        "before", i)``, functions of ``lits`` like the result)."""
        first, before = [], None  # ``before``: true iff some earlier literal is (None: there is none)
        for i, lit in enumerate(lits):
            r = self.var((name, i))
            self.add([-r, lit])
            if before is None:
                self.add([r, -lit])
            else:
                self.extend([[-r, -before], [r, -lit, before]])
            if i + 1 < len(lits):
                before = lit if before is None else self.define_or(self.var((name, "before", i)), [before, lit])
            first.append(r)
        return first

    def define_or(self, out: int, lits: Sequence[int]) -> int:
        """Clauses making ``out`` equal to the disjunction of ``lits`` (false when there are none);
        returns ``out``."""
        self.add([-out, *lits])
        self.extend([-a, out] for a in lits)
        return out

    def at_least_one(self, lits: Sequence[int]) -> None:
        self.add(lits)

    def at_most_one(self, lits: Sequence[int]) -> None:
        """At most one of ``lits`` true: pairwise up to :data:`PAIRWISE_LIMIT`, else ladder."""
        lits = list(lits)
        if len(lits) <= PAIRWISE_LIMIT:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.add([-lits[i], -lits[j]])
        else:
            self.extend(CardEnc.atmost(lits, 1, vpool=self.pool, encoding=AMO_ENCODING).clauses)

    def exactly_one(self, lits: Sequence[int]) -> None:
        """Exactly one of ``lits`` true."""
        self.at_least_one(lits)
        self.at_most_one(lits)

    def at_most(self, lits: Sequence[int], k: int) -> None:
        """At most ``k`` of ``lits`` true."""
        lits = list(lits)
        if k < 0:
            self.add([])
        elif k == 0:
            self.extend([-lit] for lit in lits)
        elif k == 1:
            self.at_most_one(lits)
        elif k < len(lits):
            self.extend(CardEnc.atmost(lits, k, vpool=self.pool, encoding=CARD_ENCODING).clauses)

    def at_least(self, lits: Sequence[int], k: int) -> None:
        """At least ``k`` of ``lits`` true."""
        lits = list(lits)
        if k > len(lits):
            self.add([])
        elif k == len(lits):
            self.extend([lit] for lit in lits)
        elif k == 1:
            self.add(lits)
        elif k > 1:
            self.extend(CardEnc.atleast(lits, k, vpool=self.pool, encoding=CARD_ENCODING).clauses)

    def exactly(self, lits: Sequence[int], k: int) -> None:
        """Exactly ``k`` of ``lits`` true."""
        lits = list(lits)
        if 1 < k < len(lits):
            self.extend(CardEnc.equals(lits, k, vpool=self.pool, encoding=EXACTLY_ENCODING).clauses)
        else:
            self.at_most(lits, k)
            self.at_least(lits, k)

    def weighted_equals(self, lits: Sequence[int], weights: Sequence[int], bound: int) -> None:
        """``sum(w * lit) == bound`` for non-negative integer weights (pseudo-Boolean: PySAT ``PBEnc``, or
        the adder circuit past :data:`PB_TOTAL_LIMIT`)."""
        self._pb(lits, weights, bound, "equals")

    def weighted_at_most(self, lits: Sequence[int], weights: Sequence[int], bound: int) -> None:
        self._pb(lits, weights, bound, "atmost")

    def weighted_at_least(self, lits: Sequence[int], weights: Sequence[int], bound: int) -> None:
        self._pb(lits, weights, bound, "atleast")

    def _pb(self, lits: Sequence[int], weights: Sequence[int], bound: int, kind: str) -> None:
        from pysat.pb import EncType as PBType, PBEnc  # imported late: pulls in pindakaas

        lits, weights = list(lits), [int(w) for w in weights]
        if len(lits) != len(weights):
            raise ValueError("one weight per literal")
        if any(w < 0 for w in weights):
            raise ValueError("weights must be non-negative")
        pairs = [(lit, w) for lit, w in zip(lits, weights) if w > 0]
        total = sum(w for _, w in pairs)
        # Trivial bounds are decided here: PBEnc raises on some of them.
        if kind == "equals" and (bound < 0 or bound > total):
            self.add([])
            return
        if kind == "atmost" and bound >= total:
            return
        if kind == "atleast" and bound <= 0:
            return
        if kind == "atmost" and bound < 0 or kind == "atleast" and bound > total:
            self.add([])
            return
        if not pairs:
            return
        if total > PB_TOTAL_LIMIT:
            self._compare_bits(self._sum_bits(pairs), bound, kind)
            return
        encoder = getattr(PBEnc, kind)
        enc = encoder(lits=[p[0] for p in pairs], weights=[p[1] for p in pairs], bound=bound,
                      vpool=self.pool, encoding=getattr(PBType, PB_ENCODING))
        self.extend(enc.clauses)

    def _sum_bits(self, pairs: Sequence[tuple[int, int]]) -> list[int | None]:
        """The binary digits, least significant first, of the sum of the weights of the true literals
        (None: a digit that is always 0). Each bit column of the weights is reduced by full adders (three
        bits to a sum bit in place and a carry into the next column), and a half adder for the last two
        (the adder network of Warners 1998, as in Een & Sorensson 2006). Every adder output is defined
        both ways by its inputs, so the digits are functions of the literals."""
        columns: list[deque[int]] = []
        for lit, w in pairs:
            for j in range(w.bit_length()):
                if w >> j & 1:
                    columns.extend(deque() for _ in range(j + 1 - len(columns)))
                    columns[j].append(lit)
        digits: list[int | None] = []
        j = 0
        while j < len(columns):
            col = columns[j]
            while len(col) > 1:
                ins = [col.popleft() for _ in range(min(3, len(col)))]
                if j + 1 == len(columns):
                    columns.append(deque())
                col.append(self._xor(ins))
                columns[j + 1].append(self._carry(ins))
            digits.append(col[0] if col else None)
            j += 1
        return digits

    def _xor(self, ins: Sequence[int]) -> int:
        """A fresh variable equal to the parity of ``ins`` (one clause per assignment of ``ins``)."""
        out = self.fresh()
        for signs in itertools.product((1, -1), repeat=len(ins)):
            odd = signs.count(-1) % 2  # the parity of the one assignment falsifying the s * x
            self.add([s * x for s, x in zip(signs, ins)] + [out if odd else -out])
        return out

    def _carry(self, ins: Sequence[int]) -> int:
        """A fresh variable true when at least two of ``ins`` (two or three literals) are true."""
        out = self.fresh()
        for a, b in itertools.combinations(ins, 2):
            self.add([-a, -b, out])
        if len(ins) == 2:
            self.extend([[-out, x] for x in ins])
        else:
            self.extend([[-out, a, b] for a, b in itertools.combinations(ins, 2)])
        return out

    def _compare_bits(self, digits: Sequence[int | None], bound: int, kind: str) -> None:
        """Clauses (no auxiliary variables) stating that the binary number ``digits`` (None: 0) equals,
        is at most, or is at least ``0 <= bound < 2 ** len(digits)``. The number exceeds the bound iff at
        the highest digit where they differ it has 1 and the bound 0: at most forbids, for each 0 digit
        j of the bound, digit j together with every higher digit where the bound has 1; at least is the
        mirror image."""
        want = [bound >> j & 1 for j in range(len(digits))]
        for j, (d, b) in enumerate(zip(digits, want)):
            if kind == "equals":
                if d is None:
                    if b:
                        self.add([])
                else:
                    self.add([d if b else -d])
            elif kind == "atmost" and not b:
                higher = [digits[i] for i in range(j + 1, len(digits)) if want[i]]
                if d is not None and None not in higher:
                    self.add([-d] + [-x for x in higher])
            elif kind == "atleast" and b:
                higher = [digits[i] for i in range(j + 1, len(digits)) if not want[i]]
                self.add([x for x in [d, *higher] if x is not None])

    # -- DIMACS ------------------------------------------------------------------------------
    def to_dimacs(self, comments: Iterable[str] = (), names: bool = True) -> str:
        """DIMACS text with the projection (``c p show`` and ``c ind``) and variable-name comments."""
        out = [f"c {line}" for line in comments]
        if names:
            for name, vid in sorted(self.named().items(), key=lambda kv: kv[1]):
                out.append(f"c varname {vid} {_show_name(name)}")
        if self._projection:
            proj = " ".join(map(str, self.projection))
            out.append(f"c p show {proj} 0")
            out.append(f"c ind {proj} 0")
        out.append(f"p cnf {self.nvars} {len(self.clauses)}")
        out.extend(" ".join(map(str, c)) + " 0" for c in self.clauses)
        return "\n".join(out) + "\n"


def _show_name(name: Hashable) -> str:
    if isinstance(name, tuple) and name and isinstance(name[0], str):
        head, rest = name[0], name[1:]
        return head + "[" + ",".join(map(str, rest)) + "]" if rest else head
    return str(name).replace(" ", "")


#: An integer token of ASCII digits (``\d`` would take any Unicode digit, which ``int`` may refuse), short
#: enough to convert without Python's 4,300-digit limit.
_INT = re.compile(r"^-?[0-9]{1,18}$")
#: A projection comment's body (the line without its ``c``): ``p show V1 ... 0`` or ``ind V1 ... 0``.
PROJECTION_LINE = re.compile(r"^(p\s+show|ind)\s+(.*)$")
#: The most variables or clauses a DIMACS header, or cells or variables an instance, may declare: checked
#: before anything is allocated.
MAX_DECLARED = 10**7


def parse_dimacs(text: str) -> tuple[int, list[list[int]], list[str], list[int] | None]:
    """Parse DIMACS CNF text strictly.

    Returns ``(nvars, clauses, comments, projection)``; ``comments`` are the ``c`` lines without the
    leading ``c``, and ``projection`` the variables of ``c p show``/``c ind`` lines (None if absent).
    Raises :class:`InputError` naming the line of a malformed header, literal or clause count.
    A SATLIB ``%`` line ends the clauses.
    """
    nvars: int | None = None
    declared = 0
    clauses: list[list[int]] = []
    comments: list[str] = []
    shown: dict[str, list[int]] = {}
    current: list[int] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("c"):
            body = line[1:].strip()
            comments.append(body)
            m = PROJECTION_LINE.match(body)
            if m:
                toks = m.group(2).split()
                if not toks or toks[-1] != "0" or not all(_INT.match(t) and int(t) >= 0 for t in toks):
                    raise InputError(f"DIMACS line {lineno}: malformed projection line {line!r}")
                key = "ind" if m.group(1) == "ind" else "show"
                shown[key] = shown.get(key, []) + [int(t) for t in toks[:-1]]
            continue
        if line.startswith("%"):
            break
        if line.startswith("p"):
            parts = line.split()
            if nvars is not None:
                raise InputError(f"DIMACS line {lineno}: second 'p' header")
            if len(parts) != 4 or parts[1] != "cnf" or not all(_INT.match(x) and x[0] != "-" for x in parts[2:]):
                raise InputError(f"DIMACS line {lineno}: header must be 'p cnf VARS CLAUSES', got {line[:80]!r}")
            nvars, declared = int(parts[2]), int(parts[3])
            if max(nvars, declared) > MAX_DECLARED:
                raise InputError(f"DIMACS line {lineno}: the header declares more than {MAX_DECLARED} "
                                 "variables or clauses")
            if declared > len(text) // 2:  # a clause takes at least two characters ("0" and a separator)
                raise InputError(f"DIMACS line {lineno}: the header declares {declared} clauses, "
                                 f"more than the {len(text)} characters can hold")
            continue
        if nvars is None:
            raise InputError(f"DIMACS line {lineno}: clause before the 'p cnf' header")
        for tok in line.split():
            if not _INT.match(tok):
                raise InputError(f"DIMACS line {lineno}: {tok[:40]!r} is not an integer literal")
            lit = int(tok)
            if lit == 0 and tok[0] == "-":  # not a silent end of clause
                raise InputError(f"DIMACS line {lineno}: {tok!r} is not a literal")
            if lit == 0:
                clauses.append(current)
                current = []
            elif abs(lit) > nvars:
                raise InputError(f"DIMACS line {lineno}: literal {lit} exceeds the {nvars} declared variables")
            else:
                current.append(lit)
    if nvars is None:
        raise InputError("DIMACS: no 'p cnf VARS CLAUSES' header")
    if current:
        raise InputError("DIMACS: the last clause is not terminated by 0")
    if len(clauses) != declared:
        raise InputError(f"DIMACS: header declares {declared} clauses, found {len(clauses)}")
    # 'c p show' is the model counting competition's line; 'c ind' (ApproxMC) is read when it is alone.
    projection = shown.get("show", shown.get("ind"))
    if projection is not None and any(v < 1 or v > nvars for v in projection):
        raise InputError("DIMACS: a projection variable is out of range")
    return nvars, clauses, comments, projection
