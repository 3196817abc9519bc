"""docs/settings.md is the one table of every environment variable: it must list every
variable the code reads, under the services that read it, with the defaults they really use."""
from __future__ import annotations

import re

import pytest

from opsfiles import REPO, SETTINGS_DOC, names_read, settings_doc_rows, settings_factories

SOURCE_PACKAGES = ("deg", "deg_model", "degsdk", "gateway", "services")
LITERAL = re.compile(r"""["'](DEG_[A-Z0-9_]+)["']""")
SINGLE_CODE = re.compile(r"`([^`]*)`")


def literal_names_in_source() -> set[str]:
    names = set()
    for package in SOURCE_PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            names.update(LITERAL.findall(path.read_text()))
    return names


@pytest.fixture(scope="module")
def rows():
    return settings_doc_rows()


def variable(row) -> str:
    return row["variable"].strip("`")


def services(row) -> list[str]:
    return [s.strip() for s in row["service"].split(",")]


def test_the_table_has_one_row_per_variable_and_service(rows):
    pairs = [(variable(r), s) for r in rows for s in services(r)]
    assert len(pairs) == len(set(pairs))
    assert all(r["meaning"] for r in rows)


def test_every_variable_a_settings_object_reads_is_documented_for_that_service(rows):
    documented = {(variable(r), s) for r in rows for s in services(r)}
    for service, factory in settings_factories().items():
        for name in names_read(factory):
            assert (name, service) in documented, f"{name} ({service}) is missing from docs/settings.md"


def test_every_documented_variable_is_read_by_the_service_named(rows):
    readers = {service: names_read(factory) for service, factory in settings_factories().items()}
    for row in rows:
        for service in services(row):
            if service in readers:
                assert variable(row) in readers[service], f"{service} does not read {variable(row)}"


def test_every_variable_named_in_the_code_is_documented(rows):
    documented = {variable(r) for r in rows}
    missing = literal_names_in_source() - documented
    assert not missing, f"read in the code but not in docs/settings.md: {sorted(missing)}"


def test_documented_defaults_are_the_real_defaults(rows):
    factories = settings_factories()
    checked = 0
    for row in rows:
        literal = SINGLE_CODE.fullmatch(row["default"])
        if literal is None:
            continue  # "unset" or a computed default, explained in words
        for service in services(row):
            if service not in factories:
                continue
            factory = factories[service]
            value = literal.group(1).strip('"') if literal.group(1) == '""' else literal.group(1)
            assert factory({variable(row): value}) == factory({}), (
                f"docs/settings.md says {variable(row)} defaults to {row['default']} for {service}, the code disagrees")
            checked += 1
    assert checked >= 25


def test_unset_defaults_are_really_unset(rows):
    from services.evaluation.settings import EvaluationSettings
    from services.suite import SuiteSettings

    unset = {(variable(r), s) for r in rows for s in services(r) if r["default"] == "unset"}
    assert ("DEG_EVAL_URL", "evaluation") in unset and EvaluationSettings.from_env({}).url is None
    assert ("DEG_REDIS_URL", "suite") in unset and SuiteSettings.from_env({}).redis_url is None


TORCHRUN_ENV = ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")


def test_the_variables_documented_as_torchruns_are_the_ones_torchrun_sets(rows):
    import inspect

    from torch.distributed.elastic.agent.server import local_elastic_agent

    source = inspect.getsource(local_elastic_agent)  # where torchrun builds each worker's env
    said = {variable(r) for r in rows if "torchrun" in r["meaning"]}
    assert said == set(TORCHRUN_ENV)
    for name in TORCHRUN_ENV:
        assert f'"{name}":' in source, f"torchrun no longer sets {name}"


def test_every_service_in_the_table_is_introduced_above_it(rows):
    introduction = SETTINGS_DOC.read_text().split("| variable |", 1)[0]
    for name in sorted({s for r in rows for s in services(r)} | set(settings_factories())):
        assert f"**{name}**" in introduction, f"docs/settings.md does not say which process {name!r} is"
