"""Household paperwork: tradesperson's quotes, vehicle service histories, payslips and
charity donation receipts.

Each carries numbers beside the one asked for: the net subtotal, the VAT and a line's rate
beside a quote's total and line amounts, the total deductions and the year-to-date gross
beside a payslip's gross and net, the Gift Aid or tax reduction beside a donation total; and
dates beside dates (the valid-until date beside the quote date, the inspection due date beside
the next service, the pay date beside the period, the receipt date beside each gift). Lines
come as tables, numbered or dotted lists, service-book stamps or the sentences of a letter;
statutory names (deductions, charity registers, vehicle inspections) follow the locale; and
booleans are as often negated ("VAT not included", "no deposit is needed", "out of warranty",
"no overtime was paid", "not tax-deductible") as stated.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import says


def _inline(doc: Doc, key: str, values: list[str]) -> Doc:
    """Write "a, b and c", each value the gold of (key, i)."""
    for i, v in enumerate(values):
        doc.add("" if i == 0 else " and " if i == len(values) - 1 else ", ").put((key, i), v)
    return doc


TRADES = {   # trade: (the contractor's strapline, labour lines, materials lines)
    "plumbing": ("Plumbing & heating engineers", ["Strip out old bathroom suite", "Fit shower "
                 "enclosure", "First and second fix plumbing"], ["Thermostatic shower valve",
                 "Close-coupled WC and basin", "Copper pipe and fittings"]),
    "electrical": ("Electrical contractors", ["Install new consumer unit", "Run new kitchen ring "
                   "circuit", "Test and certify installation"], ["Consumer unit, 10-way",
                   "Twin and earth cable 2.5 mm", "LED downlights, pack of 6"]),
    "roofing": ("Roofing specialists", ["Erect and strike scaffold", "Strip and re-felt rear slope",
                "Re-bed ridge tiles"], ["Breathable roofing membrane", "Concrete interlocking "
                "tiles", "Lead flashing, code 4"]),
    "decorating": ("Painters & decorators", ["Fill and sand walls", "Paint ceilings, two coats",
                   "Gloss skirting boards and doors"], ["Matt emulsion, 10 litres",
                   "Satinwood trim paint", "Lining paper and caulk"])}
EXCLUSIONS = ["Skip hire", "Redecoration", "Making good of plaster", "Parking permits",
              "Asbestos removal", "Building control fees", "Moving furniture"]
TAX_RATES = {"en_US": (6.0, 7.25, 8.25), "en_GB": (20.0,), "de_DE": (19.0,), "fr_FR": (10.0, 20.0)}
QUOTE_FIELDS = [
    F.text("quote_number", "Quote number", "Reference of the quote (not the enquiry reference).",
           "quote_ref", "estimate_number"),
    F.text("contractor", "Contractor", "Business giving the quote.", "company", "tradesperson"),
    F.choice("trade", "Trade", "Trade the contractor works in.", list(TRADES), "trade_type", keep=0.6),
    F.text("customer", "Customer", "Person the quote is addressed to.", "client", "customer_name"),
    F.text("site_address", "Site address", "Address of the property, if given.", "job_address",
           optional=True, keep=0.6),
    F.date("quote_date", "Quote date", "Date of the quote (not the valid-until date).", "date"),
    F.date("valid_until", "Valid until", "Last day the price holds, if a date is stated.",
           "expiry_date", "valid_to", optional=True, keep=0.7),
    F.items("line_items", "Line items", "Each priced line of the quote.", [
        F.text("description", "Description", "What the line covers.", "item", "work"),
        F.choice("kind", "Type", "Labour or materials.", ["labour", "materials"], "category", keep=0.8),
        F.number("quantity", "Quantity", "Hours for labour, units for materials.", "qty", keep=0.7),
        F.number("amount", "Amount", "Line amount (not the rate).", "line_total", "price"),
    ], "items", "lines"),
    F.number("total", "Total", "Total quoted price (not the net subtotal or the deposit).",
             "total_price", "quote_total", minimum=0),
    F.flag("vat_included", "VAT included", "Whether the total includes VAT or sales tax.",
           "tax_included", "incl_vat"),
    F.flag("deposit_required", "Deposit required", "Whether a deposit is due on acceptance.",
           "needs_deposit"),
    F.number("deposit", "Deposit", "Deposit amount, if one is asked and stated.", "deposit_amount",
             optional=True, keep=0.6),
    F.strings("exclusions", "Exclusions", "Work or costs the quote does not cover.", "not_included",
              keep=0.7),
]


def contractor_quote(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    trade = rng.choice(list(TRADES))
    tagline, labour_lines, material_lines = TRADES[trade]
    us = kit.locale == "en_US"
    tax, word = ("sales tax" if us else "VAT"), {"labour": "Labor" if us else "Labour",
                                                 "materials": "Materials"}
    lines, rates = [], []
    for kind, desc in rng.sample([("labour", d) for d in labour_lines]
                                 + [("materials", d) for d in material_lines], rng.randint(1, 6)):
        labour = kind == "labour"
        qty = float(rng.choice([2, 3.5, 4, 6, 7.5, 8, 12, 16])) if labour else rng.randint(1, 12)
        rates.append(float(rng.choice([28, 35, 40, 45, 55, 65])) if labour else kit.amount(3, 160))
        lines.append({"description": desc, "kind": kind, "quantity": qty,
                      "amount": round(qty * rates[-1], 2)})
    rate, vat_in, deposit_in = rng.choice(TAX_RATES[kit.locale]), kit.chance(0.55), kit.chance(0.5)
    net = round(sum(x["amount"] for x in lines), 2)
    total = round(net * (1 + rate / 100), 2) if vat_in else net
    pct, dated = rng.choice([10, 20, 25, 30, 50]), kit.day()
    facts = {"quote_number": f"{rng.choice(['Q', 'QT', 'EST'])}-{rng.randint(1000, 99999)}",
             "contractor": rng.choice([fake.company(), f"{fake.last_name()} & Sons"]),
             "trade": trade, "customer": fake.name(),
             "site_address": kit.maybe(fake.street_address().replace("\n", ", "), 0.7),
             "quote_date": dated.isoformat(), "valid_until": kit.maybe(
                 (dated + dt.timedelta(days=rng.choice([14, 30, 60, 90]))).isoformat(), 0.7),
             "line_items": lines, "total": total, "vat_included": vat_in,
             "deposit_required": deposit_in,
             "deposit": kit.maybe(round(total * pct / 100, 2), 0.75) if deposit_in else None,
             "exclusions": rng.sample(EXCLUSIONS, rng.choice([0, 0, 1, 2, 3, 4]))}
    doc.put(("contractor",), facts["contractor"]).line().line(tagline)
    doc.line(fake.address().replace("\n", ", ")).line()
    enquiry = f"ENQ-{rng.randint(100, 9999)}"
    if kit.chance(0.55):
        rows = [("Quote no.", L.cell(facts["quote_number"], ("quote_number",))),
                ("Date", kit.date_cell(("quote_date",), dated)),
                ("Customer", L.cell(facts["customer"], ("customer",)))]
        if facts["site_address"]:
            rows.append(("Site", L.cell(facts["site_address"], ("site_address",))))
        doc.line(rng.choice(["QUOTATION", "ESTIMATE", "Quote for works"])).line()
        L.kv(doc, rng, rows + [("Your enquiry", L.cell(enquiry))] * kit.chance(0.5))
    else:      # a letter
        kit.date(doc, ("quote_date",), dated).line().line()
        doc.add("Dear ").put(("customer",), facts["customer"]).line(",").line()
        doc.add(f"Further to your enquiry {enquiry}, please find below our quotation ")
        doc.put(("quote_number",), facts["quote_number"]).add(" for the works")
        if facts["site_address"]:
            doc.add(" at ").put(("site_address",), facts["site_address"])
        doc.line(".")
    kit.pad(doc.line())
    evidence = {("trade",): tagline}
    style = rng.choice(["table", "numbered", "prose"])
    if style == "table":
        L.table(doc, rng, ["Description", "Type", "Qty/hrs", "Rate", "Amount"], [
            [L.cell(x["description"], ("line_items", i, "description")), L.cell(word[x["kind"]]),
             kit.num_cell(("line_items", i, "quantity"), x["quantity"], 1) if x["kind"] == "labour"
             else kit.count_cell(("line_items", i, "quantity"), x["quantity"]),
             kit.num_cell(None, rates[i]), kit.money_cell(("line_items", i, "amount"), x["amount"])]
            for i, x in enumerate(lines)])
    for i, x in enumerate(lines):
        at, labour, numbered = ("line_items", i), x["kind"] == "labour", style == "numbered"
        kind = evidence[at + ("kind",)] = word[x["kind"]].lower() if numbered else word[x["kind"]]
        if style == "table":
            continue
        # "2) Fit shower enclosure (labour): 6.0 hours at 45.00 per hour = 270.00" or
        # "Labour - Fit shower enclosure: 6.0 hours at 45.00 per hour, in all 270.00."
        doc.add(f"{i + 1}) " if numbered else f"{' ' if i else ''}{kind} - ")
        doc.put(at + ("description",), x["description"]).add(f" ({kind}): " if numbered else ": ")
        if labour:
            kit.num(doc, at + ("quantity",), x["quantity"], 1).add(" hours at ")
        else:
            kit.count(doc, at + ("quantity",), x["quantity"]).add(" at ")
        kit.money(doc, None, rates[i]).add(" per hour" if labour else " each")
        kit.money(doc.add(" = " if numbered else ", in all "), at + ("amount",), x["amount"])
        doc.add("\n" if numbered else ".")
    kit.pad(doc.line("\n" if style == "prose" else ""))
    rate_text = kit.style.decimal(rate, 0 if rate.is_integer() else 2)
    tax_word = tax[0].upper() + tax[1:]
    vat_text = says(rng, vat_in, (f"Prices include {tax} at {rate_text}%.", f"{tax_word} included."),
                    (f"{tax_word} not included.", f"All prices exclude {tax}.",
                     f"Prices are quoted without {tax}; it will be added to the invoice."))
    if vat_in:
        totals = [("Subtotal", kit.money_cell(None, net)),
                  (f"{tax_word} {rate_text}%", kit.money_cell(None, round(total - net, 2)))]
    else:
        totals = [(f"{word[k]} subtotal", kit.money_cell(None, round(sum(
            x["amount"] for x in lines if x["kind"] == k), 2))) for k in word] * (len(lines) > 1)
    totals.append((f"Total (excl. {tax})" if not vat_in and kit.chance(0.5) else "Total",
                   kit.money_cell(("total",), total)))
    L.kv(doc, rng, totals, rng.choice(["colon", "aligned", "dots"]))
    dep_text = says(rng, deposit_in, (f"A deposit of {pct}% is required on acceptance.",
                                      f"We ask for a {pct}% deposit before work starts."),
                    ("No deposit required.", "No deposit is needed: payment is due on completion.",
                     "Payment in full on completion, without a deposit."))
    doc.line(vat_text).line(dep_text)
    if facts["deposit"] is not None:
        kit.money(doc.add("Deposit payable: "), ("deposit",), facts["deposit"]).line()
    if facts["valid_until"]:
        kit.date(doc.add("This quotation is valid until "), ("valid_until",),
                 dt.date.fromisoformat(facts["valid_until"])).line(".")
    if facts["exclusions"] and kit.chance(0.5):
        _inline(doc.add("The quote excludes "), "exclusions", facts["exclusions"]).line(".")
    elif facts["exclusions"]:
        doc.line().line("Not included:")
        for i, e in enumerate(facts["exclusions"]):
            doc.add("- ").put(("exclusions", i), e).line()
    kit.pad(doc.line().line(f"Kind regards,\n{fake.name()}"))
    evidence[("vat_included",)], evidence[("deposit_required",)] = vat_text, dep_text
    return Draft(("Contractor quote", "Quotation", "Estimate for works"), QUOTE_FIELDS, facts, doc,
                 evidence)


CARS = [("Volkswagen", "Golf", "WVW"), ("Ford", "Focus", "WF0"), ("Toyota", "Corolla", "SB1"),
        ("BMW", "320d", "WBA"), ("Renault", "Clio", "VF1"), ("Peugeot", "308", "VF3"),
        ("Skoda", "Octavia", "TMB"), ("Vauxhall", "Astra", "W0L"), ("Kia", "Ceed", "U5Y")]
WORKS = ["Annual service", "Interim service", "Oil and filter change", "Brake fluid change",
         "Front brake pads and discs", "Timing belt and water pump", "Air conditioning recharge",
         "Spark plugs replaced", "Clutch replaced", "Two new front tyres", "Battery replaced"]
FUEL = {"petrol": ("Fuel: petrol", "Engine: 1.5 petrol"), "diesel": ("Fuel: diesel", "Engine: "
        "2.0 diesel"), "hybrid": ("Fuel: petrol/electric hybrid", "Powertrain: self-charging hybrid")}
INSPECTION = {"en_US": "State inspection due", "en_GB": "MOT due", "de_DE": "HU/AU (TÜV) due",
              "fr_FR": "Contrôle technique due"}
ADVISORIES = ["Front tyres near the legal limit", "Slight oil leak at the sump", "Wiper blades worn",
              "Rear discs corroded", "Exhaust mounting perished", "Windscreen chip, passenger side"]
SERVICE_FIELDS = [
    F.text("registration", "Registration", "Registration (plate) number.", "plate", "reg_number"),
    F.text("vin", "VIN", "Vehicle identification number, if shown.", "chassis_number",
           optional=True, keep=0.6),
    F.text("make", "Make", "Manufacturer of the vehicle.", "manufacturer"),
    F.text("model", "Model", "Model name.", "model_name", keep=0.8),
    F.date("first_registered", "First registered", "Date of first registration (not a service "
           "date).", "registration_date", keep=0.5),
    F.choice("fuel", "Fuel", "Fuel type of the vehicle.", list(FUEL), "fuel_type", keep=0.6),
    F.items("services", "Service entries", "Each service or repair recorded, oldest first.", [
        F.date("date", "Date", "Date of the visit.", "service_date"),
        F.integer("mileage", "Mileage", "Odometer reading at the visit.", "odometer", "reading"),
        F.text("work", "Work done", "What was done.", "description", "work_done"),
        F.text("garage", "Garage", "Garage that did the work, if legible.", "workshop",
               optional=True, keep=0.7),
        F.number("cost", "Cost", "Amount charged, if shown.", "invoice_amount", optional=True,
                 keep=0.5),
    ], "history", "entries"),
    F.date("next_service_date", "Next service due", "Date the next service is due, if stated "
           "(not the inspection date).", "next_due", optional=True, keep=0.8),
    F.integer("next_service_mileage", "Next service at", "Odometer reading at which the next "
              "service is due, if stated.", "next_due_mileage", optional=True, keep=0.7),
    F.flag("under_warranty", "Under warranty", "Whether the manufacturer's warranty still covers "
           "the vehicle.", "in_warranty", "warranty"),
    F.strings("advisories", "Advisories", "Advisory notes from the latest visit.", "advisory_notes",
              "recommendations", keep=0.7),
]


def vehicle_service_history(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    make, model, wmi = rng.choice(CARS)
    unit = "miles" if kit.locale.startswith("en") else "km"
    first = dt.date(rng.randint(2014, 2023), rng.randint(1, 12), rng.randint(1, 28))
    garages = [rng.choice([f"{fake.last_name()} Motors", f"{fake.city()} Autos",
                           f"{make} {fake.city()}"]) for _ in range(2)]
    day, miles, services = first, 0, []
    for work in rng.sample(WORKS, rng.randint(1, 6) if kit.chance(0.95) else 0):
        day += dt.timedelta(days=rng.randint(200, 420))
        miles += rng.randint(400, 1400) * (10 if unit == "miles" else 16) + rng.randint(0, 9)
        services.append({"date": day.isoformat(), "mileage": miles, "work": work,
                         "garage": rng.choice(garages) if kit.chance(0.8) else None,
                         "cost": kit.maybe(kit.amount(45, 900), 0.6)})
    as_of = day + dt.timedelta(days=rng.randint(5, 90))
    warranty_end = first.replace(year=first.year + rng.choice([2, 3, 3, 5, 7]))
    interval = rng.choice([10000, 12000] if unit == "miles" else [15000, 20000, 30000])
    facts = {"registration": fake.license_plate().strip(),
             "vin": kit.maybe(wmi + "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789")
                                            for _ in range(14)), 0.7),
             "make": make, "model": model, "first_registered": first.isoformat(),
             "fuel": rng.choice(list(FUEL)), "services": services,
             "next_service_date": kit.maybe((day + dt.timedelta(days=365)).isoformat(), 0.75),
             "next_service_mileage": kit.maybe(miles + interval, 0.7),
             "under_warranty": warranty_end > as_of,
             "advisories": rng.sample(ADVISORIES, rng.choice([0, 0, 1, 2, 3])) if services else []}
    doc.line(rng.choice(["SERVICE HISTORY", "Vehicle service record", "Digital service book"]))
    fuel_text = rng.choice(FUEL[facts["fuel"]])
    rows = [("Registration", L.cell(facts["registration"], ("registration",))),
            ("Vehicle", L.join(L.cell(make, ("make",)), L.cell(" "), L.cell(model, ("model",))))]
    rows += [("VIN", L.cell(facts["vin"], ("vin",)))] * bool(facts["vin"])
    rows.append(("First registered", kit.date_cell(("first_registered",), first)))
    L.kv(doc.line(), rng, rows + [("Keeper", L.cell(fake.name()))] * kit.chance(0.4))
    kit.pad(doc.line(fuel_text).line())
    style = rng.choice(["table", "stamps", "prose"])
    if not services:
        doc.line("No services recorded yet.")
    elif style == "table":
        L.table(doc, rng, ["Date", f"Odometer ({unit})", "Work carried out", "Garage", "Cost"], [
            [kit.date_cell(("services", i, "date"), dt.date.fromisoformat(s["date"])),
             kit.count_cell(("services", i, "mileage"), s["mileage"]),
             L.cell(s["work"], ("services", i, "work")),
             L.cell(s["garage"], ("services", i, "garage")) if s["garage"] else L.cell("-"),
             kit.money_cell(("services", i, "cost"), s["cost"]) if s["cost"] is not None
             else L.cell("-")] for i, s in enumerate(services)])
    for i, s in enumerate(services if style != "table" else []):
        at, day_i = ("services", i), dt.date.fromisoformat(s["date"])
        if style == "stamps":       # one stamped box of a service book per visit
            kit.date(doc.add(f"Service {i + 1}\n  Date: "), at + ("date",), day_i)
            kit.count(doc.add("\n  Odometer: "), at + ("mileage",), s["mileage"]).line(f" {unit}")
            doc.add("  Work: ").put(at + ("work",), s["work"]).line()
            if s["cost"] is not None:
                kit.money(doc.add("  Invoice: "), at + ("cost",), s["cost"]).line()
            doc.add("  Stamp: ")
            doc.put(at + ("garage",), s["garage"]).line() if s["garage"] else doc.line("(illegible)")
            continue
        kit.date(doc.add("On "), at + ("date",), day_i).add(", at ")
        kit.count(doc, at + ("mileage",), s["mileage"]).add(f" {unit}")
        if s["garage"]:
            doc.add(", ").put(at + ("garage",), s["garage"]).add(" carried out: ")
        doc.add("" if s["garage"] else ": ").put(at + ("work",), s["work"])
        if s["cost"] is not None:
            kit.money(doc.add(" (charged "), at + ("cost",), s["cost"]).add(")")
        doc.line(".")
    kit.pad(doc.line())
    if facts["advisories"]:
        doc.line("Advisories from the last visit:")
        for i, a in enumerate(facts["advisories"]):
            doc.add("* ").put(("advisories", i), a).line()
    due, due_miles = facts["next_service_date"], facts["next_service_mileage"]
    if due or due_miles:
        doc.add("Next service due: ")
        if due:
            kit.date(doc, ("next_service_date",), dt.date.fromisoformat(due))
        if due_miles:
            kit.count(doc.add(" or at " if due else ""), ("next_service_mileage",), due_miles)
            doc.add(f" {unit}")
        doc.line(", whichever comes first" if due and due_miles else "")
    kit.date(doc.add(f"{INSPECTION[kit.locale]}: "), None,
             as_of + dt.timedelta(days=rng.randint(20, 300))).line()
    end_text = kit.date_text(warranty_end)
    warranty_text = says(rng, facts["under_warranty"],
                         (f"Manufacturer's warranty valid until {end_text}.",
                          "Still covered by the manufacturer's warranty."),
                         (f"Manufacturer's warranty expired on {end_text}.", "Out of warranty.",
                          "Not covered by the manufacturer's warranty any more."))
    kit.pad(doc.line(warranty_text))
    return Draft(("Vehicle service history", "Service record", "Service book"), SERVICE_FIELDS,
                 facts, doc, {("fuel",): fuel_text, ("under_warranty",): warranty_text})


DEDUCTIONS = {
    "en_US": ["Federal income tax", "Social Security", "Medicare", "State income tax", "401(k)",
              "Health insurance"],
    "en_GB": ["Income tax (PAYE)", "National Insurance", "Pension", "Student loan",
              "Cycle to work scheme", "Union subscription"],
    "de_DE": ["Lohnsteuer", "Solidaritätszuschlag", "Kirchensteuer", "Krankenversicherung",
              "Rentenversicherung", "Arbeitslosenversicherung", "Pflegeversicherung"],
    "fr_FR": ["Sécurité sociale", "CSG déductible", "CSG/CRDS non déductible",
              "Retraite complémentaire", "Mutuelle", "Prélèvement à la source"]}
EXTRAS = ["Bonus", "Shift allowance", "Holiday pay", "Commission", "Sick pay", "Travel allowance"]
OVERTIME = ["Overtime 1.5x", "Overtime", "Overtime (time and a half)", "Paid overtime"]
PAY_FREQUENCY = {"monthly": ("Monthly", "Monthly salary"), "weekly": ("Weekly", "Weekly pay"),
                 "fortnightly": ("Fortnightly", "Every two weeks")}
BENEFITS = ["Company car", "Private medical insurance", "Meal vouchers", "Gym membership",
            "Season ticket loan", "Mobile phone"]
PAYSLIP_FIELDS = [
    F.text("employer", "Employer", "Company paying the wages.", "company", "employer_name"),
    F.text("employee", "Employee", "Name of the employee.", "employee_name", "name"),
    F.text("employee_id", "Employee number", "Employee or payroll number (not a tax reference).",
           "staff_number", "payroll_number", keep=0.8),
    F.date("period_start", "Period start", "First day of the pay period.", "from_date", keep=0.7),
    F.date("period_end", "Period end", "Last day of the pay period (not the pay date).",
           "to_date", keep=0.7),
    F.date("pay_date", "Pay date", "Date the pay is paid (not the end of the period).",
           "payment_date", "paid_on"),
    F.choice("pay_frequency", "Pay frequency", "How often the employee is paid.",
             list(PAY_FREQUENCY), "frequency", keep=0.6),
    F.items("earnings", "Earnings", "Each payment line.", [
        F.text("label", "Description", "What the payment is for.", "description", "type"),
        F.number("hours", "Hours", "Hours paid on the line, if shown.", "units", optional=True,
                 keep=0.5),
        F.number("amount", "Amount", "Amount of the payment (not the rate).", "value"),
    ], "payments", "pay_items"),
    F.items("deductions", "Deductions", "Each deduction from pay.", [
        F.text("label", "Description", "What is deducted.", "description", "type"),
        F.number("amount", "Amount", "Amount deducted.", "value"),
    ], "deduction_lines", "withholdings"),
    F.number("gross_pay", "Gross pay", "Gross pay for this period (not the year to date).",
             "gross", "total_earnings", minimum=0),
    F.number("net_pay", "Net pay", "Take-home pay for this period.", "net", "take_home_pay"),
    F.flag("overtime_paid", "Overtime paid", "Whether overtime is paid in this period.",
           "has_overtime", "overtime"),
    F.strings("benefits", "Benefits in kind", "Non-cash benefits listed, if any.",
              "benefits_in_kind", "perks", keep=0.6),
]


def payslip(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    freq, day = rng.choice(list(PAY_FREQUENCY)), kit.day()
    if freq == "monthly":
        start = day.replace(day=1)
        end = (start + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
        paid, index = end - dt.timedelta(days=rng.randint(0, 5)), start.month
        earnings = [{"label": "Basic salary", "hours": None, "amount": kit.amount(1800, 6500)}]
        hourly = round(earnings[0]["amount"] * 12 / 52 / 37.5, 2)
    else:
        start, weeks = day - dt.timedelta(days=day.weekday()), 1 if freq == "weekly" else 2
        end, paid = start + dt.timedelta(days=7 * weeks - 1), start + dt.timedelta(days=7 * weeks + 4)
        index, hours, hourly = start.isocalendar()[1] // weeks, 37.5 * weeks, kit.amount(11, 32)
        earnings = [{"label": "Basic pay", "hours": hours, "amount": round(hours * hourly, 2)}]
    overtime, h = kit.chance(0.45), rng.choice([2.0, 3.5, 4.0, 6.0, 8.0, 10.5])
    earnings += [{"label": rng.choice(OVERTIME), "hours": h,
                  "amount": round(h * hourly * 1.5, 2)}] * overtime
    earnings += [{"label": x, "hours": None, "amount": kit.amount(10, 10 + earnings[0]["amount"] / 5)}
                 for x in rng.sample(EXTRAS, rng.choice([0, 0, 1, 1, 2, 3]))]
    gross = round(sum(e["amount"] for e in earnings), 2)
    deductions = [{"label": x, "amount": round(gross * rng.uniform(0.01, 0.08), 2)}
                  for x in rng.sample(DEDUCTIONS[kit.locale], rng.choice([0, 1, 2, 3, 3, 4, 4, 5, 6]))]
    total_ded = round(sum(d["amount"] for d in deductions), 2)
    facts = {"employer": fake.company(), "employee": fake.name(),
             "employee_id": f"{rng.choice(['E', 'EMP', 'P', ''])}{rng.randint(1000, 99999)}",
             "period_start": start.isoformat(), "period_end": end.isoformat(),
             "pay_date": paid.isoformat(), "pay_frequency": freq, "earnings": earnings,
             "deductions": deductions, "gross_pay": gross, "net_pay": round(gross - total_ded, 2),
             "overtime_paid": overtime, "benefits": rng.sample(BENEFITS, rng.choice([0, 0, 0, 1, 2]))}
    tax_ref = {"en_US": ("SSN", f"XXX-XX-{rng.randint(1000, 9999)}"),
               "en_GB": ("Tax code", rng.choice(["1257L", "BR", "K475", "1100L"])),
               "de_DE": ("Steuerklasse", str(rng.randint(1, 6))),
               "fr_FR": ("N° SS", f"{rng.randint(1, 2)} {rng.randint(60, 99)} {rng.randint(10, 12)} "
                                  f"{rng.randint(10, 95)} {rng.randint(100, 999)}")}[kit.locale]
    doc.put(("employer",), facts["employer"]).line().line(fake.address().replace("\n", ", "))
    doc.line().line(rng.choice(["PAYSLIP", "Pay statement", "Earnings statement", "Pay advice"]))
    freq_text, pay_in_header = rng.choice(PAY_FREQUENCY[freq]), kit.chance(0.6)
    rows = [("Employee", L.cell(facts["employee"], ("employee",))),
            ("Employee no.", L.cell(facts["employee_id"], ("employee_id",))),
            (tax_ref[0], L.cell(tax_ref[1])),
            ("Pay period", L.join(kit.date_cell(("period_start",), start), L.cell(" to "),
                                  kit.date_cell(("period_end",), end))),
            ("Frequency", L.cell(freq_text))]
    L.kv(doc.line(), rng, rows + [("Pay date", kit.date_cell(("pay_date",), paid))] * pay_in_header)
    kit.pad(doc.line())
    style = rng.choice(["table", "leaders", "prose"])
    for key, title, lines in (("earnings", "Payments", earnings),
                              ("deductions", "Deductions", deductions)):
        if not lines:
            doc.line(f"{title}: none").line()
        elif style == "table":
            timed = key == "earnings"
            L.table(doc, rng, [title] + ["Hours", "Rate"] * timed + ["Amount"], [
                [L.cell(x["label"], (key, i, "label"))]
                + ([kit.num_cell((key, i, "hours"), x["hours"], 1), kit.num_cell(
                    None, x["amount"] / x["hours"])] if x.get("hours") else [L.cell("")] * 2) * timed
                + [kit.num_cell((key, i, "amount"), x["amount"])] for i, x in enumerate(lines)])
            doc.line()
        else:   # "Basic pay ..... 37.5 h  709.50" or "You were paid Basic pay of 709.50 for 37.5 hours"
            width = max(len(x["label"]) for x in lines) + 4
            doc.add(f"{title.upper()}\n" if style == "leaders" else
                    "You were paid " if key == "earnings" else "We deducted ")
            for i, x in enumerate(lines):
                doc.add("" if style == "leaders" or not i else " and " if i == len(lines) - 1
                        else ", ").put((key, i, "label"), x["label"])
                doc.add(f" {'.' * (width - len(x['label']))} " if style == "leaders" else " of ")
                if style == "leaders" and x.get("hours"):
                    kit.num(doc, (key, i, "hours"), x["hours"], 1).add(" h  ")
                kit.money(doc, (key, i, "amount"), x["amount"])
                if style == "prose" and x.get("hours"):
                    kit.num(doc.add(" for "), (key, i, "hours"), x["hours"], 1).add(" hours")
                doc.add("\n" if style == "leaders" else "")
            doc.line("" if style == "leaders" else ".\n")
    kit.pad(doc)
    ytd = round(gross * index * rng.uniform(0.95, 1.05), 2)
    L.kv(doc, rng, [("Gross pay", kit.money_cell(("gross_pay",), gross)),
                    ("Total deductions", kit.money_cell(None, total_ded)),
                    ("Net pay", kit.money_cell(("net_pay",), facts["net_pay"]))]
         + [("Gross pay year to date", kit.money_cell(None, ytd))] * (index > 1 and kit.chance(0.6)),
         rng.choice(["colon", "aligned", "dots", "pipe"]))
    ot_text = earnings[1]["label"] if overtime else rng.choice(
        ["No overtime was paid this period.", "Overtime: none", "Overtime hours this period: 0"])
    if not overtime:
        doc.line(ot_text)
    if not pay_in_header:
        doc.add(f"Paid by bank transfer to the account ending {rng.randint(1000, 9999)} on ")
        kit.date(doc, ("pay_date",), paid).line(".")
    if facts["benefits"]:
        _inline(doc.add("Benefits in kind (not paid in cash): "), "benefits", facts["benefits"])
        doc.line(".")
    kit.pad(doc)
    return Draft(("Payslip", "Pay statement", "Earnings statement"), PAYSLIP_FIELDS, facts, doc, {
        ("pay_frequency",): freq_text, ("overtime_paid",): ot_text})


FUNDS = ["General fund", "Winter appeal", "Building fund", "Emergency relief", "Scholarship fund",
         "Youth programme", "Research fund"]
METHODS = {"card": ("by card", "Card"), "bank transfer": ("by bank transfer", "Bank transfer"),
           "cheque": ("by cheque", "Cheque"), "cash": ("in cash", "Cash"),
           "direct debit": ("by direct debit", "Direct debit")}
PROGRAMMES = ["School meals", "Clean water wells", "Night shelter beds", "Home hospice care",
              "Rescue kennels", "Reading clubs", "Tree planting"]
CHARITIES = ["Food Bank", "Hospice", "Animal Rescue", "Children's Trust", "Wildlife Trust"]
TAX_RELIEF = {   # locale: (register, says the gifts qualify, says they do not)
    "en_GB": ("Registered charity no.", ("Thank you for your Gift Aid declaration.", "Gift Aid: "
              "yes, we will reclaim basic rate tax on your gifts."), ("Gift Aid: not eligible",
              "No Gift Aid declaration is held, so Gift Aid will not be claimed.")),
    "en_US": ("EIN", ("This contribution is tax-deductible.", "No goods or services were provided in "
              "exchange; your gift is tax-deductible to the extent allowed by law."), (
              "Please note: this contribution is not tax-deductible.",
              "We are not a 501(c)(3) organization; gifts are not deductible.")),
    "de_DE": ("Vereinsregister", ("This receipt is a Zuwendungsbestätigung for your tax office.",
              "Your donation is tax-deductible."), ("This donation is not tax-deductible.",
              "No Zuwendungsbestätigung can be issued for this gift.")),
    "fr_FR": ("RNA", ("This reçu fiscal entitles you to a tax reduction.", "Your gift qualifies "
              "for a tax reduction (art. 200 CGI)."), ("No reçu fiscal is issued.",
              "This gift does not qualify for a tax reduction."))}
DONATION_FIELDS = [
    F.text("charity", "Charity", "Organisation that received the gifts.", "organisation",
           "charity_name"),
    F.text("registration_number", "Registration number", "Charity's registration or tax number "
           "(not the receipt number).", "charity_number", "registered_number", keep=0.7),
    F.text("receipt_number", "Receipt number", "Number of this receipt (not the supporter ID).",
           "receipt_no", "receipt_id"),
    F.date("issued", "Receipt date", "Date the receipt was issued (not a gift date).",
           "receipt_date", "date_issued", keep=0.8),
    F.text("donor", "Donor", "Person who gave.", "donor_name", "supporter"),
    F.text("in_memory_of", "In memory of", "Person the gifts honour, if any.", "tribute",
           optional=True, keep=0.5),
    F.items("gifts", "Gifts", "Each donation acknowledged.", [
        F.date("date", "Date", "Date of the gift.", "gift_date"),
        F.number("amount", "Amount", "Amount given.", "value"),
        F.text("fund", "Fund", "Fund or appeal the gift went to.", "purpose", "designation",
               keep=0.8),
        F.choice("method", "Payment method", "How the gift was paid.", list(METHODS), "paid_by",
                 keep=0.6),
    ], "donations", "contributions"),
    F.number("total", "Total", "Total of the gifts acknowledged (not the tax relief).",
             "total_amount", "total_donated", minimum=0),
    F.flag("tax_relief", "Tax relief", "Whether the gifts qualify for tax relief (a tax "
           "deduction, Gift Aid).", "tax_deductible", "gift_aid"),
    F.flag("anonymous", "Anonymous", "Whether the donor asked not to be named publicly.",
           "is_anonymous", keep=0.7),
    F.strings("programmes", "Programmes", "Programmes the charity says the gifts support.",
              "projects", "supported_programs", keep=0.6),
]


def donation_receipt(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    issued, monthly, n = kit.day(), kit.chance(0.3), rng.randint(1, 6)
    days = ([rng.randint(3, 20) + 30 * k for k in range(n)] if monthly       # a standing order
            else sorted(rng.sample(range(5, 365), n)))
    amount, fund = kit.amount(5, 60), rng.choice(FUNDS)
    gifts = [{"date": (issued - dt.timedelta(days=d)).isoformat(),
              "amount": amount if monthly else float(rng.choice([10, 20, 25, 50, 100, 250, 500])),
              "fund": fund if monthly else rng.choice(FUNDS),
              "method": "direct debit" if monthly else rng.choice(list(METHODS))}
             for d in reversed(days)]
    total = round(sum(g["amount"] for g in gifts), 2)
    register, yes, no = TAX_RELIEF[kit.locale]
    relief, anonymous = kit.chance(0.65), kit.chance(0.25)
    facts = {"charity": rng.choice([f"{fake.city()} {rng.choice(CHARITIES)}",
                                    f"{fake.last_name()} Foundation"]),
             "registration_number": {"en_GB": str(rng.randint(200000, 1199999)),
                                     "en_US": f"{rng.randint(10, 99)}-{rng.randint(10**6, 10**7 - 1)}",
                                     "de_DE": f"VR {rng.randint(1000, 99999)}",
                                     "fr_FR": f"W{rng.randint(10**8, 10**9 - 1)}"}[kit.locale],
             "receipt_number": f"{rng.choice(['R', 'DR', 'REC'])}-{issued.year}-"
                               f"{rng.randint(1, 99999):05d}",
             "issued": issued.isoformat(), "donor": fake.name(),
             "in_memory_of": fake.name() if kit.chance(0.2) else None, "gifts": gifts,
             "total": total, "tax_relief": relief, "anonymous": anonymous,
             "programmes": rng.sample(PROGRAMMES, rng.choice([0, 0, 1, 2, 3, 4]))}
    relief_text = says(rng, relief, yes, no)
    anon_text = says(rng, anonymous, ("You asked us not to publish your name.",
                                      "Anonymous gift: your name will not appear in our reports."),
                     ("With your permission, we will thank you by name in our annual report.",
                      "Donor listing: named"))
    evidence = {("tax_relief",): relief_text, ("anonymous",): anon_text}
    doc.put(("charity",), facts["charity"]).line().add(f"{register} ")
    doc.put(("registration_number",), facts["registration_number"]).line().line()
    style, supporter = rng.choice(["letter", "receipt", "statement"]), str(rng.randint(10**4, 10**6))
    if style == "letter":       # the gifts in the sentences of a thank-you letter
        kit.date(doc, ("issued",), issued).line().line().add("Receipt ")
        doc.put(("receipt_number",), facts["receipt_number"]).line(f" (supporter {supporter})")
        doc.line().add("Dear ").put(("donor",), facts["donor"]).line(",").line()
        doc.add("Thank you for your generous support.")
        for i, g in enumerate(gifts):
            at, method = ("gifts", i), METHODS[g["method"]][0]
            kit.date(doc.add(" On "), at + ("date",), dt.date.fromisoformat(g["date"]))
            kit.money(doc.add(" you gave "), at + ("amount",), g["amount"]).add(" to the ")
            doc.put(at + ("fund",), g["fund"]).add(f" {method}.")
            evidence[at + ("method",)] = method
        kit.money(doc.add("\nIn total you gave "), ("total",), total).line(".")
    else:
        doc.line("OFFICIAL DONATION RECEIPT" if style == "receipt" else
                 f"Annual statement of giving {issued.year - 1}-{issued.year}").line()
        L.kv(doc, rng, [("Receipt no.", L.cell(facts["receipt_number"], ("receipt_number",))),
                        ("Date issued", kit.date_cell(("issued",), issued)),
                        ("Donor", L.cell(facts["donor"], ("donor",))),
                        ("Supporter ID", L.cell(supporter))])
        doc.line()
        if style == "receipt":
            L.table(doc, rng, ["Date", "Fund", "Method", "Amount"], [
                [kit.date_cell(("gifts", i, "date"), dt.date.fromisoformat(g["date"])),
                 L.cell(g["fund"], ("gifts", i, "fund")), L.cell(METHODS[g["method"]][1]),
                 kit.money_cell(("gifts", i, "amount"), g["amount"])] for i, g in enumerate(gifts)])
        for i, g in enumerate(gifts):
            at, (method, column) = ("gifts", i), METHODS[g["method"]]
            evidence[at + ("method",)] = column if style == "receipt" else method
            if style == "statement":    # "- 19.11.2023  13,05 €  Emergency relief (by card)"
                kit.date(doc.add("- "), at + ("date",), dt.date.fromisoformat(g["date"]))
                kit.money(doc.add("  "), at + ("amount",), g["amount"]).add("  ")
                doc.put(at + ("fund",), g["fund"]).line(f" ({method})")
        L.kv(doc.line(), rng, [("Total received", kit.money_cell(("total",), total))],
             rng.choice(["colon", "aligned", "dots"]))
    if relief and kit.locale in ("en_GB", "fr_FR"):
        doc.add("Gift Aid to be claimed: " if kit.locale == "en_GB" else "Tax reduction: ")
        kit.money(doc, None, round(total * (0.25 if kit.locale == "en_GB" else 0.66), 2)).line()
    kit.pad(doc)
    if facts["in_memory_of"]:
        doc.add("Given in memory of ").put(("in_memory_of",), facts["in_memory_of"]).line(".")
    if facts["programmes"]:
        _inline(doc.add("Your support helps fund "), "programmes", facts["programmes"]).line(".")
    doc.line(relief_text).line(anon_text).line().line(f"With thanks,\n{fake.name()}, Supporter Care")
    kit.pad(doc)
    return Draft(("Donation receipt", "Gift acknowledgement", "Charitable donation receipt"),
                 DONATION_FIELDS, facts, doc, evidence)
