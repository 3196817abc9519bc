"""Print the requirements of pyproject.toml (core + the named extras), one per line.

The images install dependencies from this output in a layer that depends on pyproject.toml
only, so editing the source does not reinstall torch and friends; the project itself is then
installed with `--no-deps`. `torch` is left out on request (`--without torch`) because the
model image installs it first from the CPU wheel index, pinned, so nothing can pull a CUDA
build.

    python docker/requirements.py pyproject.toml services model --without torch
"""
from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def requirement_name(requirement: str) -> str:
    match = NAME.match(requirement)
    if match is None:
        raise ValueError(f"cannot read a package name from requirement {requirement!r}")
    return re.sub(r"[-_.]+", "-", match.group(1)).lower()


def requirements(pyproject: Path, extras: list[str], without: set[str]) -> list[str]:
    project = tomllib.loads(pyproject.read_text())["project"]
    optional = project.get("optional-dependencies", {})
    unknown = [extra for extra in extras if extra not in optional]
    if unknown:
        raise ValueError(f"{pyproject} has no extra {', '.join(unknown)} (it has {', '.join(sorted(optional))})")
    lines = list(project.get("dependencies", []))
    for extra in extras:
        lines.extend(optional[extra])
    skipped = {requirement_name(name) for name in without}
    return [line for line in lines if requirement_name(line) not in skipped]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pyproject", type=Path)
    parser.add_argument("extras", nargs="*")
    parser.add_argument("--without", action="append", default=[], help="a package to leave out")
    args = parser.parse_args(argv)
    try:
        print("\n".join(requirements(args.pyproject, args.extras, set(args.without))))
    except (OSError, KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
