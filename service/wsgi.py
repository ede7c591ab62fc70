"""The WSGI entry point for gunicorn: ``gunicorn service.wsgi:app``."""

from service.app import create_app, tune_garbage_collector

tune_garbage_collector()
app = create_app()
