"""Reports of a run: `report.json` (everything), `report.md` (tables), `score_by_mode.png`.

The Markdown holds the summary, the per-mode table, one row per document (status, pages
and their text methods, score, floor, validity, skip reason) and every schema rewrite with
its JSON pointer, so what deg was actually asked is on record beside the score.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from services.evaluation.runner import RunResult  # noqa: E402


def _fmt(value: Any) -> str:
    return f"{value:.4f}" if isinstance(value, float) else str(value)


def markdown(result: RunResult) -> str:
    summary = result.summary()
    lines = ["# ExtractBench run", "", f"Dataset: `{summary['dataset']}`", "", "| figure | value |", "| --- | --- |"]
    lines += [f"| {key} | {_fmt(value)} |" for key, value in summary.items() if key not in ("dataset", "by_mode")]
    lines += ["", "## By mode", "", "| mode | fields | passed | mean score |", "| --- | --- | --- | --- |"]
    lines += [f"| {mode} | {row['fields']} | {row['passed']} | {row['mean_score']:.4f} |"
              for mode, row in summary["by_mode"].items()]
    lines += ["", "## Documents", "", "| document | status | pages (method) | score | floor | valid | note |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for doc in result.documents:
        pages = ", ".join(f"{p['page']}:{p['method']}" for p in doc.get("pages", []))
        note = doc.get("reason") or doc.get("error") or ""
        lines.append(f"| {doc['document']} | {doc['status']} | {pages} | {_fmt(doc.get('overall_score', ''))} "
                     f"| {_fmt(doc.get('floor_score', ''))} | {doc.get('valid', '')} | {note} |")
    lines += ["", "## Schema rewrites", "", "| schema | pointer | keyword | action |", "| --- | --- | --- | --- |"]
    for name, info in result.schemas.items():
        if info.get("error"):
            lines.append(f"| {name} | | | {info['error']} |")
        for rewrite in info["rewrites"]:
            lines.append(f"| {name} | `{rewrite['pointer']}` | `{rewrite['keyword']}` | {rewrite['action']} |")
    lines += ["", "## Fields", "", "| document | path | metric | mode | score | passed | reason |",
              "| --- | --- | --- | --- | --- | --- | --- |"]
    for doc in result.documents:
        for f in doc.get("fields", []):
            lines.append(f"| {doc['document']} | `{f['path']}` | {f['metric_id']} | {f['mode']} | "
                         f"{f['score']:.4f} | {f['passed']} | {f['details'].get('reason', '')} |")
    return "\n".join(lines) + "\n"


def plot_by_mode(result: RunResult, path: Path) -> None:
    by_mode = result.summary()["by_mode"]
    modes = list(by_mode)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(modes) + 1), 3.2))
    ax.bar(modes, [by_mode[m]["mean_score"] for m in modes], color="#4c72b0")
    ax.set_ylim(0, 1)
    ax.set_ylabel("mean field score")
    ax.set_title("ExtractBench score by mode")
    ax.tick_params(axis="x", labelrotation=30)
    fig.tight_layout()
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)


def write_reports(result: RunResult, out_dir: Path) -> dict[str, Path]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / "report.json", "markdown": out_dir / "report.md",
             "plot": out_dir / "score_by_mode.png"}
    paths["json"].write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n",
                             encoding="utf-8")
    paths["markdown"].write_text(markdown(result), encoding="utf-8")
    plot_by_mode(result, paths["plot"])
    return paths
