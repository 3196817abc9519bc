"""A deterministic stand-in runtime for service tests (never a serving path).

Selected with `DEG_RUNTIME_FACTORY=inference_test_runtime:load_runtime` (this directory on
PYTHONPATH). It fills a plan without a model, by fixed rules, so that tests can predict
every answer and check what crosses the wire:

- decide.choice / decide.score: the first option / level wins with probability 0.6, the rest
  share 0.4 equally; decide.noul: p(true) = 0.9 when the context contains "yes", else 0.2.
- extract.*: the value after `<key>: ` on a line of the context is the top-ranked span;
  then every candidate span of the field's kind (`deg.find_candidates`), in document order,
  with decreasing scores; null scores below the keyed span and above candidates, so a field
  is found only when its key is written in the context (a required field whose key is absent
  is a FillError at assembly, the 500 path).
- generate: `"<key> text"`, 2 generated tokens.
- arrays: no items (leaves inside arrays are not asked).
- `options.explain`: every decide and extract outcome carries the explanation the real runtime
  gives (`deg_model.scoring.explain`), with one term, `rule`, worth the rule's log-score.

Progress: a job with a `progress` callable is told `Progress` five times while the batch
sleeps (tokens = the context's words, read a fifth at a time; fields done rising with them),
then once more when its outcome is ready.

Cancellation: the batch sleeps in slices of at most `SLICE_S`; a job whose `cancelled` says
so at a slice's end (the stand-in's round boundary) gets `FillCancelled` (its slices so far as
rounds), and a batch whose jobs are all cancelled stops sleeping.

Trunk cache stand-in: a context holding `#kept` counts as read once a job over it without
`no_store` ran; a later job over it without `no_cache` reports `cached_tokens` = its prompt
tokens (so tests see the request's Cache-Control reach the runtime).

Control markers in the context: `#sleep=<ms>` delays the whole batch (overload and fault
tests), `#fail` puts a `deg.FillError` into that job's slot (the runtime-side FillError path),
`#crash` raises from `fill_many` for the whole batch, `#raise=<Name>` puts an exception of that
class into the job's slot: the model library's own `ContextTooLong` and `ContextMemoryError`
(with their limit and length), a `ValueError`, a `RuntimeError`, or any other name as a new
`ModelError` subclass of that name (how a model-library error not yet written is classified).
"""
from __future__ import annotations

import dataclasses
import math
import re
import time

from deg.candidates import find_candidates
from deg.errors import FillError
from deg_model.errors import ContextMemoryError, ContextTooLong, FillCancelled, ModelError
from deg_model.runtime.jobs import Progress
from deg.outcomes import (
    ArrayOutcome, RawFill, choice_outcome, first_argmax, generate_outcome, noul_outcome, pick_extract, score_outcome,
)

KIND_OF_FORMAT = {"date": "date", "date-time": "date-time", "email": "email", "uri": "uri", "uuid": "uuid"}
SLEEP = re.compile(r"#sleep=(\d+)")
RAISE = re.compile(r"#raise=(\w+)")
STEPS = 5  # progress reports while a batch sleeps
SLICE_S = 0.05  # the longest sleep between two looks at the jobs' cancellation


def _raised(name: str) -> Exception:
    if name == "ContextTooLong":
        return ContextTooLong(14425, 8192)
    if name == "ContextMemoryError":
        return ContextMemoryError(131072, 48 * 2**30, 8 * 2**30)
    if name in ("ValueError", "RuntimeError"):
        return {"ValueError": ValueError, "RuntimeError": RuntimeError}[name](f"the test runtime raised {name}")
    return type(name, (ModelError,), {})(f"the test runtime raised {name}: context needs 14425 tokens, limit 8192")


def _shares(count: int) -> list[float]:
    if count == 1:
        return [1.0]
    return [0.6] + [0.4 / (count - 1)] * (count - 1)


def _scored_spans(field, context: str) -> list[tuple[tuple[int, int], float]]:
    key = field.path[-1]
    scored = []
    keyed = re.search(rf"(?m)^{re.escape(key)}: *(.+?) *$", context)
    if keyed:
        scored.append(((keyed.start(1), keyed.end(1)), -0.1))
    kind = "number" if field.mode == "extract.number" else KIND_OF_FORMAT.get(field.format or "")
    if kind is not None:
        for rank, span in enumerate(find_candidates(kind, context)):
            scored.append((span, -5.0 - 0.01 * rank))
    return scored


class RuleRuntime:
    model_id = "deg-test-0.1"
    aliases = ["deg-latest"]

    def __init__(self, settings=None) -> None:
        self.settings = settings
        self.kept: set[str] = set()         # contexts whose trunk counts as kept (`#kept`)

    def fill_one(self, job):
        context = job.context
        if "#fail" in context:
            return FillError("the test runtime was asked to fail this job (#fail)")
        raised = RAISE.search(context)
        if raised:
            return _raised(raised.group(1))
        options = job.options
        fields = []
        for field in job.plan.fields:
            if "*" in field.path:
                continue
            pointer = field.pointer
            if field.mode == "decide.choice":
                fields.append(choice_outcome(field, pointer, _shares(len(field.options))))
            elif field.mode == "decide.score":
                fields.append(score_outcome(field, pointer, _shares(len(field.levels) + int(field.null_outcome))))
            elif field.mode == "decide.noul":
                fields.append(noul_outcome(field, pointer, 0.9 if "yes" in context else 0.2))
            elif field.mode == "generate":
                fields.append(generate_outcome(field, pointer, f"{field.path[-1]} text", 2))
            else:
                fields.append(pick_extract(
                    field, pointer, context, _scored_spans(field, context), -3.0,
                    date_order=options.date_order, default_offset=options.default_offset,
                ))
            if getattr(options, "explain", False) and field.mode != "generate":
                fields[-1] = dataclasses.replace(fields[-1], explain=_explain(field, fields[-1], context))
        arrays = [ArrayOutcome(a.pointer, a.pointer, 0) for a in job.plan.arrays if "*" not in a.path]
        generated = sum(f.generated_tokens or 0 for f in fields)
        prompt = len(context.split())
        cached = prompt if context in self.kept and not job.no_cache else 0
        if "#kept" in context and not job.no_store:
            self.kept.add(context)
        return RawFill(fields=fields, arrays=arrays, prompt_tokens=prompt, generated_tokens=generated,
                       cached_tokens=cached, fork_tokens=len(fields))

    def fill_many(self, jobs):
        delays = [int(m.group(1)) for job in jobs for m in [SLEEP.search(job.context)] if m]
        stopped: dict[int, FillCancelled] = {}
        slices = 0
        for step in range(1, STEPS + 1):
            left = max(delays) / 1000.0 / STEPS if delays else 0.0
            while left > 0 and len(stopped) < len(jobs):
                time.sleep(min(left, SLICE_S))
                left -= SLICE_S
                slices += 1
                for k, job in enumerate(jobs):
                    if k not in stopped and getattr(job, "cancelled", None) is not None and job.cancelled():
                        stopped[k] = FillCancelled(slices, 0)
            _report([job for k, job in enumerate(jobs) if k not in stopped], step)
        if any("#crash" in job.context for job in jobs):
            raise RuntimeError("the test runtime crashed (#crash)")
        results = [stopped.get(k) or self.fill_one(job) for k, job in enumerate(jobs)]
        for job, result in zip(jobs, results):
            if getattr(job, "progress", None) is not None and isinstance(result, RawFill):
                n = len(job.context.split())
                job.progress(Progress(n, n, len(result.fields), len(result.fields)))
        return results


def _explain(field, outcome, context: str) -> dict:
    """The rule's explanation of an outcome: winner, runner-up and the one `rule` term."""
    if field.mode.startswith("decide."):
        probs = outcome.probabilities or [outcome.probability, 1.0 - outcome.probability]
        labels = (list(field.options) if field.mode == "decide.choice" else
                  list(field.levels) + [None] * int(field.null_outcome) if field.mode == "decide.score" else [True, False])
        win = (0 if outcome.value else 1) if field.mode == "decide.noul" else first_argmax(probs)
        run = max((k for k in range(len(probs)) if k != win), key=lambda k: (probs[k], -k), default=None)
        entries = [None if k is None else {"value": labels[k], "score": math.log(probs[k]), "probability": probs[k]}
                   for k in (win, run)]
    else:
        ranked = sorted(_scored_spans(field, context), key=lambda item: (-item[1], item[0]))
        null = {"value": None, "null": True, "score": -3.0}
        spans = [{"span": list(s), "text": context[s[0]:s[1]], "score": v} for s, v in ranked]
        won = next((e for e in spans if outcome.found and e["span"] == list(outcome.span)), None)
        if won is not None:
            won["value"] = outcome.value
        rivals = [e for e in spans if e is not won] + ([null] if won is not None else [])
        entries = [won or null, max(rivals, key=lambda e: e["score"], default=None)]
    win, run = entries
    return {"winner": win, "runner_up": run,
            "terms": [{"name": "rule", "winner": win["score"], "runner_up": run["score"] if run else None}]}


def _report(jobs, step: int) -> None:
    """Each job's progress after `step` of STEPS sleeps: a share of its words and fields."""
    for job in jobs:
        if getattr(job, "progress", None) is None:
            continue
        words, fields = len(job.context.split()), sum("*" not in f.path for f in job.plan.fields)
        job.progress(Progress(words * step // STEPS, words, fields * (step - 1) // STEPS, fields))


def load_runtime(settings):
    return RuleRuntime(settings)
