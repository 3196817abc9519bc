"""Public-service documents: police reports, weather reports and tax return summaries.

Police reports narrate (the report date beside the incident date, "no weapon was
involved"); weather reports are a forecast table with per-day ratings of outdoor
conditions; tax summaries are key-value forms with boxes, where "no refund is due" and a
blank box (null gold) are common.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

POLICE_FIELDS = [
    F.text("case_number", "Case number", "Police case reference.", "report_number", "crime_ref"),
    F.date("incident_date", "Incident date", "When the offence happened (not the report date).",
           "date_of_offence"),
    F.text("location", "Location", "Where it happened.", "place", "address"),
    F.choice("offence", "Offence", "Kind of offence reported.",
             ["theft", "burglary", "vandalism", "assault", "fraud"], "crime_type"),
    F.text("reporting_officer", "Officer", "Officer who took the report.", "officer"),
    F.items("witnesses", "Witnesses", "Each witness named in the report.", [
        F.text("name", "Name", "Witness name.", "witness_name"),
        F.text("phone", "Phone", "Witness phone number, if taken.", "contact", optional=True),
    ], "witness_list", keep=0.8),
    F.items("property", "Property", "Items stolen or damaged with their value.", [
        F.text("item", "Item", "What was taken or damaged.", "description"),
        F.number("value", "Value", "Estimated value.", "estimated_value", keep=0.8),
    ], "stolen_items", keep=0.8),
    F.flag("weapon_involved", "Weapon involved", "Whether a weapon was used.", "armed",
           keep=0.7),
    F.flag("suspect_identified", "Suspect identified", "Whether a suspect is known.",
           "suspect_known"),
]
OFFENCE_TEXT = {"theft": "reported that a bag was stolen from a parked car",
                "burglary": "reported a break-in at the residence while the occupants were away",
                "vandalism": "reported that the shop front had been spray-painted and a window smashed",
                "assault": "reported being pushed to the ground during an argument",
                "fraud": "reported unauthorised payments from a bank account"}
PROPERTY = ["Laptop", "Handbag", "Mobile phone", "Bicycle", "Wallet with cards", "Shop window",
            "Jewellery box", "Car radio", "Tablet"]


def police_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    offence = rng.choice(list(OFFENCE_TEXT))
    day = kit.day()
    weapon, suspect = offence == "assault" and kit.chance(0.4), kit.chance(0.3)
    facts = {"case_number": f"{rng.choice(['CR', 'INC', 'PR'])}/{day.year}/{rng.randint(1000, 99999)}",
             "incident_date": day.isoformat(),
             "location": fake.street_address().replace("\n", ", "), "offence": offence,
             "reporting_officer": f"PC {fake.last_name()}",
             "witnesses": [{"name": fake.name(), "phone": kit.maybe(fake.phone_number(), 0.75)}
                           for _ in range(rng.choice([0, 1, 1, 2, 3]))],
             "property": [{"item": i, "value": kit.amount(20, 2500)}
                          for i in rng.sample(PROPERTY, rng.choice([0, 1, 2, 3]))],
             "weapon_involved": weapon, "suspect_identified": suspect}
    doc.line("POLICE INCIDENT REPORT").line()
    L.kv(doc, rng, [("Case no.", L.cell(facts["case_number"], ("case_number",))),
                    ("Reported", kit.date_cell(None, day + dt.timedelta(days=rng.randint(0, 5)))),
                    ("Date of offence", kit.date_cell(("incident_date",), day)),
                    ("Location", L.cell(facts["location"], ("location",))),
                    ("Officer", L.cell(facts["reporting_officer"], ("reporting_officer",)))])
    narrative = f"The complainant, {fake.name()}, {OFFENCE_TEXT[offence]}."
    doc.line().line("Narrative").line(narrative)
    weapon_text = says(rng, weapon, ("The suspect was carrying a knife.",),
                       ("No weapon was involved.", "No weapon was seen or used."))
    suspect_text = says(rng, suspect, ("The suspect is known to the complainant.",
                                       "A suspect has been identified from CCTV."),
                        ("There is no suspect at this time.", "The offender has not been identified."))
    doc.line(f"{weapon_text} {suspect_text}").line()
    kit.pad(doc)
    if facts["witnesses"]:
        doc.line("Witnesses:")
        for i, w in enumerate(facts["witnesses"]):
            doc.add("- ").put(("witnesses", i, "name"), w["name"])
            if w["phone"]:
                doc.add(", tel. ").put(("witnesses", i, "phone"), w["phone"])
            doc.line()
    else:
        doc.line("Witnesses: none")
    if facts["property"]:
        doc.line().line("Property:")
        L.table(doc, rng, ["Item", "Value"], [
            [L.cell(p["item"], ("property", i, "item")), kit.money_cell(("property", i, "value"), p["value"])]
            for i, p in enumerate(facts["property"])])
    kit.pad(doc)
    return Draft(("Police report", "Crime report"), POLICE_FIELDS, facts, doc, {
        ("offence",): narrative, ("weapon_involved",): weapon_text,
        ("suspect_identified",): suspect_text})


WEATHER_FIELDS = [
    F.text("location", "Location", "Place the forecast is for.", "city", "place"),
    F.date("issued", "Issued", "Date the forecast was issued.", "issue_date"),
    F.items("days", "Forecast days", "Each day of the forecast.", [
        F.date("date", "Date", "Day of the forecast.", "day"),
        F.number("high_c", "High (°C)", "Maximum temperature.", "max_temp"),
        F.number("low_c", "Low (°C)", "Minimum temperature.", "min_temp", keep=0.8),
        F.integer("rain_chance", "Chance of rain (%)", "Probability of rain in percent.",
                  "precipitation_probability", keep=0.8),
        F.choice("conditions", "Conditions", "Main weather of the day.",
                 ["sunny", "cloudy", "rain", "snow", "thunderstorms"], "sky"),
        F.score("outdoor_rating", "Outdoor rating", "How good the day is for outdoor activities.",
                {1: "stay in", 2: "poor", 3: "fair", 4: "good", 5: "perfect"}, "activity_score",
                keep=0.6),
    ], "forecast"),
    F.flag("warning_in_force", "Weather warning", "Whether a weather warning is in force.",
           "warning", keep=0.8),
    F.number("uv_index", "UV index", "Peak UV index, if given.", "uv", optional=True, keep=0.6),
]
OUTDOOR = {"sunny": 5, "cloudy": 3, "rain": 2, "snow": 2, "thunderstorms": 1}
CONDITIONS = {"sunny": "Sunny spells", "cloudy": "Mostly cloudy", "rain": "Showers, heavy at times",
              "snow": "Snow flurries", "thunderstorms": "Thunderstorms likely"}


def weather_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    issued = kit.day()
    days = []
    for k in range(rng.randint(3, 7)):
        cond = rng.choice(list(CONDITIONS))
        high = round(rng.uniform(-5, 36), 1)
        days.append({"date": (issued + dt.timedelta(days=k + 1)).isoformat(), "high_c": high,
                     "low_c": round(high - rng.uniform(3, 12), 1), "rain_chance": rng.randrange(0, 101, 5),
                     "conditions": cond,
                     "outdoor_rating": OUTDOOR[cond] - (1 if high < 0 and cond == "sunny" else 0)})
    warning = any(d["conditions"] == "thunderstorms" for d in days) and kit.chance(0.7)
    facts = {"location": fake.city(), "issued": issued.isoformat(), "days": days,
             "warning_in_force": warning, "uv_index": kit.maybe(float(rng.randint(1, 10)), 0.75)}
    doc.add("Weather forecast for ").put(("location",), facts["location"]).line()
    doc.add("Issued ")
    kit.date(doc, ("issued",), issued).line(f" by the {fake.last_name()} Met Office").line()
    evidence = {}
    rows = []
    for i, d in enumerate(days):
        cond_text = CONDITIONS[d["conditions"]]
        score_text = rating(rng, d["outdoor_rating"], form=rng.choice(["slash", "stars", "out_of"]))[1]
        rows.append([kit.date_cell(("days", i, "date"), dt.date.fromisoformat(d["date"])),
                     L.cell(cond_text), kit.num_cell(("days", i, "high_c"), d["high_c"], 1),
                     kit.num_cell(("days", i, "low_c"), d["low_c"], 1),
                     L.join(kit.count_cell(("days", i, "rain_chance"), d["rain_chance"]), L.cell("%")),
                     L.cell(score_text)])
        evidence[("days", i, "conditions")] = cond_text
        evidence[("days", i, "outdoor_rating")] = score_text
    L.table(doc, rng, ["Date", "Weather", "High °C", "Low °C", "Rain", "Outdoors"], rows)
    warn_text = says(rng, warning, ("A yellow warning for thunderstorms is in force.",),
                     ("No weather warnings are in force.", "There are no warnings at present."))
    doc.line().line(warn_text)
    evidence[("warning_in_force",)] = warn_text
    if facts["uv_index"] is not None:
        doc.add("Peak UV index: ")
        kit.num(doc, ("uv_index",), facts["uv_index"], 0).line()
    kit.pad(doc)
    doc.line("Outdoor ratings: 5 = perfect, 1 = stay in.")
    return Draft(("Weather forecast", "Forecast"), WEATHER_FIELDS, facts, doc, evidence)


STATUSES = ["single", "married filing jointly", "married filing separately", "head of household"]
TAX_FIELDS = [
    F.text("taxpayer", "Taxpayer", "Name of the taxpayer.", "name"),
    F.text("tax_id", "Tax ID", "Taxpayer identification number.", "tin", "tax_number"),
    F.integer("tax_year", "Tax year", "Year the return is for.", "year"),
    F.choice("filing_status", "Filing status", "How the return is filed.",
             STATUSES, "status"),
    F.number("gross_income", "Gross income", "Total income (box 1).", "total_income"),
    F.number("deductions", "Deductions", "Total deductions (box 2), if any.", "total_deductions",
             optional=True),
    F.number("tax_paid", "Tax withheld", "Tax already withheld (box 4).", "withholding"),
    F.items("dependents", "Dependents", "Each dependent claimed.", [
        F.text("name", "Name", "Dependent's name.", "dependent_name"),
        F.integer("birth_year", "Birth year", "Year of birth.", "born", keep=0.7),
    ], "children", keep=0.8),
    F.flag("refund_due", "Refund due", "Whether the taxpayer gets a refund.", "refund"),
    F.date("filed_on", "Filed on", "Date the return was signed or filed.", "signature_date",
           keep=0.7),
]


def tax_form(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    year = rng.randint(2019, 2025)
    income = kit.amount(12_000, 250_000)
    deductions = kit.maybe(kit.amount(500, income * 0.3), 0.75)
    paid = kit.amount(income * 0.05, income * 0.35)
    refund = kit.chance(0.5)
    tax_id = f"{rng.randint(100, 999)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"
    facts = {"taxpayer": fake.name(), "tax_id": tax_id, "tax_year": year,
             "filing_status": rng.choice(STATUSES),
             "gross_income": income, "deductions": deductions, "tax_paid": paid,
             "dependents": [{"name": fake.first_name() + " " + fake.last_name(),
                             "birth_year": rng.randint(2005, 2023)}
                            for _ in range(rng.choice([0, 0, 1, 2, 3]))],
             "refund_due": refund, "filed_on": kit.day(after=dt.date(year + 1, 1, 1), within=100).isoformat()}
    doc.add("INCOME TAX RETURN - SUMMARY ")
    kit.count(doc, ("tax_year",), year).line().line()
    status_text = f"Filing status: [x] {facts['filing_status']}"
    rows = [("Name", L.cell(facts["taxpayer"], ("taxpayer",))),
            ("Taxpayer ID", L.cell(facts["tax_id"], ("tax_id",))),
            ("Box 1  Gross income", kit.num_cell(("gross_income",), income)),
            ("Box 2  Deductions", kit.num_cell(("deductions",), deductions) if deductions is not None
             else L.cell("(blank)")),
            ("Box 3  Taxable income", kit.num_cell(None, round(income - (deductions or 0), 2))),
            ("Box 4  Tax withheld", kit.num_cell(("tax_paid",), paid))]
    L.kv(doc, rng, rows)
    doc.line().line(status_text).line()
    kit.pad(doc)
    if facts["dependents"]:
        doc.line("Dependents claimed:")
        for i, d in enumerate(facts["dependents"]):
            doc.add("  ").put(("dependents", i, "name"), d["name"]).add(", born ")
            kit.count(doc, ("dependents", i, "birth_year"), d["birth_year"]).line()
    else:
        doc.line("Dependents claimed: none")
    refund_text = says(rng, refund, ("Result: a refund is due to you.", "You are owed a refund."),
                       ("No refund is due; the balance must be paid by 30 April.",
                        "Result: amount owed - no refund."))
    doc.line().line(refund_text).add("Signed: ")
    kit.date(doc, ("filed_on",), dt.date.fromisoformat(facts["filed_on"])).line()
    kit.pad(doc)
    return Draft(("Tax return", "Tax form"), TAX_FIELDS, facts, doc, {
        ("filing_status",): status_text, ("refund_due",): refund_text})
