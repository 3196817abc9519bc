"""Published prose: press releases and research abstracts.

Facts sit inside running sentences rather than labelled fields: a release's dateline
("Berlin, 5 March 2024 - Acme today announced ..."), quotes attributed to named people,
figures in prose; an abstract's sample size, study design and whether the result was significant
("did not differ significantly" is a negation a reader must catch).
"""
from __future__ import annotations

from .. import fields as F
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import says

PRESS_FIELDS = [
    F.text("company", "Company", "Company issuing the release.", "issuer", "organisation"),
    F.text("headline", "Headline", "Headline of the release.", "title"),
    F.text("city", "Dateline city", "City in the dateline.", "location", keep=0.7),
    F.date("release_date", "Release date", "Date in the dateline.", "date", "published"),
    F.choice("topic", "Topic", "What the release announces.",
             ["product launch", "acquisition", "financial results", "partnership", "appointment"],
             "announcement_type"),
    F.items("quotes", "Quotes", "Each person quoted in the release.", [
        F.text("speaker", "Speaker", "Name of the person quoted.", "name"),
        F.text("role", "Role", "Their job title as given.", "title", keep=0.7),
    ], "spokespeople"),
    F.number("amount", "Deal value", "Money amount announced (price, revenue), if any.",
             "value", optional=True, keep=0.7),
    F.text("media_contact_email", "Media contact", "Press contact e-mail.", "press_email",
           format="email", keep=0.6),
    F.flag("embargoed", "Embargoed", "Whether the release is under embargo.", "under_embargo",
           keep=0.6),
]
TOPIC_TEXT = {"product launch": "today launched {thing}, its new {kind} for small businesses",
              "acquisition": "today announced that it has agreed to acquire {other}",
              "financial results": "today reported its results for the fourth quarter",
              "partnership": "today announced a strategic partnership with {other}",
              "appointment": "today announced the appointment of {person} as Chief Financial Officer"}
ROLES = ["Chief Executive Officer", "Head of Product", "CFO", "Managing Director",
         "Vice President, Sales", "Founder"]


def press_release(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    topic = rng.choice(list(TOPIC_TEXT))
    company, other = fake.company(), fake.company()
    thing = f"{fake.word().capitalize()}{rng.choice(['Pay', 'Cloud', 'Hub', 'Desk', 'Flow'])}"
    person = fake.name()
    headline = {"product launch": f"{company} launches {thing}",
                "acquisition": f"{company} to acquire {other}",
                "financial results": f"{company} reports record fourth-quarter revenue",
                "partnership": f"{company} and {other} announce partnership",
                "appointment": f"{company} appoints {person} as CFO"}[topic]
    amount = kit.amount(2, 900) if topic in ("acquisition", "financial results") or kit.chance(0.2) else None
    embargo = kit.chance(0.25)
    quotes = [{"speaker": fake.name(), "role": r} for r in rng.sample(ROLES, rng.randint(1, 3))]
    day = kit.day()
    facts = {"company": company, "headline": headline, "city": fake.city(),
             "release_date": day.isoformat(), "topic": topic, "quotes": quotes,
             "amount": amount, "media_contact_email": fake.company_email(), "embargoed": embargo}
    embargo_text = says(rng, embargo, ("EMBARGOED UNTIL 07:00 CET", "Under embargo until further notice"),
                        ("FOR IMMEDIATE RELEASE", "For immediate release - not embargoed"))
    doc.line(embargo_text).line().put(("headline",), headline).line().line()
    doc.put(("city",), facts["city"]).add(", ")
    kit.date(doc, ("release_date",), day).add(" - ").put(("company",), company).add(" ")
    lead = TOPIC_TEXT[topic].format(thing=thing, kind=rng.choice(["platform", "app", "service"]),
                                    other=other, person=person)
    doc.add(lead)
    if amount is not None:
        doc.add(" in a deal worth " if topic == "acquisition" else ", with a figure of ")
        kit.money(doc, ("amount",), amount).add(" million")
    doc.line(".").line()
    doc.line(fake.paragraph(nb_sentences=3)).line()
    kit.pad(doc)
    for i, q in enumerate(quotes):
        doc.add(f'"{fake.sentence(nb_words=12)[:-1]}," said ').put(("quotes", i, "speaker"), q["speaker"])
        doc.add(", ").put(("quotes", i, "role"), q["role"]).line(f" of {company}.").line()
    kit.pad(doc)
    doc.line(f"About {company}").line(fake.paragraph(nb_sentences=2)).line()
    doc.add("Media contact: ").put(("media_contact_email",), facts["media_contact_email"]).line()
    return Draft(("Press release", "News release"), PRESS_FIELDS, facts, doc, {
        ("topic",): lead, ("embargoed",): embargo_text})


ABSTRACT_FIELDS = [
    F.text("title", "Title", "Title of the paper.", "paper_title"),
    F.items("authors", "Authors", "Authors in the order listed.", [
        F.text("name", "Name", "Author name.", "author"),
        F.text("affiliation", "Affiliation", "Institution of the author.", "institution",
               keep=0.6),
    ], "author_list"),
    F.choice("design", "Study design", "Kind of study.",
             ["randomised controlled trial", "cohort study", "case-control study", "meta-analysis"],
             "study_type"),
    F.integer("sample_size", "Sample size", "Number of participants analysed.", "n",
              "participants"),
    F.number("effect_size", "Effect", "Main effect reported (percentage points).", "effect",
             keep=0.6),
    F.flag("significant", "Significant", "Whether the main result was statistically significant.",
           "statistically_significant"),
    F.strings("keywords", "Keywords", "Keywords listed.", "key_words", keep=0.7),
    F.text("doi", "DOI", "DOI of the paper, if given.", optional=True, keep=0.6),
    F.date("published", "Publication date", "Date the paper was published.", "date",
           optional=True, keep=0.6),
]
TOPICS = [("a mobile coaching app", "daily step count"), ("a low-salt diet", "systolic blood pressure"),
          ("school breakfast clubs", "reading scores"), ("remote physiotherapy", "knee pain scores"),
          ("a workplace sleep programme", "absenteeism"), ("vitamin D supplementation", "winter infections")]
KEYWORDS = ["public health", "intervention", "primary care", "randomisation", "adherence",
            "behaviour change", "epidemiology", "outcomes research", "digital health"]
DESIGN_TEXT = {"randomised controlled trial": "In this randomised controlled trial",
               "cohort study": "In this prospective cohort study",
               "case-control study": "In this case-control study",
               "meta-analysis": "In this meta-analysis of published trials"}


def research_abstract(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    (what, outcome), design = rng.choice(TOPICS), rng.choice(list(DESIGN_TEXT))
    sig = kit.chance(0.55)
    n = rng.randint(40, 9000)
    effect = round(rng.uniform(0.5, 18), 1)
    authors = [{"name": fake.name(), "affiliation": f"University of {fake.city()}"}
               for _ in range(rng.randint(1, 5))]
    pub = kit.maybe(kit.day(), 0.85)
    doi = f"10.{rng.randint(1000, 9999)}/{fake.lexify('????').lower()}.{rng.randint(100, 9999)}"
    facts = {"title": f"Effect of {what} on {outcome}: a {design}",
             "authors": authors, "design": design, "sample_size": n, "effect_size": effect,
             "significant": sig, "keywords": rng.sample(KEYWORDS, rng.randint(2, 5)),
             "doi": kit.maybe(doi, 0.8),
             "published": pub.isoformat() if pub else None}
    doc.put(("title",), facts["title"]).line().line()
    for i, a in enumerate(authors):
        doc.add(", " if i else "").put(("authors", i, "name"), a["name"]).add(f"{i + 1}")
    doc.line()
    for i, a in enumerate(authors):
        doc.add(f"{i + 1} ").put(("authors", i, "affiliation"), a["affiliation"]).line()
    if pub:
        doc.add("Published: ")
        kit.date(doc, ("published",), pub).line()
    doc.line()
    doc.line("Background").line(f"Little is known about whether {what} improves {outcome}.").line()
    kit.pad(doc)
    design_text = DESIGN_TEXT[design]
    doc.line("Methods").add(f"{design_text}, ")
    kit.count(doc, ("sample_size",), n).line(" participants were analysed.").line()
    doc.add("Results\nThe difference between groups was ")
    kit.num(doc, ("effect_size",), effect, places=1).add(" percentage points. ")
    sig_text = says(rng, sig, ("This difference was statistically significant (p < 0.01).",
                               "The effect was significant at the 5% level."),
                    ("Outcomes did not differ significantly between groups (p = 0.34).",
                     "The difference was not statistically significant."))
    doc.line(sig_text).line()
    kit.pad(doc)
    doc.add("Keywords: ")
    for i, k in enumerate(facts["keywords"]):
        doc.add("; " if i else "").put(("keywords", i), k)
    doc.line()
    if facts["doi"]:
        doc.add("DOI: ").put(("doi",), facts["doi"]).line()
    return Draft(("Research abstract", "Paper metadata"), ABSTRACT_FIELDS, facts, doc, {
        ("design",): design_text, ("significant",): sig_text})
