"""Web benches: the web's CPU per request, gunicorn's worker classes, the my-games form."""
