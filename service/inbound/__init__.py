"""Mail in: the DB-backed inbound pipeline and its ways in, bounces and
clock commands by mail.

Every way in (HTTP webhooks, ``farmpost ingest`` from an MTA pipe, the local
mailbox's reply form) calls :func:`service.inbound.receive.receive`, which
stores the raw bytes first (one row per Message-ID, else per hash of the
bytes) and only then processes the row: the pure reading of
:mod:`mail.inbound`, then routing, the sender check and the moves through the
service's use cases. Every row records its outcome. Imports ``usecases`` and
below.
"""
