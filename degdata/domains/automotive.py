"""Papers of a car at the garage and at the counter: a garage's or body shop's repair estimate, a
tyre centre's fitting invoice, the certificate of a periodic roadworthiness test (a UK MOT, a US
state safety inspection, a German HU report or a French contrôle technique) and the agreement a
car hire desk prints at pick-up.

Each carries values of the same kind beside the ones asked for: the service advisor, the
technician and the insurer's assessor beside the customer, the job card, claim and account
numbers beside the estimate number, the date the car was inspected, the booked start and the
validity beside the estimate date, the parts, labour, paint and sublet subtotals, the tax, the
insurer's share and the excess beside the total, the labour lines' amounts beside the hourly
rate, the next service's mileage beside the odometer and the days the estimate is valid beside
the days the repair takes; the fitter, the cashier and a fleet car's driver beside the customer,
the booking, work order and account numbers beside the invoice number, the booking date and the
re-check date beside the invoice date, each tyre's unit price beside its line total, the
services, the subtotal, a discount, the tax and a tyre levy beside the total, the rear pressure
beside the front pressure, and the re-torque distance and the next rotation beside the
odometer; the owner who presented the car and the station manager beside the tester, the
station's number, the tester's ID and the earlier tests' numbers beside the test number, the
first registration, the earlier tests and the retest deadline beside the test date and the
expiry, the earlier tests' readings beside the odometer, the parking brake beside the service
brake and the retest fee beside the fee; the additional drivers and the rental agent beside the
renter, the booking, loyalty and licence numbers beside the agreement number, the booking date,
the licence's expiry and the renter's date of birth beside the pick-up and return dates, the
return branch beside the pick-up branch, the extras, the subtotal, the taxes and surcharges, the
deposit and the standard excess beside the daily rate, the total and the excess, and the
mileage allowance beside the odometer at pick-up.

Documents come as formal estimates (key-value heads, an item table, a totals block), advisors'
e-mails, markdown pages of a garage's customer portal and semicolon exports of an estimating
system; tyre invoices with a line table, till receipts, e-receipts and job sheets; test
certificates with defects grouped under their category, inspection reports in numbered
sections with a defect table, an online history page with the earlier tests and a garage's
e-mail; and hire agreements printed at the counter, confirmation e-mails, app receipts in
markdown and contracts in numbered clauses. Arrays come as tables in every layout, bullet and
numbered lines ("- Front bumper cover (Parts): £412.00", "- Minor: Registration plate lamp
inoperative"), receipt lines ("2 x 89.00   178.00") and one-sentence lists ("a child seat
(£42.00) and satellite navigation (£36.00)"); the lists of strings (advisories, services,
items not tested, additional drivers) may be empty. Booleans are as often negated as stated
("This is a private repair; no insurance claim has been made", "Wheel alignment not checked",
"No re-inspection needed", "Collision damage waiver: declined", "Mileage is not unlimited"),
the car's condition comes as "3/5" or "3 out of 5", and a failed test has no expiry (null).
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import clock
from ..kit import Kit
from ..surface import rating, says
from .common import address_line, firm_name, home_currency, lower_first, number_plate, plain_names, slug, strings


US_WORDS = (("Bonnet", "Hood"), ("bonnet", "hood"), ("wing", "fender"), ("Windscreen", "Windshield"),
            ("windscreen", "windshield"), ("Tyre", "Tire"), ("tyre", "tire"), ("silencer", "muffler"),
            ("Registration plate", "License plate"), ("Labour", "Labor"), ("labour", "labor"),
            ("Number plate", "License plate"), ("centre", "center"))


def _us(text: str) -> str:
    """`text` in American spelling and words ("Bonnet" -> "Hood", "tyre" -> "tire")."""
    for uk, us in US_WORDS:
        text = text.replace(uk, us)
    return text


def _vin(kit: Kit, wmi: str) -> str:
    return wmi + "".join(kit.rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789") for _ in range(14))


CARS = {   # locale: (make, model, world manufacturer identifier)
    "en_GB": [("Ford", "Fiesta", "WF0"), ("Vauxhall", "Corsa", "W0V"), ("Volkswagen", "Golf", "WVW"),
              ("Nissan", "Qashqai", "SJN"), ("Toyota", "Yaris", "VNK"), ("BMW", "320d", "WBA"),
              ("Kia", "Sportage", "U5Y"), ("MINI", "Cooper", "WMW"), ("Audi", "A3 Sportback", "WAU"),
              ("Skoda", "Octavia", "TMB"), ("Tesla", "Model 3", "LRW")],
    "en_US": [("Toyota", "Camry", "4T1"), ("Honda", "Civic", "2HG"), ("Ford", "F-150", "1FT"),
              ("Chevrolet", "Silverado 1500", "1GC"), ("Honda", "CR-V", "7FA"), ("Toyota", "RAV4", "2T3"),
              ("Nissan", "Altima", "1N4"), ("Jeep", "Grand Cherokee", "1C4"), ("Subaru", "Outback", "4S4"),
              ("Tesla", "Model Y", "7SA"), ("Hyundai", "Elantra", "5NP")],
    "de_DE": [("Volkswagen", "Golf", "WVW"), ("Volkswagen", "Passat Variant", "WVW"), ("Opel", "Astra", "W0V"),
              ("BMW", "320d Touring", "WBA"), ("Mercedes-Benz", "C 200", "W1K"), ("Audi", "A4 Avant", "WAU"),
              ("Skoda", "Octavia Combi", "TMB"), ("Ford", "Focus", "WF0"), ("Seat", "Leon", "VSS"),
              ("Volkswagen", "ID.3", "WVW")],
    "fr_FR": [("Peugeot", "208", "VF3"), ("Renault", "Clio", "VF1"), ("Citroën", "C3", "VF7"),
              ("Peugeot", "3008", "VF3"), ("Renault", "Mégane", "VF1"), ("Dacia", "Sandero", "UU1"),
              ("Toyota", "Yaris", "VNK"), ("Citroën", "C4", "VF7"), ("Renault", "Captur", "VF1"),
              ("Renault", "Zoe", "VF1")],
}
ELECTRIC = {"Model 3", "Model Y", "ID.3", "Zoe"}
UNIT = {"en_GB": "miles", "en_US": "miles", "de_DE": "km", "fr_FR": "km"}
TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}
VAT = {"en_GB": ("VAT", 0.2), "de_DE": ("VAT (MwSt.)", 0.19), "fr_FR": ("VAT (TVA)", 0.2)}


ICE_ONLY = ("clutch", "timing belt", "egr", "turbo", "exhaust", "silencer", "spark plugs", "engine oil", "oil filter",
            "oil and filter", "oil leak", "air filter", "auxiliary belt", "coolant", "alternator", "starter",
            "fuel leak")


def _combustion_only(text: str) -> bool:
    """Whether `text` is about a part only a combustion engine has (so never on an electric car's paper)."""
    return any(word in text.lower() for word in ICE_ONLY)


def _odometer(kit: Kit) -> int:
    return kit.rng.randint(6000, 140000) if UNIT[kit.locale] == "miles" else kit.rng.randint(10000, 230000)


def _pct(rate: float) -> str:
    return f"{rate * 100:g}%"


# ---- car repair estimate ---------------------------------------------------------------------

GARAGES = {"en_GB": ("{last} Motors", "{city} Accident Repair Centre", "{last} & Sons Garage", "{city} Autocare"),
           "en_US": ("{last} Auto Repair", "{city} Collision Center", "{last} Automotive", "{city} Auto Body & Paint"),
           "de_DE": ("Autohaus {last}", "Kfz-Werkstatt {last}", "Karosserie {last} GmbH", "Autoservice {city}"),
           "fr_FR": ("Garage {last}", "Carrosserie {last}", "{city} Auto Services", "Garage du Centre")}
INSURERS = {"en_GB": ("Harbour Motor Insurance", "Northgate Direct", "Pennant Insurance plc"),
            "en_US": ("Lakeshore Mutual", "Frontier Auto Insurance", "Keystone Casualty Co."),
            "de_DE": ("Rheinland Kfz-Versicherung AG", "Nordstern Versicherung", "Alpina Assekuranz"),
            "fr_FR": ("Mutuelle Atlantique", "Assurances du Lac", "Horizon Assurances")}
# (description, category, low, high): parts, paint and sublet lines priced from low to high (pounds, scaled
# per country), labour lines taking low to high hours at the garage's rate.
REPAIRS = {
    "accident_damage": [
        [("Front bumper cover", "parts", 180, 460), ("Bumper clips and brackets", "parts", 18, 60),
         ("Remove and refit front bumper", "labour", 1.0, 2.5), ("Paint front bumper", "paint", 160, 320)],
        [("Headlamp unit, left", "parts", 220, 690), ("Replace left headlamp", "labour", 0.5, 1.2)],
        [("Bonnet panel", "parts", 260, 540), ("Fit and align bonnet", "labour", 1.0, 2.0),
         ("Paint bonnet", "paint", 220, 380)],
        [("Front wing, right", "parts", 120, 300), ("Replace right front wing", "labour", 1.5, 3.0),
         ("Blend paint into door", "paint", 120, 240)],
        [("Rear bumper repair (plastic weld)", "labour", 1.5, 3.0), ("Paint rear bumper", "paint", 150, 300)],
        [("Door mirror glass and cover", "parts", 60, 180), ("Fit door mirror", "labour", 0.3, 0.8)],
        [("Radiator", "parts", 140, 320), ("Air conditioning condenser", "parts", 160, 380),
         ("Replace radiator and condenser", "labour", 2.0, 4.0), ("Air conditioning regas", "sublet", 60, 120)],
        [("Four-wheel alignment", "sublet", 50, 110)],
        [("Windscreen replacement", "sublet", 240, 520)],
        [("Dent removal, rear door (PDR)", "labour", 1.0, 2.5)],
    ],
    "mechanical_fault": [
        [("Clutch kit with flywheel", "parts", 380, 780), ("Replace clutch and flywheel", "labour", 4.5, 7.0)],
        [("Timing belt kit and water pump", "parts", 160, 360),
         ("Replace timing belt and water pump", "labour", 3.0, 5.0)],
        [("Diagnostic test", "labour", 0.5, 1.0)],
        [("Alternator", "parts", 180, 420), ("Replace alternator", "labour", 1.0, 2.5)],
        [("Starter motor", "parts", 140, 320), ("Replace starter motor", "labour", 1.0, 2.0)],
        [("EGR valve", "parts", 160, 390), ("Replace EGR valve", "labour", 1.5, 3.0)],
        [("Turbocharger (exchange unit)", "parts", 650, 1300), ("Replace turbocharger", "labour", 4.0, 6.5)],
        [("Lower suspension arm, left", "parts", 70, 170), ("Replace lower arm", "labour", 1.0, 1.8)],
        [("Coil spring, front right", "parts", 45, 110), ("Replace coil spring", "labour", 1.2, 2.0)],
        [("Exhaust rear silencer", "parts", 90, 260), ("Fit rear silencer", "labour", 0.6, 1.2)],
        [("Coolant (5 litres)", "parts", 18, 35)],
    ],
    "wear_and_tear": [
        [("Front brake discs (pair)", "parts", 70, 190), ("Front brake pads", "parts", 35, 90),
         ("Replace front discs and pads", "labour", 1.0, 1.8)],
        [("Rear brake pads", "parts", 30, 80), ("Replace rear pads", "labour", 0.6, 1.2)],
        [("Wiper blades (pair)", "parts", 18, 45)],
        [("Battery (70 Ah)", "parts", 90, 190), ("Fit battery and reset systems", "labour", 0.3, 0.7)],
        [("Brake fluid DOT 4", "parts", 9, 20), ("Brake fluid change", "labour", 0.5, 1.0)],
        [("Engine oil 5W-30 (5 litres)", "parts", 35, 70), ("Oil filter", "parts", 8, 22),
         ("Oil and filter change", "labour", 0.5, 0.8)],
        [("Spark plugs (set of 4)", "parts", 30, 80), ("Replace spark plugs", "labour", 0.5, 1.2)],
        [("Cabin filter", "parts", 15, 40)],
        [("Shock absorbers, rear (pair)", "parts", 120, 260), ("Replace rear shock absorbers", "labour", 1.2, 2.2)],
    ],
}
CATEGORIES = ("parts", "labour", "paint", "sublet")
CATEGORY_WORDS = ({"parts": "Parts", "labour": "Labour", "paint": "Paint", "sublet": "Sublet"},
                  {"parts": "Part", "labour": "Labour", "paint": "Paint & materials", "sublet": "Sublet"},
                  {"parts": "Parts", "labour": "Labour", "paint": "Refinish", "sublet": "Outwork"})
SUBTOTAL_LABELS = {"parts": "Parts", "labour": "Labour", "paint": "Paint and materials", "sublet": "Sublet work"}
PRICE_FACTOR = {"en_GB": 1.0, "en_US": 1.25, "de_DE": 1.15, "fr_FR": 1.1}
LABOUR_RATES = {"en_GB": (62, 110), "en_US": (110, 165), "de_DE": (95, 155), "fr_FR": (58, 95)}
REASONS = {"accident_damage": ("Reason for repair: accident damage", "Type of work: collision repair",
                               "Work required after an accident (body damage)."),
           "mechanical_fault": ("Reason for repair: mechanical fault", "Type of work: mechanical repair",
                                "Work required to put right the fault found on diagnosis."),
           "wear_and_tear": ("Reason for repair: wear and tear", "Type of work: routine replacement of worn parts",
                             "Work required because parts have worn out in normal use.")}
PARTS_QUALITY = {"genuine": ("Parts: genuine manufacturer parts (OEM)", "All parts quoted are genuine {make} parts.",
                             "Parts quality: OE genuine"),
                 "aftermarket": ("Parts: quality aftermarket (matching OE)",
                                 "Parts quoted are aftermarket parts of matching quality, not {make} originals.",
                                 "Parts quality: aftermarket"),
                 "used": ("Parts: used (green) parts from an approved recycler",
                          "Where possible we have quoted recycled (green) parts.", "Parts quality: used / recycled")}
CONDITION = {1: "poor", 2: "fair", 3: "average", 4: "good", 5: "excellent"}
ADVISORIES = ["Rear tyres close to the legal limit", "Wiper blades smearing", "Oil leak from the sump gasket",
              "Exhaust mounting perished", "Air filter dirty", "Front anti-roll bar links worn",
              "Coolant due for renewal", "Number plate lamp not working", "Auxiliary belt cracked",
              "Handbrake needs adjusting"]
ESTIMATE_TITLES = {"en_GB": ("REPAIR ESTIMATE", "Estimate of repair costs", "ESTIMATE"),
                   "en_US": ("REPAIR ESTIMATE", "Written estimate", "ESTIMATE OF REPAIRS"),
                   "de_DE": ("Repair estimate (Kostenvoranschlag)", "KOSTENVORANSCHLAG - repair estimate"),
                   "fr_FR": ("Repair estimate (devis de réparation)", "DEVIS - repair estimate")}
REPAIR_FIELDS = [
    F.text("customer", "Customer", ("Customer the estimate is for (not the service advisor, the technician or an "
                                    "insurance assessor).", "Name of the customer."), "customer_name", "client"),
    F.text("garage", "Garage", "Garage or body shop that wrote the estimate.", "repairer", "workshop", keep=0.7),
    F.text("estimate_number", "Estimate number", ("Number of the estimate (not the job card, claim or customer "
                                                  "number).", "Estimate reference."), "estimate_no", "quote_number",
           keep=0.8),
    F.date("estimate_date", "Estimate date", ("Date of the estimate (not the date the car was inspected, the "
                                              "validity or the booked start).", "Date the estimate was written."),
           "date", "quote_date"),
    F.date("valid_until", "Valid until", "Last day the estimate's prices hold, if a date is stated.", "expiry_date",
           "expires", optional=True, keep=0.5),
    F.text("registration", "Registration", "Registration (licence plate) of the car.", "licence_plate", "plate",
           "vehicle_registration", keep=0.7),
    F.text("vehicle", "Vehicle", "Make and model of the car as written.", "make_model", "car", keep=0.6),
    F.integer("mileage", "Mileage", "Odometer reading when the car came in, as written (miles or km), if recorded "
              "(not the next service's mileage).", "odometer", "odometer_reading", optional=True, keep=0.6),
    F.choice("repair_type", "Repair type", "What the repair is for.", list(REASONS), "reason", "work_type", keep=0.7,
             option_descriptions=("damage from a collision or impact", "a fault found on diagnosis",
                                  "routine replacement of worn parts")),
    F.items("line_items", "Line items", ("Each line of the estimate, in order.", "Parts, labour and other lines."), [
        F.text("description", "Description", "What the line is for, as written.", "item", "operation"),
        F.choice("category", "Category", "Kind of line.", list(CATEGORIES), "type", "line_type", keep=0.6,
                 option_descriptions=("a part supplied", "workshop labour", "paint and materials",
                                      "work sent out to another firm")),
        F.number("hours", "Hours", "Labour hours of the line; null for parts, paint and sublet lines.",
                 "labour_hours", "time", optional=True, keep=0.5),
        F.number("amount", "Amount", "Line total before tax.", "price", "line_total"),
    ], "items", "lines", keep=0.85),
    F.number("labour_rate", "Labour rate", "Hourly labour rate (not a line's amount).", "hourly_rate",
             "rate_per_hour", keep=0.5),
    F.number("total", "Total", ("Total of the estimate with tax (not the subtotal, the tax, a category's subtotal, "
                                "the insurer's share or the excess).", "Estimated total."), "total_amount",
             "grand_total", minimum=0),
    F.number("excess", "Insurance excess", "Excess (deductible) the customer pays under an insurance claim; null when "
             "none is stated.", "deductible", "customer_excess", optional=True, keep=0.5),
    F.flag("insurance_claim", "Insurance claim", "Whether the repair is paid through an insurance claim.",
           "insured_repair", "via_insurer", keep=0.7),
    F.flag("courtesy_car", "Courtesy car", "Whether a courtesy (loan) car is offered during the repair.", "loan_car",
           "replacement_vehicle", keep=0.6),
    F.choice("parts_quality", "Parts quality", "Kind of parts quoted.", list(PARTS_QUALITY), "parts_type",
             "parts_grade", keep=0.5),
    F.score("condition", "Vehicle condition", "Overall condition of the car from the health check.", CONDITION,
            "overall_condition", "condition_rating", keep=0.5),
    F.integer("repair_days", "Repair time (days)", "Working days the repair is expected to take, if stated (not the "
              "days the estimate is valid).", "estimated_days", "duration_days", optional=True, keep=0.5),
    F.strings("advisories", "Advisories", "Other work recommended but not included in the estimate; empty when "
              "none.", "recommended_work", "not_quoted", keep=0.6),
]


def car_repair_estimate(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    fix = _us if us else (lambda text: text)
    make, model, wmi = rng.choice(CARS[loc])
    vehicle, plate, unit, vin = f"{make} {model}", number_plate(kit), UNIT[loc], _vin(kit, wmi)
    reason = rng.choice(["accident_damage"] * 4 + ["mechanical_fault"] * 3 + ["wear_and_tear"] * 3)
    electric = model in ELECTRIC
    pool = [g for g in REPAIRS[reason] if not (electric and any(_combustion_only(d[0]) for d in g))]
    groups = rng.sample(pool, rng.randint(2, 4) if reason == "accident_damage" else rng.randint(1, 3))
    rate = float(rng.randint(*LABOUR_RATES[loc]))
    factor = PRICE_FACTOR[loc]
    items = []
    for group in groups:
        for desc, cat, lo, hi in group:
            if cat == "labour":
                hours = round(rng.uniform(lo, hi), 1)
                items.append({"description": fix(desc), "category": cat, "hours": hours,
                              "amount": round(hours * rate, 2)})
            else:
                items.append({"description": fix(desc), "category": cat, "hours": None,
                              "amount": round(rng.uniform(lo, hi) * factor, 2)})
    sums = {c: round(sum(i["amount"] for i in items if i["category"] == c), 2) for c in CATEGORIES}
    subtotal = round(sum(sums.values()), 2)
    if us:
        tax_rate = rng.choice([0.0625, 0.07, 0.0725, 0.0825])
        tax_label = f"Sales tax on parts ({_pct(tax_rate)})"
        tax = round((sums["parts"] + sums["paint"]) * tax_rate, 2)
    else:
        label, tax_rate = VAT[loc]
        tax_label = f"{label} {_pct(tax_rate)}"
        tax = round(subtotal * tax_rate, 2)
    total = round(subtotal + tax, 2)
    claim = reason == "accident_damage" and kit.chance(0.6)
    excess = float(rng.choice([250, 500, 500, 1000] if us else [100, 150, 250, 300, 350, 500])) \
        if claim and kit.chance(0.75) else None
    insurer = rng.choice(INSURERS[loc])
    claim_no = f"{rng.choice(['CLM', 'CL', 'SIN'])}-{rng.randint(10**6, 10**7 - 1)}"
    customer, advisor, technician, assessor = plain_names(kit, 4)
    garage = firm_name(kit, GARAGES)
    inspected = kit.day()
    dated = inspected + dt.timedelta(days=rng.randint(0, 3))
    valid = dated + dt.timedelta(days=rng.choice([14, 28, 30, 30]))
    start = dated + dt.timedelta(days=rng.randint(3, 21))
    mileage = _odometer(kit)
    estimate_no = {"en_GB": f"EST-{rng.randint(10000, 99999)}", "en_US": f"E{rng.randint(100000, 999999)}",
                   "de_DE": f"KV-{dated.year}-{rng.randint(1, 9999):04d}",
                   "fr_FR": f"DV{dated.year}{rng.randint(1, 99999):05d}"}[loc]
    job_no, account_no = f"J{rng.randint(100000, 999999)}", f"C{rng.randint(10000, 99999)}"
    quality = "genuine" if claim and kit.chance(0.7) else rng.choice(list(PARTS_QUALITY))
    courtesy = kit.chance(0.5)
    score = rng.choice([1, 2, 3, 3, 4, 4, 4, 5])
    days = rng.randint(1, 3) if reason != "accident_damage" else rng.randint(2, 9)
    advisories = [fix(a) for a in rng.sample([a for a in ADVISORIES if not (electric and _combustion_only(a))],
                                             rng.choice([0, 0, 1, 1, 2, 3]))]
    facts = {"customer": customer, "garage": garage, "estimate_number": estimate_no,
             "estimate_date": dated.isoformat(), "valid_until": kit.maybe(valid.isoformat(), 0.6),
             "registration": plate, "vehicle": vehicle, "mileage": kit.maybe(mileage, 0.75), "repair_type": reason,
             "line_items": items, "labour_rate": rate, "total": total, "excess": excess, "insurance_claim": claim,
             "courtesy_car": courtesy, "parts_quality": quality, "condition": score,
             "repair_days": kit.maybe(days, 0.6), "advisories": advisories}
    words = dict(rng.choice(CATEGORY_WORDS))
    if us:
        words = {k: _us(v) for k, v in words.items()}
    reason_text = rng.choice(REASONS[reason])
    quality_text = rng.choice(PARTS_QUALITY[quality]).format(make=make)
    claim_text = says(rng, claim, (f"Insurance claim: yes ({insurer}, claim {claim_no})",
                                   f"Your insurer, {insurer}, is handling this repair."),
                      ("Insurance claim: no (private repair)",
                       "This is a private repair; no insurance claim has been made.",
                       "Not an insurance job: payable by the customer."))
    courtesy_text = says(rng, courtesy, ("Courtesy car: provided for the duration of the repair",
                                         "A courtesy car will be available while your car is with us."),
                         ("Courtesy car: not available", "We cannot offer a courtesy car for this repair.",
                          "No loan car is included."))
    _, score_text = rating(rng, score, 5, rng.choice(["slash", "out_of", "of", "rated"]))
    condition_text = f"Overall vehicle condition: {score_text}" + (f" ({CONDITION[score]})" if kit.chance(0.5) else "")
    evidence = {("repair_type",): reason_text, ("parts_quality",): quality_text, ("insurance_claim",): claim_text,
                ("courtesy_car",): courtesy_text, ("condition",): condition_text}
    for i, it in enumerate(items):
        evidence[("line_items", i, "category")] = words[it["category"]]
    per_hour = rng.choice([" per hour", " an hour", "/hour"])

    def rate_cell() -> L.Cell:
        return L.join(kit.money_cell(("labour_rate",), rate), L.cell(per_hour))

    def mileage_cell() -> L.Cell:
        if facts["mileage"] is None:
            return L.cell("not recorded")
        return L.join(kit.count_cell(("mileage",), mileage), L.cell(f" {unit}"))

    def head_rows() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Estimate no.", "Estimate number", "Estimate #" if us else "Our ref."]),
                 L.cell(estimate_no, ("estimate_number",))),
                (rng.choice(["Date", "Estimate date"]), kit.date_cell(("estimate_date",), dated))]
        if facts["valid_until"]:
            rows.append(("Valid until", kit.date_cell(("valid_until",), valid)))
        rows += [("Job card", L.cell(job_no)), ("Customer", L.cell(customer, ("customer",))),
                 ("Account no.", L.cell(account_no)), ("Service advisor", L.cell(advisor))]
        if claim:
            rows += [("Insurer", L.cell(insurer)), ("Claim no.", L.cell(claim_no)), ("Assessor", L.cell(assessor))]
        return rows

    def vehicle_rows() -> list[tuple[str, L.Cell]]:
        return [("Registration", L.cell(plate, ("registration",))), ("Vehicle", L.cell(vehicle, ("vehicle",))),
                ("VIN", L.cell(vin)), ("Mileage in", mileage_cell()),
                ("Inspected on", kit.date_cell(None, inspected)), ("Technician", L.cell(technician))]

    def item_table(layout: str | None = None) -> None:
        rows = []
        for i, it in enumerate(items):
            at = ("line_items", i)
            rows.append([L.cell(it["description"], at + ("description",)), L.cell(words[it["category"]]),
                         kit.num_cell(at + ("hours",), it["hours"], 1) if it["hours"] is not None else L.cell("-"),
                         kit.money_cell(at + ("amount",), it["amount"])])
        L.table(doc, rng, [rng.choice(["Description", "Operation"]), "Type", rng.choice(["Hours", "Hrs"]),
                           rng.choice(["Amount", "Net", "Price"])], rows, layout)

    def item_lines(numbered: bool) -> None:
        for i, it in enumerate(items):     # "- Replace left headlamp (Labour, 0.8 h): £68.00"
            at = ("line_items", i)
            doc.add(f"{i + 1}. " if numbered else "- ").put(at + ("description",), it["description"])
            doc.add(f" ({words[it['category']]}")
            if it["hours"] is not None:
                kit.num(doc.add(", "), at + ("hours",), it["hours"], 1).add(" h")
            kit.money(doc.add("): "), at + ("amount",), it["amount"]).line()

    def item_sentence() -> None:
        doc.add(rng.choice(["The work comprises ", "We propose "]))
        for i, it in enumerate(items):     # "front bumper cover (parts, £412.00)"
            at = ("line_items", i)
            it["description"] = lower_first(it["description"])     # the gold is the text as written here
            word = words[it["category"]].lower()
            evidence[at + ("category",)] = word
            doc.add("" if i == 0 else " and " if i == len(items) - 1 else ", ")
            doc.put(at + ("description",), it["description"]).add(f" ({word}")
            if it["hours"] is not None:
                kit.num(doc.add(", "), at + ("hours",), it["hours"], 1).add(" h")
            kit.money(doc.add(", "), at + ("amount",), it["amount"]).add(")")
        doc.line(".")

    def total_rows() -> list[tuple[str, L.Cell]]:
        rows = [(SUBTOTAL_LABELS[c] if not us else _us(SUBTOTAL_LABELS[c]), kit.money_cell(None, sums[c]))
                for c in CATEGORIES if sums[c]]
        rows += [("Subtotal", kit.money_cell(None, subtotal)), (tax_label, kit.money_cell(None, tax)),
                 (rng.choice(["Total", "Total incl. tax" if us else "Total incl. VAT", "Estimate total"]),
                  kit.money_cell(("total",), total))]
        if excess is not None:
            rows += [(rng.choice(["Your excess", "Excess payable by you"]), kit.money_cell(("excess",), excess)),
                     ("Payable by insurer", kit.money_cell(None, round(total - excess, 2)))]
        return rows

    def notes() -> None:
        doc.line(reason_text).line(quality_text).line(claim_text).line(courtesy_text).line(condition_text)
        if facts["repair_days"] is not None:
            kit.count(doc.add("Estimated repair time: "), ("repair_days",), days).line(" working days")
        else:
            kit.date(doc.add("We can start the work on "), None, start).line(", subject to parts availability.")
        if not facts["valid_until"]:
            doc.line(f"This estimate is valid for {(valid - dated).days} days.")
        strings(kit, doc, "advisories", advisories, rng.choice(["Advisories (not included)", "Also recommended",
                                                                "Further work advised"]),
                rng.choice(["Advisories: none", "No further work recommended at this time."]))
        if facts["mileage"] is not None:
            doc.line(f"Next service due at {kit.style.integer(mileage + rng.choice([6000, 10000, 12000]))} {unit}.")

    layout = rng.choice(["estimate", "email", "portal", "export"])
    if layout == "estimate":      # the garage's formal estimate
        doc.put(("garage",), garage).line().line(address_line(kit)).line()
        doc.line(rng.choice(ESTIMATE_TITLES[loc])).line()
        L.labelled(doc, rng, head_rows())
        doc.line()
        L.labelled(doc, rng, vehicle_rows())
        doc.line()
        kit.pad(doc)
        item_table()
        doc.line()
        L.kv(doc, rng, total_rows() + [(fix("Labour rate"), rate_cell())], rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        notes()
        doc.line().line(f"Prepared by {advisor}, service advisor")
    elif layout == "email":       # the service advisor's e-mail
        doc.line(f"From: {advisor} <service@{slug(garage, 'garage', 18)}.{TLD[loc]}>")
        doc.add("To: ").put(("customer",), customer)
        doc.line().add("Subject: Estimate ").put(("estimate_number",), estimate_no).add(" for ")
        doc.put(("registration",), plate).line().line()
        doc.line(f"Dear {customer.split()[0]},").line()
        L.fill(doc, "Thank you for bringing your {car} in on ", car=(("vehicle",), vehicle))
        kit.date(doc, None, inspected).line(".")
        kit.date(doc.add(f"{technician} has inspected it and here is our estimate, dated "), ("estimate_date",), dated)
        doc.line(".")
        if facts["valid_until"]:
            kit.date(doc.add("The prices hold until "), ("valid_until",), valid).line(".")
        L.write(doc.add("Mileage on arrival: "), mileage_cell()).line()
        doc.line()
        style = rng.choice(["bullets", "numbered", "sentence"])
        if style == "sentence":
            item_sentence()
        else:
            item_lines(style == "numbered")
        doc.line()
        for label, c in total_rows():
            L.write(doc.add(f"{label}: "), c).line()
        L.write(doc.add(fix("All labour is charged at ")), rate_cell()).line(".")
        doc.line()
        kit.pad(doc)
        notes()
        doc.line().line(f"Kind regards,\n{advisor}").put(("garage",), garage).line()
    elif layout == "portal":      # a page of the garage's customer portal
        doc.add("# Estimate ").put(("estimate_number",), estimate_no).line().line()
        rows = [("Garage", L.cell(garage, ("garage",)))] + [r for r in head_rows()
                                                            if r[1][0][1] != ("estimate_number",)]
        L.labelled(doc, rng, rows, "bold")
        doc.line().line("## Vehicle").line()
        L.kv(doc, rng, vehicle_rows() + [(fix("Labour rate"), rate_cell())], "pipe")
        doc.line().line(f"## {rng.choice(['Work', 'Work required', 'Quoted work'])}").line()
        item_table("pipe")
        doc.line()
        kit.pad(doc)
        for label, c in total_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Notes").line()
        notes()
    else:                         # an export from the estimating system
        doc.line(f"# {rng.choice(['estimate export', 'ESTIMATE EXPORT'])}").line("field;value")
        pairs = [("garage", L.cell(garage, ("garage",))), ("estimate_no", L.cell(estimate_no, ("estimate_number",))),
                 ("estimate_date", kit.date_cell(("estimate_date",), dated))]
        if facts["valid_until"]:
            pairs.append(("valid_until", kit.date_cell(("valid_until",), valid)))
        pairs += [("job_card", L.cell(job_no)), ("customer", L.cell(customer, ("customer",))),
                  ("advisor", L.cell(advisor)), ("registration", L.cell(plate, ("registration",))),
                  ("vehicle", L.cell(vehicle, ("vehicle",))), ("vin", L.cell(vin)), ("mileage_in", mileage_cell()),
                  ("inspected", kit.date_cell(None, inspected)), ("labour_rate", rate_cell())]
        if claim:
            pairs += [("insurer", L.cell(insurer)), ("claim_no", L.cell(claim_no))]
        for key, c in pairs:
            L.write(doc.add(f"{key};"), c).line()
        doc.line().line("lines:")
        item_table("semicolon")
        doc.line()
        kit.pad(doc)
        for label, c in total_rows():
            L.write(doc.add(f"{label.lower()};"), c).line()
        doc.line()
        notes()
    kit.pad(doc)
    return Draft(("Car repair estimate", "Vehicle repair estimate", "Garage repair quote"), REPAIR_FIELDS, facts,
                 doc, evidence)


# ---- tyre fitting invoice --------------------------------------------------------------------

TYRES = [   # (brand, pattern, season, market)
    ("Michelin", "Primacy 4+", "summer", "eu"), ("Continental", "PremiumContact 7", "summer", "eu"),
    ("Bridgestone", "Turanza 6", "summer", "eu"), ("Goodyear", "EfficientGrip Performance 2", "summer", "eu"),
    ("Pirelli", "Cinturato P7", "summer", "all"), ("Hankook", "Ventus Prime 4", "summer", "eu"),
    ("Dunlop", "Sport Maxx RT2", "summer", "all"), ("Falken", "Ziex ZE310 Ecorun", "summer", "eu"),
    ("Michelin", "Pilot Sport 4", "summer", "all"), ("Michelin", "Alpin 6", "winter", "eu"),
    ("Continental", "WinterContact TS 870", "winter", "eu"), ("Bridgestone", "Blizzak LM005", "winter", "eu"),
    ("Goodyear", "UltraGrip Performance 3", "winter", "eu"), ("Nokian", "Snowproof P", "winter", "eu"),
    ("Bridgestone", "Blizzak WS90", "winter", "us"), ("Michelin", "X-Ice Snow", "winter", "us"),
    ("Michelin", "CrossClimate 2", "all_season", "all"), ("Goodyear", "Vector 4Seasons Gen-3", "all_season", "eu"),
    ("Continental", "AllSeasonContact 2", "all_season", "eu"), ("Bridgestone", "Weather Control A005 Evo",
                                                                "all_season", "eu"),
    ("Michelin", "Defender2", "all_season", "us"), ("Goodyear", "Assurance WeatherReady", "all_season", "us"),
    ("Firestone", "Destination LE3", "all_season", "us"), ("Cooper", "Endeavor Plus", "all_season", "us"),
    ("Continental", "TrueContact Tour", "all_season", "us"),
]
SEASON_SHARES = {"en_GB": ["summer"] * 6 + ["all_season"] * 3 + ["winter"], "en_US": ["all_season"] * 7 +
                 ["winter"] * 2 + ["summer"], "de_DE": ["summer"] * 4 + ["winter"] * 4 + ["all_season"] * 2,
                 "fr_FR": ["summer"] * 5 + ["winter"] * 2 + ["all_season"] * 3}
SIZES = {"eu": ["195/65 R15 91H", "205/55 R16 91V", "225/45 R17 94W XL", "215/60 R16 99H XL", "225/40 R18 92Y XL",
                "185/65 R15 88T", "235/55 R18 104V XL", "205/60 R16 92H", "215/55 R17 94V"],
         "us": ["P225/65R17 102H", "235/65R18 106T", "215/55R17 94V", "P245/70R17 108S", "225/60R16 98H",
                "265/70R17 115T", "205/55R16 91H"]}
SEASON_TEXT = {"summer": ("Summer", "summer tyre", "Summer (S)"),
               "winter": ("Winter (3PMSF)", "winter tyre", "Winter (W)"),
               "all_season": ("All-season", "all-season tyre (M+S)", "All season (A/S)")}
POSITION_TEXT = {"front": ("Front axle", "front pair", "Front (FL/FR)"), "rear": ("Rear axle", "rear pair",
                                                                                  "Rear (RL/RR)"),
                 "all_round": ("All four wheels", "all round", "All positions")}
POSITION_SINGLE = {"front": ("Front left", "Front right", "Front (driver's side)"),
                   "rear": ("Rear left", "Rear right", "Rear (passenger side)")}
TYRE_PRICES = {"en_GB": (55, 175), "en_US": (95, 260), "de_DE": (60, 190), "fr_FR": (60, 185)}
TYRE_SERVICES = [   # (name, per tyre, low, high), prices in the home currency
    ("Fitting and balancing", True, 8, 18), ("New valves", True, 2, 5), ("Tyre disposal", True, 2, 4),
    ("TPMS sensor service", True, 5, 12), ("Wheel alignment", False, 35, 90), ("Nitrogen inflation", True, 2, 5),
    ("Locking wheel nut removal", False, 15, 30), ("Wheel storage (tyre hotel)", False, 40, 80),
]
US_TYRE_SERVICES = {"Fitting and balancing": "Mount and balance", "New valves": "Valve stems",
                    "Tyre disposal": "Tire disposal", "Nitrogen inflation": "Nitrogen fill",
                    "Wheel storage (tyre hotel)": "Road hazard protection"}
TYRE_CENTRES = {"en_GB": ("{city} Tyre & Exhaust", "{last} Tyres Ltd", "TyreWise {city}"),
                "en_US": ("{last} Tire & Auto", "{city} Tire Pros", "Tread Masters {city}"),
                "de_DE": ("Reifen {last}", "Reifenservice {city}", "{last} Reifen & Räder GmbH"),
                "fr_FR": ("Pneus {last}", "{city} Pneus Services", "Centre Auto {last}")}
PAYMENT_METHODS = {"card": ("Paid by card (Visa ending {d4})", "Payment: card", "Card payment approved"),
                   "cash": ("Paid in cash", "Payment: cash"),
                   "account": ("Payment: charged to account, due in 30 days",
                               "Charged to your business account (not yet paid)."),
                   "online": ("Paid online when booking", "Payment: prepaid online")}
TYRE_FIELDS = [
    F.text("invoice_number", "Invoice number", ("Number of the invoice (not the booking, work order or account "
                                                "number).", "Invoice reference."), "invoice_no", "number"),
    F.date("invoice_date", "Invoice date", ("Date of the invoice and the fitting (not the booking date or a re-check "
                                            "date).", "Date the tyres were fitted and invoiced."), "date", "issued"),
    F.text("customer", "Customer", ("Customer invoiced (not the fitter, the cashier or a fleet car's driver).",
                                    "Name of the customer."), "customer_name", "bill_to"),
    F.text("fitting_centre", "Fitting centre", "Tyre shop or branch that fitted the tyres.", "branch", "shop",
           keep=0.6),
    F.text("registration", "Registration", "Registration (licence plate) of the car.", "licence_plate", "plate",
           "vehicle_registration", keep=0.7),
    F.integer("mileage", "Mileage", "Odometer reading at the fitting as written, if recorded (not the re-torque "
              "distance or the next rotation).", "odometer", optional=True, keep=0.5),
    F.items("tyres", "Tyres", ("Each tyre line of the invoice, in order (not fitting or other services).",
                               "Tyres supplied."), [
        F.text("tyre", "Tyre", "Brand and pattern as written.", "product", "brand_model"),
        F.text("size", "Size", "Tyre size as written.", "tyre_size", "dimension", keep=0.7),
        F.integer("quantity", "Quantity", "Number of tyres on the line.", "qty"),
        F.choice("season", "Season", "Season of the tyre.", list(SEASON_TEXT), "type", "season_type", keep=0.6),
        F.choice("position", "Position", "Where on the car the tyres were fitted.", list(POSITION_TEXT), "axle",
                 "fitted_to", keep=0.5),
        F.number("unit_price", "Unit price", "Price of one tyre (not the line total).", "price_each", keep=0.5),
        F.number("line_total", "Line total", "Total of the line (not the unit price).", "amount", "total",
                 keep=0.6),
    ], "items", "tyre_lines"),
    F.strings("services", "Services", "Services charged besides the tyres (fitting, valves, disposal...); empty when "
              "they are included in the tyre price.", "work_done", "extras", keep=0.6),
    F.number("front_pressure", "Front tyre pressure", "Pressure the front tyres were set to, as written (bar or psi), "
             "if recorded (not the rear).", "pressure_front", "front_psi", optional=True, keep=0.4),
    F.number("total", "Total", ("Amount of the invoice with tax (not the subtotal, the tax, a discount or a tyre's "
                                "price).", "Invoice total."), "total_amount", "amount_due", minimum=0),
    F.choice("payment_method", "Payment method", "How the invoice was or will be paid.", list(PAYMENT_METHODS),
             "paid_by", "payment", keep=0.6),
    F.flag("alignment_checked", "Alignment checked", "Whether the wheel alignment was checked or adjusted at the "
           "visit.", "tracking_checked", "alignment", keep=0.6),
    F.flag("retorque_required", "Re-torque required", "Whether the wheel nuts must be re-torqued (a return visit) "
           "after a short distance.", "retorque", "check_nuts", keep=0.5),
]


def tyre_fitting_invoice(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    fix = _us if us else (lambda text: text)
    market = "us" if us else "eu"
    make, model, _ = rng.choice(CARS[loc])
    plate, unit = number_plate(kit), UNIT[loc]
    season = rng.choice(SEASON_SHARES[loc])
    models = [t for t in TYRES if t[2] == season and t[3] in (market, "all")]
    scenario = rng.choice(["four", "four", "pair", "pair", "single", "split"])
    lo, hi = TYRE_PRICES[loc]
    sizes = rng.sample(SIZES[market], 2)
    picked = rng.sample(models, 2)
    if scenario == "four":
        plan = [(picked[0], sizes[0], 4, "all_round")]
    elif scenario == "split":       # different tyres front and rear
        plan = [(picked[0], sizes[0], 2, "front"), (picked[1], sizes[rng.choice([0, 1])], 2, "rear")]
    else:
        plan = [(picked[0], sizes[0], 2 if scenario == "pair" else 1, rng.choice(["front", "rear"]))]
    tyres = []
    for (brand, pattern, ssn, _), size, qty, pos in plan:
        unit_price = round(rng.uniform(lo, hi), 2)
        tyres.append({"tyre": f"{brand} {pattern}", "size": size, "quantity": qty, "season": ssn, "position": pos,
                      "unit_price": unit_price, "line_total": round(unit_price * qty, 2)})
    count = sum(t["quantity"] for t in tyres)
    alignment = kit.chance(0.45)
    included = kit.chance(0.25)
    services: list[tuple[str, int, float]] = []       # (name, quantity, unit price)
    if not included:
        pool = [s for s in TYRE_SERVICES[1:] if s[0] != "Wheel alignment"
                and (s[0] != "Wheel storage (tyre hotel)" or us or season == "winter")]
        chosen = [TYRE_SERVICES[0]] + rng.sample(pool, rng.choice([0, 1, 1, 2, 3]))
        if alignment and kit.chance(0.5):
            chosen.append(TYRE_SERVICES[4])
        for name, per_tyre, s_lo, s_hi in chosen:
            name = US_TYRE_SERVICES.get(name, name) if us else name
            services.append((name, count if per_tyre else 1, round(rng.uniform(s_lo, s_hi) * (1.3 if us else 1), 2)))
    names = [s[0] for s in services]
    tyre_sum = round(sum(t["line_total"] for t in tyres), 2)
    service_sum = round(sum(q * p for _, q, p in services), 2)
    subtotal = round(tyre_sum + service_sum, 2)
    discount = round(subtotal * rng.choice([0.05, 0.1]), 2) if kit.chance(0.25) else 0.0
    if us:
        tax_rate = rng.choice([0.06, 0.0625, 0.07, 0.0825])
        tax_label = f"Sales tax ({_pct(tax_rate)})"
        levy = round(count * rng.choice([1.0, 1.5, 2.0]), 2)
    else:
        label, tax_rate = VAT[loc]
        tax_label, levy = f"{label} {_pct(tax_rate)}", 0.0
    tax = round((subtotal - discount) * tax_rate, 2)
    total = round(subtotal - discount + tax + levy, 2)
    payment = rng.choice(["card"] * 4 + ["cash", "account", "account", "online"])
    fitter, cashier, person = plain_names(kit, 3)
    customer = fake.company() if payment == "account" else person
    centre = firm_name(kit, TYRE_CENTRES)
    day = kit.day()
    booked = day - dt.timedelta(days=rng.randint(1, 20))
    mileage = _odometer(kit)
    invoice_no = {"en_GB": f"INV{rng.randint(10**6, 10**7 - 1)}",
                  "en_US": f"{rng.randint(1000, 9999)}-{rng.randint(100000, 999999)}",
                  "de_DE": f"RE-{day.year}-{rng.randint(10000, 99999)}",
                  "fr_FR": f"FA{day.year}-{rng.randint(10000, 99999)}"}[loc]
    booking_ref = f"BK{rng.randint(100000, 999999)}"
    work_order, account_no = f"WO-{rng.randint(10000, 99999)}", f"ACC{rng.randint(1000, 9999)}"
    if us or loc == "en_GB":
        front = float(rng.randint(30, 38))
        rear = front + rng.choice([-3, -2, 2, 3])
        psi = True
    else:
        front = round(rng.uniform(2.0, 2.7), 1)
        rear = round(front + rng.choice([-0.3, -0.2, 0.2, 0.3]), 1)
        psi = False
    retorque = kit.chance(0.5)
    distance = rng.choice([50, 100]) if unit == "miles" else rng.choice([50, 100, 150])
    facts = {"invoice_number": invoice_no, "invoice_date": day.isoformat(), "customer": customer,
             "fitting_centre": centre, "registration": plate, "mileage": kit.maybe(mileage, 0.6), "tyres": tyres,
             "services": names, "front_pressure": kit.maybe(front, 0.6), "total": total, "payment_method": payment,
             "alignment_checked": alignment, "retorque_required": retorque}
    form = rng.randrange(3)
    evidence = {}
    season_texts, position_texts = [], []
    for i, t in enumerate(tyres):
        season_texts.append(fix(SEASON_TEXT[t["season"]][form]))
        position_texts.append(rng.choice(POSITION_SINGLE[t["position"]]) if t["quantity"] == 1
                              else POSITION_TEXT[t["position"]][form])
        evidence[("tyres", i, "season")] = season_texts[i]
        evidence[("tyres", i, "position")] = position_texts[i]
    payment_text = rng.choice(PAYMENT_METHODS[payment]).format(d4=f"{rng.randint(0, 9999):04d}")
    alignment_text = says(rng, alignment, ("Wheel alignment checked: within tolerance",
                                           "Alignment: checked and adjusted",
                                           "Four-wheel alignment checked at this visit."),
                          ("Wheel alignment: not checked (declined by the customer)",
                           "Alignment not checked at this visit.", "No alignment check was done; we recommend one."))
    retorque_text = says(rng, retorque, (f"Please return after {distance} {unit} to have the wheel nuts re-torqued.",
                                         f"Re-torque check: required after {distance} {unit}"),
                         ("No re-torque check is needed.", "Re-torque: not required",
                          "Wheel nuts torqued to specification; no return visit needed."))
    evidence.update({("payment_method",): payment_text, ("alignment_checked",): alignment_text,
                     ("retorque_required",): retorque_text})
    p_unit = "psi" if psi else "bar"
    none_text = fix(rng.choice(["Fitting, balancing, valves and disposal are included in the tyre price.",
                                "Services: none charged (fitting included)"]))

    def pressure_cell(path, x: float) -> L.Cell:
        return L.join(kit.count_cell(path, int(x)) if psi else kit.num_cell(path, x, 1), L.cell(f" {p_unit}"))

    def pressure_line() -> None:
        if facts["front_pressure"] is None:
            doc.line(fix("Tyre pressures set to the manufacturer's recommendation."))
            return
        L.write(doc.add("Pressures set: front "), pressure_cell(("front_pressure",), front))
        L.write(doc.add(", rear "), pressure_cell(None, rear)).line()

    def mileage_cell() -> L.Cell:
        if facts["mileage"] is None:
            return L.cell("-")
        return L.join(kit.count_cell(("mileage",), mileage), L.cell(f" {unit}"))

    def total_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))]
        if discount:
            rows.append((rng.choice(["Online booking discount", "Discount"]), kit.money_cell(None, discount)))
        rows.append((tax_label, kit.money_cell(None, tax)))
        if levy:
            rows.append(("State tire fee", kit.money_cell(None, levy)))
        rows.append((rng.choice(["Total", "Total due", "TOTAL"]), kit.money_cell(("total",), total)))
        return rows

    def after() -> None:
        doc.line(payment_text)
        pressure_line()
        doc.line(alignment_text).line(retorque_text)
        if facts["mileage"] is not None:
            doc.line(fix(f"Next tyre rotation recommended at "
                         f"{kit.style.integer(mileage + rng.choice([5000, 6000, 8000]))} {unit}."))

    def tyre_table(layout: str | None = None, with_services: bool = True) -> None:
        head = [fix(rng.choice(["Tyre", "Item", "Description"])), "Size", "Season", "Position", "Qty", "Unit price",
                rng.choice(["Amount", "Total"])]
        rows = []
        for i, t in enumerate(tyres):
            at = ("tyres", i)
            rows.append([L.cell(t["tyre"], at + ("tyre",)), L.cell(t["size"], at + ("size",)),
                         L.cell(season_texts[i]), L.cell(position_texts[i]), kit.count_cell(at + ("quantity",),
                                                                                            t["quantity"]),
                         kit.money_cell(at + ("unit_price",), t["unit_price"]),
                         kit.money_cell(at + ("line_total",), t["line_total"])])
        if with_services:
            for i, (name, q, p) in enumerate(services):
                rows.append([L.cell(name, ("services", i)), L.cell("-"), L.cell("-"), L.cell("-"),
                             kit.count_cell(None, q), kit.money_cell(None, p), kit.money_cell(None, round(q * p, 2))])
        L.table(doc, rng, head, rows, layout)
        if with_services and not services:
            doc.line(none_text)

    def service_list() -> None:
        strings(kit, doc, "services", names, rng.choice(["Services", "Also carried out", "Work done"]), none_text)

    def tyre_bullets() -> None:
        for i, t in enumerate(tyres):   # "- 2 × Michelin Primacy 4+ 205/55 R16 91V (Summer, Front axle): £89.00 each"
            at = ("tyres", i)
            kit.count(doc.add("- "), at + ("quantity",), t["quantity"]).add(" × ").put(at + ("tyre",), t["tyre"])
            doc.add(" ").put(at + ("size",), t["size"]).add(f" ({season_texts[i]}, {position_texts[i]}): ")
            kit.money(doc, at + ("unit_price",), t["unit_price"]).add(" each, ")
            kit.money(doc, at + ("line_total",), t["line_total"]).line()

    layout = rng.choice(["invoice", "receipt", "email", "jobsheet"])
    if layout == "invoice":       # the centre's invoice with a line table
        doc.put(("fitting_centre",), centre).line().line(address_line(kit))
        if not us:
            doc.line(f"VAT no. {loc[-2:]}{rng.randint(10**8, 10**9 - 1)}")
        doc.line().line(rng.choice(["INVOICE", "TAX INVOICE" if loc == "en_GB" else "Invoice", "Invoice / receipt"]))
        doc.line()
        rows = [("Invoice no.", L.cell(invoice_no, ("invoice_number",))),
                ("Invoice date", kit.date_cell(("invoice_date",), day)), ("Booking ref.", L.cell(booking_ref)),
                ("Booked on", kit.date_cell(None, booked)), ("Customer", L.cell(customer, ("customer",)))]
        if payment == "account":
            rows += [("Account no.", L.cell(account_no)), ("Driver", L.cell(person))]
        rows += [("Registration", L.cell(plate, ("registration",))), ("Vehicle", L.cell(f"{make} {model}")),
                 ("Mileage", mileage_cell())]
        L.labelled(doc, rng, rows)
        doc.line()
        kit.pad(doc)
        tyre_table()
        doc.line()
        L.kv(doc, rng, total_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        after()
        doc.line(f"Fitted by {fitter}. Thank you for your custom.")
    elif layout == "receipt":     # a till receipt
        width = rng.randint(38, 46)
        doc.put(("fitting_centre",), centre).line().line(address_line(kit)).line("-" * width)
        kit.date(doc.add("Date: "), ("invoice_date",), day).line(f"  Time: {clock(rng.randint(480, 1080), us)}")
        doc.add(rng.choice(["Invoice: ", "Receipt no.: "])).put(("invoice_number",), invoice_no).line()
        doc.line(f"Served by: {cashier}").add("Customer: ").put(("customer",), customer).line()
        doc.add("Reg: ").put(("registration",), plate)
        if facts["mileage"] is not None:
            kit.count(doc.add("  Mileage: "), ("mileage",), mileage).add(f" {unit}")
        doc.line().line("-" * width)

        def amount_line(left: L.Cell, right: L.Cell) -> None:
            pad = max(2, width - len(L.text_of(left)) - len(L.text_of(right)))
            L.write(L.write(doc.add("  "), left).add(" " * pad), right).line()

        for i, t in enumerate(tyres):
            at = ("tyres", i)
            doc.put(at + ("tyre",), t["tyre"]).line(f" - {season_texts[i]}")
            doc.add("  ").put(at + ("size",), t["size"]).line(f"  {position_texts[i]}")
            amount_line(L.join(kit.count_cell(at + ("quantity",), t["quantity"]), L.cell(" x "),
                               kit.money_cell(at + ("unit_price",), t["unit_price"])),
                        kit.money_cell(at + ("line_total",), t["line_total"]))
        for i, (name, q, p) in enumerate(services):
            doc.put(("services", i), name).line()
            amount_line(L.join(kit.count_cell(None, q), L.cell(" x "), kit.money_cell(None, p)),
                        kit.money_cell(None, round(q * p, 2)))
        if not services:
            doc.line(none_text)
        doc.line("-" * width)
        kit.pad(doc)
        for label, c in total_rows():
            amount_line(L.cell(label.upper()), c)
        doc.line("-" * width)
        after()
        doc.line(f"Fitter: {fitter}")
    elif layout == "email":       # an e-receipt
        doc.add("From: ").put(("fitting_centre",), centre).line(f" <receipts@{slug(centre, 'garage', 18)}.{TLD[loc]}>")
        doc.add("To: ").put(("customer",), customer).line()
        doc.add("Subject: Your receipt ").put(("invoice_number",), invoice_no).line().line()
        doc.line(f"Hi {customer.split()[0]}," if payment != "account" else "Hello,").line()
        kit.date(doc.add("Thanks for visiting us on "), ("invoice_date",), day).add(". Here is what we fitted to ")
        doc.put(("registration",), plate)
        if facts["mileage"] is not None:
            kit.count(doc.add(" at "), ("mileage",), mileage).add(f" {unit}")
        doc.line(":").line()
        tyre_bullets()
        doc.line()
        service_list()
        if services:
            kit.money(doc.add("Fitting and services: "), None, service_sum).line()
        doc.line()
        for label, c in total_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        kit.pad(doc)
        after()
        kit.date(doc.add(f"(Booking {booking_ref}, made on "), None, booked).line(")")
        doc.line().line(f"Your fitter today was {fitter}.")
    else:                         # a job sheet with the invoice summary under it
        doc.add("## Job sheet ").line(work_order).line()
        rows = [("Centre", L.cell(centre, ("fitting_centre",))), ("Customer", L.cell(customer, ("customer",)))]
        if payment == "account":
            rows.append(("Driver", L.cell(person)))
        rows += [("Vehicle", L.cell(f"{make} {model}")), ("Registration", L.cell(plate, ("registration",))),
                 ("Odometer", mileage_cell()), ("Booked on", kit.date_cell(None, booked)),
                 ("Technician", L.cell(fitter))]
        L.labelled(doc, rng, rows, rng.choice(["bold", "colon", "pipe"]))
        doc.line().line(fix("### Tyres fitted")).line()
        tyre_table(rng.choice(["pipe", "semicolon", "grid"]), with_services=False)
        doc.line()
        service_list()
        doc.line()
        kit.pad(doc)
        doc.line("### Invoice").line()
        L.labelled(doc, rng, [("Invoice no.", L.cell(invoice_no, ("invoice_number",))),
                              ("Date", kit.date_cell(("invoice_date",), day))] + total_rows(),
                   rng.choice(["colon", "aligned", "bold"]))
        doc.line()
        after()
    kit.pad(doc)
    return Draft((fix("Tyre fitting invoice"), fix("Tyre centre invoice"), fix("Invoice for tyres fitted")),
                 TYRE_FIELDS, facts, doc, evidence)


# ---- roadworthiness test certificate (MOT, state inspection, HU, contrôle technique) --------

DEFECTS = [   # (defect, the categories a tester may record it at); {side} is the side of the car
    ("{side} front tyre worn close to the legal limit", ("advisory",)),
    ("{side} rear tyre tread depth below the legal minimum", ("major",)),
    ("{side} front brake disc worn, pitted or scored", ("advisory", "minor")),
    ("{side} front brake pad worn below the minimum thickness", ("major",)),
    ("Brake pipe slightly corroded", ("advisory",)),
    ("Brake pipe excessively corroded", ("major",)),
    ("Headlamp aim too high", ("major",)),
    ("Registration plate lamp inoperative", ("minor",)),
    ("Windscreen washer provides insufficient liquid", ("minor",)),
    ("Exhaust has a minor leak of exhaust gases", ("minor",)),
    ("{side} front lower arm ball joint dust cover damaged", ("minor",)),
    ("Oil leak, but not excessive", ("advisory",)),
    ("{side} rear coil spring fractured", ("major",)),
    ("Steering rack gaiter split", ("advisory", "minor")),
    ("Driver's seat belt does not retract", ("major",)),
    ("{side} front brake hose chafed, exposing the reinforcement", ("dangerous",)),
    ("{side} rear tyre has a cut exposing the cords", ("dangerous",)),
    ("Corrosion on the underside, not structural", ("advisory",)),
    ("Parking brake efficiency below requirements", ("major",)),
    ("{side} rear position lamp not working", ("minor",)),
    ("Anti-roll bar linkage ball joint has slight play", ("advisory",)),
    ("Airbag warning lamp on", ("major",)),
    ("Fuel leak at the tank filler neck", ("dangerous",)),
    ("Horn not working", ("major",)),
    ("Shock absorber has a light misting of oil", ("advisory",)),
]
EMISSIONS_DEFECT = "Exhaust emissions above the limit for this vehicle"
SIDES = {"en_GB": ("Nearside", "Offside")}
SEVERITIES = ("dangerous", "major", "minor", "advisory")     # the order a certificate lists them in
SEVERITY_LABELS = {"en_GB": {"dangerous": "Dangerous", "major": "Major", "minor": "Minor", "advisory": "Advisory"},
                   "en_US": {"dangerous": "Out of service", "major": "Rejected", "minor": "Repair recommended",
                             "advisory": "Advisory"},
                   "de_DE": {"dangerous": "Dangerous (GefM)", "major": "Significant (EM)", "minor": "Minor (GM)",
                             "advisory": "Note (Hinweis)"},
                   "fr_FR": {"dangerous": "Critical (critique)", "major": "Major (majeure)",
                             "minor": "Minor (mineure)", "advisory": "Observation"}}
SEVERITY_WORDS = {"en_GB": {"dangerous": "dangerous", "major": "major", "minor": "minor", "advisory": "advisory"},
                  "en_US": {"dangerous": "out of service", "major": "rejected", "minor": "repair recommended",
                            "advisory": "advisory"},
                  "de_DE": {"dangerous": "dangerous defect", "major": "significant defect", "minor": "minor defect",
                            "advisory": "note"},
                  "fr_FR": {"dangerous": "critical", "major": "major", "minor": "minor", "advisory": "observation"}}
SEVERITY_HEADINGS = {
    "en_GB": {"dangerous": "Do not drive until repaired (dangerous defects)",
              "major": "Repair immediately (major defects)", "minor": "Repair as soon as possible (minor defects)",
              "advisory": "Monitor and repair if necessary (advisories)"},
    "en_US": {"dangerous": "OUT OF SERVICE ITEMS", "major": "REJECTED ITEMS (repair required)",
              "minor": "Repairs recommended", "advisory": "Advisories"},
    "de_DE": {"dangerous": "Dangerous defects (gefährliche Mängel)", "major": "Significant defects (erhebliche Mängel)",
              "minor": "Minor defects (geringe Mängel)", "advisory": "Notes (Hinweise)"},
    "fr_FR": {"dangerous": "Critical defects (défaillances critiques)",
              "major": "Major defects (défaillances majeures)",
              "minor": "Minor defects (défaillances mineures)", "advisory": "Observations"}}
RESULT_TEXTS = {
    "en_GB": {"pass": ("Result: PASS", "Test result: Pass"),
              "pass_with_defects": ("Result: PASS (minor defects recorded)", "Test result: Pass with minor defects"),
              "fail": ("Result: FAIL", "Test result: Fail - certificate refused")},
    "en_US": {"pass": ("Inspection result: PASSED", "Result: PASS - sticker issued"),
              "pass_with_defects": ("Inspection result: PASSED - minor repairs recommended",
                                    "Result: PASS with repairs recommended"),
              "fail": ("Inspection result: FAILED (rejected)", "Result: FAIL - rejection sticker issued")},
    "de_DE": {"pass": ("Result: no defects found (ohne festgestellte Mängel)", "Result: passed without defects"),
              "pass_with_defects": ("Result: minor defects (geringe Mängel), badge issued",
                                    "Result: passed with minor defects"),
              "fail": ("Result: significant defects (erhebliche Mängel), no badge issued",
                       "Result: failed - vehicle not approved")},
    "fr_FR": {"pass": ("Result: A - favourable (favorable)", "Result: favourable, no defects"),
              "pass_with_defects": ("Result: A - favourable with minor defects",
                                    "Result: favourable (défaillances mineures)"),
              "fail": ("Result: S - unfavourable (défavorable), counter-inspection",
                       "Result: unfavourable for major defects")}}
DANGEROUS_RESULTS = {"en_GB": "Result: FAIL (dangerous defects)", "en_US": "Inspection result: FAILED - out of service",
                     "de_DE": "Result: dangerous defects (gefährliche Mängel), no badge issued",
                     "fr_FR": "Result: R - unfavourable for critical defects (défaillance critique)"}
RETEST_TEXTS = {
    "en_GB": (("The vehicle must be repaired and retested.", "Retest required: yes"),
              ("No retest required.", "Retest required: no")),
    "en_US": (("Re-inspection required after repairs.", "Re-inspection: required"),
              ("No re-inspection needed.", "Re-inspection: not required")),
    "de_DE": (("Re-inspection (Nachprüfung) required within one month.", "Nachprüfung: required"),
              ("No re-inspection (Nachprüfung) needed.", "Nachprüfung: not required")),
    "fr_FR": (("Counter-inspection (contre-visite) required within two months.", "Contre-visite: required"),
              ("No counter-inspection (contre-visite) required.", "Contre-visite: not required"))}
FUEL_WORDS = {"petrol": {"en_GB": "Petrol", "en_US": "Gasoline", "de_DE": "Petrol (Benzin)",
                         "fr_FR": "Petrol (essence)"},
              "diesel": {"en_GB": "Diesel", "en_US": "Diesel", "de_DE": "Diesel", "fr_FR": "Diesel (gazole)"},
              "hybrid": {"en_GB": "Hybrid electric (petrol)", "en_US": "Hybrid (gas/electric)",
                         "de_DE": "Hybrid (Benzin/Elektro)", "fr_FR": "Hybrid (hybride essence)"},
              "electric": {"en_GB": "Electricity", "en_US": "Electric (EV)", "de_DE": "Electric (Elektro)",
                           "fr_FR": "Electric (électrique)"}}
NOT_TESTED = ["Spare wheel (not accessible)", "Tow bar electrics", "Underside, partly obscured by a load",
              "Boot floor (full of items)", "Rear seat belts (child seats fitted)", "Fuel tank (obscured)"]
COLOURS = ["Silver", "Black", "White", "Blue", "Grey", "Red", "Green"]
TEST_NAMES = {"en_GB": "MOT", "en_US": "inspection", "de_DE": "HU", "fr_FR": "contrôle technique"}
MAIL_NAMES = {"en_GB": ("MOT", "mot"), "en_US": ("Inspection", "inspections"), "de_DE": ("HU", "pruefung"),
              "fr_FR": ("Contrôle technique", "controle")}
MOT_TITLES = {"en_GB": ("MOT TEST CERTIFICATE (VT20)", "REFUSAL OF AN MOT TEST CERTIFICATE (VT30)"),
              "en_US": ("VEHICLE SAFETY INSPECTION REPORT", "VEHICLE SAFETY INSPECTION REPORT - REJECTED"),
              "de_DE": ("HU inspection report (Untersuchungsbericht)", "HU inspection report (Untersuchungsbericht)"),
              "fr_FR": ("Roadworthiness test report (procès-verbal de contrôle technique)",
                        "Roadworthiness test report (procès-verbal de contrôle technique)")}
STATIONS = {"en_GB": ("{last} Motors MOT Centre", "{city} MOT & Service", "{last} Garage Ltd"),
            "en_US": ("{last} Auto Inspection Station", "{city} Emissions & Safety", "{last} Service Center"),
            "de_DE": ("TÜV Prüfstelle {city}", "DEKRA Station {city}", "GTÜ Prüfstelle {last}"),
            "fr_FR": ("Centre de contrôle {city}", "Contrôle Technique {last}", "Auto Bilan {city}")}
MOT_SCHEMA_TITLES = {"en_GB": "MOT test certificate", "en_US": "State vehicle inspection report",
                     "de_DE": "HU inspection report", "fr_FR": "Contrôle technique report"}
FEES = {"en_GB": (35.0, 54.85), "en_US": (7.0, 40.0), "de_DE": (125.0, 165.0), "fr_FR": (65.0, 95.0)}
MOT_FIELDS = [
    F.text("registration", "Registration", "Registration (licence plate) of the vehicle tested.", "vrm",
           "licence_plate", "plate"),
    F.text("vin", "VIN", "Vehicle identification number, if shown (not the test number).", "chassis_number",
           "vehicle_identification_number", optional=True, keep=0.4),
    F.text("make", "Make", "Make of the vehicle.", "manufacturer", "brand", keep=0.6),
    F.text("model", "Model", "Model of the vehicle as written.", "vehicle_model", keep=0.5),
    F.text("test_number", "Test number", ("Number of this test or certificate (not the test station's number, the "
                                          "tester's ID or an earlier test's number).", "Certificate number."),
           "certificate_number", "report_number", keep=0.7),
    F.date("test_date", "Test date", ("Date of this test (not the expiry, the first registration, an earlier test or "
                                      "a retest deadline).", "Date the vehicle was tested."), "date_of_test",
           "inspection_date"),
    F.date("expiry_date", "Expiry date", "Date the certificate is valid until (the next test is due by); null when "
           "the vehicle failed.", "valid_until", "next_test_due", optional=True),
    F.choice("result", "Result", "Outcome of the test.", ["pass", "pass_with_defects", "fail"], "outcome",
             "test_result", option_descriptions=("passed with no defects (advisories at most)",
                                                 "passed with minor defects recorded",
                                                 "failed (major, significant, critical or dangerous defects)")),
    F.integer("odometer", "Odometer", ("Odometer reading at this test as written (miles or km) (not an earlier test's "
                                       "reading).", "Mileage recorded at the test."), "mileage", "odometer_reading"),
    F.text("tester", "Tester", "Inspector or tester who carried out the test (not the owner or the station "
           "manager).", "inspector", "examiner", keep=0.6),
    F.text("test_station", "Test station", "Name of the test centre or station.", "station", "test_centre",
           keep=0.5),
    F.items("defects", "Defects", ("Each defect or advisory recorded at this test, in order; empty when none.",
                                   "Findings of the test."), [
        F.text("description", "Description", "The defect as written.", "defect", "item"),
        F.choice("category", "Category", "Severity the tester recorded.", ["advisory", "minor", "major", "dangerous"],
                 "severity", "level"),
    ], "findings", "defects_and_advisories"),
    F.choice("fuel", "Fuel", "Fuel or power source of the vehicle.", ["petrol", "diesel", "hybrid", "electric"],
             "fuel_type", "power_source", keep=0.5),
    F.flag("retest_required", "Retest required", "Whether the vehicle must be presented again for a retest or "
           "re-inspection.", "reinspection_required", "needs_retest", keep=0.6),
    F.flag("emissions_passed", "Emissions passed", "Whether the exhaust emissions test was passed; null when it does "
           "not apply (an electric vehicle).", "emissions_ok", "emissions_pass", nullable_decide=True, keep=0.5),
    F.integer("service_brake_efficiency", "Service brake efficiency (%)", "Measured service brake efficiency in %, "
              "if shown (not the parking brake's).", "brake_efficiency", optional=True, keep=0.4),
    F.number("fee", "Fee", "Fee paid for this test, if shown (not a retest fee).", "test_fee", "price",
             optional=True, keep=0.5),
    F.strings("not_tested", "Not tested", "Items that could not be inspected; empty when everything was.",
              "items_not_tested", "not_inspected", keep=0.5),
    F.generate("summary", "Summary", "One sentence saying whether the vehicle passed, on which date, and until when "
               "the certificate is valid.", 40, keep=0.25),
]


def mot_test_certificate(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    home_currency(kit)
    gb, us, de, fr = loc == "en_GB", loc == "en_US", loc == "de_DE", loc == "fr_FR"
    fix = _us if us else (lambda text: text)
    make, model, wmi = rng.choice(CARS[loc])
    vin, unit = _vin(kit, wmi), UNIT[loc]
    electric = model in ELECTRIC
    fuel = "electric" if electric else rng.choice(["petrol"] * 5 + ["diesel"] * (2 if us else 4) + ["hybrid"] * 2)
    side = SIDES.get(loc, ("Left", "Right"))
    outcome = rng.choice(["pass"] * 4 + ["pass_with_defects"] * 3 + ["fail"] * 3)     # as the tester will find it

    def draw(wanted: tuple[str, ...], n: int) -> list[tuple[str, str]]:
        pool = [(text, [lv for lv in levels if lv in wanted]) for text, levels in DEFECTS
                if set(levels) & set(wanted) and not (electric and _combustion_only(text))]
        return [(fix(text.format(side=rng.choice(side))), rng.choice(levels)) for text, levels in rng.sample(pool, n)]
    emissions = None if electric else not (outcome == "fail" and kit.chance(0.3))
    worst = {"pass": (), "pass_with_defects": ("minor",), "fail": ("major", "dangerous")}[outcome]
    found = draw(worst, rng.choice([1, 1, 1, 2])) if worst and emissions is not False else []
    if emissions is False:
        found.append((EMISSIONS_DEFECT, "major"))
    lesser = ("advisory",) if outcome != "fail" else ("advisory", "minor")
    for text, level in draw(lesser, rng.choice([0, 0, 1, 1, 2])):
        if text not in [t for t, _ in found]:
            found.append((text, level))
    found.sort(key=lambda d: SEVERITIES.index(d[1]))
    defects = [{"description": text, "category": level} for text, level in found]
    levels = {d["category"] for d in defects}
    result = "fail" if levels & {"major", "dangerous"} else "pass_with_defects" if "minor" in levels else "pass"
    day = kit.day()
    years = 2 if de or fr else 1
    anniversary = day.replace(year=day.year + years, day=min(day.day, 28))
    expiry = None if result == "fail" else anniversary - dt.timedelta(days=1 if gb else 0)
    retest_by = day + dt.timedelta(days={"en_GB": 14, "en_US": 30, "de_DE": 30, "fr_FR": 60}[loc])
    first_reg = day.replace(year=day.year - rng.randint(3, 15), day=min(day.day, 28)) - dt.timedelta(
        days=rng.randint(1, 300))
    plate = number_plate(kit, first_reg)
    odometer = _odometer(kit)
    history = []        # earlier tests: (date, passed, odometer, number)
    reading, when = odometer, day
    for _ in range(rng.randint(1, 3)):
        when = when - dt.timedelta(days=365 * years + rng.randint(-20, 20))
        reading = int(reading * rng.uniform(0.7, 0.9))
        if when <= first_reg:
            break
        history.append((when, kit.chance(0.8), reading))
    tester, owner, manager = plain_names(kit, 3)
    station = firm_name(kit, STATIONS)
    station_no = {"en_GB": f"V{rng.randint(10000, 99999)}", "en_US": f"Station #{rng.randint(10000, 99999)}",
                  "de_DE": f"Prüfstelle {rng.randint(100, 999)}",
                  "fr_FR": f"Agrément S{rng.randint(10, 95)}{rng.choice('ABCD')}{rng.randint(100, 999)}"}[loc]
    tester_id = {"en_GB": f"{''.join(w[0] for w in tester.split()[:2]).upper()}{rng.randint(1000, 9999)}",
                 "en_US": f"Inspector lic. {rng.randint(100000, 999999)}",
                 "de_DE": f"PI-{rng.randint(1000, 9999)}", "fr_FR": f"Contrôleur n° {rng.randint(10000, 99999)}"}[loc]

    def number() -> str:
        return {"en_GB": f"{rng.randint(1000, 9999)} {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}",
                "en_US": f"{rng.choice('ABCDEFGHJK')}{rng.randint(10**6, 10**7 - 1)}",
                "de_DE": f"{rng.randint(10**9, 10**10 - 1)}",
                "fr_FR": f"{rng.choice(['AB', 'CT', 'PV'])}-{rng.randint(100000, 999999)}"}[loc]
    test_no = number()
    history = [(w, ok, r, number()) for w, ok, r in history]
    fee = round(min(FEES[loc][1], rng.uniform(*FEES[loc])), 2) if not us else float(rng.choice([7, 12.5, 20, 35, 40]))
    brake, parking = rng.randint(50, 88), rng.randint(16, 45)
    not_tested = [fix(x) for x in rng.sample(NOT_TESTED, rng.choice([0, 0, 0, 0, 1, 1, 2]))]
    layout = rng.choice(["certificate", "report", "history", "email"])
    facts = {"registration": plate, "vin": vin if layout in ("certificate", "report") and kit.chance(0.8) else None,
             "make": make, "model": model, "test_number": test_no, "test_date": day.isoformat(),
             "expiry_date": expiry.isoformat() if expiry else None, "result": result, "odometer": odometer,
             "tester": tester, "test_station": station, "defects": defects, "fuel": fuel,
             "retest_required": result == "fail", "emissions_passed": emissions,
             "service_brake_efficiency": brake if layout in ("certificate", "report") and kit.chance(0.6) else None,
             "fee": kit.maybe(fee, 0.6), "not_tested": not_tested}
    word = "passed" if result != "fail" else "failed"
    facts["summary"] = (f"The {make} {model} ({plate}) {word} its {TEST_NAMES[loc]} on {day.isoformat()}"
                        + (f" and is valid until {expiry.isoformat()}." if expiry else " and must be retested."))
    result_text = (DANGEROUS_RESULTS[loc] if "dangerous" in levels and kit.chance(0.6)
                   else rng.choice(RESULT_TEXTS[loc][result]))
    retest_text = rng.choice(RETEST_TEXTS[loc][0 if result == "fail" else 1])
    emissions_text = (rng.choice(["Emissions: not applicable (electric vehicle)",
                                  "No emissions test (zero-emission vehicle)."]) if emissions is None else
                      says(rng, emissions, ("Emissions test: PASS", "Exhaust emissions within limits.",
                                            "No emissions defects found."),
                           ("Emissions test: FAIL", "Exhaust emissions not within limits.")))
    fuel_text = rng.choice(["Fuel type: ", "Fuel: ", "Power source: "]) + FUEL_WORDS[fuel][loc]
    labels, headings = SEVERITY_LABELS[loc], SEVERITY_HEADINGS[loc]
    evidence = {("result",): result_text, ("retest_required",): retest_text, ("emissions_passed",): emissions_text,
                ("fuel",): fuel_text}
    for i, d in enumerate(defects):
        evidence[("defects", i, "category")] = labels[d["category"]]
    day_text = kit.date_text(day)
    passed = ("PASS", "FAIL") if not (de or fr) else ("passed", "failed")

    def odometer_cell() -> L.Cell:
        return L.join(kit.count_cell(("odometer",), odometer), L.cell(f" {unit}"))

    def expiry_rows() -> list[tuple[str, L.Cell]]:
        if expiry is None:
            return []
        label = {"en_GB": "Expiry date", "en_US": "Valid through", "de_DE": "Next HU due by",
                 "fr_FR": "Next test due by"}[loc]
        return [(label, kit.date_cell(("expiry_date",), expiry))]

    def retest_line() -> None:
        doc.line(retest_text)
        if result == "fail":
            kit.date(doc.add("Retest deadline: "), None, retest_by).line()

    def brake_line() -> None:
        if facts["service_brake_efficiency"] is not None:
            kit.count(doc.add("Service brake efficiency: "), ("service_brake_efficiency",), brake)
            doc.line(f" % (parking brake {parking} %)")
        else:
            doc.line(f"Brake test: {rng.choice(['roller brake tester', 'decelerometer'])}, results within limits"
                     if "Parking brake efficiency below requirements" not in [d["description"] for d in defects]
                     else "Brake test: see defects")

    def fee_line(prefix: str, retest_fee: bool = True) -> None:
        if facts["fee"] is not None:
            kit.money(doc.add(prefix), ("fee",), fee)
            doc.line({"en_GB": " (partial retest free within 10 working days)", "en_US": "",
                      "de_DE": " incl. VAT", "fr_FR": " TTC"}[loc])
            if not gb and retest_fee:
                kit.money(doc.add("Re-inspection fee: "), None, round(fee * rng.choice([0.2, 0.25, 0.3]), 2)).line()

    def not_tested_block() -> None:
        strings(kit, doc, "not_tested", not_tested, rng.choice(["Items not tested", "Not inspected"]),
                rng.choice(["All items were inspected.", "Items not tested: none"]))

    def grouped_defects() -> None:
        if not defects:
            doc.line(rng.choice(["No defects or advisories recorded.", "Defects: none"]))
            return
        for level in SEVERITIES:
            group = [(i, d) for i, d in enumerate(defects) if d["category"] == level]
            if not group:
                continue
            doc.line(headings[level] + ":")
            for i, d in group:
                evidence[("defects", i, "category")] = headings[level]
                doc.add("- ").put(("defects", i, "description"), d["description"]).line()

    def defect_table(layout: str | None = None) -> None:
        if not defects:
            doc.line(rng.choice(["No defects recorded.", "Defects: none"]))
            return
        L.table(doc, rng, ["Defect", rng.choice(["Category", "Severity"])], [
            [L.cell(d["description"], ("defects", i, "description")), L.cell(labels[d["category"]])]
            for i, d in enumerate(defects)], layout)

    def defect_sentence() -> None:
        if not defects:
            doc.line("The tester recorded no defects or advisories.")
            return
        doc.add("The tester recorded ")
        for i, d in enumerate(defects):     # "a horn not working (major)"
            d["description"] = lower_first(d["description"])     # the gold is the text as written here
            word = SEVERITY_WORDS[loc][d["category"]]
            evidence[("defects", i, "category")] = word
            doc.add("" if i == 0 else " and " if i == len(defects) - 1 else ", ")
            doc.put(("defects", i, "description"), d["description"]).add(f" ({word})")
        doc.line(".")

    vehicle_rows = [("Registration", L.cell(plate, ("registration",))), ("Make", L.cell(make, ("make",))),
                    ("Model", L.cell(model, ("model",)))]
    if facts["vin"]:
        vehicle_rows.append(("VIN", L.cell(vin, ("vin",))))
    vehicle_rows += [("Colour" if not us else "Color", L.cell(rng.choice(COLOURS))),
                     ("First registered", kit.date_cell(None, first_reg))]
    if layout == "certificate":     # the certificate as the station prints it
        doc.line(MOT_TITLES[loc][result == "fail"]).line()
        rows = vehicle_rows + [("Odometer reading", odometer_cell()),
                               ("Test number" if not fr else "Report no.", L.cell(test_no, ("test_number",))),
                               ("Date of test", L.cell(day_text, ("test_date",)))] + expiry_rows()
        rows += [("Test station", L.join(L.cell(station, ("test_station",)), L.cell(f" ({station_no})"))),
                 ("Tester", L.join(L.cell(tester, ("tester",)), L.cell(f" ({tester_id})"))),
                 ("Presented by", L.cell(owner))]
        L.labelled(doc, rng, rows)
        doc.line().line(result_text).line()
        kit.pad(doc)
        grouped_defects()
        doc.line()
        brake_line()
        doc.line(emissions_text).line(fuel_text)
        retest_line()
        not_tested_block()
        fee_line("Fee paid: ")
        if history:
            w, ok, r, _ = history[0]
            kit.date(doc.add("Previous test: "), None, w)
            doc.line(f", {passed[0] if ok else passed[1]}, {kit.style.integer(r)} {unit}")
        doc.line().line(f"Station manager: {manager}")
    elif layout == "report":        # an inspection report in numbered sections
        doc.put(("test_station",), station).line(f" - {station_no}").line(MOT_TITLES[loc][result == "fail"])
        doc.add("Report no. ").put(("test_number",), test_no).line().line()
        doc.line("1. Vehicle")
        L.kv(doc, rng, vehicle_rows + [("Odometer", odometer_cell())], rng.choice(["colon", "aligned", "dots"]))
        doc.line().line("2. Inspection")
        rows = [("Date", L.cell(day_text, ("test_date",))), ("Inspector", L.cell(tester, ("tester",))),
                ("Inspector ID", L.cell(tester_id)), ("Presented by", L.cell(owner))]
        if history:
            rows.append(("Last inspection", kit.date_cell(None, history[0][0])))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "stacked"]))
        doc.line().line("3. Measurements")
        brake_line()
        doc.line(emissions_text).line(fuel_text).line()
        kit.pad(doc)
        doc.line("4. Defects")
        defect_table()
        doc.line().line("5. Result").line(result_text)
        for label, c in expiry_rows():
            L.write(doc.add(f"{label}: "), c).line()
        retest_line()
        not_tested_block()
        fee_line("Fee: ")
    elif layout == "history":       # an online history page, the latest test first
        doc.add(f"# {TEST_NAMES[loc].upper() if gb else 'Inspection'} history for ").put(("registration",), plate)
        doc.line().line()
        L.labelled(doc, rng, vehicle_rows[1:], "bold")
        doc.line(fuel_text).line().line("## Latest test").line()
        doc.add("- Date tested: ").put(("test_date",), day_text).line()
        doc.line(f"- {result_text}")
        L.write(doc.add("- Odometer: "), odometer_cell()).line()
        doc.add("- Test number: ").put(("test_number",), test_no).line()
        for label, c in expiry_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.add("- Test location: ").put(("test_station",), station).line()
        doc.add("- Tester: ").put(("tester",), tester).line()
        fee_line("- Fee: ", False)
        doc.line().line("### Defects and advisories").line()
        if defects:
            for i, d in enumerate(defects):
                doc.add(f"- {labels[d['category']]}: ").put(("defects", i, "description"), d["description"]).line()
        else:
            doc.line("None recorded.")
        doc.line().line(emissions_text)
        retest_line()
        not_tested_block()
        kit.pad(doc.line())
        if history:
            doc.line("## Earlier tests").line()
            L.table(doc, rng, ["Date tested", "Result", "Odometer", "Test number"], [
                [kit.date_cell(None, w), L.cell(passed[0] if ok else passed[1]),
                 L.cell(f"{kit.style.integer(r)} {unit}"), L.cell(n)] for w, ok, r, n in history], "pipe")
    else:                           # the garage's e-mail after the test
        subject, box = MAIL_NAMES[loc]
        doc.add("From: ").put(("test_station",), station).line(f" <{box}@{slug(station, 'garage', 18)}.{TLD[loc]}>")
        doc.line(f"To: {owner}").add(f"Subject: {subject} result for ")
        doc.put(("registration",), plate).line().line()
        doc.line(f"Dear {owner.split()[0]},").line()
        L.fill(doc, "Your {make} {model} ({reg}) was tested on ", make=(("make",), make), model=(("model",), model),
               reg=(("registration",), plate))
        doc.put(("test_date",), day_text)
        L.fill(doc, " by {tester}", tester=(("tester",), tester))
        L.write(doc.add(" at "), odometer_cell())
        doc.line(".").line(result_text)
        defect_sentence()
        if expiry:
            kit.date(doc.add("The certificate is valid until "), ("expiry_date",), expiry).line(".")
        retest_line()
        doc.line(emissions_text).line(fuel_text)
        doc.add("Test number: ").put(("test_number",), test_no).line()
        not_tested_block()
        fee_line("Amount paid: ")
        doc.line()
        kit.pad(doc)
        doc.line(f"Kind regards,\n{manager}")
    kit.pad(doc)
    return Draft((MOT_SCHEMA_TITLES[loc], "Roadworthiness test certificate", "Vehicle inspection report"),
                 MOT_FIELDS, facts, doc, evidence)


# ---- car hire agreement --------------------------------------------------------------------

HIRE_FIRMS = {"en_GB": ("{last} Car & Van Hire", "{city} Car Rental", "Drivewise Car Hire"),
              "en_US": ("{last} Rent-A-Car", "{city} Auto Rentals", "Roadway Car Rental"),
              "de_DE": ("Autovermietung {last}", "{city} Mietwagen GmbH", "FahrGut Autovermietung"),
              "fr_FR": ("Location {last}", "{city} Loc Auto", "Rouleo Location")}
BRANCHES = ("{city} Airport, Terminal {n}", "{city} Central Station", "{city} city centre", "{city} Port")
VEHICLE_CLASSES = {   # class: (ACRISS code, cars in Europe, cars in the US, daily rate range in pounds)
    "economy": ("ECMR", ("Fiat 500", "Toyota Aygo X", "Kia Picanto"), ("Mitsubishi Mirage", "Chevrolet Spark"),
                (22, 40)),
    "compact": ("CDMR", ("Volkswagen Golf", "Ford Focus", "Peugeot 308"), ("Nissan Versa", "Toyota Corolla"),
                (28, 50)),
    "intermediate": ("IDAR", ("Skoda Octavia", "Toyota Corolla Touring", "Renault Megane Estate"),
                     ("Toyota Camry", "Hyundai Sonata"), (35, 60)),
    "full_size": ("FDAR", ("BMW 3 Series", "Volkswagen Passat", "Mercedes-Benz C-Class"),
                  ("Chevrolet Malibu", "Nissan Altima"), (45, 75)),
    "suv": ("IFAR", ("Nissan Qashqai", "Peugeot 3008", "Volkswagen Tiguan"), ("Ford Explorer", "Toyota RAV4"),
            (50, 90)),
    "van": ("SVMR", ("Ford Galaxy", "Renault Grand Scenic", "Volkswagen Touran"),
            ("Chrysler Pacifica", "Honda Odyssey"), (60, 110)),
}
CLASS_NAMES = {"economy": "Economy", "compact": "Compact", "intermediate": "Intermediate", "full_size": "Full-size",
               "suv": "SUV", "van": "People carrier"}
US_CLASS_NAMES = {"intermediate": "Midsize", "van": "Minivan"}
FUEL_POLICIES = {"full_to_full": ("Fuel policy: full to full (return the car with a full tank)",
                                  "Fuel: collected full, return full",
                                  "Please return the car with a full tank; missing fuel is charged with a service "
                                  "fee."),
                 "prepaid": ("Fuel policy: pre-purchased tank (no refund for unused fuel)",
                             "Fuel: full-to-empty, first tank prepaid",
                             "You have prepaid a full tank; return the car as empty as you like."),
                 "same_to_same": ("Fuel policy: same to same (return with the level at pick-up)",
                                  "Fuel: like for like", "Return the car with the same fuel level as at pick-up.")}
HIRE_EXTRAS = [   # (name, charged per day, low, high) in pounds, scaled per country
    ("Child seat", True, 8, 14), ("Booster seat", True, 6, 10), ("Satellite navigation", True, 9, 16),
    ("Roadside assistance plus", True, 4, 8), ("Snow chains", False, 25, 40), ("Toll transponder", True, 5, 12),
    ("Winter tyres", True, 5, 10), ("Airport surcharge", False, 30, 50), ("Wi-Fi hotspot", True, 6, 10),
]
WAIVERS = {"en_GB": "Excess reduction (SCDW)", "en_US": "Loss damage waiver (LDW)",
           "de_DE": "Excess reduction (SB-Reduzierung)", "fr_FR": "Excess reduction (rachat de franchise)"}
RATE_FACTOR = {"en_GB": 1.0, "en_US": 1.3, "de_DE": 1.1, "fr_FR": 1.05}
HIRE_FIELDS = [
    F.text("agreement_number", "Agreement number", ("Number of the rental agreement (not the booking reference, a "
                                                    "loyalty or licence number).", "Rental agreement number."),
           "rental_agreement_no", "ra_number"),
    F.text("rental_company", "Rental company", "Car hire company.", "company", "provider", keep=0.6),
    F.text("renter", "Renter", ("Main driver who signed the agreement (not an additional driver or the rental "
                                "agent).", "Name of the hirer."), "hirer", "customer"),
    F.date("pickup_date", "Pick-up date", ("Date the car was collected (not the booking date, the return date or the "
                                           "renter's licence or birth date).", "Start of the rental."), "start_date",
           "collection_date"),
    F.date("return_date", "Return date", ("Date the car is due back (not the pick-up date).", "End of the rental."),
           "end_date", "due_back"),
    F.text("pickup_location", "Pick-up location", "Branch where the car was collected (not the return branch).",
           "pickup_branch", "collection_point", keep=0.6),
    F.text("vehicle", "Vehicle", "Make and model of the car handed over as written.", "car", "model", keep=0.7),
    F.text("registration", "Registration", "Registration (licence plate) of the car.", "licence_plate", "plate",
           keep=0.5),
    F.choice("vehicle_class", "Vehicle class", "Rental car class or group.", list(VEHICLE_CLASSES), "car_group",
             "category", keep=0.6),
    F.integer("rental_days", "Rental days", "Number of rental days charged.", "days", "duration_days", keep=0.6),
    F.number("daily_rate", "Daily rate", ("Rate per day for the car (not an extra's price or the total).",
                                          "Price per day."), "rate_per_day", "day_rate", keep=0.7),
    F.number("total", "Total", ("Estimated total of the rental with extras, fees and tax (not the deposit, the excess "
                                "or the daily rate).", "Total charge."), "total_charge", "estimated_total", minimum=0),
    F.number("deposit", "Deposit", "Security deposit held on the renter's card, if stated (not the excess).",
             "security_deposit", "hold_amount", optional=True, keep=0.5),
    F.number("excess", "Excess", "Damage excess the renter remains liable for after any excess reduction, if stated "
             "(not the standard excess when it was reduced, not the deposit).", "deductible", "damage_excess",
             optional=True, keep=0.5),
    F.integer("mileage_out", "Odometer at pick-up", "Odometer reading when the car was handed over, as written (not a "
              "mileage allowance).", "odometer_out", "start_mileage", keep=0.5),
    F.choice("fuel_policy", "Fuel policy", "How fuel is handled.", list(FUEL_POLICIES), "fuel", "fuel_option",
             keep=0.6, option_descriptions=("collected full, returned full", "a prepaid tank, returned at any level",
                                            "returned at the level it was collected at")),
    F.items("extras", "Extras", ("Each extra, cover or fee added to the rental, in order; empty when none.",
                                 "Optional extras."), [
        F.text("name", "Extra", "The extra as written.", "item", "product"),
        F.number("price", "Price", "Price of the extra for the whole rental; null when it is included at no charge.",
                 "amount", "cost", optional=True),
    ], "add_ons", "options", keep=0.8),
    F.strings("additional_drivers", "Additional drivers", "Other drivers named on the agreement; empty when none.",
              "other_drivers", "named_drivers", keep=0.6),
    F.flag("damage_waiver", "Damage waiver taken", "Whether the renter took the collision damage waiver or excess "
           "reduction cover.", "cdw_accepted", "excess_reduction", keep=0.7),
    F.flag("unlimited_mileage", "Unlimited mileage", "Whether the rental includes unlimited mileage.",
           "unlimited_miles", "mileage_unlimited", keep=0.6),
    F.generate("summary", "Summary", "One sentence saying who hired which car from when to when and at what total.",
               40, keep=0.2),
]


def car_hire_agreement(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    fix = _us if us else (lambda text: text)
    unit = UNIT[loc]
    klass = rng.choice(["economy", "compact", "compact", "intermediate", "intermediate", "full_size", "suv", "van"])
    code, eu_cars, us_cars, (r_lo, r_hi) = VEHICLE_CLASSES[klass]
    vehicle = rng.choice(us_cars if us else eu_cars)
    plate = number_plate(kit)
    factor = RATE_FACTOR[loc]
    rate = round(rng.uniform(r_lo, r_hi) * factor, 2)
    days = rng.choice([1, 2, 3, 3, 4, 5, 7, 7, 10, 14])
    base = round(rate * days, 2)
    renter, agent, *others = plain_names(kit, 4)
    drivers = others[:rng.choice([0, 0, 0, 1, 1, 2])]
    waiver = kit.chance(0.5)
    one_way = kit.chance(0.2)
    young = kit.chance(0.1)
    extras: list[tuple[str, int, float | None]] = []    # (name, quantity, unit price or None when included)
    pool = [e for e in HIRE_EXTRAS if (e[0] not in ("Snow chains", "Winter tyres") or not us)
            and (e[0] != "Toll transponder" or us)]
    for name, per_day, lo, hi in rng.sample(pool, rng.choice([0, 0, 1, 1, 2])):
        price = round(rng.uniform(lo, hi) * factor, 2)
        included = name == "Winter tyres" and kit.chance(0.5)
        extras.append((fix(name) if name != "Satellite navigation" or not us else "GPS navigation",
                       days if per_day else 1, None if included else price))
    if drivers:
        extras.append(("Additional driver", days * len(drivers), None if kit.chance(0.3) else
                       round(rng.uniform(8, 15) * factor, 2)))
    if waiver:
        extras.append((WAIVERS[loc], days, round(rng.uniform(15, 28) * factor, 2)))
    if young:
        extras.append(("Young driver surcharge", days, round(rng.uniform(25, 40) * factor, 2)))
    if one_way:
        extras.append(("One-way fee", 1, round(rng.uniform(60, 150) * factor, 2)))
    items = [{"name": n, "price": None if p is None else round(q * p, 2)} for n, q, p in extras]
    extra_sum = round(sum(i["price"] or 0 for i in items), 2)
    subtotal = round(base + extra_sum, 2)
    fees: list[tuple[str, float]] = []
    if us:
        fees.append(("Vehicle license fee", round(1.95 * days, 2)))
        tax_rate = rng.choice([0.06, 0.0725, 0.0825, 0.1])
        tax_label = f"Sales tax ({_pct(tax_rate)})"
    else:
        label, tax_rate = VAT[loc]
        tax_label = f"{label} {_pct(tax_rate)}"
    tax = round((subtotal + sum(f for _, f in fees)) * tax_rate, 2)
    total = round(subtotal + sum(f for _, f in fees) + tax, 2)
    standard = float(rng.choice({"en_GB": [1000, 1250, 1500, 2000], "en_US": [0], "de_DE": [800, 1000, 1500],
                                 "fr_FR": [1000, 1500, 2000, 2500]}[loc]))
    excess = None if us else (float(rng.choice([0, 0, 100, 200, 300])) if waiver else standard)
    deposit = float(rng.choice({"en_GB": [250, 500, 750, 1000, 1500], "en_US": [200, 250, 300, 500],
                                "de_DE": [300, 500, 750, 1000], "fr_FR": [500, 800, 1000, 1500, 2000]}[loc]))
    unlimited = kit.chance(0.55)
    allowance = rng.choice([100, 150, 200, 250]) if unit == "miles" else rng.choice([150, 200, 250, 300])
    per_extra = round(rng.uniform(0.15, 0.35), 2)
    policy = rng.choice(["full_to_full"] * 4 + ["prepaid", "same_to_same"])
    fuel_out = "8/8" if policy != "same_to_same" else f"{rng.randint(3, 6)}/8"
    odometer = rng.randint(2000, 60000) if unit == "miles" else rng.randint(3000, 90000)
    pickup = kit.day()
    back = pickup + dt.timedelta(days=days)
    booked = pickup - dt.timedelta(days=rng.randint(2, 90))
    born = pickup - dt.timedelta(days=365 * (rng.randint(19, 24) if young else rng.randint(25, 75))
                                 + rng.randint(1, 360))
    licence_end = pickup + dt.timedelta(days=rng.randint(300, 3650))
    minute = rng.randrange(16, 37) * 30
    out_time, in_time = clock(minute, us), clock(minute + rng.choice([0, 0, -60, 30]), us)
    company = firm_name(kit, HIRE_FIRMS)
    city = fake.city()
    branch = rng.choice(BRANCHES).format(city=city, n=rng.randint(1, 5))
    return_branch = rng.choice(BRANCHES).format(city=fake.city(), n=rng.randint(1, 5)) if one_way else branch
    agreement_no = {"en_GB": f"RA{rng.randint(10**8, 10**9 - 1)}", "en_US": f"{rng.randint(10**8, 10**9 - 1)}",
                    "de_DE": f"MV-{rng.randint(10**6, 10**7 - 1)}", "fr_FR": f"CL{rng.randint(10**6, 10**7 - 1)}"}[loc]
    booking_ref = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(8))
    licence_no = f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.randint(10**7, 10**8 - 1)}"
    member_no = f"{rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(100, 999)}"
    facts = {"agreement_number": agreement_no, "rental_company": company, "renter": renter,
             "pickup_date": pickup.isoformat(), "return_date": back.isoformat(), "pickup_location": branch,
             "vehicle": vehicle, "registration": plate, "vehicle_class": klass, "rental_days": days,
             "daily_rate": rate, "total": total, "deposit": kit.maybe(deposit, 0.8), "excess": kit.maybe(excess, 0.85),
             "mileage_out": odometer, "fuel_policy": policy, "extras": items, "additional_drivers": drivers,
             "damage_waiver": waiver, "unlimited_mileage": unlimited}
    money = kit.style.money(total, False, True)[1]
    facts["summary"] = (f"{renter} hired a {vehicle} from {pickup.isoformat()} to {back.isoformat()} for a total of "
                        f"{money} {kit.style.currency}.")
    name = (US_CLASS_NAMES.get(klass, CLASS_NAMES[klass]) if us else CLASS_NAMES[klass])
    class_text = rng.choice([f"Vehicle group: {name} ({code})", f"Car class: {name}", f"Category: {code} - {name}"])
    fuel_text = rng.choice(FUEL_POLICIES[policy])
    waiver_name = WAIVERS[loc]
    waiver_text = says(rng, waiver, (f"{waiver_name}: accepted", "Collision damage waiver: accepted",
                                     "You have taken our excess reduction cover."),
                       (f"{waiver_name}: declined", "Collision damage waiver: not taken",
                        "You did not take our excess reduction cover."))
    rate_text, per_unit = kit.style.decimal(per_extra), "mile" if unit == "miles" else unit
    mileage_text = says(rng, unlimited, ("Mileage: unlimited", "Unlimited mileage is included."),
                        (f"Mileage: limited to {allowance} {unit} a day ({rate_text} per extra {per_unit})",
                         f"Mileage is not unlimited: {allowance} {unit} a day are included."))
    evidence = {("vehicle_class",): class_text, ("fuel_policy",): fuel_text, ("damage_waiver",): waiver_text,
                ("unlimited_mileage",): mileage_text}
    pickup_text, back_text = kit.date_text(pickup), kit.date_text(back)
    incl = rng.choice(["included", "incl.", "no charge"])

    def pickup_cell() -> L.Cell:
        return L.join(L.cell(pickup_text, ("pickup_date",)), L.cell(f" at {out_time}"))

    def back_cell() -> L.Cell:
        return L.join(L.cell(back_text, ("return_date",)), L.cell(f" at {in_time}"))

    def odometer_cell() -> L.Cell:
        return L.join(kit.count_cell(("mileage_out",), odometer), L.cell(f" {unit}"))

    def charge_rows() -> list[list[L.Cell]]:
        rows = [[L.join(L.cell("Time and mileage: "), L.cell(vehicle)) if kit.chance(0.3) else L.cell("Car rental"),
                 kit.count_cell(("rental_days",), days), kit.money_cell(("daily_rate",), rate),
                 kit.money_cell(None, base)]]
        for i, ((n, q, p), it) in enumerate(zip(extras, items)):
            rows.append([L.cell(n, ("extras", i, "name")), kit.count_cell(None, q),
                         kit.money_cell(None, p) if p is not None else L.cell("-"),
                         kit.money_cell(("extras", i, "price"), it["price"]) if it["price"] is not None
                         else L.cell(incl)])
        return rows

    def total_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))]
        rows += [(label, kit.money_cell(None, f)) for label, f in fees]
        rows += [(tax_label, kit.money_cell(None, tax)),
                 (rng.choice(["Estimated total", "Total", "Total charges"]), kit.money_cell(("total",), total))]
        return rows

    def security_rows() -> list[tuple[str, L.Cell]]:
        rows = []
        if facts["deposit"] is not None:
            rows.append((rng.choice(["Deposit (card hold)", "Security deposit"]), kit.money_cell(("deposit",),
                                                                                                 deposit)))
        if facts["excess"] is not None:
            rows.append(("Damage excess", kit.money_cell(("excess",), excess)))
            if waiver:
                rows.append(("Standard excess (without cover)", kit.money_cell(None, standard)))
        return rows

    def extra_lines(numbered: bool) -> None:
        if not items:
            doc.line(rng.choice(["Extras: none", "No extras were added."]))
        for i, ((n, q, p), it) in enumerate(zip(extras, items)):
            doc.add(f"{i + 1}. " if numbered else "- ").put(("extras", i, "name"), n)
            if it["price"] is None:
                doc.line(f": {incl}")
            else:
                kit.money(doc.add(": "), ("extras", i, "price"), it["price"])
                if q > 1:
                    kit.money(doc.add(" ("), None, p).add(f" x {q})")
                doc.line()

    def extra_sentence() -> None:
        if not items:
            doc.line("No extras were taken.")
            return
        doc.add("The hirer has added ")
        for i, it in enumerate(items):      # "a child seat (£42.00) and an additional driver (included)"
            it["name"] = lower_first(it["name"])       # the gold is the text as written here
            doc.add("" if i == 0 else " and " if i == len(items) - 1 else ", ").put(("extras", i, "name"), it["name"])
            if it["price"] is None:
                doc.add(f" ({incl})")
            else:
                kit.money(doc.add(" ("), ("extras", i, "price"), it["price"]).add(")")
        doc.line(".")

    def driver_list() -> None:
        strings(kit, doc, "additional_drivers", drivers,
                rng.choice(["Additional drivers", "Other authorised drivers"]),
                rng.choice(["Additional drivers: none", "No additional drivers are authorised."]))

    def conditions() -> None:
        doc.line(class_text).line(fuel_text).line(waiver_text).line(mileage_text)

    layout = rng.choice(["agreement", "email", "app", "contract"])
    if layout == "agreement":     # printed at the counter
        doc.put(("rental_company",), company).line().line(rng.choice(["RENTAL AGREEMENT", "Car hire agreement",
                                                                      "Rental agreement / contract"])).line()
        head = [("Agreement no.", L.cell(agreement_no, ("agreement_number",))), ("Booking ref.", L.cell(booking_ref)),
                ("Loyalty no.", L.cell(member_no)),
                ("Renter", L.cell(renter, ("renter",))), ("Date of birth", kit.date_cell(None, born)),
                ("Driving licence", L.cell(licence_no)), ("Licence valid until", kit.date_cell(None, licence_end)),
                ("Rental agent", L.cell(agent))]
        L.labelled(doc, rng, head)
        driver_list()
        doc.line()
        L.kv(doc, rng, [("Pick-up branch", L.cell(branch, ("pickup_location",))), ("Pick-up", pickup_cell()),
                        ("Return branch", L.cell(return_branch if one_way else "same as pick-up")),
                        ("Return due", back_cell())], rng.choice(["colon", "aligned", "dots", "grid"]))
        doc.line()
        L.kv(doc, rng, [("Vehicle", L.cell(vehicle, ("vehicle",))), ("Registration", L.cell(plate, ("registration",))),
                        ("Odometer out", odometer_cell()), ("Fuel level out", L.cell(fuel_out))],
             rng.choice(["colon", "aligned", "pipe"]))
        conditions()
        doc.line()
        kit.pad(doc)
        L.table(doc, rng, ["Description", rng.choice(["Qty", "Days"]), "Rate", "Amount"], charge_rows())
        doc.line()
        L.kv(doc, rng, total_rows() + security_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line().line(f"Renter's signature: ______________   Agent: {agent}")
    elif layout == "email":       # the confirmation e-mail after pick-up
        doc.add("From: ").put(("rental_company",), company).line(f" <rentals@{slug(company, 'garage', 18)}.{TLD[loc]}>")
        doc.add("To: ").put(("renter",), renter).line()
        doc.add("Subject: Your rental agreement ").put(("agreement_number",), agreement_no).line().line()
        doc.line(f"Dear {renter.split()[0]},").line()
        L.fill(doc, "Thank you for renting with us. You collected a {car} ({reg}) at {branch} on ",
               car=(("vehicle",), vehicle), reg=(("registration",), plate), branch=(("pickup_location",), branch))
        L.write(doc, pickup_cell()).add(", and it is due back at ")
        doc.add(return_branch if one_way else "the same branch").add(" on ")
        L.write(doc, back_cell()).line(".")
        kit.count(doc.add("That is "), ("rental_days",), days).add(" rental days at ")
        kit.money(doc, ("daily_rate",), rate).line(" per day.")
        L.write(doc.add("Odometer at pick-up: "), odometer_cell()).line(f"; fuel level {fuel_out}.")
        conditions()
        doc.line()
        doc.line(rng.choice(["Your extras:", "Extras and fees:"]))
        extra_lines(kit.chance(0.4))
        driver_list()
        doc.line()
        kit.pad(doc)
        for label, c in total_rows() + security_rows():
            L.write(doc.add(f"{label}: "), c).line()
        kit.date(doc.line().add(f"Booking {booking_ref}, made on "), None, booked)
        doc.line(f"; loyalty number {member_no}.")
        doc.line().line(f"Have a good trip!\n{agent}")
    elif layout == "app":         # the receipt in the rental app, in markdown
        doc.add("# ").put(("rental_company",), company).line().line()
        doc.add("## Rental agreement ").put(("agreement_number",), agreement_no).line().line()
        L.labelled(doc, rng, [("Renter", L.cell(renter, ("renter",))), ("Pick-up", pickup_cell()),
                              ("Location", L.cell(branch, ("pickup_location",))), ("Return", back_cell()),
                              ("Return to", L.cell(return_branch if one_way else "pick-up location")),
                              ("Booked on", kit.date_cell(None, booked))], "bold")
        driver_list()
        doc.line().line("### Vehicle").line()
        L.kv(doc, rng, [("Car", L.cell(vehicle, ("vehicle",))), ("Plate", L.cell(plate, ("registration",))),
                        ("Odometer", odometer_cell()), ("Fuel", L.cell(fuel_out))], "pipe")
        doc.line()
        conditions()
        doc.line()
        kit.pad(doc)
        doc.line("### Charges").line()
        L.table(doc, rng, ["Item", "Qty", "Rate", "Amount"], charge_rows(), "pipe")
        doc.line()
        for label, c in total_rows() + security_rows():
            L.write(doc.add(f"- {label}: "), c).line()
    else:                         # a contract in numbered clauses
        doc.add(rng.choice(["CAR HIRE AGREEMENT No. ", "VEHICLE RENTAL CONTRACT No. "]))
        doc.put(("agreement_number",), agreement_no).line().line()
        L.fill(doc, "1. Parties. This agreement is made between {firm} (the owner) and {renter} (the hirer), born ",
               firm=(("rental_company",), company), renter=(("renter",), renter))
        kit.date(doc, None, born).add(f", holder of driving licence {licence_no} valid until ")
        kit.date(doc, None, licence_end).line(".")
        if drivers:
            L.series(doc.add("2. Additional drivers. The hirer may let "), ("additional_drivers",), drivers)
            doc.line(" drive the vehicle.")
        else:
            doc.line("2. Additional drivers. No additional driver is authorised.")
        L.fill(doc, "3. Vehicle. The hirer receives a {car}, registration {reg}, with ", car=(("vehicle",), vehicle),
               reg=(("registration",), plate))
        L.write(doc, odometer_cell()).line(f" on the odometer and a fuel level of {fuel_out}.")
        doc.line(class_text)
        L.fill(doc, "4. Period. The rental starts at {branch} on ", branch=(("pickup_location",), branch))
        L.write(doc, pickup_cell()).add(f" and ends at {return_branch if one_way else 'the same branch'} on ")
        L.write(doc, back_cell()).add(", that is ")
        kit.count(doc, ("rental_days",), days).line(" days.")
        doc.line()
        kit.pad(doc)
        kit.money(doc.add("5. Charges. The daily rate is "), ("daily_rate",), rate).line(".")
        extra_sentence()
        for label, c in total_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.add("6. Insurance and security. ").line(waiver_text)
        for label, c in security_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.add("7. Fuel and mileage. ").line(fuel_text).line(mileage_text)
        doc.line().add(f"Signed at {branch} on ").put(("pickup_date",), pickup_text).line(".")
        doc.line(f"For the owner: {agent}")
    kit.pad(doc)
    return Draft((fix("Car hire agreement"), "Rental agreement", "Vehicle rental contract"), HIRE_FIELDS, facts, doc,
                 evidence)
