"""The real `openai` and `typesafe_sdk` clients against the decision routes served by a real
uvicorn process on a loopback port (the fill is the test double of `compat_double`; the router,
zstd middleware, body limit, API keys and Redis rate limits are the real ones)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import httpx
import openai
import pytest
import typesafe_sdk
import zstandard
from typesafe_sdk import Choice, Noul, RetryPolicy, Score, TypeSafeClient

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))

from deg_service_procs import REDIS_URL, Processes, free_port, unique_prefix, wait_http  # noqa: E402

pytestmark = pytest.mark.slow
KEY, LIMITED = "sk-test-key", "sk-tiny-quota"
MAX_BODY = 1024 * 1024


@pytest.fixture(scope="module")
def server():
    processes = Processes()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DEG_", "COMPAT_"))}
    repo = Path(__file__).resolve().parents[3]
    env.update(PYTHONPATH=os.pathsep.join([str(repo), str(Path(__file__).parent)]), COMPAT_KEYS=f"{KEY},{LIMITED}",
               COMPAT_REDIS_URL=REDIS_URL, COMPAT_REDIS_PREFIX=unique_prefix(), COMPAT_LIMITED_KEY=LIMITED,
               COMPAT_MAX_BODY=str(MAX_BODY))
    process = processes._start("compat", [sys.executable, "-m", "uvicorn", "--factory", "compat_double:create_app",
                                          "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"], env)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(process, url)
        yield url, process
    finally:
        processes.stop_all()


@pytest.fixture
def oa(server):
    return openai.OpenAI(base_url=server[0] + "/v1", api_key=KEY, max_retries=0, _strict_response_validation=True)


@pytest.fixture
def ts(server):
    with TypeSafeClient(base_url=server[0], api_key=KEY, retry=RetryPolicy(max_retries=0)) as client:
        yield client


def test_openai_every_question_type_with_messages_and_json(oa):
    decision = oa.decisions.create(
        model="gpt-6-luna",
        input=[{"role": "system", "content": "Support desk."},
               {"role": "user", "content": [{"type": "input_text", "text": "Charged twice!"},
                                            {"type": "input_json", "data": {"order": 7, "paid": [True, True]}}]},
               {"type": "custom_tool_call", "call_id": "t1", "name": "refund", "input": "order 7"},
               {"type": "custom_tool_call_output", "call_id": "t1", "output": "refunded"}],
        questions=[{"type": "predicate", "name": "billing", "instructions": "About billing?"},
                   {"type": "choice", "instructions": "Resolved?",
                    "choices": [{"value": True}, {"value": "true", "description": "the word"}]},
                   {"type": "score", "name": "anger", "instructions": "How angry?",
                    "levels": [{"label": "calm"}, {"label": "angry", "description": "shouting"}]},
                   {"type": "choice", "name": "one", "instructions": "x", "choices": [{"value": "only"}]}],
        prompt_cache_key="k", prompt_cache_options={"mode": "explicit", "ttl": "30m"}, safety_identifier="u1")
    assert decision.model == "deg-double-0.1"
    kinds = [(a.type, a.name) for a in decision.answers]
    assert kinds == [("predicate", "billing"), ("choice", None), ("score", "anger"), ("choice", "one")]
    choice = decision.answers[1]
    assert choice.choice is True and [p.value for p in choice.probabilities] == [True, "true"]
    score = decision.answers[2]
    assert [(p.value, p.label) for p in score.probabilities] == [(0, "calm"), (1, "angry")]
    assert score.score == pytest.approx(sum(p.value * p.probability for p in score.probabilities), abs=1e-12)
    assert decision.answers[3].probabilities[0].probability == 1.0
    usage = decision.usage
    assert usage.total_tokens == usage.input_tokens + usage.output_tokens and usage.input_tokens > 0


def test_openai_error_classes(server, oa):
    ask = dict(input="x", questions=[{"type": "predicate", "instructions": "q"}])
    with pytest.raises(openai.NotFoundError) as caught:
        oa.decisions.create(model="gpt-4o", **ask)
    assert caught.value.body["code"] == "model_not_found"
    with pytest.raises(openai.BadRequestError) as caught:
        oa.decisions.create(model="gpt-6-luna", input=[{"role": "user", "content": [
            {"type": "input_image", "image_url": "https://example.org/cat.png"}]}], questions=ask["questions"])
    assert "deg fetches nothing" in caught.value.message and caught.value.body["param"] == "input[0].content[0]"
    with pytest.raises(openai.BadRequestError):
        oa.decisions.create(model="gpt-6-luna", input="x", questions=[])
    bad_key = openai.OpenAI(base_url=server[0] + "/v1", api_key="nope", max_retries=0)
    with pytest.raises(openai.AuthenticationError):
        bad_key.decisions.create(model="gpt-6-luna", **ask)
    limited = openai.OpenAI(base_url=server[0] + "/v1", api_key=LIMITED, max_retries=0)
    with pytest.raises(openai.RateLimitError) as caught:
        for _ in range(3):
            limited.decisions.create(model="deg-latest", **ask)
    assert int(caught.value.response.headers["retry-after"]) >= 1


def test_typesafe_every_question_type_and_json_contents(ts):
    result = ts.system_one(
        state={"subject": "Duplicate charge", "body": "Charged twice, please help"},
        questions={"billing": Noul(instructions="About billing?", criteria={"true": "payments", "false": None}),
                   "tone": Choice(instructions={"task": "tone"}, criteria={"calm": None, "angry": {"hint": "caps"}}),
                   "urgency": Score(instructions="How urgent?", criteria=["later", {"when": "today"}, ["now"]]),
                   "single": {"type": "score", "criteria": ["only"]}},
        model="clef-flash")
    assert result.model == "deg-double-0.1"
    assert list(result.answers) == ["billing", "tone", "urgency", "single"]
    assert 0.5 <= result.nouls["billing"].noul <= 1
    assert result.choices["tone"].choice == "calm" and list(result.choices["tone"].probabilities) == ["calm", "angry"]
    urgency = result.scores["urgency"]
    assert urgency.legend == {0: "later", 1: {"when": "today"}, 2: ["now"]}
    assert list(urgency.probabilities) == [0, 1, 2]
    assert result.scores["single"].probabilities == {0: 1.0}
    assert isinstance(result.usage.input_tokens, int) and result.usage.output_tokens == 0


def test_typesafe_255_choices_sent_zstd_compressed(server):
    seen = []

    def record(request):
        seen.append(request.headers.get("content-encoding"))

    import httpx2
    http = httpx2.Client(event_hooks={"request": [record]})
    with TypeSafeClient(base_url=server[0], api_key=KEY, compression="zstd", http_client=http,
                        retry=RetryPolicy(max_retries=0)) as client:
        labels = {f"label-{i:03d}": f"description of option {i}" for i in range(255)}
        result = client.system_one(state="pick one", questions={"many": Choice(criteria=labels)})
    assert seen == ["zstd"]
    assert list(result.choices["many"].probabilities) == list(labels)
    assert result.choices["many"].choice == "label-000"


def test_typesafe_error_classes(server, ts):
    with pytest.raises(typesafe_sdk.TypeSafeBadRequestError) as caught:
        ts.system_one(state="x", questions={"q": Noul(instructions="?")}, model="gpt-6-luna")
    assert caught.value.body == {"detail": "Unknown model: gpt-6-luna"}
    with pytest.raises(typesafe_sdk.TypeSafeBadRequestError) as caught:
        ts.system_one(state="x", questions={"q": {"type": "box", "instructions": "dog"}})
    assert caught.value.body["detail"]["error_type"] == "api_usage_error"
    with pytest.raises(typesafe_sdk.TypeSafeUnprocessableEntityError):
        ts.system_one(state="x", questions={"q": Noul(instructions="?")}, extra_body={"questions": {}})
    with TypeSafeClient(base_url=server[0], api_key="wrong", retry=RetryPolicy(max_retries=0)) as bad:
        with pytest.raises(typesafe_sdk.TypeSafePermissionDeniedError):
            bad.system_one(state="x", questions={"q": Noul(instructions="?")})
    with TypeSafeClient(base_url=server[0], api_key=LIMITED, retry=RetryPolicy(max_retries=0)) as limited:
        with pytest.raises(typesafe_sdk.TypeSafeRateLimitError) as caught:
            for _ in range(3):
                limited.system_one(state="x", questions={"q": Noul(instructions="?")})
    assert caught.value.retry_after_ms >= 1000


def test_typesafe_image_asset_is_refused_cleanly(ts):
    png = b"\x89PNG\r\n\x1a\n" + b"\0" * 64
    with pytest.raises(typesafe_sdk.TypeSafeBadRequestError) as caught:
        ts.system_one(state=typesafe_sdk.Image(png), questions={"q": Noul(instructions="a dog?")})
    assert "text only" in caught.value.body["detail"]["message"]


def test_models_list_parses_in_both_clients(oa, ts):
    names = [m.id for m in oa.models.list()]
    assert names[0] == "deg-double-0.1" and "gpt-6-luna" in names and "jev-latest" in names
    assert [m.name for m in ts.models.list().models] == names


HEADERS = {"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"}


def _post(url, path, content, **headers):
    return httpx.post(url + path, content=content, headers={**HEADERS, **headers}, timeout=30, trust_env=False)


def test_hostile_inputs_are_4xx_and_the_server_stays_up(server):
    url, process = server
    nested = b'{"model": "jev-latest", "questions": {"q": {"type": "noul", "instructions": "x"}}, "state": ' + \
        b"[" * 100_000 + b"]" * 100_000 + b"}"
    bomb = zstandard.ZstdCompressor(level=19).compress(b" " * (64 * MAX_BODY))
    many = {"model": "gpt-6-luna", "input": "x", "questions": [{"type": "predicate", "instructions": "q"}] * 10_000}
    import json
    cases = [
        ("/v1/systemone", b"{" + b" " * (MAX_BODY + 10) + b"}", {}, 413),
        ("/v1/systemone", nested, {}, 400),
        ("/v1/systemone", bomb, {"Content-Encoding": "zstd"}, 413),
        ("/v1/systemone", b"not zstd at all", {"Content-Encoding": "zstd"}, 400),
        ("/v1/systemone", b"{}", {"Content-Encoding": "br"}, 415),
        ("/v1/decisions", b'{"model": "gpt-6-luna", "input": "\xff\xfe", "questions": []}', {}, 400),
        ("/v1/systemone", b'{"state": "\xc3\x28"}', {}, 400),
        ("/v1/decisions", json.dumps(many).encode(), {}, 400),
        ("/v1/decisions", b'[1, 2]', {}, 400),
    ]
    for path, content, headers, status in cases:
        response = _post(url, path, content, **headers)
        assert response.status_code == status, (path, headers, response.text[:300])
        body = response.json()
        message = body["error"]["message"] if "error" in body else body["detail"]
        assert message, body
        assert process.alive()
    assert httpx.get(url + "/health", trust_env=False).status_code == 200
