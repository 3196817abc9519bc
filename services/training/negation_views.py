"""Negation views: a record read again with one true/false field's evidence said the other way.

A reader that has learnt which words a flag's sentence holds, and not what the sentence says,
answers "this is not a telehealth visit" as it answers "this is a telehealth visit". A negation
view is the contrast that teaches the difference: the same document with one top-level
true/false field's evidence negated (or its negation taken away) and the answer flipped, every
other sentence, span and label unchanged (`evidence_swaps.swapped` puts the sentence in).

The sentence is turned by English grammar alone, never by a document's own wording:
- with no negation in it, no question mark, and a copula or modal (is, are, was, were, will,
  can, may, must, should, would, could; has, have, had before a participle), "not" follows the
  first ("Pets are allowed" -> "Pets are not allowed"; "can" -> "cannot");
- with exactly one negated auxiliary ("is not", "will not", "doesn't", "cannot") and no other
  negation, the negation goes ("does not allow" -> "does allow");
- any other sentence (more than one clause: a ";", a ":" or a second verb of those; a negation
  elsewhere, "no", "never", "without", "un-" words; no such verb) is left alone: turning it
  would take a meaning the grammar does not give, or turn a clause the field does not rest on.

For each train record, drawn from a `random.Random` seeded by (seed, uid), with p = P, one of its
top-level true/false fields whose evidence turns is negated. The view gets the uid suffix `~n`
and follows its record.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

from services.training.evidence_swaps import followed_by_views, swapped

AUXILIARIES = ("is", "are", "was", "were", "will", "can", "may", "must", "should", "has", "have", "had",
               "does", "do", "did", "would", "could")
_AUX = "|".join(AUXILIARIES)
_NEGATED = re.compile(rf"\b({_AUX}) not\b|\b({_AUX})n't\b|\b(can)not\b", re.IGNORECASE)
_OTHER_NEGATION = re.compile(r"\b(not|no|never|none|nothing|nobody|neither|nor|without)\b|n't\b|\bcannot\b"
                             r"|\b(un|non-?)[a-z]{3,}", re.IGNORECASE)
# where "not" may go in: after a copula or a modal, or after has/have/had before a participle
# ("has been", "has changed"); do/does/did and a bare "has" are as often the main verb ("To do",
# "has 3 bedrooms")
_INSERT_AFTER = re.compile(r"\b(is|are|was|were|will|can|may|must|should|would|could)\b(?= \w)"
                           r"|\b(has|have|had)\b(?= (?:been|\w+ed|\w+en)\b)", re.IGNORECASE)
# words starting with un/non that negate nothing
_NOT_NEGATIONS = ("under", "until", "unit", "union", "unique", "universal", "university", "unless", "uniform",
                  "united", "unity", "none")


def _negations(text: str) -> list[re.Match]:
    return [m for m in _OTHER_NEGATION.finditer(text)
            if not (m.group(2) and m.group(0).lower().startswith(_NOT_NEGATIONS))]


def negated(text: str) -> str | None:
    """`text` said the other way (module docstring), or None where grammar alone cannot."""
    if ";" in text or ":" in text or len(_INSERT_AFTER.findall(text)) + len(_NEGATED.findall(text)) > 1:
        return None                         # more than one clause: which one the field rests on is unknown
    found = _NEGATED.findall(text)
    if found:
        if len(found) != 1 or len(_negations(text)) != 1:
            return None
        m = _NEGATED.search(text)
        aux = m.group(1) or m.group(2) or m.group(3)
        return text[:m.start()] + aux + text[m.end():]
    if _negations(text) or "?" in text:      # a question's yes or no answers it, whatever its verb says
        return None
    m = _INSERT_AFTER.search(text)
    if m is None:
        return None
    if m.group(0).lower() == "can":
        return text[:m.end()] + "not" + text[m.end():]
    return text[:m.end()] + " not" + text[m.end():]


def negation_view(record: dict[str, Any], key: str) -> dict[str, Any] | None:
    """`record` with `key`'s evidence negated and its answer flipped; None where the evidence
    does not turn or the turned sentence would leave another label untrue."""
    answer, entry = record["value"].get(key), record["decide"][f"/{key}"]
    turned = negated(entry["evidence"]) if isinstance(answer, bool) else None
    if turned is None:
        return None
    view = swapped(record, key, not answer, {**entry, "answer": not answer, "evidence": turned})
    if view is not None:
        view["uid"] = f"{record['uid']}~n"
    return view


def with_negations(records: list[dict[str, Any]], seed: int, p: float) -> Iterator[dict[str, Any]]:
    """Each record, followed (with probability `p`) by one negation view of it."""
    return followed_by_views(records, seed, p, "negation-views", lambda record, key, rng: negation_view(record, key),
                             asks=lambda record, key: isinstance(record["value"][key], bool))
