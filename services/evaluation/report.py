"""Reports of a run: `report.json` (everything), `report.md` (tables), `score_by_mode.png`.

The Markdown holds the summary, the per-mode table, one row per document (status, pages
and their text methods, what it cost: text and fill seconds, tokens, peak memory; score,
floor, validity, skip reason) and every schema rewrite with
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


def _pages(pages: list[dict[str, Any]]) -> str:
    """Each page's method for a few pages ("1:layout, 2:ocr"), counts per method for many."""
    if len(pages) <= 8:
        return ", ".join(f"{p['page']}:{p['method']}" for p in pages)
    counts: dict[str, int] = {}
    for p in pages:
        counts[p["method"]] = counts.get(p["method"], 0) + 1
    return f"{len(pages)} (" + ", ".join(f"{m} {n}" for m, n in sorted(counts.items())) + ")"


def markdown(result: RunResult) -> str:
    summary = result.summary()
    lines = ["# ExtractBench run", "", f"Dataset: `{summary['dataset']}`", "", "| figure | value |", "| --- | --- |"]
    lines += [f"| {key} | {_fmt(value)} |" for key, value in summary.items() if key not in ("dataset", "by_mode", "by_mode_in_arrays")]
    for key, title in (("by_mode", "By mode"), ("by_mode_in_arrays", "By mode, inside array items")):
        lines += ["", f"## {title}", "", "| mode | fields | passed | mean score |", "| --- | --- | --- | --- |"]
        lines += [f"| {mode} | {row['fields']} | {row['passed']} | {row['mean_score']:.4f} |"
                  for mode, row in summary[key].items()]
    lines += ["", "## Documents", "",
              "| document | status | pages (method) | text s | fill s | tokens | peak RSS MiB | score | floor | valid "
              "| note |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for doc in result.documents:
        note = doc.get("reason") or doc.get("error") or ""
        seconds = doc.get("seconds", {})
        cost = [f"{seconds[k]:.1f}" if k in seconds else "" for k in ("text", "fill")]
        peak = f"{doc['peak_rss_mib']:.0f}" if doc.get("peak_rss_mib") else ""
        lines.append(f"| {doc['document']} | {doc['status']} | {_pages(doc.get('pages', []))} | {cost[0]} | {cost[1]} "
                     f"| {doc.get('tokens') or ''} | {peak} | {_fmt(doc.get('overall_score', ''))} "
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
    """Grouped bars: mean score per mode of top-level fields and of fields in array items."""
    summary = result.summary()
    groups = (("fields", summary["by_mode"], "#4c72b0"), ("inside arrays", summary["by_mode_in_arrays"], "#dd8452"))
    modes = sorted(set(summary["by_mode"]) | set(summary["by_mode_in_arrays"]))
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(modes) + 1), 3.4))
    width = 0.4
    for offset, (label, rows, color) in enumerate(groups):
        xs = [i + (offset - 0.5) * width for i, m in enumerate(modes) if m in rows]
        ax.bar(xs, [rows[m]["mean_score"] for m in modes if m in rows], width=width, label=label, color=color)
    ax.set_xticks(range(len(modes)), modes, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("mean field score")
    ax.set_title("ExtractBench score by mode")
    ax.legend(fontsize=7)
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
