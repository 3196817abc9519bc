"""The media test set: documents rendered from datagen records with their gold boxes, and its
evaluation command run end to end against a served gateway (the rule-based test runtime)."""
from __future__ import annotations

import asyncio
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from gateway.media import MediaReader, MediaSettings, MediaSource, compose
from services.evaluation.media_eval import box_scores, iou, load_set
from services.evaluation.media_set import KINDS, make_media_set

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "tests" / "gateway"))

from deg_service_procs import Processes  # noqa: E402


@pytest.fixture(scope="module")
def media_set(tmp_path_factory):
    out = tmp_path_factory.mktemp("media-set")
    return out, make_media_set(out, n=12, seed=0)


def test_every_variant_is_written_with_its_gold_boxes(media_set):
    out, entries = media_set
    assert len(entries) == 12 and load_set(out) == json.loads(json.dumps(entries))
    assert {e["type"] for e in entries} == {kind for _, kind in KINDS}
    variants = {(e["type"], bool(e["rotation"]), e["noisy"]) for e in entries}
    assert len(variants) == 12  # every kind straight and rotated, clean and noisy
    for entry in entries:
        assert set(entry["gold"]) == set(entry["record"]["spans"])
        if entry["type"] == "application/pdf":
            assert (out / entry["file"]).read_bytes().startswith(b"%PDF-")
            continue
        with Image.open(out / entry["file"]) as image:
            width, height = image.size
        for gold in entry["gold"].values():
            x0, y0, x1, y1 = gold["box"]
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height and gold["page"] == 1


def test_the_same_arguments_write_the_same_files(media_set, tmp_path):
    out, entries = media_set
    again = make_media_set(tmp_path, n=2, seed=0)
    for first, second in zip(entries, again):
        assert first["gold"] == second["gold"]
        assert hashlib.sha256((out / first["file"]).read_bytes()).digest() == \
            hashlib.sha256((tmp_path / second["file"]).read_bytes()).digest()


def test_gold_boxes_are_where_ocr_finds_the_values(media_set):
    """The drawing's gold boxes against the gateway reader's word boxes: a clean PNG and a
    rotated one (the rotation map of the gold boxes is right)."""
    out, entries = media_set
    reader = MediaReader(MediaSettings())
    for entry in (entries[0], entries[3]):
        (item,) = asyncio.run(reader.read([MediaSource(entry["type"], (out / entry["file"]).read_bytes(), "m")]))
        text = compose("", [item])
        scores = []
        for pointer, gold in entry["gold"].items():
            start, end = entry["record"]["spans"][pointer]
            value = entry["record"]["context"][start:end]
            if text.text.count(value) == 1:  # found once: its place in the OCR text is unambiguous
                at = text.text.index(value)
                scores.append(iou(text.locate(at, at + len(value))["box"], gold["box"]))
        assert scores and min(scores) >= 0.5 and sum(scores) / len(scores) >= 0.75, (entry["file"], scores)


def test_box_scores_count_a_correct_value_without_a_box_as_a_miss():
    entry = {"uid": "u", "type": "application/pdf", "resolution": 150,
             "gold": {"/a": {"page": 2, "box": [10, 10, 20, 20]}, "/b": {"page": 1, "box": [0, 0, 5, 5]},
                      "/c": {"page": 1, "box": [0, 0, 5, 5]}}}
    response = {"media": [{"dpi": 300}], "meta": {"/a": {"page": 2, "box": [20, 20, 40, 40]}, "/b": {"span": [0, 1]}}}
    rows = box_scores(entry, response, {"/a": True, "/b": True, "/c": False})
    assert rows == [{"uid": "u", "pointer": "/a", "iou": 1.0, "located": True},
                    {"uid": "u", "pointer": "/b", "iou": 0.0, "located": False}]


@pytest.mark.slow  # real inference and gateway processes
def test_the_evaluation_command_runs_through_a_served_gateway(media_set, tmp_path):
    out, _ = media_set
    started = Processes()
    try:
        _, address = started.inference()
        _, url = started.gateway(DEG_INFERENCE=address, DEG_MAX_BODY_BYTES=str(16 * 2**20))
        done = subprocess.run([sys.executable, "-m", "services.evaluation", "media-eval", "--set", str(out),
                               "--url", url, "--limit", "2", "--out", str(tmp_path), "--no-progress"],
                              cwd=REPO, capture_output=True, text=True, timeout=600)
    finally:
        started.stop_all()
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    report = json.loads((tmp_path / "media-eval.json").read_text())
    assert report["summary"] == summary and summary["documents"] == len(report["documents"]) == 2
    # the rule-based runtime copies only `<key>: ` values; a required field it cannot find is its
    # fill_error, so validity here measures the stand-in, not the media path
    for document in report["documents"]:
        assert document["valid"] or "fill_error" in document["error"], document
    assert summary["valid_rate"] == sum(d["valid"] for d in report["documents"]) / 2
    assert "media-eval --set" in report["command"] and (tmp_path / "media-eval.md").read_text().startswith("# Media")
