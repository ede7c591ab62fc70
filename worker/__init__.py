"""Celery app, tasks and beat schedule: thin shells around service use cases."""
