"""Stack benches: the service on PostgreSQL, Redis, gunicorn and Celery workers, and the
workers' CPU per move and per mail; helpers that build the stack."""
