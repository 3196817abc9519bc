"""FillPlan wire form: to_dict / from_dict and what from_dict refuses."""
from __future__ import annotations

import json

import pytest

from deg.plan import PLAN_VERSION, FillPlan
from deg.schema import compile_schema

SCHEMA = {
    "type": "object",
    "properties": {
        "dept": {"oneOf": [{"const": "billing", "description": "money"}, {"const": 2}]},
        "anger": {"type": ["integer", "null"], "minimum": 0, "maximum": 2,
                  "x-levels": {"1": "some"}},
        "rows": {"type": "array", "maxItems": 3,
                 "items": {"type": "object", "properties": {"p": {"type": "number"}},
                           "required": ["p"]}},
        "reply": {"type": "string", "x-generate": True, "x-max-tokens": 9},
    },
}


def test_to_dict_is_json_and_round_trips():
    plan = compile_schema(SCHEMA)
    data = plan.to_dict()
    assert data["version"] == PLAN_VERSION and data["schema"] == SCHEMA
    text = json.dumps(data, allow_nan=False)
    back = FillPlan.from_dict(json.loads(text))
    assert back == plan and back.schema == SCHEMA
    assert back.field_at("/anger").level_labels == ((1, "some"),)
    assert back.field_at("/dept").options == ("billing", 2)


def test_to_dict_values():
    data = compile_schema(SCHEMA).to_dict()
    anger = data["fields"][1]
    assert anger["levels"] == [0, 1, 2] and anger["null_outcome"] is True
    assert anger["constraints"] == {"maximum": 2, "minimum": 0}
    assert data["arrays"][0]["fields"] == ["/rows/*/p"]
    assert [f["mode"] for f in data["fields"]] == ["decide.choice", "decide.score",
                                                  "extract.number", "generate"]


def test_from_dict_refuses_altered_plans():
    data = compile_schema(SCHEMA).to_dict()
    tampered = json.loads(json.dumps(data))
    tampered["fields"][0]["options"] = ["billing", 3]
    with pytest.raises(ValueError, match="does not match its spec"):
        FillPlan.from_dict(tampered)
    other = json.loads(json.dumps(data))
    other["version"] = "deg-plan-0"
    with pytest.raises(ValueError, match="plan version"):
        FillPlan.from_dict(other)
    missing = json.loads(json.dumps(data))
    del missing["fields"][0]["mode"]
    with pytest.raises(ValueError, match="missing keys \\['mode'\\]"):
        FillPlan.from_dict(missing)
    wrong = json.loads(json.dumps(data))
    wrong["fingerprint"] = "0" * 64
    with pytest.raises(ValueError, match="plan fingerprint"):
        FillPlan.from_dict(wrong)
    with pytest.raises(ValueError, match="JSON object"):
        FillPlan.from_dict([])


def test_lookup_helpers():
    plan = compile_schema(SCHEMA)
    assert [f.pointer for f in plan.generate_fields] == ["/reply"]
    assert len(plan.parallel_fields) == 3
    assert plan.array_at("/rows").max_items == 3
    with pytest.raises(KeyError):
        plan.field_at("/nope")
