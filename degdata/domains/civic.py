"""Paperwork between people and public bodies: a council's building permit decision, a notice of
a court hearing, a vaccination card and a lost property report.

Each carries values of the same kind beside the ones asked for: the date an application was
received, the letter date and the next committee date beside the decision date, the agent's own
reference beside the application number, the inspection charge beside the application fee, the
site area beside the new floor area and the letters of support beside the objections; the date
of the notice and a filing deadline beside the hearing date, the time to arrive by beside the
hearing time, the court officer beside the judge, the court's address and telephone beside the
courtroom; a date of birth, the date printed and the next booster beside the dose dates, a
parent beside the card holder, batch numbers beside the card number; the report date beside the
date of loss, the clerk beside the reporter, a crime reference and a found-item number beside
the report number, the item values and a handling fee beside the reward. Documents come as
formal notices, forms with key-value blocks, letters and e-mails, or sections with headings;
arrays are numbered drawing schedules or drawing tables, inline or bulleted lists of documents,
tables of doses, and items of several fields each ("- Backpack (black, Eastpak), approx. value
€60.00"); the lists of strings (documents to bring, allergies, bag contents) may be empty.
Ratings (a design panel's score, a report's priority) appear in every form of `surface.rating`;
booleans are as often negated as stated ("not within a conservation area", "you do not need to
attend", "no adverse reactions recorded", "not reported to the police").
"""
from __future__ import annotations

import datetime as dt

from faker import Faker

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import clock
from ..kit import Kit
from ..surface import rating, says

LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"


def _years_after(d: dt.date, years: int) -> dt.date:
    return (d - dt.timedelta(days=(d.month, d.day) == (2, 29))).replace(year=d.year + years)


def _street(fake: Faker) -> str:
    """A street address on one line (some locales break a flat number onto its own line)."""
    return fake.street_address().replace("\n", ", ")


def _head(doc: Doc, form: str, text: str) -> Doc:
    """A section heading in the document's own form: markdown, capitals or underlined."""
    if form == "md":
        return doc.line(f"## {text}")
    if form == "caps":
        return doc.line(text.upper())
    return doc.line(text).line("-" * len(text))


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "• "])


# ---- building permit decisions --------------------------------------------------------------

COUNCILS = {
    "en_GB": ("{city} City Council", "London Borough of {city}", "{city} District Council"),
    "en_US": ("City of {city}", "Town of {city}", "{city} County"),
    "de_DE": ("Stadt {city}", "Bauaufsichtsbehörde {city}", "Landkreis {city}"),
    "fr_FR": ("Mairie de {city}", "Ville de {city}", "Commune de {city}"),
}
OFFICES = ("Planning and Building Control", "Development Management", "Building Permits Office",
           "Department of Building and Safety")
PROPOSALS = {   # proposal: (least and most new floor area in m², or None when none is created)
    "Single-storey rear extension": (12, 40), "Two-storey side extension": (25, 70),
    "Loft conversion with rear dormer": (15, 35), "Detached double garage": (30, 45),
    "Erection of a detached three-bedroom house": (90, 160),
    "Conversion of a barn into a dwelling": (80, 220),
    "Garden room for use as a home office": (8, 25),
    "Basement extension under the existing house": (30, 90),
    "Change of use from shop to café": None, "Replacement windows and front door": None,
    "Roof-mounted solar panels": None, "New shopfront and illuminated signage": None,
}
DRAWING_TITLES = ["Site location plan", "Block plan", "Existing floor plans",
                  "Proposed floor plans", "Existing elevations", "Proposed elevations",
                  "Proposed sections", "Roof plan", "Proposed street scene", "Landscaping plan"]
DECISIONS = {
    "granted": ("Permission is GRANTED without conditions.",
                "Decision: Approved (no conditions attached)",
                "The council grants permission for the works described; no conditions are "
                "attached."),
    "granted_with_conditions": ("Permission is GRANTED subject to the conditions below.",
                                "Decision: Approved subject to conditions",
                                "The council grants permission for the works described, subject to "
                                "the following conditions."),
    "refused": ("Permission is REFUSED for the reasons below.", "Decision: Refused",
                "The council has decided to refuse your application for the following reasons."),
    "deferred": ("Decision: Deferred - no decision has been made yet.",
                 "The planning committee deferred the application; no decision has been issued.",
                 "Your application has been deferred pending further information."),
}
CONDITIONS = [
    "The development shall begin within three years of the date of this decision.",
    "The development shall be carried out in accordance with the approved plans.",
    "Materials used on the external surfaces shall match those of the existing building.",
    "No windows shall be inserted in the side elevation without further permission.",
    "Construction work shall only take place between 08:00 and 18:00 on weekdays.",
    "Details of cycle storage shall be submitted to and approved by the council before occupation.",
    "The garage shall be kept available for the parking of vehicles at all times."]
REASONS = [
    "By reason of its height and depth, the extension would be overbearing to the neighbouring "
    "house.",
    "The design fails to respect the character and appearance of the street scene.",
    "Insufficient information was submitted on surface water drainage.",
    "The development would result in an unacceptable loss of off-street parking.",
    "The proposal would harm the setting of a nearby listed building."]
DESIGN_LEVELS = {1: "poor", 2: "weak", 3: "acceptable", 4: "good", 5: "exemplary"}
PERMIT_FIELDS = [
    F.text("council", "Council", ("Council or authority that issued the decision.",
                                  "Issuing authority."), "authority", "issuing_authority"),
    F.text("application_number", "Application number",
           ("Council's reference of the application (not the agent's reference).",
            "Planning or permit application reference."), "reference", "application_ref",
           "permit_number"),
    F.text("applicant", "Applicant", "Person who applied (not the agent or the case officer).",
           "applicant_name", "owner"),
    F.text("agent", "Agent", "Architect or agent acting for the applicant, if any.",
           "architect", "agent_name", optional=True, keep=0.6),
    F.text("site_address", "Site address", "Address of the site the works are at.", "site",
           "location", "property_address"),
    F.text("proposal", "Proposal", ("Description of the proposed works.",
                                    "What the application is for."), "description",
           "development", keep=0.8),
    F.choice("decision", "Decision", "Outcome of the application.", list(DECISIONS), "outcome",
             "status", option_descriptions=("Approved with no conditions",
                                            "Approved subject to conditions",
                                            "Permission refused",
                                            "Not yet decided: deferred")),
    F.date("decision_date", "Decision date",
           ("Date the application was determined or deferred (not the date received or the "
            "letter date).", "Date of the decision."), "decided_on", "date_of_decision"),
    F.date("valid_until", "Valid until",
           "Date by which the works must begin before the permission lapses, if stated.",
           "expiry_date", "expires_on", optional=True, keep=0.7),
    F.number("fee", "Application fee", "Fee paid for the application (not the inspection charge).",
             "fee_paid", "application_fee", minimum=0, keep=0.7),
    F.number("floor_area", "New floor area (m²)",
             "Floor area the works create, in square metres, if stated (not the site area).",
             "floor_area_m2", "new_floorspace", optional=True, keep=0.6),
    F.items("drawings", "Drawings", ("Each drawing or plan listed in the decision, in order.",
                                     "Approved or considered plans."), [
        F.text("number", "Drawing number", "Number of the drawing.", "drawing_number",
               "drawing_no"),
        F.text("title", "Title", "What the drawing shows.", "description", "name", keep=0.8),
        F.text("revision", "Revision", "Revision of the drawing, if given.", "rev",
               optional=True, keep=0.6),
    ], "plans", "approved_plans"),
    F.integer("objections", "Objections", "Objections received from neighbours, if reported "
              "(not letters of support).", "objection_count", "objections_received",
              optional=True, keep=0.6),
    F.flag("conservation_area", "Conservation area",
           "Whether the site lies in a conservation area.", "in_conservation_area",
           "heritage_designation", keep=0.7),
    F.score("design_score", "Design rating", "Design review panel's rating of the scheme.",
            DESIGN_LEVELS, "design_rating", "design_quality", keep=0.7),
]


def _application_number(kit: Kit, year: int) -> str:
    rng, n, yy = kit.rng, kit.rng.randint(1, 9999), year % 100
    if kit.locale == "en_GB":
        return f"{yy:02d}/{n:05d}/{rng.choice(['FUL', 'HOU', 'LBC', 'PRIOR'])}"
    if kit.locale == "en_US":
        return rng.choice([f"BP{year}-{n:05d}", f"B{yy:02d}-{n:04d}", f"PRJ-{year}-{n:04d}"])
    if kit.locale == "de_DE":
        return rng.choice([f"63-{n:04d}/{yy:02d}", f"BG-{year}-{n:04d}"])
    return (f"PC {rng.randint(1, 95):03d} {rng.randint(1, 650):03d} {yy:02d} "
            f"{rng.choice(LETTERS)}{n:04d}")


def building_permit(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    city = fake.city()
    council = rng.choice(COUNCILS[kit.locale]).format(city=city)
    received = kit.day()
    decided = received + dt.timedelta(days=rng.randint(21, 120))
    decision = rng.choices(list(DECISIONS), weights=[2, 4, 2, 1])[0]
    granted = decision.startswith("granted")
    score = rng.randint(3, 5) if granted else rng.randint(1, 3) if decision == "refused" else \
        rng.randint(2, 4)
    proposal, span = rng.choice(list(PROPOSALS.items()))
    area = None
    if span and kit.chance(0.8):
        area = rng.randint(*span) if kit.chance(0.4) else round(rng.uniform(*span), 1)
    people = list(dict.fromkeys(fake.name() for _ in range(6)))
    applicant, officer = people[0], people[1]
    agent = kit.maybe(rng.choice([f"{fake.last_name()} Architects", fake.company(),
                                  f"{fake.last_name()} Planning Consultants"]), 0.5)
    job, sep = rng.randint(100, 9999), rng.choice(["-", "/", "_"])
    kind, revised = rng.choice(["P", "PL", "A"]), kit.chance(0.6)
    drawings = [{"number": f"{job}{sep}{kind}{sep}{k:03d}", "title": title,
                 "revision": rng.choice(["A", "B", "C", "P1", "P2", "P3"])
                 if revised and kit.chance(0.85) else None}
                for k, title in zip(sorted(rng.sample(range(100, 130), 5)),
                                    rng.sample(DRAWING_TITLES, rng.randint(1, 5)))]
    conservation = kit.chance(0.3)
    facts = {"council": council, "application_number": _application_number(kit, received.year),
             "applicant": applicant, "agent": agent,
             "site_address": f"{_street(fake)}, {fake.postcode()} {city}",
             "proposal": proposal, "decision": decision, "decision_date": decided.isoformat(),
             "valid_until": _years_after(decided, 3).isoformat() if granted and kit.chance(0.75)
             else None,
             "fee": rng.choice([kit.amount(120, 2400), float(rng.choice([206, 258, 528, 578]))]),
             "floor_area": area, "drawings": drawings,
             "objections": kit.maybe(rng.choice([0, 0, 1, 2, 3, 5, 8, 12]), 0.75),
             "conservation_area": conservation, "design_score": score}
    gold = {k: L.cell(facts[k], (k,)) for k in ("council", "application_number", "applicant",
                                                  "agent", "site_address", "proposal") if facts[k]}
    number_label = rng.choice(["Application no.", "Reference", "Planning reference",
                               "Application ref."])
    decided_label = rng.choice(["Decision date", "Date of decision", "Decision issued"])
    received_label = rng.choice(["Date received", "Application received", "Validated on"])
    office, heading = rng.choice(OFFICES), rng.choice(["md", "caps", "rule"])
    decision_text = rng.choice(DECISIONS[decision])
    layout = rng.choice(["notice", "letter", "sections"])
    if layout == "letter":
        doc.put(("council",), council).line().line(office)
        doc.line(f"{_street(fake)}, {city}").line()
        doc.add(rng.choice(["Our ref: ", "Reference: ", "Our reference: "]))
        doc.put(("application_number",), facts["application_number"]).line()
        if agent and kit.chance(0.6):
            doc.line(f"Your ref: {''.join(rng.sample(LETTERS, 2))}/{rng.randint(100, 999)}")
        kit.date(doc.add("Date: "), None, decided + dt.timedelta(days=rng.randint(1, 4)))
        doc.line().line()
        if agent:
            doc.add("For the attention of ").put(("agent",), agent).line()
            doc.line("Dear Sir or Madam,")
        else:
            doc.add("Dear ").put(("applicant",), applicant).line(",")
        doc.line().add("Re: ").put(("proposal",), proposal).add(" at ")
        doc.put(("site_address",), facts["site_address"]).line().line()
        if agent:
            doc.add("Thank you for the application made on behalf of ")
            doc.put(("applicant",), applicant)
        else:
            doc.add("Thank you for your application")
        kit.date(doc.add(", received on "), None, received)
        kit.date(doc.add(rng.choice([". It was determined on ", ". It was considered on "])),
                 ("decision_date",), decided).line(".").line()
    else:
        rows = [(number_label, gold["application_number"]),
                (received_label, kit.date_cell(None, received)),
                (rng.choice(["Applicant", "Name of applicant"]), gold["applicant"])]
        if agent:
            rows.append((rng.choice(["Agent", "Agent / architect"]), gold["agent"]))
        rows += [(rng.choice(["Site address", "Location", "Site"]), gold["site_address"]),
                 (rng.choice(["Proposal", "Description of development", "Works"]),
                  gold["proposal"]),
                 (decided_label, kit.date_cell(("decision_date",), decided))]
        title = rng.choice(["DECISION NOTICE", "Notice of decision", "BUILDING PERMIT",
                            "Building permit decision"])
        if layout == "notice":
            doc.put(("council",), council).line().line(office).line().line(title).line()
            L.labelled(doc, kit.rng, rows, rng.choice(L.KV_LAYOUTS))
        else:
            doc.line(f"# {title}").add(rng.choice(["Issued by ", "Issuing authority: "]))
            doc.put(("council",), council).line(f" - {office}").line()
            _head(doc, heading, rng.choice(["Application details", "The application"]))
            L.labelled(doc, kit.rng, rows, rng.choice(["bold", "colon", "aligned"]))
        doc.line()
    kit.pad(doc)
    if layout == "sections":
        _head(doc, heading, "Decision")
    doc.line(decision_text)
    if decision == "granted_with_conditions":
        prefix = rng.choice(["", "C", "Condition "])
        for i, text in enumerate(rng.sample(CONDITIONS, rng.randint(2, 5))):
            doc.line(f"{prefix}{i + 1}. {text}")
    elif decision == "refused":
        for i, text in enumerate(rng.sample(REASONS, rng.randint(1, 3))):
            doc.line(f"{i + 1}. {text}")
    elif decision == "deferred":
        kit.date(doc.add("Members asked for further information; the application will be "
                         "reconsidered at the committee meeting on "), None,
                 decided + dt.timedelta(days=rng.choice([21, 28, 35, 42]))).line(".")
    doc.line()
    plans = ("Approved plans" if granted else "Plans considered") if kit.chance(0.6) else \
        rng.choice(["Drawings", "Schedule of drawings"])
    style = rng.choice(["numbered", "bullets", "table"])
    if layout == "sections" or kit.chance(0.4):
        _head(doc, heading, plans)
    else:
        doc.line(f"{plans}:")
    if style == "table":
        L.table(doc, rng, ["Drawing no.", "Title"] + ["Rev."] * revised, [
            [L.cell(d["number"], ("drawings", i, "number")),
             L.cell(d["title"], ("drawings", i, "title"))]
            + [L.cell(d["revision"], ("drawings", i, "revision")) if d["revision"] else L.cell("-")]
            * revised for i, d in enumerate(drawings)])
    for i, d in enumerate(drawings if style != "table" else []):
        at = ("drawings", i)
        if style == "numbered":     # "1. 2211-P-101 Rev B - Proposed floor plans"
            doc.add(f"{i + 1}. ").put(at + ("number",), d["number"])
            if d["revision"]:
                doc.add(" Rev ").put(at + ("revision",), d["revision"])
            doc.add(" - ").put(at + ("title",), d["title"]).line()
        else:                       # "- Proposed floor plans (drg. 2211-P-101, rev. B)"
            doc.add("- ").put(at + ("title",), d["title"]).add(" (drg. ")
            doc.put(at + ("number",), d["number"])
            if d["revision"]:
                doc.add(", rev. ").put(at + ("revision",), d["revision"])
            doc.line(")")
    doc.line()
    kit.pad(doc)
    if layout == "sections":
        _head(doc, heading, rng.choice(["Assessment", "Officer's assessment"]))
    if facts["objections"] is not None:
        support = rng.choice([0, 1, 2, 4, 6])
        if kit.chance(0.5):
            L.labelled(doc, kit.rng, [("Objections received",
                                       kit.count_cell(("objections",), facts["objections"])),
                                      ("Letters of support", kit.count_cell(None, support))],
                       rng.choice(["colon", "aligned", "dots"]))
        else:
            kit.count(doc.add("Neighbour consultation: "), ("objections",), facts["objections"])
            kit.count(doc.add(" objection(s) and "), None, support).line(" letter(s) of support.")
    cons_text = says(rng, conservation,
                     (f"The site lies within the {fake.last_name()} Conservation Area.",
                      "Conservation area: yes", "Heritage: the site is in a conservation area."),
                     ("The site is not within a conservation area.", "Conservation area: no",
                      "No conservation area or other heritage designation applies to the site."))
    form, stated = rating(rng, score)
    if form in ("words", "stars") and kit.chance(0.5):
        design_text = f"The design review panel gave the scheme {stated}."
    else:
        design_text = (f"{rng.choice(['Design review panel rating', 'Design quality score'])}: "
                       f"{stated}" + (f" ({DESIGN_LEVELS[score]})" if kit.chance(0.4) else ""))
    for text in rng.sample([cons_text, design_text], 2):
        doc.line(text)
    if area is not None:
        doc.add(rng.choice(["New floor area: ", "Gross internal floor area created: "]))
        if isinstance(area, int):
            kit.count(doc, ("floor_area",), area)
        else:
            kit.num(doc, ("floor_area",), area, 1)
        unit, site_area = rng.choice([" m²", " sq m"]), rng.randint(max(120, int(area) * 2), 1400)
        if kit.chance(0.5):
            kit.count(doc.add(f"{unit}; site area "), None, site_area).line(unit)
        else:
            kit.count(doc.add(f"{unit} (site area "), None, site_area).line(f"{unit})")
    inspection = kit.amount(150, 900)
    if kit.chance(0.5):
        L.labelled(doc, kit.rng, [("Application fee paid", kit.money_cell(("fee",), facts["fee"])),
                                  ("Inspection charge (invoiced separately)",
                                   kit.money_cell(None, inspection))],
                   rng.choice(["colon", "aligned", "dots"]))
    else:
        kit.money(doc.add("An application fee of "), ("fee",), facts["fee"])
        kit.money(doc.add(" has been received; the building inspection charge of "), None,
                  inspection)
        doc.line(" will be invoiced separately.")
    doc.line()
    if facts["valid_until"]:
        until = dt.date.fromisoformat(facts["valid_until"])
        if kit.chance(0.5):
            kit.date(doc.add("This permission expires on "), ("valid_until",), until)
            doc.line(" unless the development has begun by then.")
        else:
            kit.date(doc.add("Valid until: "), ("valid_until",), until).line()
    elif granted:
        doc.line("This permission lasts for three years from the date of this notice.")
    if decision == "refused":
        doc.line("If you disagree with this decision you may appeal within six months.")
    doc.line().line(rng.choice(["Yours faithfully,", "Signed,", "On behalf of the council,"]))
    doc.line(officer)
    doc.line(rng.choice(["Head of Planning", "Case officer", "Building Control Manager"]))
    kit.pad(doc)
    return Draft(("Building permit decision", "Planning decision notice", "Building permit"),
                 PERMIT_FIELDS, facts, doc, {("decision",): decision_text,
                                             ("conservation_area",): cons_text,
                                             ("design_score",): design_text})


# ---- notices of court hearings --------------------------------------------------------------

COURTS = {
    "en_GB": ("County Court at {city}", "{city} Magistrates' Court",
              "Family Court sitting at {city}", "High Court of Justice, {city} District Registry",
              "{city} Employment Tribunal"),
    "en_US": ("{city} Municipal Court", "Superior Court of {name} County",
              "District Court of {city}", "Circuit Court for {name} County"),
    "de_DE": ("Amtsgericht {city}", "Landgericht {city}", "Arbeitsgericht {city}"),
    "fr_FR": ("Tribunal judiciaire de {city}", "Tribunal de commerce de {city}",
              "Conseil de prud'hommes de {city}"),
}
JUDGES = {"en_GB": ("District Judge", "Deputy District Judge", "Recorder", "Employment Judge"),
          "en_US": ("Judge", "Hon.", "Magistrate Judge"), "de_DE": ("Judge", "Presiding judge"),
          "fr_FR": ("Judge", "Presiding judge")}
ROOMS = {"de_DE": ("Saal {n}", "Sitzungssaal {n}"),
         "fr_FR": ("Salle {n}", "Salle d'audience {n}")}
HEARINGS = {   # type: (how a listing names it, the phrase "listed for the ...")
    "case_management": ("Case management conference", "case management conference"),
    "interim_application": ("Interim application", "hearing of the interim application"),
    "trial": ("Trial", "trial of the claim"),
    "appeal": ("Appeal hearing", "hearing of the appeal"),
    "costs_assessment": ("Detailed assessment of costs", "detailed assessment of costs"),
}
MINUTES = {"case_management": (30, 45, 60), "interim_application": (20, 30, 45, 60),
           "trial": (120, 180, 240, 300), "appeal": (60, 90, 120),
           "costs_assessment": (60, 90, 120)}
FORMATS = {
    "in_person": ("The hearing will take place in person at the court address above.",
                  "Mode of hearing: in person",
                  "This is an in-person hearing; attend at the court building."),
    "video": ("This hearing will take place by video; the joining link will be sent by e-mail.",
              "Mode of hearing: video (remote)", "The hearing is remote, by video link."),
    "telephone": ("The hearing will be conducted by telephone; the court will call you.",
                  "Mode of hearing: telephone", "This is a telephone hearing."),
    "hybrid": ("Hybrid hearing: you may attend in person or join by video.",
               "Mode of hearing: hybrid (in person and video)"),
}
DOCUMENTS = ["Witness statements", "Hearing bundle", "Skeleton argument", "Statement of costs",
             "Expert report", "Proof of income", "Photographs", "Tenancy agreement",
             "Copy of the contract", "List of documents"]
HEARING_FIELDS = [
    F.text("court", "Court", ("Court or tribunal where the case is heard.", "Name of the court."),
           "court_name", "tribunal"),
    F.text("case_number", "Case number", ("Court's case or claim number (not a party's reference).",
                                          "Claim number."), "claim_number", "case_no", "docket"),
    F.text("claimant", "Claimant", "Party who brought the case (claimant, plaintiff, applicant or "
           "appellant).", "plaintiff", "applicant", "appellant"),
    F.text("defendant", "Defendant", "Party the case is brought against (defendant or respondent).",
           "respondent"),
    F.text("judge", "Judge", "Judge hearing the case, if named (not the court officer).",
           "before", "judge_name", optional=True, keep=0.6),
    F.date("hearing_date", "Hearing date", ("Date of the hearing (not the date of the notice or a "
                                            "filing deadline).", "Day the case is listed."),
           "date", "listed_for", "hearing_on"),
    F.text("hearing_time", "Hearing time", "Time the hearing starts, as written (not the time to "
           "arrive by).", "time", "start_time"),
    F.text("courtroom", "Courtroom", "Courtroom or hearing room; null for a remote hearing.",
           "room", "court_room", optional=True, keep=0.7),
    F.choice("hearing_type", "Hearing type", "What kind of hearing is listed.", list(HEARINGS),
             "type", "listing_type"),
    F.choice("format", "Format", "How the hearing takes place.", list(FORMATS), "mode",
             "hearing_format", keep=0.7),
    F.integer("time_estimate", "Time estimate (minutes)", "Time allowed for the hearing in "
              "minutes, if given.", "duration_minutes", "time_allowed", optional=True, keep=0.6),
    F.flag("attendance_required", "Attendance required",
           "Whether the parties must attend the hearing.", "must_attend", "attendance"),
    F.strings("documents", "Documents", ("Documents the parties must bring or file.",
                                         "Documents required for the hearing."),
              "documents_required", "bring", keep=0.8),
    F.date("filing_deadline", "Filing deadline", "Date by which documents must be filed, if given.",
           "file_by", "documents_due", optional=True, keep=0.6),
]


def _case_number(kit: Kit, year: int) -> str:
    rng, n, yy = kit.rng, kit.rng.randint(1, 99999), year % 100
    if kit.locale == "en_GB":
        letters = "".join(rng.sample(LETTERS, 3))    # a county court claim number, "K0QZ123"
        return rng.choice([f"{letters[0]}{rng.randint(0, 9)}{letters[1:]}{n % 1000:03d}",
                           f"{rng.randint(1400000, 6099999)}/{year}"])
    if kit.locale == "en_US":
        return rng.choice([f"{yy:02d}-CV-{n:05d}", f"CV-{year}-{n:06d}",
                           f"{year}-SC-{n % 10000:04d}"])
    if kit.locale == "de_DE":
        return f"{rng.randint(1, 40)} {rng.choice(['C', 'O', 'Ca', 'S'])} {n % 3000}/{yy:02d}"
    return f"{yy:02d}/{n:05d}"


def court_hearing_notice(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    city = fake.city()
    court = rng.choice(COURTS[kit.locale]).format(city=city, name=fake.last_name())
    kind, mode = rng.choice(list(HEARINGS)), rng.choice(list(FORMATS))
    twelve = kit.locale == "en_US" and kit.chance(0.6)
    day = kit.day()
    issued = day - dt.timedelta(days=rng.randint(14, 90))
    start = rng.choice([9 * 60 + 30, 10 * 60, 10 * 60 + 30, 11 * 60, 11 * 60 + 45, 14 * 60,
                        14 * 60 + 15])
    people = list(dict.fromkeys(fake.name() for _ in range(6)))
    claimant = people[0] if kit.chance(0.6) else fake.company()
    defendant = people[1] if kit.chance(0.6) else fake.company()
    room = None
    if mode in ("in_person", "hybrid"):
        form = rng.choice(ROOMS.get(kit.locale, ("Courtroom {n}", "Court {n}", "Room {f}.{n:02d}")))
        room = form.format(n=rng.randint(1, 24), f=rng.randint(0, 4))
    documents = rng.sample(DOCUMENTS, rng.choice([0, 0, 1, 2, 3, 4]))
    attend = kit.chance(0.7)
    deadline = day - dt.timedelta(days=rng.choice([7, 10, 14, 21]))
    facts = {"court": court, "case_number": _case_number(kit, issued.year), "claimant": claimant,
             "defendant": defendant, "judge": kit.maybe(people[2], 0.6),
             "hearing_date": day.isoformat(), "hearing_time": clock(start, twelve),
             "courtroom": room, "hearing_type": kind, "format": mode,
             "time_estimate": kit.maybe(rng.choice(MINUTES[kind]), 0.7),
             "attendance_required": attend, "documents": documents,
             "filing_deadline": deadline.isoformat() if documents and kit.chance(0.7) else None}
    sides = ("Appellant", "Respondent") if kind == "appeal" else rng.choice(
        [("Claimant", "Defendant"), ("Plaintiff", "Defendant"), ("Applicant", "Respondent")])
    clerk, judge_title = people[3], rng.choice(JUDGES[kit.locale])
    address = f"{_street(fake)}, {fake.postcode()} {city}"
    case_label = rng.choice(["Case No.", "Claim number", "Case number", "Ref."]
                            + (["Az."] if kit.locale == "de_DE" else []))
    label, phrase = HEARINGS[kind]
    type_text = rng.choice([f"Type of hearing: {label}", f"Listed for: {label}",
                            f"The case is listed for the {phrase}."])
    mode_text = rng.choice(FORMATS[mode])
    attend_text = says(rng, attend, ("You must attend this hearing.",
                                     "Attendance of the parties is required.",
                                     "The parties are ordered to attend."),
                       ("You do not need to attend this hearing.",
                        "Attendance is not required; you may send written submissions instead.",
                        "Parties are not required to attend."))
    arrive = clock(start - rng.choice([15, 30, 45]), twelve)
    layout = rng.choice(["formal", "form", "letter"])
    if layout == "formal":
        doc.add(rng.choice(["IN THE ", "In the ", ""] if kit.locale.startswith("en") else [""]))
        doc.put(("court",), court).line()
        doc.add(f"{case_label} ").put(("case_number",), facts["case_number"]).line().line()
        width = max(len(claimant), len(defendant)) + 6
        if kit.chance(0.7):
            doc.line(rng.choice(["BETWEEN:", "Between"]))
        doc.put(("claimant",), claimant).line(" " * (width - len(claimant)) + sides[0])
        doc.line(rng.choice(["- and -", "and", "v."]))
        doc.put(("defendant",), defendant).line(" " * (width - len(defendant)) + sides[1])
        doc.line().line(rng.choice(["NOTICE OF HEARING", "NOTICE OF HEARING DATE",
                                    "Notice of listing"])).line()
        doc.add("TAKE NOTICE that this case will be heard")
        if facts["judge"]:
            doc.add(f" before {judge_title} ").put(("judge",), people[2])
        kit.date(doc.add(" on "), ("hearing_date",), day).add(" at ")
        doc.put(("hearing_time",), facts["hearing_time"])
        if room:
            doc.add(" in ").put(("courtroom",), room)
        doc.line(f" at {address}." if room else ".")
    elif layout == "form":
        doc.line(rng.choice(["NOTICE OF HEARING", "Hearing notice", "Notice of listing"]))
        doc.put(("court",), court).line().line(address).line()
        rows = [(case_label.rstrip("."), L.cell(facts["case_number"], ("case_number",))),
                (sides[0], L.cell(claimant, ("claimant",))),
                (sides[1], L.cell(defendant, ("defendant",))),
                (rng.choice(["Hearing date", "Date of hearing", "Date"]),
                 kit.date_cell(("hearing_date",), day)),
                (rng.choice(["Time", "Start time", "Listed at"]),
                 L.cell(facts["hearing_time"], ("hearing_time",))),
                (rng.choice(["Courtroom", "Room", "Location"]),
                 L.cell(room, ("courtroom",)) if room else L.cell("remote"))]
        if facts["judge"]:
            rows.append((rng.choice(["Judge", "Before"]),
                         L.join(L.cell(f"{judge_title} "), L.cell(people[2], ("judge",)))))
        rows.append((rng.choice(["Date of notice", "Issued", "Date of this notice"]),
                     kit.date_cell(None, issued)))
        L.labelled(doc, kit.rng, rows)
    else:       # a letter from the court office to one of the parties
        doc.put(("court",), court).line().line(f"{address}  Tel. {fake.phone_number()}")
        kit.date(doc, None, issued).line().line()
        if claimant in people and kit.chance(0.7):
            doc.add("Dear ").put(("claimant",), claimant).line(",")
        else:
            doc.line("Dear Sir or Madam,")
        doc.line().put(("claimant",), claimant).add(rng.choice([" v ", " v. ", " vs. "]))
        doc.put(("defendant",), defendant).add(f" - {case_label} ")
        doc.put(("case_number",), facts["case_number"]).line().line()
        kit.date(doc.add("The hearing will take place on "), ("hearing_date",), day).add(" at ")
        doc.put(("hearing_time",), facts["hearing_time"])
        if room:
            doc.add(" in ").put(("courtroom",), room)
        if facts["judge"]:
            doc.add(f" before {judge_title} ").put(("judge",), people[2])
        doc.line(".")
    doc.line()
    kit.pad(doc)
    parts = ["type", "mode", "attend"] + ["estimate"] * (facts["time_estimate"] is not None)
    for part in rng.sample(parts, len(parts)):
        if part == "estimate":
            doc.add(rng.choice(["Time estimate: ", "Time allowed: ",
                                "Estimated length of hearing: "]))
            kit.count(doc, ("time_estimate",), facts["time_estimate"])
            doc.line(rng.choice([" minutes", " min", " mins"]))
        else:
            doc.line({"type": type_text, "mode": mode_text, "attend": attend_text}[part])
    if attend and room:
        doc.line(rng.choice([f"Please arrive by {arrive} to allow time for security checks.",
                             f"The court building opens at {arrive}."]))
    doc.line()
    _strings(kit, doc, "documents", documents,
             rng.choice(["Documents to bring", "Please bring", "Documents required",
                         "File and serve"]),
             rng.choice(["No documents need to be filed for this hearing.",
                         "Documents required: none"]))
    if facts["filing_deadline"]:
        if kit.chance(0.5):
            kit.date(doc.add("Documents must be filed and served no later than "),
                     ("filing_deadline",), deadline).line(".")
        else:
            kit.date(doc.add("Filing deadline: "), ("filing_deadline",), deadline).line()
    doc.line()
    doc.line(rng.choice(["Please quote the case number on all correspondence.",
                         "If you need an interpreter, contact the court office at once."]
                        + ["If you do not attend, the court may make an order in your absence."]
                        * attend))
    kit.pad(doc)
    if layout == "letter":
        doc.line().line("Yours sincerely,").line(clerk)
        doc.line(rng.choice(["Court Officer", "Listing Office"]))
    else:
        kit.date(doc.line().add(rng.choice(["Dated ", "Issued on ", "Date: "])), None, issued)
        doc.line().line(f"{rng.choice(['Court officer', 'Issued by', 'Clerk'])}: {clerk}")
    return Draft(("Notice of hearing", "Court hearing notice", "Hearing listing"), HEARING_FIELDS,
                 facts, doc, {("hearing_type",): type_text, ("format",): mode_text,
                              ("attendance_required",): attend_text})


# ---- vaccination cards ----------------------------------------------------------------------

VACCINES = {   # disease: (products, days between the doses of one course)
    "Tetanus, diphtheria, pertussis": (("Boostrix", "Repevax", "Adacel"), (0,)),
    "Hepatitis A": (("Havrix 1440", "Vaqta"), (0, 180)),
    "Hepatitis B": (("Engerix-B", "HBVaxPro"), (0, 30, 150)),
    "Measles, mumps, rubella": (("Priorix", "M-M-RvaxPro"), (0, 730)),
    "Influenza": (("Vaxigrip Tetra", "Influvac Tetra", "Fluad"), (0,)),
    "COVID-19": (("Comirnaty", "Spikevax", "Nuvaxovid"), (0, 21, 180)),
    "Yellow fever": (("Stamaril",), (0,)),
    "Typhoid": (("Typhim Vi",), (0,)),
    "Japanese encephalitis": (("Ixiaro",), (0, 28)),
    "Rabies": (("Rabipur", "Verorab"), (0, 7, 21)),
    "HPV": (("Gardasil 9",), (0, 180)),
    "Shingles": (("Shingrix",), (0, 60)),
    "Pneumococcal": (("Prevenar 13", "Pneumovax 23"), (0,)),
    "Tick-borne encephalitis": (("FSME-Immun", "Encepur"), (0, 30, 270)),
    "Meningococcal ACWY": (("Nimenrix", "Menveo"), (0,)),
    "Diphtheria, tetanus, pertussis, polio, Hib, hepatitis B": (("Infanrix hexa", "Vaxelis"),
                                                                (0, 28, 28)),
    "Rotavirus": (("Rotarix",), (0, 28)),
    "Meningococcal B": (("Bexsero",), (0, 56)),
}
PROFILES = [   # (purpose, diseases to draw from, youngest and oldest age at the first dose)
    ("routine", ["Diphtheria, tetanus, pertussis, polio, Hib, hepatitis B", "Rotavirus",
                 "Meningococcal B", "Pneumococcal"], 0, 0),
    ("routine", ["Influenza", "Pneumococcal", "Shingles", "COVID-19"], 60, 85),
    ("school_entry", ["Measles, mumps, rubella", "Tetanus, diphtheria, pertussis",
                      "Meningococcal ACWY", "HPV"], 4, 13),
    ("travel", ["Hepatitis A", "Typhoid", "Yellow fever", "Rabies", "Japanese encephalitis",
                "Tetanus, diphtheria, pertussis", "Tick-borne encephalitis"], 18, 70),
    ("occupational", ["Hepatitis B", "Influenza", "Measles, mumps, rubella",
                      "Tetanus, diphtheria, pertussis", "COVID-19"], 19, 60),
]
PURPOSES = {
    "routine": ("Routine immunisation schedule.", "Purpose: routine immunisations",
                "Vaccines given as part of the national routine schedule."),
    "travel": ("Travel vaccinations for a trip to {country}.", "Purpose: travel ({country})",
               "Given at a pre-travel consultation before a trip to {country}."),
    "occupational": ("Occupational health record: vaccines required for work as a {job}.",
                     "Purpose: occupational (staff immunisation)"),
    "school_entry": ("Record checked for school entry.", "Purpose: school immunisation check",
                     "Copy for the school nurse: school entry check."),
}
COUNTRIES = ["Thailand", "Kenya", "Peru", "Vietnam", "Ghana", "India", "Brazil", "Tanzania"]
JOBS = ["nurse", "paramedic", "laboratory technician", "dental assistant", "care worker"]
ALLERGIES = ["penicillin", "latex", "eggs", "neomycin", "gelatin", "peanuts", "bee stings"]
SYMPTOMS = ["sore arm", "mild fever", "headache and fatigue", "swelling at the injection site",
            "a rash"]
VACCINATION_FIELDS = [
    F.text("holder", "Holder", ("Person the card belongs to (not a parent or a clinician).",
                                "Name of the vaccinated person."), "name", "patient",
           "patient_name"),
    F.date("date_of_birth", "Date of birth", "Holder's date of birth.", "dob", "birth_date"),
    F.text("record_number", "Record number", "Health, insurance or card number of the holder, if "
           "shown (not a batch number).", "patient_id", "card_number", "health_number",
           optional=True, keep=0.6),
    F.text("issued_by", "Issued by", "Practice or clinic that keeps the record.", "practice",
           "clinic", keep=0.8),
    F.items("doses", "Doses", ("Each dose given, in the order listed.",
                               "The vaccinations on the card."), [
        F.text("vaccine", "Vaccine", "Vaccine product name.", "product", "vaccine_name"),
        F.text("disease", "Disease", "Disease the vaccine protects against, if listed.",
               "against", "target_disease", optional=True, keep=0.6),
        F.date("date", "Date given", "Date the dose was given.", "date_given", "administered_on"),
        F.text("batch", "Batch number", "Batch or lot number, if recorded.", "lot", "lot_number",
               optional=True, keep=0.7),
        F.text("given_by", "Given by", "Clinician who gave the dose, if recorded.",
               "administered_by", "clinician", optional=True, keep=0.5),
    ], "vaccinations", "immunisations"),
    F.integer("dose_count", "Dose count", "Number of doses on the record, if stated.",
              "total_doses", "doses_recorded", optional=True, keep=0.5),
    F.date("next_due", "Next dose due", "When the next dose or booster is due, if given (not the "
           "print date).", "next_booster", "due_date", optional=True, keep=0.7),
    F.choice("purpose", "Purpose", "Why the vaccinations were given.", list(PURPOSES), "reason",
             "programme", keep=0.7),
    F.flag("adverse_reaction", "Adverse reaction", "Whether an adverse reaction to any dose is "
           "recorded.", "reaction_recorded", "had_reaction"),
    F.strings("allergies", "Allergies", ("Known allergies of the holder.", "Allergies noted on "
                                         "the card."), "known_allergies", keep=0.7),
]


def _record_number(kit: Kit) -> tuple[str, str]:
    """(label, number) of the holder's health or card number, as the locale writes it."""
    rng = kit.rng
    if kit.chance(0.4):
        return rng.choice(["Card no.", "Record no."]), f"VC-{rng.randint(0, 999999):06d}"
    if kit.locale == "en_GB":
        return "NHS number", (f"{rng.randint(400, 799)} {rng.randint(0, 999):03d} "
                              f"{rng.randint(0, 9999):04d}")
    if kit.locale == "en_US":
        return "MRN", f"{rng.randint(0, 99999999):08d}"
    if kit.locale == "de_DE":
        return "Versichertennummer", f"{rng.choice(LETTERS)}{rng.randint(100000000, 999999999)}"
    return "N° de sécurité sociale", (f"{rng.randint(1, 2)} {rng.randint(40, 99)} "
                                      f"{rng.randint(1, 12):02d} {rng.randint(1, 95):02d} "
                                      f"{rng.randint(1, 999):03d} {rng.randint(1, 999):03d} "
                                      f"{rng.randint(1, 97):02d}")


def vaccination_record(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    purpose, pool, young, old = rng.choice(PROFILES)
    first = kit.day()
    born = first - dt.timedelta(days=rng.randint(young * 365 + 56, old * 365 + 120))
    show_disease, show_batch, show_by = kit.chance(0.6), kit.chance(0.75), kit.chance(0.6)
    names = list(dict.fromkeys(fake.name() for _ in range(5)))
    holder, parent, staff = names[0], names[1], names[2:2 + rng.randint(1, 3)]
    batches = iter(rng.sample(range(1000, 9999), 12))
    doses = []
    for disease in rng.sample(pool, rng.randint(1, min(4, len(pool)))):
        products, gaps = VACCINES[disease]
        product, day = rng.choice(products), first + dt.timedelta(days=rng.randint(0, 120))
        for gap in gaps[:rng.randint(1, len(gaps))]:
            day += dt.timedelta(days=gap + (rng.randint(0, 6) if gap else 0))
            doses.append({"vaccine": product, "disease": disease if show_disease else None,
                          "date": day.isoformat(),
                          "batch": f"{rng.choice(LETTERS)}{rng.choice(LETTERS)}{next(batches)}"
                          if show_batch and kit.chance(0.9) else None,
                          "given_by": rng.choice(staff) if show_by and kit.chance(0.9) else None})
    doses.sort(key=lambda d: d["date"])
    last = dt.date.fromisoformat(doses[-1]["date"])
    reaction = kit.chance(0.25)
    label, number = _record_number(kit)
    practice = rng.choice({
        "de_DE": [f"Praxis Dr. {fake.last_name()}", f"Gesundheitsamt {fake.city()}"],
        "fr_FR": [f"Centre de vaccination de {fake.city()}", f"Cabinet du Dr {fake.last_name()}"],
    }.get(kit.locale, [f"{fake.last_name()} Medical Practice", f"{fake.city()} Travel Clinic",
                       f"{fake.city()} Health Centre", f"Occupational Health, {fake.company()}"]))
    facts = {"holder": holder, "date_of_birth": born.isoformat(),
             "record_number": kit.maybe(number, 0.7), "issued_by": practice, "doses": doses,
             "dose_count": kit.maybe(len(doses), 0.5),
             "next_due": kit.maybe(_years_after(last, rng.choice([1, 3, 5, 10])).isoformat(),
                                   0.5),
             "purpose": purpose, "adverse_reaction": reaction,
             "allergies": rng.sample(ALLERGIES, rng.choice([0, 0, 0, 1, 1, 2]))}
    printed = last + dt.timedelta(days=rng.randint(0, 60))
    child = (first - born).days < 14 * 365
    purpose_text = rng.choice(PURPOSES[purpose]).format(country=rng.choice(COUNTRIES),
                                                       job=rng.choice(JOBS))
    vaccine = rng.choice(doses)["vaccine"]
    symptom = rng.choice(SYMPTOMS)
    reaction_text = says(rng, reaction, (f"Adverse reaction recorded: {symptom} after {vaccine}.",
                                         f"Reactions: {symptom} after the {vaccine} dose"),
                         ("No adverse reactions recorded.", "Reactions: none reported",
                          "No reaction was reported after any dose."))
    layout = rng.choice(["card", "summary", "letter"])
    rows = [(rng.choice(["Name", "Holder", "Patient"]), L.cell(holder, ("holder",))),
            (rng.choice(["Date of birth", "DOB", "Born"]),
             kit.date_cell(("date_of_birth",), born))]
    if child and kit.chance(0.6):
        rows.append((rng.choice(["Parent/guardian", "Parent"]), L.cell(parent)))
    if facts["record_number"]:
        rows.append((label, L.cell(number, ("record_number",))))
    if layout == "card":
        doc.line(rng.choice(["VACCINATION RECORD", "International Certificate of Vaccination",
                             "Immunisation card", "Vaccination card"])).line()
        L.labelled(doc, kit.rng, rows + [(rng.choice(["Issued by", "Practice", "Clinic"]),
                                          L.cell(practice, ("issued_by",)))])
        doc.line()
    elif layout == "summary":
        doc.put(("issued_by",), practice).add(" | Printed ")
        kit.date(doc, None, printed).line().line()
        for i, (name, c) in enumerate(rows):
            L.write(doc.add(("    " if i else "") + f"{name}: "), c)
        doc.line().line()
        _head(doc, rng.choice(["md", "caps", "rule"]), rng.choice(["Immunisation history",
                                                                   "Vaccinations given"]))
    else:       # a letter from the practice with a copy of the record
        doc.put(("issued_by",), practice).line().line(_street(fake)).line()
        kit.date(doc, None, printed).line().line().add("Dear ")
        if child:
            doc.add("parent or guardian of ")
        doc.put(("holder",), holder).line(",").line()
        kit.date(doc.add("As requested, here is a copy of the vaccinations recorded for "
                         f"{'your child' if child else 'you'} (date of birth "),
                 ("date_of_birth",), born).add(")")
        if facts["record_number"]:
            doc.add(f", {label} ").put(("record_number",), number)
        doc.line(".").line()
    kit.pad(doc)
    if layout != "letter" or kit.chance(0.3):
        head = ([rng.choice(["Date", "Date given"]),
                 rng.choice(["Vaccine", "Product", "Trade name"])]
                + [rng.choice(["Against", "Disease"])] * show_disease
                + ["Dose"] + [rng.choice(["Batch no.", "Lot", "Lot no."])] * show_batch
                + [rng.choice(["Given by", "Clinician", "Signature"])] * show_by)
        course: dict[str, int] = {}
        table = []
        for i, d in enumerate(doses):
            at = ("doses", i)
            course[d["vaccine"]] = course.get(d["vaccine"], 0) + 1
            table.append(
                [kit.date_cell(at + ("date",), dt.date.fromisoformat(d["date"])),
                 L.cell(d["vaccine"], at + ("vaccine",))]
                + [L.cell(d["disease"], at + ("disease",))] * show_disease
                + [L.cell(str(course[d["vaccine"]]))]
                + [L.cell(d["batch"], at + ("batch",)) if d["batch"] else L.cell("n/r")]
                * show_batch
                + [L.cell(d["given_by"], at + ("given_by",)) if d["given_by"] else L.cell("-")]
                * show_by)
        L.table(doc, rng, head, table)
    else:       # "- 12 March 2024: Comirnaty (COVID-19), batch FK4821, given by Jane Doe"
        bullet = rng.choice(["- ", "* ", ""])
        for i, d in enumerate(doses):
            at = ("doses", i)
            kit.date(doc.add(bullet), at + ("date",), dt.date.fromisoformat(d["date"])).add(": ")
            doc.put(at + ("vaccine",), d["vaccine"])
            if d["disease"]:
                doc.add(" (").put(at + ("disease",), d["disease"]).add(")")
            if d["batch"]:
                doc.add(rng.choice([", batch ", ", lot "])).put(at + ("batch",), d["batch"])
            if d["given_by"]:
                doc.add(", given by ").put(at + ("given_by",), d["given_by"])
            doc.line()
    doc.line()
    if facts["dose_count"] is not None:
        if kit.chance(0.5):
            kit.count(doc.add("Doses recorded: "), ("dose_count",), len(doses)).line()
        else:
            kit.count(doc.add("In total "), ("dose_count",), len(doses))
            doc.line(" dose(s) on record.")
    if facts["next_due"]:
        doc.add(rng.choice(["Next booster due: ", "Next dose due on ", "Booster due by "]))
        kit.date(doc, ("next_due",), dt.date.fromisoformat(facts["next_due"])).line()
    _strings(kit, doc, "allergies", facts["allergies"],
             rng.choice(["Known allergies", "Allergies"]),
             rng.choice(["Known allergies: none", "No known allergies."]))
    for text in rng.sample([purpose_text, reaction_text], 2):
        doc.line(text)
    kit.pad(doc)
    if layout == "letter":
        doc.line().line("Kind regards,").line(rng.choice(staff)).line("Practice nurse")
    else:
        kit.date(doc.line().add(rng.choice(["Printed: ", "Date of issue: ", "Stamp and date: "])),
                 None, printed).line()
    return Draft(("Vaccination record", "Immunisation record", "Vaccination card"),
                 VACCINATION_FIELDS, facts, doc, {("purpose",): purpose_text,
                                                  ("adverse_reaction",): reaction_text})


# ---- lost property reports ------------------------------------------------------------------

LOST_OFFICES = {"de_DE": ("Fundbüro {city}", "Zentrales Fundbüro {city}"),
                "fr_FR": ("Bureau des objets trouvés de {city}",
                          "Service des objets trouvés, {city}")}
OFFICE_FORMS = ("Lost Property Office, {city} Central Station", "{city} Transit - Lost & Found",
                "{city} Airport Lost Property", "{city} Police - Lost and Found")
ITEMS = {   # item: (brands, lowest and highest value, whether it holds other things)
    "Backpack": (("Eastpak", "Fjällräven", "Herschel", "Deuter"), 30, 150, True),
    "Wallet": (("Fossil", "Tommy Hilfiger", "Bellroy"), 15, 90, True),
    "Handbag": (("Michael Kors", "Longchamp", "Radley"), 60, 400, True),
    "Suitcase": (("Samsonite", "Rimowa", "American Tourister"), 80, 600, True),
    "Smartphone": (("Apple iPhone 13", "Samsung Galaxy S22", "Google Pixel 7"), 200, 900, False),
    "Laptop": (("Lenovo ThinkPad", "MacBook Air", "Dell XPS 13"), 400, 1600, False),
    "Headphones": (("Sony", "Bose", "JBL"), 40, 350, False),
    "Umbrella": (("Totes", "Knirps"), 10, 40, False),
    "Jacket": (("The North Face", "Barbour", "Uniqlo"), 40, 300, False),
    "Keys": ((), 5, 30, False),
    "Glasses": (("Ray-Ban", "Oakley"), 80, 300, False),
    "Watch": (("Casio", "Seiko", "Swatch"), 40, 400, False),
}
COLOURS = ["black", "navy blue", "red", "grey", "green", "brown", "silver", "white", "beige"]
CONTENTS = ["house keys", "bank cards", "passport", "driving licence", "ID card",
            "reading glasses", "car keys", "phone charger", "student card", "medication",
            "notebook", "travel pass"]
ID_DOCUMENTS = {"passport", "driving licence", "ID card"}
STATUSES = {
    "open": ("Status: open - no matching item has been handed in yet.",
             "We have not found your property so far; we will keep looking.",
             "Report status: OPEN"),
    "possible_match": ("Status: possible match - found item {found} may be yours; please confirm.",
                       "A found item ({found}) matches your description; please contact us to "
                       "confirm."),
    "found": ("Status: found - ready for collection at the counter.",
              "Good news: your property has been found and can be collected."),
    "closed": ("Status: closed - the item was returned to its owner.",
               "Report closed: nothing was handed in within the retention period."),
}
PRIORITY_LEVELS = {1: "very low", 2: "low", 3: "normal", 4: "high", 5: "urgent"}
LOST_FIELDS = [
    F.text("office", "Office", "Lost property office taking the report.", "lost_property_office",
           "received_at"),
    F.text("report_number", "Report number",
           ("Number of this loss report (not a crime reference or a found-item number).",
            "Reference of the report."), "reference", "report_no", "case_id"),
    F.text("reporter", "Reported by", "Owner who reported the loss (not the clerk).", "owner",
           "reporter_name", "name"),
    F.text("email", "E-mail", "Reporter's e-mail address, if given.", "contact_email",
           format="email", optional=True, keep=0.6),
    F.date("date_lost", "Date lost", ("Date the property was lost (not the date of the report).",
                                      "When the loss happened."), "lost_on", "loss_date"),
    F.text("location", "Where lost", "Place, vehicle or line where the property was lost.",
           "place_lost", "lost_at", "location_lost"),
    F.items("items", "Items", ("Each item reported lost.", "The lost items as described."), [
        F.text("item", "Item", "What the item is.", "name", "object"),
        F.text("colour", "Colour", "Colour of the item, if given.", "color", optional=True,
               keep=0.8),
        F.text("brand", "Brand", "Make or brand, if given.", "make", "manufacturer",
               optional=True, keep=0.7),
        F.number("value", "Value", "Estimated value of the item, if given.", "estimated_value",
                 "worth", optional=True, keep=0.7),
    ], "lost_items", "property"),
    F.strings("contents", "Contents", "What the lost bag, wallet or case contained.",
              "bag_contents", "contained", keep=0.8),
    F.number("reward", "Reward", "Reward offered to the finder, if any (not a handling fee).",
             "finder_reward", "reward_offered", optional=True, keep=0.5),
    F.choice("status", "Status", "Where the report stands.", list(STATUSES), "report_status",
             "state"),
    F.score("priority", "Priority", "Priority the office gave the report.", PRIORITY_LEVELS,
            "urgency", "priority_rating", keep=0.7),
    F.flag("police_informed", "Police informed",
           "Whether the loss was also reported to the police.", "reported_to_police",
           "police_report"),
    F.flag("id_documents", "Identity documents", "Whether identity documents were among the lost "
           "property.", "contains_id", "id_documents_lost", keep=0.7),
]


def _place(kit: Kit) -> str:
    rng, fake = kit.rng, kit.fake
    return rng.choice([
        f"Bus {rng.randint(1, 199)} towards {fake.city()}", f"Tram line {rng.randint(1, 18)}",
        f"Platform {rng.randint(1, 14)}, {fake.city()} Central",
        f"Ticket hall, {fake.city()} station",
        f"Terminal {rng.randint(1, 3)}, gate {rng.choice('ABCD')}{rng.randint(1, 40)}",
        f"Train {rng.choice(['RE', 'IC', 'TER', 'ICE'])} {rng.randint(100, 9999)} to {fake.city()}",
        f"Taxi from {fake.city()} airport", "Left luggage lockers"])


def _report_number(kit: Kit, year: int) -> str:
    rng = kit.rng
    return rng.choice([f"LP-{year}-{rng.randint(1, 99999):05d}",
                       f"{rng.randint(1, 999999):06d}/{year % 100:02d}",
                       f"LF{rng.randint(1, 9999999):07d}", f"FB {year}/{rng.randint(1, 9999):04d}"])


def lost_property_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    city = fake.city()
    office = rng.choice(OFFICE_FORMS + LOST_OFFICES.get(kit.locale, ()) * 2).format(city=city)
    lost = kit.day()
    reported = lost + dt.timedelta(days=rng.choice([0, 0, 1, 1, 2, 3, 5]))
    style = rng.choice(["bullets", "table", "labelled", "prose"])
    items, kinds = [], rng.sample(list(ITEMS), rng.choice([1, 1, 2, 2, 3]))
    for name in kinds:
        brands, lo, hi, _ = ITEMS[name]
        value = float(rng.randint(lo, hi)) if kit.chance(0.5) else kit.amount(lo, hi)
        items.append({"item": name.lower() if style == "prose" else name,
                      "colour": kit.maybe(rng.choice(COLOURS), 0.8) if name != "Keys" else None,
                      "brand": rng.choice(brands) if brands and kit.chance(0.7) else None,
                      "value": kit.maybe(value, 0.6)})
    container = next((it["item"] for it, name in zip(items, kinds) if ITEMS[name][3]), None)
    contents = rng.sample(CONTENTS, rng.randint(1, 4)) if container and kit.chance(0.85) else []
    has_id = bool(ID_DOCUMENTS & set(contents))
    priority = max(1, min(5, 2 + 2 * has_id + ("medication" in contents) + rng.choice([-1, 0, 0, 1])
                          + any((it["value"] or 0) > 500 for it in items)))
    status, police = rng.choice(list(STATUSES)), kit.chance(0.8 if has_id else 0.25)
    people = list(dict.fromkeys(fake.name() for _ in range(4)))
    facts = {"office": office, "report_number": _report_number(kit, reported.year),
             "reporter": people[0], "email": kit.maybe(fake.email(), 0.6),
             "date_lost": lost.isoformat(), "location": _place(kit), "items": items,
             "contents": contents, "reward": kit.maybe(float(rng.choice([20, 25, 50, 100])), 0.3),
             "status": status, "priority": priority, "police_informed": police,
             "id_documents": has_id}
    clerk, phone = people[1], fake.phone_number()
    when = clock(rng.randint(6 * 60, 22 * 60) // 15 * 15,
                  kit.locale == "en_US" and kit.chance(0.5))
    status_text = rng.choice(STATUSES[status]).format(found=f"F-{rng.randint(10000, 99999)}")
    stated = rating(rng, priority)[1]
    priority_text = (rng.choice([f"Priority: {stated}", f"Urgency rating: {stated}"])
                     + (f" ({PRIORITY_LEVELS[priority]})" if kit.chance(0.4) else ""))
    crime = f"{rng.randint(10, 99)}/{rng.randint(10000, 99999)}/{lost.year % 100:02d}"
    police_text = says(rng, police, (f"Also reported to the police (crime reference {crime}).",
                                     "Police informed: yes"),
                       ("Not reported to the police.", "Police informed: no",
                        "The owner has not contacted the police."))
    id_text = says(rng, has_id, ("ID documents among the lost property: yes",
                                 "Identity documents were inside the lost item."),
                   ("No identity documents were lost.", "ID documents: none"))
    layout, heading = rng.choice(["form", "email", "sections"]), rng.choice(["md", "caps", "rule"])
    number = L.cell(facts["report_number"], ("report_number",))
    if layout == "email":
        doc.line(f"From: {office}")
        if facts["email"]:
            doc.add("To: ").put(("email",), facts["email"]).line()
        L.write(doc.add("Subject: Your lost property report "), number).line().line()
        doc.add("Dear ").put(("reporter",), people[0]).line(",").line()
        kit.date(doc.add("Thank you for reporting the loss of your property on "), None, reported)
        doc.add(" to ").put(("office",), office)
        L.write(doc.add(rng.choice(["; your report number is ", ". Reference: "])), number)
        kit.date(doc.line(".").add("You told us you lost the following on "), ("date_lost",), lost)
        doc.add(f" at about {when} (").put(("location",), facts["location"]).line("):").line()
    else:
        rows = [(rng.choice(["Report no.", "Reference", "Our reference"]), number),
                (rng.choice(["Date of report", "Reported on"]), kit.date_cell(None, reported)),
                (rng.choice(["Name", "Owner", "Reported by"]), L.cell(people[0], ("reporter",)))]
        if facts["email"]:
            rows.append(("E-mail", L.cell(facts["email"], ("email",))))
        rows += [(rng.choice(["Telephone", "Phone"]), L.cell(phone)),
                 (rng.choice(["Date lost", "Date of loss", "Lost on"]),
                  kit.date_cell(("date_lost",), lost)),
                 ("Approx. time", L.cell(when)),
                 (rng.choice(["Where lost", "Place of loss", "Location"]),
                  L.cell(facts["location"], ("location",)))]
        title = rng.choice(["LOST PROPERTY REPORT", "Loss report", "Report of lost property"])
        if layout == "form":
            doc.line(title).put(("office",), office).line().line()
            L.labelled(doc, kit.rng, rows, rng.choice(L.KV_LAYOUTS))
        else:
            doc.line(f"# {title}").put(("office",), office).line().line()
            _head(doc, heading, rng.choice(["Reporter and loss", "Details"]))
            L.labelled(doc, kit.rng, rows, rng.choice(["bold", "colon", "aligned"]))
        doc.line()
        if layout == "sections" or kit.chance(0.5):
            _head(doc, heading, rng.choice(["Description of items", "Items lost"]))
        else:
            doc.line(rng.choice(["Items lost:", "Description of property:"]))
    kit.pad(doc)
    if style == "table":
        L.table(doc, rng, ["Item", "Colour", rng.choice(["Make", "Brand"]), "Est. value"], [
            [L.cell(it["item"], ("items", i, "item")),
             L.cell(it["colour"], ("items", i, "colour")) if it["colour"] else L.cell("-"),
             L.cell(it["brand"], ("items", i, "brand")) if it["brand"] else L.cell("-"),
             kit.money_cell(("items", i, "value"), it["value"]) if it["value"]
             else L.cell("unknown")]
            for i, it in enumerate(items)])
    bullet, quote = rng.choice(["- ", "* ", "• "]), '"' if layout == "email" else ""
    if style == "prose" and layout != "email":
        doc.line(rng.choice(["In the owner's words:", "Description given by the owner:"]))
    for i, it in enumerate(items if style != "table" else []):
        at = ("items", i)
        if style == "bullets":      # "- Backpack (black, Eastpak), approx. value €60.00"
            doc.add(bullet).put(at + ("item",), it["item"])
            described = [k for k in ("colour", "brand") if it[k]]
            for j, k in enumerate(described):
                doc.add(" (" if j == 0 else ", ").put(at + (k,), it[k])
            doc.add(")" if described else "")
            if it["value"]:
                kit.money(doc.add(", approx. value "), at + ("value",), it["value"])
            doc.line()
        elif style == "labelled":   # "Item 1: Backpack; colour: black; make: Eastpak; value: 60.00"
            doc.add(f"Item {i + 1}: ").put(at + ("item",), it["item"])
            for k, label in (("colour", "colour"), ("brand", "make")):
                if it[k]:
                    doc.add(f"; {label}: ").put(at + (k,), it[k])
            if it["value"]:
                kit.money(doc.add("; value: "), at + ("value",), it["value"])
            doc.line()
        else:                       # "I lost my black Eastpak backpack, worth about €60.00."
            doc.add(quote + ("I lost my " if i == 0 else "I also lost my "))
            for k in ("colour", "brand"):
                if it[k]:
                    doc.put(at + (k,), it[k]).add(" ")
            doc.put(at + ("item",), it["item"])
            if it["value"]:
                kit.money(doc.add(", worth about "), at + ("value",), it["value"])
            doc.line("." + quote)
    if container:
        bag = container.lower()
        _strings(kit, doc, "contents", contents,
                 rng.choice(["Contents", f"The {bag} contained", "Inside"]),
                 rng.choice(["Contents: none stated", f"Nothing of value was in the {bag}."]))
    doc.line()
    if facts["reward"] is not None:
        doc.add(rng.choice(["Reward offered: ", "The owner offers a reward to the finder of "]))
        kit.money(doc, ("reward",), facts["reward"]).line()
    kit.money(doc.add("A handling fee of "), None, kit.amount(2, 15))
    doc.line(" is charged on collection.")
    if layout == "sections":
        _head(doc.line(), heading, "Status")
    for text in rng.sample([status_text, priority_text, police_text, id_text], 4):
        doc.line(text)
    doc.line()
    kit.pad(doc)
    if layout == "email":
        doc.line("Found items are kept for 90 days. Please quote your report number when you call.")
        doc.line().line("Kind regards,").line(clerk).put(("office",), office).line()
    else:
        doc.line(f"{rng.choice(['Received by', 'Clerk', 'Entered by'])}: {clerk}")
    return Draft(("Lost property report", "Loss report", "Lost item report"), LOST_FIELDS, facts,
                 doc, {("status",): status_text, ("priority",): priority_text,
                       ("police_informed",): police_text, ("id_documents",): id_text})
