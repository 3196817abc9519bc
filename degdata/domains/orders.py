"""Orders and bills: purchase orders and utility bills.

Both mix a key-value header, a table and payment wording that must be read ("not yet
paid", "awaiting approval"). Distractors: the order date beside the delivery date, a
previous balance beside the amount due, meter readings beside the billed usage.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import says

PO_FIELDS = [
    F.text("po_number", "PO number", "The purchase order number.", "order_number", "po_id"),
    F.date("order_date", "Order date", "Date the order was placed.", "po_date", "date"),
    F.text("supplier", "Supplier", "Company the goods are ordered from.", "vendor",
           "vendor_name"),
    F.text("buyer_contact", "Buyer contact", "Person placing the order.", "ordered_by",
           keep=0.7),
    F.date("deliver_by", "Deliver by", "Requested delivery date, if given.", "required_date",
           optional=True, keep=0.8),
    F.choice("shipping_method", "Shipping method", "How the goods are to be shipped.",
             ["ground", "express", "air freight", "sea freight"], "ship_via", keep=0.8),
    F.choice("payment_terms", "Payment terms", "Agreed payment terms.",
             ["net 30", "net 60", "prepaid", "cash on delivery"], "terms", keep=0.7),
    F.items("lines", "Order lines", "One entry per ordered article.", [
        F.text("sku", "SKU", "Supplier article number.", "item_code", keep=0.8),
        F.text("description", "Description", "What is ordered.", "item"),
        F.integer("quantity", "Quantity", "Units ordered.", "qty", minimum=1),
        F.number("unit_price", "Unit price", "Price per unit.", "price", keep=0.8),
    ], "items", "order_lines"),
    F.number("total", "Order total", "Total value of the order.", "total_amount", "po_total"),
    F.flag("approved", "Approved", "Whether the order has been approved for release.",
           "is_approved"),
]
SUPPLIES = ["Steel bolts M8 (box of 100)", "Safety gloves, size L", "Pallet wrap 500 mm",
            "Hydraulic oil 20 L", "Cable ties 300 mm", "Printer paper A4", "Cordless drill 18V",
            "LED panel 60x60", "Copper pipe 15 mm", "Welding rods 2.5 mm", "Label printer rolls",
            "Hard hats, white", "Bearing 6204-2RS", "Air filter F7"]
SHIP_TEXT = {"ground": "Ship via: Ground (standard road freight)",
             "express": "Ship via: Express courier", "air freight": "Ship via: Air freight",
             "sea freight": "Ship via: Sea freight (FCL)"}
TERMS_TEXT = {"net 30": "Payment terms: Net 30 days", "net 60": "Payment terms: 60 days net",
              "prepaid": "Payment terms: Prepayment required",
              "cash on delivery": "Payment terms: Cash on delivery"}


def purchase_order(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    day = kit.day()
    lines = [{"sku": f"{rng.choice('ABCDEFKMNPRSTX')}{rng.randint(1000, 99999)}",
              "description": d, "quantity": rng.randint(1, 250), "unit_price": kit.amount(0.5, 400)}
             for d in rng.sample(SUPPLIES, rng.randint(1, 8))]
    total = round(sum(x["quantity"] * x["unit_price"] for x in lines), 2)
    approved = kit.chance(0.6)
    facts = {"po_number": f"PO-{day.year}-{rng.randint(1000, 99999)}", "order_date": day.isoformat(),
             "supplier": fake.company(), "buyer_contact": fake.name(),
             "deliver_by": kit.maybe(kit.day(after=day, within=60)),
             "shipping_method": kit.pick(SHIP_TEXT), "payment_terms": kit.pick(TERMS_TEXT),
             "lines": lines, "total": total, "approved": approved}
    deliver = facts["deliver_by"]
    facts["deliver_by"] = deliver.isoformat() if deliver else None
    doc.line(rng.choice(["PURCHASE ORDER", "Purchase Order", "PO / Bestellung"])).line()
    rows = [("PO number", L.cell(facts["po_number"], ("po_number",))),
            ("Order date", kit.date_cell(("order_date",), day)),
            ("Supplier", L.cell(facts["supplier"], ("supplier",))),
            ("Ordered by", L.cell(facts["buyer_contact"], ("buyer_contact",)))]
    if deliver:
        rows.append(("Deliver by", kit.date_cell(("deliver_by",), deliver)))
    L.kv(doc, rng, rows)
    doc.line(f"Ship to: {fake.address()}".replace("\n", ", ")).line()
    kit.pad(doc)
    doc.line(f"All prices in {kit.style.currency}, excluding VAT.")
    L.table(doc, rng, ["SKU", "Description", "Qty", "Unit price"], [
        [L.cell(x["sku"], ("lines", i, "sku")), L.cell(x["description"], ("lines", i, "description")),
         kit.count_cell(("lines", i, "quantity"), x["quantity"]),
         kit.num_cell(("lines", i, "unit_price"), x["unit_price"])] for i, x in enumerate(lines)])
    doc.add("\nOrder total: ")
    kit.money(doc, ("total",), total).line().line()
    ship, terms = SHIP_TEXT[facts["shipping_method"]], TERMS_TEXT[facts["payment_terms"]]
    doc.line(ship).line(terms)
    approval = says(rng, approved,
                    (f"Approved by {fake.name()}, purchasing manager.",
                     "Status: APPROVED - release to supplier"),
                    ("Status: awaiting approval - do not ship yet.", "This order has not been approved yet.",
                     "Draft - not approved for release."))
    doc.line(approval)
    kit.pad(doc)
    doc.line(f"Please quote {facts['po_number']} on every invoice and delivery note.")
    return Draft(("Purchase order", "PO extraction"), PO_FIELDS, facts, doc, {
        ("shipping_method",): ship, ("payment_terms",): terms, ("approved",): approval})


BILL_FIELDS = [
    F.text("account_number", "Account number", "The customer account number.", "account_no",
           "customer_number"),
    F.text("customer_name", "Customer", "Name on the bill.", "account_holder"),
    F.text("service_address", "Service address", "Address supplied.", "supply_address",
           keep=0.7),
    F.choice("utility", "Utility", "What is supplied.", ["electricity", "gas", "water"],
             "service_type"),
    F.date("period_start", "Period start", "First day billed.", "from"),
    F.date("period_end", "Period end", "Last day billed.", "to"),
    F.items("meters", "Meter readings", "Each meter read in the period.", [
        F.text("meter_id", "Meter", "Meter serial number.", "meter_number"),
        F.number("previous", "Previous reading", "Reading at the start of the period.",
                 "previous_reading"),
        F.number("current", "Current reading", "Reading at the end of the period.",
                 "current_reading"),
        F.flag("estimated", "Estimated", "Whether the current reading is an estimate.",
               "is_estimate", keep=0.7),
    ], "readings"),
    F.number("amount_due", "Amount due", "Total to pay for this bill (not the previous balance).",
             "total_due", minimum=0),
    F.date("due_date", "Due date", "Date payment is due.", "pay_by"),
    F.text("tariff", "Tariff", "Name of the tariff, if shown.", "plan", optional=True, keep=0.7),
    F.flag("paid", "Paid", "Whether this bill has already been paid.", "is_paid"),
    F.flag("direct_debit", "Direct debit", "Whether the amount is collected by direct debit.",
           "autopay", keep=0.6),
]
UNITS = {"electricity": "kWh", "gas": "m³", "water": "m³"}


def utility_bill(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    utility = rng.choice(list(UNITS))
    start = kit.day()
    end = start + dt.timedelta(days=rng.choice([29, 30, 89, 91]))
    meters = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        prev = round(rng.uniform(1000, 90000), 1)
        meters.append({"meter_id": f"{rng.choice(['E', 'G', 'W', 'M'])}{rng.randint(10**6, 10**8)}",
                       "previous": prev, "current": round(prev + rng.uniform(20, 3000), 1),
                       "estimated": kit.chance(0.25)})
    amount = kit.amount(18, 900)
    paid, debit = kit.chance(0.35), kit.chance(0.5)
    due = kit.day(after=end, within=25)
    facts = {"account_number": f"{rng.randint(10**8, 10**10)}", "customer_name": fake.name(),
             "service_address": fake.street_address().replace("\n", ", "), "utility": utility,
             "period_start": start.isoformat(), "period_end": end.isoformat(), "meters": meters,
             "amount_due": amount, "due_date": due.isoformat(), "paid": paid, "direct_debit": debit,
             "tariff": kit.maybe(f"{rng.choice(['Fix', 'Green', 'Flex', 'Basic', 'Eco'])} "
                                 f"{rng.choice(['12', '24', 'Plus', 'Saver'])}", 0.8)}
    company = f"{fake.last_name()} {rng.choice(['Energy', 'Power', 'Utilities', 'Water'])}"
    head = {"electricity": "Your electricity bill", "gas": "Your gas bill",
            "water": "Your water and sewerage bill"}[utility]
    doc.line(company).line(head).line()
    L.kv(doc, rng, [("Account number", L.cell(facts["account_number"], ("account_number",))),
                    ("Customer", L.cell(facts["customer_name"], ("customer_name",))),
                    ("Supply address", L.cell(facts["service_address"], ("service_address",)))])
    if facts["tariff"]:
        doc.add("Tariff: ").put(("tariff",), facts["tariff"]).line()
    doc.add("\nBilling period: ")
    kit.date(doc, ("period_start",), start).add(" to ")
    kit.date(doc, ("period_end",), end).line().line()
    kit.pad(doc)
    unit = UNITS[utility]
    rows = []
    for i, m in enumerate(meters):
        mark = "E" if m["estimated"] else "A"
        rows.append([L.cell(m["meter_id"], ("meters", i, "meter_id")),
                     kit.num_cell(("meters", i, "previous"), m["previous"], 1),
                     kit.num_cell(("meters", i, "current"), m["current"], 1),
                     L.cell(f"{mark} ({'estimated' if m['estimated'] else 'actual'})")])
    L.table(doc, rng, ["Meter", f"Previous ({unit})", f"Current ({unit})", "Type"], rows)
    evidence = {("utility",): head}
    for i, m in enumerate(meters):
        evidence[("meters", i, "estimated")] = f"{'E (estimated)' if m['estimated'] else 'A (actual)'}"
    doc.line("E = estimated reading, A = actual reading").line()
    doc.add("Previous balance: ")
    kit.money(doc, None, kit.amount(0, 400)).line()
    doc.add(rng.choice(["Amount due: ", "Total to pay: ", "Please pay: "]))
    kit.money(doc, ("amount_due",), amount).line()
    doc.add("Due date: ")
    kit.date(doc, ("due_date",), due).line()
    paid_text = says(rng, paid, ("This bill has been paid - thank you.", "PAID IN FULL"),
                     ("This bill is not yet paid.", "Payment outstanding.",
                      "We have not received your payment yet."))
    debit_text = says(rng, debit, ("The amount will be collected by direct debit.",
                                   "Paid by Direct Debit from your bank account."),
                      ("You do not pay by direct debit; please pay by transfer.",
                       "No direct debit is set up for this account."))
    doc.line(paid_text).line(debit_text)
    evidence.update({("paid",): paid_text, ("direct_debit",): debit_text})
    kit.pad(doc)
    return Draft(("Utility bill", "Energy bill"), BILL_FIELDS, facts, doc, evidence)
