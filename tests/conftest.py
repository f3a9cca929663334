"""Suite-wide ordering: the heaviest modules run first, so that when pytest-xdist's workers steal work at
the end, what is left is short tests and both cores finish together (in file order the heavy
``test_verify_all`` came near the end)."""

from __future__ import annotations

import pytest

#: Modules whose tests take seconds each (measured CPU per module of the quick run, largest first).
HEAVY_FIRST = ("test_verify_all.py", "test_sources_generic.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(HEAVY_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: file order otherwise
