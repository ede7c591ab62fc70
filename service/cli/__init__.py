"""The ``farmpost`` command line: the parser (``main``) and one module per
group of commands, each exposing ``register(subparsers)``. The top floor
inside the service: Imports any package of it."""
