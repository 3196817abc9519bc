"""Prometheus metrics of one gateway app.

Each app owns its registry (not the process-global default) so that several apps in one
process, as in tests, never collide on metric names.

Admission can be checked here: per fill, the time it waited in the inference queue
(`deg_inference_queue_seconds`) beside the wait the service estimated when it admitted it
(`deg_inference_queue_estimate_seconds`). The inference service's own figures (its measured
seconds per token, the wait of a job queued now, the jobs cancelled and the rounds and window
reads spent on them) are read from its `Health` at each scrape (`InferenceFigures`; from the
backend that answered, absent when none does). Fills stopped because their client went away or
their job was deleted count in `deg_gateway_fills_cancelled`.
"""
from __future__ import annotations

from typing import Any, Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)
QUEUE_BUCKETS = (0.01, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64)
# (Health field, metric, help, counter?) of the inference figures shown at each scrape
INFERENCE_FIGURES = (
    ("seconds_per_token", "deg_inference_seconds_per_token", "measured seconds per token of work (admission)", False),
    ("wait_estimate_s", "deg_inference_wait_estimate_seconds", "estimated wait of a job queued now", False),
    ("queue_depth", "deg_inference_queue_depth", "jobs waiting for a batch", False),
    ("jobs_running", "deg_inference_jobs_running", "jobs in the runtime batches running now", False),
    ("jobs_cancelled", "deg_inference_jobs_cancelled", "jobs cancelled: caller gone, or stopped by a shutdown", True),
    ("cancelled_rounds", "deg_inference_cancelled_rounds", "rounds run of jobs then cancelled", True),
    ("cancelled_windows", "deg_inference_cancelled_windows", "window reads made for jobs then cancelled", True),
)


class InferenceFigures:
    """A collector of the inference service's figures, as its last `Health` answer gave them."""

    def __init__(self) -> None:
        self.latest: dict[str, Any] = {}

    def collect(self) -> Iterator[Any]:
        for key, name, text, counter in INFERENCE_FIGURES:
            if key in self.latest:
                family = CounterMetricFamily(name, text) if counter else GaugeMetricFamily(name, text)
                family.add_metric([], float(self.latest[key]))
                yield family


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
        self.queue_wait = Histogram(
            "deg_inference_queue_seconds", "time each fill waited in the inference queue (reported by inference)",
            buckets=QUEUE_BUCKETS, registry=self.registry,
        )
        self.queue_estimate = Histogram(
            "deg_inference_queue_estimate_seconds",
            "the wait inference estimated for each fill when it admitted it (compare deg_inference_queue_seconds)",
            buckets=QUEUE_BUCKETS, registry=self.registry,
        )
        self.cancelled = Counter(
            "deg_gateway_fills_cancelled", "fills stopped before they finished, by reason (disconnect, deleted)",
            ["reason"], registry=self.registry,
        )
        self.inference = InferenceFigures()
        self.registry.register(self.inference)

    def render(self) -> bytes:
        return generate_latest(self.registry)
