"""Campaigns: the verification protocol over many generated instances, stored in SQLite, resumable, on
local processes or a Dask cluster (:mod:`.run`, :mod:`.store`), and their HTML report (:mod:`.report`)."""
