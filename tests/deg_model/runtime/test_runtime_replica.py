"""Runtime replicas (`Runtime.replica`): several worker threads of one service, one model."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import torch

from deg import compile_schema
from deg.request import FillOptions
from deg_model.runtime import FillJob
from deg_model.runtime.trunk_cache import TrunkCache

from runtime_fixtures import CONTEXT, SCHEMA, make_runtime

PLAN = compile_schema({**SCHEMA, "properties": {k: v for k, v in SCHEMA["properties"].items() if k != "reply"}})


def test_a_replica_shares_the_model_and_answers_bitwise_alike(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    rt.trunk_cache = TrunkCache(1 << 30)
    twin = rt.replica()
    assert twin.backbone is rt.backbone and twin.heads is rt.heads and twin.trunk_cache is rt.trunk_cache
    assert twin.layout.tokenizer is not rt.layout.tokenizer            # one tokenizer per thread
    lone = rt.fill(CONTEXT, PLAN)
    assert len(twin.trunk_cache) == 1                                  # what one keeps, both see
    rt.trunk_cache = twin.trunk_cache = None                           # cold fills on both sides
    cold = rt.fill(CONTEXT, PLAN)
    assert twin.fill(CONTEXT, PLAN) == cold
    assert twin.last_stats == rt.last_stats and twin.last_stats is not rt.last_stats
    assert cold.fields == lone.fields


def test_replicas_in_threads_at_once_answer_as_alone(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    replicas = [rt, rt.replica(), rt.replica()]
    contexts = [CONTEXT, CONTEXT.replace("7781", "7782"), CONTEXT.replace("angry", "calm")]
    alone = [rt.fill(c, PLAN) for c in contexts]
    with torch.inference_mode(), ThreadPoolExecutor(3) as pool:
        for _ in range(2):
            got = list(pool.map(lambda k: replicas[k].fill_many([FillJob(contexts[k], PLAN, FillOptions())])[0],
                                range(3)))
            assert got == alone
