"""A generated long contract as an ExtractBench-layout dataset: the runner's long-PDF check.

    python -m services.evaluation.contract_pdf --pages 200 --out var/long-pdf [--seed 0]

writes `<out>/dataset/legal/contract/contract-schema.json` and, under `pdf+gold/`,
`contract-001.pdf` (`pages` pages of numbered clauses: legal boilerplate from
`degdata.filler` with the contract's five facts in clauses at fixed depths, one page an
image without a text layer so it is read by OCR) and `contract-001.gold.json`. Fill it with
`python -m services.evaluation extractbench <out> --out <report dir> ...`.

The facts sit at depths 2%, 27%, 51%, 76% and 97% of the pages, the OCR page at 60%; nothing
in the filler repeats a fact's text (no names of the parties, no dates, no amounts). Needs
fpdf2 (a test dependency), imported only when a PDF is written.
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "supplier": {"type": "string", "description": "The company that supplies the services"},
        "customer": {"type": "string", "description": "The company that buys the services"},
        "effective_date": {"type": "string", "format": "date", "description": "The date the agreement takes effect"},
        "governing_law": {"type": "string", "description": "The law that governs the agreement"},
        "notice_days": {"type": "integer", "description": "Days of written notice needed to terminate"},
    },
    "required": ["supplier", "customer"],
}
GOLD = {"supplier": "Halvorsen Maritime Systems AS", "customer": "Quillfeather Logistics GmbH",
        "effective_date": "2026-03-15", "governing_law": "the laws of Norway", "notice_days": 90}
FACTS = [
    (0.02, "This Master Services Agreement is made between Halvorsen Maritime Systems AS (the Supplier) "
           "and Quillfeather Logistics GmbH (the Customer)."),
    (0.27, "This Agreement takes effect on 15 March 2026 (the Effective Date)."),
    (0.51, "This Agreement and any dispute arising from it are governed by the laws of Norway."),
    (0.76, "Either party may terminate this Agreement by giving 90 days of written notice to the other party."),
    (0.97, "Signed for the Supplier by Halvorsen Maritime Systems AS and for the Customer by "
           "Quillfeather Logistics GmbH."),
]
OCR_DEPTH = 0.60
LINES_PER_PAGE = 44


def clauses(pages: int, seed: int) -> list[list[str]]:
    """Each page's lines: numbered clauses of boilerplate, the facts on their pages."""
    from faker import Faker
    from degdata import filler

    rng, fake = random.Random(seed), Faker("en_US")
    fake.seed_instance(seed)
    at = {min(pages - 1, int(depth * pages)): sentence for depth, sentence in FACTS}
    out, number = [], 1
    for page in range(pages):
        lines = [f"MASTER SERVICES AGREEMENT - page {page + 1} of {pages}", ""]
        if page in at:
            lines += [f"{number}. Key terms", at[page], ""]
            number += 1
        while len(lines) < LINES_PER_PAGE - 6:
            lines += [f"{number}. {rng.choice(filler.TOPICS['legal'][0])}",
                      filler.paragraph(rng, fake, rng.randint(3, 5), "legal"), ""]
            number += 1
        out.append(lines)
    return out


def write_pdf(path: Path, pages: int, seed: int = 0) -> None:
    """The contract PDF: text pages, and the OCR page as an image of its text."""
    from fpdf import FPDF

    doc = FPDF(format="A4")
    doc.set_auto_page_break(False)
    ocr_page = int(OCR_DEPTH * pages)
    for k, lines in enumerate(clauses(pages, seed)):
        doc.add_page()
        if k == ocr_page:
            doc.image(_scanned(lines), x=0, y=0, w=210, h=297)
            continue
        doc.set_font("Helvetica", size=10)
        doc.set_xy(18, 16)
        for line in lines:
            doc.multi_cell(174, 5, line.encode("latin-1", "replace").decode("latin-1"), new_x="LMARGIN", new_y="NEXT")
            doc.set_x(18)
    doc.output(str(path))


def _scanned(lines: list[str]):
    """A page's text drawn into a 150 dpi greyscale image (what a scanner gives)."""
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("L", (1240, 1754), 255)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=22)
    y = 90
    for line in lines:
        for part in _wrap(line, 88):
            draw.text((100, y), part, fill=0, font=font)
            y += 30
    return image


def _wrap(line: str, width: int) -> list[str]:
    words, out, current = line.split(), [], ""
    for word in words:
        if current and len(current) + 1 + len(word) > width:
            out.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return out + [current] if current or not out else out


def write_dataset(out: Path, pages: int, seed: int = 0) -> Path:
    """The dataset folder of one generated contract; returns `out`."""
    folder = out / "dataset" / "legal" / "contract"
    (folder / "pdf+gold").mkdir(parents=True, exist_ok=True)
    (folder / "contract-schema.json").write_text(json.dumps(SCHEMA, indent=2) + "\n", encoding="utf-8")
    (folder / "pdf+gold" / "contract-001.gold.json").write_text(json.dumps(GOLD, indent=2) + "\n", encoding="utf-8")
    write_pdf(folder / "pdf+gold" / "contract-001.pdf", pages, seed)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    print(write_dataset(args.out, args.pages, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
