"""Degradations change the text around the gold, never the gold: spans move with their
text, evidence stays quoted, and each transform is a pure function of its seed."""
from __future__ import annotations

import random

import pytest
from faker import Faker

from degdata import degrade
from degdata.doc import Doc
from degdata.surface import RATING_FORMS, rating

PROSE = ("The tenant shall keep the premises in good order and return them in the same "
         "condition in which they were received, normal wear and tear excepted. ")


def _doc() -> Doc:
    doc = Doc()
    doc.line("Lease 10/01/2024 - Olmo Bloom - room 101 - lot 0O1").line()
    doc.add(PROSE * 3).add("Rent: ").put(("rent",), "1.234,50").add(" € per month. ")
    doc.add(PROSE * 2).add("Landlord: ").put(("landlord",), "Marianne Lolli").line(".").line()
    doc.add(PROSE * 4).add("No pets are allowed at the property. ").line(PROSE * 2).line()
    doc.add("Landlord again: ").put(("landlord",), "Marianne Lolli").line()
    return doc


def _gold(doc: Doc) -> dict:
    text = doc.text
    return {k: text[s:e] for k, (s, e) in doc.spans.items()} | {
        (k, i): text[s:e] for k, alts in doc.alternatives.items() for i, (s, e) in enumerate(alts)}


EVIDENCE = ["No pets are allowed at the property."]


def test_rewrite_moves_spans_and_refuses_edits_inside_them():
    doc = _doc()
    before = _gold(doc)
    s, e = doc.spans[("rent",)]
    doc.rewrite([(0, 0, ">>"), (s, s, "[")])          # an insertion at a span start lands before
    assert _gold(doc) == before
    assert doc.text[doc.spans[("rent",)][0] - 1] == "["
    s, e = doc.spans[("rent",)]
    with pytest.raises(ValueError, match="gold text"):
        doc.rewrite([(s + 1, s + 1, "x")])
    with pytest.raises(ValueError, match="gold text"):
        doc.rewrite([(s - 1, s + 2, "x")])
    with pytest.raises(ValueError, match="overlapping"):
        doc.rewrite([(0, 4, "a"), (2, 6, "b")])


def test_ocr_noise_confuses_characters_around_the_gold_only():
    doc = _doc()
    before, text = _gold(doc), doc.text
    made = degrade.ocr_noise(doc, random.Random(3), 0.5, EVIDENCE)
    assert made > 20 and doc.text != text
    assert _gold(doc) == before
    assert EVIDENCE[0] in doc.text

    def folded(t: str) -> str:          # what the text says once every confusion is undone
        return t.replace("rn", "m").replace("0", "O").replace("1", "l")

    assert folded(doc.text) == folded(text)


def test_pdf_layout_wraps_hyphenates_and_adds_page_headers_without_touching_gold():
    doc = _doc()
    for _ in range(5):
        doc.line(PROSE * 8).line()
    before = _gold(doc)
    degrade.pdf_layout(doc, random.Random(1), "Lease", EVIDENCE)
    lines = doc.text.split("\n")
    assert max(len(line) for line in lines) <= 100
    assert _gold(doc) == before and EVIDENCE[0] in doc.text


def test_lengthen_reaches_about_but_never_past_the_target():
    doc = _doc()
    before = _gold(doc)
    degrade.lengthen(doc, random.Random(2), Faker("en_US"), 9000, [120], EVIDENCE)
    assert 7000 <= len(doc) <= 9000
    assert _gold(doc) == before and EVIDENCE[0] in doc.text


def test_transforms_are_pure_functions_of_their_seed():
    texts = []
    for _ in range(2):
        doc, fake = _doc(), Faker("en_US")
        fake.seed_instance(4)
        degrade.lengthen(doc, random.Random(4), fake, 6000, [], EVIDENCE)
        degrade.pdf_layout(doc, random.Random(4), "Lease", EVIDENCE)
        degrade.ocr_noise(doc, random.Random(4), 0.05, EVIDENCE)
        texts.append((doc.text, dict(doc.spans)))
    assert texts[0] == texts[1]


def test_missing_evidence_is_an_error():
    with pytest.raises(ValueError, match="not in the document"):
        degrade.ocr_noise(_doc(), random.Random(0), 0.1, ["a sentence that is not there"])


@pytest.mark.parametrize("form", RATING_FORMS)
def test_every_rating_form_states_its_number(form):
    texts = {rating(random.Random(0), n, form=form)[1] for n in range(1, 6)}
    assert len(texts) == 5
    assert rating(random.Random(0), 4, form="stars")[1] == "★★★★☆"
    assert rating(random.Random(0), 4, form="words")[1] == "four stars"
    assert rating(random.Random(0), 4, form="rated")[1] == "rated 4 out of 5"


def test_lengthened_documents_carry_their_topic_boilerplate():
    from degdata.filler import SENTENCES, TOPICS

    doc = _doc()
    degrade.lengthen(doc, random.Random(6), Faker("en_US"), 12_000, [], EVIDENCE, "travel")
    topical = [t for t in TOPICS["travel"][1] if "{" not in t and t in doc.text]
    generic = [t for t in SENTENCES if "{" not in t and t in doc.text]
    assert topical and generic
    assert not any(ch.isdigit() for topic in TOPICS.values() for t in topic[1] for ch in t)
