"""Schema views of datagen records: the same record with its schema presented differently (keys
renamed, titles or descriptions dropped, properties reordered) and its gold re-keyed to match."""
from __future__ import annotations

import copy
import json
import re
from collections import Counter

import pytest
from jsonschema import validators

from deg.parsers.formats import FORMAT_CHECKER
from deg.pointer import escape
from deg.schema import compile_schema
from deg_model.training.prior_fit import MISSING, gold_at
from degdata import generate
from degdata.verify import problems
from services.training.schema_views import schema_view, snake_name, with_views
from services.training.splits import write_splits

SEED = 7


@pytest.fixture(scope="module")
def records():
    return list(generate(21, 40))       # every split (the first 40 of the 132 domains)


@pytest.fixture(scope="module")
def pairs(records):
    """(record, view) for views 1 and 2 of every record."""
    return [(r, schema_view(r, SEED, i)) for r in records for i in (1, 2)]


def paired_pointers(original, view, o_ptr="", v_ptr="", out=None):
    """Original pointer -> view pointer of every value, walking both values in parallel: a view
    keeps each object's keys in their order (renamed), and arrays as they are."""
    out = {} if out is None else out
    out[o_ptr] = v_ptr
    if isinstance(original, dict):
        assert isinstance(view, dict) and len(view) == len(original)
        for (ok, ov), (vk, vv) in zip(original.items(), view.items()):
            paired_pointers(ov, vv, f"{o_ptr}/{escape(ok)}", f"{v_ptr}/{escape(vk)}", out)
    elif isinstance(original, list):
        assert isinstance(view, list) and len(view) == len(original)
        for k, (ov, vv) in enumerate(zip(original, view)):
            paired_pointers(ov, vv, f"{o_ptr}/{k}", f"{v_ptr}/{k}", out)
    else:
        assert view == original and type(view) is type(original)
    return out


def paired_properties(schema, view_schema, value, view_value):
    """(key, property schema, view key, view property schema, position) of every property the
    values hold, paired by walking the values in parallel."""
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item, view_item in zip(value, view_value):
            yield from paired_properties(schema["items"], view_schema["items"], item, view_item)
    if not isinstance(value, dict) or "properties" not in schema:
        return
    keys = list(schema["properties"])
    for (key, item), (view_key, view_item) in zip(value.items(), view_value.items()):
        sub, view_sub = schema["properties"][key], view_schema["properties"][view_key]
        yield key, sub, view_key, view_sub, keys.index(key)
        yield from paired_properties(sub, view_sub, item, view_item)


def test_every_view_value_is_valid_against_its_schema_and_a_sound_record(pairs):
    for _, view in pairs:
        cls = validators.validator_for(view["schema"], default=validators.Draft202012Validator)
        cls(view["schema"], format_checker=FORMAT_CHECKER).validate(view["value"])
        assert problems(view) == [], view["uid"]     # datagen's own checks of value, spans, decide


def test_gold_follows_the_renamed_keys(pairs):
    for record, view in pairs:
        mapped = paired_pointers(record["value"], view["value"])
        for name in ("spans", "span_alternatives", "decide"):
            assert view[name] == {mapped[p]: entry for p, entry in record[name].items()}, (view["uid"], name)
        originals = {v: o for o, v in mapped.items()}
        for pointer in [*view["spans"], *view["decide"]]:
            assert gold_at(view["value"], pointer) is not MISSING
            assert gold_at(view["value"], pointer) == gold_at(record["value"], originals[pointer])


def _other_keywords(schema):
    """What a view keeps as it is: all but titles, descriptions and the re-keyed object schemas."""
    renamed = ("title", "description", "properties", "required")
    out = {k: v for k, v in schema.items() if k not in renamed}
    if isinstance(out.get("items"), dict) and "properties" in out["items"]:
        out["items"] = _other_keywords(out["items"])
    return out


def test_properties_are_renamed_and_described_by_the_rules(pairs):
    seen = Counter()
    for record, view in pairs:
        for key, sub, view_key, view_sub, position in paired_properties(
                record["schema"], view["schema"], record["value"], view["value"]):
            title = sub.get("title")
            neutral = re.fullmatch(rf"field_{position}(_\d+)?", view_key)
            assert view_key == key or neutral or (title and view_key == snake_name(title)), (key, view_key)
            seen["renamed"] += view_key != key
            seen["neutral"] += bool(neutral)
            # Only a title or a description is dropped, and only when the other stays.
            for word in ("title", "description"):
                assert view_sub.get(word, sub.get(word)) == sub.get(word)
            assert ("title" in view_sub or "description" in view_sub) == ("title" in sub or "description" in sub)
            seen["no title"] += "title" in sub and "title" not in view_sub
            seen["no description"] += "description" in sub and "description" not in view_sub
            assert _other_keywords(view_sub) == _other_keywords(sub)
        # required: renamed in its order; every other top-level keyword as it was.
        new_of = {o: v for o, v in zip(record["value"], view["value"])}
        if set(record["schema"]["required"]) <= set(new_of):
            assert view["schema"]["required"] == [new_of[k] for k in record["schema"]["required"]]
        assert {k: v for k, v in view["schema"].items() if k not in ("properties", "required")} == \
               {k: v for k, v in record["schema"].items() if k not in ("properties", "required")}
        seen["reordered"] += [new_of.get(k) for k in record["schema"]["properties"] if k in new_of] != \
            [k for k in view["schema"]["properties"] if k in new_of.values()]
    assert all(seen[k] > 5 for k in ("renamed", "neutral", "no title", "no description", "reordered")), seen


def test_context_input_and_determinism(records):
    before = copy.deepcopy(records)
    views = [schema_view(r, SEED, 1) for r in records]
    assert records == before
    for record, view in zip(records, views):
        assert view["uid"] == f"{record['uid']}~v1" and view["context"] == record["context"]
        assert {k: v for k, v in view.items() if k not in ("uid", "schema", "value", "spans",
                                                          "span_alternatives", "decide")} == \
               {k: v for k, v in record.items() if k not in ("uid", "schema", "value", "spans",
                                                            "span_alternatives", "decide")}
    assert views == [schema_view(r, SEED, 1) for r in records]
    several = [r for r in records if len(r["schema"]["properties"]) > 3]
    assert sum(schema_view(r, SEED, 1)["schema"] != schema_view(r, SEED, 2)["schema"] for r in several) \
        > len(several) // 2
    assert any(schema_view(r, SEED, 1)["schema"] != schema_view(r, SEED + 1, 1)["schema"] for r in several)


def _leaf_spec(leaf):
    return repr((leaf.mode, leaf.json_type, leaf.required, leaf.nullable, leaf.on_null, leaf.options,
                 leaf.option_descriptions, leaf.levels, leaf.level_labels, leaf.null_outcome, leaf.format,
                 leaf.constraints, leaf.max_tokens, len(leaf.arrays)))


def test_views_compile_to_the_same_fill_plan_under_other_names(pairs):
    """examples.py turns a record into questions from `compile_schema(record["schema"])`: a view's
    plan has the same leaves and arrays, and each gold pointer lands on a leaf of the same mode."""
    for record, view in pairs:
        plan, view_plan = compile_schema(record["schema"]), compile_schema(view["schema"])
        assert Counter(map(_leaf_spec, view_plan.fields)) == Counter(map(_leaf_spec, plan.fields))
        assert Counter((a.min_items, a.max_items, a.required, a.item_kind) for a in view_plan.arrays) == \
               Counter((a.min_items, a.max_items, a.required, a.item_kind) for a in plan.arrays)
        assert len(view_plan.warnings) == len(plan.warnings)
        mapped = paired_pointers(record["value"], view["value"])
        for pointer in [*record["spans"], *record["decide"]]:
            def leaf_of(p, fill_plan):
                return fill_plan.field_at(re.sub(r"/\d+(?=/|$)", "/*", p))
            assert leaf_of(mapped[pointer], view_plan).mode == leaf_of(pointer, plan).mode


def test_renamed_keys_never_take_another_propertys_name():
    titles = {"b": "A", "a": "B", "field_1": "Field 0", "x": "a", "y": "Field_1"}
    schema = {"type": "object", "additionalProperties": False, "required": list(titles),
              "properties": {k: {"title": t, "type": "integer"} for k, t in titles.items()}}
    record = {"uid": "u", "context": "", "schema": schema, "value": {k: i for i, k in enumerate(titles)},
              "spans": {}, "span_alternatives": {}, "decide": {}}
    renamed = set()
    for index in range(1, 60):
        view = schema_view(record, 0, index)
        assert len(view["schema"]["properties"]) == len(titles) and len(view["value"]) == len(titles)
        assert sorted(view["value"].values()) == list(range(len(titles)))
        validators.Draft202012Validator(view["schema"]).validate(view["value"])
        renamed |= {(k, v) for k, v in zip(record["value"], view["value"]) if k != v}
    assert ("x", "field_3") in renamed and ("b", "field_0") in renamed   # the titles' names were taken


def test_escaped_keys_and_unfollowed_schemas():
    schema = {"type": "object", "properties": {
        "a/b": {"title": "Ä/b", "type": "object", "properties": {"c~d": {"title": "C", "type": "string"}}},
        "n": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "integer"}}}}},
        "required": ["a/b"]}
    record = {"uid": "u", "context": "hello 3", "schema": schema,
              "value": {"a/b": {"c~d": "hello"}, "n": [{"x": 3}]},
              "spans": {"/a~1b/c~0d": [0, 5], "/n/0/x": [6, 7]}, "span_alternatives": {}, "decide": {}}
    for index in range(1, 30):
        view = schema_view(record, 0, index)
        mapped = paired_pointers(record["value"], view["value"])
        assert view["spans"] == {mapped[p]: s for p, s in record["spans"].items()}
        assert set(view["schema"]["properties"]) <= {"a/b", "a_b", "field_0", "n", "field_1"}
        validators.Draft202012Validator(view["schema"]).validate(view["value"])
    referenced = {**record, "schema": {**schema, "$defs": {"s": {"type": "string"}}}}
    view = schema_view(referenced, 0, 1)
    assert view == {**referenced, "uid": "u~v1"}


def _records_file(tmp_path, records):
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return path


def _lines(records):
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def test_write_splits_follows_each_train_record_with_its_views(tmp_path, records):
    path, splits = _records_file(tmp_path, records), ["train", "val", "test"]
    counts = write_splits(path, tmp_path / "plain", splits, max_chars=10 ** 6)
    for split in splits:    # views = 0: the files as before
        want = [r for r in records if r["split"] == split]
        assert (tmp_path / "plain" / f"{split}.jsonl").read_text(encoding="utf-8") == _lines(want)
    viewed = write_splits(path, tmp_path / "views", splits, max_chars=10 ** 6, views=2, views_seed=SEED)
    train = [r for r in records if r["split"] == "train"]
    want = [x for r in train for x in (r, schema_view(r, SEED, 1), schema_view(r, SEED, 2))]
    assert (tmp_path / "views" / "train.jsonl").read_text(encoding="utf-8") == _lines(want)
    assert viewed == {**counts, "train": 3 * counts["train"]}
    for split in ("val", "test"):
        assert (tmp_path / "views" / f"{split}.jsonl").read_bytes() == \
               (tmp_path / "plain" / f"{split}.jsonl").read_bytes()


def test_views_follow_the_windows_and_the_cli(tmp_path, records):
    from services.training.__main__ import main
    from services.training.long_records import window_records

    path, limit = _records_file(tmp_path, records), 1300
    assert main(["splits", "--records", str(path), "--out", str(tmp_path / "w"), "--splits", "train",
                 "--max-chars", str(limit), "--windows", "--views", "1", "--views-seed", "3"]) == 0
    windows = [w for r in records if r["split"] == "train" for w in window_records(r, limit - 1, 600)]
    assert (tmp_path / "w" / "train.jsonl").read_text(encoding="utf-8") == _lines(with_views(windows, 1, 3))
    assert any("#w" in w["uid"] for w in windows)
