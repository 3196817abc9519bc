"""Energy papers of homes and buildings: an installer's quote for a solar PV system, a boiler's
annual service certificate, the commissioning record of a heat pump and an energy audit (an
EPC, a DPE, an Energieausweis or a home energy audit) with its recommendations.

Each carries values of the same kind beside the ones asked for: the surveyor beside the
customer, the customer reference and survey reference beside the quote number, the survey
date, the provisional installation date and the expiry beside the quote date, the inverter's
rating, the panels' wattage and the battery's capacity beside the system size, the household's
consumption beside the first year's yield, the unit prices, subtotal, discount, VAT, grant or
tax credit, net cost and deposit beside the total, and the panels' product and performance
warranties beside the workmanship warranty; the landlord, agent or property manager beside the
customer, the company's registration beside the engineer's own number, the job number beside
the certificate number, the last service, the installation year and the date the certificate
was handed over beside the service date, the minimum-rate readings, the O2, the ratio, the
action level and the flue temperature beside the CO and CO2 at maximum rate, and the service,
parts and tax lines beside the total charged; the designer and the customer beside the
commissioning engineer, the installation and handover dates and the warranty's end beside the
commissioning date, the indoor unit's serial and the controller beside the heat pump, the heat
loss and the backup heater beside the rated output, the CO2 equivalent and the factory charge
beside the refrigerant charge, the outdoor design, return, hot-water and legionella
temperatures beside the design flow temperature, the COP at one test point beside the SCOP, the
expansion vessel and relief valve pressures beside the system pressure; the quality reviewer
beside the auditor, the certificate or report number beside the accreditation, the report date,
the expiry and the previous audit beside the survey date, the potential rating, the numeric
score, the climate (GES) label and a Home Energy Score beside the current rating, the heated
volume and window area beside the floor area, the energy per square metre and the split by fuel
beside the annual energy, and each measure's payback and rating after it beside its cost and
saving.

Documents come as quotes (key-value heads, item tables, money blocks), letters and e-mails,
markdown proposals and reports in numbered sections, service records with a combustion table,
technicians' checklists ("[x] Flue flow test ....... PASS"), a French-style attestation in
prose, commissioning forms in numbered sections, semicolon exports from commissioning software,
certificates with rating tables and spreadsheet exports. Arrays come as tables in every layout,
bullet and numbered lines ("- 16 × Solar panels (REC Alpha Pure-R): £2,480.00"), checks
written into one sentence ("gas tightness test (pass), flue flow test (pass) and ventilation
(n/a)"), circuits described sentence by sentence and one-line lists; the lists of strings
(exclusions, defects, parts replaced, documents handed over, low-carbon sources) may be empty.
Booleans are as often negated as stated ("Scaffolding is not included", "The boiler is not safe
to use", "No glycol added", "Controls not yet demonstrated", "No air-tightness test was
carried out"), element ratings are words, stars or "3/5", and a report with no letter band
says so (a null rating).
"""
from __future__ import annotations

import datetime as dt
import re

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says
from .common import TITLES, address_line, firm_name, home_currency, lower_first, plain_names, slug, strings

# this domain's names drop every title but the French "M", which its records have always kept
ENERGY_TITLES = TITLES - {"M"}
TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}


# ---- solar PV installation quote -----------------------------------------------------------

PANELS = [("JA Solar", "JAM54S30-410/MR", 410), ("LONGi", "Hi-MO 6 LR5-54HTH", 425),
          ("REC", "Alpha Pure-R", 430), ("Trina Solar", "Vertex S+ NEG9R.28", 440),
          ("Jinko Solar", "Tiger Neo 54HL4R", 420), ("Aiko", "Neostar 2P", 450),
          ("Meyer Burger", "White", 400), ("Q CELLS", "Q.TRON BLK M-G2+", 425),
          ("SunPower", "Maxeon 6", 440), ("DMEGC", "Infinity RT", 405)]
INVERTERS = [("SolarEdge", "SE5000H", 5.0, "string"), ("Fronius", "Primo GEN24 6.0 Plus", 6.0, "hybrid"),
             ("SMA", "Sunny Boy 4.0", 4.0, "string"), ("Huawei", "SUN2000-5KTL-L1", 5.0, "hybrid"),
             ("GivEnergy", "Gen 3 Hybrid", 5.0, "hybrid"), ("Enphase", "IQ8M", 0.33, "micro"),
             ("Sungrow", "SH6.0RS", 6.0, "hybrid"), ("Solis", "S6-GR1P3.6K", 3.6, "string")]
BATTERIES = [("Tesla", "Powerwall 3", 13.5), ("BYD", "Battery-Box Premium HVS", 10.2),
             ("GivEnergy", "All in One", 13.5), ("SolarEdge", "Home Battery", 9.7),
             ("Enphase", "IQ Battery 5P", 5.0), ("Huawei", "LUNA2000", 10.0), ("Sungrow", "SBR096", 9.6),
             ("sonnen", "sonnenBatterie 10", 11.0)]
ROOFS = {   # roof: how a surveyor writes it
    "pitched_tile": ("Roof: pitched, concrete interlocking tiles", "Mounting: on-roof rails on a tiled roof",
                     "Roof covering: clay tiles (pitched roof)"),
    "pitched_slate": ("Roof: pitched, natural slate", "On-roof mounting with slate hooks",
                      "Roof covering: slate (pitched roof)"),
    "flat": ("Flat roof: ballasted frames at 10°", "Roof: flat (felt), east-west frames",
             "Mounting: flat-roof frames, no penetrations"),
    "metal": ("Standing-seam metal roof (clamp fixings)", "Roof: corrugated steel sheet",
              "Roof covering: metal sheet, rail-less clamps"),
    "ground_mount": ("Ground-mounted array in the garden", "Mounting: ground frame, no roof works",
                     "Array location: ground mount (field)"),
}
PRICE_FACTOR = {"en_GB": 1.0, "en_US": 1.35, "de_DE": 1.1, "fr_FR": 1.25}
YIELD_PER_KWP = {"en_GB": (820, 960), "en_US": (1150, 1500), "de_DE": (880, 1020), "fr_FR": (1050, 1350)}
GRID_NAMES = {"en_GB": "DNO notification (G98/G99)", "en_US": "Utility interconnection application",
              "de_DE": "Grid registration (Netzanmeldung)", "fr_FR": "Grid connection (Enedis)"}
INSTALLERS = {"en_GB": ("{last} Solar Ltd", "{city} Renewables", "Sunwise {city}"),
              "en_US": ("{last} Solar LLC", "{city} Sun Power Co.", "{last} Energy Systems"),
              "de_DE": ("{last} Solartechnik GmbH", "Solar {city} GmbH", "Elektro {last} Photovoltaik"),
              "fr_FR": ("{last} Énergies", "Solaire {city} SARL", "{last} Photovoltaïque")}
EXCLUSIONS = {"en_GB": ["Consumer unit upgrade", "Roof repairs", "Tree surgery", "Asbestos survey",
                        "Making good of decoration", "Structural survey", "Trenching for cable runs",
                        "EV charger"],
              "en_US": ["Main panel upgrade", "Roof repairs", "Tree trimming", "Permit fees",
                        "Structural engineering letter", "Trenching", "Drywall repair", "EV charger"],
              "de_DE": ["Meter cabinet upgrade (Zählerschrank)", "Roof repairs", "Scaffolding permit",
                        "Structural survey", "Trenching for cable runs", "Drywall repair", "EV charger"],
              "fr_FR": ["Electrical board upgrade", "Roof repairs", "Planning declaration (DP)",
                        "Structural survey", "Trenching for cable runs", "Tree trimming", "EV charger"]}
PAYMENTS = {"deposit": ("Payment: {pct}% deposit on acceptance, balance on completion.",
                        "Terms: a deposit of {pct}% books your installation; the rest is due on the day of "
                        "commissioning."),
            "on_completion": ("Payment: in full on completion, no deposit.",
                              "No deposit required: we invoice after commissioning, payable within 14 days."),
            "finance": ("Payment: finance over {months} months, subject to status.",
                        "You have chosen to pay monthly (a finance agreement over {months} months).")}
SOLAR_FIELDS = [
    F.text("customer", "Customer", ("Customer the quote is addressed to (not the surveyor or the installer's "
                                    "contact).", "Name of the customer."), "customer_name", "client"),
    F.text("installer", "Installer", ("Company that issued the quote.", "Installer's company name."),
           "installer_name", "company", keep=0.8),
    F.text("installer_email", "Installer e-mail", "The installer's e-mail address, if given.", "email",
           "contact_email", format="email", optional=True, keep=0.5),
    F.text("quote_number", "Quote number", "Number of the quote (not the customer or survey reference).",
           "quote_no", "reference", keep=0.7),
    F.date("quote_date", "Quote date", ("Date of the quote (not the survey, the expiry or the installation "
                                        "date).", "Date the quote was issued."), "date", "issued"),
    F.date("valid_until", "Valid until", "Last day the quoted price holds, if stated.", "expiry_date",
           "quote_valid_until", optional=True, keep=0.6),
    F.number("system_size_kwp", "System size (kWp)", ("Peak power of the PV array in kWp (not the inverter "
                                                      "rating or the battery capacity).",
                                                      "Array size in kilowatts peak."), "kwp", "array_size"),
    F.integer("panel_count", "Number of panels", "How many solar panels (modules) are quoted (not their "
              "wattage).", "panels", "module_count"),
    F.text("panel_model", "Panel model", "Make and model of the panels as written.", "module", "panel_type",
           keep=0.5),
    F.number("battery_kwh", "Battery capacity (kWh)", "Usable capacity of the battery in kWh; null when no "
             "battery is quoted.", "battery_capacity", "storage_kwh", optional=True, keep=0.7),
    F.integer("annual_yield_kwh", "Estimated annual generation (kWh)", ("Estimated generation in the first "
                                                                        "year in kWh (not the household's "
                                                                        "consumption).",
                                                                        "Predicted yearly yield."),
              "annual_generation", "yield_kwh", keep=0.8),
    F.items("line_items", "Line items", ("Each priced line of the quote, in order.", "Items quoted."), [
        F.text("item", "Item", "What the line is for, as written.", "description", "name"),
        F.integer("quantity", "Quantity", "Quantity of the line.", "qty", keep=0.7),
        F.number("price", "Price", "Line total (not a unit price); null when the line is included at no "
                 "separate charge.", "amount", "line_total", optional=True, keep=0.8),
    ], "items", "components", keep=0.8),
    F.number("total_price", "Total price", ("Total price of the installation with any VAT, after any discount "
                                            "but before grants or tax credits (not the subtotal, the deposit or "
                                            "the net cost).", "Quoted total."), "total", "price_total", minimum=0),
    F.number("incentive_amount", "Incentive", "Grant, bonus or tax credit stated in the quote (not a discount); "
             "null when none.", "grant", "tax_credit", optional=True, keep=0.5),
    F.choice("roof_type", "Roof type", "Where and on what the array is mounted.", list(ROOFS), "mounting",
             "roof", keep=0.7),
    F.flag("scaffolding_included", "Scaffolding included", "Whether scaffolding is included in the price.",
           "includes_scaffolding", "access_included", keep=0.6),
    F.choice("payment_terms", "Payment terms", "How the customer pays.", list(PAYMENTS), "payment",
             "payment_method", keep=0.6,
             option_descriptions=("a deposit on acceptance, the balance on completion",
                                  "the whole price after completion", "monthly finance")),
    F.integer("workmanship_warranty_years", "Workmanship warranty (years)", "Years of the installer's "
              "workmanship warranty, if stated (not the panels' product or performance warranty).",
              "installation_warranty", "warranty_years", optional=True, keep=0.5),
    F.strings("exclusions", "Exclusions", "Works the quote excludes; empty when none are listed.",
              "not_included", "excluded_works", keep=0.6),
]


def solar_installation_quote(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    make, model, watts = rng.choice(PANELS)
    n = rng.randint(6, 28)
    kwp = round(n * watts / 1000, 2)
    inv_make, inv_model, inv_kw, inv_kind = rng.choice(INVERTERS)
    battery = rng.choice(BATTERIES) if kit.chance(0.55) else None
    roof = rng.choice(["pitched_tile"] * 4 + ["pitched_slate"] * 2 + ["flat", "metal", "ground_mount"])
    scaffold = roof != "ground_mount" and kit.chance(0.65)
    f = PRICE_FACTOR[loc]
    lines: list[tuple[str, int, float | None, str]] = []     # (item, quantity, unit price or None, detail)
    lines.append((rng.choice(["Solar panels", "PV modules", f"{watts} W panels"]), n,
                  round(rng.uniform(105, 190) * f, 2), f"{make} {model}"))
    if inv_kind == "micro":
        lines.append(("Microinverters", n, round(rng.uniform(120, 170) * f, 2), f"{inv_make} {inv_model}"))
    else:
        lines.append(({"hybrid": "Hybrid inverter", "string": "String inverter"}[inv_kind], 1,
                      round(rng.uniform(700, 1600) * f, 2), f"{inv_make} {inv_model}"))
        if inv_make == "SolarEdge" and kit.chance(0.7):
            lines.append(("Power optimizers" if us else "Power optimisers", n, round(rng.uniform(45, 70) * f, 2),
                          ""))
    if battery:
        lines.append((rng.choice(["Battery storage", "Home battery"]), 1,
                      round(battery[2] * rng.uniform(420, 650) * f, 2), f"{battery[0]} {battery[1]}"))
    lines.append(("Ground frame" if roof == "ground_mount" else rng.choice(["Mounting system", "Roof mounting kit"]),
                  1, round(n * rng.uniform(25, 45) * f, 2), ""))
    if scaffold:
        lines.append(("Scaffolding", 1, round(rng.uniform(450, 1100) * f, 2), ""))
    lines.append((rng.choice(["Installation and commissioning", "Labour and electrical works"]), 1,
                  round(rng.uniform(900, 2200) * f, 2), ""))
    lines.append((GRID_NAMES[loc], 1, None if kit.chance(0.6) else round(rng.uniform(80, 300) * f, 2), ""))
    if kit.chance(0.4):
        lines.append(("Monitoring (Wi-Fi)", 1, None if kit.chance(0.7) else round(rng.uniform(60, 150) * f, 2), ""))
    if kit.chance(0.3) and roof != "ground_mount":
        lines.append(("Bird mesh", 1, round(rng.uniform(250, 600) * f, 2), ""))
    if kit.chance(0.2):
        lines.append(("EV charger", 1, round(rng.uniform(650, 1100) * f, 2), ""))
    items = [{"item": name, "quantity": q, "price": None if unit is None else round(q * unit, 2)}
             for name, q, unit, _ in lines]
    subtotal = round(sum(i["price"] or 0 for i in items), 2)
    discount = round(subtotal * rng.choice([0.03, 0.05, 0.1]), 2) if kit.chance(0.25) else 0.0
    rate = {"en_GB": 0.0, "de_DE": 0.0, "en_US": 0.0, "fr_FR": 0.1 if kwp <= 3 else 0.2}[loc]
    vat = round((subtotal - discount) * rate, 2)
    total = round(subtotal - discount + vat, 2)
    incentive = None
    if us and kit.chance(0.85):
        incentive = round(total * 0.3, 2)
    elif loc == "fr_FR" and kit.chance(0.7):
        incentive = round(kwp * rng.choice([80.0, 140.0, 190.0]), 2)
    elif loc == "de_DE" and battery and kit.chance(0.4):
        incentive = float(min(3000, round(battery[2] * rng.choice([100, 200, 300]))))
    incentive_label = {"en_US": "Estimated federal tax credit (30%)",
                       "fr_FR": "Self-consumption bonus (prime à l'autoconsommation)",
                       "de_DE": "Municipal battery grant (Förderprogramm)"}.get(loc, "Grant")
    payment = rng.choice(["deposit"] * 3 + ["on_completion"] * 2 + ["finance"])
    pct, months = rng.choice([10, 20, 25, 30]), rng.choice([60, 84, 120])
    deposit = round(total * pct / 100, 2) if payment == "deposit" else None
    survey = kit.day()
    quoted = survey + dt.timedelta(days=rng.randint(0, 10))
    valid = quoted + dt.timedelta(days=rng.choice([14, 30, 60, 90]))
    install = quoted + dt.timedelta(days=rng.randint(30, 120))
    yield_kwh = int(round(kwp * rng.uniform(*YIELD_PER_KWP[loc]) / 10) * 10)
    use_kwh = int(round(rng.uniform(2600, 7500) / 10) * 10)
    customer, surveyor, contact = plain_names(kit, 3, ENERGY_TITLES)
    installer = firm_name(kit, INSTALLERS)
    email = f"{rng.choice(['quotes', 'info', 'sales', 'hello'])}@{slug(installer, 'energy', 18)}.{TLD[loc]}"
    quote_no = {"en_GB": f"Q-{quoted.year % 100}-{rng.randint(100, 9999):04d}",
                "en_US": f"PV-{rng.randint(10000, 99999)}",
                "de_DE": f"ANG-{quoted.year}-{rng.randint(1, 9999):04d}",
                "fr_FR": f"DEV-{quoted.year}-{rng.randint(100, 9999)}"}[loc]
    customer_ref, survey_ref = f"C{rng.randint(10000, 99999)}", f"SV-{rng.randint(1000, 9999)}"
    excluded = [x for x in EXCLUSIONS[loc] if x not in {i["item"] for i in items}]
    facts = {"customer": customer, "installer": installer, "installer_email": kit.maybe(email, 0.6),
             "quote_number": quote_no, "quote_date": quoted.isoformat(),
             "valid_until": kit.maybe(valid.isoformat(), 0.7), "system_size_kwp": kwp, "panel_count": n,
             "panel_model": f"{make} {model}", "battery_kwh": battery[2] if battery else None,
             "annual_yield_kwh": yield_kwh, "line_items": items, "total_price": total,
             "incentive_amount": incentive, "roof_type": roof, "scaffolding_included": scaffold,
             "payment_terms": payment, "workmanship_warranty_years": kit.maybe(rng.choice([2, 5, 10, 12]), 0.6),
             "exclusions": rng.sample(excluded, rng.choice([0, 0, 1, 2, 3, 4]))}
    roof_text = rng.choice(ROOFS[roof])
    scaffold_text = says(rng, scaffold, ("Scaffolding: included in the price",
                                         "The price includes scaffolding and edge protection."),
                         ("No scaffolding needed (ground-mounted array).",) if roof == "ground_mount" else
                         ("Scaffolding: not included (quoted separately by the scaffolder)",
                          "Access equipment is excluded from this quote.",
                          "Scaffolding is not included; a tower will be quoted if needed."))
    payment_text = rng.choice(PAYMENTS[payment]).format(pct=pct, months=months)
    incl = rng.choice(["incl.", "included", "no charge"])
    size_digits = 1 if round(kwp, 1) == kwp else 2
    inverter_text = (f"{inv_make} {inv_model} microinverters (one per panel)" if inv_kind == "micro" else
                     f"{inv_make} {inv_model} ({kit.style.decimal(inv_kw, 1)} kW {inv_kind} inverter)")
    warranty = facts["workmanship_warranty_years"]

    def size_cell() -> L.Cell:
        return L.join(kit.num_cell(("system_size_kwp",), kwp, size_digits), L.cell(" kWp"))

    def panels_cell() -> L.Cell:
        model_cell = L.cell(f"{make} {model}", ("panel_model",))
        return L.join(kit.count_cell(("panel_count",), n), L.cell(" × "), model_cell, L.cell(f" ({watts} W)"))

    def battery_cell() -> L.Cell:
        if not battery:
            return L.cell(rng.choice(["none", "not included", "-"]))
        return L.join(L.cell(f"{battery[0]} {battery[1]}, "), kit.num_cell(("battery_kwh",), battery[2], 1),
                      L.cell(" kWh usable"))

    def yield_cell() -> L.Cell:
        return L.join(kit.count_cell(("annual_yield_kwh",), yield_kwh), L.cell(" kWh"))

    def warranty_line() -> None:
        if warranty is None:
            doc.line(f"Panels: {rng.choice([25, 30])}-year product warranty; inverter {rng.choice([10, 12])} years.")
        else:
            kit.count(doc.add("Workmanship warranty: "), ("workmanship_warranty_years",), warranty)
            doc.line(f" years (panels: {rng.choice([25, 30])}-year product warranty, "
                     f"{rng.choice([25, 30])}-year performance warranty).")

    def item_table() -> None:
        unit_col = kit.chance(0.5)
        head = [rng.choice(["Item", "Description"]), rng.choice(["Qty", "Quantity"])] + ["Unit price"] * unit_col \
            + [rng.choice(["Amount", "Price", "Total"])]
        rows = []
        for i, ((_, q, unit, _), it) in enumerate(zip(lines, items)):
            at = ("line_items", i)
            rows.append([L.cell(it["item"], at + ("item",)), kit.count_cell(at + ("quantity",), q)]
                        + ([kit.money_cell(None, unit) if unit is not None else L.cell("-")] if unit_col else [])
                        + [kit.money_cell(at + ("price",), it["price"]) if it["price"] is not None
                           else L.cell(incl)])
        L.table(doc, rng, head, rows)

    def item_lines(numbered: bool) -> None:
        for i, ((_, q, _, detail), it) in enumerate(zip(lines, items)):
            at = ("line_items", i)      # "- 16 × Solar panels (REC Alpha Pure-R): £2,480.00"
            kit.count(doc.add(f"{i + 1}. " if numbered else "- "), at + ("quantity",), q).add(" × ")
            doc.put(at + ("item",), it["item"]).add(f" ({detail})" if detail else "")
            if it["price"] is None:
                doc.line(f" - {incl}")
            else:
                kit.money(doc.add(rng.choice([": ", " ... "])), at + ("price",), it["price"]).line()

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))]
        if discount:
            rows.append((rng.choice(["Discount", "Less discount"]), kit.money_cell(None, discount)))
        if loc != "en_US" or kit.chance(0.3):
            rows.append(({"en_GB": "VAT (0%)", "de_DE": "VAT 0% (Nullsteuersatz)",
                          "fr_FR": f"VAT (TVA {round(rate * 100)}%)", "en_US": "Sales tax (exempt)"}[loc],
                         kit.money_cell(None, vat)))
        rows.append((rng.choice(["Total", "Total price", "Total incl. VAT" if loc != "en_US" else "Contract price"]),
                     kit.money_cell(("total_price",), total)))
        if incentive:
            rows += [(incentive_label, kit.money_cell(("incentive_amount",), incentive)),
                     (rng.choice(["Net cost after incentive", "Effective cost"]),
                      kit.money_cell(None, round(total - incentive, 2)))]
        if deposit:
            rows.append((f"Deposit ({pct}%)", kit.money_cell(None, deposit)))
        return rows

    def performance() -> None:
        share = rng.randint(55, 80) if battery else rng.randint(28, 45)
        doc.add(rng.choice(["Estimated generation (year 1): ", "Predicted annual yield: "]))
        L.write(doc, yield_cell()).line()
        doc.line(f"Your current consumption: {kit.style.integer(use_kwh)} kWh a year; "
                 f"self-consumption about {share}%.")
        kit.money(doc.add("Estimated savings: "), None, round(yield_kwh * rng.uniform(0.12, 0.3), 2))
        doc.line(f" a year; simple payback about {kit.style.decimal(rng.uniform(6, 14), 1)} years.")

    def valid_line(prefix: str) -> None:
        if facts["valid_until"]:
            kit.date(doc.add(prefix), ("valid_until",), valid).line(".")

    def extras() -> None:
        doc.line(payment_text).line(scaffold_text)
        strings(kit, doc, "exclusions", facts["exclusions"], rng.choice(["Not included", "Exclusions",
                                                                           "Excluded from this quote"]),
                 rng.choice(["Exclusions: none", "Nothing is excluded from this quote."]))
        warranty_line()

    layout = rng.choice(["quote", "letter", "email", "proposal"])
    if layout == "quote":       # the installer's formal quotation
        doc.put(("installer",), installer).line().line(address_line(kit))
        if facts["installer_email"]:
            doc.add("E-mail: ").put(("installer_email",), email).line()
        doc.line().line(rng.choice(["QUOTATION - SOLAR PV SYSTEM", "Solar PV quotation", "QUOTE"])).line()
        head = [(rng.choice(["Quote no.", "Quotation number"]), L.cell(quote_no, ("quote_number",))),
                (rng.choice(["Date", "Quote date"]), kit.date_cell(("quote_date",), quoted))]
        if facts["valid_until"]:
            head.append(("Valid until", kit.date_cell(("valid_until",), valid)))
        head += [("Customer", L.cell(customer, ("customer",))), ("Customer ref.", L.cell(customer_ref)),
                 ("Site address", L.cell(address_line(kit))),
                 ("Surveyed by", L.cell(surveyor)), ("Survey date", kit.date_cell(None, survey))]
        L.kv(doc, rng, head)
        doc.line().line(rng.choice(["SYSTEM SUMMARY", "Your system"]))
        L.kv(doc, rng, [("System size", size_cell()), ("Panels", panels_cell()), ("Inverter", L.cell(inverter_text)),
                        ("Battery", battery_cell()), ("Estimated yield", yield_cell()),
                        ("Orientation", L.cell(f"{rng.choice(['South', 'South-west', 'South-east', 'East/West'])}, "
                                               f"{rng.randint(15, 45)}° pitch"))])
        doc.line(roof_text).line()
        kit.pad(doc)
        item_table()
        L.kv(doc.line(), rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        extras()
        kit.date(doc.add("Provisional installation date: "), None, install).line()
    elif layout == "letter":    # a covering letter after the survey
        doc.put(("installer",), installer).line()
        kit.date(doc.line(address_line(kit)).line(), ("quote_date",), quoted).line()
        doc.add("Our ref: ").put(("quote_number",), quote_no).line(f" | Your ref: {customer_ref}").line()
        doc.add("Dear ").put(("customer",), customer).line(",").line()
        kit.date(doc.add(f"Thank you for meeting {surveyor} for the site survey on "), None, survey).line(".")
        L.write(doc.add("We propose a solar PV system of "), size_cell()).add(": ")
        L.write(doc, panels_cell()).line(f" panels; inverter: {inverter_text}.")
        if battery:
            L.write(doc.add("Battery storage: "), battery_cell()).line(".")
        else:
            doc.line("No battery is included; one can be added later.")
        doc.line(roof_text + ".")
        performance()
        doc.line().line("The quote is made up as follows:")
        item_lines(kit.chance(0.5))
        doc.line()
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        kit.pad(doc.line())
        valid_line("This quote is valid until ")
        extras()
        if facts["installer_email"]:
            doc.add("To accept, reply to ").put(("installer_email",), email).line(".")
        doc.line().line(rng.choice(["Yours sincerely,", "Kind regards,"])).line(contact)
    elif layout == "email":     # a short e-mail with the quote in the body
        sender = (L.template("From: {firm} <{mail}>", firm=(("installer",), installer),
                             mail=(("installer_email",), email)) if facts["installer_email"]
                  else L.template("From: {firm}", firm=(("installer",), installer)))
        L.write(doc, sender).line().add("To: ").put(("customer",), customer).line()
        doc.add("Subject: Your solar quote ").put(("quote_number",), quote_no).line().line()
        doc.line(f"Hi {customer.split()[0]},").line()
        kit.date(doc.add("Following the survey on "), None, survey).add(", here is our quote dated ")
        kit.date(doc, ("quote_date",), quoted).line(".")
        L.write(doc.add("System: "), size_cell()).add(", ")
        L.write(doc, panels_cell()).line()
        L.write(doc.add("Battery: "), battery_cell()).line().line(roof_text)
        doc.line()
        item_lines(True)
        doc.line()
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        kit.pad(doc)
        performance()
        valid_line("Price held until ")
        extras()
        kit.date(doc.add("We could install from "), None, install).line(".")
        doc.line().line(f"Best regards,\n{contact}\n{installer}")
    else:                       # a markdown proposal
        doc.add("# Solar proposal for ").put(("customer",), customer).line().line()
        doc.add("**Prepared by:** ").put(("installer",), installer).line("  ")
        doc.add("**Proposal:** ").put(("quote_number",), quote_no).line("  ")
        kit.date(doc.add("**Date:** "), ("quote_date",), quoted).line("  ")
        kit.date(doc.add("**Survey:** "), None, survey).line(f" ({survey_ref})  ")
        if facts["valid_until"]:
            kit.date(doc.add("**Valid until:** "), ("valid_until",), valid).line("  ")
        if facts["installer_email"]:
            doc.add("**Contact:** ").put(("installer_email",), email).line("  ")
        doc.line().line("## Your system").line()
        for label, c in [("Array", size_cell()), ("Panels", panels_cell()), ("Inverter", L.cell(inverter_text)),
                         ("Battery", battery_cell())]:
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line(f"- {roof_text}").line().line("## Performance").line()
        performance()
        doc.line()
        kit.pad(doc)
        doc.line("## Price").line()
        item_table()
        doc.line()
        for label, c in money_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Terms").line()
        extras()
    kit.pad(doc)
    return Draft(("Solar PV installation quote", "Solar quote", "Photovoltaic system quotation"), SOLAR_FIELDS,
                 facts, doc, {("roof_type",): roof_text, ("scaffolding_included",): scaffold_text,
                              ("payment_terms",): payment_text})


# ---- boiler service certificate ------------------------------------------------------------

BOILERS = [   # (make, model, type, fuel family, market)
    ("Worcester Bosch", "Greenstar 4000", "combi", "gas", "eu"), ("Worcester Bosch", "Greenstar 8000 Life", "system",
                                                                  "gas", "eu"),
    ("Vaillant", "ecoTEC plus 835", "combi", "gas", "eu"), ("Vaillant", "ecoTEC exclusive", "system", "gas", "eu"),
    ("Ideal", "Logic Max Heat H24", "regular", "gas", "eu"), ("Ideal", "Vogue Max C32", "combi", "gas", "eu"),
    ("Baxi", "800 Combi 2", "combi", "gas", "eu"), ("Viessmann", "Vitodens 100-W", "combi", "gas", "all"),
    ("Viessmann", "Vitodens 200-W", "system", "gas", "all"), ("Buderus", "Logamax plus GB172i", "system", "gas", "eu"),
    ("Saunier Duval", "Thema Condens", "combi", "gas", "eu"), ("Frisquet", "Prestige Condensation", "system", "gas",
                                                              "eu"),
    ("Weil-McLain", "ECO Tec", "system", "gas", "us"), ("Navien", "NCB-240E", "combi", "gas", "us"),
    ("Burnham", "ESC6", "regular", "gas", "us"), ("Lochinvar", "Noble NKC199", "combi", "gas", "us"),
    ("Grant", "Vortex Pro Combi 26", "combi", "oil", "eu"), ("Worcester Bosch", "Greenstar Heatslave II", "combi",
                                                             "oil", "eu"),
    ("Firebird", "Enviromax Kitchen", "regular", "oil", "eu"), ("Viessmann", "Vitoladens 300-C", "regular", "oil",
                                                                "eu"),
    ("Buderus", "Logano plus KB195i", "regular", "oil", "eu"), ("De Dietrich", "Evodens Fioul", "system", "oil", "eu"),
    ("Weil-McLain", "WTGO", "regular", "oil", "us"), ("Burnham", "MPO-IQ", "regular", "oil", "us"),
]
BOILER_TYPES = {"combi": ("Type: combination (combi) boiler", "Combi boiler, instantaneous hot water",
                          "Boiler type: combi"),
                "system": ("Type: system boiler with unvented cylinder", "System boiler (sealed system)",
                           "Boiler type: system"),
                "regular": ("Type: regular (heat-only) boiler", "Heat-only boiler, open-vented system",
                            "Boiler type: conventional / regular")}
BOILER_FUELS = {"natural_gas": {"en_GB": ("Fuel: natural gas", "Gas type: NG"),
                                "en_US": ("Fuel: natural gas", "Fuel type: NG"),
                                "de_DE": ("Fuel: natural gas (Erdgas H)", "Brennstoff: Erdgas"),
                                "fr_FR": ("Fuel: natural gas (gaz naturel)", "Combustible: gaz naturel")},
                "lpg": {"en_GB": ("Fuel: LPG", "Gas type: LPG (propane)"),
                        "en_US": ("Fuel: propane (LP)", "Fuel type: LP gas"),
                        "de_DE": ("Fuel: LPG (Flüssiggas)", "Brennstoff: Flüssiggas"),
                        "fr_FR": ("Fuel: LPG (propane)", "Combustible: propane")},
                "oil": {"en_GB": ("Fuel: oil (kerosene 28 sec)", "Oil-fired (kerosene)"),
                        "en_US": ("Fuel: No. 2 heating oil", "Oil-fired boiler"),
                        "de_DE": ("Fuel: heating oil (Heizöl EL)", "Brennstoff: Heizöl EL"),
                        "fr_FR": ("Fuel: heating oil (fioul domestique)", "Combustible: fioul")}}
FUEL_SHARES = {"en_GB": ["natural_gas"] * 8 + ["oil", "lpg"], "en_US": ["natural_gas"] * 6 + ["oil"] * 3 + ["lpg"],
               "de_DE": ["natural_gas"] * 7 + ["oil"] * 3, "fr_FR": ["natural_gas"] * 7 + ["oil"] * 2 + ["lpg"]}
CO2_RANGES = {"natural_gas": (8.6, 9.8), "lpg": (10.2, 11.6), "oil": (11.0, 12.8)}
CHECKS = {   # fuel family: (check, the defect a failed check records, whether a failure makes it unsafe)
    "gas": [("Gas tightness test", "Let-by on the gas meter regulator", True),
            ("Working pressure", "Working pressure low at the appliance", False),
            ("Flue flow test", "Flue joint not sealed in the loft", True),
            ("Spillage test", "Spillage at the draught diverter", True),
            ("Ventilation", "Ventilation grille blocked", False),
            ("Flue termination", "Flue terminal too close to an opening window", True),
            ("Heat exchanger cleaned", "Heat exchanger partly blocked", False),
            ("Burner and injector", "Burner fouled", False),
            ("Condensate trap and pipe", "Condensate pipe not insulated outside", False),
            ("Expansion vessel charge", "Expansion vessel pre-charge low", False),
            ("Safety devices", "Overheat stat faulty", True),
            ("Electrical connections", "Fused spur missing", False)],
    "oil": [("Nozzle", "Nozzle worn", False), ("Oil filter", "Oil filter bowl cracked", False),
            ("Burner head", "Burner head carboned up", False),
            ("Flue flow test", "Flue joint not sealed in the loft", True),
            ("Oil line and fire valve", "Fire valve sensor not fitted", True),
            ("Oil tank", "Oil tank base cracked", False),
            ("Heat exchanger cleaned", "Heat exchanger baffles missing", False),
            ("Combustion chamber", "Combustion chamber lining cracked", True),
            ("Condensate trap and pipe", "Condensate pipe not insulated outside", False),
            ("Safety devices", "Overheat stat faulty", True)]}
RESULT_WORDS = [("Pass", "Fail", "N/A"), ("PASS", "FAIL", "N/A"), ("OK", "Not OK", "n/a"), ("✓", "✗", "n/a"),
                ("Yes", "No", "Not applicable"), ("Satisfactory", "Unsatisfactory", "Not applicable")]
PARTS = {"gas": ["Condensate trap seal", "Ignition electrode", "Flame sensing electrode", "Burner door seal",
                 "Sample point cap", "Pressure relief valve", "Expansion vessel", "Diverter valve cartridge"],
         "oil": ["Nozzle", "Oil filter element", "Photocell", "Ignition electrodes", "Flexible oil hose",
                 "Burner head gasket"]}
CONDITION = {1: "poor", 2: "fair", 3: "satisfactory", 4: "good", 5: "very good"}
HEATING_FIRMS = {"en_GB": ("{last} Heating Ltd", "{last} Gas Services", "{city} Boiler Care"),
                 "en_US": ("{last} Heating & Cooling", "{city} HVAC Services", "{last} Plumbing & Heating Inc."),
                 "de_DE": ("{last} Heizung Sanitär GmbH", "Haustechnik {last}", "{last} Wärmetechnik"),
                 "fr_FR": ("{last} Chauffage", "Chauffage Services {city}", "SARL {last} Thermique")}
BOILER_FIELDS = [
    F.text("engineer", "Engineer", ("Engineer or technician who serviced the appliance (not the customer, the "
                                    "landlord or the office).", "Service engineer."), "technician",
           "serviced_by"),
    F.text("engineer_id", "Engineer ID", "The engineer's own registration or licence number (Gas Safe ID, OFTEC, "
           "licence or register number), if shown (not the company's registration or the job number).",
           "licence_number", "registration_number", optional=True, keep=0.6),
    F.text("company", "Company", "Heating company the engineer works for, if named.", "business", "contractor",
           optional=True, keep=0.5),
    F.text("customer", "Customer", ("Householder or customer at the property (not the landlord, agent or "
                                    "property manager).", "Name of the customer."), "customer_name", "occupier"),
    F.text("site_address", "Site address", "Address of the property serviced.", "address", "property_address",
           keep=0.4),
    F.text("certificate_number", "Certificate number", "Number of this certificate or record, if shown (not the "
           "job number or an engineer's ID).", "record_no", "cert_no", optional=True, keep=0.5),
    F.date("service_date", "Service date", ("Date of the service visit (not the last service, the next one due "
                                            "or the date the certificate was handed over).",
                                            "Date the boiler was serviced."), "date", "visit_date"),
    F.date("next_service_due", "Next service due", "Date the next service is due, if stated.", "next_service",
           "due_date", optional=True, keep=0.7),
    F.text("appliance_make", "Make", "Manufacturer of the boiler.", "manufacturer", "boiler_make"),
    F.text("appliance_model", "Model", "Model of the boiler as written.", "boiler_model", "model", keep=0.7),
    F.choice("appliance_type", "Boiler type", "Kind of boiler.", list(BOILER_TYPES), "boiler_type", "type",
             keep=0.7, option_descriptions=("heats water on demand, no cylinder",
                                            "sealed system with a hot-water cylinder",
                                            "heat-only boiler with tanks in the loft")),
    F.choice("fuel", "Fuel", "Fuel the boiler burns.", list(BOILER_FUELS), "fuel_type", "gas_type", keep=0.8),
    F.integer("co_ppm", "CO (ppm)", ("Carbon monoxide in the flue gas at maximum rate in ppm (not the minimum "
                                     "rate, the ratio or the action level).", "Flue CO reading."), "co",
              "co_reading"),
    F.number("co2_percent", "CO2 (%)", "Carbon dioxide in the flue gas at maximum rate in % (not at minimum "
             "rate, not O2).", "co2", "co2_reading", keep=0.7),
    F.number("efficiency_percent", "Combustion efficiency (%)", "Combustion efficiency from the analyser in %, if "
             "recorded.", "efficiency", "combustion_efficiency", optional=True, keep=0.5),
    F.items("checks", "Checks", ("Each check on the record, in order, with its result.", "Safety checks."), [
        F.text("check", "Check", "What was checked, as written.", "item", "name"),
        F.choice("result", "Result", "Outcome of the check.", ["pass", "fail", "not_applicable"], "outcome",
                 "status"),
    ], "safety_checks", "inspection_items", keep=0.8),
    F.flag("safe_to_use", "Safe to use", "Whether the appliance was left safe to use (false when classified At "
           "Risk or Immediately Dangerous, or disconnected).", "safe", "appliance_safe"),
    F.score("condition", "Condition", "Engineer's overall rating of the appliance's condition.", CONDITION,
            "condition_rating", "overall_condition", keep=0.6),
    F.strings("defects", "Defects", "Defects or warnings recorded; empty when none.", "faults", "warnings",
              keep=0.7),
    F.strings("parts_replaced", "Parts replaced", "Parts fitted or replaced at the service; empty when none.",
              "parts", "parts_fitted", keep=0.5),
    F.number("amount_charged", "Amount charged", "Total charged for the visit with parts and tax, if shown (not "
             "one line of it).", "total", "invoice_total", optional=True, keep=0.5),
]


def boiler_service_certificate(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    fuel = rng.choice(FUEL_SHARES[loc])
    family = "oil" if fuel == "oil" else "gas"
    market = "us" if us else "eu"
    make, model, btype, _, _ = rng.choice([b for b in BOILERS if b[3] == family and b[4] in (market, "all")])
    day = kit.day()
    last = day - dt.timedelta(days=rng.randint(330, 430))
    due = day + dt.timedelta(days=rng.choice([365, 365, 366, 358]))
    handed = day + dt.timedelta(days=rng.randint(1, 14))
    installed = day.year - rng.randint(1, 22)
    pool = CHECKS[family]
    picked = sorted(rng.sample(range(len(pool)), rng.randint(4, min(9, len(pool)))))
    unsafe = kit.chance(0.12)
    if unsafe and not any(pool[i][2] for i in picked):
        picked = sorted(picked[1:] + [rng.choice([i for i, c in enumerate(pool) if c[2] and i not in picked])])
    fails: set[int] = set()
    if unsafe:
        fails.add(rng.choice([i for i in picked if pool[i][2]]))
    if kit.chance(0.25):
        mild = [i for i in picked if not pool[i][2]]
        if mild:
            fails.add(rng.choice(mild))
    results = ["fail" if i in fails else "not_applicable" if pool[i][0] == "Spillage test" and btype != "regular"
               else "pass" for i in picked]
    checks = [{"check": pool[i][0], "result": res} for i, res in zip(picked, results)]
    defects = [pool[i][1] for i in picked if i in fails]
    if kit.chance(0.2):
        advice = rng.choice(["No carbon monoxide alarm fitted", "Magnetic filter not fitted",
                             "Pressure relief pipe not terminated safely", "Inhibitor level low"])
        defects.append(advice)
    parts = rng.sample(PARTS[family], rng.choice([0, 0, 1, 1, 2, 3]))
    if family == "oil" and "Nozzle" not in parts and kit.chance(0.6):
        parts.insert(0, "Nozzle")
    score = max(1, min(5, rng.choice([3, 4, 4, 5, 5]) - len(fails) - unsafe - (day.year - installed > 15)))
    lo, hi = CO2_RANGES[fuel]
    co2 = round(rng.uniform(lo, hi), 1)
    co = rng.randint(4, 140 if not unsafe else 260)
    co_min, co2_min = rng.randint(2, max(3, co)), round(co2 - rng.uniform(0.2, 1.0), 1)
    ratio = co / (co2 * 10000)
    efficiency = round(rng.uniform(92.0, 98.6) if family == "gas" else rng.uniform(88.0, 95.5), 1)
    customer, engineer, landlord, office = plain_names(kit, 4, ENERGY_TITLES)
    company = firm_name(kit, HEATING_FIRMS)
    engineer_id = {"en_GB": f"{rng.randint(10**6, 10**7 - 1)}" if family == "gas"
                   else f"C{rng.randint(10**5, 10**6 - 1)}",
                   "en_US": f"MPL-{rng.randint(10000, 99999)}",
                   "de_DE": f"{rng.randint(10, 99)}/{rng.randint(1000, 9999)}",
                   "fr_FR": f"{rng.choice(['QB', 'PG', 'QE'])}-{rng.randint(10000, 99999)}"}[loc]
    id_label = {"en_GB": "Gas Safe ID" if family == "gas" else "OFTEC reg. no.", "en_US": "License #",
                "de_DE": "Installer register no.", "fr_FR": "Qualification no."}[loc]
    company_reg = {"en_GB": f"Gas Safe reg. {rng.randint(10**5, 10**6 - 1)}" if family == "gas"
                   else f"OFTEC company no. {rng.randint(1000, 9999)}",
                   "en_US": f"Contractor lic. {rng.randint(100000, 999999)}",
                   "de_DE": f"HRB {rng.randint(1000, 99999)}", "fr_FR": f"SIRET {rng.randint(10**13, 10**14 - 1)}"}[loc]
    cert_no = f"{rng.choice(['SR', 'BS', 'C'])}{rng.randint(10000, 999999)}"
    job_no = f"J-{rng.randint(10000, 99999)}"
    address = address_line(kit)
    priced = kit.chance(0.6)
    fee = round(rng.uniform(*{"en_GB": (75, 130), "en_US": (150, 300), "de_DE": (120, 220),
                              "fr_FR": (90, 180)}[loc]), 2)
    part_prices = [round(rng.uniform(6, 85), 2) for _ in parts]
    tax_rate = {"en_GB": 0.2, "en_US": 0.0, "de_DE": 0.19, "fr_FR": 0.1}[loc]
    tax = round((fee + sum(part_prices)) * tax_rate, 2)
    charged = round(fee + sum(part_prices) + tax, 2)
    layout = rng.choice(["record", "checklist", "attestation", "email"])
    priced = priced and layout in ("record", "email")
    facts = {"engineer": engineer, "engineer_id": kit.maybe(engineer_id, 0.8),
             "company": company if layout != "checklist" or kit.chance(0.5) else None, "customer": customer,
             "site_address": address, "certificate_number": cert_no if layout in ("record", "attestation")
             and kit.chance(0.8) else None, "service_date": day.isoformat(),
             "next_service_due": kit.maybe(due.isoformat(), 0.75), "appliance_make": make,
             "appliance_model": model, "appliance_type": btype, "fuel": fuel, "co_ppm": co, "co2_percent": co2,
             "efficiency_percent": kit.maybe(efficiency, 0.55), "checks": checks, "safe_to_use": not unsafe,
             "condition": score, "defects": defects, "parts_replaced": parts,
             "amount_charged": charged if priced else None}
    words = rng.choice(RESULT_WORDS)
    result_text = [dict(zip(("pass", "fail", "not_applicable"), words))[r] for r in results]
    evidence = {("checks", i, "result"): result_text[i] for i in range(len(checks))}
    type_text, fuel_text = rng.choice(BOILER_TYPES[btype]), rng.choice(BOILER_FUELS[fuel][loc])
    safe_text = says(rng, not unsafe, ("Appliance safe to use: YES", "Outcome: appliance left safe and working.",
                                       "The boiler is safe to use."),
                     ("Appliance safe to use: NO - classified At Risk and turned off with the customer's permission",
                      "Outcome: NOT SAFE - Immediately Dangerous, supply isolated and warning label attached",
                      "The boiler is not safe to use and has been disconnected."))
    _, score_text = rating(rng, score, 5, rng.choice(["slash", "out_of", "of", "rated", "decimal"]))
    condition_text = f"Overall condition: {score_text}" + (f" ({CONDITION[score]})" if kit.chance(0.5) else "")
    evidence.update({("appliance_type",): type_text, ("fuel",): fuel_text, ("safe_to_use",): safe_text,
                     ("condition",): condition_text})
    limit = {"en_GB": 350, "en_US": 400, "de_DE": 500, "fr_FR": 1000}[loc] if family == "gas" else 200
    ratio_text = kit.style.decimal(ratio, 4)
    eng_cell = L.cell(engineer, ("engineer",))
    id_cell = L.cell(engineer_id, ("engineer_id",)) if facts["engineer_id"] else L.cell("-")

    def readings_table() -> None:
        L.table(doc, rng, ["Reading", "Max rate", "Min rate"], [
            [L.cell("CO (ppm)"), kit.count_cell(("co_ppm",), co), kit.count_cell(None, co_min)],
            [L.cell("CO2 (%)"), kit.num_cell(("co2_percent",), co2, 1), kit.num_cell(None, co2_min, 1)],
            [L.cell("CO/CO2 ratio"), L.cell(ratio_text), L.cell(kit.style.decimal(co_min / (co2_min * 10000), 4))],
            [L.cell("O2 (%)"), kit.num_cell(None, round(rng.uniform(2.5, 5.5), 1), 1), L.cell("-")]])
        doc.line(f"Action level: CO above {limit} ppm or ratio above {kit.style.decimal(0.004, 3)}.")
        efficiency_line()

    def efficiency_line() -> None:
        temp = rng.randint(42, 78) if family == "gas" else rng.randint(60, 180)
        if facts["efficiency_percent"] is not None:
            kit.num(doc.add("Combustion efficiency: "), ("efficiency_percent",), efficiency, 1)
            doc.line(f" % (flue gas temperature {temp} °C)")
        else:
            doc.line(f"Flue gas temperature: {temp} °C")

    def readings_lines() -> None:
        kit.count(doc.add("Flue gas analysis at maximum rate: CO "), ("co_ppm",), co).add(" ppm, CO2 ")
        kit.num(doc, ("co2_percent",), co2, 1).line(f" %, ratio {ratio_text}")
        kit.count(doc.add("At minimum rate: CO "), None, co_min).add(" ppm, CO2 ")
        kit.num(doc, None, co2_min, 1).line(" %")
        efficiency_line()

    def check_table() -> None:
        L.table(doc, rng, [rng.choice(["Check", "Inspection item"]), "Result"], [
            [L.cell(c["check"], ("checks", i, "check")), L.cell(result_text[i])] for i, c in enumerate(checks)])

    def check_lines(style: str) -> None:
        width = max(len(c["check"]) for c in checks) + 4
        for i, c in enumerate(checks):
            if style == "dots":         # "[x] Flue flow test ........ PASS"
                doc.add("[x] ").put(("checks", i, "check"), c["check"])
                doc.line(f" {'.' * (width - len(c['check']))} {result_text[i]}")
            else:
                evidence[("checks", i, "result")] = L.fill(doc, "- {check}: " + result_text[i],
                                                           check=(("checks", i, "check"), c["check"]))
                doc.line()

    def check_sentence() -> None:
        doc.add("Checks carried out: ")
        for i, c in enumerate(checks):
            c["check"] = lower_first(c["check"])       # the gold is the text as this sentence writes it
            doc.add("" if i == 0 else " and " if i == len(checks) - 1 else ", ")
            evidence[("checks", i, "result")] = L.fill(doc, "{check} (" + result_text[i].lower() + ")",
                                                       check=(("checks", i, "check"), c["check"]))
        doc.line(".")

    def findings() -> None:
        strings(kit, doc, "defects", defects, rng.choice(["Defects", "Defects and warnings", "Faults found"]),
                 rng.choice(["Defects: none found", "No defects found.", "Warnings issued: none"]))
        strings(kit, doc, "parts_replaced", parts, rng.choice(["Parts replaced", "Parts fitted"]),
                 rng.choice(["Parts replaced: none", "No parts were needed."]))
        doc.line(condition_text).line(safe_text)

    def charges() -> None:
        if not priced:
            return
        rows = [(rng.choice(["Annual service", "Service charge"]), kit.money_cell(None, fee))]
        rows += [(f"Part: {p}", kit.money_cell(None, x)) for p, x in zip(parts, part_prices)]
        if tax_rate:
            rows.append((f"VAT ({round(tax_rate * 100)}%)", kit.money_cell(None, tax)))
        rows.append((rng.choice(["Total charged", "Total", "Amount paid"]), kit.money_cell(("amount_charged",),
                                                                                           charged)))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))

    def next_due(prefix: str) -> None:
        if facts["next_service_due"]:
            kit.date(doc.add(prefix), ("next_service_due",), due).line()
        else:
            doc.line("Next service: in 12 months (we will send a reminder).")

    others = {"en_GB": "Landlord", "en_US": "Property manager", "de_DE": "Property management (Hausverwaltung)",
              "fr_FR": "Owner (propriétaire)"}[loc]
    if layout == "record":      # the service record with a combustion table
        title = {"en_GB": "BOILER SERVICE RECORD" if family == "oil" else "GAS SAFETY AND SERVICE RECORD",
                 "en_US": "BOILER ANNUAL MAINTENANCE REPORT", "de_DE": "Maintenance record (Wartungsprotokoll)",
                 "fr_FR": "Service report (rapport d'entretien)"}[loc]
        doc.put(("company",), company).line(f"  {company_reg}").line(title).line()
        head = []
        if facts["certificate_number"]:
            head.append(("Certificate no.", L.cell(cert_no, ("certificate_number",))))
        head += [("Job no.", L.cell(job_no)), ("Service date", kit.date_cell(("service_date",), day)),
                 ("Engineer", eng_cell), (id_label, id_cell),
                 ("Customer", L.cell(customer, ("customer",))), ("Address", L.cell(address, ("site_address",)))]
        if kit.chance(0.35):
            head.append((others, L.cell(landlord)))
        L.kv(doc, rng, head)
        doc.line().line(rng.choice(["APPLIANCE", "Appliance details"]))
        L.kv(doc, rng, [("Make", L.cell(make, ("appliance_make",))), ("Model", L.cell(model, ("appliance_model",))),
                        ("Location", L.cell(rng.choice(["Kitchen", "Utility room", "Garage", "Loft", "Basement"]))),
                        ("Year installed", L.cell(str(installed)))])
        doc.line(type_text).line(fuel_text)
        kit.date(doc.add("Last service: "), None, last).line().line()
        kit.pad(doc)
        readings_table()
        doc.line()
        check_table()
        doc.line()
        findings()
        doc.line()
        charges()
        next_due(rng.choice(["Next service due: ", "Next service before: "]))
        doc.line(f"Signed: {engineer}")
    elif layout == "checklist":     # the technician's tick list
        doc.line(rng.choice(["Boiler service checklist", "ANNUAL SERVICE - CHECKLIST", "Service sheet"]))
        if facts["company"]:
            doc.put(("company",), company).line()
        kit.date(doc.add(f"Job {job_no}  Date: "), ("service_date",), day).line()
        L.write(doc.add("Technician: "), eng_cell)
        if facts["engineer_id"]:
            L.write(doc.add(f" ({id_label} "), id_cell).add(")")
        doc.line().add("Customer: ").put(("customer",), customer).add(", ").put(("site_address",), address).line()
        doc.add("Unit: ").put(("appliance_make",), make).add(" ").put(("appliance_model",), model)
        doc.line(f", installed {installed}").line(type_text).line(fuel_text).line()
        check_lines(rng.choice(["dots", "dash"]))
        doc.line()
        kit.pad(doc)
        readings_lines()
        doc.line()
        findings()
        next_due(rng.choice(["Next service: ", "Due again: "]))
    elif layout == "attestation":   # a certificate in prose, as French law asks for every year
        title = {"fr_FR": "ATTESTATION D'ENTRETIEN ANNUEL DE CHAUDIÈRE (annual boiler service certificate)",
                 "de_DE": "Certificate of boiler maintenance (Wartungsbescheinigung)"}.get(
            loc, "ANNUAL BOILER SERVICE CERTIFICATE")
        doc.line(title)
        if facts["certificate_number"]:
            doc.add("No. ").put(("certificate_number",), cert_no).line()
        doc.line()
        L.fill(doc, "I, the undersigned {eng}, engineer with {firm}, certify that I serviced the boiler of "
               "{cust} at {addr} on ", eng=(("engineer",), engineer), firm=(("company",), company),
               cust=(("customer",), customer), addr=(("site_address",), address))
        kit.date(doc, ("service_date",), day).line(".")
        if facts["engineer_id"]:
            doc.add(f"{id_label}: ").put(("engineer_id",), engineer_id).line(f" ({company_reg})")
        doc.line().add("Appliance: ").put(("appliance_make",), make).add(" ").put(("appliance_model",), model)
        doc.line(f" (installed {installed})").line(type_text).line(fuel_text).line()
        kit.pad(doc)
        readings_lines()
        doc.line(f"Limit value: {limit} ppm CO.").line()
        check_sentence()
        doc.line()
        findings()
        next_due("Next service due before ")
        kit.date(doc.line().add(f"Done at {fake.city()}, handed to the customer on "), None, handed).line(".")
    else:                           # the company's e-mail after the visit
        doc.add("From: ").put(("company",), company).line(f" <service@{slug(company, 'energy', 18)}.{TLD[loc]}>")
        doc.add("To: ").put(("customer",), customer).line()
        doc.line("Subject: Your boiler service").line().line(f"Dear {customer.split()[0]},").line()
        L.write(doc.add("Thank you for having your boiler serviced. Our engineer "), eng_cell)
        doc.add(" visited ").put(("site_address",), address)
        kit.date(doc.add(" on "), ("service_date",), day).line(".")
        if facts["engineer_id"]:
            doc.add(f"{id_label}: ").put(("engineer_id",), engineer_id).line()
        doc.add("Boiler: ").put(("appliance_make",), make).add(" ").put(("appliance_model",), model).line()
        doc.line(type_text).line(fuel_text)
        kit.date(doc.add("Previous service: "), None, last).line().line()
        readings_lines()
        doc.line().line(rng.choice(["What we checked:", "Checks:"]))
        check_lines("dash") if kit.chance(0.6) else check_table()
        doc.line()
        kit.pad(doc)
        findings()
        doc.line()
        charges()
        next_due("We will remind you before your next service, due ")
        doc.line().line(f"Kind regards,\n{office}\n{company}")
    kit.pad(doc)
    return Draft(("Boiler service certificate", "Boiler service record", "Annual boiler service report"),
                 BOILER_FIELDS, facts, doc, evidence)


# ---- heat pump commissioning record ----------------------------------------------------------

HEAT_PUMPS = [   # (make, model, type, rated outputs in kW, refrigerant, charge range in kg, market)
    ("Vaillant", "aroTHERM plus", "air_to_water", (5.0, 7.0, 10.0, 12.0), "R290", (0.6, 1.3), "eu"),
    ("Mitsubishi Electric", "Ecodan PUZ-WM85VAA", "air_to_water", (8.5,), "R32", (1.4, 1.6), "eu"),
    ("Daikin", "Altherma 3 H HT", "air_to_water", (14.0, 16.0), "R32", (3.4, 3.6), "all"),
    ("Samsung", "EHS Mono HT Quiet", "air_to_water", (8.0, 12.0, 16.0), "R32", (1.8, 2.9), "eu"),
    ("Viessmann", "Vitocal 250-A", "air_to_water", (8.0, 10.0, 13.0), "R290", (0.9, 1.4), "eu"),
    ("Nibe", "S2125-12", "air_to_water", (12.0,), "R290", (1.1, 1.2), "eu"),
    ("Bosch", "Compress 7400i AW", "air_to_water", (5.0, 7.0, 10.0), "R32", (1.1, 1.9), "eu"),
    ("Atlantic", "Alfea Excellia A.I.", "air_to_water", (11.0, 14.0), "R410A", (2.9, 3.7), "eu"),
    ("Arctic Heat Pumps", "Arctic 060ZA", "air_to_water", (17.5,), "R410A", (2.0, 2.6), "us"),
    ("Nibe", "F1255-12", "ground_to_water", (6.0, 12.0), "R407C", (1.2, 1.6), "eu"),
    ("Vaillant", "flexoTHERM exclusive", "ground_to_water", (8.0, 11.0), "R410A", (1.7, 2.3), "eu"),
    ("Viessmann", "Vitocal 300-G", "ground_to_water", (6.1, 10.4), "R410A", (1.6, 2.5), "eu"),
    ("Daikin", "Altherma 3 GEO", "ground_to_water", (6.0, 10.0), "R32", (1.3, 1.5), "eu"),
    ("WaterFurnace", "7 Series", "ground_to_water", (14.0, 21.0), "R454B", (2.5, 3.4), "us"),
    ("Daikin", "Perfera FTXM", "air_to_air", (2.5, 3.5, 5.0), "R32", (0.7, 1.1), "all"),
    ("Mitsubishi Electric", "Hyper-Heat MXZ", "air_to_air", (5.3, 7.0, 8.8), "R454B", (1.9, 3.1), "us"),
    ("Fujitsu", "ASYG-KMTB", "air_to_air", (3.4, 4.2), "R32", (0.7, 0.9), "all"),
    ("LG", "Artcool Mirror", "air_to_air", (2.5, 3.5, 5.0), "R32", (0.6, 1.0), "all"),
    ("Carrier", "Infinity 38MURA", "air_to_air", (7.0, 10.5), "R454B", (2.2, 3.6), "us"),
]
GWP = {"R32": 675, "R290": 3, "R410A": 2088, "R407C": 1774, "R454B": 466}
HP_TYPES = {"air_to_water": ("Type: air-to-water (monobloc)", "Air source heat pump (air/water)",
                             "System: air-to-water heat pump"),
            "ground_to_water": ("Type: ground source (brine/water)", "Ground source heat pump with borehole",
                                "System: ground-to-water heat pump, horizontal collector"),
            "air_to_air": ("Type: air-to-air (multi-split)", "Air-to-air heat pump (ductless mini-split)",
                           "System: air-to-air heat pump")}
WET_CIRCUITS = [("Ground floor UFH", "Underfloor heating"), ("First floor radiators", "Radiators"),
                ("Ground floor radiators", "Radiators"), ("Hot water cylinder", "Cylinder coil"),
                ("Extension UFH", "Underfloor heating"), ("Loft conversion", "Radiators"),
                ("Garage fan coil", "Fan coil"), ("Bathroom towel rails", "Towel rails")]
ROOMS = ["Living room", "Main bedroom", "Kitchen", "Office", "Bedroom 2", "Dining room", "Hallway"]
INDOOR = ["Wall-mounted unit", "Floor console", "Ceiling cassette", "Ducted unit"]
HANDOVER_DOCS = {"en_GB": ["User manual", "Commissioning checklist", "MCS certificate", "Heat loss report",
                           "Warranty registration", "Building regs notification", "Controls quick guide"],
                 "en_US": ["Owner's manual", "Commissioning checklist", "AHRI certificate", "Manual J report",
                           "Warranty registration", "Permit sign-off", "Thermostat quick guide"],
                 "de_DE": ["User manual", "Commissioning checklist", "Hydraulic balancing report",
                           "Warranty registration", "F-gas record", "Controls quick guide", "BAFA documents"],
                 "fr_FR": ["User manual", "Commissioning checklist", "F-gas record", "Warranty registration",
                           "Heat loss study", "Controls quick guide", "RGE certificate copy"]}
HP_FIRMS = {"en_GB": ("{last} Heat Pumps Ltd", "{city} Renewable Heat", "{last} Eco Heating"),
            "en_US": ("{last} Comfort Systems", "{city} Heat Pump Co.", "{last} Mechanical LLC"),
            "de_DE": ("{last} Wärmepumpen GmbH", "Haustechnik {last}", "Klima {city} GmbH"),
            "fr_FR": ("{last} Climatisation", "PAC {city} SARL", "{last} Énergies Renouvelables")}
HP_FIELDS = [
    F.text("installer", "Installer", "Company that installed and commissioned the heat pump.", "installer_company",
           "contractor", keep=0.7),
    F.text("engineer", "Commissioning engineer", ("Engineer who commissioned the system (not the designer or the "
                                                  "customer).", "Commissioned by."), "commissioned_by",
           "technician"),
    F.text("customer", "Customer", ("Customer or householder (not an engineer).", "Name of the customer."),
           "customer_name", "client"),
    F.date("commissioning_date", "Commissioning date", ("Date the heat pump was commissioned (not the installation, "
                                                        "handover or warranty date).", "Date of commissioning."),
           "commissioned_on", "date"),
    F.text("manufacturer", "Manufacturer", "Maker of the heat pump.", "make", "brand"),
    F.text("model", "Model", "Model of the outdoor unit or heat pump as written (not the cylinder or controller).",
           "model_name", "unit_model", keep=0.8),
    F.text("serial_number", "Serial number", "Serial number of the heat pump (outdoor unit), if shown (not an "
           "indoor unit's).", "serial", "serial_no", optional=True, keep=0.5),
    F.choice("heat_pump_type", "Heat pump type", "Kind of heat pump.", list(HP_TYPES), "type", "system_type",
             keep=0.8),
    F.number("rated_output_kw", "Rated output (kW)", ("Rated heat output of the heat pump in kW (not the heat loss "
                                                      "or the backup heater).", "Nominal capacity."),
             "capacity_kw", "output_kw"),
    F.number("design_heat_loss_kw", "Design heat loss (kW)", "Building heat loss at the design temperature, if "
             "stated.", "heat_loss", "heat_loss_kw", optional=True, keep=0.5),
    F.choice("refrigerant", "Refrigerant", "Refrigerant in the unit.", list(GWP), "refrigerant_type", "gas"),
    F.number("refrigerant_charge_kg", "Refrigerant charge (kg)", "Total refrigerant charge in kg (not the CO2 "
             "equivalent).", "charge_kg", "refrigerant_quantity", keep=0.7),
    F.integer("design_flow_temperature", "Design flow temperature", "Design flow temperature of the heating as "
              "written (°C or °F) (not the return, outdoor, hot-water or legionella temperature); null for an "
              "air-to-air system.", "flow_temp", "flow_temperature", optional=True, keep=0.8),
    F.number("scop", "SCOP", "Seasonal coefficient of performance, if stated (not a COP at one test point).",
             "seasonal_cop", "scop_value", optional=True, keep=0.6),
    F.number("system_pressure_bar", "System pressure (bar)", "Water pressure the heating system was filled to in "
             "bar; null for a system with no water circuit or when not given in bar.", "pressure_bar", "fill_pressure",
             optional=True, keep=0.5),
    F.items("circuits", "Circuits", ("Each heating circuit or zone, in order.", "Emitter circuits."), [
        F.text("name", "Circuit", "Name of the circuit, zone or room.", "zone", "circuit"),
        F.text("emitter", "Emitter", "Emitter or indoor unit type.", "emitter_type", "terminal", keep=0.8),
        F.number("flow_rate_lpm", "Flow rate (l/min)", "Flow rate set in l/min; null when none is recorded.",
                 "flow_rate", "lpm", optional=True, keep=0.7),
    ], "zones", "heating_circuits", keep=0.8),
    F.flag("antifreeze", "Antifreeze", "Whether the water or brine circuit contains glycol antifreeze; null for an "
           "air-to-air system.", "glycol", "glycol_added", nullable_decide=True, keep=0.6),
    F.flag("controls_demonstrated", "Controls demonstrated", "Whether the controls were demonstrated to the "
           "customer at handover.", "customer_briefed", "handover_demonstration", keep=0.6),
    F.strings("documents", "Documents handed over", "Documents given to the customer; empty when none.",
              "handover_documents", "paperwork", keep=0.6),
    F.text("monitoring_url", "Monitoring link", "Web address of the remote monitoring, if given.", "portal_url",
           "remote_access", format="uri", optional=True, keep=0.4),
]


def heat_pump_commissioning_record(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    us = loc == "en_US"
    market = "us" if us else "eu"
    kind = rng.choice(["air_to_water"] * 5 + ["ground_to_water"] * 2 + ["air_to_air"] * (3 if us else 1))
    choices = [h for h in HEAT_PUMPS if h[2] == kind and h[6] in (market, "all")] or \
        [h for h in HEAT_PUMPS if h[2] == kind]
    make, model, _, outputs, refrigerant, (c_lo, c_hi), _ = rng.choice(choices)
    output = rng.choice(outputs)
    wet = kind != "air_to_air"
    charge = round(rng.uniform(c_lo, c_hi), 2)
    co2e = charge * GWP[refrigerant] / 1000
    loss = round(output * rng.uniform(0.7, 0.95), 1)
    flow = rng.randint(35, 55) if not us else rng.randint(95, 130)
    unit = "°F" if us else "°C"
    outdoor = rng.randint(-10, -2) if not us else rng.randint(-5, 20)
    scop = round(rng.uniform(2.8, 4.8), 2 if kit.chance(0.5) else 1)
    pressure = round(rng.uniform(1.2, 2.0), 1)
    installed = kit.day()
    commissioned = installed + dt.timedelta(days=rng.randint(0, 6))
    handover = commissioned + dt.timedelta(days=rng.randint(0, 10))
    warranty_end = commissioned.replace(year=commissioned.year + rng.choice([5, 7, 10]), day=min(commissioned.day, 28))
    if wet:
        circuits = [{"name": name, "emitter": emitter,
                     "flow_rate_lpm": round(rng.uniform(8.0, 25.0), 1) if kit.chance(0.75) else None}
                    for name, emitter in rng.sample(WET_CIRCUITS, rng.randint(1, 4))]
    else:
        circuits = [{"name": room, "emitter": rng.choice(INDOOR), "flow_rate_lpm": None}
                    for room in rng.sample(ROOMS, rng.randint(1, 4))]
    glycol = None if not wet else True if kind == "ground_to_water" else kit.chance(0.4)
    demonstrated = kit.chance(0.75)
    customer, engineer, designer = plain_names(kit, 3, ENERGY_TITLES)
    installer = firm_name(kit, HP_FIRMS)
    serial = f"{rng.choice(['SN', 'HP', ''])}{rng.randint(10**8, 10**9 - 1)}"
    indoor_serial = f"{rng.randint(10**8, 10**9 - 1)}"
    url = f"https://{slug(make, 'energy', 18)}-connect.example.com/site/{rng.randint(10000, 999999)}"
    docs = rng.sample(HANDOVER_DOCS[loc], rng.choice([0, 1, 2, 3, 3, 4, 5]))
    facts = {"installer": installer, "engineer": engineer, "customer": customer,
             "commissioning_date": commissioned.isoformat(), "manufacturer": make, "model": model,
             "serial_number": kit.maybe(serial, 0.6), "heat_pump_type": kind, "rated_output_kw": output,
             "design_heat_loss_kw": kit.maybe(loss, 0.6), "refrigerant": refrigerant,
             "refrigerant_charge_kg": charge, "design_flow_temperature": flow if wet else None,
             "scop": None if us else kit.maybe(scop, 0.75), "system_pressure_bar": pressure if wet and not us else None,
             "circuits": circuits, "antifreeze": glycol, "controls_demonstrated": demonstrated, "documents": docs,
             "monitoring_url": kit.maybe(url, 0.45)}
    type_text = rng.choice(HP_TYPES[kind])
    refrigerant_text = f"Refrigerant: {refrigerant} (GWP {GWP[refrigerant]})"
    glycol_text = ("Antifreeze: not applicable (air-to-air, no water circuit)" if glycol is None else
                   says(rng, glycol, (f"System fluid: water/glycol mix, {rng.choice([20, 25, 30, 35])}%",
                                      f"Collector filled with {rng.choice([25, 30])}% glycol (brine)."
                                      if kind == "ground_to_water" else "Glycol added for frost protection."),
                        ("System fluid: water only, frost protection by anti-freeze valves", "No glycol added.")))
    demo_text = says(rng, demonstrated, ("Controls and app demonstrated to the customer.",
                                         "Handover: customer shown how to use the controls."),
                     ("Customer not present at handover; demonstration to be arranged.",
                      "Controls not yet demonstrated (customer away)."))
    evidence = {("heat_pump_type",): type_text, ("refrigerant",): refrigerant_text, ("antifreeze",): glycol_text,
                ("controls_demonstrated",): demo_text}
    mcs = f"MCS-{rng.randint(10**6, 10**7 - 1)}" if loc == "en_GB" else None
    backup = rng.choice([3.0, 6.0, 9.0])
    dhw, legionella = rng.choice([48, 50, 52, 55]), rng.choice([60, 65])
    if us:
        dhw, legionella = rng.choice([120, 125, 130]), 140
    cop = round(scop + rng.uniform(0.4, 1.2), 1) if scop else 4.2

    def unit_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Manufacturer", L.cell(make, ("manufacturer",))), ("Model", L.cell(model, ("model",)))]
        rows.append(("Serial no.", L.cell(serial, ("serial_number",)) if facts["serial_number"] else L.cell("-")))
        if wet:
            rows.append(("Indoor unit / cylinder serial", L.cell(indoor_serial)))
        rows += [("Rated output", L.join(kit.num_cell(("rated_output_kw",), output, 1), L.cell(" kW"))),
                 ("Backup heater", L.cell(f"{kit.style.decimal(backup, 1)} kW") if wet else L.cell("none"))]
        if facts["design_heat_loss_kw"] is not None:
            rows.append(("Design heat loss", L.join(kit.num_cell(("design_heat_loss_kw",), loss, 1), L.cell(" kW"))))
        return rows

    def refrigerant_rows() -> list[tuple[str, L.Cell]]:
        return [("Charge", L.join(kit.num_cell(("refrigerant_charge_kg",), charge, 2), L.cell(" kg"))),
                ("Additional charge", L.cell(f"{kit.style.decimal(0, 2)} kg")),
                ("CO2 equivalent", L.cell(f"{kit.style.decimal(co2e, 2)} t"))]

    def settings_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Design outdoor temperature", L.cell(f"{outdoor} {unit}"))]
        if wet:
            rows += [("Design flow temperature", L.join(kit.count_cell(("design_flow_temperature",), flow),
                                                        L.cell(f" {unit}"))),
                     ("Return temperature", L.cell(f"{flow - (9 if us else 5)} {unit}")),
                     ("Hot water setpoint", L.cell(f"{dhw} {unit}")),
                     ("Legionella cycle", L.cell(f"{legionella} {unit}, weekly"))]
        else:
            rows.append(("Room setpoint", L.cell(f"{rng.randint(68, 72) if us else rng.randint(19, 22)} {unit}")))
        if us:
            rows.append(("HSPF2", L.cell(kit.style.decimal(rng.uniform(7.5, 10.0), 1))))
        else:
            rows.append(("COP (A7/W35)" if wet else "SEER", L.cell(kit.style.decimal(cop if wet else cop + 2, 1))))
            if facts["scop"] is not None:
                rows.append(("SCOP", kit.num_cell(("scop",), scop, 2 if round(scop, 1) != scop else 1)))
        if wet:
            if us:
                rows.append(("System pressure", L.cell(f"{rng.randint(12, 20)} psi")))
            else:
                rows += [("System pressure", L.join(kit.num_cell(("system_pressure_bar",), pressure, 1),
                                                    L.cell(" bar"))),
                         ("Expansion vessel pre-charge", L.cell(f"{kit.style.decimal(rng.choice([0.7, 1.0]), 1)} bar")),
                         ("Relief valve", L.cell("3 bar"))]
        return rows

    def circuit_table() -> None:
        head = ["Circuit" if wet else "Room", "Emitter" if wet else "Indoor unit"] + ["Flow (l/min)"] * wet
        L.table(doc, rng, head, [
            [L.cell(c["name"], ("circuits", i, "name")), L.cell(c["emitter"], ("circuits", i, "emitter"))]
            + ([kit.num_cell(("circuits", i, "flow_rate_lpm"), c["flow_rate_lpm"], 1) if c["flow_rate_lpm"]
                else L.cell("not measured")] if wet else [])
            for i, c in enumerate(circuits)])

    def circuit_lines(style: str) -> None:
        for i, c in enumerate(circuits):
            at = ("circuits", i)
            if style == "sentences":    # "The Ground floor UFH circuit (underfloor heating) is set to 14.5 l/min."
                doc.add("Circuit " if wet else "Zone ").put(at + ("name",), c["name"]).add(": ")
                doc.put(at + ("emitter",), c["emitter"])
                if c["flow_rate_lpm"]:
                    kit.num(doc.add(", balanced to "), at + ("flow_rate_lpm",), c["flow_rate_lpm"], 1).add(" l/min")
                doc.line(".")
            else:
                doc.add(f"{i + 1}. " if style == "numbered" else "- ").put(at + ("name",), c["name"]).add(" - ")
                doc.put(at + ("emitter",), c["emitter"])
                if c["flow_rate_lpm"]:
                    kit.num(doc.add(" - "), at + ("flow_rate_lpm",), c["flow_rate_lpm"], 1).add(" l/min")
                doc.line()

    def tests() -> None:
        doc.line(rng.choice(["Leak test: passed (electronic detector)", "Tightness test: no leaks found"]))
        if wet:
            doc.line(rng.choice(["System flushed and filled with inhibitor.", "Hydraulic balancing: done"]))
        doc.line(f"Electrical: RCD tested, {rng.choice(['30', '100'])} mA; isolator fitted.")

    def handover_block() -> None:
        doc.line(glycol_text).line(demo_text)
        strings(kit, doc, "documents", docs, rng.choice(["Documents handed over", "Handover pack"]),
                 rng.choice(["Documents: to follow by e-mail", "No documents handed over yet."]))
        if facts["monitoring_url"]:
            doc.add("Remote monitoring: ").put(("monitoring_url",), url).line()

    layout = rng.choice(["form", "export", "letter", "sheet"])
    if layout == "form":        # the commissioning checklist in numbered sections
        doc.line(rng.choice(["HEAT PUMP COMMISSIONING RECORD", "Commissioning checklist - heat pump"])).line()
        doc.line("1. Installation")
        rows = [("Installer", L.cell(installer, ("installer",))), ("Commissioned by", L.cell(engineer, ("engineer",))),
                ("System designer", L.cell(designer)), ("Customer", L.cell(customer, ("customer",))),
                ("Installation completed", kit.date_cell(None, installed)),
                ("Commissioning date", kit.date_cell(("commissioning_date",), commissioned))]
        if mcs:
            rows.append(("MCS installation no.", L.cell(mcs)))
        L.kv(doc, rng, rows)
        doc.line().line("2. Heat pump").line(type_text)
        L.kv(doc, rng, unit_rows())
        doc.line().line("3. Refrigerant circuit").line(refrigerant_text)
        L.kv(doc, rng, refrigerant_rows())
        doc.line()
        kit.pad(doc)
        doc.line("4. Settings")
        L.kv(doc, rng, settings_rows())
        doc.line().line("5. Circuits" if wet else "5. Indoor units")
        circuit_table()
        doc.line().line("6. Tests")
        tests()
        doc.line().line("7. Handover")
        handover_block()
        kit.date(doc.add("Handover date: "), None, handover).line()
    elif layout == "export":    # an export from the commissioning software
        doc.line(f"# {make} commissioning export").line("parameter;value")
        pairs = [("installer", L.cell(installer, ("installer",))), ("engineer", L.cell(engineer, ("engineer",))),
                 ("customer", L.cell(customer, ("customer",))),
                 ("commissioning_date", kit.date_cell(("commissioning_date",), commissioned)),
                 ("install_date", kit.date_cell(None, installed))]
        pairs += [(re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_"), c)
                  for label, c in unit_rows() + refrigerant_rows() + settings_rows()]
        for key, c in pairs:
            L.write(doc.add(f"{key};"), c).line()
        doc.line(type_text).line(refrigerant_text).line()
        kit.pad(doc)
        doc.line("circuits:")
        L.table(doc, rng, ["name", "emitter"] + ["flow_lpm"] * wet, [
            [L.cell(c["name"], ("circuits", i, "name")), L.cell(c["emitter"], ("circuits", i, "emitter"))]
            + ([kit.num_cell(("circuits", i, "flow_rate_lpm"), c["flow_rate_lpm"], 1) if c["flow_rate_lpm"]
                else L.cell("")] if wet else [])
            for i, c in enumerate(circuits)], "semicolon")
        doc.line()
        tests()
        handover_block()
    elif layout == "letter":    # the installer's handover letter
        doc.put(("installer",), installer).line()
        kit.date(doc.line(address_line(kit)).line(), None, handover).line().line()
        doc.add("Dear ").put(("customer",), customer).line(",").line()
        kit.date(doc.add("Your new heat pump was installed on "), None, installed)
        L.fill(doc, " and commissioned by our engineer {eng} on ", eng=(("engineer",), engineer))
        kit.date(doc, ("commissioning_date",), commissioned).line(".")
        L.fill(doc, "It is a {make} {model}", make=(("manufacturer",), make), model=(("model",), model))
        if facts["serial_number"]:
            doc.add(" (serial ").put(("serial_number",), serial).add(")")
        kit.num(doc.add(" rated at "), ("rated_output_kw",), output, 1).add(" kW")
        if facts["design_heat_loss_kw"] is not None:
            kit.num(doc.add(" against a design heat loss of "), ("design_heat_loss_kw",), loss, 1).add(" kW")
        doc.line(f", with a {kit.style.decimal(backup, 1)} kW backup heater." if wet else ".")
        doc.line(type_text).line(refrigerant_text)
        kit.num(doc.add("The unit holds "), ("refrigerant_charge_kg",), charge, 2)
        doc.line(f" kg of refrigerant ({kit.style.decimal(co2e, 2)} t CO2e).")
        if wet:
            kit.count(doc.add("We set the flow temperature to "), ("design_flow_temperature",), flow)
            doc.line(f" {unit} for an outdoor design temperature of {outdoor} {unit}; hot water is heated to "
                     f"{dhw} {unit}.")
        else:
            doc.line(f"The system is sized for an outdoor design temperature of {outdoor} {unit}.")
        if facts["scop"] is not None:
            kit.num(doc.add("Expected SCOP: "), ("scop",), scop, 2 if round(scop, 1) != scop else 1)
            doc.line(f" (COP {kit.style.decimal(cop, 1)} at A7/W35)." if wet else ".")
        if facts["system_pressure_bar"] is not None:
            kit.num(doc.add("The system is filled to "), ("system_pressure_bar",), pressure, 1).line(" bar.")
        doc.line()
        kit.pad(doc)
        circuit_lines(rng.choice(["sentences", "bullets"]))
        doc.line()
        tests()
        handover_block()
        kit.date(doc.add("Your warranty runs until "), None, warranty_end).line(".")
        doc.line().line(f"Yours sincerely,\n{designer}, design manager")
    else:                       # a one-page handover sheet
        doc.put(("installer",), installer).line(" - handover sheet").line()
        rows = [("Customer", L.cell(customer, ("customer",))), ("Address", L.cell(address_line(kit))),
                ("Engineer", L.cell(engineer, ("engineer",))),
                ("Commissioned", kit.date_cell(("commissioning_date",), commissioned)),
                ("Warranty until", kit.date_cell(None, warranty_end))]
        L.kv(doc, rng, rows + unit_rows(), rng.choice(["pipe", "grid", "aligned"]))
        doc.line(type_text).line(refrigerant_text)
        L.kv(doc, rng, refrigerant_rows() + settings_rows(), rng.choice(["colon", "dots", "stacked"]))
        doc.line()
        kit.pad(doc)
        doc.line("Circuits:" if wet else "Indoor units:")
        circuit_lines(rng.choice(["numbered", "bullets"]))
        doc.line()
        tests()
        handover_block()
    kit.pad(doc)
    return Draft(("Heat pump commissioning record", "Commissioning record", "Heat pump handover record"), HP_FIELDS,
                 facts, doc, evidence)


# ---- energy audit report ---------------------------------------------------------------------

BANDS = "ABCDEFG"
EPC_SCORES = {"A": (92, 100), "B": (81, 91), "C": (69, 80), "D": (55, 68), "E": (39, 54), "F": (21, 38), "G": (1, 20)}
DE_BANDS = [("A", 30, 50), ("B", 50, 75), ("C", 75, 100), ("D", 100, 130), ("E", 130, 160), ("F", 160, 200),
            ("G", 200, 250)]     # kWh/m² a year (final energy)
FR_BANDS = [("A", 40, 70), ("B", 70, 110), ("C", 110, 180), ("D", 180, 250), ("E", 250, 330), ("F", 330, 420),
            ("G", 420, 520)]     # kWh/m² a year (primary energy)
BUILDINGS = {"house": ("Detached house", "Semi-detached house", "Mid-terrace house"),
             "apartment": ("Flat, second floor", "Apartment in a block of 12", "Top-floor flat"),
             "office": ("Office building", "Offices on three floors"),
             "retail": ("Retail unit", "Shop with storage"),
             "warehouse": ("Warehouse with offices", "Light industrial unit")}
US_BUILDINGS = {"house": ("Single-family home", "Two-story house", "Ranch-style house"),
                "apartment": ("Condo, second floor", "Apartment in a 12-unit building")}
ELEMENTS = {   # residential or commercial: (element, descriptions and the ratings they get)
    "home": [("Walls", (("Cavity wall, as built, no insulation", 2), ("Solid brick, uninsulated", 1),
                        ("Cavity wall, filled cavity", 4), ("Timber frame, insulated", 4))),
             ("Roof", (("Pitched, 100 mm loft insulation", 3), ("Pitched, 270 mm loft insulation", 4),
                       ("Flat, limited insulation", 2), ("Pitched, no insulation", 1))),
             ("Floor", (("Suspended, no insulation", 2), ("Solid, insulated", 4), ("Solid, no insulation", 2))),
             ("Windows", (("Fully double glazed", 3), ("Single glazed", 1), ("High performance glazing", 5),
                          ("Partial double glazing", 2))),
             ("Main heating", (("Boiler and radiators, mains gas", 4), ("Electric storage heaters", 2),
                               ("Air source heat pump, radiators", 5), ("Oil boiler, radiators", 3))),
             ("Heating controls", (("Programmer, room thermostat and TRVs", 4), ("No time or thermostatic control", 1),
                                   ("Time and temperature zone control", 5), ("Programmer and room thermostat", 3))),
             ("Hot water", (("From main system", 4), ("Electric immersion, off-peak", 2),
                            ("From main system, no cylinder thermostat", 3))),
             ("Lighting", (("Low energy lighting in all fixed outlets", 5), ("Low energy lighting in half of "
                                                                           "fixed outlets", 3),
                           ("No low energy lighting", 1)))],
    "commercial": [("Walls", (("Cavity wall, partial fill", 3), ("Curtain walling", 2), ("Insulated cladding", 4))),
                   ("Roof", (("Flat roof, 80 mm insulation", 3), ("Profiled metal, uninsulated", 1),
                             ("Insulated sandwich panels", 4))),
                   ("Glazing", (("Double glazed, aluminium frames", 3), ("Single glazed", 1),
                                ("Low-e double glazing", 4))),
                   ("Heating system", (("Gas boilers, 1998", 2), ("VRF heat pumps", 4), ("Warm air heaters", 2))),
                   ("Cooling", (("Split units, R410A", 3), ("Chiller, 2004", 2), ("VRF heat recovery", 4))),
                   ("Lighting", (("T8 fluorescent", 2), ("LED with PIR controls", 5), ("Mixed LED and T5", 3))),
                   ("Ventilation", (("Natural ventilation", 3), ("Mechanical, no heat recovery", 2),
                                    ("MVHR", 5))),
                   ("Controls (BMS)", (("No BMS, local time switches", 1), ("BMS, poorly set up", 2),
                                       ("BMS with optimum start", 4)))]}
MEASURES = {"home": [("Loft insulation", 300, 900, 60, 250), ("Cavity wall insulation", 900, 2500, 120, 420),
                     ("Internal wall insulation", 7000, 14000, 250, 700), ("Floor insulation", 1500, 4500, 60, 180),
                     ("Draught-proofing", 100, 350, 30, 90), ("LED lighting", 50, 200, 25, 90),
                     ("Heating controls upgrade", 350, 800, 50, 150), ("Air source heat pump", 7000, 14000, 200, 900),
                     ("Solar PV", 4500, 9000, 300, 750), ("Double glazing", 4000, 9000, 80, 240),
                     ("Hot water cylinder jacket", 15, 40, 20, 60), ("Solar water heating", 4000, 6000, 60, 150)],
            "commercial": [("LED lighting with controls", 8000, 40000, 2500, 12000),
                           ("BMS re-commissioning", 3000, 12000, 2000, 9000),
                           ("Roof insulation", 15000, 60000, 1500, 6000),
                           ("Variable speed drives on pumps", 2500, 9000, 800, 3500),
                           ("Heat recovery ventilation", 20000, 70000, 2500, 9000),
                           ("Solar PV array", 25000, 90000, 4000, 16000),
                           ("Pipework insulation", 1500, 6000, 600, 2500),
                           ("Air source heat pumps", 40000, 150000, 3000, 14000)]}
LOW_CARBON = ["Solar photovoltaics", "Solar water heating", "Heat pump", "Biomass stove", "Wind turbine",
              "Battery storage"]
STARS_WORDS = {1: "Very poor", 2: "Poor", 3: "Average", 4: "Good", 5: "Very good"}
AUDIT_TITLES = {"en_GB": ("ENERGY PERFORMANCE CERTIFICATE", "Energy performance certificate (EPC)"),
                "en_US": ("HOME ENERGY AUDIT REPORT", "Energy audit report"),
                "de_DE": ("ENERGY PERFORMANCE CERTIFICATE (Energieausweis)", "Energieausweis (demand certificate)"),
                "fr_FR": ("ENERGY PERFORMANCE DIAGNOSIS (DPE)", "Diagnostic de performance énergétique (DPE)")}
AUDITORS = {"en_GB": ("{last} Energy Assessors", "{city} EPC Services"),
            "en_US": ("{last} Building Performance", "{city} Home Energy Audits"),
            "de_DE": ("Energieberatung {last}", "Ingenieurbüro {last}"),
            "fr_FR": ("Diagnostics {last}", "{city} Diagnostic Immobilier")}
AUDIT_FIELDS = [
    F.text("auditor", "Auditor", ("Assessor or auditor who surveyed the building (not the reviewer or the "
                                  "client).", "Energy assessor."), "assessor", "energy_auditor"),
    F.text("accreditation_number", "Accreditation number", "The auditor's accreditation or certification number, "
           "if shown (not the certificate or report number).", "assessor_id", "certification_number",
           optional=True, keep=0.5),
    F.text("client", "Client", "Owner or client the audit was done for, if named.", "owner", "client_name",
           optional=True, keep=0.6),
    F.text("property_address", "Address", "Address of the building audited.", "address", "site", keep=0.5),
    F.date("survey_date", "Survey date", ("Date of the site visit (not the report date, the expiry or an earlier "
                                          "audit).", "Date of assessment."), "assessment_date", "inspection_date"),
    F.date("report_date", "Report date", "Date the report or certificate was issued, if shown.", "issue_date",
           "date_of_certificate", optional=True, keep=0.5),
    F.choice("building_type", "Building type", "Kind of building.", list(BUILDINGS), "property_type", "use",
             keep=0.7),
    F.integer("year_built", "Year built", "Year of construction; null when only a period is given.",
              "construction_year", "built", optional=True, keep=0.6),
    F.integer("floor_area", "Floor area", ("Total (useful) floor area as written, in m² or sq ft (not the heated "
                                           "volume or window area).", "Floor area of the building."),
              "total_floor_area", "floor_area_m2"),
    F.choice("current_rating", "Current rating", "Current energy efficiency band A-G; null when the report gives "
             "no letter band.", list(BANDS), "energy_rating", "epc_band", nullable_decide=True),
    F.choice("potential_rating", "Potential rating", "Band the building could reach with the measures; null when "
             "the report gives no letter band.", list(BANDS), "potential_band", "rating_after_measures",
             nullable_decide=True, keep=0.5),
    F.integer("annual_energy_kwh", "Annual energy use (kWh)", ("Estimated total energy use a year in kWh (not per "
                                                               "square metre, not one fuel).",
                                                               "Yearly energy consumption."),
              "energy_use_kwh", "annual_consumption"),
    F.number("annual_energy_cost", "Annual energy cost", "Estimated energy cost a year, if stated (not the "
             "potential cost or the savings).", "energy_cost", "yearly_cost", optional=True, keep=0.6),
    F.items("elements", "Building elements", ("Each building element assessed, in order.", "Element ratings."), [
        F.text("element", "Element", "Name of the element.", "feature", "component"),
        F.text("description", "Description", "Description of the element as written.", "details", keep=0.7),
        F.score("rating", "Rating", "Efficiency rating of the element.", {k: v.lower() for k, v in STARS_WORDS.items()},
                "efficiency", "score"),
    ], "features", "fabric_and_services", keep=0.7),
    F.items("recommendations", "Recommendations", ("Each recommended measure, in order.", "Improvement measures."), [
        F.text("measure", "Measure", "The improvement recommended.", "improvement", "name"),
        F.number("cost", "Cost", "Estimated cost of the measure; null when no cost is given.", "estimated_cost",
                 "typical_cost", optional=True),
        F.number("annual_saving", "Annual saving", "Estimated saving a year (not the payback).", "saving",
                 "yearly_saving", keep=0.8),
    ], "measures", "improvements"),
    F.strings("low_carbon_sources", "Low-carbon sources", "Renewable or low-carbon systems already present; empty "
              "when none.", "renewables", "lzc_sources", keep=0.6),
    F.flag("airtightness_tested", "Air-tightness tested", "Whether an air-tightness (blower-door) test was carried "
           "out.", "blower_door_test", "air_test", keep=0.6),
    F.generate("summary", "Summary", "One sentence on the building's rating and the main recommendation.", 48,
               "overview", keep=0.3),
]


def energy_audit_report(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    home_currency(kit)
    us, gb = loc == "en_US", loc == "en_GB"
    weights = ["house"] * 6 + ["apartment"] * (1 if us else 4) + ["office"] * 2 + ["retail", "warehouse"]
    btype = rng.choice(weights)
    home = btype in ("house", "apartment")
    area = rng.randint(45, 240) if home else rng.randint(300, 5000)
    sq_ft = us and kit.chance(0.8)
    area_written = int(round(area * 10.764)) if sq_ft else area
    area_unit = "sq ft" if sq_ft else "m²"
    year = rng.randint(1890, 2015)
    period = kit.chance(0.25)
    period_text = "pre-1900" if year < 1900 else f"{year // 10 * 10}s"
    if loc == "de_DE":
        band, lo, hi = rng.choice(DE_BANDS)
        intensity = rng.randint(lo, hi - 1)
    elif loc == "fr_FR":
        band, lo, hi = rng.choice(FR_BANDS)
        intensity = rng.randint(lo, hi - 1)
    else:
        band = rng.choice("BCDDDEEFG")
        intensity = {"A": 60, "B": 90, "C": 130, "D": 190, "E": 250, "F": 320, "G": 420}[band] + rng.randint(-20, 20)
    score = rng.randint(*EPC_SCORES[band])
    potential = BANDS[max(0, BANDS.index(band) - rng.randint(1, 3))]
    lettered = not us
    kwh = int(round(area * intensity * (0.8 if loc == "fr_FR" else 1.0) / 10) * 10)
    elec_share = rng.uniform(0.2, 0.5)
    price = {"en_GB": 0.11, "en_US": 0.13, "de_DE": 0.14, "fr_FR": 0.15}[loc] * rng.uniform(0.85, 1.25)
    cost = round(kwh * price, 2)
    picked = rng.sample(MEASURES["home" if home else "commercial"], rng.randint(1, 5))
    recommendations = [{"measure": name, "cost": None if kit.chance(0.15) else float(round(rng.uniform(c_lo, c_hi) / 10)
                                                                                        * 10),
                        "annual_saving": float(round(rng.uniform(s_lo, s_hi)))}
                       for name, c_lo, c_hi, s_lo, s_hi in picked]
    pool = ELEMENTS["home" if home else "commercial"]
    chosen = sorted(rng.sample(range(len(pool)), rng.randint(3, min(7, len(pool)))))
    elements = []
    for i in chosen:
        name, options = pool[i]
        target = 5 - BANDS.index(band) * 4 / 6      # a poorer band, poorer elements (mostly)
        text, base = rng.choices(options, weights=[1 / (1 + abs(r - target)) for _, r in options])[0]
        elements.append({"element": name, "description": text, "rating": base})
    low_carbon = rng.sample(LOW_CARBON, rng.choice([0, 0, 0, 1, 1, 2]))
    tested = kit.chance(0.8 if us else 0.3)
    survey = kit.day()
    issued = survey + dt.timedelta(days=rng.randint(1, 21))
    expiry = issued.replace(year=issued.year + 10, day=min(issued.day, 28))
    previous = survey - dt.timedelta(days=rng.randint(900, 3600))
    auditor, reviewer, client = plain_names(kit, 3, ENERGY_TITLES)
    firm = firm_name(kit, AUDITORS)
    accreditation = {"en_GB": f"{rng.choice(['EES', 'STRO', 'QUID'])}{rng.randint(100000, 999999)}",
                     "en_US": f"BPI-{rng.randint(1000000, 9999999)}",
                     "de_DE": f"EEE-{rng.randint(10000, 99999)}",
                     "fr_FR": f"CPDI{rng.randint(1000, 9999)}"}[loc]
    report_no = {"en_GB": "-".join(f"{rng.randint(0, 9999):04d}" for _ in range(5)),
                 "en_US": f"HEA-{survey.year}-{rng.randint(100, 9999)}",
                 "de_DE": f"BW-{survey.year}-{rng.randint(10**8, 10**9 - 1)}",
                 "fr_FR": f"{survey.year % 100}{rng.randint(10, 99)}E{rng.randint(10**6, 10**7 - 1)}X"}[loc]
    address = address_line(kit)
    building_text = rng.choice((US_BUILDINGS if us else {}).get(btype, BUILDINGS[btype]))
    top = max(recommendations, key=lambda r: r["annual_saving"])["measure"]
    noun = {"apartment": "flat" if gb else "apartment", "retail": "shop"}.get(btype, btype)
    facts = {"auditor": auditor, "accreditation_number": kit.maybe(accreditation, 0.75),
             "client": kit.maybe(client, 0.6), "property_address": address, "survey_date": survey.isoformat(),
             "report_date": kit.maybe(issued.isoformat(), 0.7), "building_type": btype,
             "year_built": None if period else year, "floor_area": area_written,
             "current_rating": band if lettered else None, "potential_rating": potential if lettered else None,
             "annual_energy_kwh": kwh, "annual_energy_cost": kit.maybe(cost, 0.7), "elements": elements,
             "recommendations": recommendations, "low_carbon_sources": low_carbon, "airtightness_tested": tested,
             "summary": (f"The {noun} is rated {band} and the main recommendation is {lower_first(top)}."
                         if lettered else f"The {noun} has no letter rating and the main recommendation is "
                         f"{lower_first(top)}.")}
    if lettered:
        rating_text = {"en_GB": f"Current energy rating: {band} ({score})",
                       "de_DE": f"Energy efficiency class (Energieeffizienzklasse): {band}",
                       "fr_FR": f"Energy label (étiquette énergie): {band}"}[loc]
        potential_text = {"en_GB": f"Potential energy rating: {potential} ({rng.randint(*EPC_SCORES[potential])})",
                          "de_DE": f"Class after modernisation: {potential}",
                          "fr_FR": f"Label after the recommended works: {potential}"}[loc]
    elif home:
        rating_text = "This audit gives no A-G rating; the Home Energy Score is shown instead."
        potential_text = (f"Home Energy Score: {rng.randint(2, 7)} of 10 today, {rng.randint(7, 10)} of 10 with all "
                          "measures.")
    else:
        rating_text = "This audit gives no A-G rating; the ENERGY STAR score is shown instead."
        potential_text = f"ENERGY STAR score: {rng.randint(20, 60)} today, {rng.randint(61, 90)} with all measures."
    tested_text = says(rng, tested, (f"Blower-door test: {kit.style.decimal(rng.uniform(3.0, 12.0), 1)} ACH50",
                                     "Air-tightness test carried out (blower door)."),
                       ("No air-tightness test was carried out.", "Blower-door test: not done",
                        "Air permeability: assumed, not tested"))
    type_text = f"Building type: {building_text}"
    evidence = {("building_type",): type_text, ("current_rating",): rating_text, ("potential_rating",): potential_text,
                ("airtightness_tested",): tested_text}
    rate_form = rng.choice(["words", "words", "stars", "slash", "out_of"])
    rate_texts = [STARS_WORDS[e["rating"]] if rate_form == "words" else rating(rng, e["rating"], 5, rate_form)[1]
                  for e in elements]

    def intensity_line() -> None:
        label = {"de_DE": "Final energy demand", "fr_FR": "Primary energy use"}.get(loc, "Energy intensity")
        doc.line(f"{label}: {intensity} kWh/m² a year")
        if loc == "fr_FR":
            doc.line(f"Climate label (étiquette GES): {rng.choice(BANDS)} ({rng.randint(5, 90)} kg CO2/m² a year)")

    def energy_rows() -> list[tuple[str, L.Cell]]:
        elec = int(round(kwh * elec_share / 10) * 10)
        rows = [(rng.choice(["Estimated energy use", "Annual energy use"]),
                 L.join(kit.count_cell(("annual_energy_kwh",), kwh), L.cell(" kWh a year"))),
                ("of which electricity", L.join(kit.count_cell(None, elec), L.cell(" kWh"))),
                ("of which heating fuel", L.join(kit.count_cell(None, kwh - elec), L.cell(" kWh")))]
        if facts["annual_energy_cost"] is not None:
            rows.append(("Estimated energy cost", L.join(kit.money_cell(("annual_energy_cost",), cost),
                                                        L.cell(" a year"))))
        rows.append(("Potential cost with measures", kit.money_cell(None, round(cost * rng.uniform(0.45, 0.8), 2))))
        rows.append(("CO2 emissions", L.cell(f"{kit.style.decimal(kwh * 0.21 / 1000, 1)} tonnes a year")))
        return rows

    def area_cell() -> L.Cell:
        return L.join(kit.count_cell(("floor_area",), area_written), L.cell(f" {area_unit}"))

    def year_cell() -> L.Cell:
        return L.cell(period_text) if period else kit.count_cell(("year_built",), year)

    def element_table() -> None:
        for i, t in enumerate(rate_texts):
            evidence[("elements", i, "rating")] = t
        L.table(doc, rng, [rng.choice(["Element", "Feature"]), "Description", "Rating"], [
            [L.cell(e["element"], ("elements", i, "element")), L.cell(e["description"], ("elements", i, "description")),
             L.cell(rate_texts[i])] for i, e in enumerate(elements)])

    def element_lines(numbered: bool) -> None:
        for i, e in enumerate(elements):     # "- Walls: Solid brick, uninsulated (Very poor)"
            doc.add(f"{i + 1}. " if numbered else "- ")
            evidence[("elements", i, "rating")] = L.fill(
                doc, "{el}: {desc} (" + rate_texts[i] + ")", el=(("elements", i, "element"), e["element"]),
                desc=(("elements", i, "description"), e["description"]))
            doc.line()

    def element_sentence() -> None:
        doc.add("On the survey, ")
        for i, e in enumerate(elements):
            e["description"] = lower_first(e["description"])     # the gold is the text as written here
            doc.add("" if i == 0 else " and " if i == len(elements) - 1 else "; ")
            evidence[("elements", i, "rating")] = L.fill(
                doc, "{el} ({desc}) rated " + rate_texts[i].lower(), el=(("elements", i, "element"), e["element"]),
                desc=(("elements", i, "description"), e["description"]))
        doc.line(".")

    def payback(r: dict) -> str:
        return f"{kit.style.decimal(r['cost'] / r['annual_saving'], 1)} years" if r["cost"] else "-"

    def recommendation_table() -> None:
        L.table(doc, rng, ["Measure", "Cost", "Saving a year", "Payback"], [
            [L.cell(r["measure"], ("recommendations", i, "measure")),
             kit.money_cell(("recommendations", i, "cost"), r["cost"]) if r["cost"] else L.cell("not estimated"),
             kit.money_cell(("recommendations", i, "annual_saving"), r["annual_saving"]), L.cell(payback(r))]
            for i, r in enumerate(recommendations)])

    def recommendation_lines() -> None:
        for i, r in enumerate(recommendations):   # "2. Cavity wall insulation: about £1,400, saving £260 a year"
            at = ("recommendations", i)
            doc.add(f"{i + 1}. ").put(at + ("measure",), r["measure"])
            if r["cost"]:
                kit.money(doc.add(": about "), at + ("cost",), r["cost"])
            else:
                doc.add(": cost not estimated")
            kit.money(doc.add(", saving "), at + ("annual_saving",), r["annual_saving"])
            doc.line(f" a year (payback {payback(r)})" if r["cost"] else " a year")

    def after() -> None:
        strings(kit, doc, "low_carbon_sources", low_carbon, rng.choice(["Low and zero carbon energy sources",
                                                                          "Renewables on site"]),
                 rng.choice(["Low and zero carbon energy sources: none", "No renewable systems on site."]))
        doc.line(tested_text)

    def auditor_cell() -> L.Cell:
        return L.cell(auditor, ("auditor",))

    layout = rng.choice(["certificate", "report", "email", "export"])
    if layout == "certificate":     # the certificate with its rating tables
        doc.line(rng.choice(AUDIT_TITLES[loc])).line()
        rows = [("Address", L.cell(address, ("property_address",))), ("Certificate number", L.cell(report_no)),
                ("Date of assessment", kit.date_cell(("survey_date",), survey))]
        if facts["report_date"]:
            rows.append(("Date of certificate", kit.date_cell(("report_date",), issued)))
        rows += [("Valid until", kit.date_cell(None, expiry)), ("Total floor area", area_cell()),
                 ("Year of construction", year_cell())]
        if facts["client"]:
            rows.append(("Owner", L.cell(client, ("client",))))
        L.kv(doc, rng, rows)
        doc.line(type_text).line().line(rating_text).line(potential_text)
        intensity_line()
        doc.line()
        kit.pad(doc)
        element_table()
        doc.line()
        L.kv(doc, rng, energy_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line().line(rng.choice(["Recommendations", "Recommended measures"]))
        recommendation_table()
        doc.line()
        after()
        doc.line().line("Assessor").add("Name: ")
        L.write(doc, auditor_cell()).line().line(f"Company: {firm}")
        if facts["accreditation_number"]:
            doc.add("Accreditation number: ").put(("accreditation_number",), accreditation).line()
        kit.date(doc.add(f"Quality review by {reviewer} on "), None, issued + dt.timedelta(days=rng.randint(1, 9)))
        doc.line(".")
    elif layout == "report":        # a consultant's report in numbered sections
        doc.line(f"{firm}").line(rng.choice(["Energy audit report", "ENERGY AUDIT"]))
        doc.add("Report ").line(report_no)
        if facts["report_date"]:
            kit.date(doc.add("Issued "), ("report_date",), issued).line()
        doc.line().line("1. Summary")
        if facts["client"]:
            doc.add("Prepared for ").put(("client",), client).add(" by ")
        else:
            doc.add("Prepared by ")
        L.write(doc, auditor_cell())
        if facts["accreditation_number"]:
            doc.add(" (accreditation ").put(("accreditation_number",), accreditation).add(")")
        kit.date(doc.add(", following a site visit on "), ("survey_date",), survey).line(".")
        doc.line(rating_text).line(potential_text)
        kit.date(doc.add("The previous audit was carried out on "), None, previous).line(".").line()
        doc.line("2. The building").add("Address: ").put(("property_address",), address).line().line(type_text)
        L.write(doc.add("Floor area: "), area_cell()).add(f" (heated volume {kit.style.integer(int(area * 2.6))} m³)")
        L.write(doc.add("; built "), year_cell()).line(".").line()
        kit.pad(doc)
        doc.line("3. Energy use")
        for label, c in energy_rows():
            L.write(doc.add(f"{label}: "), c).line()
        intensity_line()
        doc.line().line("4. Findings")
        element_lines(kit.chance(0.4))
        after()
        doc.line().line("5. Recommendations")
        recommendation_lines()
    elif layout == "email":         # the auditor's e-mail to the client
        doc.add("From: ")
        L.write(doc, auditor_cell()).line(f" <{slug(auditor, 'energy', 18)}@{slug(firm, 'energy', 18)}.{TLD[loc]}>")
        if facts["client"]:
            doc.add("To: ").put(("client",), client).line()
        doc.line("Subject: Results of your energy audit").line().line("Hello,").line()
        L.fill(doc, "Thank you for having me at {addr} on ", addr=(("property_address",), address))
        kit.date(doc, ("survey_date",), survey).line(". Here are the main results.")
        if facts["report_date"]:
            kit.date(doc.add("The full report (no. " + report_no + ") is dated "), ("report_date",), issued).line(".")
        doc.line(type_text)
        L.write(doc.add("Floor area: "), area_cell())
        L.write(doc.add(", year built: "), year_cell()).line()
        doc.line(rating_text).line(potential_text)
        rows = energy_rows()
        for label, c in [rows[0]] + [r for r in rows if r[0] == "Estimated energy cost"]:
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        element_sentence()
        doc.line()
        kit.pad(doc)
        doc.line("What I recommend, in order:")
        recommendation_lines()
        doc.line()
        after()
        doc.line().line("Best regards,")
        L.write(doc, L.cell(auditor)).line()
        if facts["accreditation_number"]:
            doc.add("Accredited assessor ").put(("accreditation_number",), accreditation).line()
        doc.line(firm)
    else:                           # a spreadsheet export of the audit
        doc.line(f"# {rng.choice(AUDIT_TITLES[loc])} - export").line()
        rows = [("Report", L.cell(report_no)), ("Auditor", auditor_cell())]
        if facts["accreditation_number"]:
            rows.append(("Accreditation", L.cell(accreditation, ("accreditation_number",))))
        rows += [("Reviewer", L.cell(reviewer)), ("Address", L.cell(address, ("property_address",)))]
        if facts["client"]:
            rows.append(("Client", L.cell(client, ("client",))))
        rows += [("Survey date", kit.date_cell(("survey_date",), survey))]
        if facts["report_date"]:
            rows.append(("Report date", kit.date_cell(("report_date",), issued)))
        rows += [("Floor area", area_cell()), ("Year built", year_cell())]
        L.kv(doc, rng, rows, rng.choice(["pipe", "grid", "aligned"]))
        doc.line(type_text).line(rating_text).line(potential_text)
        for label, c in energy_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        kit.pad(doc)
        doc.line("elements")
        element_table()
        doc.line().line("measures")
        recommendation_table()
        doc.line()
        after()
    kit.pad(doc)
    return Draft(("Energy audit report", "Energy performance report", "Building energy audit"), AUDIT_FIELDS, facts,
                 doc, evidence)
