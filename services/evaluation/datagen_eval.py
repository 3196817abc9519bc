"""The datagen eval: the metrics of contract section 11 on datagen val/test records.

    records = load_records("test", limit=10)
    result = evaluate_datagen(records, RuntimeFiller(load_runtime()), max_items=4)
    write_datagen_reports(result, Path("var/eval/datagen"))   # report.json / .md / .png
    result.summary()   # records, valid_rate, decide_accuracy, decide_ece, extract_em, count_accuracy, ...

Records come from the datagen generator; fillers and scoring are the shared scorer
(`degcommon.datagen_scoring`: `RuntimeFiller`, `evaluate_datagen`, stated scoring choices),
which the training service's `evaluate` runs too. This module adds the gateway filler and the
reports (JSON, Markdown, accuracy-by-mode and reliability diagrams).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

from degcommon import metrics
from degcommon.datagen_scoring import DECIDE_MODES, EXTRACT_MODES, DatagenEval, FillResult

class GatewayFiller:
    """A running gateway: one `POST {url}/v1/fill` per record, options included."""

    def __init__(self, url: str, model: str = "deg-latest", timeout_s: float = 300.0):
        self.endpoint = url.rstrip("/") + "/v1/fill"
        self.model = model
        self._client = httpx.Client(timeout=timeout_s)

    def __call__(self, context: Any, schema: dict[str, Any], options: dict[str, Any]) -> FillResult:
        body = {"context": context, "schema": schema, "model": self.model}
        if options:
            body["options"] = options
        reply = self._client.post(self.endpoint, json=body)
        if reply.status_code // 100 != 2:
            raise RuntimeError(f"POST {self.endpoint} -> HTTP {reply.status_code}: {reply.text[:300]}")
        data = reply.json()
        return FillResult(value=data["value"], meta=data.get("meta", {}),
                          prompt_tokens=data.get("usage", {}).get("prompt_tokens", 0),
                          generated_tokens=data.get("usage", {}).get("generated_tokens", 0))

    def close(self) -> None:
        self._client.close()


def load_records(split: str, limit: int, *, seed: int = 0) -> list[dict[str, Any]]:
    """The first `limit` datagen records of `split` (deterministic in `seed`)."""
    # the generator (faker, every domain) loads only when records are generated
    from degdata import SPLITS, generate

    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}: expected one of {', '.join(SPLITS)}")
    if limit < 1:
        raise ValueError(f"limit must be >= 1, got {limit}")
    return list(generate(seed, limit, split=split))


# ---------------------------------------------------------------------------- reports
def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4f}"
    return "n/a" if value is None else str(value)


def markdown(result: DatagenEval) -> str:
    summary = result.summary()
    lines = [f"# Datagen eval: {result.system}", "", "| figure | value |", "| --- | --- |"]
    lines += [f"| {k} | {_fmt(v)} |" for k, v in summary.items() if k != "by_mode"]
    lines += ["", "## By mode", "", "| mode | fields | exact match | MAE | token F1 |", "| --- | --- | --- | --- | --- |"]
    lines += [f"| {mode} | {row['fields']} | {_fmt(row['exact_match'])} | {_fmt(row.get('mae'))} | "
              f"{_fmt(row.get('token_f1'))} |" for mode, row in summary["by_mode"].items()]
    lines += ["", "## Records", "", "| uid | domain | valid | latency s | prompt tok | generated tok | error |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {r.uid} | {r.domain} | {r.valid} | {r.latency_s:.3f} | {r.prompt_tokens} | "
              f"{r.generated_tokens} | {(r.error or '').replace('|', '/')[:160]} |" for r in result.rows]
    return "\n".join(lines) + "\n"


def plot_by_mode(results: Sequence[DatagenEval], path: Path) -> Path:
    """Grouped bars: exact match per mode, one bar per system."""
    # matplotlib takes a while to import and only reports draw: loaded when one is drawn
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # after choosing the headless backend

    modes = [m for m in (*DECIDE_MODES, *EXTRACT_MODES) if any(m in r.by_mode() for r in results)]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(modes) + 1), 3.4))
    width = 0.8 / max(len(results), 1)
    for k, result in enumerate(results):
        table = result.by_mode()
        xs = [i + (k - (len(results) - 1) / 2) * width for i, m in enumerate(modes) if m in table]
        ax.bar(xs, [table[m]["exact_match"] for m in modes if m in table], width=width, label=result.system)
    ax.set_xticks(range(len(modes)), modes, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("exact match")
    ax.set_title("Datagen accuracy by mode")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)
    return Path(path)


def write_datagen_reports(result: DatagenEval, out_dir: Path, *, compare: Sequence[DatagenEval] = ()) -> dict[str, Path]:
    """report.json, report.md, accuracy_by_mode.png and reliability diagrams (when there is meta)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / "report.json", "markdown": out_dir / "report.md",
             "accuracy_plot": out_dir / "accuracy_by_mode.png"}
    paths["json"].write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n",
                             encoding="utf-8")
    paths["markdown"].write_text(markdown(result), encoding="utf-8")
    plot_by_mode([result, *compare], paths["accuracy_plot"])
    for name, modes in (("decide", DECIDE_MODES), ("extract", EXTRACT_MODES)):
        bins = result.reliability(modes)
        if bins is not None:
            paths[f"reliability_{name}"] = metrics.reliability_diagram(
                {name: {result.system: bins}}, out_dir / f"reliability_{name}.png",
                title=f"{result.system}: {name} reliability")
    return paths
