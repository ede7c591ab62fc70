"""Benchmarks that print figures. Run all with `make bench`, one with
`.venv/bin/python -m bench.<name>`. Nothing here asserts a time."""
