"""`deg plan` and the subcommand dispatcher."""
from __future__ import annotations

import json

import pytest

from deg import cli
from deg.plan import FillPlan


def write(tmp_path, text: str):
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_plan_prints_the_plan(tmp_path, capsys):
    schema = {"type": "object", "properties": {"a": {"type": "boolean"}}}
    assert cli.main(["plan", write(tmp_path, json.dumps(schema))]) == 0
    out = json.loads(capsys.readouterr().out)
    assert FillPlan.from_dict(out).field_at("/a").mode == "decide.noul"


def test_plan_lists_every_schema_error(tmp_path, capsys):
    schema = {"type": "object", "properties": {"a": {"type": "string", "x-foo": 1},
                                               "b": {"allOf": [{"type": "string"}]}}}
    assert cli.main(["plan", "--strict", write(tmp_path, json.dumps(schema))]) == 2
    err = capsys.readouterr().err.splitlines()
    assert "properties/a/x-foo: unknown extension keyword x-foo: the only extensions are x-generate, x-max-tokens and x-levels" in err
    assert any(line.startswith("properties/b/allOf: allOf is not supported") for line in err)


def test_plan_prints_warnings_by_default(tmp_path, capsys):
    schema = {"type": "object", "properties": {"a": {"type": "string", "x-foo": 1},
                                               "b": {"allOf": [{"type": "string"}]}}}
    assert cli.main(["plan", "--compact", write(tmp_path, json.dumps(schema))]) == 0
    captured = capsys.readouterr()
    plan = FillPlan.from_dict(json.loads(captured.out))
    assert [f.pointer for f in plan.fields] == ["/a", "/b"]
    assert captured.err.splitlines() == [
        "warning: /properties/a/x-foo: vendor extension x-foo is ignored"]


def test_plan_near_miss_of_an_extension_is_an_error(tmp_path, capsys):
    schema = {"type": "object", "properties": {"a": {"type": "string", "x-genrate": True}}}
    assert cli.main(["plan", write(tmp_path, json.dumps(schema))]) == 2
    assert "did you mean x-generate?" in capsys.readouterr().err


@pytest.mark.parametrize("text,needle", [
    ("{not json", "is not valid JSON"),
    ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ('{"a": NaN}', "NaN is not valid JSON"),
])
def test_plan_bad_files(tmp_path, capsys, text, needle):
    assert cli.main(["plan", write(tmp_path, text)]) == 2
    assert needle in capsys.readouterr().err


def test_plan_missing_file(tmp_path, capsys):
    assert cli.main(["plan", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_no_command_and_unknown_command(capsys):
    assert cli.main([]) == 2
    with pytest.raises(SystemExit) as info:
        cli.main(["frobnicate"])
    assert info.value.code == 2


def test_lazy_registration(monkeypatch, capsys):
    calls = []
    monkeypatch.setitem(cli.SUBCOMMANDS, "echo", ("test command", "tests.deg.test_cli:_register_echo"))
    monkeypatch.setattr(cli, "_load_register", lambda target: (calls.append(target), _register_echo)[1])
    assert cli.main(["echo", "hi"]) == 0
    assert calls == ["tests.deg.test_cli:_register_echo"]   # only the command being run loads
    assert capsys.readouterr().out == "hi\n"


def test_missing_module_is_reported(monkeypatch, capsys):
    monkeypatch.setitem(cli.SUBCOMMANDS, "ghost", ("missing", "deg.no_such_module:register"))
    assert cli.main(["ghost"]) == 2
    assert "not installed" in capsys.readouterr().err


def _register_echo(parser):
    parser.add_argument("word")
    parser.set_defaults(run=lambda args: print(args.word) or 0)


def test_plan_into_a_closed_pipe_exits_quietly(tmp_path):
    """`deg plan big.json | head -1`: the reader leaving early is not an error (no traceback)."""
    import json as _json
    import subprocess
    import sys as _sys

    schema = {"type": "object", "properties": {
        f"f{i}": {"type": "string", "description": "x" * 200} for i in range(300)}}
    path = tmp_path / "big.json"
    path.write_text(_json.dumps(schema))
    proc = subprocess.Popen([_sys.executable, "-m", "deg.cli", "plan", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=30) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err
