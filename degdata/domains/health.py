"""Health and insurance paperwork: laboratory reports and insurance claims.

Lab results are a table whose flag column ("H (high)", "L (low)", "within range")
decides each result's status; a claim states its facts in prose and in a form, with negated statements ("no
one was injured", "the police were not called") deciding its booleans.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

LAB_FIELDS = [
    F.text("patient_name", "Patient", "Name of the patient.", "patient"),
    F.date("collected", "Collection date", "When the sample was taken (not the report date).",
           "sample_date", "collection_date"),
    F.text("ordering_physician", "Ordering physician", "Doctor who requested the tests.",
           "requested_by", optional=True, keep=0.7),
    F.text("specimen_id", "Specimen ID", "Laboratory sample number.", "accession_number",
           keep=0.7),
    F.items("results", "Results", "Each test result in the report.", [
        F.text("test", "Test", "Name of the test.", "analyte"),
        F.number("value", "Value", "Measured value.", "result"),
        F.text("unit", "Unit", "Unit of the value.", "units", keep=0.6),
        F.choice("flag", "Flag", "Whether the value is below, within or above the reference range.",
                 ["low", "normal", "high"], "status", keep=0.8),
    ], "tests", "lab_results"),
    F.flag("fasting", "Fasting", "Whether the patient was fasting when the sample was taken.",
           "fasting_sample", keep=0.7),
    F.choice("report_status", "Report status", "Status of the report.",
             ["preliminary", "final", "corrected"], "status_of_report", keep=0.7),
]
TESTS = [("Haemoglobin", "g/dL", 12.0, 17.5), ("Glucose (fasting)", "mmol/L", 3.9, 5.6),
         ("Cholesterol, total", "mmol/L", 3.0, 5.2), ("Creatinine", "µmol/L", 60, 110),
         ("TSH", "mIU/L", 0.4, 4.0), ("Vitamin D", "nmol/L", 50, 125),
         ("Sodium", "mmol/L", 135, 145), ("Potassium", "mmol/L", 3.5, 5.1),
         ("ALT", "U/L", 7, 56), ("CRP", "mg/L", 0.0, 5.0), ("Ferritin", "µg/L", 30, 400),
         ("HbA1c", "%", 4.0, 5.6)]
FLAG_TEXT = {"low": "L (low)", "normal": "within range", "high": "H (high)"}


def lab_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    collected = kit.day()
    results = []
    for name, unit, lo, hi in rng.sample(TESTS, rng.randint(2, 9)):
        flag = rng.choice(["normal", "normal", "normal", "high"] + (["low"] if lo > 0 else []))
        span = hi - lo
        value = {"low": rng.uniform(lo - span * 0.4, lo - span * 0.05),
                 "normal": rng.uniform(lo, hi),
                 "high": rng.uniform(hi + span * 0.05, hi + span * 0.6)}[flag]
        results.append({"test": name, "value": round(max(value, 0.1), 1), "unit": unit,
                        "flag": flag, "range": (lo, hi)})
    fasting, status = kit.chance(0.5), rng.choice(["preliminary", "final", "final", "corrected"])
    facts = {"patient_name": fake.name(), "collected": collected.isoformat(),
             "ordering_physician": kit.maybe(f"Dr. {fake.name()}"),
             "specimen_id": f"{rng.choice(['S', 'LAB', 'ACC'])}{rng.randint(10**5, 10**7)}",
             "results": results, "fasting": fasting, "report_status": status}
    doc.line(f"{fake.last_name()} Diagnostics - Laboratory Report").line()
    rows = [("Patient", L.cell(facts["patient_name"], ("patient_name",))),
            ("Specimen", L.cell(facts["specimen_id"], ("specimen_id",))),
            ("Collected", kit.date_cell(("collected",), collected)),
            ("Reported", kit.date_cell(None, collected + dt.timedelta(days=rng.randint(1, 4))))]
    if facts["ordering_physician"]:
        rows.append(("Requested by", L.cell(facts["ordering_physician"], ("ordering_physician",))))
    L.kv(doc, rng, rows)
    status_text = f"Report status: {status.upper()}"
    fasting_text = says(rng, fasting, ("Sample taken fasting (12 h).", "Fasting sample: yes"),
                        ("Patient was not fasting.", "Non-fasting sample.",
                         "Fasting sample: no"))
    doc.line().line(status_text).line(fasting_text).line()
    kit.pad(doc)
    table_rows, evidence = [], {("fasting",): fasting_text, ("report_status",): status_text}
    for i, r in enumerate(results):
        lo, hi = r["range"]
        flag_text = FLAG_TEXT[r["flag"]]
        table_rows.append([L.cell(r["test"], ("results", i, "test")),
                           kit.num_cell(("results", i, "value"), r["value"], 1),
                           L.cell(r["unit"], ("results", i, "unit")),
                           L.cell(f"{kit.style.decimal(lo, 1)} - {kit.style.decimal(hi, 1)}"),
                           L.cell(flag_text)])
        evidence[("results", i, "flag")] = flag_text
    L.table(doc, rng, ["Test", "Result", "Unit", "Reference", "Flag"], table_rows)
    doc.line().line("Values outside the reference range are flagged H (high) or L (low).")
    kit.pad(doc)
    doc.line(f"Validated by {fake.name()}, clinical scientist.")
    for r in results:
        del r["range"]
    return Draft(("Lab report", "Laboratory results"), LAB_FIELDS, facts, doc, evidence)


CLAIM_FIELDS = [
    F.text("claim_number", "Claim number", "Reference of the claim.", "claim_id", "claim_ref"),
    F.text("policy_number", "Policy number", "Insurance policy number.", "policy_no"),
    F.text("claimant", "Claimant", "Person making the claim.", "policyholder", "insured_name"),
    F.date("incident_date", "Incident date", "When the loss or damage happened (not the filing date).",
           "date_of_loss", "loss_date"),
    F.choice("claim_type", "Claim type", "Kind of claim.", ["motor", "home", "travel", "health"],
             "line_of_business"),
    F.items("items", "Claimed items", "Each damaged or lost item with its estimated cost.", [
        F.text("description", "Item", "What was damaged or lost.", "item"),
        F.number("estimated_cost", "Estimated cost", "Cost claimed for the item.", "cost",
                 "amount"),
    ], "damaged_items", "losses"),
    F.number("amount_claimed", "Amount claimed", "Total amount claimed.", "total_claimed",
             minimum=0),
    F.flag("police_report", "Police report", "Whether the incident was reported to the police.",
           "police_notified", keep=0.8),
    F.flag("injuries", "Injuries", "Whether anyone was injured.", "anyone_injured", keep=0.7),
    F.score("severity", "Severity", "How severe the damage is, as assessed.",
            {1: "minor", 2: "moderate", 3: "significant", 4: "severe", 5: "total loss"},
            "damage_severity", keep=0.7),
    F.text("adjuster", "Adjuster", "Claims handler assigned, if named.", "handler",
           optional=True, keep=0.6),
]
LOSSES = {"motor": ["Front bumper", "Headlight assembly", "Windscreen", "Driver door", "Alloy wheel"],
          "home": ["Kitchen flooring", "Ceiling plaster", "Laptop", "Sofa", "Carpet, living room"],
          "travel": ["Suitcase", "Camera", "Prescription glasses", "Hotel costs", "Return flight"],
          "health": ["Emergency consultation", "X-ray", "Physiotherapy (6 sessions)", "Medication"]}
CAUSE = {"motor": "My car was hit from behind at a junction.",
         "home": "A burst pipe flooded the ground floor of our house.",
         "travel": "My luggage was stolen from the hotel lobby during my trip.",
         "health": "I fell while hiking and needed medical treatment abroad."}
SEVERITY_WORDS = {1: "minor", 2: "moderate", 3: "significant", 4: "severe", 5: "a total loss"}


def insurance_claim(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind = rng.choice(list(LOSSES))
    incident = kit.day()
    items = [{"description": d, "estimated_cost": kit.amount(40, 4000)}
             for d in rng.sample(LOSSES[kind], rng.randint(1, min(4, len(LOSSES[kind]))))]
    total = round(sum(i["estimated_cost"] for i in items), 2)
    police, injured, severity = kit.chance(0.5), kit.chance(0.25), rng.randint(1, 5)
    facts = {"claim_number": f"CLM-{rng.randint(10**6, 10**7)}",
             "policy_number": f"{rng.choice(['POL', 'HX', 'MT'])}{rng.randint(10**6, 10**8)}",
             "claimant": fake.name(), "incident_date": incident.isoformat(), "claim_type": kind,
             "items": items, "amount_claimed": total, "police_report": police,
             "injuries": injured, "severity": severity,
             "adjuster": kit.maybe(fake.name(), 0.6)}
    doc.line(f"{fake.company()} Insurance - Claim form").line()
    kind_text = f"Type of claim: {kind.capitalize()}"
    L.kv(doc, rng, [("Claim number", L.cell(facts["claim_number"], ("claim_number",))),
                    ("Policy number", L.cell(facts["policy_number"], ("policy_number",))),
                    ("Policyholder", L.cell(facts["claimant"], ("claimant",))),
                    ("Date of loss", kit.date_cell(("incident_date",), incident)),
                    ("Date filed", kit.date_cell(None, incident + dt.timedelta(days=rng.randint(1, 20))))])
    doc.line(kind_text).line().line("What happened?").line(CAUSE[kind])
    police_text = says(rng, police, ("The incident was reported to the police.",
                                     "A police report has been filed."),
                       ("The police were not called.", "No police report was made."))
    injury_text = says(rng, injured, ("One person was injured and treated on site.",
                                      "I suffered minor injuries."),
                       ("No one was injured.", "There were no injuries."))
    doc.line(f"{police_text} {injury_text}").line()
    kit.pad(doc)
    L.table(doc, rng, ["Item", "Estimated cost"], [
        [L.cell(x["description"], ("items", i, "description")),
         kit.num_cell(("items", i, "estimated_cost"), x["estimated_cost"])]
        for i, x in enumerate(items)])
    doc.add(f"\nTotal claimed ({kit.style.currency}): ")
    kit.num(doc, ("amount_claimed",), total).line().line()
    if kit.chance(0.5):
        severity_text = f"Assessor's damage rating: {rating(rng, severity)[1]}"
    else:
        severity_text = f"The assessor considers the damage {SEVERITY_WORDS[severity]}."
    doc.line(severity_text)
    if facts["adjuster"]:
        doc.add("Your claims handler is ").put(("adjuster",), facts["adjuster"]).line(".")
    kit.pad(doc)
    doc.line("Please keep receipts for every item claimed.")
    return Draft(("Insurance claim", "Claim intake"), CLAIM_FIELDS, facts, doc, {
        ("claim_type",): kind_text, ("police_report",): police_text,
        ("injuries",): injury_text, ("severity",): severity_text})
