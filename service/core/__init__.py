"""The service's ground floor: configuration, the database engine, errors,
signed links, the door to the engine's rules by game kind, wall time, and the
``Services`` a use case is handed (with the ``Queue`` interface it enqueues
on). Imports nothing else of the service."""
