"""Gadget libraries: gadget data and constructions shared by reductions rather than one theorem. These
modules register nothing; the reductions built from them do."""
