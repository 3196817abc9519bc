"""Agreements people sign: residential leases and employment contracts.

Clauses carry the decisions, often as negations ("no pets are allowed", "the employee is
not entitled to a company car"); money terms sit next to distractors (a deposit next to
the rent, a bonus next to the salary), and the signing date next to the start date.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import says

LEASE_FIELDS = [
    F.text("landlord", "Landlord", "Name of the landlord.", "lessor"),
    F.items("tenants", "Tenants", "Every tenant named in the lease.", [
        F.text("name", "Name", "Full name of the tenant.", "full_name"),
    ], "lessees"),
    F.text("property_address", "Property", "Address of the rented property.", "premises",
           "address"),
    F.date("start_date", "Start date", "First day of the tenancy (not the signing date).",
           "commencement_date", "lease_start"),
    F.integer("term_months", "Term (months)", "Length of the tenancy in months.", "duration",
              minimum=1),
    F.number("monthly_rent", "Monthly rent", "Rent payable per month.", "rent"),
    F.number("deposit", "Deposit", "Security deposit.", "security_deposit", optional=True,
             keep=0.8),
    F.flag("pets_allowed", "Pets allowed", "Whether the tenant may keep pets.", "pets"),
    F.flag("smoking_allowed", "Smoking allowed", "Whether smoking is permitted in the property.",
           "smoking", keep=0.6),
    F.choice("furnished", "Furnishing", "How the property is let.",
             ["furnished", "part-furnished", "unfurnished"], "furnishing", keep=0.7),
    F.flag("utilities_included", "Utilities included", "Whether the rent includes utilities.",
           "bills_included", keep=0.6),
]


def lease(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    start = kit.day()
    signed = start - dt.timedelta(days=rng.randint(3, 40))
    rent = float(rng.randrange(450, 4200, 25))
    pets, smoking, bills = kit.chance(0.4), kit.chance(0.15), kit.chance(0.3)
    furnished = rng.choice(["furnished", "part-furnished", "unfurnished"])
    tenants = [{"name": fake.name()} for _ in range(rng.choice([1, 1, 2, 2, 3]))]
    facts = {"landlord": fake.name() if kit.chance(0.6) else fake.company(), "tenants": tenants,
             "property_address": fake.street_address().replace("\n", ", "),
             "start_date": start.isoformat(), "term_months": rng.choice([6, 12, 12, 24, 36]),
             "monthly_rent": rent, "deposit": kit.maybe(round(rent * rng.choice([1, 1.5, 2, 3]), 2)),
             "pets_allowed": pets, "smoking_allowed": smoking, "furnished": furnished,
             "utilities_included": bills}
    doc.line(rng.choice(["RESIDENTIAL TENANCY AGREEMENT", "Assured Shorthold Tenancy Agreement",
                         "Lease Agreement"])).line()
    doc.add("This agreement is made on ")
    kit.date(doc, None, signed).add(" between ").put(("landlord",), facts["landlord"])
    doc.add(' (the "Landlord") and ')
    for i, t in enumerate(tenants):
        doc.add(", " if 0 < i < len(tenants) - 1 else " and " if i else "")
        doc.put(("tenants", i, "name"), t["name"])
    doc.line(' (together the "Tenant").').line()
    doc.add("1. Property. The Landlord lets to the Tenant the dwelling at ")
    doc.put(("property_address",), facts["property_address"])
    furn_text = {"furnished": "The property is let furnished, with the inventory attached.",
                 "part-furnished": "The property is let part-furnished (white goods only).",
                 "unfurnished": "The property is let unfurnished."}[furnished]
    doc.line(".", " ", furn_text)
    doc.add("2. Term. The tenancy begins on ")
    kit.date(doc, ("start_date",), start).add(" for a fixed term of ")
    kit.count(doc, ("term_months",), facts["term_months"]).line(" months.")
    doc.add("3. Rent. The Tenant shall pay a rent of ")
    kit.money(doc, ("monthly_rent",), rent).line(" per calendar month, in advance.")
    bills_text = says(rng, bills, ("The rent includes gas, electricity and water.",
                                   "All utility bills are included in the rent."),
                      ("Utilities are not included in the rent.",
                       "The Tenant pays all utility bills in addition to the rent."))
    doc.line("   ", bills_text)
    if facts["deposit"] is not None:
        doc.add("4. Deposit. A deposit of ")
        kit.money(doc, ("deposit",), facts["deposit"]).line(
            " is held in a government-approved scheme.")
    else:
        doc.line("4. Deposit. No deposit is taken; the Tenant has bought deposit insurance.")
    kit.pad(doc)
    pets_text = says(rng, pets, ("The Tenant may keep one cat or one small dog.",
                                 "Pets are allowed with the Landlord's written consent."),
                     ("No pets are allowed at the property.",
                      "The Tenant shall not keep any animal at the property."))
    smoke_text = says(rng, smoking, ("Smoking is permitted on the balcony only.",),
                      ("Smoking is not permitted anywhere in the property.",
                       "The property is strictly non-smoking."))
    doc.line(f"5. Pets. {pets_text}").line(f"6. Smoking. {smoke_text}")
    doc.line("7. Repairs. The Landlord keeps the structure and installations in repair.").line()
    kit.pad(doc)
    doc.line("Signed by the Landlord and the Tenant on the date written above.")
    return Draft(("Lease", "Tenancy agreement"), LEASE_FIELDS, facts, doc, {
        ("pets_allowed",): pets_text, ("smoking_allowed",): smoke_text,
        ("furnished",): furn_text, ("utilities_included",): bills_text})


JOB_FIELDS = [
    F.text("employer", "Employer", "Company employing the person.", "company"),
    F.text("employee", "Employee", "Name of the employee.", "employee_name"),
    F.text("job_title", "Job title", "Position held.", "position", "role"),
    F.text("reports_to", "Reports to", "Line manager named in the contract, if any.", "manager",
           optional=True, keep=0.7),
    F.date("start_date", "Start date", "First day of employment.", "commencement"),
    F.choice("contract_type", "Contract type", "Kind of employment.",
             ["permanent", "fixed-term", "part-time"], "employment_type"),
    F.number("annual_salary", "Annual salary", "Gross annual base salary (not the bonus).",
             "salary", "base_salary"),
    F.integer("holiday_days", "Holiday days", "Paid holiday days per year.", "vacation_days",
              "annual_leave"),
    F.integer("probation_months", "Probation (months)", "Probation period in months, if any.",
              "probation", optional=True, keep=0.8),
    F.flag("company_car", "Company car", "Whether the employee gets a company car.", "car",
           keep=0.6),
    F.flag("remote_work", "Remote work", "Whether working from home is allowed.",
           "home_office", keep=0.7),
    F.strings("benefits", "Benefits", "Other benefits listed.", "perks", keep=0.6),
]
TITLES = ["Software Engineer", "Sales Manager", "Accountant", "Warehouse Supervisor",
          "Marketing Specialist", "HR Business Partner", "Data Analyst", "Nurse",
          "Customer Success Lead", "Mechanical Engineer"]
BENEFITS = ["pension contributions", "private health insurance", "gym membership",
            "annual training budget", "meal vouchers", "public transport pass", "life insurance"]


def employment_contract(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    start = kit.day()
    kind = rng.choice(["permanent", "fixed-term", "part-time"])
    salary = float(rng.randrange(24_000, 140_000, 500))
    car, remote = kit.chance(0.25), kit.chance(0.5)
    facts = {"employer": fake.company(), "employee": fake.name(), "job_title": rng.choice(TITLES),
             "start_date": start.isoformat(), "contract_type": kind, "annual_salary": salary,
             "holiday_days": rng.randint(20, 32),
             "probation_months": kit.maybe(rng.choice([3, 6])), "company_car": car,
             "remote_work": remote, "benefits": rng.sample(BENEFITS, rng.randint(1, 4)),
             "reports_to": kit.maybe(fake.name(), 0.75)}
    doc.line("EMPLOYMENT CONTRACT").line()
    doc.add("Between ").put(("employer",), facts["employer"]).add(' ("the Company") and ')
    doc.put(("employee",), facts["employee"]).line(' ("the Employee").').line()
    kind_text = {"permanent": "This is a permanent contract of employment for an indefinite period.",
                 "fixed-term": "This is a fixed-term contract ending after 12 months.",
                 "part-time": "The Employee works part-time, 20 hours per week."}[kind]
    doc.add("1. Position. The Employee is employed as ").put(("job_title",), facts["job_title"])
    doc.line(".", " ", kind_text)
    if facts["reports_to"]:
        doc.add("   The Employee reports to ").put(("reports_to",), facts["reports_to"]).line(".")
    doc.add("2. Start. Employment begins on ")
    kit.date(doc, ("start_date",), start).line(".")
    if facts["probation_months"]:
        doc.add("   The first ")
        kit.count(doc, ("probation_months",), facts["probation_months"]).line(
            " months are a probation period.")
    else:
        doc.line("   There is no probation period.")
    doc.add("3. Salary. The Company pays a gross annual salary of ")
    kit.money(doc, ("annual_salary",), salary).line(", in twelve monthly instalments.")
    doc.add("   A discretionary bonus of up to ")
    kit.money(doc, None, round(salary * rng.choice([0.05, 0.1, 0.15]), 2)).line(" may be paid.")
    doc.add("4. Holidays. The Employee is entitled to ")
    kit.count(doc, ("holiday_days",), facts["holiday_days"]).line(" days of paid holiday a year.")
    kit.pad(doc)
    car_text = says(rng, car, ("The Employee is provided with a company car.",),
                    ("The Employee is not entitled to a company car.",
                     "No company car is provided."))
    remote_text = says(rng, remote, ("The Employee may work from home up to three days a week.",
                                     "Remote work is allowed."),
                       ("The role is fully office-based; working from home is not possible.",
                        "Remote work is not permitted."))
    doc.line(f"5. Car. {car_text}").line(f"6. Place of work. {remote_text}")
    doc.add("7. Benefits. ")
    for i, b in enumerate(facts["benefits"]):
        doc.add(", " if i else "").put(("benefits", i), b)
    doc.line(".").line()
    kit.pad(doc)
    doc.line(f"Signed for the Company: {fake.name()}    Employee: {facts['employee']}")
    return Draft(("Employment contract", "Contract of employment"), JOB_FIELDS, facts, doc, {
        ("contract_type",): kind_text, ("company_car",): car_text, ("remote_work",): remote_text})


NDA_FIELDS = [
    F.items("parties", "Parties", "The parties in the order they are named.", [
        F.text("name", "Name", "Legal name of the party.", "legal_name"),
        F.text("address", "Address", "Registered address, if given.", "registered_office",
               optional=True, keep=0.7),
    ], "contracting_parties"),
    F.date("effective_date", "Effective date", "Date the agreement takes effect.", "start_date"),
    F.choice("direction", "Type", "Whether one or both parties disclose.", ["mutual", "one-way"],
             "nda_type"),
    F.integer("term_years", "Confidentiality term (years)", "How long the obligations last.",
              "duration_years", minimum=1),
    F.choice("governing_law", "Governing law", "Law that governs the agreement.",
             ["England and Wales", "Germany", "France", "the State of Delaware", "Switzerland"],
             "jurisdiction", keep=0.8),
    F.flag("non_solicitation", "Non-solicitation", "Whether the parties may not hire each other's staff.",
           "no_poaching", keep=0.7),
    F.flag("return_of_materials", "Return of materials", "Whether materials must be returned or destroyed.",
           "return_required", keep=0.6),
    F.text("purpose", "Purpose", "Purpose for which information is shared.", "permitted_purpose",
           keep=0.7),
]
PURPOSES = ["evaluating a potential acquisition", "discussing a joint software project",
            "assessing a supply agreement", "exploring a research collaboration"]


def nda(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    mutual = kit.chance(0.6)
    parties = [{"name": fake.company(), "address": kit.maybe(fake.address().replace("\n", ", "), 0.75)}
               for _ in range(2)]
    if parties[0]["name"] == parties[1]["name"]:
        parties[1]["name"] += " International"
    solicit, ret = kit.chance(0.4), kit.chance(0.7)
    day = kit.day()
    law = rng.choice(["England and Wales", "Germany", "France", "the State of Delaware", "Switzerland"])
    facts = {"parties": parties, "effective_date": day.isoformat(),
             "direction": "mutual" if mutual else "one-way", "term_years": rng.choice([1, 2, 3, 5, 10]),
             "governing_law": law, "non_solicitation": solicit, "return_of_materials": ret,
             "purpose": rng.choice(PURPOSES)}
    kind_text = ("MUTUAL NON-DISCLOSURE AGREEMENT" if mutual else
                 "NON-DISCLOSURE AGREEMENT (ONE-WAY)")
    doc.line(kind_text).line()
    doc.add("This agreement is entered into as of ")
    kit.date(doc, ("effective_date",), day).line(" by and between:")
    for i, p in enumerate(parties):
        doc.add(f"({i + 1}) ").put(("parties", i, "name"), p["name"])
        if p["address"]:
            doc.add(", with its registered office at ").put(("parties", i, "address"), p["address"])
        doc.line(";")
    doc.line()
    doc.add("1. Purpose. The parties wish to share confidential information for the purpose of ")
    doc.put(("purpose",), facts["purpose"]).line(' (the "Purpose").')
    kit.pad(doc)
    doc.add("2. Term. The obligations of confidentiality last for ")
    kit.count(doc, ("term_years",), facts["term_years"]).line(" years from the effective date.")
    solicit_text = says(rng, solicit, ("Neither party shall solicit or hire the other's employees "
                                       "during the term.",),
                        ("This agreement does not restrict either party from hiring the other's staff.",
                         "There is no non-solicitation obligation."))
    ret_text = says(rng, ret, ("On request, all materials must be returned or destroyed.",),
                    ("The receiving party is not required to return any materials.",))
    law_text = f"This agreement is governed by the laws of {law}."
    doc.line(f"3. Staff. {solicit_text}").line(f"4. Materials. {ret_text}")
    doc.line(f"5. Law. {law_text}").line()
    kit.pad(doc)
    doc.line("Signed for and on behalf of each party by its authorised signatory.")
    return Draft(("NDA", "Confidentiality agreement"), NDA_FIELDS, facts, doc, {
        ("direction",): kind_text, ("non_solicitation",): solicit_text,
        ("return_of_materials",): ret_text, ("governing_law",): law_text})
