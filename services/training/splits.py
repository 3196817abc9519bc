"""A datagen file split into one file per split, as every training recipe reads them.

`write_splits(records, out, splits, short, max_chars, windows, views, views_seed, layouts, flags, swaps,
negations, polarities, prose)`:
for each
split of `splits`, `<out>/<split>.jsonl` holds that split's records in file order. Splits named
in `short` keep only records whose context is under `max_chars` code points (feature caching
costs CPU time per context token); with `windows`, the train split instead keeps every record,
the longer ones as windows of their context (`long_records.window_records`, 600 code points of
overlap). With `swaps` > 0, each kept train record is first followed, with that probability, by
an evidence swap of it (`evidence_swaps.with_swaps`: one decided field's evidence and answer
exchanged for another same-domain record's); with `negations` > 0, likewise by a negation view
of it (`negation_views.with_negations`: one true/false field's evidence said the other way, its
answer flipped); with `polarities` > 0, likewise, after the negation views (which may be turned
too), by a polarity view of it (`polarity_views.with_polarities`: one true/false field asked the
other way round as `not_<key>`, its answer flipped). With `views`, each kept train record is
followed by that many schema views of it (`schema_views.with_views`, seeded by `views_seed`): the
same gold under re-keyed schemas; with
`layouts` > 0, each view's arrays are also laid out again in its context with that probability
each (`layout_views.layout_view`), so one record is read in its own layout and in others; with
`prose` > 0, each view's arrays are then written inside running sentences with that probability
each (`prose_views.prose_view`, drawn apart from the layouts, so data without it is unchanged); with
`flags` > 0, each view's top-level choices are also asked as true/false questions with that
probability each (`option_flags.option_flags`).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from services.training.evidence_swaps import with_swaps
from services.training.layout_views import layout_view
from services.training.long_records import window_records
from services.training.negation_views import with_negations
from services.training.option_flags import option_flags
from services.training.polarity_views import with_polarities
from services.training.prose_views import prose_view
from services.training.schema_views import with_views

WINDOW_OVERLAP = 600


def write_splits(records: Path, out: Path, splits: Iterable[str], short: Iterable[str] = ("train",),
                 max_chars: int = 8000, windows: bool = False, views: int = 0,
                 views_seed: int = 0, layouts: float = 0.0, flags: float = 0.0,
                 swaps: float = 0.0, negations: float = 0.0, polarities: float = 0.0,
                 prose: float = 0.0) -> dict[str, int]:
    """Write the split files; returns how many records each holds."""
    for name, p in (("layouts", layouts), ("flags", flags), ("swaps", swaps), ("negations", negations),
                    ("polarities", polarities), ("prose", prose)):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"{name} is a probability, got {p}")
    if layouts > 0 and not views:
        raise ValueError("layouts lays out the schema views again: it needs views >= 1")
    if prose > 0 and not views:
        raise ValueError("prose writes the schema views' arrays as prose: it needs views >= 1")
    if flags > 0 and not views:
        raise ValueError("flags asks the schema views' choices again: it needs views >= 1")
    recs = [json.loads(line) for line in Path(records).read_text(encoding="utf-8").splitlines() if line.strip()]
    short, counts = set(short), {}
    Path(out).mkdir(parents=True, exist_ok=True)
    for split in splits:
        mine = [r for r in recs if r["split"] == split]
        if split == "train" and windows:
            keep = [w for r in mine for w in window_records(r, max_chars - 1, WINDOW_OVERLAP)]
        else:
            keep = [r for r in mine if split not in short or len(r["context"]) < max_chars]
        if split == "train" and swaps > 0:
            keep = list(with_swaps(keep, views_seed, swaps))
        if split == "train" and negations > 0:
            keep = list(with_negations(keep, views_seed, negations))
        if split == "train" and polarities > 0:
            keep = list(with_polarities(keep, views_seed, polarities))
        if split == "train" and views:
            keep = list(with_views(keep, views, views_seed))
            if layouts > 0:
                keep = [layout_view(r, views_seed, 0, layouts) if "~v" in r["uid"] else r for r in keep]
            if prose > 0:
                keep = [prose_view(r, views_seed, 0, prose) if "~v" in r["uid"] else r for r in keep]
            if flags > 0:
                keep = [option_flags(r, views_seed, flags) if "~v" in r["uid"] else r for r in keep]
        with open(Path(out) / f"{split}.jsonl", "w", encoding="utf-8") as fh:
            for r in keep:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        counts[split] = len(keep)
    return counts
