"""What is stored and how it is read and guarded: the tables (one file), the
schema's migrations, the lookups that load and lock a game, bounded retries
counted on a row, and rate limits counted in the database. Imports only
``service.core``."""
