"""Unrelated text that pads a document to long-context lengths.

Real long documents carry pages of boilerplate around the few values anyone asks for:
terms and conditions, privacy notices, newsletters, office announcements. This text is
built from neutral sentence templates plus Faker names and places, so it holds no value a
schema asks for (no amounts, no dates) and never repeats a gold value's text by design.

Each domain names a `topic`; its filler mixes that topic's boilerplate (a clinic's patient
information, an airline's baggage rules, a lease's house rules) into the general text, so
the padding reads like the rest of its document rather than like any document.
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


TOPICS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # topic: (headings, sentences)
    "commerce": (("Delivery information", "Returns policy", "Payment information"), (
        "Goods remain our property until paid for in full.",
        "Please check the delivery for completeness and report any damage straight away.",
        "Claims for missing items must be made in writing.",
        "Our warehouse in {city} dispatches orders on working days.",
        "Bank charges for international transfers are borne by the payer.")),
    "finance": (("Account information", "Security notice", "Interest and charges"), (
        "We will never ask for your PIN or password by phone or e-mail.",
        "Please check your statement carefully and tell us about any entry you do not recognise.",
        "Deposits are protected by the national deposit guarantee scheme.",
        "Our branch in {city} offers appointments with a personal adviser.",
        "You can manage your saved payees in online banking.")),
    "legal": (("Interpretation", "Notices", "Entire agreement", "Severability"), (
        "Headings are for convenience only and do not affect interpretation.",
        "Notices must be given in writing and delivered by hand or by recorded post.",
        "This agreement constitutes the entire agreement between the parties.",
        "No variation of this agreement is effective unless made in writing.",
        "A waiver of any right is only effective if it is given in writing.",
        "Each party shall bear its own costs in connection with this agreement.")),
    "health": (("Patient information", "Your rights", "Before your appointment"), (
        "Please bring a list of any medicines you are currently taking.",
        "Results are reviewed by a qualified clinician before they are released.",
        "If your symptoms get worse, contact your doctor or the out-of-hours service.",
        "The clinic in {city} is accessible for wheelchair users.",
        "Your health records are kept confidential and shared only with your consent.")),
    "travel": (("Travel information", "Baggage rules", "Before you travel"), (
        "Please make sure your passport is valid for the whole of your trip.",
        "Liquids in hand luggage must be carried in a clear resealable bag.",
        "Check-in staff in {city} can help with special assistance requests.",
        "Sharp objects must be packed in checked luggage.",
        "Guests are asked to respect the quiet hours of the house.")),
    "tech": (("Release notes", "Known limitations", "Support"), (
        "Logs are kept for a limited period and then deleted automatically.",
        "The team in {city} rotates the on-call duty every week.",
        "Please attach screenshots and browser details to every report.",
        "Duplicate reports are closed with a link to the original one.",
        "Security problems should be reported privately, never in a public tracker.")),
    "media": (("About the company", "Forward-looking statements", "Editorial note"), (
        "This release contains forward-looking statements that involve risks and uncertainties.",
        "{company} is headquartered in {city} and employs staff across several countries.",
        "Images are available from the press office on request.",
        "The findings should be interpreted with caution until they are replicated.",
        "Funding sources had no role in the design of the study.")),
    "listings": (("About the seller", "Viewing information", "Good to know"), (
        "All details are provided in good faith but do not form part of any contract.",
        "Viewings are strictly by appointment.",
        "Photos are for illustration and may show optional extras.",
        "The neighbourhood around {city} has good transport links.",
        "Buyers are advised to arrange an independent inspection.")),
    "public": (("Public notice", "Guidance", "How to contact us"), (
        "Information in this report may be shared with other agencies where the law allows.",
        "If you are in immediate danger, call the emergency number.",
        "Forecasts are updated several times a day as new data arrives.",
        "Keep copies of the documents you used to complete this form.",
        "Offices in {city} are open to the public on weekday mornings.")),
    "academic": (("Academic integrity", "Student support", "Trial registration"), (
        "Plagiarism is a serious academic offence and is reported to the examinations board.",
        "Students with a disability may request reasonable adjustments.",
        "The library in {city} offers workshops on referencing.",
        "The protocol was approved by the independent ethics committee.",
        "Participants gave written informed consent before enrolment.")),
    "leisure": (("About the venue", "Allergy information", "Club news"), (
        "Please tell our staff about any allergies before ordering.",
        "The kitchen uses nuts, gluten and dairy, so traces may be present.",
        "Season ticket holders in {city} can renew at the ticket office.",
        "The ground is a short walk from the central station.",
        "Children must be accompanied by an adult at all times.")),
}


def paragraph(rng, fake, sentences: int, topic: str | None = None) -> str:
    pool = SENTENCES + list(TOPICS[topic][1]) * 3 if topic else SENTENCES
    picked = rng.sample(range(len(pool)), min(sentences, len(pool)))
    texts = list(dict.fromkeys(pool[i] for i in picked))
    return " ".join(t.format(company=fake.company(), city=fake.city(), name=fake.name())
                    for t in texts)


def block(rng, fake, chars: int, topic: str | None = None) -> str:
    """Headed paragraphs of at most `chars` characters, as many as fit (maybe none)."""
    parts: list[str] = []
    size = 0
    headings = HEADINGS + list(TOPICS[topic][0]) * 3 if topic else HEADINGS
    for _ in range(chars // 120 + 1):
        piece = (rng.choice(headings) + "\n" + paragraph(rng, fake, rng.randint(3, 8), topic)
                 + "\n\n")
        if size + len(piece) > chars:
            break
        parts.append(piece)
        size += len(piece)
    return "".join(parts)
