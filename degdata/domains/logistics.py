"""Goods on the move and on the shelf: packing lists, bills of materials, stock count sheets
and delivery route manifests.

Each carries numbers beside the one asked for: the net weights and the units packed beside a
packing list's gross weights and carton count, the item (find) numbers, a batch size and the
line costs beside a BOM's quantities and rolled-up cost, the system quantity and total beside
what was counted, the number of stops beside a route's parcel total; and values of the same
kind beside each other (the invoice number and date beside the packing list number and ship
date, the superseded revision and the drawing date beside the revision and release date, the
previous count beside the count date, the supervisor beside the counter, the dispatcher, the
fleet number and the print date beside the driver, the plate and the route date). Lines come
as tables, bulleted or numbered lists, or one sentence each; the lists of strings (handling
marks, compliance marks, SKUs with a variance, returns to collect) may be empty. Booleans are
as often negated as stated ("no dangerous goods", "not approved for production", "no recount
required", "no signature needed").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..kit import Kit
from ..surface import says


def _series(doc: Doc, path: Path, values: list[str], last: str = ", ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* "])


GOODS = [   # (description, net kg per unit, fragile, hazardous)
    ("Ceramic mug set", 1.6, True, False), ("Glass vase", 0.9, True, False),
    ("LED desk lamp", 1.2, False, False), ("Cotton bath towels", 0.5, False, False),
    ("Stainless steel pan", 1.4, False, False), ("Wall clock", 0.8, True, False),
    ("Bamboo cutting board", 0.7, False, False), ("Wireless router", 0.6, False, False),
    ("Power bank 10000 mAh", 0.3, False, True), ("Spray paint, 400 ml", 0.45, False, True),
    ("Wine glasses, set of 6", 1.9, True, False), ("Yoga mat", 1.3, False, False),
    ("Picture frame 30x40", 0.4, True, False), ("Thermos flask", 0.5, False, False)]
MARKS = ["Keep dry", "This way up", "Do not stack", "Protect from heat", "Use no hooks",
         "Stack max. 3 high"]
INCOTERMS = {"EXW": "Ex Works", "FCA": "Free Carrier", "DAP": "Delivered at Place",
             "DDP": "Delivered Duty Paid", "CIF": "Cost, Insurance and Freight"}
PACKING_FIELDS = [
    F.text("packing_list_number", "Packing list number",
           ("Number of this packing list (not the invoice or order number).",
            "Document number of the packing list."), "pl_number", "document_number"),
    F.text("order_reference", "Order reference", "Buyer's order or PO number, if quoted.",
           "po_number", "customer_order", optional=True, keep=0.7),
    F.text("shipper", "Shipper", "Company sending the goods.", "exporter", "sender"),
    F.text("consignee", "Consignee", "Company or person receiving the goods.", "ship_to",
           "receiver"),
    F.text("consignee_address", "Consignee address", "Delivery address, if given.",
           "delivery_address", optional=True, keep=0.6),
    F.date("ship_date", "Ship date", "Date the goods were dispatched (not the invoice date).",
           "dispatch_date", "shipped_on"),
    F.items("cartons", "Cartons", ("Each carton or package and what it holds.",
                                   "The packages of the shipment, in order."), [
        F.text("carton_number", "Carton number", "Marking of the carton.", "carton_no",
               "package_id", keep=0.8),
        F.text("description", "Description", "Goods packed in the carton.", "contents", "item"),
        F.integer("quantity", "Quantity", "Units packed in the carton.", "qty", "units"),
        F.number("gross_weight_kg", "Gross weight (kg)", "Carton gross weight (not the net weight).",
                 "gross_kg", "weight", keep=0.7),
    ], "packages", "lines"),
    F.integer("total_cartons", "Total cartons",
              "Number of cartons or packages (not the number of units).", "package_count",
              "number_of_packages", keep=0.7),
    F.number("total_gross_weight_kg", "Total gross weight (kg)",
             ("Gross weight of the whole shipment (not the net weight).",
              "Shipment gross weight in kilograms."), "gross_weight", "total_weight", minimum=0),
    F.flag("fragile", "Fragile", "Whether the shipment contains fragile goods.", "is_fragile",
           "contains_fragile"),
    F.flag("hazardous", "Dangerous goods", "Whether the shipment contains hazardous goods.",
           "dangerous_goods", "hazmat", keep=0.8),
    F.choice("incoterm", "Incoterm", "Delivery terms (Incoterms rule).", list(INCOTERMS),
             "delivery_terms", keep=0.5),
    F.strings("handling_marks", "Handling marks", "Handling instructions marked on the packages.",
              "shipping_marks", "handling_instructions", keep=0.7),
]


def packing_list(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    shipped, prefix = kit.day(), rng.choice(["CTN-", "C", "BOX "])
    goods = rng.sample(GOODS, rng.randint(1, 6))
    cartons, net = [], []
    for k, (desc, unit_kg, _, _) in enumerate(goods, 1):
        qty = rng.choice([2, 4, 6, 10, 12, 20, 24])
        net.append(round(qty * unit_kg, 2))
        cartons.append({"carton_number": f"{prefix}{k:02d}", "description": desc, "quantity": qty,
                        "gross_weight_kg": round(net[-1] + rng.uniform(0.3, 1.5), 2)})
    fragile, hazardous = any(g[2] for g in goods), any(g[3] for g in goods)
    facts = {"packing_list_number": f"PL-{rng.randint(10000, 999999)}",
             "order_reference": kit.maybe(f"{rng.choice(['PO-', 'PO ', 'ORD-'])}"
                                          f"{rng.randint(1000, 99999)}", 0.75),
             "shipper": fake.company(), "consignee": fake.company() if kit.chance(0.7) else fake.name(),
             "consignee_address": kit.maybe(fake.address().replace("\n", ", "), 0.7),
             "ship_date": shipped.isoformat(), "cartons": cartons, "total_cartons": len(cartons),
             "total_gross_weight_kg": round(sum(c["gross_weight_kg"] for c in cartons), 2),
             "fragile": fragile, "hazardous": hazardous, "incoterm": rng.choice(list(INCOTERMS)),
             "handling_marks": rng.sample(MARKS, rng.choice([0, 0, 1, 2, 2, 3, 4]))}
    title = rng.choice(["PACKING LIST", "Packing List", "PACKING SLIP", "Packing list"])
    number = L.cell(facts["packing_list_number"], ("packing_list_number",))
    invoice = L.cell(f"INV-{rng.randint(10000, 99999)}")
    refs = [(rng.choice(["Invoice no.", "Commercial invoice"]), invoice),
            ("Invoice date", kit.date_cell(None, shipped - dt.timedelta(days=rng.randint(1, 6)))),
            (rng.choice(["Ship date", "Date of dispatch", "Shipped on"]),
             kit.date_cell(("ship_date",), shipped))]
    if facts["order_reference"]:
        refs.insert(1, (rng.choice(["Your order", "PO number", "Order ref."]),
                        L.cell(facts["order_reference"], ("order_reference",))))
    if kit.chance(0.5):
        L.write(doc.add(f"{title} No. "), number).line().line()
    else:
        doc.line(title).line()
        refs.insert(0, ("Packing list no.", number))
    if kit.chance(0.5):      # address blocks, then the references
        doc.line(rng.choice(["Shipper:", "Exporter:", "From:"])).put(("shipper",), facts["shipper"])
        doc.line().line(fake.address().replace("\n", ", ")).line()
        doc.line(rng.choice(["Consignee:", "Ship to:", "Deliver to:"]))
        doc.put(("consignee",), facts["consignee"]).line()
        if facts["consignee_address"]:
            doc.put(("consignee_address",), facts["consignee_address"]).line()
        L.kv(doc.line(), rng, refs)
    else:
        rows = [("Shipper", L.cell(facts["shipper"], ("shipper",))),
                ("Consignee", L.cell(facts["consignee"], ("consignee",)))]
        if facts["consignee_address"]:
            rows.append(("Delivery address",
                         L.cell(facts["consignee_address"], ("consignee_address",))))
        L.kv(doc, rng, rows + refs)
    code = facts["incoterm"]
    terms = rng.choice([f"Incoterms 2020: {code}", f"Terms of delivery: {INCOTERMS[code]}"])
    doc.line().line(f"{terms} {fake.city()}").line()
    kit.pad(doc)
    style = rng.choice(["table", "list", "prose"])
    if style == "table":
        L.table(doc, rng, [rng.choice(["Carton", "Ctn no.", "Package"]), "Description", "Qty",
                           "Net kg", "Gross kg"], [
            [L.cell(c["carton_number"], ("cartons", i, "carton_number")),
             L.cell(c["description"], ("cartons", i, "description")),
             kit.count_cell(("cartons", i, "quantity"), c["quantity"]), kit.num_cell(None, net[i]),
             kit.num_cell(("cartons", i, "gross_weight_kg"), c["gross_weight_kg"])]
            for i, c in enumerate(cartons)])
    for i, c in enumerate(cartons):
        at = ("cartons", i)
        if style == "list":      # "- C01: 12 x Glass vase - net 10.80 kg / gross 11.60 kg"
            doc.add("- ").put(at + ("carton_number",), c["carton_number"]).add(": ")
            kit.count(doc, at + ("quantity",), c["quantity"]).add(" x ")
            kit.num(doc.put(at + ("description",), c["description"]).add(" - net "), None, net[i])
            kit.num(doc.add(" kg / gross "), at + ("gross_weight_kg",), c["gross_weight_kg"])
            doc.line(" kg")
        elif style == "prose":   # "Carton C01 holds 12 units of Glass vase, gross 11.60 kg (net ...)."
            doc.add("Carton ").put(at + ("carton_number",), c["carton_number"]).add(" holds ")
            kit.count(doc, at + ("quantity",), c["quantity"]).add(" units of ")
            doc.put(at + ("description",), c["description"]).add(", gross weight ")
            kit.num(doc, at + ("gross_weight_kg",), c["gross_weight_kg"]).add(" kg (net ")
            kit.num(doc, None, net[i]).line(" kg).")
    units = sum(c["quantity"] for c in cartons)
    doc.line()
    if kit.chance(0.6):
        gross = kit.num_cell(("total_gross_weight_kg",), facts["total_gross_weight_kg"])
        L.kv(doc, rng, [
            (rng.choice(["Total cartons", "Packages", "No. of packages"]),
             kit.count_cell(("total_cartons",), len(cartons))),
            ("Total units", kit.count_cell(None, units)),
            ("Total net weight", L.join(kit.num_cell(None, round(sum(net), 2)), L.cell(" kg"))),
            ("Total gross weight", L.join(gross, L.cell(" kg")))],
             rng.choice(["colon", "aligned", "dots"]))
    else:
        kit.count(doc.add("In all "), ("total_cartons",), len(cartons)).add(" package(s) holding ")
        kit.count(doc, None, units).add(" units; gross weight ")
        kit.num(doc, ("total_gross_weight_kg",), facts["total_gross_weight_kg"]).add(" kg, net ")
        kit.num(doc, None, round(sum(net), 2)).line(" kg.")
    _strings(kit, doc, "handling_marks", facts["handling_marks"],
             rng.choice(["Handling marks", "Marks", "Handling instructions"]),
             rng.choice(["Marks: none", "No special handling marks."]))
    fragile_text = says(rng, fragile, ("FRAGILE - handle with care.", "Contains fragile items."),
                        ("No fragile items.", "Contents are not fragile."))
    haz_text = says(rng, hazardous, ("Dangerous goods: YES - see DG declaration attached.",
                                     "Contains hazardous materials; DG note enclosed."),
                    ("No dangerous goods.", "Non-hazardous: not restricted for transport.",
                     "Dangerous goods: none"))
    doc.line().line(fragile_text).line(haz_text)
    kit.pad(doc.line().line(f"Packed by: {fake.name()}"))
    return Draft(("Packing list", "Packing slip", "Shipment packing list"), PACKING_FIELDS, facts,
                 doc, {("fragile",): fragile_text, ("hazardous",): haz_text, ("incoterm",): terms})


ASSEMBLIES = {   # assembly: its parts (description, unit; "pcs" = counted pieces)
    "Motor controller PCBA": [
        ("Printed circuit board, 4-layer", "pcs"), ("Microcontroller STM32F4", "pcs"),
        ("Capacitor 10 uF 25 V", "pcs"), ("Resistor 10 kOhm 0603", "pcs"),
        ("MOSFET 60 V 30 A", "pcs"), ("Terminal block, 3-pole", "pcs"), ("Solder paste", "g"),
        ("Conformal coating", "ml")],
    "Hydraulic pump skid": [
        ("Gear pump 12 cc", "pcs"), ("Electric motor 4 kW", "pcs"), ("Steel base frame", "pcs"),
        ("Hydraulic hose 1/2 in", "m"), ("Pressure gauge 0-250 bar", "pcs"),
        ("Hex bolt M12 x 40", "pcs"), ("Hydraulic oil HLP 46", "l"), ("Coupling half", "pcs")],
    "Office chair": [
        ("Seat shell", "pcs"), ("Gas lift cylinder", "pcs"), ("Five-star base", "pcs"),
        ("Castor 50 mm", "pcs"), ("Armrest, left", "pcs"), ("Armrest, right", "pcs"),
        ("Upholstery fabric", "m"), ("Screw M6 x 20", "pcs")],
    "Cabinet door module": [
        ("MDF panel 18 mm", "pcs"), ("Concealed hinge 110 deg", "pcs"), ("Handle 128 mm", "pcs"),
        ("Edge banding 2 mm", "m"), ("Wood glue", "kg"), ("Soft-close damper", "pcs")]}
COMPLIANCE = ["RoHS", "REACH", "CE", "UL 94 V-0", "IPC-A-610 Class 2", "ISO 2768-m"]
NOTES = ["Torque all M12 bolts to 80 Nm.", "Apply thread locker to item 30.",
         "Inspect 1 in 20 units before packing.", "Store below 25 C."]
BOM_FIELDS = [
    F.text("assembly", "Assembly", "Name of the assembly the BOM builds.", "assembly_name",
           "product"),
    F.text("assembly_number", "Assembly number",
           ("Part number of the top-level assembly (not a component's).",
            "Drawing or item number of the assembly."), "top_level_part", "item_number", keep=0.8),
    F.text("revision", "Revision", "Current revision of the BOM (not the one it supersedes).",
           "rev", "revision_level"),
    F.date("release_date", "Release date",
           "Date the BOM was released (not the drawing date); null while in draft.", "released_on",
           "effective_date", optional=True),
    F.text("prepared_by", "Prepared by", "Engineer who prepared the BOM.", "engineer", "author",
           keep=0.7),
    F.text("approved_by", "Approved by", "Who approved it; null when not approved.", "approver",
           optional=True, keep=0.6),
    F.items("components", "Components", ("Each part line of the BOM, in order.",
                                         "The parts that go into one assembly."), [
        F.text("part_number", "Part number", "Component part number.", "pn", "part_no"),
        F.text("description", "Description", "What the part is.", "part_description", "name"),
        F.number("quantity", "Quantity", "Quantity per assembly (not the item or find number).",
                 "qty", "qty_per"),
        F.text("unit", "Unit", "Unit of measure of the quantity.", "uom", keep=0.7),
        F.text("supplier", "Supplier", "Supplier of a bought part; null for parts made in-house.",
               "vendor", "manufacturer", optional=True, keep=0.6),
    ], "parts", "bom_lines"),
    F.flag("approved", "Approved", "Whether the BOM is approved for production.", "is_approved",
           "production_approved"),
    F.number("assembly_cost", "Cost per assembly",
             "Rolled-up cost of one assembly, if stated (not a line's unit cost).", "rolled_up_cost",
             "total_cost", optional=True, keep=0.5),
    F.strings("compliance", "Compliance", "Standards or directives the assembly complies with.",
              "standards", "certifications", keep=0.7),
]


def bill_of_materials(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    assembly, pool = rng.choice(list(ASSEMBLIES.items()))
    piece, prefix = rng.choice(["pcs", "EA", "pc"]), rng.choice(["P-", "PN", "100-", "CMP-"])
    approved, drawn = kit.chance(0.6), kit.day()
    parts = []
    for (desc, unit), n in zip(rng.sample(pool, rng.randint(1, 6)), rng.sample(range(10000, 99999), 6)):
        parts.append({"part_number": f"{prefix}{n}", "description": desc,
                      "quantity": rng.choice([1, 1, 2, 4, 6, 8, 12]) if unit == "pcs"
                      else round(rng.uniform(0.05, 3.5), 2),
                      "unit": piece if unit == "pcs" else unit,
                      "supplier": fake.company() if kit.chance(0.65) else None})
    costs = [kit.amount(0.05, 180) for _ in parts]
    step = rng.randint(1, 6)
    rev, prev = ((("ABCDEFG"[step], "ABCDEFG"[step - 1]) if kit.chance(0.6)
                  else (f"{step + 1:02d}", f"{step:02d}")))
    facts = {"assembly": assembly,
             "assembly_number": rng.choice([f"ASM-{rng.randint(1000, 99999)}",
                                            f"{rng.randint(100, 999)}-{rng.randint(1000, 9999)}"]),
             "revision": rev,
             "release_date": kit.day(after=drawn, within=60).isoformat() if approved else None,
             "prepared_by": fake.name(), "approved_by": fake.name() if approved and kit.chance(0.8)
             else None, "components": parts, "approved": approved,
             "assembly_cost": kit.maybe(round(sum(p["quantity"] * c for p, c in zip(parts, costs))
                                              + rng.choice([5, 12, 20, 35]), 2), 0.6),
             "compliance": rng.sample(COMPLIANCE, rng.choice([0, 0, 1, 2, 3]))}
    rev_cell = L.join(L.cell(rev, ("revision",)), L.cell(f" (supersedes {prev})"))
    rows = [("Drawing date" if kit.chance(0.5) else "Created", kit.date_cell(None, drawn)),
            ("Batch size", kit.count_cell(None, rng.choice([10, 25, 50, 100]))),
            ("Prepared by", L.cell(facts["prepared_by"], ("prepared_by",)))]
    if approved:
        rows.insert(1, (rng.choice(["Release date", "Released", "Effective"]),
                        kit.date_cell(("release_date",), dt.date.fromisoformat(facts["release_date"]))))
    if kit.chance(0.5):
        doc.line(rng.choice(["BILL OF MATERIALS", "Bill of Materials (BOM)", "Parts list"])).line()
        L.kv(doc, rng, [("Assembly", L.cell(assembly, ("assembly",))),
                        ("Assembly no.", L.cell(facts["assembly_number"], ("assembly_number",))),
                        ("Revision", rev_cell)] + rows)
    else:       # "BOM 412-5521 Rev C - Office chair"
        doc.add("BOM ").put(("assembly_number",), facts["assembly_number"]).add(" Rev ")
        L.write(doc, rev_cell[:1]).add(" - ").put(("assembly",), assembly).line().line()
        L.kv(doc, rng, [("Supersedes", L.cell(f"Rev {prev}"))] + rows)
    doc.line()
    kit.pad(doc)
    style, find = rng.choice(["table", "indented", "prose"]), rng.choice([1, 10])
    if style == "table":
        costed = kit.chance(0.5)
        L.table(doc, rng, ["Item", "Part no.", "Description", "Qty", "UoM", "Supplier"]
                + ["Unit cost"] * costed, [
            [L.cell(str((i + 1) * find)), L.cell(p["part_number"], ("components", i, "part_number")),
             L.cell(p["description"], ("components", i, "description")),
             _qty_cell(kit, ("components", i, "quantity"), p["quantity"]),
             L.cell(p["unit"], ("components", i, "unit")),
             L.cell(p["supplier"], ("components", i, "supplier")) if p["supplier"]
             else L.cell("in-house")]
            + [kit.money_cell(None, costs[i])] * costed for i, p in enumerate(parts)])
    for i, p in enumerate(parts):
        at = ("components", i)
        if style == "indented":  # "  10  P-12345  Gear pump 12 cc ..... 2 pcs  [Supplier]"
            doc.add(f"{(i + 1) * find:>4}  ").put(at + ("part_number",), p["part_number"]).add("  ")
            doc.put(at + ("description",), p["description"]).add(" ..... ")
            L.write(doc, _qty_cell(kit, at + ("quantity",), p["quantity"])).add(" ")
            doc.put(at + ("unit",), p["unit"])
            if p["supplier"]:
                doc.add("  [").put(at + ("supplier",), p["supplier"]).add("]")
            doc.line()
        elif style == "prose":   # "Item 10 is 2 pcs of Gear pump 12 cc (P-12345), bought from X."
            doc.add(f"Item {(i + 1) * find} is ")
            L.write(doc, _qty_cell(kit, at + ("quantity",), p["quantity"])).add(" ")
            doc.put(at + ("unit",), p["unit"]).add(" of ").put(at + ("description",), p["description"])
            doc.add(" (").put(at + ("part_number",), p["part_number"]).add(")")
            if p["supplier"]:
                doc.add(", bought from ").put(at + ("supplier",), p["supplier"]).line(".")
            else:
                doc.line(", made in-house.")
    doc.line()
    if facts["assembly_cost"] is not None:
        kit.money(doc.add("Rolled-up cost per assembly: "), ("assembly_cost",), facts["assembly_cost"])
        doc.line()
    if facts["compliance"] and kit.chance(0.5):
        _series(doc.add("Complies with "), ("compliance",), facts["compliance"], " and ").line(".")
    else:
        _strings(kit, doc, "compliance", facts["compliance"], "Compliance", "Compliance: n/a")
    if kit.chance(0.5):
        doc.line(f"Note: {rng.choice(NOTES)}")
    approved_text = says(rng, approved, ("Status: RELEASED - approved for production.",
                                         "Approved for production."),
                         ("Status: DRAFT - not approved for production.",
                          "Not yet approved: prototype build only."))
    doc.line().line(approved_text)
    if facts["approved_by"]:
        doc.add("Approved by: ").put(("approved_by",), facts["approved_by"]).line()
    kit.pad(doc)
    return Draft(("Bill of materials", "BOM", "Parts list"), BOM_FIELDS, facts, doc,
                 {("approved",): approved_text})


def _qty_cell(kit: Kit, path: Path, qty: float) -> L.Cell:
    """Counted pieces as a whole number, bulk quantities with two decimals."""
    return kit.count_cell(path, qty) if isinstance(qty, int) else kit.num_cell(path, qty)


STOCK = [("Copy paper A4, 500 sheets", "PAP"), ("Nitrile gloves, size M", "GLV"),
         ("Pallet wrap 500 mm", "WRP"), ("Cable ties 200 mm", "CTI"),
         ("Shipping labels 100x150", "LBL"), ("Safety goggles", "SAF"), ("Packing tape, brown", "TAP"),
         ("Bubble wrap roll", "BUB"), ("AA batteries, 24 pack", "BAT"),
         ("Hand sanitiser 500 ml", "SAN"), ("Hi-vis vest, L", "HVV"), ("Cardboard box 40x30x30", "BOX")]
COUNT_TYPES = {"full": ("Annual stocktake - full count", "Full inventory count"),
               "cycle": ("Cycle count", "Cycle count (class A items)"),
               "spot": ("Spot check", "Ad-hoc spot check")}
STOCK_FIELDS = [
    F.text("sheet_number", "Count sheet number", "Reference of the count sheet.", "count_id",
           "sheet_id", keep=0.7),
    F.text("warehouse", "Warehouse", "Warehouse or site counted.", "site", "location"),
    F.text("zone", "Zone", "Zone or area of the warehouse counted, if given.", "area",
           optional=True, keep=0.6),
    F.date("count_date", "Count date",
           "Date of the count (not the previous count or the print date).", "counted_on", "date"),
    F.choice("count_type", "Count type", "Kind of count.", list(COUNT_TYPES), "type", keep=0.7),
    F.text("counter", "Counted by", "Person who counted (not the supervisor).", "counter_name",
           "counted_by"),
    F.text("supervisor", "Verified by", "Supervisor who checked the count; null if not signed.",
           "verified_by", "checker", optional=True, keep=0.6),
    F.items("lines", "Count lines", ("Each SKU counted.", "One line per item on the sheet."), [
        F.text("sku", "SKU", "Stock keeping unit.", "item_code", "article"),
        F.text("description", "Description", "Item description.", "name", keep=0.6),
        F.text("bin", "Bin", "Bin location, if shown.", "bin_location", optional=True, keep=0.5),
        F.integer("expected", "Expected quantity", "Quantity on the system (book stock).",
                  "system_qty", "book_qty"),
        F.integer("counted", "Counted quantity", "Quantity physically counted.", "physical_qty",
                  "count"),
        F.integer("variance", "Variance", "Counted minus expected.", "difference", keep=0.5),
    ], "items", "count_lines"),
    F.integer("total_counted", "Total counted", "Units counted in total (not the system total).",
              "counted_total", keep=0.6),
    F.strings("discrepancies", "Discrepancies", ("SKUs whose count differs from the system.",
                                                 "Item codes with a variance."),
              "variance_skus", "mismatched_skus", keep=0.8),
    F.flag("recount_required", "Recount required", "Whether a recount has been ordered.",
           "needs_recount"),
]


def stock_count(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    counted_on, show_bins = kit.day(), kit.chance(0.6)
    aisle = rng.choice("ABCDEFGH")
    lines = []
    for (desc, code), bay in zip(rng.sample(STOCK, rng.randint(1, 6)), rng.sample(range(1, 40), 6)):
        expected = rng.randint(0, 400)
        counted = max(0, expected + (0 if kit.chance(0.6) else rng.choice([-12, -5, -2, -1, 1, 3, 8])))
        lines.append({"sku": f"{code}-{rng.randint(100, 9999)}", "description": desc,
                      "bin": f"{aisle}-{bay:02d}-{rng.randint(1, 5)}" if show_bins else None,
                      "expected": expected, "counted": counted, "variance": counted - expected})
    off = [x["sku"] for x in lines if x["variance"]]
    recount, kind = bool(off) and kit.chance(0.7), rng.choice(list(COUNT_TYPES))
    facts = {"sheet_number": f"SC-{rng.randint(1000, 99999)}",
             "warehouse": f"{fake.city()} {rng.choice(['DC', 'Warehouse', 'Depot', 'Logistics Hub'])}",
             "zone": kit.maybe(f"Zone {aisle}", 0.7), "count_date": counted_on.isoformat(),
             "count_type": kind, "counter": fake.name(), "supervisor": kit.maybe(fake.name(), 0.6),
             "lines": lines, "total_counted": sum(x["counted"] for x in lines), "discrepancies": off,
             "recount_required": recount}
    kind_text = rng.choice(COUNT_TYPES[kind])
    doc.line(rng.choice(["STOCK COUNT SHEET", "Inventory count", "Stock take record"]))
    doc.line(kind_text).line()
    rows = [("Sheet no.", L.cell(facts["sheet_number"], ("sheet_number",))),
            (rng.choice(["Warehouse", "Site"]), L.cell(facts["warehouse"], ("warehouse",)))]
    if facts["zone"]:
        rows.append(("Area", L.cell(facts["zone"], ("zone",))))
    rows += [("Count date", kit.date_cell(("count_date",), counted_on)),
             ("Last counted", kit.date_cell(None, counted_on - dt.timedelta(days=rng.randint(20, 99)))),
             (rng.choice(["Counted by", "Counter"]), L.cell(facts["counter"], ("counter",)))]
    L.kv(doc, rng, rows)
    doc.line()
    kit.pad(doc)

    def var_cell(i: int, v: int) -> L.Cell:
        return L.join(L.cell("+" if v > 0 else ""), kit.count_cell(("lines", i, "variance"), v))

    style = rng.choice(["table", "list", "prose"])
    if style == "table":
        head = ["SKU", "Description"] + ["Bin"] * show_bins + ["System", "Counted", "Var."]
        L.table(doc, rng, head, [
            [L.cell(x["sku"], ("lines", i, "sku")),
             L.cell(x["description"], ("lines", i, "description"))]
            + [L.cell(x["bin"], ("lines", i, "bin"))] * show_bins
            + [kit.count_cell(("lines", i, "expected"), x["expected"]),
               kit.count_cell(("lines", i, "counted"), x["counted"]), var_cell(i, x["variance"])]
            for i, x in enumerate(lines)])
    for i, x in enumerate(lines):
        at = ("lines", i)
        if style == "list":      # "- PAP-123 (Copy paper A4), bin B-04-2: system 120, counted 118, ..."
            doc.add("- ").put(at + ("sku",), x["sku"]).add(" (")
            doc.put(at + ("description",), x["description"]).add(")")
            if x["bin"]:
                doc.add(", bin ").put(at + ("bin",), x["bin"])
            kit.count(doc.add(": system "), at + ("expected",), x["expected"]).add(", counted ")
            kit.count(doc, at + ("counted",), x["counted"])
            L.write(doc.add(", var. "), var_cell(i, x["variance"])).line()
        elif style == "prose":   # "Copy paper A4 (PAP-123) in bin B-04-2: 118 counted against 120 ..."
            doc.put(at + ("description",), x["description"]).add(" (").put(at + ("sku",), x["sku"])
            doc.add(")")
            if x["bin"]:
                doc.add(" in bin ").put(at + ("bin",), x["bin"])
            kit.count(doc.add(": "), at + ("counted",), x["counted"]).add(" counted against ")
            kit.count(doc, at + ("expected",), x["expected"]).add(" on the system (variance ")
            L.write(doc, var_cell(i, x["variance"])).line(").")
    system = sum(x["expected"] for x in lines)
    doc.line()
    L.kv(doc, rng, [("System total", kit.count_cell(None, system)),
                    ("Counted total", kit.count_cell(("total_counted",), facts["total_counted"]))],
         rng.choice(["colon", "aligned", "dots"]))
    _strings(kit, doc, "discrepancies", off, rng.choice(["Variances found", "Items with a variance"]),
             rng.choice(["No variances found.", "All counts agree with the system."]))
    recount_text = says(rng, recount, ("Recount required.", "Recount ordered for the items above."),
                        ("No recount required.", "Variances accepted, no recount needed.")
                        if off else ("No recount required.", "Recount: not needed"))
    doc.line().line(recount_text)
    if facts["supervisor"]:
        doc.add("Verified by: ").put(("supervisor",), facts["supervisor"]).line()
    else:
        doc.line("Verified by: ________")
    doc.add("Printed ")
    kit.date(doc, None, counted_on - dt.timedelta(days=rng.randint(1, 3))).line()
    kit.pad(doc)
    return Draft(("Stock count", "Inventory count sheet", "Stocktake"), STOCK_FIELDS, facts, doc,
                 {("count_type",): kind_text, ("recount_required",): recount_text})


SIGNATURE = {True: ("signature required", "POD signature", "sign on delivery"),
             False: ("no signature needed", "no signature", "leave safe")}
MANIFEST_FIELDS = [
    F.text("route_id", "Route", "Route identifier.", "route_number", "route"),
    F.date("route_date", "Route date", "Day the route is driven (not the print date).",
           "delivery_date", "date"),
    F.text("driver", "Driver", "Driver assigned to the route (not the dispatcher).", "driver_name"),
    F.text("vehicle_plate", "Vehicle registration",
           "Registration plate of the vehicle (not the fleet number).", "registration", "plate"),
    F.text("depot", "Depot", "Depot the route starts from, if given.", "hub", optional=True,
           keep=0.6),
    F.text("departure_time", "Departure", "Time the vehicle leaves the depot, if given.",
           "start_time", optional=True, keep=0.5),
    F.items("stops", "Stops", ("Each delivery stop in route order.", "The drops of the route."), [
        F.text("customer", "Customer", "Who the delivery is for.", "recipient", "consignee"),
        F.text("address", "Address", "Delivery address.", "delivery_address", keep=0.8),
        F.integer("parcels", "Parcels", "Parcels to deliver at the stop.", "parcel_count", "pieces"),
        F.text("time_window", "Time window", "Agreed delivery window, if any.", "window", "slot",
               optional=True, keep=0.7),
        F.flag("signature_required", "Signature required", "Whether the recipient must sign.",
               "needs_signature", keep=0.8),
    ], "deliveries", "drops"),
    F.integer("total_parcels", "Total parcels",
              "Parcels on the vehicle in total (not the number of stops).", "parcel_total", keep=0.7),
    F.strings("collections", "Collections", "Return references to collect on the route.",
              "pickups", "returns", keep=0.6),
    F.flag("vehicle_check_done", "Vehicle check done",
           "Whether the daily vehicle check was completed.", "walkaround_check", keep=0.6),
]


def delivery_manifest(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    day = kit.day()
    stops = [{"customer": fake.company() if kit.chance(0.5) else fake.name(),
              "address": f"{fake.street_address()}, {fake.city()}".replace("\n", ", "),
              "parcels": rng.randint(1, 9),
              "time_window": kit.maybe(f"{h:02d}:00-{h + rng.choice([1, 2, 3]):02d}:00", 0.7),
              "signature_required": kit.chance(0.5)}
             for h in sorted(rng.sample(range(7, 18), rng.randint(1, 6)))]
    checked, returns = kit.chance(0.75), rng.sample(range(10000, 99999), rng.choice([0, 0, 1, 2, 3]))
    depot = f"{fake.city()} {rng.choice(['depot', 'hub', 'delivery station'])}"
    facts = {"route_id": f"{rng.choice(['R', 'RT-', 'TOUR '])}{rng.randint(10, 999)}",
             "route_date": day.isoformat(), "driver": fake.name(),
             "vehicle_plate": fake.license_plate().strip(), "depot": kit.maybe(depot, 0.7),
             "departure_time": kit.maybe(f"0{rng.randint(5, 6)}:{rng.choice(['00', '15', '30'])}"),
             "stops": stops, "total_parcels": sum(s["parcels"] for s in stops),
             "collections": [f"RTN-{n}" for n in returns], "vehicle_check_done": checked}
    fleet, printed = f"Van {rng.randint(1, 60)}", day - dt.timedelta(days=rng.randint(0, 1))
    title = rng.choice(["DELIVERY MANIFEST", "Driver manifest", "Route sheet"])
    if kit.chance(0.6):
        doc.line(title).line()
        rows = [("Route", L.cell(facts["route_id"], ("route_id",))),
                ("Date", kit.date_cell(("route_date",), day)),
                ("Driver", L.cell(facts["driver"], ("driver",))),
                (rng.choice(["Vehicle reg.", "Registration", "Plate"]),
                 L.cell(facts["vehicle_plate"], ("vehicle_plate",))),
                ("Fleet no.", L.cell(fleet))]
        if facts["depot"]:
            rows.append(("Depot", L.cell(facts["depot"], ("depot",))))
        if facts["departure_time"]:
            rows.append(("Departure", L.cell(facts["departure_time"], ("departure_time",))))
        L.kv(doc, rng, rows + [("Dispatcher", L.cell(fake.name())),
                               ("Printed", kit.date_cell(None, printed))])
    else:       # a dispatcher's note
        doc.add(f"{title} - route ").put(("route_id",), facts["route_id"]).line().line()
        kit.date(doc.add("Printed "), None, printed).add(f" by {fake.name()} (dispatch).\n")
        kit.date(doc.add("On "), ("route_date",), day).add(" the route is driven by ")
        doc.put(("driver",), facts["driver"])
        doc.add(" in vehicle ").put(("vehicle_plate",), facts["vehicle_plate"]).add(f" ({fleet})")
        if facts["depot"]:
            doc.add(", starting from ").put(("depot",), facts["depot"])
        if facts["departure_time"]:
            doc.add(" at " if facts["depot"] else ", leaving at ")
            doc.put(("departure_time",), facts["departure_time"])
        doc.line(".")
    doc.line()
    kit.pad(doc)
    evidence = {}
    style = rng.choice(["table", "numbered", "prose"])
    sigs = [rng.choice(SIGNATURE[s["signature_required"]]) for s in stops]
    if style == "table":
        L.table(doc, rng, ["Stop", "Customer", "Address", "Parcels", "Window", "Signature"], [
            [L.cell(str(i + 1)), L.cell(s["customer"], ("stops", i, "customer")),
             L.cell(s["address"], ("stops", i, "address")),
             kit.count_cell(("stops", i, "parcels"), s["parcels"]),
             L.cell(s["time_window"], ("stops", i, "time_window")) if s["time_window"]
             else L.cell("any"),
             L.cell(sigs[i])] for i, s in enumerate(stops)])
    for i, s in enumerate(stops):
        at = ("stops", i)
        evidence[at + ("signature_required",)] = sigs[i]
        if style == "numbered":  # "1. Customer, Address - 3 parcels - 09:00-11:00 - POD signature"
            doc.add(f"{i + 1}. ").put(at + ("customer",), s["customer"]).add(", ")
            doc.put(at + ("address",), s["address"]).add(" - ")
            kit.count(doc, at + ("parcels",), s["parcels"]).add(" parcel(s) - ")
            if s["time_window"]:
                doc.put(at + ("time_window",), s["time_window"]).add(" - ")
            doc.line(sigs[i])
        elif style == "prose":   # "Stop 2: 3 parcel(s) for X at Y, window 09:00-11:00; no signature."
            kit.count(doc.add(f"Stop {i + 1}: "), at + ("parcels",), s["parcels"])
            doc.add(" parcel(s) for ")
            doc.put(at + ("customer",), s["customer"]).add(" at ").put(at + ("address",), s["address"])
            if s["time_window"]:
                doc.add(", window ").put(at + ("time_window",), s["time_window"])
            doc.line(f"; {sigs[i]}.")
    doc.line()
    kit.count(doc.add("Total parcels: "), ("total_parcels",), facts["total_parcels"]).add(" on ")
    kit.count(doc, None, len(stops)).line(" stop(s)")
    _strings(kit, doc, "collections", facts["collections"],
             rng.choice(["Collections", "Returns to collect"]),
             rng.choice(["No collections on this route.", "Returns to collect: none"]))
    check_text = says(rng, checked, ("Daily vehicle check completed, no defects.",
                                     "[x] Vehicle check done"),
                      ("Vehicle check not yet completed.", "[ ] Vehicle check done"))
    doc.line().line(check_text).line("Driver signature: ______________")
    kit.pad(doc)
    evidence[("vehicle_check_done",)] = check_text
    return Draft(("Delivery manifest", "Route manifest", "Driver run sheet"), MANIFEST_FIELDS, facts,
                 doc, evidence)
