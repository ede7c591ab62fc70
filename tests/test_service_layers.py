"""The house inside service/: one package a subject, on floors. A package
may import the packages on the floors below it (and itself), never one above;
the few modules at the top (the app factory, the WSGI entry, the wiring) may
import any package, and only the command line imports them. Read from the source with ast, so a lazy import inside a
function counts too. docs/architecture.md draws the same floors."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVICE = ROOT / "service"

#: lowest first
FLOORS = ["core", "storage", "jobs", "game", "notify", "webhooks", "outbox", "usecases", "inbound", "ops", "web",
          "cli"]
#: the only modules that sit directly in service/
TOP = {"__init__.py", "app.py", "wsgi.py", "wiring.py"}
#: the packages that may import the top modules: the command line starts the app and builds the services
TOP_USERS = {"cli"}


def service_packages_imported(path: Path) -> set[str]:
    """The service packages (or top modules) a file imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module] if node.module != "service" else [f"service.{a.name}" for a in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if parts[0] == "service" and len(parts) > 1:
                names.add(parts[1])
    return names


def test_no_module_sits_directly_in_service_but_the_top_ones():
    loose = {path.name for path in SERVICE.glob("*.py")} - TOP
    assert loose == set()


def test_every_package_of_service_is_on_a_floor():
    packages = {path.name for path in SERVICE.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    assert packages == set(FLOORS)


@pytest.mark.parametrize("package", FLOORS)
def test_a_package_of_service_says_what_it_owns(package):
    docstring = ast.get_docstring(ast.parse((SERVICE / package / "__init__.py").read_text(encoding="utf-8")))
    assert docstring and "Imports" in docstring, f"service/{package}/__init__.py must say what it owns and imports"


@pytest.mark.parametrize("package", FLOORS)
def test_a_package_of_service_imports_only_the_floors_below_it(package):
    allowed = set(FLOORS[:FLOORS.index(package) + 1]) | ({"app", "wiring"} if package in TOP_USERS else set())
    offenders = {}
    for path in sorted((SERVICE / package).rglob("*.py")):
        above = service_packages_imported(path) - allowed
        if above:
            offenders[str(path.relative_to(ROOT))] = sorted(above)
    assert offenders == {}, f"service/{package}/ imports a floor above it"


def test_the_top_modules_are_imported_by_no_package_of_service_but_the_command_line():
    offenders = {
        str(path.relative_to(ROOT)): sorted(service_packages_imported(path) & {"app", "wsgi", "wiring"})
        for package in FLOORS if package not in TOP_USERS
        for path in sorted((SERVICE / package).rglob("*.py"))
        if service_packages_imported(path) & {"app", "wsgi", "wiring"}
    }
    assert offenders == {}


def module_map() -> str:
    """The module map of docs/architecture.md: the code block of its Layers section."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    layers = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    return layers.split("```", 2)[1]


def test_the_module_map_in_docs_names_every_package_and_module_of_service():
    lines = module_map().splitlines()
    missing = []
    for package in FLOORS:
        start = next((i for i, line in enumerate(lines) if line.strip().startswith(f"{package}/")), None)
        if start is None:
            missing.append(f"{package}/")
            continue
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].startswith("  ") and not lines[i].startswith("   ")), len(lines))
        entry = " ".join(lines[start:end])
        for path in sorted((SERVICE / package).glob("*.py")):
            if path.name != "__init__.py" and path.stem not in entry:
                missing.append(f"service/{package}/{path.name}")
    assert missing == [], "docs/architecture.md's module map misses these"
