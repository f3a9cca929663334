"""Verification: solving, counting, the reduction check protocol and gadget checks (imported by no other room)."""
