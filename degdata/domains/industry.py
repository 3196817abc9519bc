"""Records of the plant, the fleet and the farm: quality inspection reports, fuel logs,
machine downtime logs and crop spray records.

Each carries values of the same kind beside the ones asked for: the part number, purchase
order and production date beside an inspection's lot number and inspection date, the sample
size and the acceptance and rejection numbers beside the lot size, the minor-defect AQL
beside the major one, the approver beside the inspector and the customer beside the
manufacturer; the fleet number beside a vehicle's registration, the fleet manager beside the
driver, the price per litre or gallon beside each amount, the net and the VAT beside the
total spent and the opening odometer reading beside the distance driven; the scheduled run
time, the downtime target, the longest stop, the output and the OEE beside a line's total
downtime and availability, the reviewer beside the person who logged it; the growth stage,
the water volume and the product used in total beside the dose rates, the advisor and the
recommendation date beside the operator and the spray date, the temperature, direction and
gusts beside the wind speed and the earliest harvest date beside the harvest interval.

Rows come as tables (markdown, ASCII grid, aligned columns or a semicolon export), as items
of several fields on one line ("- Porosity (major), 3 pcs", "- 06:42 Filler F1 - 25 min -
ELEC: Photocell misaligned"), numbered lines or one sentence each; headers as "Label: value"
blocks in any layout, as sections with headings, or as a memo, an e-mail or a field diary.
The lists of strings (checks performed, queried receipts, spares requested, targets of a
spray) come inline ("Checks: Visual, Dimensions and Labelling"), bulleted or numbered, and may
be empty. The workmanship of a lot and the spray coverage are rated in every rating form
("4/5", "four stars", "★★★★☆"); booleans are as often negated as stated ("no NCR raised",
"not all receipts attached", "downtime target not met", "no stop was safety-related", "no
buffer zone needed").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..fmt import clock
from ..kit import Kit
from ..surface import rating, says


def _series(doc: Doc, path: Path, values: list[str], last: str = ", ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "• "])


def _rows(doc: Doc, start: int) -> list[str]:
    """The data rows of the table written since `start` (rules and the header skipped), to
    quote one row as the evidence of a value decided from it."""
    lines = [x.rstrip() for x in doc.text_since(start).split("\n")]
    return [x for x in lines if x and not set(x) <= set("+-=| ")][1:]


def _heading(doc: Doc, form: str, n: int, text: str) -> Doc:
    if form == "markdown":
        return doc.line(f"## {n}. {text}")
    if form == "caps":
        return doc.line(f"{n}. {text.upper()}")
    return doc.line(text).line("-" * len(text))


# ---- quality inspection report --------------------------------------------------------------

INSPECTED = {   # product: (part number prefix, defects seen on it with their usual class)
    "Die-cast aluminium housing": ("HSG", [
        ("Porosity", "major"), ("Flash on parting line", "minor"), ("Cold shut", "major"),
        ("Dent on flange", "minor"), ("Damaged M6 thread", "major"), ("Surface scratch", "minor"),
        ("Crack at mounting boss", "critical")]),
    "Injection-moulded front bezel": ("BZL", [
        ("Short shot", "major"), ("Sink mark", "minor"), ("Flow lines", "minor"),
        ("Black speck", "minor"), ("Flash on edge", "minor"), ("Warped clip", "major"),
        ("Colour mismatch", "major"), ("Sharp edge at gate", "critical")]),
    "Motor control PCB assembly": ("PCA", [
        ("Solder bridge", "major"), ("Missing capacitor C12", "critical"),
        ("Tombstoned resistor", "major"), ("Cold solder joint", "major"),
        ("Reversed diode D3", "critical"), ("Flux residue", "minor"), ("Smudged label", "minor")]),
    "Men's cotton polo shirt": ("POL", [
        ("Open seam", "major"), ("Oil stain", "major"), ("Skipped stitch", "minor"),
        ("Shade variation", "minor"), ("Wrong size label", "major"), ("Hole in fabric", "major"),
        ("Untrimmed thread", "minor"), ("Broken needle fragment", "critical")]),
    "Stainless steel door hinge": ("HNG", [
        ("Burr on edge", "minor"), ("Scratched leaf", "minor"), ("Rust spot", "major"),
        ("Bent leaf", "major"), ("Missing pin", "critical"), ("Uneven polish", "minor")]),
    "Glass jar 370 ml": ("JAR", [
        ("Chipped rim", "critical"), ("Air bubble", "minor"), ("Stone inclusion", "major"),
        ("Uneven base", "minor"), ("Check crack in neck", "critical"), ("Mould seam line", "minor")]),
}
CHECKS = ["Visual", "Dimensions", "Packaging", "Labelling", "Function test", "Weight",
          "Colour match", "Barcode scan", "Drop test", "Torque", "Fit check", "Carton markings"]
SAMPLE_PLANS = [   # ISO 2859-1, general level II: (lot sizes, sample size)
    ((281, 500), 50), ((501, 1200), 80), ((1201, 3200), 125), ((3201, 10000), 200),
    ((10001, 35000), 315)]
ACCEPT = {   # AQL: acceptance numbers for the sample sizes above (rejection = one more)
    1.0: (1, 2, 3, 5, 7), 1.5: (2, 3, 5, 7, 10), 2.5: (3, 5, 7, 10, 14), 4.0: (5, 7, 10, 14, 21)}
INSPECTION_TYPES = {
    "incoming": ("Incoming goods inspection", "Inspection type: incoming (IQC)",
                 "Goods-in inspection of a supplier delivery"),
    "in_process": ("In-process inspection (IPQC)", "Inspection type: in-process",
                   "Patrol inspection during the production run"),
    "final": ("Final inspection (FQC)", "Inspection type: final",
              "Final random inspection of packed goods"),
    "pre_shipment": ("Pre-shipment inspection (PSI)", "Inspection type: pre-shipment",
                     "Inspection before loading for shipment")}
DISPOSITIONS = {
    "accepted": ("Lot disposition: ACCEPT", "Result: PASS - lot released",
                 "The lot is accepted and released."),
    "rejected": ("Lot disposition: REJECT", "Result: FAIL - lot rejected",
                 "The lot is rejected and returned to the supplier."),
    "rework": ("Lot disposition: 100% sort and rework", "Result: FAIL - lot to be reworked",
               "The lot fails and must be sorted and reworked before re-inspection."),
    "on_hold": ("Lot disposition: ON HOLD", "Result: quarantined pending a concession",
                "The lot is on hold until the customer decides on a deviation request.")}
CLASS_TEXT = {"critical": ("Critical", "CR", "critical"), "major": ("Major", "MA", "major"),
              "minor": ("Minor", "MI", "minor")}
WORKMANSHIP = {1: "unacceptable", 2: "poor", 3: "acceptable", 4: "good", 5: "excellent"}
QUALITY_FIELDS = [
    F.text("report_number", "Report number",
           ("Number of the inspection report (not the lot or order number).",
            "Reference of the inspection report."), "inspection_id", "report_no"),
    F.text("product", "Product", "Product or part inspected.", "item", "part_description"),
    F.text("lot_number", "Lot number",
           ("Production lot or batch inspected (not the purchase order or part number).",
            "Batch number of the lot."), "batch", "lot"),
    F.text("manufacturer", "Manufacturer",
           "Factory or supplier that produced the lot (not the customer).", "supplier", "factory"),
    F.date("inspection_date", "Inspection date",
           ("Date the lot was inspected (not the production or approval date).",
            "Day of the inspection."), "inspected_on", "date"),
    F.text("inspector", "Inspector", "Person who carried out the inspection (not the approver).",
           "inspected_by", "qc_inspector"),
    F.choice("inspection_type", "Inspection type", "Stage at which the lot was inspected.",
             list(INSPECTION_TYPES), "stage", keep=0.7),
    F.integer("lot_size", "Lot size", "Units in the lot (not the sample size).", "lot_quantity",
              "quantity"),
    F.number("aql_major", "AQL (major)",
             "Acceptable quality limit applied to major defects, if stated (not the minor AQL).",
             "aql", optional=True, keep=0.6),
    F.items("defects", "Defects", ("Each kind of defect found in the sample.",
                                   "Defects found, one entry per defect type."), [
        F.text("defect", "Defect", "What the defect is.", "description", "defect_type"),
        F.choice("classification", "Class", "Severity class of the defect.",
                 ["critical", "major", "minor"], "severity", "class"),
        F.integer("count", "Count", "Sampled units with this defect.", "quantity", "qty",
                  keep=0.8),
    ], "findings", "defects_found"),
    F.choice("disposition", "Disposition", ("Decision taken on the lot.",
                                            "Outcome of the inspection for the lot."),
             list(DISPOSITIONS), "result", "lot_decision"),
    F.score("workmanship", "Workmanship", "Inspector's rating of the overall workmanship.",
            WORKMANSHIP, "workmanship_rating", keep=0.6),
    F.flag("ncr_raised", "NCR raised", "Whether a non-conformance report was opened.",
           "non_conformance_raised", "ncr", keep=0.7),
    F.strings("checks", "Checks performed", ("Inspection checks carried out on the sample.",
                                             "Kinds of check done."), "checks_performed", "tests",
              keep=0.7),
]


def quality_inspection_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    product, (prefix, pool) = rng.choice(list(INSPECTED.items()))
    plan = rng.randrange(len(SAMPLE_PLANS))
    (lo, hi), sample = SAMPLE_PLANS[plan]
    lot_size = rng.randint(lo // 10 + 1, hi // 10) * 10
    aql_major = rng.choice([1.0, 1.5, 2.5])
    aql_minor = rng.choice([a for a in (2.5, 4.0) if a > aql_major])
    ac_major, ac_minor = ACCEPT[aql_major][plan], ACCEPT[aql_minor][plan]
    found = [d for d in rng.sample(pool, rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5]))
             if d[1] != "critical" or kit.chance(0.3)]
    defects = [{"defect": d, "classification": c,
                "count": 1 if c == "critical" else rng.randint(1, 4 if c == "major" else 7)}
               for d, c in found]
    tally = {c: sum(x["count"] for x in defects if x["classification"] == c)
             for c in CLASS_TEXT}
    failed = tally["critical"] > 0 or tally["major"] > ac_major or tally["minor"] > ac_minor
    disposition = rng.choice(["rejected", "rejected", "rework", "on_hold"]) if failed else "accepted"
    ncr = failed or (bool(defects) and kit.chance(0.15))
    workmanship = (rng.choice([4, 5]) if not defects else rng.choice([1, 2]) if tally["critical"]
                   else 2 if failed else 3 if tally["major"] else rng.choice([3, 4]))
    kind = rng.choice(list(INSPECTION_TYPES))
    inspected = kit.day()
    produced = inspected - dt.timedelta(days=rng.randint(1, 20))
    approved = inspected + dt.timedelta(days=rng.randint(0, 3))
    companies = list(dict.fromkeys(fake.company() for _ in range(4)))
    people = list(dict.fromkeys(fake.name() for _ in range(4)))
    facts = {"report_number": f"{rng.choice(['QIR-', 'IR-', 'QC/'])}{inspected.year}-"
                              f"{rng.randint(1, 9999):04d}",
             "product": product,
             "lot_number": rng.choice([f"L{inspected:%y%m}-{rng.randint(1, 99):02d}",
                                       f"LOT {rng.randint(10000, 99999)}",
                                       f"B{rng.randint(100000, 999999)}"]),
             "manufacturer": companies[0], "inspection_date": inspected.isoformat(),
             "inspector": people[0], "inspection_type": kind, "lot_size": lot_size,
             "aql_major": kit.maybe(aql_major, 0.7), "defects": defects, "disposition": disposition,
             "workmanship": workmanship, "ncr_raised": ncr,
             "checks": rng.sample(CHECKS, rng.choice([0, 2, 3, 3, 4, 5, 6]))}
    customer, approver = companies[1], people[1]
    part = f"{prefix}-{rng.randint(1000, 9999)}{rng.choice(['', '-A', '-B', '/02'])}"
    order = rng.choice([f"PO {rng.randint(4500000000, 4509999999)}", f"PO-{rng.randint(10000, 99999)}"])
    ncr_ref = f"NCR-{inspected.year}-{rng.randint(1, 999):03d}"
    maker_label = "Supplier" if kind == "incoming" else rng.choice(["Manufacturer", "Factory",
                                                                    "Producer"])
    client_label = "Received at" if kind == "incoming" else rng.choice(["Customer", "Client"])
    kind_text = rng.choice(INSPECTION_TYPES[kind])
    title = rng.choice(["QUALITY INSPECTION REPORT", "Inspection Report", "QC inspection report",
                        "Lot inspection record"])
    evidence: dict[Path, str] = {("inspection_type",): kind_text}

    def aql_cell() -> L.Cell:   # "major 2.5 / minor 4.0", or the plan without its AQL
        if facts["aql_major"] is None:
            return L.cell(rng.choice(["ISO 2859-1, level II", "per customer plan", "n/a"]))
        return L.join(L.cell("major "), kit.num_cell(("aql_major",), aql_major, 1),
                      L.cell(" / minor "), kit.num_cell(None, aql_minor, 1))

    layout = rng.choice(["form", "sections", "memo"])
    heads = rng.choice(["markdown", "caps", "underline"])
    if layout == "memo":
        doc.line(title)
        doc.add(rng.choice(["Report ", "Ref. ", "Our reference: "]))
        doc.put(("report_number",), facts["report_number"]).line().line(kind_text).line()
        kit.date(doc.add("On "), ("inspection_date",), inspected).add(" ")
        doc.put(("inspector",), people[0]).add(" inspected lot ")
        doc.put(("lot_number",), facts["lot_number"]).add(" of ").put(("product",), product)
        doc.add(f" (part no. {part}), ")
        doc.add("supplied by " if kind == "incoming" else "made by ")
        doc.put(("manufacturer",), companies[0]).add(" on ")
        kit.date(doc, None, produced)
        doc.add(f" and received at {customer}" if kind == "incoming" else f" for {customer}")
        kit.count(doc.add(f" under {order}. The lot held "), ("lot_size",), lot_size)
        kit.count(doc.add(" pcs, of which "), None, sample).add(" were drawn at random")
        if facts["aql_major"] is None:
            doc.line(" (ISO 2859-1, general level II).")
        else:
            kit.num(doc.add(" against an AQL of "), ("aql_major",), aql_major, 1)
            kit.num(doc.add(" for major and "), None, aql_minor, 1).line(" for minor defects.")
    else:
        rows = [(rng.choice(["Report no.", "Report number", "Ref."]),
                 L.cell(facts["report_number"], ("report_number",))),
                (rng.choice(["Inspection date", "Date inspected", "Date of inspection"]),
                 kit.date_cell(("inspection_date",), inspected)),
                (rng.choice(["Product", "Item", "Description"]), L.cell(product, ("product",))),
                ("Part no.", L.cell(part)),
                (rng.choice(["Lot no.", "Batch", "Lot / batch"]),
                 L.cell(facts["lot_number"], ("lot_number",))),
                (rng.choice(["PO number", "Order"]), L.cell(order)),
                ("Production date", kit.date_cell(None, produced)),
                (maker_label, L.cell(companies[0], ("manufacturer",))),
                (client_label, L.cell(customer)),
                (rng.choice(["Lot size", "Lot quantity", "Quantity"]),
                 L.join(kit.count_cell(("lot_size",), lot_size), L.cell(" pcs"))),
                ("Sample size", L.join(kit.count_cell(None, sample), L.cell(" pcs"))),
                ("AQL", aql_cell()),
                (rng.choice(["Inspector", "Inspected by", "QC inspector"]),
                 L.cell(people[0], ("inspector",)))]
        if layout == "form":
            doc.line(title).line(kind_text).line()
            L.kv(doc, rng, rows)
        else:       # numbered sections with headings
            doc.line(f"# {title}" if heads == "markdown" else title).line()
            _heading(doc, heads, 1, "General information")
            doc.line(kind_text)
            L.kv(doc, rng, rows[:9], rng.choice(["colon", "aligned", "dots"]))
            _heading(doc.line(), heads, 2, "Sampling")
            L.kv(doc, rng, rows[9:], rng.choice(["colon", "aligned", "dots"]))
    doc.line()
    kit.pad(doc)
    checks = facts["checks"]
    _strings(kit, doc, "checks", checks, rng.choice(["Checks performed", "Checks", "Tests carried out"]),
             rng.choice(["Checks: not recorded", "No checklist attached."]))
    doc.line()
    if layout == "sections":
        _heading(doc, heads, 3, "Findings")
    style = rng.choice(["table", "items", "numbered"])
    words = rng.randrange(3)
    if defects and words == 1:      # class codes come with their legend
        doc.line("Classes: CR = critical, MA = major, MI = minor")
    if not defects:
        doc.line(rng.choice(["No defects found in the sample.", "Defects found: none",
                             "Findings: nil - all sampled units conform."]))
    elif style == "table":
        start = len(doc)
        L.table(doc, rng, ["Defect", rng.choice(["Class", "Classification", "Severity"]),
                           rng.choice(["Qty", "Count", "Units"])], [
            [L.cell(x["defect"], ("defects", i, "defect")),
             L.cell(CLASS_TEXT[x["classification"]][words]),
             kit.count_cell(("defects", i, "count"), x["count"])] for i, x in enumerate(defects)])
        for i, row in enumerate(_rows(doc, start)):
            evidence[("defects", i, "classification")] = row
    else:
        doc.line(rng.choice(["Defects found:", "Findings:", "Non-conformities:"]))
        bullet = rng.choice(["- ", "* "])
        for i, x in enumerate(defects):
            at, mark = ("defects", i), len(doc)
            label = CLASS_TEXT[x["classification"]][words]
            if style == "items":    # "- Porosity (major), 3 pcs"
                doc.add(bullet).put(at + ("defect",), x["defect"])
                kit.count(doc.add(f" ({label}), "), at + ("count",), x["count"]).add(" pcs")
            else:                   # "1. 3 x Porosity [Major]"
                kit.count(doc.add(f"{i + 1}. "), at + ("count",), x["count"]).add(" x ")
                doc.put(at + ("defect",), x["defect"]).add(f" [{label}]")
            evidence[at + ("classification",)] = doc.text_since(mark)
            doc.line()
    doc.line()
    tallies = [(f"{CLASS_TEXT[c][0]} defects", L.join(
        kit.count_cell(None, tally[c]),
        L.cell(f" (Ac {ac} / Re {ac + 1})")))
        for c, ac in (("critical", 0), ("major", ac_major), ("minor", ac_minor))]
    L.kv(doc, rng, tallies, rng.choice(["colon", "aligned", "dots", "pipe"]))
    doc.line()
    if layout == "sections":
        _heading(doc, heads, 4, "Conclusion")
    disp_text = rng.choice(DISPOSITIONS[disposition])
    form, stars = rating(rng, workmanship)
    work_text = (f"Workmanship {stars}." if form in ("words", "stars") and kit.chance(0.5)
                 else f"{rng.choice(['Workmanship', 'Overall workmanship', 'Workmanship rating'])}: "
                      f"{stars}")
    ncr_text = says(rng, ncr, (f"{ncr_ref} raised.", f"Non-conformance report {ncr_ref} opened.",
                               f"NCR: {ncr_ref}"),
                    ("No NCR raised.", "Non-conformance report: not required",
                     "No non-conformance was raised for this lot."))
    doc.line(disp_text).line(work_text).line(ncr_text).line()
    evidence.update({("disposition",): disp_text, ("workmanship",): work_text,
                     ("ncr_raised",): ncr_text})
    if kit.chance(0.5):
        doc.add("Inspected by: ").put(("inspector",), people[0]).line()
    doc.add(f"Approved by: {approver} ({rng.choice(['QA manager', 'Quality lead', 'QA'])}), ")
    kit.date(doc, None, approved).line()
    kit.pad(doc)
    return Draft(("Quality inspection report", "Lot inspection", "QC inspection record"),
                 QUALITY_FIELDS, facts, doc, evidence)


# ---- fuel log -------------------------------------------------------------------------------

FUEL_PLACES = {   # locale: (volume unit, distance unit, VAT %, fuel brands)
    "en_US": ("gal", "mi", None, ["Shell", "Chevron", "Exxon", "Pilot", "Love's", "Speedway",
                                  "Circle K", "BP", "Marathon", "Sunoco", "Casey's"]),
    "en_GB": ("L", "miles", 20, ["Shell", "BP", "Esso", "Texaco", "Tesco", "Sainsbury's", "Asda",
                                 "Morrisons", "Jet", "Gulf"]),
    "de_DE": ("L", "km", 19, ["Aral", "Shell", "Esso", "TotalEnergies", "JET", "Agip", "Star",
                              "Avia", "HEM", "Westfalen"]),
    "fr_FR": ("L", "km", 20, ["TotalEnergies", "Esso", "BP", "Intermarché", "E.Leclerc",
                              "Carrefour", "Avia", "Système U", "Auchan"])}
FUELS = {   # fuel: (its names per locale, price per unit in the US and elsewhere)
    "diesel": ({"en_US": ("Diesel #2", "ULSD"), "en_GB": ("Diesel", "Derv (diesel)"),
                "de_DE": ("Diesel", "Diesel B7"), "fr_FR": ("Gazole", "Gazole (B7)")},
               (3.6, 4.9), (1.45, 1.85)),
    "petrol": ({"en_US": ("Regular unleaded", "Unleaded 87"),
                "en_GB": ("Unleaded", "Unleaded petrol (E10)"),
                "de_DE": ("Super E10", "Super 95"), "fr_FR": ("SP95-E10", "Sans plomb 95")},
               (3.0, 4.4), (1.5, 1.95)),
    "lpg": ({"en_US": ("Propane autogas", "LPG"), "en_GB": ("LPG", "Autogas (LPG)"),
             "de_DE": ("Autogas (LPG)", "LPG"), "fr_FR": ("GPL", "GPL-c")},
            (2.5, 3.5), (0.75, 1.05)),
    "hvo": ({"en_US": ("Renewable diesel (R99)", "R99 renewable diesel"),
             "en_GB": ("HVO", "HVO renewable diesel"), "de_DE": ("HVO100", "HVO 100"),
             "fr_FR": ("HVO100", "XTL (HVO)")},
            (4.5, 5.6), (1.7, 2.1))}
VANS = {"en_US": ["Ford F-150", "Chevrolet Silverado 1500", "Ram ProMaster 2500",
                  "Ford Transit 250", "Toyota Tacoma", "Nissan NV200"],
        "other": ["Ford Transit Custom", "Mercedes-Benz Sprinter 316", "Volkswagen Crafter",
                  "Renault Master", "Toyota Hilux", "Peugeot Partner", "Iveco Daily 35S14",
                  "Citroën Berlingo"]}
FUEL_FIELDS = [
    F.text("registration", "Registration", ("Registration plate of the vehicle (not the fleet "
                                            "number).", "Vehicle licence plate."),
           "vehicle_registration", "plate"),
    F.text("vehicle", "Vehicle", "Make and model of the vehicle.", "make_model", keep=0.6),
    F.text("driver", "Driver", "Driver the log belongs to (not the fleet manager).", "driver_name",
           "cardholder"),
    F.text("card_number", "Fuel card", "Fuel card number as printed (usually masked), if shown.",
           "fuel_card", "card", optional=True, keep=0.6),
    F.date("period_start", "Period start", "First day covered by the log.", "from_date",
           keep=0.7),
    F.date("period_end", "Period end", "Last day covered by the log (not the print date).",
           "to_date", keep=0.8),
    F.choice("fuel_type", "Fuel type", "Fuel the vehicle takes.", list(FUELS), "fuel",
             keep=0.7),
    F.items("fills", "Fill-ups", ("Each fuel purchase, in date order.",
                                  "The fuel transactions of the period."), [
        F.date("date", "Date", "Date of the purchase.", "purchase_date"),
        F.text("station", "Station", "Filling station.", "location", "site"),
        F.text("receipt", "Receipt", "Receipt or transaction number; null if there is none.",
               "receipt_number", "transaction_id", optional=True, keep=0.6),
        F.integer("odometer", "Odometer", "Odometer reading at the fill-up.", "mileage",
                  keep=0.7),
        F.number("volume", "Volume", "Fuel bought, in the unit of the log (litres or gallons; "
                 "not the unit price).", "quantity", "litres"),
        F.number("amount", "Amount", "Amount paid for the fill-up (not the price per unit).",
                 "cost", "total"),
    ], "transactions", "purchases"),
    F.number("total_volume", "Total volume", "Fuel bought in the period in total.",
             "volume_total", "total_litres", keep=0.7),
    F.number("total_cost", "Total cost", ("Total spent on fuel, VAT included (not the net).",
                                          "Gross fuel spend of the period."),
             "total_spent", "gross_total", minimum=0),
    F.integer("distance", "Distance", "Distance driven in the period (not an odometer reading).",
              "distance_driven", "mileage_driven", keep=0.6),
    F.flag("receipts_attached", "Receipts attached", "Whether every fill-up has its receipt.",
           "all_receipts", keep=0.8),
    F.strings("queried_receipts", "Queried receipts",
              "Receipt numbers the fleet office queried.", "queried", "flagged_transactions",
              keep=0.7),
]


def fuel_log(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    unit, dist_unit, vat, brands = FUEL_PLACES[kit.locale]
    us = kit.locale == "en_US"
    fuel = rng.choice(list(FUELS))
    names, us_price, eu_price = FUELS[fuel]
    fuel_name = rng.choice(names[kit.locale])
    month = kit.day()
    start = month.replace(day=1) if kit.chance(0.6) else month
    end = ((start + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
           if start.day == 1 else start + dt.timedelta(days=rng.choice([6, 13, 27])))
    n = rng.randint(2, 8)
    days = sorted(rng.randint(0, (end - start).days) for _ in range(n))
    odometer = rng.randint(8000, 180000)
    first_odo, receipts_ok = odometer, kit.chance(0.65)
    pattern = rng.choice(["R{}", "TX{}", "{}"])
    numbers = rng.sample(range(100000, 999999), n)
    missing = set() if receipts_ok else set(rng.sample(range(n), rng.randint(1, max(1, n // 2))))
    fills, prices = [], []
    for k in range(n):
        odometer += rng.randint(90, 420) if us else rng.randint(150, 700)
        volume = round(rng.uniform(8, 32) if us else rng.uniform(25, 95), 2)
        prices.append(round(rng.uniform(*(us_price if us else eu_price)), 2))
        fills.append({"date": (start + dt.timedelta(days=days[k])).isoformat(),
                      "station": f"{rng.choice(brands)} {fake.city()}",
                      "receipt": None if k in missing else pattern.format(numbers[k]),
                      "odometer": odometer, "volume": volume,
                      "amount": round(volume * prices[k], 2)})
    written = [f["receipt"] for f in fills if f["receipt"]]
    queried = rng.sample(written, min(len(written), rng.choice([0, 0, 1, 1, 2])))
    queried.sort(key=written.index)
    total = round(sum(f["amount"] for f in fills), 2)
    facts = {"registration": fake.license_plate().strip(),
             "vehicle": rng.choice(VANS["en_US" if us else "other"]), "driver": fake.name(),
             "card_number": kit.maybe(rng.choice([f"**** {rng.randint(1000, 9999)}",
                                                  f"7077 **** **** {rng.randint(1000, 9999)}",
                                                  f"XXXX-XXXX-{rng.randint(1000, 9999)}"]), 0.6),
             "period_start": start.isoformat(), "period_end": end.isoformat(),
             "fuel_type": fuel, "fills": fills,
             "total_volume": round(sum(f["volume"] for f in fills), 2), "total_cost": total,
             "distance": odometer - first_odo, "receipts_attached": receipts_ok,
             "queried_receipts": queried}
    fleet, manager = f"{rng.choice(['Unit ', 'Van ', 'FL-', '#'])}{rng.randint(2, 250)}", fake.name()
    printed = end + dt.timedelta(days=rng.randint(1, 6))
    fuel_text = rng.choice([f"Fuel type: {fuel_name}", f"Fuel: {fuel_name}",
                            f"Product: {fuel_name}", f"This vehicle runs on {fuel_name}."])
    title = rng.choice(["FUEL LOG", "Vehicle fuel log", "Fuel card statement", "Fleet fuel report"])
    period = L.join(kit.date_cell(("period_start",), start), L.cell(rng.choice([" - ", " to "])),
                    kit.date_cell(("period_end",), end))
    if kit.chance(0.6):
        doc.line(title).line()
        rows = [(rng.choice(["Registration", "Reg. no.", "Vehicle reg."]),
                 L.cell(facts["registration"], ("registration",))),
                ("Fleet no.", L.cell(fleet)),
                (rng.choice(["Vehicle", "Make / model"]), L.cell(facts["vehicle"], ("vehicle",))),
                (rng.choice(["Driver", "Cardholder", "Assigned driver"]),
                 L.cell(facts["driver"], ("driver",)))]
        if facts["card_number"]:
            rows.append(("Fuel card", L.cell(facts["card_number"], ("card_number",))))
        rows += [(rng.choice(["Period", "Statement period", "Covering"]), period),
                 (f"Odometer at start ({dist_unit})", kit.count_cell(None, first_odo)),
                 ("Fleet manager", L.cell(manager))]
        L.kv(doc, rng, rows)
    else:       # a driver's covering note
        doc.line(title).line()
        doc.add("Vehicle ").put(("registration",), facts["registration"])
        doc.add(f" ({fleet}, ").put(("vehicle",), facts["vehicle"]).add("), driven by ")
        doc.put(("driver",), facts["driver"]).add(". Period ")
        L.write(doc, period).add(". Odometer at the start of the period: ")
        kit.count(doc, None, first_odo).line(f" {dist_unit}.")
        if facts["card_number"]:
            doc.add("Paid with fuel card ").put(("card_number",), facts["card_number"]).line(".")
        doc.line(f"Submitted to {manager} (fleet manager).")
    doc.line(fuel_text).line()
    kit.pad(doc)

    def receipt_cell(i: int) -> L.Cell:
        got = fills[i]["receipt"]
        return L.cell(got, ("fills", i, "receipt")) if got else L.cell(rng.choice(["-", "none", "n/a"]))

    per = f"Price/{unit}"
    if kit.chance(0.6):
        L.table(doc, rng, ["Date", "Station", "Receipt", f"Odometer ({dist_unit})", f"Qty ({unit})",
                           per, "Amount"], [
            [kit.date_cell(("fills", i, "date"), dt.date.fromisoformat(f["date"])),
             L.cell(f["station"], ("fills", i, "station")), receipt_cell(i),
             kit.count_cell(("fills", i, "odometer"), f["odometer"]),
             kit.num_cell(("fills", i, "volume"), f["volume"]), kit.num_cell(None, prices[i]),
             kit.money_cell(("fills", i, "amount"), f["amount"])] for i, f in enumerate(fills)])
    else:       # "- 03/12/2024  Aral Leipzig, receipt R48213: 45.20 L x 1.79 = 80.91 €, odometer 48231"
        doc.line(rng.choice(["Fill-ups:", "Transactions:", "Purchases:"]))
        for i, f in enumerate(fills):
            at = ("fills", i)
            kit.date(doc.add("- "), at + ("date",), dt.date.fromisoformat(f["date"])).add("  ")
            doc.put(at + ("station",), f["station"]).add(", receipt ")
            L.write(doc, receipt_cell(i)).add(": ")
            kit.num(doc, at + ("volume",), f["volume"]).add(f" {unit} x ")
            kit.num(doc, None, prices[i]).add(" = ")
            kit.money(doc, at + ("amount",), f["amount"]).add(", odometer ")
            kit.count(doc, at + ("odometer",), f["odometer"]).line(f" {dist_unit}")
    doc.line()
    volume = L.join(kit.num_cell(("total_volume",), facts["total_volume"]), L.cell(f" {unit}"))
    rows = [(rng.choice(["Total fuel", "Total quantity"]), volume),
            (rng.choice(["Total spent", "Total (gross)", "Total cost"]),
             kit.money_cell(("total_cost",), total))]
    if vat:
        net = round(total / (1 + vat / 100), 2)
        rows[1:1] = [(f"Net (excl. {vat}% VAT)", kit.money_cell(None, net)),
                     ("VAT", kit.money_cell(None, round(total - net, 2)))]
    rows.append((rng.choice(["Distance driven", "Distance"]),
                 L.join(kit.count_cell(("distance",), facts["distance"]), L.cell(f" {dist_unit}"))))
    L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "grid"]))
    doc.line()
    label = rng.choice(["Queried by the fleet office", "Queried transactions", "Receipts under query"])
    if queried:
        _series(doc.add(f"{label}: "), ("queried_receipts",), queried,
                rng.choice([", ", " and "])).line()
    else:
        doc.line(rng.choice([f"{label}: none", "No transactions queried."]))
    receipt_text = says(rng, receipts_ok, ("All receipts attached.", "Receipts: all enclosed",
                                           "Every fill-up is backed by a receipt."),
                        ("Not all receipts attached.", "Receipts missing for some fill-ups.",
                         "Receipts: incomplete - see the blank receipt numbers above"))
    doc.line(receipt_text).line()
    kit.date(doc.add(f"Checked by {manager}, "), None, printed).line()
    kit.pad(doc)
    return Draft(("Fuel log", "Vehicle fuel record", "Fuel card statement"), FUEL_FIELDS, facts,
                 doc, {("fuel_type",): fuel_text, ("receipts_attached",): receipt_text})


# ---- machine downtime log -------------------------------------------------------------------

LINES = {   # line: (its machines, spare parts ordered for it)
    "Line 3 - Bottling": (
        ["Rinser", "Filler F1", "Capper C2", "Labeller L1", "Case packer", "Palletiser",
         "Shrink tunnel"],
        ["Capper chuck insert", "Glue pump seal kit", "Photocell PE-12", "Filler valve gasket",
         "Conveyor chain link", "Star wheel 500 ml"]),
    "Injection moulding cell 2": (
        ["Press 7", "Press 9", "Robot R2", "Mould temperature unit", "Dryer D1", "Granulator",
         "Conveyor C3"],
        ["Heater band 230 V", "Nozzle tip", "Ejector pin 6 mm", "Hydraulic hose 1/2 in",
         "Thermocouple type J", "Vacuum gripper cup"]),
    "CNC machining cell": (
        ["Mazak VTC-800", "DMG Mori NLX 2500", "Haas VF-4", "Deburring station", "Parts washer",
         "CMM"],
        ["Tool holder BT40", "Coolant pump", "Drawbar spring", "Way cover", "Chip conveyor belt",
         "Probe stylus"]),
    "Bakery line B": (
        ["Spiral mixer", "Divider", "Prover", "Tunnel oven", "Spiral cooler", "Slicer", "Bagger"],
        ["Divider piston seal", "Slicer blade set", "Oven belt section", "Proximity sensor M12",
         "Bagger heat strip", "Drive belt HTD-8M"]),
    "Press shop line 1": (
        ["Press P1 (400 t)", "Press P2 (250 t)", "Coil feeder", "Transfer robot", "Destacker",
         "End-of-line conveyor"],
        ["Clutch brake lining", "Die clamp cylinder", "Feeder roll", "Light curtain receiver",
         "Suction cup 60 mm"])}
PLANT_TOWNS = {"en_US": "{} Plant", "en_GB": "{} Works", "de_DE": "Werk {}", "fr_FR": "Usine de {}"}
REASONS = {
    "mechanical": ["Bearing seized", "Drive belt snapped", "Jam at infeed", "Hydraulic leak",
                   "Cylinder stuck", "Broken chain link", "Gearbox overheating"],
    "electrical": ["Photocell misaligned", "Servo drive fault", "Tripped breaker",
                   "Sensor failure", "PLC communication loss", "Motor overload trip"],
    "material": ["Waiting for raw material", "Packaging ran out", "No pallets at line",
                 "Waiting for forklift", "Material on QC hold", "Wrong batch delivered"],
    "changeover": ["Product changeover", "Tool change", "Format change", "Colour change",
                   "Recipe change"],
    "quality": ["Out-of-spec parts", "Seal check failed", "Metal detector rejects",
                "Weight out of tolerance", "First-off not approved"],
    "planned": ["Preventive maintenance", "Cleaning", "Team briefing", "Lubrication round",
                "Trial run"]}
CAUSE_TEXT = {"mechanical": ("Mechanical", "MECH", "Breakdown (mech.)"),
              "electrical": ("Electrical", "ELEC", "Breakdown (elec.)"),
              "material": ("Material", "MAT", "Material shortage"),
              "changeover": ("Changeover", "C/O", "Set-up"),
              "quality": ("Quality", "QUAL", "Quality stop"),
              "planned": ("Planned", "PLAN", "Planned stop")}
SHIFT_TIMES = {"early": ((360, 840), ("Early shift", "Shift A", "Morning shift")),
               "late": ((840, 1320), ("Late shift", "Shift B", "Afternoon shift")),
               "night": ((1320, 1800), ("Night shift", "Shift C", "Nights"))}
DOWNTIME_FIELDS = [
    F.text("plant", "Plant", "Plant or site the line belongs to.", "site", "factory"),
    F.text("line", "Line", ("Production line or cell the log covers.", "Line name."),
           "production_line", "cell"),
    F.date("log_date", "Date", "Production day of the log (for a night shift the day it began; "
           "not the review date).", "date", "production_date"),
    F.choice("shift", "Shift", "Shift the log covers.", list(SHIFT_TIMES), "shift_name",
             keep=0.6),
    F.text("logged_by", "Logged by", "Person who kept the log (not the reviewer).",
           "prepared_by", "shift_lead"),
    F.integer("scheduled_minutes", "Scheduled run time",
              "Minutes the line was scheduled to run (not the downtime).", "planned_time_min",
              "run_time_minutes", keep=0.5),
    F.items("stoppages", "Stoppages", ("Each machine stoppage in time order.",
                                       "The downtime events of the shift."), [
        F.text("machine", "Machine", "Machine that stopped.", "equipment", "asset"),
        F.text("start", "Start", "Time the stop began, as written.", "start_time", "from"),
        F.integer("minutes", "Minutes", "Length of the stop in minutes.", "duration_min",
                  "duration"),
        F.choice("cause", "Cause category", "Category of the cause.", list(CAUSE_TEXT),
                 "category", "reason_code"),
        F.text("reason", "Reason", "What stopped the machine, as noted.", "description",
               "details", keep=0.8),
        F.text("fixed_by", "Fixed by", "Technician who cleared the stop, if noted.",
               "technician", "resolved_by", optional=True, keep=0.5),
    ], "events", "downtime_events"),
    F.integer("total_minutes", "Total downtime",
              ("Downtime of the shift in minutes, all stops together (not the target).",
               "Sum of the stoppages in minutes."), "downtime_total", "total_downtime_min"),
    F.number("availability_pct", "Availability (%)",
             "Availability in percent as stated (not OEE or performance).", "availability",
             keep=0.6),
    F.flag("target_met", "Target met", "Whether downtime stayed within its target.",
           "within_target"),
    F.flag("safety_related", "Safety related", "Whether any stop was safety-related.",
           "safety_incident", keep=0.7),
    F.strings("spares_requested", "Spares requested",
              ("Spare parts ordered after the stops.", "Parts requested from stores."),
              "parts_ordered", "spare_parts", keep=0.7),
]


def machine_downtime_log(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    line, (machines, spares) = rng.choice(list(LINES.items()))
    shift = rng.choice(list(SHIFT_TIMES))
    (begin, finish), shift_names = SHIFT_TIMES[shift]
    twelve, day = kit.locale == "en_US" and kit.chance(0.4), kit.day()
    breaks = rng.choice([30, 45])
    scheduled = finish - begin - breaks
    n = rng.randint(1, 7)
    causes = [rng.choice(list(REASONS)[:5]) for _ in range(n)]
    if kit.chance(0.3):
        causes[rng.randrange(n)] = "planned"
    slots = sorted(rng.sample(range(begin + 5, finish - 80, 5), n))
    gaps = [b - a - 1 for a, b in zip(slots, slots[1:])] + [80]
    lengths = [max(2, min(gap, rng.randint(4, 70 if c != "planned" else 45)))
               for c, gap in zip(causes, gaps)]
    people = list(dict.fromkeys(fake.name() for _ in range(6)))
    logger, reviewer, techs = people[0], people[1], people[2:]
    stops = [{"machine": rng.choice(machines), "start": clock(at, twelve), "minutes": m,
              "cause": c, "reason": rng.choice(REASONS[c]),
              "fixed_by": kit.maybe(rng.choice(techs), 0.5) if c in ("mechanical", "electrical")
              else None}
             for at, m, c in zip(slots, lengths, causes)]
    total = sum(lengths)
    target = rng.choice([45, 60, 90, 120, 150])
    safety = kit.chance(0.2)
    facts = {"plant": PLANT_TOWNS[kit.locale].format(fake.city()), "line": line,
             "log_date": day.isoformat(), "shift": shift, "logged_by": logger,
             "scheduled_minutes": scheduled, "stoppages": stops, "total_minutes": total,
             "availability_pct": round((scheduled - total) / scheduled * 100, 1),
             "target_met": total <= target, "safety_related": safety,
             "spares_requested": rng.sample(spares, rng.choice([0, 0, 1, 2, 3]))}
    hours = f"{clock(begin, twelve)}-{clock(finish, twelve)}"
    shift_text = rng.choice([f"Shift: {rng.choice(shift_names)} ({hours})",
                             f"{rng.choice(shift_names)}, {hours}"])
    reviewed = day + dt.timedelta(days=rng.randint(1, 3))
    output = rng.randint(2000, 60000)
    oee = round(facts["availability_pct"] * rng.uniform(0.6, 0.9), 1)
    title = rng.choice(["MACHINE DOWNTIME LOG", "Downtime report", "Line stoppage log",
                        "Breakdown and stoppage record"])
    code, email = rng.randrange(3), kit.chance(0.4)
    if not email:
        doc.line(title).line()
        L.kv(doc, rng, [(rng.choice(["Plant", "Site"]), L.cell(facts["plant"], ("plant",))),
                        (rng.choice(["Line", "Area", "Cell"]), L.cell(line, ("line",))),
                        ("Date", kit.date_cell(("log_date",), day)),
                        (rng.choice(["Logged by", "Recorded by", "Shift lead"]),
                         L.cell(logger, ("logged_by",))),
                        ("Reviewed by", L.cell(reviewer)),
                        ("Review date", kit.date_cell(None, reviewed))])
        doc.line(shift_text)
    else:       # an e-mail from the shift lead
        doc.add(f"Subject: {title} - ").put(("line",), line).line().add("From: ")
        doc.put(("logged_by",), logger).line().line(f"To: {reviewer}").line()
        doc.line("Hi all,").line()
        kit.date(doc.add("Below are the stops on the line for "), ("log_date",), day)
        doc.add(" at ").put(("plant",), facts["plant"]).line(".").line(shift_text)
    doc.line()
    doc.add(rng.choice(["Scheduled run time: ", "Available time: "]))
    kit.count(doc, ("scheduled_minutes",), scheduled).add(f" min (breaks {breaks} min), ")
    doc.line(f"downtime target {target} min")
    doc.line()
    kit.pad(doc)
    evidence: dict[Path, str] = {("shift",): shift_text}
    style = rng.choice(["table", "items", "prose"])
    if style == "table":
        start = len(doc)
        L.table(doc, rng, ["Start", "Machine", "Min", rng.choice(["Category", "Cause", "Code"]),
                           "Reason", "Fixed by"], [
            [L.cell(s["start"], ("stoppages", i, "start")),
             L.cell(s["machine"], ("stoppages", i, "machine")),
             kit.count_cell(("stoppages", i, "minutes"), s["minutes"]),
             L.cell(CAUSE_TEXT[s["cause"]][code]), L.cell(s["reason"], ("stoppages", i, "reason")),
             L.cell(s["fixed_by"], ("stoppages", i, "fixed_by")) if s["fixed_by"] else L.cell("-")]
            for i, s in enumerate(stops)])
        for i, row in enumerate(_rows(doc, start)):
            evidence[("stoppages", i, "cause")] = row
    else:
        doc.line(rng.choice(["Stoppages:", "Downtime events:", "Stops this shift:"]))
        for i, s in enumerate(stops):
            at, mark = ("stoppages", i), len(doc)
            cause = CAUSE_TEXT[s["cause"]][code]
            if style == "items":    # "- 06:42 Filler F1 - 25 min - ELEC: Photocell misaligned"
                doc.add("- ").put(at + ("start",), s["start"]).add(" ")
                doc.put(at + ("machine",), s["machine"]).add(" - ")
                kit.count(doc, at + ("minutes",), s["minutes"]).add(f" min - {cause}: ")
                doc.put(at + ("reason",), s["reason"])
                if s["fixed_by"]:
                    doc.add(" (fixed by ").put(at + ("fixed_by",), s["fixed_by"]).add(")")
            else:                   # "At 06:42 Filler F1 stopped for 25 minutes (Electrical): ..."
                doc.add("At ").put(at + ("start",), s["start"]).add(" ")
                doc.put(at + ("machine",), s["machine"]).add(" stopped for ")
                kit.count(doc, at + ("minutes",), s["minutes"]).add(f" minutes ({cause}): ")
                doc.put(at + ("reason",), s["reason"]).add(".")
                if s["fixed_by"]:
                    doc.add(" Cleared by ").put(at + ("fixed_by",), s["fixed_by"]).add(".")
            evidence[at + ("cause",)] = doc.text_since(mark)
            doc.line()
    doc.line()
    kit.pad(doc)
    longest = max(lengths)
    if kit.chance(0.6):
        L.kv(doc, rng, [("Total downtime", L.join(kit.count_cell(("total_minutes",), total),
                                                  L.cell(" min"))),
                        ("Longest stop", L.join(kit.count_cell(None, longest), L.cell(" min"))),
                        ("Availability", L.join(kit.num_cell(("availability_pct",),
                                                             facts["availability_pct"], 1),
                                                L.cell("%"))),
                        ("OEE", L.join(kit.num_cell(None, oee, 1), L.cell("%"))),
                        (rng.choice(["Output", "Good units"]), kit.count_cell(None, output))],
             rng.choice(["colon", "aligned", "dots", "pipe"]))
    else:
        kit.count(doc.add("Downtime came to "), ("total_minutes",), total)
        doc.add(" min in all (longest stop ")
        kit.count(doc, None, longest).add(" min), giving an availability of ")
        kit.num(doc, ("availability_pct",), facts["availability_pct"], 1).add("% and an OEE of ")
        kit.num(doc, None, oee, 1).add("%; ")
        kit.count(doc, None, output).line(" good units made.")
    doc.line()
    target_text = says(rng, total <= target, ("Downtime target met.", "Within target: yes",
                                              f"Downtime stayed within the {target} min target."),
                       ("Downtime target not met.", "Within target: no",
                        f"The {target} min downtime target was missed."))
    safe_machine = next((s["machine"] for s in stops if s["cause"] != "planned"), stops[0]["machine"])
    safety_text = says(rng, safety, (f"Safety-related: guard interlock tripped on {safe_machine}, "
                                     "reported to HSE.", "Safety: one near miss logged during a stop"),
                       ("No safety incidents.", "Safety: nothing to report",
                        "None of the stops was safety-related."))
    doc.line(target_text).line(safety_text).line()
    spares_label = rng.choice(["Spares requested", "Parts ordered from stores", "Spares to order"])
    chosen = facts["spares_requested"]
    if chosen and kit.chance(0.5):      # a numbered order list
        doc.line(f"{spares_label}:")
        for i, part in enumerate(chosen):
            doc.add(f"{i + 1}. ").put(("spares_requested", i), part).line()
    else:
        _strings(kit, doc, "spares_requested", chosen, spares_label,
                 rng.choice([f"{spares_label}: none", "No spares needed."]))
    if email:
        doc.line().line(f"Regards,\n{logger}")
    kit.pad(doc)
    evidence.update({("target_met",): target_text, ("safety_related",): safety_text})
    return Draft(("Machine downtime log", "Downtime report", "Line stoppage record"),
                 DOWNTIME_FIELDS, facts, doc, evidence)


# ---- crop spray record ----------------------------------------------------------------------

PRODUCTS = {   # purpose: products (name, active ingredient, rate range per ha, "l" or "kg")
    "herbicide": [("Roundup Flex", "glyphosate", (1.5, 3.0), "l"),
                  ("Atlantis OD", "mesosulfuron + iodosulfuron", (0.8, 1.2), "l"),
                  ("Axial Pro", "pinoxaden", (0.6, 0.82), "l"),
                  ("Pixxaro EC", "halauxifen-methyl + fluroxypyr", (0.25, 0.5), "l"),
                  ("Liberator", "flufenacet + diflufenican", (0.3, 0.6), "l"),
                  ("Ally SX", "metsulfuron-methyl", (0.02, 0.03), "kg")],
    "fungicide": [("Revystar XE", "mefentrifluconazole + fluxapyroxad", (0.75, 1.5), "l"),
                  ("Aviator Xpro", "bixafen + prothioconazole", (0.6, 1.25), "l"),
                  ("Proline 275", "prothioconazole", (0.36, 0.72), "l"),
                  ("Elatus Era", "benzovindiflupyr + prothioconazole", (0.6, 1.0), "l"),
                  ("Amistar", "azoxystrobin", (0.5, 1.0), "l")],
    "insecticide": [("Decis Protech", "deltamethrin", (0.2, 0.33), "l"),
                    ("Hallmark Zeon", "lambda-cyhalothrin", (0.05, 0.07), "l"),
                    ("Teppeki", "flonicamid", (0.1, 0.14), "kg"),
                    ("Mavrik", "tau-fluvalinate", (0.15, 0.2), "l")],
    "growth_regulator": [("Moddus", "trinexapac-ethyl", (0.1, 0.4), "l"),
                         ("Canopy", "mepiquat + prohexadione", (0.6, 1.0), "l"),
                         ("Chlormequat 750", "chlormequat", (1.0, 2.3), "l"),
                         ("Terpal", "mepiquat + ethephon", (0.75, 1.5), "l")]}
PURPOSES = {"herbicide": ("Purpose: weed control", "Herbicide application",
                          "Reason for treatment: weeds"),
            "fungicide": ("Purpose: disease control", "Fungicide application",
                          "Reason for treatment: disease pressure"),
            "insecticide": ("Purpose: pest control", "Insecticide application",
                            "Reason for treatment: insect pests above threshold"),
            "growth_regulator": ("Purpose: growth regulation", "Plant growth regulator (PGR)",
                                 "Reason for treatment: lodging risk")}
TARGETS = {"herbicide": ["Blackgrass", "Cleavers", "Wild oats", "Chickweed", "Poppy",
                         "Ryegrass", "Charlock", "Mayweed"],
           "herbicide_us": ["Waterhemp", "Giant ragweed", "Lambsquarters", "Foxtail",
                            "Marestail", "Palmer amaranth"],
           "fungicide": ["Septoria", "Yellow rust", "Brown rust", "Powdery mildew",
                         "Fusarium", "Net blotch", "Light leaf spot"],
           "insecticide": ["Aphids", "Pollen beetle", "Flea beetle", "Caterpillars", "Thrips"],
           "growth_regulator": ["Lodging", "Brackling"]}
SPRAY_CROPS = {   # locale: (crop, growth stage written)
    "en_US": [("Corn", "V6"), ("Soybeans", "V4"), ("Winter wheat", "Feekes 6"),
              ("Cotton", "pinhead square")],
    "en_GB": [("Winter wheat", "GS 32"), ("Winter barley", "GS 31"), ("Oilseed rape", "GS 55"),
              ("Spring barley", "GS 30"), ("Sugar beet", "4 true leaves")],
    "de_DE": [("Winter wheat", "BBCH 32"), ("Winter barley", "BBCH 31"),
              ("Oilseed rape", "BBCH 55"), ("Sugar beet", "BBCH 14"), ("Grain maize", "BBCH 16")],
    "fr_FR": [("Soft wheat", "BBCH 32"), ("Winter barley", "BBCH 30"), ("Oilseed rape", "BBCH 53"),
              ("Sunflower", "BBCH 16"), ("Grain maize", "BBCH 15")]}
PLOTS = {"en_US": ["North 80", "Home Quarter", "River Bottom", "East Section", "West 40",
                   "Creek Field"],
         "en_GB": ["Long Meadow", "Top Field", "Church Piece", "Mill Ground", "North Breck",
                   "Great Close", "Windmill Hill"],
         "de_DE": ["Am Mühlbach", "Großer Schlag", "Kirchacker", "Sandfeld", "Hinterm Dorf"],
         "fr_FR": ["Les Grands Champs", "La Croix", "Le Moulin", "La Garenne", "Le Pré Haut"]}
SPRAYERS = {"en_US": ["John Deere R4045, 120 ft boom", "Case IH Patriot 4440, 120 ft boom",
                      "Hagie STS16, 132 ft boom", "Apache AS1240, 100 ft boom"],
            "other": ["Amazone UX 5201, 36 m boom", "Horsch Leeb 6.300 LT, 30 m boom",
                      "Househam Harrier, 24 m boom", "Kuhn Lexis 3000, 28 m boom",
                      "Hardi Navigator 4000, 24 m boom"]}
SPRAY_LOCALES = {   # locale: (register of a product, operator's certificate, wind units)
    "en_US": ("EPA Reg. No.", "Applicator license", ("mph",)),
    "en_GB": ("MAPP", "NPTC PA1/PA2 cert. no.", ("mph", "km/h")),
    "de_DE": ("Zul.-Nr.", "Sachkundenachweis no.", ("km/h", "m/s")),
    "fr_FR": ("AMM", "Certiphyto no.", ("km/h", "m/s"))}
DIRECTIONS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
COVERAGE = {1: "very poor", 2: "poor", 3: "adequate", 4: "good", 5: "excellent"}
SPRAY_FIELDS = [
    F.text("farm", "Farm", "Farm or holding the record belongs to.", "holding", "farm_name"),
    F.text("field", "Field", ("Field or plot treated.", "Name of the field sprayed."), "plot",
           "field_name"),
    F.text("crop", "Crop", "Crop in the field.", "crop_type"),
    F.number("area_treated", "Area treated", "Area sprayed, in hectares or acres as recorded "
             "(not the field size).", "treated_area", "area", minimum=0),
    F.date("application_date", "Application date",
           ("Date the spray was applied (not the recommendation or harvest date).",
            "Day of application."), "sprayed_on", "date"),
    F.text("operator", "Operator", "Person who applied the spray (not the advisor).",
           "applicator", "sprayed_by"),
    F.text("sprayer", "Sprayer", "Sprayer used, if recorded.", "equipment", "machine",
           optional=True, keep=0.5),
    F.items("products", "Products", ("Each product in the tank mix.",
                                     "Plant protection products applied."), [
        F.text("product", "Product", "Product name.", "name", "trade_name"),
        F.text("active_ingredient", "Active ingredient", "Active substance, if recorded.",
               "active", "ai", optional=True, keep=0.6),
        F.number("rate", "Dose rate", "Dose per hectare or acre as recorded (not the total "
                 "used).", "dose", "rate_per_area"),
        F.text("registration_number", "Registration number",
               "Product registration (MAPP, EPA, approval) number, if given.", "reg_no",
               "approval_number", optional=True, keep=0.5),
    ], "tank_mix", "chemicals"),
    F.strings("targets", "Targets", ("Weeds, diseases or pests the spray is aimed at.",
                                     "What the application targets."), "target_organisms",
              "pests", keep=0.8),
    F.choice("purpose", "Purpose", "Kind of treatment.", list(PURPOSES), "treatment_type",
             "application_type"),
    F.number("wind_speed", "Wind speed", "Wind speed at the time of spraying, in the unit of "
             "the record (not the gusts).", "wind", keep=0.6),
    F.score("coverage", "Spray coverage", "Coverage assessed on water-sensitive cards.",
            COVERAGE, "coverage_rating", keep=0.6),
    F.flag("buffer_zone", "Buffer zone kept", "Whether a no-spray buffer zone was kept next to "
           "water or a sensitive area.", "buffer_zone_kept", "buffer"),
    F.integer("harvest_interval_days", "Harvest interval (days)",
              "Pre-harvest interval in days, if stated (not the re-entry period).", "phi_days",
              "pre_harvest_interval", optional=True, keep=0.5),
]


def crop_spray_record(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    us = kit.locale == "en_US"
    register, licence, wind_units = SPRAY_LOCALES[kit.locale]
    purpose = rng.choice(list(PURPOSES))
    crop, stage = rng.choice(SPRAY_CROPS[kit.locale])
    area_unit, rate_units = ("ac", {"l": "fl oz/ac", "kg": "oz/ac"}) if us else (
        "ha", {"l": "l/ha", "kg": "kg/ha"})
    area = round(rng.uniform(8, 160), 1) if us else round(rng.uniform(2.5, 48), 2)
    products = []
    for name, active, (lo, hi), kind in rng.sample(PRODUCTS[purpose], rng.randint(1, 3)):
        dose = rng.uniform(lo, hi)
        rate = round(dose * (13.69 if kind == "l" else 14.27), 1) if us else round(dose, 2)
        number = (f"{rng.randint(100, 99999)}-{rng.randint(100, 999)}" if us else
                  {"en_GB": f"{rng.randint(10000, 19999)}",
                   "de_DE": f"{rng.randint(1000, 9999):06d}-00",
                   "fr_FR": f"{rng.randint(2000000, 2249999)}"}[kit.locale])
        products.append({"product": name, "active_ingredient": kit.maybe(active, 0.75),
                         "rate": rate, "registration_number": kit.maybe(number, 0.6),
                         "unit": rate_units[kind]})
    pool = TARGETS["herbicide_us" if us and purpose == "herbicide" else purpose]
    wind_unit = rng.choice(wind_units)
    wind = (round(rng.uniform(0.8, 4.5), 1) if wind_unit == "m/s" else
            rng.randint(2, 10) if wind_unit == "mph" else rng.randint(3, 16))
    sprayed = dt.date(kit.day().year, rng.randint(3, 7), rng.randint(1, 28))   # the spray season
    buffer = kit.chance(0.5)
    people = list(dict.fromkeys(fake.name() for _ in range(3)))
    phi = kit.maybe(rng.choice([28, 35, 42, 49, 56] if purpose != "growth_regulator" else [56, 60]),
                    0.6)
    coverage = rng.choices([1, 2, 3, 4, 5], [1, 2, 4, 6, 4])[0]
    farm = {"en_US": f"{fake.last_name()} Farms", "en_GB": f"{fake.last_name()} Farm",
            "de_DE": f"Hof {fake.last_name()}", "fr_FR": f"EARL {fake.last_name()}"}[kit.locale]
    facts = {"farm": farm, "field": rng.choice(PLOTS[kit.locale]), "crop": crop,
             "area_treated": area, "application_date": sprayed.isoformat(),
             "operator": people[0],
             "sprayer": kit.maybe(rng.choice(SPRAYERS["en_US" if us else "other"]), 0.6),
             "products": [{k: v for k, v in p.items() if k != "unit"} for p in products],
             "targets": rng.sample(pool, rng.choice([0, 1]) if purpose == "growth_regulator"
                                   else rng.choice([0, 1, 2, 2, 3, 4])),
             "purpose": purpose, "wind_speed": wind, "coverage": coverage, "buffer_zone": buffer,
             "harvest_interval_days": phi}
    advisor, recommended = people[1], sprayed - dt.timedelta(days=rng.randint(2, 12))
    cert = f"{rng.randint(100000, 9999999)}"
    begin = rng.randint(6 * 60, 17 * 60) // 5 * 5
    twelve = us and kit.chance(0.5)
    times = f"{clock(begin, twelve)}-{clock(begin + rng.randint(40, 200) // 5 * 5, twelve)}"
    temp = rng.randint(45, 75) if us else rng.randint(6, 22)
    gusts = wind + (rng.randint(2, 6) if wind_unit != "m/s" else round(rng.uniform(0.5, 2.5), 1))
    water = rng.choice([10, 12, 15, 20]) if us else rng.choice([100, 150, 200, 250])
    purpose_text = rng.choice(PURPOSES[purpose])
    title = rng.choice(["PESTICIDE APPLICATION RECORD", "Spray record", "Crop protection record",
                        "Plant protection application record"])
    area_cell = L.join(kit.num_cell(("area_treated",), area, 1 if us else 2), L.cell(f" {area_unit}"))

    def wind_cell() -> L.Cell:
        speed = (kit.num_cell(("wind_speed",), wind, 1) if wind_unit == "m/s"
                 else kit.count_cell(("wind_speed",), wind))
        return L.join(speed, L.cell(f" {wind_unit} {rng.choice(DIRECTIONS)}"))

    sky = rng.choice(["dry", "overcast", "sunny, dry leaves"])
    weather_tail = (f"gusts {kit.style.decimal(gusts, 1) if wind_unit == 'm/s' else gusts} "
                    f"{wind_unit}, {temp} °{'F' if us else 'C'}, {sky}")
    if kit.chance(0.55):
        doc.line(title).put(("farm",), farm).line().line()
        rows = [(rng.choice(["Field", "Field / plot"]), L.cell(facts["field"], ("field",))),
                ("Crop", L.join(L.cell(crop, ("crop",)), L.cell(f" ({stage})"))),
                (rng.choice(["Area treated", "Area sprayed"]), area_cell),
                (rng.choice(["Date", "Date of application", "Applied on"]),
                 kit.date_cell(("application_date",), sprayed)),
                ("Time", L.cell(times)),
                (rng.choice(["Operator", "Applied by", "Sprayer operator"]),
                 L.join(L.cell(people[0], ("operator",)), L.cell(f" ({licence} {cert})")))]
        if facts["sprayer"]:
            rows.append(("Sprayer", L.cell(facts["sprayer"], ("sprayer",))))
        rows += [("Water volume", L.cell(f"{water} {'gal/ac' if us else 'l/ha'}")),
                 (rng.choice(["Recommended by", "Advisor"]), L.cell(advisor)),
                 ("Recommendation date", kit.date_cell(None, recommended)),
                 ("Wind", wind_cell()), ("Weather", L.cell(weather_tail))]
        L.kv(doc, rng, rows)
    else:       # a field diary entry
        doc.line(title).put(("farm",), farm).line().line()
        kit.date(doc.add("On "), ("application_date",), sprayed).add(f" ({times}) ")
        doc.put(("operator",), people[0]).add(f" ({licence} {cert}) sprayed ")
        L.write(doc, area_cell).add(" of ").put(("crop",), crop).add(f" at {stage} in ")
        doc.put(("field",), facts["field"])
        if facts["sprayer"]:
            doc.add(" with the ").put(("sprayer",), facts["sprayer"])
        doc.add(f", water volume {water} {'gal/ac' if us else 'l/ha'}, as recommended by {advisor} on ")
        kit.date(doc, None, recommended).line(".")
        L.write(doc.add("Wind "), wind_cell()).line(f", {weather_tail}.")
    doc.line(purpose_text).line()
    kit.pad(doc)
    style = rng.choice(["table", "items"])
    if style == "table":
        L.table(doc, rng, ["Product", "Active ingredient", "Rate", "Total used", register], [
            [L.cell(p["product"], ("products", i, "product")),
             L.cell(p["active_ingredient"], ("products", i, "active_ingredient"))
             if p["active_ingredient"] else L.cell("-"),
             L.join(kit.num_cell(("products", i, "rate"), p["rate"], 1 if us else 2),
                    L.cell(f" {p['unit']}")),
             L.join(kit.num_cell(None, round(p["rate"] * area, 1), 1),
                    L.cell(f" {p['unit'].split('/')[0]}")),
             L.cell(p["registration_number"], ("products", i, "registration_number"))
             if p["registration_number"] else L.cell("n/a")] for i, p in enumerate(products)])
    else:       # "- Revystar XE (mefentrifluconazole + fluxapyroxad) at 1.00 l/ha, MAPP 18213"
        doc.line(rng.choice(["Products applied:", "Tank mix:", "Products:"]))
        for i, p in enumerate(products):
            at = ("products", i)
            doc.add("- ").put(at + ("product",), p["product"])
            if p["active_ingredient"]:
                doc.add(" (").put(at + ("active_ingredient",), p["active_ingredient"]).add(")")
            kit.num(doc.add(" at "), at + ("rate",), p["rate"], 1 if us else 2).add(f" {p['unit']}")
            if p["registration_number"]:
                doc.add(f", {register} ").put(at + ("registration_number",),
                                              p["registration_number"])
            kit.num(doc.add("; "), None, round(p["rate"] * area, 1), 1)
            doc.line(f" {p['unit'].split('/')[0]} used")
    doc.line()
    _strings(kit, doc, "targets", facts["targets"], rng.choice(["Target", "Targets", "Aimed at"]),
             rng.choice(["Target: none recorded", "No specific target recorded."]))
    form, stars = rating(rng, coverage)
    cover_text = rng.choice([f"Coverage (water-sensitive cards): {stars}",
                             f"Spray coverage: {stars}", f"Coverage check: {stars}"])
    buffer_text = says(rng, buffer, (f"Buffer zone: {rng.choice([5, 6, 10, 12])} m kept along the "
                                     "watercourse.", "No-spray buffer zone kept next to the ditch.",
                                     "Buffer zone observed (LERAP / aquatic buffer)."),
                       ("No buffer zone needed: field does not border water.",
                        "Buffer zone: not required", "No buffer zone was applied."))
    doc.line(cover_text).line(buffer_text)
    if phi:
        kit.count(doc.add(rng.choice(["Harvest interval: ", "PHI: ", "Pre-harvest interval: "])),
                  ("harvest_interval_days",), phi).add(" days (earliest harvest ")
        kit.date(doc, None, sprayed + dt.timedelta(days=phi)).add(")")
        doc.line(f"; re-entry after {rng.choice([6, 12, 24, 48])} h")
    else:
        doc.line(f"Re-entry after {rng.choice([6, 12, 24, 48])} h.")
    doc.line().line(f"Signed: {people[0]}" if kit.chance(0.5) else "Signed: ______________")
    kit.pad(doc)
    return Draft(("Crop spray record", "Pesticide application record", "Spray record"),
                 SPRAY_FIELDS, facts, doc, {("purpose",): purpose_text, ("coverage",): cover_text,
                                            ("buffer_zone",): buffer_text})
