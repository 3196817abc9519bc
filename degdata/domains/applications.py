"""Forms one person files and the letters that answer them: pet adoption applications,
customs declarations and grant award letters.

An adoption form mixes a key-value block with the applicant's own sentences ("We live in a
flat without a garden") and lists the household, some with ages and some without; a
customs form's category is one ticked box among five, its net weights sit beside the gross
weight and its declared total beside the postage; an award letter states the amount
awarded beside the amount requested and the start date beside the letter date, with a
payment schedule table and lettered conditions.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import says

EXPERIENCE = {1: "This would be my first pet.", 2: "We had a family pet when I was a child.",
              3: "I have owned animals like this for over ten years.",
              4: "I work as a veterinary nurse."}
HOMES = {"house": "We live in a house", "flat": "We live in a flat", "farm": "We live on a farm"}
ADOPTION_FIELDS = [
    F.text("applicant", "Applicant", "Person applying to adopt.", "applicant_name", "adopter"),
    F.date("application_date", "Application date",
           "Date of the application (not the home-visit date).", "applied_on"),
    F.text("pet_name", "Pet", "Name of the animal applied for.", "animal_name"),
    F.choice("species", "Species", "Kind of animal.", ["dog", "cat", "rabbit", "guinea pig"],
             "animal_type"),
    F.integer("pet_age_years", "Pet age", "Age of the animal in years, if known.", "age",
              optional=True, keep=0.7),
    F.number("adoption_fee", "Adoption fee", "Fee for the adoption (not the deposit paid).", "fee"),
    F.items("household", "Household", "Each other person living in the home.", [
        F.text("name", "Name", "Household member's name.", "member"),
        F.integer("age", "Age", "Age in years, if given.", "age_years", optional=True, keep=0.7),
    ], "household_members", "residents", keep=0.8),
    F.choice("home_type", "Home", "Type of home.", list(HOMES), "housing", keep=0.7),
    F.flag("has_garden", "Garden", "Whether the home has a secure garden or yard.", "garden"),
    F.score("experience", "Experience", "The applicant's experience with animals.",
            {1: "none", 2: "some", 3: "experienced", 4: "professional"}, "pet_experience", keep=0.6),
    F.date("home_visit", "Home visit", "Date of the home visit, if booked.", "visit_date",
           optional=True, keep=0.6),
]
PET_NAMES = ["Biscuit", "Luna", "Max", "Pepper", "Milo", "Nala", "Oscar", "Daisy", "Rocky", "Willow"]


def pet_adoption_application(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    applied, pet = kit.day(), rng.choice(PET_NAMES)
    species, home = rng.choice(["dog", "cat", "rabbit", "guinea pig"]), rng.choice(list(HOMES))
    garden = kit.chance(0.15 if home == "flat" else 0.8)
    names = list(dict.fromkeys(n for n in (fake.first_name() for _ in range(6)) if n != pet))
    household = [{"name": n, "age": kit.maybe(rng.randint(2, 80), 0.8)}
                 for n in names[:rng.randint(0, 4)]]
    fee = float(rng.choice([60, 85, 120, 150, 195, 250]))
    facts = {"applicant": fake.name(), "application_date": applied.isoformat(), "pet_name": pet,
             "species": species, "pet_age_years": kit.maybe(rng.randint(1, 14), 0.8),
             "adoption_fee": fee, "household": household, "home_type": home, "has_garden": garden,
             "experience": rng.randint(1, 4),
             "home_visit": kit.maybe(kit.day(after=applied, within=14).isoformat(), 0.7)}
    doc.line(f"{fake.city()} Animal Rescue - Adoption application").line()
    species_text = f"Species: {species}"
    L.kv(doc, rng, [("Applicant", L.cell(facts["applicant"], ("applicant",))),
                    ("Date", kit.date_cell(("application_date",), applied)),
                    ("Phone", L.cell(fake.phone_number())),
                    ("Animal", L.cell(facts["pet_name"], ("pet_name",)))])
    doc.line(species_text).add("Age: ")
    if facts["pet_age_years"] is not None:
        kit.count(doc, ("pet_age_years",), facts["pet_age_years"]).line(" years")
    else:
        doc.line("unknown (rescued as a stray)")
    doc.line()
    kit.pad(doc)
    home_text = HOMES[home]
    garden_text = says(rng, garden, ("with a fully fenced garden.", "with a secure back yard."),
                       ("without a garden.", "with no garden or yard."))
    doc.line("About your home").line(f"{home_text} {garden_text}")
    if household and kit.chance(0.4):
        L.table(doc.line("Who else lives with you?"), rng, ["Name", "Age"], [
            [L.cell(h["name"], ("household", i, "name")),
             kit.count_cell(("household", i, "age"), h["age"]) if h["age"] is not None
             else L.cell("-")] for i, h in enumerate(household)])
    elif household:
        doc.line("Who else lives with you?")
        for i, h in enumerate(household):
            doc.add("- ").put(("household", i, "name"), h["name"])
            if h["age"] is not None:
                doc.add(", aged ")
                kit.count(doc, ("household", i, "age"), h["age"])
            doc.line()
    else:
        doc.line("I live alone.")
    doc.line().line(f"Previous experience: {EXPERIENCE[facts['experience']]}").line()
    doc.add("Adoption fee: ")
    kit.money(doc, ("adoption_fee",), fee).add(" (deposit paid: ")
    kit.money(doc, None, float(rng.choice([20, 25, 50]))).line(")")
    if facts["home_visit"]:
        doc.add("Home visit booked for ")
        kit.date(doc, ("home_visit",), dt.date.fromisoformat(facts["home_visit"])).line(".")
    kit.pad(doc)
    return Draft(("Adoption application", "Pet adoption form"), ADOPTION_FIELDS, facts, doc, {
        ("species",): species_text, ("home_type",): home_text, ("has_garden",): garden_text,
        ("experience",): EXPERIENCE[facts["experience"]]})


SCHEMES = {"project grant": "Research Project Grants", "fellowship": "Early Career Fellowships",
           "equipment": "Small Equipment Fund", "travel": "Conference Travel Awards"}
CONDITIONS = ["Submit an annual progress report", "Acknowledge the funder in publications",
              "Publish results open access", "Deposit data in a public repository",
              "Notify us of any change of institution", "Submit a final financial statement"]
ORDINAL_WORDS = ["first", "second", "third", "fourth"]    # "1  May 4, 2026" would read as one date
GRANT_TOPICS = ["Soil microbes and drought", "Urban heat islands", "Early language learning",
                "Low-cost water filters", "Bird migration timing", "Battery recycling"]
GRANT_FIELDS = [
    F.text("grant_reference", "Grant reference", "Reference number of the award.", "award_number",
           "grant_id"),
    F.text("recipient", "Principal investigator", "Person the award is made to.", "pi", "grantee"),
    F.text("project_title", "Project title", "Title of the funded project.", "title"),
    F.number("amount_awarded", "Amount awarded", "Total awarded (not the amount requested).",
             "award_amount", "grant_amount", minimum=0),
    F.date("start_date", "Start date", "Date the grant starts (not the letter date).", "starts"),
    F.integer("duration_months", "Duration", "Grant duration in months.", "months"),
    F.items("instalments", "Payment schedule", "Each scheduled payment, in order.", [
        F.date("date", "Date", "When the instalment is paid.", "due"),
        F.number("amount", "Amount", "Amount of the instalment.", "payment"),
    ], "payments", "schedule"),
    F.strings("conditions", "Conditions", "Each condition of the award.", "terms", keep=0.7),
    F.flag("overheads_covered", "Overheads covered", "Whether indirect costs are funded.",
           "indirect_costs", keep=0.7),
    F.choice("scheme", "Scheme", "Funding scheme.", list(SCHEMES), "programme", keep=0.7),
    F.date("accept_by", "Accept by", "Deadline to accept the award, if given.",
           "acceptance_deadline", optional=True, keep=0.6),
]


def grant_award_letter(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    letter = kit.day()
    start = kit.day(after=letter, within=120)
    scheme, months = rng.choice(list(SCHEMES)), rng.choice([6, 12, 18, 24, 36])
    n = rng.randint(1, 4)
    parts = sorted(rng.sample(range(1_000, 60_000, 50), n), reverse=True)    # front-loaded
    instalments = [{"date": (start + dt.timedelta(days=round(k * months * 30.4 / n))).isoformat(),
                    "amount": float(part)} for k, part in enumerate(parts)]
    awarded, overheads = float(sum(parts)), kit.chance(0.5)
    reference = f"{rng.choice(['GR', 'AW', 'RG'])}/{letter.year}/{rng.randint(100, 9999)}"
    facts = {"grant_reference": reference, "recipient": f"Dr {fake.first_name()} {fake.last_name()}",
             "project_title": rng.choice(GRANT_TOPICS), "amount_awarded": awarded,
             "start_date": start.isoformat(), "duration_months": months,
             "instalments": instalments, "conditions": rng.sample(CONDITIONS, rng.randint(1, 4)),
             "overheads_covered": overheads, "scheme": scheme,
             "accept_by": kit.maybe(kit.day(after=letter, within=30).isoformat(), 0.7)}
    doc.line(f"{fake.company()} Foundation").add("Date: ")
    kit.date(doc, None, letter).add("\nReference: ")
    doc.put(("grant_reference",), reference).line().line().add("Dear ")
    doc.put(("recipient",), facts["recipient"]).line(",").line()
    scheme_text = f"under our {SCHEMES[scheme]} scheme"
    doc.add(f"I am pleased to tell you that your application {scheme_text} for the project \"")
    doc.put(("project_title",), facts["project_title"]).add("\" has been successful. You requested ")
    requested = round(awarded / rng.uniform(0.7, 1.0), -2) + 100
    kit.money(doc, None, requested).add("; the panel has awarded ")
    kit.money(doc, ("amount_awarded",), awarded).add(" for ")
    kit.count(doc, ("duration_months",), months).add(" months, starting on ")
    kit.date(doc, ("start_date",), start).line(".").line()
    kit.pad(doc)
    doc.line("Payment schedule:")
    L.table(doc, rng, ["Instalment", "Date", "Amount"], [
        [L.cell(ORDINAL_WORDS[i]),
         kit.date_cell(("instalments", i, "date"), dt.date.fromisoformat(x["date"])),
         kit.money_cell(("instalments", i, "amount"), x["amount"])]
        for i, x in enumerate(instalments)])
    over_text = says(rng, overheads, ("The award includes indirect costs (overheads).",),
                     ("Indirect costs are not covered by this award.", "No overheads are funded."))
    doc.line().line(over_text).line().line("The award is subject to these conditions:")
    for i, c in enumerate(facts["conditions"]):
        doc.add(f"{chr(97 + i)}) ").put(("conditions", i), c).line()
    if facts["accept_by"]:
        doc.add("\nPlease confirm your acceptance by ")
        kit.date(doc, ("accept_by",), dt.date.fromisoformat(facts["accept_by"])).line(".")
    kit.pad(doc)
    doc.line().line(f"Yours sincerely,\n{fake.name()}, Head of Grants")
    return Draft(("Grant award letter", "Award letter"), GRANT_FIELDS, facts, doc, {
        ("overheads_covered",): over_text, ("scheme",): scheme_text})


CATEGORIES = {"gift": "Gift", "sale of goods": "Sale of goods", "commercial sample": "Commercial sample",
              "returned goods": "Returned goods", "documents": "Documents"}
GOODS = [("Wool scarf", "6117.10"), ("Ceramic mug", "6912.00"), ("Paperback books", "4901.99"),
         ("Cotton T-shirt", "6109.10"), ("Leather wallet", "4202.31"), ("Tea, 250 g", "0902.30"),
         ("Phone charger", "8504.40"), ("Wooden toy", "9503.00"), ("Hand cream", "3304.99"),
         ("Power bank", "8507.60"), ("Perfume, 50 ml", "3303.00")]
DANGEROUS = {"Phone charger": "Contains lithium batteries (UN3481).",
             "Power bank": "Contains lithium batteries (UN3480).",
             "Perfume, 50 ml": "Contains a flammable liquid (UN1266)."}
CUSTOMS_FIELDS = [
    F.text("sender", "Sender", "Name of the sender.", "from_name", "exporter"),
    F.text("recipient", "Recipient", "Name of the addressee.", "consignee", "to_name"),
    F.text("destination_country", "Destination", "Country the parcel is sent to.", "country"),
    F.choice("category", "Category", "Nature of the shipment (the ticked box).", list(CATEGORIES),
             "contents_type"),
    F.items("items", "Contents", "Each line of the contents.", [
        F.text("description", "Description", "What the line contains.", "item"),
        F.integer("quantity", "Quantity", "Number of units.", "qty"),
        F.number("weight_kg", "Net weight (kg)", "Net weight of the line.", "net_weight", keep=0.7),
        F.number("value", "Value", "Declared value of the line.", "declared_value"),
        F.text("hs_code", "HS tariff number", "Tariff code, if given.", "tariff_code",
               optional=True, keep=0.6),
    ], "contents", "lines"),
    F.number("total_value", "Total value", "Total declared value (not postage).", "declared_total",
             minimum=0),
    F.number("gross_weight_kg", "Gross weight (kg)", "Parcel weight with packaging (not net).",
             "total_weight", keep=0.7),
    F.number("postage", "Postage", "Postage or fees paid, if stated.", "shipping_cost",
             optional=True, keep=0.6),
    F.flag("dangerous_goods", "Dangerous goods", "Whether the parcel holds dangerous goods.",
           "contains_batteries", keep=0.7),
    F.date("declared_on", "Date", "Date of the declaration.", "declaration_date", keep=0.7),
]


def customs_declaration(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    category = rng.choice(list(CATEGORIES))
    lines = [{"description": d, "quantity": rng.randint(1, 5), "value": kit.amount(3, 300),
              "weight_kg": round(rng.uniform(0.05, 2.5), 2), "hs_code": kit.maybe(hs, 0.75)}
             for d, hs in rng.sample(GOODS, rng.randint(1, 5))]
    net = round(sum(x["weight_kg"] for x in lines), 2)
    hazards = [DANGEROUS[x["description"]] for x in lines if x["description"] in DANGEROUS]
    danger = bool(hazards) and kit.chance(0.8)
    facts = {"sender": fake.name(), "recipient": fake.name(), "destination_country": fake.country(),
             "category": category, "items": lines,
             "total_value": round(sum(x["value"] for x in lines), 2),
             "gross_weight_kg": round(net + rng.uniform(0.1, 0.8), 2),
             "postage": kit.maybe(kit.amount(4, 60), 0.7), "dangerous_goods": danger,
             "declared_on": kit.day().isoformat()}
    tracking = f"{rng.choice(['RR', 'CP', 'LX'])}{rng.randint(10**8, 10**9 - 1)}{kit.locale[-2:]}"
    doc.line("CUSTOMS DECLARATION CN 23").line()
    L.kv(doc, rng, [("From", L.cell(facts["sender"], ("sender",))),
                    ("To", L.cell(facts["recipient"], ("recipient",))),
                    ("Destination", L.cell(facts["destination_country"], ("destination_country",))),
                    ("Tracking no.", L.cell(tracking))])
    cat_text = f"[X] {CATEGORIES[category]}"
    doc.line().line("  ".join(f"[{'X' if c == category else ' '}] {label}"
                              for c, label in CATEGORIES.items())).line()
    kit.pad(doc)
    table = kit.chance(0.65)
    if table:
        L.table(doc, rng, ["Description", "Qty", "Net kg", f"Value ({kit.style.currency})", "HS no."], [
            [L.cell(x["description"], ("items", i, "description")),
             kit.count_cell(("items", i, "quantity"), x["quantity"]),
             kit.num_cell(("items", i, "weight_kg"), x["weight_kg"]),
             kit.num_cell(("items", i, "value"), x["value"]),
             L.cell(x["hs_code"], ("items", i, "hs_code")) if x["hs_code"] else L.cell("")]
            for i, x in enumerate(lines)])
    for i, x in enumerate([] if table else lines):
        doc.add(f"({i + 1}) ").put(("items", i, "description"), x["description"]).add(", qty ")
        kit.count(doc, ("items", i, "quantity"), x["quantity"]).add(", net ")
        kit.num(doc, ("items", i, "weight_kg"), x["weight_kg"]).add(" kg, value ")
        kit.money(doc, ("items", i, "value"), x["value"])
        if x["hs_code"]:
            doc.add(", tariff no. ").put(("items", i, "hs_code"), x["hs_code"])
        doc.line()
    totals = [("Total value", kit.money_cell(("total_value",), facts["total_value"])),
              ("Total gross weight (kg)", kit.num_cell(("gross_weight_kg",), facts["gross_weight_kg"]))]
    if facts["postage"] is not None:
        totals.append(("Postage/fees", kit.money_cell(("postage",), facts["postage"])))
    doc.line()
    L.kv(doc, rng, totals, rng.choice(["colon", "aligned", "dots", "grid"]))
    danger_text = hazards[0] if danger else rng.choice(
        ["No dangerous goods.", "The parcel does not contain dangerous articles."])
    doc.line().line(danger_text).add("Date and sender's signature: ")
    kit.date(doc, ("declared_on",), dt.date.fromisoformat(facts["declared_on"])).line("  ________")
    kit.pad(doc)
    return Draft(("Customs declaration", "CN23 form"), CUSTOMS_FIELDS, facts, doc, {
        ("category",): cat_text, ("dangerous_goods",): danger_text})
