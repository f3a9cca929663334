"""The SQLite store of a campaign: one row per verified source instance, committed as it arrives.

A row is keyed by ``(reduction, seed, idx)`` (the campaign seed and the instance's index in the sweep):
a campaign killed at any moment resumes from the rows present, so nothing is lost and nothing repeats.
A row is a function of its key, so two campaigns sharing a database cooperate: the first row stored under
a key is kept and a second one is dropped (never an error, never a second row).

A file is only written to once it is known to be a campaign database (or an empty or new one): anything
else, another program's SQLite file included, is refused untouched (it is inspected read-only). Counts are stored as decimal text (they
outgrow SQLite's 64-bit integers); size measures, parameters and instances as JSON text.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from gadgetry.core import InputError

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, started TEXT NOT NULL, settings TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS results (
    reduction TEXT NOT NULL, seed INTEGER NOT NULL, idx INTEGER NOT NULL,
    level INTEGER NOT NULL, mode TEXT, params TEXT NOT NULL, instance_seed INTEGER NOT NULL,
    source_hash TEXT, source TEXT, source_size TEXT NOT NULL, target_size TEXT NOT NULL,
    verdict TEXT NOT NULL, failure TEXT NOT NULL, detail TEXT NOT NULL,
    source_count TEXT, target_count TEXT, expected TEXT, relation TEXT NOT NULL, claim TEXT NOT NULL,
    seconds REAL NOT NULL, generate_seconds REAL NOT NULL, solver TEXT NOT NULL, version TEXT NOT NULL,
    counterexample TEXT, finished TEXT NOT NULL,
    PRIMARY KEY (reduction, seed, idx));
"""

_JSON = {"params", "source", "source_size", "target_size", "counterexample"}
_COUNTS = {"source_count", "target_count", "expected"}


@dataclass(frozen=True)
class Row:
    """The outcome of the protocol on one generated source instance of a campaign."""

    reduction: str
    seed: int  # the campaign's seed
    idx: int  # the instance's index in the sweep
    level: int  # size level: parameters scaled by growth ** level
    mode: str | None  # generator mode actually used (None: random)
    params: dict[str, int]
    instance_seed: int
    source_hash: str | None  # sha256 of the source instance's canonical JSON (None: not generated)
    source: dict[str, Any] | None
    source_size: dict[str, int]
    target_size: dict[str, int]
    verdict: str
    failure: str
    detail: str
    source_count: int | None
    target_count: int | None
    expected: int | None
    relation: str
    claim: str
    seconds: float  # generation and verification, as seen by the worker
    generate_seconds: float
    solver: str
    version: str
    counterexample: dict[str, Any] | None = None  # the shrunk report of a FAIL
    finished: str = ""

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.reduction, self.seed, self.idx)

    def outcome(self) -> tuple[str, int, int, str, int | None, int | None]:
        """What must not depend on interruptions or executors: key, verdict and both counts."""
        return (*self.key, self.verdict, self.source_count, self.target_count)


COLUMNS = tuple(f.name for f in fields(Row))


def _encode(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name in _JSON:
        return json.dumps(value, sort_keys=True)
    if name in _COUNTS:
        return str(value)
    return value


def _decode(name: str, value: Any) -> Any:
    if value is None:
        return None
    if name in _JSON:
        return json.loads(value)
    if name in _COUNTS:
        return int(value)
    return value


class Store:
    """A campaign database (created on first use); every :meth:`add` is its own committed transaction."""

    def __init__(self, path: str | Path, read_only: bool = False) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise InputError(f"{path}: a folder, not a campaign database")
        if self.path.exists() and not self._recognise() and read_only:
            raise InputError(f"{path}: not a campaign database (it holds no results table)")
        try:
            if read_only:
                self.conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=60,
                                            isolation_level=None)
                return
            self.conn = sqlite3.connect(self.path, timeout=60, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            with self._transaction():
                for statement in filter(str.strip, _SCHEMA.split(";")):
                    self.conn.execute(statement)
                self.conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except sqlite3.Error as exc:
            raise InputError(f"{path}: cannot open the campaign database ({exc})") from None

    def _recognise(self) -> bool:
        """Whether the existing file is a campaign database (False: an empty SQLite file); any other file
        is refused without being written to."""
        try:
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=60)
            try:
                tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                found = None
                if {"meta", "runs", "results"} <= tables:
                    found = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            finally:
                conn.close()
        except sqlite3.Error as exc:
            raise InputError(f"{self.path}: not a campaign database ({exc})") from None
        if found is None and tables:
            raise InputError(f"{self.path}: not a campaign database (it holds other tables: "
                             f"{', '.join(sorted(tables)[:5])}); left untouched")
        if found is not None and found[0] != str(SCHEMA_VERSION):
            raise InputError(f"{self.path}: campaign schema {found[0]}, this gadgetry reads {SCHEMA_VERSION}")
        return found is not None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start_run(self, started: str, settings: Mapping[str, Any]) -> None:
        """Record one invocation (a first run or a resumption) and its settings."""
        self.conn.execute("INSERT INTO runs (started, settings) VALUES (?, ?)",
                          (started, json.dumps(dict(settings), sort_keys=True)))

    def runs(self) -> list[tuple[str, dict[str, Any]]]:
        try:
            return [(s, json.loads(t)) for s, t in self.conn.execute("SELECT started, settings FROM runs ORDER BY id")]
        except (ValueError, TypeError, sqlite3.Error) as exc:
            raise InputError(f"{self.path}: malformed run settings ({exc})") from None

    def add(self, row: Row) -> Row:
        """Insert and commit one result; the row stored under its key (``row``, or the one another
        campaign on this database stored first)."""
        marks = ", ".join("?" for _ in COLUMNS)
        try:
            with self._transaction():
                cur = self.conn.execute(f"INSERT OR IGNORE INTO results ({', '.join(COLUMNS)}) VALUES ({marks})",
                                        [_encode(c, v) for c, v in asdict(row).items()])
        except sqlite3.Error as exc:
            raise InputError(f"{self.path}: cannot store a result ({exc})") from None
        if cur.rowcount:
            return row
        return self._select(" WHERE reduction = ? AND seed = ? AND idx = ?", row.key)[0]

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def rows(self, reduction: str | None = None) -> list[Row]:
        """Stored results (of one reduction), ordered by reduction, seed and index."""
        if reduction is None:
            return self._select("")
        return self._select(" WHERE reduction = ?", (reduction,))

    def _select(self, where: str, args: tuple = ()) -> list[Row]:
        try:
            records = self.conn.execute(f"SELECT {', '.join(COLUMNS)} FROM results{where} "
                                        "ORDER BY reduction, seed, idx", args).fetchall()
        except sqlite3.Error as exc:
            raise InputError(f"{self.path}: cannot read the results ({exc})") from None
        return [self._row(rec) for rec in records]

    def _row(self, rec: tuple) -> Row:
        """A stored record as a :class:`Row`; a malformed one is an :class:`InputError` naming it."""
        try:
            return Row(**{c: _decode(c, v) for c, v in zip(COLUMNS, rec)})
        except (ValueError, TypeError) as exc:
            raise InputError(f"{self.path}: malformed result {rec[:3]} ({exc})") from None

    def keys(self) -> set[tuple[str, int, int]]:
        return set(self.conn.execute("SELECT reduction, seed, idx FROM results"))

    def __len__(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM results").fetchone()[0]


def open_existing(path: str | Path) -> Store:
    """A store that must already exist (for reports)."""
    if not Path(path).is_file():
        raise InputError(f"{path}: no such campaign database")
    return Store(path, read_only=True)

