"""The one environment reader every service's settings use: defaults, kinds, clear errors."""
from __future__ import annotations

import pytest

from degcommon.settings import SettingsError, env_value


def test_unset_and_empty_give_the_default_unless_empty_is_a_value():
    assert env_value({}, "DEG_X", 7, int) == 7
    assert env_value({"DEG_X": ""}, "DEG_X", 7, int) == 7
    assert env_value({"DEG_X": ""}, "DEG_X", "deg:") == "deg:"
    assert env_value({"DEG_X": ""}, "DEG_X", "deg:", keep_empty=True) == ""
    assert env_value({"DEG_X": ""}, "DEG_X", 7, int, keep_empty=True) == 7   # only strings keep ""


def test_values_are_converted_to_their_kind():
    assert env_value({"DEG_X": "12"}, "DEG_X", 0, int) == 12
    assert env_value({"DEG_X": "0.5"}, "DEG_X", 1.0, float) == 0.5
    assert env_value({"DEG_X": " On "}, "DEG_X", False, bool) is True
    assert env_value({"DEG_X": "no"}, "DEG_X", True, bool) is False


@pytest.mark.parametrize("env,kind,message", [
    ({"DEG_X": "many"}, int, "DEG_X='many' is not a valid int"),
    ({"DEG_X": "fast"}, float, "DEG_X='fast' is not a valid float"),
    ({"DEG_X": "maybe"}, bool, "DEG_X='maybe' is not on/off"),
])
def test_a_bad_value_names_the_variable(env, kind, message):
    with pytest.raises(SettingsError, match=message):
        env_value(env, "DEG_X", kind(), kind)


def test_every_service_raises_the_one_settings_error():
    from gateway.settings import GatewaySettings
    from services.evaluation.settings import EvaluationSettings
    from services.inference.settings import InferenceSettings
    from services.training.settings import TrainingServiceSettings

    bad = [(GatewaySettings, {"DEG_PORT": "x"}), (InferenceSettings, {"DEG_INFERENCE_PORT": "x"}),
           (TrainingServiceSettings, {"RANK": "x"}), (EvaluationSettings, {"DEG_EVAL_OCR_DPI": "x"})]
    for settings, env in bad:
        with pytest.raises(SettingsError, match=f"{next(iter(env))}='x'"):
            settings.from_env(env)
