"""Field relevance (`deg_model.runtime.relevance`): which spans gain, and how the runtime
uses the gain (the `relevance` and `closing` score terms, `ScoringSettings.relevance_weight`,
`ScoringSettings.closing_weight`)."""
from __future__ import annotations

import torch

from deg import compile_schema, render_context
from deg.request import FillOptions
from deg_model.runtime.relevance import field_words, span_evidence
from deg_model.scoring import ScoringSettings, terms
from deg_model.scoring.compose import span_gain as composed_gain

from runtime_fixtures import make_runtime

TEXT = ("Please keep this document for your records.\n"
        "The archive vault opens with access code KX-4471-QP. Orders ship from Tromsø.\n"
        "Questions go to the desk at escalate@northwind-legal.example.")


def plan_field(prop: dict, name: str = "vault_code"):
    return compile_schema({"type": "object", "properties": {name: prop}}).fields[0]


def offsets_of(text: str) -> list[tuple[int, int]]:
    """Whitespace-led word pieces, the way a BPE tokenizer cuts most words: ' KX', '-4471'..."""
    import re
    return [m.span() for m in re.finditer(r"\s*[^\W_]+|\s*[^\w\s]", text)]


def span_gain(ev, offsets, text, value: str, weight=1.0, closing=0.0) -> float:
    a = text.index(value)
    first = next(i for i, (s, e) in enumerate(offsets) if s <= a < e)
    last = next(i for i, (s, e) in enumerate(offsets) if s < a + len(value) <= e)
    gains = [terms.relevance(weight), terms.closing(ev, closing)]
    return float(composed_gain(gains, ev, torch.tensor(first), torch.tensor(last)))


def test_field_words_come_from_names_title_and_description():
    field = plan_field({"type": "string", "title": "Vault", "description": "The access code of the archive vault"},
                       name="vaultCode")
    assert field_words(field) == {"vault", "code", "access", "archive"}
    nested = compile_schema({"type": "object", "properties": {"line_items": {"type": "array", "items": {
        "type": "object", "properties": {"unit_prices": {"type": "number"}}}}}}).fields[0]
    assert field_words(nested) == {"line", "item", "unit", "price"}


def test_only_spans_after_the_label_within_one_relevant_sentence_gain():
    field = plan_field({"type": "string", "description": "The access code of the archive vault"})
    offsets = offsets_of(TEXT)
    ev = span_evidence(field, TEXT, offsets)
    assert span_gain(ev, offsets, TEXT, "KX-4471-QP") == 1.0          # every field word matched
    assert span_gain(ev, offsets, TEXT, "KX-4471") == 0.0             # ends inside a word
    assert span_gain(ev, offsets, TEXT, "4471-QP") == 0.0             # starts inside a word
    assert span_gain(ev, offsets, TEXT, "opens with") == 0.0          # before the last label word
    assert span_gain(ev, offsets, TEXT, "access code KX-4471-QP") == 0.0   # holds the label
    assert span_gain(ev, offsets, TEXT, "KX-4471-QP. Orders ship") == 0.0  # crosses a sentence
    assert span_gain(ev, offsets, TEXT, "Tromsø") == 0.0              # a sentence that says nothing of it
    assert span_gain(ev, offsets, TEXT, "escalate") == 0.0


def test_partial_matches_gain_their_share_and_closing_spans_more():
    field = plan_field({"type": "string", "description": "The email address of the escalation desk"},
                       name="contact_email")
    offsets = offsets_of(TEXT)
    ev = span_evidence(field, TEXT, offsets)
    whole = "escalate@northwind-legal.example"
    share = span_gain(ev, offsets, TEXT, whole)
    assert 0.0 < share < 1.0                                          # "desk" only
    assert span_gain(ev, offsets, TEXT, whole, closing=2.0) == 3.0 * share   # runs to the end
    assert span_gain(ev, offsets, TEXT, "escalate", closing=2.0) == 0.0     # ends before '@'


def test_no_field_words_no_gain():
    field = plan_field({"type": "string"}, name="x")
    ev = span_evidence(field, TEXT, offsets_of(TEXT))
    assert float(ev.start.abs().sum()) == 0.0


def test_head_sets_without_the_weights_load_them_as_zero():
    old = ScoringSettings.from_legacy_tensors({"verbatim_weight": torch.tensor(4.0)})
    assert old == ScoringSettings(verbatim_weight=4.0)
    assert (old.relevance_weight, old.closing_weight, old.null_margin, old.layout_rows) == (0.0, 0.0, 0.0, False)


def test_a_strong_relevance_weight_reads_the_value_after_its_label(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    schema = {"type": "object", "required": ["vault_code"], "properties": {
        "vault_code": {"type": "string", "description": "The access code of the archive vault"}}}
    context = render_context(TEXT)
    plain = rt.fill(context, compile_schema(schema), FillOptions()).fields[0]
    rt.set_scoring(ScoringSettings(relevance_weight=60.0, closing_weight=20.0))
    gained = rt.fill(context, compile_schema(schema), FillOptions()).fields[0]
    assert gained.value == "KX-4471-QP"
    assert context[gained.span[0]:gained.span[1]] == "KX-4471-QP"
    assert 0.0 < gained.confidence <= 1.0                              # still a probability
    rt.set_scoring(ScoringSettings())
    again = rt.fill(context, compile_schema(schema), FillOptions()).fields[0]
    assert again == plain                                              # weight 0: bitwise as before


def test_relevance_and_closing_are_fitted_together_on_extract_leaves(tiny_backbone):
    from deg_model.training.prior_fit import fit_adjustments, record_leaves

    rt = make_runtime(tiny_backbone)
    schema = {"type": "object", "required": ["vault_code"], "properties": {
        "vault_code": {"type": "string", "description": "The access code of the archive vault"}}}
    leaves = record_leaves(rt, [{"context": TEXT, "schema": schema, "value": {"vault_code": "KX-4471-QP"}}])
    values, report = fit_adjustments(rt, leaves, ScoringSettings.heads_only())
    assert {"relevance_weight", "closing_weight", "null_margin"} <= set(values)
    assert report["relevance_weight+closing_weight"]["with"] == 1.0   # the grid reaches the value
    assert rt.scoring.relevance_weight == 0.0                          # left as found



class _Ordered(frozenset):
    """A set that iterates in a given order: what another PYTHONHASHSEED does to a real one."""
    def __new__(cls, words, order):
        made = super().__new__(cls, words)
        made.order = [w for w in order if w in made]
        return made

    def __iter__(self):
        return iter(self.order)

    def __and__(self, other):
        return _Ordered(frozenset(self.order) & frozenset(other), self.order)


def test_the_evidence_is_the_same_bits_whatever_order_a_set_of_words_iterates_in(monkeypatch):
    """A field's words are a set, whose order follows the process's string hashing: the
    relevance of each sentence must not (a restarted server answers bitwise alike)."""
    import random

    import deg_model.runtime.relevance as relevance

    text = " ".join(f"Line {i}: the {' '.join(words)} entry." for i, words in enumerate(
        [("access", "code"), ("archive", "vault", "code"), ("records", "desk", "orders", "archive"),
         ("questions", "document", "escalate", "code", "vault"), ("northwind", "legal", "records"),
         ("access", "vault", "archive", "desk", "legal", "orders", "document")]))
    field = plan_field({"type": "string", "description": "access code archive vault records desk orders "
                                                          "questions document escalate northwind legal"})
    words = sorted(field_words(field))
    starts = set()
    for seed in range(12):
        order = random.Random(seed).sample(words, len(words))
        monkeypatch.setattr(relevance, "field_words", lambda f, order=order: _Ordered(words, order))
        starts.add(span_evidence(field, text, offsets_of(text)).start.numpy().tobytes())
    assert len(starts) == 1
