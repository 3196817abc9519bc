"""Records an institution issues about one person: prescriptions, school report cards
and parking penalty notices.

A prescription's directions decide each medicine's frequency ("every 12 hours" is twice
daily); a report card's subject rows (a table or one line each) carry an effort rating
beside the mark, and its days absent sit beside the late arrivals; a parking notice carries a reduced amount and its
early deadline beside the full penalty and its deadline, and the vehicle registration in
its locale's format. Negations decide the booleans ("do not substitute", "not promoted",
"the vehicle was not removed").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

FREQUENCY = {"once daily": ("once a day", "every morning"),
             "twice daily": ("twice a day", "every 12 hours"),
             "three times daily": ("three times a day", "every 8 hours"),
             "as needed": ("when required", "as needed for pain")}
DRUGS = [("Amoxicillin 500 mg", "capsule"), ("Ibuprofen 400 mg", "tablet"),
         ("Omeprazole 20 mg", "capsule"), ("Salbutamol 100 mcg", "puff"),
         ("Sertraline 50 mg", "tablet"), ("Metformin 850 mg", "tablet"), ("Ramipril 5 mg", "capsule"),
         ("Cetirizine 10 mg", "tablet"), ("Prednisolone 5 mg", "tablet")]
PRESCRIPTION_FIELDS = [
    F.text("patient_name", "Patient", "Name of the patient.", "patient"),
    F.date("date_of_birth", "Date of birth", "Patient's birth date.", "dob", keep=0.7),
    F.text("prescriber", "Prescriber", "Doctor who wrote the prescription.", "doctor",
           "prescribing_physician"),
    F.date("issued", "Date issued", "Date the prescription was written (not the expiry).",
           "issue_date", "prescription_date"),
    F.items("medications", "Medications", "Each medicine prescribed.", [
        F.text("drug", "Medicine", "Medicine and strength.", "medicine", "drug_name"),
        F.choice("frequency", "Frequency", "How often it is taken, from the directions.",
                 list(FREQUENCY), "how_often"),
        F.integer("quantity", "Quantity", "Units to dispense.", "supply"),
        F.integer("repeats", "Repeats", "Repeats allowed, if stated.", "refills", optional=True,
                  keep=0.7),
    ], "items", "drugs"),
    F.flag("substitution_allowed", "Generic substitution",
           "Whether the pharmacist may dispense a generic instead.", "generic_ok", keep=0.7),
    F.number("charge", "Prescription charge", "What the patient pays; null when exempt.",
             "patient_charge", optional=True, keep=0.6),
    F.date("valid_until", "Valid until", "Last day it can be dispensed, if stated.",
           "expiry_date", optional=True, keep=0.6),
    F.text("prescription_number", "Prescription number", "Reference of the prescription.",
           "rx_number", keep=0.7),
]


def prescription(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    issued = kit.day()
    born = dt.date(rng.randint(1935, 2015), rng.randint(1, 12), rng.randint(1, 28))
    meds = [{"drug": d, "frequency": rng.choice(list(FREQUENCY)),
             "quantity": rng.choice([7, 14, 28, 30, 56, 90]),
             "repeats": kit.maybe(rng.randint(0, 5), 0.75), "form": form}
            for d, form in rng.sample(DRUGS, rng.randint(1, 4))]
    generic = kit.chance(0.7)
    facts = {"patient_name": fake.name(), "date_of_birth": born.isoformat(),
             "prescriber": f"Dr {fake.last_name()}", "issued": issued.isoformat(), "medications": meds,
             "substitution_allowed": generic,
             "charge": kit.maybe(rng.choice([9.9, 9.65, 5.0, 10.0, 12.5]), 0.7),
             "valid_until": kit.maybe((issued + dt.timedelta(days=rng.choice([28, 90, 180]))).isoformat(),
                                      0.7),
             "prescription_number": f"RX{rng.randint(10**6, 10**8)}"}
    doc.line(f"{fake.last_name()} Medical Practice").line(fake.street_address().replace("\n", ", "))
    doc.line().line("PRESCRIPTION").add("No. ")
    doc.put(("prescription_number",), facts["prescription_number"]).line().line()
    L.kv(doc, rng, [("Patient", L.cell(facts["patient_name"], ("patient_name",))),
                    ("Date of birth", kit.date_cell(("date_of_birth",), born)),
                    ("Date", kit.date_cell(("issued",), issued)),
                    ("Prescriber", L.cell(facts["prescriber"], ("prescriber",)))])
    doc.line()
    kit.pad(doc)
    evidence = {}
    directions = [f"{n} {m['form']}{'s' if n > 1 else ''} {rng.choice(FREQUENCY[m['frequency']])}"
                  for n, m in ((rng.choice([1, 1, 2]), m) for m in meds)]
    if kit.chance(0.5):
        L.table(doc, rng, ["Medicine", "Directions", "Qty", "Repeats"], [
            [L.cell(m["drug"], ("medications", i, "drug")), L.cell(directions[i]),
             kit.count_cell(("medications", i, "quantity"), m["quantity"]),
             kit.count_cell(("medications", i, "repeats"), m["repeats"]) if m["repeats"] is not None
             else L.cell("-")] for i, m in enumerate(meds)])
    else:
        for i, m in enumerate(meds):
            doc.add("Rx ").put(("medications", i, "drug"), m["drug"])
            doc.add(f" - take {directions[i]}. Supply: ")
            kit.count(doc, ("medications", i, "quantity"), m["quantity"])
            if m["repeats"] is not None:
                doc.add(", repeats: ")
                kit.count(doc, ("medications", i, "repeats"), m["repeats"])
            doc.line()
    for i, m in enumerate(meds):
        evidence[("medications", i, "frequency")] = directions[i]
        del m["form"]
    sub_text = says(rng, generic, ("Generic substitution permitted.", "Substitution allowed."),
                    ("Do not substitute.", "Brand medically necessary - no substitution."))
    doc.line().line(sub_text)
    doc.add("Patient charge: ")
    if facts["charge"] is not None:
        kit.money(doc, ("charge",), facts["charge"]).line()
    else:
        doc.line("exempt")
    if facts["valid_until"]:
        doc.add("Valid until ")
        kit.date(doc, ("valid_until",), dt.date.fromisoformat(facts["valid_until"])).line()
    kit.pad(doc)
    evidence[("substitution_allowed",)] = sub_text
    return Draft(("Prescription", "Medication order"), PRESCRIPTION_FIELDS, facts, doc, evidence)


SUBJECTS = ["Mathematics", "English", "Biology", "Chemistry", "Physics", "History", "Geography",
            "French", "German", "Art", "Music", "Computing", "Physical education"]
EFFORT = {1: "poor", 2: "inconsistent", 3: "satisfactory", 4: "good", 5: "excellent"}
TERMS = {"autumn": "Autumn term", "spring": "Spring term", "summer": "Summer term"}
REPORT_FIELDS = [
    F.text("student", "Student", "Name of the pupil.", "student_name", "pupil"),
    F.text("class_name", "Class", "Class or form group.", "form", "grade_level"),
    F.choice("term", "Term", "Which term the report covers.", list(TERMS), "semester"),
    F.date("issued", "Report date", "Date the report was issued.", "report_date", keep=0.7),
    F.items("subjects", "Subjects", "Each subject with its mark.", [
        F.text("subject", "Subject", "Subject name.", "course"),
        F.integer("mark", "Mark (%)", "Attainment mark in percent.", "score_percent"),
        F.text("teacher", "Teacher", "Subject teacher, if named.", "taught_by", optional=True, keep=0.6),
        F.score("effort", "Effort", "Effort grade.", EFFORT, "effort_grade", keep=0.7),
    ], "courses", "marks"),
    F.number("attendance_pct", "Attendance", "Attendance in percent.", "attendance"),
    F.integer("days_absent", "Days absent", "Days absent this term (not the late arrivals).", "absences"),
    F.integer("late_arrivals", "Late arrivals", "Times late, if recorded.", "lates",
              optional=True, keep=0.6),
    F.flag("promoted", "Promoted", "Whether the pupil moves up to the next year.", "moves_up", keep=0.7),
    F.text("form_tutor", "Form tutor", "The pupil's form tutor or class teacher.",
           "class_teacher", keep=0.6),
]


def school_report_card(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    year, term = rng.randint(5, 12), rng.choice(list(TERMS))
    names = list(dict.fromkeys(f"{rng.choice(['Mr', 'Ms', 'Mrs', 'Dr'])} {fake.last_name()}"
                               for _ in range(12)))
    teachers = names[1:] + [None] * 8
    subjects = [{"subject": s, "mark": mark, "teacher": teachers[i] if kit.chance(0.7) else None,
                 "effort": rng.randint(1, 5)}
                for i, (s, mark) in enumerate(zip(rng.sample(SUBJECTS, rng.randint(3, 8)),
                                                   rng.sample(range(31, 99), 8)))]
    absent = rng.choice([0, 0, 1, 2, 3, 5, 8, 12])
    promoted = kit.chance(0.85) if absent < 10 else kit.chance(0.4)
    facts = {"student": fake.name(), "class_name": f"Year {year}{rng.choice('ABCDR')}", "term": term,
             "issued": kit.day().isoformat(), "subjects": subjects,
             "attendance_pct": round(100 - absent * rng.uniform(1.2, 1.8), 1), "days_absent": absent,
             "late_arrivals": kit.maybe(rng.randint(0, 9), 0.7), "promoted": promoted,
             "form_tutor": names[0]}
    doc.line(f"{fake.city()} Academy - Pupil report").line()
    term_text = TERMS[term]
    L.kv(doc, rng, [("Pupil", L.cell(facts["student"], ("student",))),
                    ("Class", L.cell(facts["class_name"], ("class_name",))),
                    ("Term", L.cell(term_text)),
                    ("Date", kit.date_cell(("issued",), dt.date.fromisoformat(facts["issued"])))])
    doc.line()
    kit.pad(doc)
    evidence = {("term",): term_text}
    rows, table = [], kit.chance(0.6)
    for i, s in enumerate(subjects):
        effort_text = rating(rng, s["effort"], form=rng.choice(["slash", "of", "words"]))[1]
        evidence[("subjects", i, "effort")] = effort_text
        teacher = L.cell(s["teacher"], ("subjects", i, "teacher")) if s["teacher"] else L.cell("-")
        rows.append([L.cell(s["subject"], ("subjects", i, "subject")),
                     L.join(kit.count_cell(("subjects", i, "mark"), s["mark"]), L.cell("%")),
                     L.cell(effort_text), teacher])
        if not table:       # "Biology: 78% - effort 4/5 - Ms Jones"
            L.write(doc, rows[i][0]).add(": ")
            L.write(doc, rows[i][1]).add(f" - effort {effort_text}")
            if s["teacher"]:
                L.write(doc.add(" - "), teacher)
            doc.line()
    if table:
        L.table(doc, rng, ["Subject", "Mark", "Effort", "Teacher"], rows)
    doc.line().add("Attendance: ")
    kit.num(doc, ("attendance_pct",), facts["attendance_pct"], 1).add("% (")
    kit.count(doc, ("days_absent",), absent).add(" days absent")
    if facts["late_arrivals"] is not None:
        doc.add(", late ")
        kit.count(doc, ("late_arrivals",), facts["late_arrivals"]).add(" times")
    doc.line(")")
    promo_text = says(rng, promoted, (f"Moves up to Year {year + 1} in September.",
                                      "Promoted to the next year."),
                      ("Not promoted: the year will be repeated.", "Does not move up this year."))
    doc.line().line(promo_text).add("Form tutor: ").put(("form_tutor",), facts["form_tutor"]).line()
    kit.pad(doc)
    evidence[("promoted",)] = promo_text
    return Draft(("School report", "Report card"), REPORT_FIELDS, facts, doc, evidence)


CONTRAVENTIONS = {"no valid ticket": "Parked without clearly displaying a valid pay & display ticket",
                  "meter expired": "Parked after the paid-for time had expired",
                  "yellow line": "Parked in a restricted street during prescribed hours",
                  "permit bay": "Parked in a residents' bay without a valid permit",
                  "loading bay": "Parked in a loading place without loading"}
FINE_FIELDS = [
    F.text("notice_number", "PCN number", "Number of the penalty charge notice.", "pcn", "notice_id"),
    F.text("vehicle_registration", "Registration", "Vehicle registration number.", "plate", "vrm"),
    F.text("vehicle_make", "Make", "Make of the vehicle, if recorded.", "make", optional=True, keep=0.6),
    F.date("issued", "Date of contravention", "Date of the notice (not the payment deadline).",
           "issue_date", "offence_date"),
    F.text("location", "Location", "Street where the vehicle was parked.", "street", "place"),
    F.choice("contravention", "Contravention", "What the parking offence was.",
             list(CONTRAVENTIONS), "offence"),
    F.number("penalty", "Penalty", "Full penalty charge (not the reduced amount).", "fine_amount",
             "amount", minimum=0),
    F.number("reduced_penalty", "Reduced amount", "Amount if paid early, if offered.",
             "discounted_amount", optional=True, keep=0.6),
    F.date("pay_by", "Pay by", "Deadline for the full penalty (not the discount deadline).",
           "due_date", keep=0.8),
    F.strings("observed_at", "Observation times", "Each time the officer saw the vehicle.",
              "observations", keep=0.7),
    F.flag("vehicle_removed", "Vehicle removed", "Whether the vehicle was clamped or towed.",
           "towed", keep=0.6),
]
MAKES = ["Ford", "Volkswagen", "Toyota", "Renault", "BMW", "Vauxhall", "Peugeot", "Kia", "Fiat"]


def parking_fine(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    issued, offence = kit.day(), rng.choice(list(CONTRAVENTIONS))
    penalty = float(rng.choice([50, 60, 70, 80, 110, 130]))
    start, step = rng.randint(7 * 60, 19 * 60), rng.randint(3, 9)
    times = [f"{m // 60:02d}:{m % 60:02d}"
             for m in range(start, start + step * rng.randint(1, 4), step)]
    removed = kit.chance(0.12)
    facts = {"notice_number": f"{rng.choice(['PCN', 'ZX', 'LB'])}{rng.randint(10**7, 10**8 - 1)}",
             "vehicle_registration": fake.license_plate().strip(),
             "vehicle_make": kit.maybe(rng.choice(MAKES), 0.7), "issued": issued.isoformat(),
             "location": fake.street_name(), "contravention": offence, "penalty": penalty,
             "reduced_penalty": kit.maybe(penalty / 2, 0.7),
             "pay_by": (issued + dt.timedelta(days=28)).isoformat(), "observed_at": times,
             "vehicle_removed": removed}
    doc.line(f"{fake.city()} Council - PENALTY CHARGE NOTICE").line()
    rows = [("PCN number", L.cell(facts["notice_number"], ("notice_number",))),
            ("Date", kit.date_cell(("issued",), issued)),
            ("Vehicle registration", L.cell(facts["vehicle_registration"], ("vehicle_registration",)))]
    if facts["vehicle_make"]:
        rows.append(("Make", L.cell(facts["vehicle_make"], ("vehicle_make",))))
    rows += [("Location", L.cell(facts["location"], ("location",))),
             ("Officer no.", L.cell(f"CEO {rng.randint(100, 9999)}"))]
    L.kv(doc, rng, rows)
    offence_text = CONTRAVENTIONS[offence]
    doc.line().line(f"Contravention: {offence_text} (code {rng.randint(1, 99):02d})")
    doc.add("Vehicle observed at ")
    for i, t in enumerate(times):
        doc.add(", " if i else "").put(("observed_at", i), t)
    doc.line(".").line()
    kit.pad(doc)
    doc.add("The penalty charge is ")
    kit.money(doc, ("penalty",), penalty).line(".")
    if facts["reduced_penalty"] is not None:
        doc.add("It is reduced to ")
        kit.money(doc, ("reduced_penalty",), facts["reduced_penalty"]).add(" if paid by ")
        kit.date(doc, None, issued + dt.timedelta(days=14)).line(".")
    doc.add("Otherwise the full amount must be paid by ")
    kit.date(doc, ("pay_by",), dt.date.fromisoformat(facts["pay_by"])).line(".")
    removed_text = says(rng, removed, ("The vehicle was removed to the pound.",
                                       "A wheel clamp was fitted."),
                        ("The vehicle was not removed.", "No clamp was fitted."))
    doc.line().line(removed_text)
    kit.pad(doc)
    return Draft(("Parking fine", "Penalty charge notice"), FINE_FIELDS, facts, doc, {
        ("contravention",): offence_text, ("vehicle_removed",): removed_text})
