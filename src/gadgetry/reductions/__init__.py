"""Reductions: one module per theorem, named target_from_source."""
