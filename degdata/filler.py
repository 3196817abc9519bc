"""Unrelated text that pads a document to long-context lengths.

Real long documents carry pages of boilerplate around the few values anyone asks for:
terms and conditions, privacy notices, newsletters, office announcements. This text is
built from neutral sentence templates plus Faker names and places, so it holds no value a
schema asks for (no amounts, no dates) and never repeats a gold value's text by design.
"""
from __future__ import annotations

HEADINGS = [
    "General terms and conditions", "Privacy notice", "About us", "Notes",
    "Frequently asked questions", "Company news", "Important information",
    "Environmental statement", "Customer service", "Accessibility", "Data protection",
    "Disclaimer", "Our commitment", "Community", "Safety information",
]

SENTENCES = [
    "{company} processes personal data only for the purposes described in this notice.",
    "You may request access to, correction of, or deletion of your personal data at any time.",
    "Our customer service team in {city} is available on working days.",
    "These terms apply to all orders unless otherwise agreed in writing.",
    "Any disputes shall be settled amicably wherever possible before legal action is taken.",
    "We are committed to reducing packaging waste across our entire supply chain.",
    "{name} joined the team this quarter and will lead the new regional office in {city}.",
    "The warranty does not cover damage caused by improper use, accidents or unauthorised repairs.",
    "Please keep this document for your records.",
    "If any provision of these terms is held invalid, the remaining provisions remain in force.",
    "Our offices in {city} will be closed on public holidays.",
    "{company} is a member of several industry associations and supports local initiatives.",
    "We continually review our processes to improve the quality of our service.",
    "Information in this document is provided in good faith and without warranty.",
    "Feedback from customers helps us decide which features to build next.",
    "Data is stored on servers located within the European Economic Area.",
    "Cookies help us understand how visitors use our website.",
    "The annual staff volunteering day took place near {city} and was well attended.",
    "Orders placed after the cut-off time are processed on the next working day.",
    "{name} from {company} presented the results of the customer satisfaction survey.",
    "We never sell customer data to third parties.",
    "Deliveries to remote areas may take longer than usual.",
    "Returned goods must be in their original condition and packaging.",
    "Our sustainability report describes the progress we have made this year.",
    "Questions about this notice can be sent to our data protection officer.",
    "The information above does not constitute legal or financial advice.",
    "All trademarks mentioned are the property of their respective owners.",
    "We reserve the right to amend these terms; the current version is published online.",
    "Training sessions for new staff are held regularly at the head office in {city}.",
    "Thank you for choosing {company}; we look forward to working with you again.",
]


def paragraph(rng, fake, sentences: int) -> str:
    return " ".join(t.format(company=fake.company(), city=fake.city(), name=fake.name())
                    for t in rng.sample(SENTENCES, min(sentences, len(SENTENCES))))


def block(rng, fake, chars: int) -> str:
    """Headed paragraphs of at most `chars` characters, as many as fit (maybe none)."""
    parts: list[str] = []
    size = 0
    for _ in range(chars // 120 + 1):
        piece = rng.choice(HEADINGS) + "\n" + paragraph(rng, fake, rng.randint(3, 8)) + "\n\n"
        if size + len(piece) > chars:
            break
        parts.append(piece)
        size += len(piece)
    return "".join(parts)
