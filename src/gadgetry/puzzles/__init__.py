"""Puzzles: one module (or package) per puzzle."""
