"""The house: engine <- boards <- mail <- service <- worker. A package may
import the ones below it, never one above it (read from the source with ast,
so a lazy import inside a function counts too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["engine", "boards", "mail", "service", "worker"]


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_imports_only_the_layers_below_it(layer):
    above = set(LAYERS[LAYERS.index(layer) + 1:])
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & above)
        for path in sorted((ROOT / layer).rglob("*.py"))
        if imported_packages(path) & above
    }
    assert offenders == {}, f"{layer}/ imports a layer above it"


def test_no_module_under_mail_imports_service():
    for path in (ROOT / "mail").rglob("*.py"):
        assert "service" not in imported_packages(path), path
