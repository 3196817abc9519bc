"""Ways of stating one value: ratings, yes/no facts with negation, scales in words.

A reader of real documents meets the same fact written many ways: a 4-star rating is
"4/5", "four stars", "★★★★☆" or "rated 4 out of 5"; a boolean is as often stated by
negation ("not yet paid", "no pets allowed") as by affirmation. Domains draw the wording
here so every domain gets every form, and the decide evidence is the wording itself.
"""
from __future__ import annotations

import random

NUMBER_WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five",
                6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

# Each form names itself so reports and tests can count the forms a corpus holds.
RATING_FORMS = ("slash", "out_of", "rated", "words", "stars", "of", "decimal")


def rating(rng: random.Random, n: int, top: int = 5, form: str | None = None) -> tuple[str, str]:
    """(form, text) stating the rating `n` of `top`: "4/5", "four stars", "★★★★☆", ..."""
    form = form or rng.choice(RATING_FORMS)
    if form == "stars" and top > 10:
        form = "slash"
    word = NUMBER_WORDS.get(n, str(n))
    text = {
        "slash": f"{n}/{top}",
        "out_of": f"{n} out of {top}",
        "rated": f"rated {n} out of {top}",
        "words": f"{word} star{'s' if n != 1 else ''}" if top == 5 else f"{word} out of "
                 f"{NUMBER_WORDS.get(top, str(top))}",
        "stars": "★" * n + "☆" * (top - n),
        "of": f"{n} of {top}",
        "decimal": f"{n}.0 / {top}",
    }[form]
    return form, text


def says(rng: random.Random, truth: bool, yes: tuple[str, ...], no: tuple[str, ...]) -> str:
    """One sentence stating `truth`: drawn from `yes` or from `no` (the negated forms)."""
    return rng.choice(yes if truth else no)


NEGATION_MARKERS = ("not ", "no ", "n't", "never", "without", "none", "excluded",
                    "unpaid", "outstanding", "non-", "nothing")


def is_negated(text: str) -> bool:
    """Whether a sentence states its fact by negation (for corpus reports)."""
    lowered = f" {text.lower()}"
    return any(marker in lowered for marker in NEGATION_MARKERS)
