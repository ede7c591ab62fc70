"""Run every benchmark module in bench/ that defines ``main()``."""

import pkgutil
from importlib import import_module

import bench

for info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda i: i.name):
    module = import_module(f"bench.{info.name}")
    if hasattr(module, "main"):
        print(f"== bench.{info.name}", flush=True)
        module.main()
