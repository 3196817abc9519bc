"""The media test set through a served gateway: the media fill against the same records as text.

    python -m services.evaluation media-eval --set var/media-set --url http://127.0.0.1:8790 \\
        --out docs/results/media [--limit N]

Each document of the set (`services.evaluation.media_set`) is filled twice through the served
`POST /v1/fill`: once with the file as `media` (no context: the gateway reads it by OCR) and
once with the record's context as text; both are scored by the one datagen scorer
(`degcommon.datagen_scoring`). Reported (stated choices):

- `valid_rate`: media fills that answered 200 with a value valid against the schema;
- `field_accuracy`: share of correct scored leaves (decide and extract; `generate` is not
  scored), media and text, and `accuracy_gap` = text - media;
- boxes: over the copied leaves that have a gold box and whose media value is correct,
  `iou_at_50` is the share whose meta `box` (on the gold page) overlaps the gold box with
  IoU >= 0.5; a correct value without a box counts as a miss. `iou_mean` over the same.
  PDF gold boxes (drawn at the set's resolution) are scaled to the response's `dpi`.
- the same figures per variant (kind, rotated, noisy).
"""
from __future__ import annotations

import base64
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from degcommon.datagen_scoring import DECIDE_MODES, EXTRACT_MODES, FillResult, evaluate_datagen

SCORED = (*DECIDE_MODES, *EXTRACT_MODES)


def load_set(set_dir: Path, limit: int | None = None) -> list[dict[str, Any]]:
    lines = (Path(set_dir) / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    entries = [json.loads(line) for line in lines if line.strip()]
    return entries[:limit] if limit else entries


def iou(a: list[float], b: list[float]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    total = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / total if total > 0 else 0.0


class ServedFiller:
    """`POST {url}/v1/fill`: the record as text, or (`media`) its rendered file as the fill's media."""

    def __init__(self, url: str, set_dir: Path, entries: list[dict[str, Any]], media: bool,
                 model: str = "deg-latest", timeout_s: float = 600.0) -> None:
        self.endpoint = url.rstrip("/") + "/v1/fill"
        self.by_context = {e["record"]["context"]: e for e in entries}
        self.set_dir, self.media, self.model = Path(set_dir), media, model
        self.client = httpx.Client(timeout=timeout_s, trust_env=False)
        self.responses: dict[str, dict[str, Any]] = {}

    def __call__(self, context: Any, schema: dict[str, Any], options: dict[str, Any]) -> FillResult:
        entry = self.by_context[context]
        body: dict[str, Any] = {"schema": schema, "model": self.model, "options": options}
        if self.media:
            data = base64.b64encode((self.set_dir / entry["file"]).read_bytes()).decode("ascii")
            body["media"] = [{"type": entry["type"], "data": data}]
        else:
            body["context"] = context
        reply = self.client.post(self.endpoint, json=body, headers={"Cache-Control": "no-cache, no-store"})
        if reply.status_code != 200:
            raise RuntimeError(f"HTTP {reply.status_code}: {reply.text[:300]}")
        data = reply.json()
        self.responses[entry["uid"]] = data
        return FillResult(value=data["value"], meta=data.get("meta", {}),
                          prompt_tokens=data["usage"]["prompt_tokens"], generated_tokens=data["usage"]["generated_tokens"])

    def close(self) -> None:
        self.client.close()


def box_scores(entry: dict[str, Any], response: dict[str, Any] | None, correct: dict[str, bool]) -> list[dict]:
    """One row per gold box whose media value is correct: its IoU with the meta box."""
    rows = []
    dpi = ((response or {}).get("media") or [{}])[0].get("dpi")
    scale = dpi / entry["resolution"] if entry["type"] == "application/pdf" and dpi else 1.0
    for pointer, gold in entry["gold"].items():
        if not correct.get(pointer):
            continue
        meta = ((response or {}).get("meta") or {}).get(pointer) or {}
        box = meta.get("box")
        on_page = meta.get("page", 1) == gold["page"]
        value = iou(box, [v * scale for v in gold["box"]]) if box and on_page else 0.0
        rows.append({"uid": entry["uid"], "pointer": pointer, "iou": round(value, 4), "located": bool(box)})
    return rows


def _accuracy(rows: list) -> float | None:
    leaves = [leaf for row in rows for leaf in row.leaves if leaf.mode in SCORED]
    return statistics.fmean(bool(leaf.correct) for leaf in leaves) if leaves else None


def _figures(entries: list[dict], media_rows: list, text_rows: list, boxes: list[dict]) -> dict[str, Any]:
    media_acc, text_acc = _accuracy(media_rows), _accuracy(text_rows)
    return {
        "documents": len(entries),
        "valid_rate": statistics.fmean(r.valid for r in media_rows) if media_rows else None,
        "field_accuracy_media": media_acc, "field_accuracy_text": text_acc,
        "accuracy_gap": None if media_acc is None or text_acc is None else text_acc - media_acc,
        "boxes_scored": len(boxes),
        "iou_at_50": statistics.fmean(b["iou"] >= 0.5 for b in boxes) if boxes else None,
        "iou_mean": statistics.fmean(b["iou"] for b in boxes) if boxes else None,
    }


def evaluate_media(set_dir: Path, url: str, *, limit: int | None = None, model: str = "deg-latest",
                   progress: bool = True) -> dict[str, Any]:
    entries = load_set(set_dir, limit)
    records = [e["record"] for e in entries]
    started = time.time()
    results = {}
    for media in (True, False):
        filler = ServedFiller(url, set_dir, entries, media, model)
        try:
            run = evaluate_datagen(records, filler, system="media" if media else "text", progress=progress)
        finally:
            filler.close()
        results[media] = (run, filler.responses)
    (media_run, responses), (text_run, _) = results[True], results[False]
    boxes, documents = [], []
    for entry, row, text_row in zip(entries, media_run.rows, text_run.rows):
        correct = {leaf.pointer: bool(leaf.correct) for leaf in row.leaves}
        found = box_scores(entry, responses.get(entry["uid"]), correct)
        boxes += found
        documents.append({"uid": entry["uid"], "file": entry["file"], "type": entry["type"],
                          "rotation": entry["rotation"], "noisy": entry["noisy"], "valid": row.valid,
                          "error": row.error, "accuracy_media": _accuracy([row]), "accuracy_text": _accuracy([text_row]),
                          "boxes": found})
    variants: dict[str, dict[str, Any]] = {}
    for name, test in (("png", lambda e: e["type"] == "image/png"), ("jpeg", lambda e: e["type"] == "image/jpeg"),
                       ("pdf", lambda e: e["type"] == "application/pdf"), ("rotated", lambda e: bool(e["rotation"])),
                       ("noisy", lambda e: e["noisy"]), ("clean straight", lambda e: not e["rotation"] and not e["noisy"])):
        keep = [i for i, e in enumerate(entries) if test(e)]
        uids = {entries[i]["uid"] for i in keep}
        variants[name] = _figures([entries[i] for i in keep], [media_run.rows[i] for i in keep],
                                  [text_run.rows[i] for i in keep], [b for b in boxes if b["uid"] in uids])
    return {"set": str(set_dir), "url": url, "model": model, "wall_s": round(time.time() - started, 1),
            "summary": _figures(entries, media_run.rows, text_run.rows, boxes), "variants": variants,
            "documents": documents}


def markdown(report: dict[str, Any], command: str) -> str:
    def fmt(value: Any) -> str:
        return f"{value:.3f}" if isinstance(value, float) else str(value)

    keys = ("documents", "valid_rate", "field_accuracy_media", "field_accuracy_text", "accuracy_gap",
            "boxes_scored", "iou_at_50", "iou_mean")
    lines = ["# Media test set through the served /v1/fill", "", f"Command: `{command}`", "",
             f"Set: `{report['set']}`, gateway {report['url']}, model `{report['model']}`, {report['wall_s']} s.", "",
             "| variant | " + " | ".join(keys) + " |", "| --- " * (len(keys) + 1) + "|",
             "| all | " + " | ".join(fmt(report["summary"][k]) for k in keys) + " |"]
    lines += [f"| {name} | " + " | ".join(fmt(figures[k]) for k in keys) + " |"
              for name, figures in report["variants"].items()]
    lines += ["", "| document | type | rotation | noisy | valid | accuracy media | accuracy text | boxes IoU>=.5 |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for d in report["documents"]:
        hits = f"{sum(b['iou'] >= 0.5 for b in d['boxes'])}/{len(d['boxes'])}"
        lines.append(f"| {d['file']} | {d['type']} | {d['rotation']} | {d['noisy']} | {d['valid']} | "
                     f"{fmt(d['accuracy_media'])} | {fmt(d['accuracy_text'])} | {hits} |")
    return "\n".join(lines) + "\n"


def write_media_report(report: dict[str, Any], out_dir: Path, command: str) -> dict[str, Path]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / "media-eval.json", "markdown": out_dir / "media-eval.md"}
    paths["json"].write_text(json.dumps({"command": command, **report}, indent=2, ensure_ascii=False) + "\n",
                             encoding="utf-8")
    paths["markdown"].write_text(markdown(report, command), encoding="utf-8")
    print(f"reports: {paths['json']}, {paths['markdown']}", file=sys.stderr)
    return paths
