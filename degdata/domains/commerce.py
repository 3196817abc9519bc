"""Commerce documents: invoices, till receipts and shipping notices.

Tables are aligned text rows (as a PDF-to-text conversion writes them) or markdown /
ASCII tables. Distractors are deliberate: an order date next to the issue date, a
subtotal and tax beside the total, a tracking number next to the order number.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit

PRODUCTS = [
    "Consulting services", "Software licence (annual)", "Office chair, ergonomic",
    "Laptop stand, aluminium", "USB-C docking station", "Printer toner, black",
    "Cloud hosting (monthly)", "Website maintenance", "Translation services",
    "Wireless keyboard", "Project management", "Training workshop", "Desk lamp LED",
    "Network switch 24-port", "Graphic design", "A4 copy paper, 5 boxes",
    "External SSD 1 TB", "Technical support hours", "Monitor 27 inch", "Coffee beans 1 kg",
]


def _line_items(kit: Kit, n: int) -> list[dict]:
    out = []
    for desc in kit.rng.sample(PRODUCTS, n):
        qty = kit.rng.randint(1, 12)
        price = kit.amount(4, 900)
        out.append({"description": desc, "quantity": qty, "unit_price": price,
                    "amount": round(qty * price, 2)})
    return out


def _table(kit: Kit, doc: Doc, key: str, rows: list[dict], with_unit: bool = True) -> None:
    """Rows of description, quantity, unit price, amount: as a PDF-to-text conversion
    aligns them, or in one of the `layout` tables (markdown, ASCII grid, export)."""
    if kit.chance(0.5):
        names = ("unit_price", "amount") if with_unit else ("amount",)
        header = ["Description", "Qty"] + (["Unit price"] if with_unit else []) + ["Amount"]
        L.table(doc, kit.rng, header, [
            [L.cell(r["description"], (key, i, "description")),
             kit.count_cell((key, i, "quantity"), r["quantity"])]
            + [kit.num_cell((key, i, name), r[name]) for name in names]
            for i, r in enumerate(rows)])
        return
    width = max(len(r["description"]) for r in rows) + 2
    head = ["Description".ljust(width), "Qty".rjust(5)]
    if with_unit:
        head.append("Unit price".rjust(14))
    doc.line(*head, "Amount".rjust(14))
    for i, r in enumerate(rows):
        doc.put((key, i, "description"), r["description"])
        doc.add(" " * (width - len(r["description"])))
        q = kit.style.integer(r["quantity"])
        doc.add(" " * (5 - len(q)))
        kit.count(doc, (key, i, "quantity"), r["quantity"])
        for name in (("unit_price", "amount") if with_unit else ("amount",)):
            t = kit.style.decimal(r[name])
            doc.add(" " * (14 - len(t)))
            kit.num(doc, (key, i, name), r[name])
        doc.add("\n")


INVOICE_FIELDS = [
    F.text("invoice_number", "Invoice number", ("The invoice number as printed on the invoice.",
           "Unique identifier of the invoice."), "invoice_no", "invoice_id"),
    F.date("issue_date", "Invoice date", "Date the invoice was issued (not the order or delivery date).",
           "invoice_date", "date_issued"),
    F.date("due_date", "Due date", ("Date by which payment is due.", "Payment deadline."),
           "payment_due", optional=True, keep=0.8),
    F.obj("seller", "Seller", "The company that issued the invoice.", [
        F.text("name", "Name", "Legal name of the seller.", "company"),
        F.text("vat_id", "VAT ID", "The seller's VAT registration number.", "tax_id",
               optional=True, keep=0.6),
    ], "vendor", "supplier", keep=0.8),
    F.text("buyer_name", "Customer", "Name of the customer being billed.", "customer_name",
           "bill_to", keep=0.8),
    F.text("buyer_email", "Customer e-mail", "E-mail address of the customer, if shown.",
           "customer_email", format="email", optional=True, keep=0.5),
    F.text("po_number", "PO number", "Customer purchase order reference, if any.",
           "purchase_order", optional=True, keep=0.6),
    F.items("line_items", "Line items", "One entry per billed line of the invoice table.", [
        F.text("description", "Description", "What was billed.", "item"),
        F.integer("quantity", "Quantity", "Number of units.", "qty", minimum=0),
        F.number("unit_price", "Unit price", "Price of one unit, before tax.", "price", keep=0.8),
        F.number("amount", "Line total", "Quantity times unit price.", "total", "line_total",
                 keep=0.8),
    ], "items", "lines"),
    F.number("subtotal", "Subtotal", "Sum of the line totals before tax.", "net_amount", keep=0.6),
    F.number("tax", "Tax", "Tax amount (VAT / sales tax).", "vat_amount", "tax_amount", keep=0.6),
    F.number("total", "Total", ("The total amount due, including tax.", "Grand total payable."),
             "total_amount", "amount_due", minimum=0),
    F.choice("currency", "Currency", "Currency of the invoice amounts.",
             ["EUR", "USD", "GBP", "CHF"], "currency_code", keep=0.7),
    F.flag("is_paid", "Paid", ("Whether the invoice is marked as already paid.",
           "True if the invoice states that it has been paid."), "paid", keep=0.7),
    F.generate("summary", "Summary", "One sentence summarising who billed whom for what.", 48,
               keep=0.25),
]


def invoice(kit: Kit) -> Draft:
    # One document read top to bottom (header, parties, line items, totals, footer): it stays
    # one function a little over 80 lines so the layout reads in the order the text prints.
    fake, rng, doc = kit.fake, kit.rng, Doc()
    items = _line_items(kit, rng.randint(1, 7))
    subtotal = round(sum(i["amount"] for i in items), 2)
    rate = rng.choice([0, 5, 7, 10, 19, 20])
    tax = round(subtotal * rate / 100, 2)
    total = round(subtotal + tax, 2)
    issue = kit.day()
    order_day = issue - dt.timedelta(days=rng.randint(2, 20))   # a distractor date
    due = kit.day(after=issue, within=45) if kit.chance(0.8) else None
    paid = kit.chance(0.35)
    facts = {
        "invoice_number": f"{rng.choice(['INV', 'RE', 'F', ''])}{rng.choice(['-', '/', ''])}"
                          f"{issue.year}-{rng.randint(100, 99999):05d}",
        "issue_date": issue.isoformat(), "due_date": due.isoformat() if due else None,
        "seller": {"name": fake.company(),
                   "vat_id": f"{kit.locale[-2:]}{rng.randint(100000000, 999999999)}"
                   if kit.chance(0.8) else None},
        "buyer_name": fake.company() if kit.chance(0.6) else fake.name(),
        "buyer_email": fake.company_email() if kit.chance(0.75) else None,
        "po_number": f"PO-{rng.randint(10000, 99999)}" if kit.chance(0.75) else None,
        "line_items": items, "subtotal": subtotal, "tax": tax, "total": total,
        "currency": kit.style.currency, "is_paid": paid,
    }
    seller = facts["seller"]
    doc.put(("seller", "name"), seller["name"]).line()
    doc.line(fake.street_address().replace("\n", ", "))
    doc.line(f"{fake.postcode()} {fake.city()}")
    if seller["vat_id"]:
        doc.add({"de_DE": "USt-IdNr.: ", "fr_FR": "N° TVA : "}.get(
            kit.locale, rng.choice(["VAT ID: ", "VAT no. "])))
        doc.put(("seller", "vat_id"), seller["vat_id"]).line()
    doc.line()
    doc.line(rng.choice(["INVOICE", "Invoice", "TAX INVOICE", "Rechnung / Invoice"]))
    doc.add(rng.choice(["Invoice number: ", "Invoice No. ", "Invoice #"]))
    doc.put(("invoice_number",), facts["invoice_number"]).line()
    doc.add(rng.choice(["Invoice date: ", "Date: ", "Issued: "]))
    kit.date(doc, ("issue_date",), issue).line()
    doc.add(rng.choice(["Order date: ", "Ordered on "]))
    kit.date(doc, None, order_day).line()
    if facts["po_number"]:
        doc.add("Your reference: ").put(("po_number",), facts["po_number"]).line()
    doc.line().line(rng.choice(["Bill to:", "Customer:", "Invoice to"]))
    doc.put(("buyer_name",), facts["buyer_name"]).line()
    doc.line(fake.address().replace("\n", ", "))
    if facts["buyer_email"]:
        doc.put(("buyer_email",), facts["buyer_email"]).line()
    doc.line()
    kit.pad(doc)
    doc.line(f"All amounts in {kit.style.currency}")
    _table(kit, doc, "line_items", items)
    doc.line()
    for label, key in (("Subtotal", "subtotal"),
                       (f"VAT {rate}%" if rate else "Tax (exempt)", "tax"),
                       (rng.choice(["Total", "Total due", "Amount due"]), "total")):
        doc.add(f"{label}:".ljust(20))
        kit.money(doc, (key,), facts[key], code=kit.chance(0.3)).line()
    doc.line()
    if paid:
        evidence = rng.choice(["PAID", "Paid in full - thank you!", "Payment received"])
        doc.line(f"*** {evidence} ***")
    elif due:
        mark = len(doc)
        doc.add("Please pay by ")
        kit.date(doc, ("due_date",), due).add(" to the account below.")
        evidence = doc.text_since(mark)
        doc.line()
    else:
        evidence = "Payment upon receipt"
        doc.line("Payment upon receipt. Bank transfer to the account below.")
    if due and paid:
        doc.add("Original due date: ")
        kit.date(doc, ("due_date",), due).line()
    doc.line(f"IBAN {fake.iban()}")
    kit.pad(doc)
    doc.add("\n", seller["name"], " - Invoice ").put(("invoice_number",), facts["invoice_number"])
    doc.add(" - page 1 of 1\n")
    facts["summary"] = (f"{seller['name']} invoiced {facts['buyer_name']} "
                        f"{kit.style.currency} {total:.2f} for {len(items)} "
                        f"item{'s' if len(items) > 1 else ''}.")
    money_hint = f"amounts in {kit.style.currency}"
    return Draft(("Invoice", "Invoice extraction", "Invoice data"), INVOICE_FIELDS, facts, doc,
                 {("is_paid",): evidence, ("currency",): money_hint})


RECEIPT_FIELDS = [
    F.text("store", "Store", "Name of the shop that issued the receipt.", "merchant", "shop_name"),
    F.date("date", "Purchase date", "Date of the purchase.", "purchase_date", "receipt_date"),
    F.items("items", "Items", "Each purchased article.", [
        F.text("name", "Article", "Article name as printed.", "article", "product"),
        F.number("price", "Price", "Amount charged for this line.", "amount", "line_price"),
    ], "articles", "purchases"),
    F.number("total", "Total", "Total paid.", "total_paid", "grand_total"),
    F.number("cash_given", "Cash given", "Cash handed over, when paid in cash.", "tendered",
             optional=True, keep=0.5),
    F.choice("payment_method", "Payment method", "How the customer paid.",
             ["cash", "card", "mobile"], "paid_with", keep=0.8),
    F.text("receipt_number", "Receipt number", "Receipt or transaction number.", "transaction_id",
           keep=0.7),
]

GROCERIES = ["Milk 1L", "Bread wholegrain", "Bananas", "Cheddar 200g", "Eggs x10", "Coffee",
             "Orange juice", "Pasta 500g", "Tomatoes", "Chocolate", "Rice 1kg", "Apples",
             "Yoghurt", "Butter", "Sparkling water", "Shampoo", "Toothpaste", "Olive oil"]


def receipt(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    arts = [{"name": n, "price": kit.amount(0.5, 25)}
            for n in rng.sample(GROCERIES, rng.randint(2, 9))]
    total = round(sum(a["price"] for a in arts), 2)
    method = rng.choice(["cash", "card", "mobile"])
    cash = round(total + rng.choice([0.0, 0.5, 1.0, 5.0, 10.0, 20.0]), 2) if method == "cash" else None
    day = kit.day()
    facts = {"store": fake.company(), "date": day.isoformat(), "items": arts, "total": total,
             "cash_given": cash, "payment_method": method,
             "receipt_number": f"{rng.randint(1000, 9999)}-{rng.randint(10000, 99999)}"}
    doc.put(("store",), facts["store"]).line().line(fake.street_address().replace("\n", ", "))
    doc.line(f"Tel. {fake.phone_number()}").line("-" * 32)
    for i, a in enumerate(arts):
        doc.put(("items", i, "name"), a["name"])
        text = kit.style.decimal(a["price"])
        doc.add(" " * (32 - len(a["name"]) - len(text)))
        kit.num(doc, ("items", i, "price"), a["price"]).line()
    doc.line("-" * 32).add("TOTAL", " " * (27 - len(kit.style.decimal(total))))
    kit.num(doc, ("total",), total).line(" " + kit.style.currency)
    evidence = {"cash": "CASH", "card": "CARD ****" + str(rng.randint(1000, 9999)),
                "mobile": rng.choice(["APPLE PAY", "GOOGLE PAY"])}[method]
    doc.line(evidence)
    if cash is not None:
        doc.add("Given ")
        kit.num(doc, ("cash_given",), cash).add("  Change ")
        kit.num(doc, None, round(cash - total, 2)).line()
    doc.add("Receipt ").put(("receipt_number",), facts["receipt_number"]).add("  ")
    kit.date(doc, ("date",), day).line(f" {rng.randint(7, 21):02d}:{rng.randint(0, 59):02d}")
    kit.pad(doc)
    doc.line("Thank you for shopping with us!")
    return Draft(("Receipt", "Till receipt"), RECEIPT_FIELDS, facts, doc,
                 {("payment_method",): evidence})


SHIPPING_FIELDS = [
    F.text("order_number", "Order number", "The customer's order number.", "order_id"),
    F.text("tracking_number", "Tracking number", "Carrier tracking number of the shipment.",
           "tracking_id", keep=0.8),
    F.choice("carrier", "Carrier", "The shipping company.", ["DHL", "UPS", "FedEx", "DPD",
             "Royal Mail", "La Poste"], "shipping_company", keep=0.8),
    F.date("ship_date", "Shipped on", "Date the parcel left the warehouse.", "shipped_date"),
    F.date("estimated_delivery", "Estimated delivery", "Expected delivery date, if given.",
           "eta", optional=True),
    F.text("recipient", "Recipient", "Name of the person receiving the parcel.", "ship_to_name"),
    F.items("packages", "Packages", "Each parcel of the shipment with its contents.", [
        F.text("package_id", "Package ID", "Identifier of the parcel.", "parcel_id"),
        F.number("weight_kg", "Weight (kg)", "Parcel weight in kilograms.", "weight", keep=0.7),
        F.items("contents", "Contents", "Articles packed in this parcel.", [
            F.text("sku", "SKU", "Article number.", "article_number"),
            F.text("name", "Name", "Article name.", "description"),
            F.integer("quantity", "Quantity", "Units packed.", "qty"),
        ], "items"),
    ], "parcels"),
    F.flag("signature_required", "Signature required",
           "Whether the recipient must sign on delivery.", "needs_signature", keep=0.6),
    F.generate("summary", "Summary", "One sentence saying what ships to whom and when.", 40,
               keep=0.2),
]

ARTICLES = ["Running shoes", "Rain jacket", "Backpack 30L", "Water bottle", "Yoga mat",
            "Headphones", "Phone case", "Desk organiser", "Notebook set", "Table lamp",
            "Bluetooth speaker", "Cookware set", "Bath towels", "Board game", "Gardening gloves"]


def shipping_notice(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    carrier = rng.choice(["DHL", "UPS", "FedEx", "DPD", "Royal Mail", "La Poste"])
    ship = kit.day()
    eta = kit.day(after=ship, within=8) if kit.chance(0.7) else None
    names = iter(rng.sample(ARTICLES, len(ARTICLES)))
    packages = []
    for p in range(rng.randint(1, 3)):
        contents = [{"sku": f"{rng.choice('ABCDEFGH')}{rng.randint(10000, 99999)}",
                     "name": next(names), "quantity": rng.randint(1, 4)}
                    for _ in range(rng.randint(1, 3))]
        packages.append({"package_id": f"PKG-{rng.randint(100000, 999999)}",
                         "weight_kg": round(rng.uniform(0.2, 18), 2), "contents": contents})
    signature = kit.chance(0.4)
    facts = {"order_number": f"{rng.randint(100, 999)}-{rng.randint(1000000, 9999999)}",
             "tracking_number": "".join(rng.choice("0123456789") for _ in range(12)),
             "carrier": carrier, "ship_date": ship.isoformat(),
             "estimated_delivery": eta.isoformat() if eta else None,
             "recipient": fake.name(), "packages": packages, "signature_required": signature}
    doc.add("Subject: Your order ").put(("order_number",), facts["order_number"]).line(
        " has shipped").line()
    doc.add("Hello ").put(("recipient",), facts["recipient"]).line(",").line()
    doc.add("Good news: your order left our warehouse on ")
    kit.date(doc, ("ship_date",), ship).add(" and is on its way with ").put(("carrier",), carrier)
    doc.line(".")
    doc.add("Tracking number: ").put(("tracking_number",), facts["tracking_number"]).line()
    if eta:
        doc.add("Estimated delivery: ")
        kit.date(doc, ("estimated_delivery",), eta).line()
    else:
        doc.line("The carrier will confirm a delivery date shortly.")
    doc.line().line(f"Shipping address:\n{facts['recipient']}\n{fake.address()}").line()
    for p, pkg in enumerate(packages):
        doc.add(f"Parcel {p + 1} of {len(packages)} - ")
        doc.put(("packages", p, "package_id"), pkg["package_id"]).add(" - ")
        kit.num(doc, ("packages", p, "weight_kg"), pkg["weight_kg"]).line(" kg")
        for c, item in enumerate(pkg["contents"]):
            at = ("packages", p, "contents", c)
            doc.add("  ").put(at + ("sku",), item["sku"]).add("  ")
            doc.put(at + ("name",), item["name"]).add("  \u00d7 ")
            kit.count(doc, at + ("quantity",), item["quantity"]).line()
    doc.line()
    evidence = ("A signature is required on delivery." if signature else
                "The parcel may be left in a safe place; no signature is needed.")
    doc.line(evidence)
    kit.pad(doc)
    doc.add("Order ").put(("order_number",), facts["order_number"]).line(
        " - questions? Reply to this e-mail.")
    facts["summary"] = (f"{carrier} is delivering {sum(len(p['contents']) for p in packages)} "
                        f"article(s) in {len(packages)} parcel(s) to {facts['recipient']}.")
    return Draft(("Shipping notice", "Shipment confirmation"), SHIPPING_FIELDS, facts, doc,
                 {("signature_required",): evidence, ("carrier",): f"on its way with {carrier}"})
