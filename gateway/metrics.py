"""Prometheus metrics of one gateway app.

Each app owns its registry (not the process-global default) so that several apps in one
process, as in tests, never collide on metric names.
"""
from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64)


class GatewayMetrics:
    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "deg_gateway_requests", "HTTP requests by route and status", ["route", "method", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "deg_gateway_request_seconds", "HTTP request latency by route", ["route"],
            buckets=LATENCY_BUCKETS, registry=self.registry,
        )
        self.inference_latency = Histogram(
            "deg_gateway_inference_seconds", "gRPC Fill call latency seen by the gateway",
            buckets=LATENCY_BUCKETS, registry=self.registry,
        )
        self.batch_size = Histogram(
            "deg_inference_batch_size", "size of the runtime batch each fill ran in (reported by inference)",
            buckets=BATCH_BUCKETS, registry=self.registry,
        )
        self.cache = Counter(
            "deg_gateway_cache", "response cache lookups by result (hit, miss, error)", ["result"],
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "deg_gateway_rate_limited", "requests refused by the rate limit", registry=self.registry,
        )

    def render(self) -> bytes:
        return generate_latest(self.registry)
