"""Benches that print figures, by subject (engine, boards, mail, web, pace,
stack). ``python -m bench`` lists them, ``python -m bench NAME [ARGS]`` runs
one, ``python -m bench --short`` (``make bench``) runs a short version of
each. Nothing here asserts a time."""
