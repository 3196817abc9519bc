"""Compiled plans by schema: the same schema is compiled once, not on every request.

Compilation is a pure function of the schema and the strict flag (contract section 10: the
same schema always gives the same plan and fingerprints), and a plan is immutable, so a plan
can be shared by every request that brings the same schema. The key is the schema's exact JSON
text in its own key order (property order is part of a plan: fields follow the schema), so
`1` and `1.0`, or two property orders, never share a plan. The cache is an LRU bounded in
entries (`DEG_PLAN_CACHE`); refusals are not kept (they are cheap and carry the caller's
error list).
"""
from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

import deg


class PlanCache:
    def __init__(self, max_entries: int):
        if max_entries < 0:
            raise ValueError(f"max_entries must be >= 0, got {max_entries}")
        self.max_entries = max_entries
        self._plans: OrderedDict[tuple[bool, str], Any] = OrderedDict()
        self.hits = self.misses = 0

    def compile(self, schema: Any, strict: bool = False) -> Any:
        """`deg.compile_schema(schema, strict=strict)`, from the cache when it was compiled before
        (raises what compile_schema raises)."""
        if self.max_entries == 0:
            return deg.compile_schema(schema, strict=strict)
        key = (bool(strict), json.dumps(schema, ensure_ascii=False, separators=(",", ":")))
        plan = self._plans.get(key)
        if plan is not None:
            self._plans.move_to_end(key)
            self.hits += 1
            return plan
        plan = deg.compile_schema(schema, strict=strict)
        self.misses += 1
        self._plans[key] = plan
        if len(self._plans) > self.max_entries:
            self._plans.popitem(last=False)
        return plan

    def __len__(self) -> int:
        return len(self._plans)
