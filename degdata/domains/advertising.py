"""Advertising papers: insertion orders booking media with a publisher, campaign performance
reports sent to a client, sponsorship agreements between a sponsor and a rights holder, and
media rate cards of a publisher, station, outdoor contractor or podcast network.

Each carries values of the same kind beside the ones asked for: the client's PO, the campaign
ID and the publisher's booking reference beside the IO number, the agency, the publisher's
sales contact and the advertiser's signatory beside the planner, the materials deadline, the
countersignature date and each line's own dates beside the order date and the flight, the spec,
the discount and the quantity beside each line's rate, and the commission, VAT and the total
with VAT beside the gross and net totals; the report date, launch date and the previous period
beside the reporting period, the previous period's figures, the changes and each channel's CTR
beside this period's, the total campaign budget beside the period's planned spend, the CPA
target beside the CPA, the account director and the client's contact beside the analyst; the
instalment dates, an option deadline and the date to return a letter by beside the agreement
date and the term, the annual fee, the instalments, the value in kind and the VAT rate beside
the total fee, the cure period for a breach beside the notice period, and the rights holder's
signatory and a witness beside the sponsor's signatory; the publication and revision dates
beside the validity of a rate card, readership, page views and per-episode figures (or a
station's listening hours, a network's panel count) beside the audited audience, the copy
deadline beside the booking deadline, and the sizes beside each format's price.

Documents come as insertion order forms, booking confirmations by e-mail and ad-server
exports; report e-mails, dashboard exports with a metric table of this and the previous period,
and markdown reports; numbered contracts (clauses, German paragraphs, French articles), heads
of terms and letters of agreement; printed rate cards, "advertise with us" pages, replies to an
enquiry and spreadsheet exports. Arrays come as tables in every layout, bullet and numbered
lines ("- MPU, sport section (300×250): 1,250,000 impressions at $12.50 CPM = $15,625.00"),
sentences per item ("Paid social delivered ... for £1,234.56"), payment schedules in one
sentence ("£20,000.00 on 1 March 2025 and £20,000.00 on 1 June 2025") and discount ladders on
one line ("3+ insertions 5%, 6+ insertions 10%"); the lists of strings (targeting, creatives,
next steps, rights, sections) and the instalments and discounts may be empty. Booleans are as
often negated as stated ("Non-cancellable once confirmed", "not yet countersigned", "KPI
targets were not met", "These rights are non-exclusive", "There is no option to renew", "All
rates are exclusive of VAT"), and a report with no targets answers null.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _companies(kit: Kit, n: int) -> list[str]:
    """`n` distinct company names of the record's locale."""
    out: list[str] = []
    while len(out) < n:
        name = kit.fake.company()
        if name not in out:
            out.append(name)
    return out


def _money(kit: Kit, x: float) -> str:
    """An amount as the document writes it, for a sentence quoted as evidence."""
    return "".join(kit.money_text(x))


def _pct(kit: Kit, x: float) -> str:
    """A percentage's number ("15", "12.5", "12,5")."""
    return kit.style.decimal(x, 0 if x == int(x) else 1)


def _day(d: str) -> dt.date:
    return dt.date.fromisoformat(d)


def _first(name: str) -> str:
    """The first name of `name`, past any title ("Prof. Dr. Anna Berg" -> "Anna")."""
    return next((w for w in name.split() if not w.endswith(".")), name)


VAT = {"en_US": ("sales tax", 0), "en_GB": ("VAT", 20), "de_DE": ("VAT (MwSt.)", 19),
       "fr_FR": ("VAT (TVA)", 20)}
COMMISSION = {"en_US": "AE commission", "en_GB": "Agency commission", "de_DE": "Agency commission (AE)",
              "fr_FR": "Agency commission (commission d'agence)"}


# ---- insertion order ------------------------------------------------------------------------

IO_PUBLISHERS = {"digital": ("{city} Post Online", "{last} Digital", "StreamPulse Media", "{city}Live"),
                 "print": ("The {city} Chronicle", "{last} Weekly", "{city} Evening News", "Home & Style"),
                 "radio": ("{city} FM", "Radio {last}", "Hits {city}"),
                 "outdoor": ("{last} Outdoor", "{city} Street Media", "Metro Screens {city}")}
IO_PLACEMENTS = {   # medium: (placement, spec, pricing models it is sold on, price range of a unit or flat fee)
    "digital": [("Homepage takeover", "1 day", ("flat",), (3000, 25000)),
                ("Run-of-site leaderboard", "728×90", ("cpm",), None),
                ("Billboard, news section", "970×250", ("cpm",), None),
                ("MPU, sport section", "300×250", ("cpm",), None), ("Mobile interstitial", "320×480", ("cpm",), None),
                ("Pre-roll video", "15 s", ("cpm", "cpv"), None),
                ("Native article", "1 article", ("flat",), (1500, 9000)),
                ("Newsletter sponsorship", "4 sends", ("flat",), (1200, 8000)),
                ("Search ads, brand terms", "text ad", ("cpc",), None),
                ("Paid social carousel", "1080×1080", ("cpc", "cpm"), None),
                ("Rewarded in-app video", "30 s", ("cpv",), None)],
    "print": [("Full page colour", "210×297 mm", ("unit",), (2500, 9000)),
              ("Half page horizontal", "190×130 mm", ("unit",), (1400, 5000)),
              ("Quarter page", "93×130 mm", ("unit",), (700, 2600)),
              ("Back cover", "210×297 mm", ("unit",), (3500, 12000)),
              ("Inside front cover", "210×297 mm", ("unit",), (3000, 10000)),
              ("Double-page spread", "420×297 mm", ("unit",), (4500, 16000)),
              ("Advertorial, one page", "1 page", ("flat",), (3000, 11000))],
    "radio": [("Spot, breakfast show", "30 s", ("unit",), (80, 450)), ("Spot, drivetime", "20 s", ("unit",), (60, 350)),
              ("Sponsor credit, weather", "10 s", ("unit",), (25, 150)),
              ("Traffic news sponsorship", "4 weeks", ("flat",), (2000, 15000)),
              ("Weekend spot package", "30 s", ("unit",), (40, 220)),
              ("Live read by presenter", "60 s", ("unit",), (150, 800))],
    "outdoor": [("48-sheet billboard", "6×3 m", ("unit",), (300, 1400)),
                ("6-sheet bus shelter", "1.2×1.8 m", ("unit",), (90, 400)),
                ("Digital roadside screen", "10 s slot", ("unit",), (400, 2200)),
                ("Rail station poster", "4-sheet", ("unit",), (150, 600)),
                ("Bus rear panel", "1.5×0.5 m", ("unit",), (120, 450)),
                ("Shopping centre screen", "15 s slot", ("flat",), (2500, 18000))]}
PRICING = {"cpm": ("CPM", "CPM (per thousand)", "cost per mille"), "cpc": ("CPC", "per click", "cost per click"),
           "cpv": ("CPV", "per completed view", "cost per view"), "flat": ("Flat", "flat fee", "fixed price")}
UNIT_PRICING = {"print": ("per insertion", "/insertion"), "radio": ("per spot", "/spot"),
                "outdoor": ("per panel", "per face")}
QTY_WORDS = {"cpm": "impressions", "cpc": "clicks", "cpv": "views", "print": "insertions", "radio": "spots",
             "outdoor": "panels"}
IO_TARGETING = {
    "digital": ["{country} only", "Adults 25-54", "Adults 18-34", "Mobile only", "Desktop and tablet",
                "Frequency cap 3 per day", "Brand-safe inventory", "Weekdays only", "Contextual: travel",
                "Contextual: finance", "Exclude existing customers", "Viewability 70%+"],
    "print": ["Right-hand page", "First third of the issue", "Facing editorial", "No competitor on the page",
              "Regional edition only", "Weekend edition"],
    "radio": ["Breakfast 06:00-10:00", "Drivetime 16:00-19:00", "Weekdays only", "No competitor adjacency",
              "Top-and-tail position"],
    "outdoor": ["City centre only", "Near supermarkets", "Roadside only", "Illuminated panels",
                "Within 2 km of stores"]}
COUNTRIES = {"en_US": "US", "en_GB": "UK", "de_DE": "Germany", "fr_FR": "France"}
CAMPAIGNS = ["Spring Launch", "Summer Sale", "Back to School", "Black Friday", "Holiday Gifting",
             "Brand Awareness", "New Store Opening", "January Deals", "Product Relaunch", "Loyalty Drive"]
IO_TITLES = {"en_US": ("INSERTION ORDER", "Insertion Order", "Media Insertion Order"),
             "en_GB": ("INSERTION ORDER", "Insertion order", "Media booking order"),
             "de_DE": ("INSERTION ORDER (Anzeigenauftrag)", "Media order (Mediaauftrag)"),
             "fr_FR": ("ORDRE D'INSERTION", "Insertion order (ordre d'insertion)")}
BILLING = {"monthly": ("Billing: monthly in arrears", "Invoiced monthly on actual delivery."),
           "upfront": ("Billing: 100% in advance", "Payment in full before the campaign goes live."),
           "on_completion": ("Billing: on completion", "Invoiced once the flight has ended.")}
IO_FIELDS = [
    F.text("io_number", "IO number", ("Number of the insertion order (not the client's PO, the campaign "
                                      "ID or the publisher's booking reference).", "Insertion order number."),
           "insertion_order_number", "order_number", "io_no"),
    F.text("advertiser", "Advertiser", ("Brand or company whose ads run (not the agency or the publisher).",
                                        "The advertiser."), "client", "brand", "advertiser_name"),
    F.text("agency", "Agency", "Media agency placing the order; null for a direct booking.", "media_agency",
           "agency_name", "buying_agency", optional=True, keep=0.7),
    F.text("publisher", "Publisher", "Media owner, publisher or station the media is booked with.",
           "media_owner", "vendor", "publisher_name"),
    F.text("campaign", "Campaign", "Name of the campaign.", "campaign_name", "campaign_title", keep=0.7),
    F.date("order_date", "Order date", ("Date the insertion order was issued (not the flight, the "
                                        "materials deadline or a signature date).", "Date of the IO."),
           "io_date", "date", "issued_on", keep=0.8),
    F.date("flight_start", "Flight start", "First day the campaign runs (not a line's own start).",
           "start_date", "campaign_start", "live_date"),
    F.date("flight_end", "Flight end", "Last day the campaign runs.", "end_date", "campaign_end"),
    F.items("line_items", "Line items", ("Each booked placement, in order.", "The media lines of the order."), [
        F.text("placement", "Placement", "Placement or ad unit booked (not its size or spec).", "description",
               "item", "ad_unit"),
        F.choice("pricing", "Pricing model", "How the line is priced.", ["cpm", "cpc", "cpv", "flat", "per_unit"],
                 "pricing_model", "cost_type", "buy_type", keep=0.7),
        F.integer("quantity", "Quantity", "Impressions, clicks, views, insertions, spots or panels booked; "
                  "null for a flat fee.", "units", "volume", "booked_units", optional=True, keep=0.8),
        F.number("rate", "Rate", "Price per unit of the pricing model (per thousand for CPM); null for a "
                 "flat fee.", "unit_rate", "price", optional=True, keep=0.7),
        F.number("cost", "Cost", "Cost of the line after any line discount (not the rate).", "line_total",
                 "amount"),
    ], "placements", "media_lines", "bookings"),
    F.number("gross_total", "Gross total", ("Total media cost before agency commission and tax (not a line "
                                            "cost, the net or the total with VAT).", "Gross media cost."),
             "total_cost", "gross_amount", "media_total", minimum=0),
    F.number("commission_rate", "Commission rate", "Agency commission in percent; null when none is "
             "deducted.", "agency_commission_percent", "commission_percent", optional=True, keep=0.5),
    F.number("net_total", "Net total", "Amount payable after agency commission, before tax; null when no "
             "commission is deducted.", "net_amount", "net_payable", optional=True, keep=0.6),
    F.choice("billing", "Billing", "When the publisher invoices.", list(BILLING), "billing_schedule",
             "invoicing", keep=0.7),
    F.flag("cancellable", "Cancellable", "Whether the order may be cancelled before the flight starts.",
           "can_cancel", "cancellation_allowed", keep=0.7),
    F.flag("countersigned", "Countersigned", "Whether the publisher has countersigned the order.", "signed",
           "fully_signed", keep=0.6),
    F.strings("targeting", "Targeting", "Targeting criteria or placement conditions; empty when none.",
              "targeting_criteria", "special_conditions", keep=0.7),
    F.integer("payment_terms_days", "Payment terms (days)", "Days the invoice is payable in, if stated.",
              "payment_terms", "days_to_pay", optional=True, keep=0.5),
    F.text("booked_by", "Booked by", "Planner or buyer who placed the order (not the publisher's sales "
           "contact or a signatory).", "planner", "ordered_by", "buyer", keep=0.5),
    F.text("contact_email", "Contact e-mail", "Address creatives and tags go to, if given.", "email",
           "trafficking_email", format="email", optional=True, keep=0.5),
]


def _io_line(kit: Kit, medium: str, model: str,
             prices: tuple[int, int] | None) -> tuple[int | None, float | None, float]:
    """(quantity, rate, undiscounted cost) of one line priced on `model` (`prices`: the range of a
    flat fee or of one insertion, spot or panel)."""
    rng = kit.rng
    if model == "flat":
        return None, None, float(rng.randrange(*prices, 50))
    if model == "cpm":
        qty, rate = rng.randrange(100_000, 5_000_000, 10_000), kit.amount(3.5, 32)
        return qty, rate, round(qty * rate / 1000, 2)
    if model == "cpc":
        qty, rate = rng.randrange(2000, 60000, 100), kit.amount(0.25, 3.5)
    elif model == "cpv":
        qty, rate = rng.randrange(20000, 800000, 1000), kit.amount(0.02, 0.15)
    else:
        top = {"print": 8, "radio": 120, "outdoor": 60}[medium]
        qty, rate = rng.randint(1 if medium == "print" else 4, top), float(rng.randrange(*prices, 5))
    return qty, rate, round(qty * rate, 2)


def ad_insertion_order(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    medium = rng.choice(["digital"] * 3 + ["print", "radio", "outdoor"])
    advertiser, agency_co = _companies(kit, 2)
    agency = agency_co if kit.chance(0.7) else None
    publisher = rng.choice(IO_PUBLISHERS[medium]).format(city=fake.city(), last=fake.last_name())
    planner, sales, signatory = kit.names(3)
    ordered = kit.day()
    start = ordered + dt.timedelta(days=rng.randint(7, 60))
    end = start + dt.timedelta(days=rng.randint(6, 90))
    materials = start - dt.timedelta(days=rng.randint(2, 6))
    layout = rng.choice(["form", "form", "email", "export"])
    discounting = layout == "form" and kit.chance(0.35)
    picks = rng.sample(IO_PLACEMENTS[medium], rng.randint(1, 5))
    lines, specs, words, discounts, ends = [], [], [], [], []
    for placement, spec, models, prices in picks:
        model = rng.choice(models)
        qty, rate, base = _io_line(kit, medium, model, prices)
        off = rng.choice([0, 0, 5, 10, 15]) if discounting else 0
        lines.append({"placement": placement, "pricing": "per_unit" if model == "unit" else model,
                      "quantity": qty, "rate": rate, "cost": round(base * (100 - off) / 100, 2)})
        specs.append(spec)
        words.append(rng.choice(UNIT_PRICING[medium] if model == "unit" else PRICING[model]))
        discounts.append(off)
        a = start + dt.timedelta(days=rng.randint(0, (end - start).days // 2))
        ends.append((a, a + dt.timedelta(days=rng.randint(1, (end - a).days))))
    gross = round(sum(x["cost"] for x in lines), 2)
    commission_rate = rng.choice([15.0, 15.0, 10.0, 12.5]) if agency else None
    commission = round(gross * (commission_rate or 0) / 100, 2)
    net = round(gross - commission, 2) if agency else None
    vat_label, vat_rate = VAT[loc]
    vat = round((net or gross) * vat_rate / 100, 2)
    n = rng.randint(100, 9999)
    io = {"en_US": f"IO-{ordered.year}-{n:04d}", "en_GB": f"IO{n + 40000}", "de_DE": f"AU-{ordered.year}/{n}",
          "fr_FR": f"OI-{ordered.year}-{n:04d}"}[loc]
    po, cid = f"PO {rng.randint(4500000000, 4599999999)}", f"CMP-{rng.randint(10000, 99999)}"
    booking_ref = f"BK{rng.randint(100000, 999999)}"
    targeting = [t.format(country=COUNTRIES[loc]) for t in rng.sample(IO_TARGETING[medium],
                                                                       rng.choice([0, 1, 2, 2, 3, 4]))]
    email = f"{rng.choice(['traffic', 'adops', 'creative'])}@{fake.domain_name()}"
    facts = {"io_number": io, "advertiser": advertiser, "agency": agency, "publisher": publisher,
             "campaign": f"{rng.choice(CAMPAIGNS)} {start.year}", "order_date": ordered.isoformat(),
             "flight_start": start.isoformat(), "flight_end": end.isoformat(), "line_items": lines,
             "gross_total": gross, "commission_rate": commission_rate, "net_total": net,
             "billing": rng.choice(list(BILLING)), "cancellable": kit.chance(0.5), "countersigned": kit.chance(0.6),
             "targeting": targeting, "payment_terms_days": kit.maybe(rng.choice([14, 30, 30, 45, 60]), 0.6),
             "booked_by": planner, "contact_email": kit.maybe(email, 0.6)}
    notice = rng.choice([7, 14, 28])
    signed_on = kit.date_text(ordered + dt.timedelta(days=rng.randint(1, 5)))
    cancel_text = says(rng, facts["cancellable"],
                       (f"Cancellation: allowed with {notice} days' written notice before the start date.",
                        f"This order may be cancelled up to {notice} days before the flight starts."),
                       ("Non-cancellable: this booking cannot be cancelled once confirmed.",
                        "Cancellation: not permitted", "The order is firm and may not be cancelled."))
    signed_text = says(rng, facts["countersigned"],
                       (f"Countersigned by {sales} for the publisher on {signed_on}.", "Publisher signature: received"),
                       ("Not yet countersigned by the publisher.", "Publisher signature: pending",
                        "Awaiting the publisher's countersignature."))
    billing_text = rng.choice(BILLING[facts["billing"]])
    evidence = {("cancellable",): cancel_text, ("countersigned",): signed_text, ("billing",): billing_text}
    evidence.update({("line_items", i, "pricing"): w for i, w in enumerate(words)})
    gold = {"io": (("io_number",), io), "adv": (("advertiser",), advertiser), "pub": (("publisher",), publisher),
            "camp": (("campaign",), facts["campaign"]), "planner": (("booked_by",), planner)}
    qty_word = QTY_WORDS[medium] if medium != "digital" else ""

    def totals(layout: str) -> None:
        rows = [(rng.choice(["Gross media cost", "Gross total", "Total gross"]),
                 kit.money_cell(("gross_total",), gross))]
        if agency:
            rows += [(f"{COMMISSION[loc]} rate", L.join(kit.num_cell(("commission_rate",), commission_rate,
                                                                       0 if commission_rate % 1 == 0 else 1),
                                                          L.cell("%"))),
                     (COMMISSION[loc], kit.money_cell(None, commission)),
                     (rng.choice(["Net payable", "Net total", "Net media cost"]), kit.money_cell(("net_total",), net))]
        if vat_rate:
            rows += [(f"{vat_label} {vat_rate}%", kit.money_cell(None, vat)),
                     ("Total incl. VAT", kit.money_cell(None, round((net or gross) + vat, 2)))]
        L.kv(doc, rng, rows, layout)

    def terms() -> None:
        doc.line(billing_text)
        if facts["payment_terms_days"]:
            n = facts["payment_terms_days"]
            if kit.chance(0.5):
                kit.count(doc.add("Payment terms: "), ("payment_terms_days",), n).line(" days net")
            else:
                kit.count(doc.add("Invoices are payable within "), ("payment_terms_days",), n).line(" days.")
        doc.line(cancel_text)

    def line_sentences() -> None:
        bullet = rng.choice(["- ", "* ", ""])
        for i, x in enumerate(lines):     # "- MPU, sport section (300×250): 1,250,000 impressions at $12.50 CPM"
            at = ("line_items", i)
            doc.add(f"{i + 1}. " if not bullet else bullet).put(at + ("placement",), x["placement"])
            doc.add(f" ({specs[i]}): ")
            if x["quantity"] is None:
                kit.money(doc.add(f"{words[i]} "), at + ("cost",), x["cost"]).line()
                continue
            kit.count(doc, at + ("quantity",), x["quantity"]).add(f" {QTY_WORDS.get(x['pricing'], qty_word)} at ")
            kit.money(doc, at + ("rate",), x["rate"]).add(("" if words[i][0] == "/" else " ") + f"{words[i]} = ")
            kit.money(doc, at + ("cost",), x["cost"]).line()

    if layout == "form":
        doc.line(rng.choice(IO_TITLES[loc])).line()
        rows = [(rng.choice(["IO number", "Order no.", "Insertion order no."]), L.cell(io, ("io_number",))),
                (rng.choice(["Date", "IO date", "Order date"]), kit.date_cell(("order_date",), ordered))]
        rows += [("Client PO", L.cell(po))] * kit.chance(0.5)
        rows.append(("Advertiser", L.cell(advertiser, ("advertiser",))))
        rows += [("Agency", L.cell(agency, ("agency",)))] * bool(agency)
        rows += [(rng.choice(["Publisher", "Media owner", "Vendor"]), L.cell(publisher, ("publisher",))),
                 ("Campaign", L.cell(facts["campaign"], ("campaign",))), ("Campaign ID", L.cell(cid)),
                 ("Flight", L.join(kit.date_cell(("flight_start",), start), L.cell(" - "),
                                   kit.date_cell(("flight_end",), end))),
                 ("Materials due", kit.date_cell(None, materials)),
                 (rng.choice(["Booked by", "Planner", "Buyer"]), L.cell(planner, ("booked_by",)))]
        if facts["contact_email"]:
            rows.append(("Trafficking contact", L.cell(email, ("contact_email",))))
        L.kv(doc, rng, rows)
        kit.pad(doc.line())
        header = ["#", "Placement", "Spec", "Model", "Qty", "Rate"] + ["Disc."] * discounting + ["Cost"]
        L.table(doc, rng, header, [
            [L.cell(str(i + 1)), L.cell(x["placement"], ("line_items", i, "placement")), L.cell(specs[i]),
             L.cell(words[i]),
             kit.count_cell(("line_items", i, "quantity"), x["quantity"]) if x["quantity"] else L.cell("-"),
             kit.money_cell(("line_items", i, "rate"), x["rate"]) if x["rate"] else L.cell("-")]
            + [L.cell(f"{discounts[i]}%" if discounts[i] else "-")] * discounting
            + [kit.money_cell(("line_items", i, "cost"), x["cost"])] for i, x in enumerate(lines)])
        doc.line()
        totals(rng.choice(["colon", "aligned", "dots", "grid"]))
        kit.pad(doc.line())
        _strings(kit, doc, "targeting", targeting, rng.choice(["Targeting", "Placement conditions",
                                                               "Special instructions"]),
                 rng.choice(["Targeting: none (run of site)", "No special conditions."]))
        terms()
        doc.line().line(f"For the advertiser: {signatory}").line(signed_text)
    elif layout == "email":
        doc.line(f"From: {sales} <{fake.email()}>").add("To: ").put(("booked_by",), planner).line()
        L.fill(doc, "Subject: Booking confirmation - {camp} - order {io}\n\n", **gold)
        doc.line(f"Hi {_first(planner)},").line()
        kit.date(doc.add("Thank you for your order of "), ("order_date",), ordered)
        L.fill(doc, ". We are pleased to confirm the following bookings for {adv} on {pub}", **gold)
        if agency:
            doc.add(" (booked through ").put(("agency",), agency).add(")")
        kit.date(doc.add(", running from "), ("flight_start",), start).add(" to ")
        kit.date(doc, ("flight_end",), end).line(f". Our booking reference is {booking_ref}.").line()
        line_sentences()
        kit.pad(doc.line())
        kit.money(doc.add("Gross total: "), ("gross_total",), gross).line(".")
        if agency:
            kit.num(doc.add("Less "), ("commission_rate",), commission_rate, 0 if commission_rate % 1 == 0 else 1)
            kit.money(doc.add("% agency commission ("), None, commission).add("), the net amount payable is ")
            kit.money(doc, ("net_total",), net).line(".")
        if vat_rate:
            doc.line(f"All prices are subject to {vat_label} at {vat_rate}%.")
        terms()
        _strings(kit, doc, "targeting", targeting, "Targeting", "Targeting: run of site, no restrictions.")
        if facts["contact_email"]:
            doc.add("Please send creatives to ").put(("contact_email",), email)
            kit.date(doc.add(" by "), None, materials).line(".")
        else:
            kit.date(doc.add("Please send creatives by "), None, materials).line(".")
        doc.line(signed_text).line().line(f"Best regards,\n{sales}\n{publisher}")
    else:                   # an ad server's or a buying platform's export
        doc.line(f"# insertion order export ({rng.choice(['csv', 'v2', 'ops'])})")
        rows = [("io_number", L.cell(io, ("io_number",))), ("created", kit.date_cell(("order_date",), ordered)),
                ("advertiser", L.cell(advertiser, ("advertiser",)))]
        rows += [("agency", L.cell(agency, ("agency",)))] * bool(agency)
        rows += [("publisher", L.cell(publisher, ("publisher",))), ("publisher_ref", L.cell(booking_ref)),
                 ("campaign", L.cell(facts["campaign"], ("campaign",))),
                 ("flight_start", kit.date_cell(("flight_start",), start)),
                 ("flight_end", kit.date_cell(("flight_end",), end)), ("planner", L.cell(planner, ("booked_by",)))]
        if facts["contact_email"]:
            rows.append(("trafficking", L.cell(email, ("contact_email",))))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned"]))
        doc.line()
        L.table(doc, rng, ["line", "placement", "buy_type", "quantity", "rate", "cost", "start", "end"], [
            [L.cell(f"L{i + 1:02d}"), L.cell(x["placement"], ("line_items", i, "placement")), L.cell(words[i]),
             kit.count_cell(("line_items", i, "quantity"), x["quantity"]) if x["quantity"] else L.cell(""),
             kit.money_cell(("line_items", i, "rate"), x["rate"]) if x["rate"] else L.cell(""),
             kit.money_cell(("line_items", i, "cost"), x["cost"]), kit.date_cell(None, ends[i][0]),
             kit.date_cell(None, ends[i][1])] for i, x in enumerate(lines)], "semicolon")
        kit.pad(doc.line())
        totals("colon")
        _strings(kit, doc, "targeting", targeting, "targeting", "targeting: (none)")
        terms()
        doc.line(signed_text)
    kit.pad(doc)
    return Draft(("Insertion order", "Ad insertion order", "Media booking order"), IO_FIELDS, facts, doc, evidence)


# ---- campaign performance report ------------------------------------------------------------

CHANNELS = {   # channel: (CTR % range, cost per click range, conversion rate % range)
    "Paid search": ((2.5, 7.0), (0.6, 2.8), (2.0, 8.0)), "Paid social": ((0.6, 1.8), (0.4, 1.6), (0.8, 3.0)),
    "Display": ((0.05, 0.35), (0.5, 2.5), (0.3, 1.5)), "Online video": ((0.2, 0.9), (0.8, 3.5), (0.2, 1.0)),
    "Connected TV": ((0.05, 0.3), (2.0, 6.0), (0.1, 0.6)), "Native": ((0.2, 0.8), (0.4, 1.4), (0.5, 2.0)),
    "Retargeting": ((0.4, 1.2), (0.3, 1.2), (2.0, 6.0)), "Shopping ads": ((0.8, 2.5), (0.3, 1.1), (1.5, 5.0)),
    "Audio streaming": ((0.05, 0.25), (1.5, 5.0), (0.1, 0.8)), "Affiliate": ((0.3, 1.0), (0.2, 0.9), (3.0, 9.0))}
PACING = {"on_track": ("Pacing: on track", "Delivery is pacing to plan.", "Spend is on track against the plan"),
          "underspending": ("Pacing: under-delivering", "Spend is behind plan (underspend).",
                            "We are underspending against the plan"),
          "overspending": ("Pacing: overspending", "Spend is ahead of plan (overspend).",
                           "We have overspent against the plan")}
HEALTH = {1: "poor", 2: "below expectations", 3: "on target", 4: "good", 5: "excellent"}
CREATIVES = ["Spring Hero 30s", "Carousel: Bestsellers", "UGC testimonial", "Static: Free delivery",
             "Countdown banner", "Product demo 15s", "Lookbook video", "Price-drop static", "Founder story",
             "Bundle offer GIF"]
NEXT_STEPS = ["Shift budget to paid search", "Refresh display creatives", "Add negative keywords",
              "Test a new lookalike audience", "Pause low-CTR placements", "Raise bids on brand terms",
              "Retarget basket abandoners", "A/B test the landing page", "Extend the flight by a week",
              "Tighten the frequency cap"]
AGENCY_NAMES = {"en_US": ("{last} Media", "{last} & Partners", "{last} Digital"),
                "en_GB": ("{last} Media", "{last} & Partners", "{last} Digital"),
                "de_DE": ("Agentur {last}", "{last} Media GmbH", "{last} Digital"),
                "fr_FR": ("Agence {last}", "{last} Média", "{last} Digital")}
REPORT_FIELDS = [
    F.text("client", "Client", ("Advertiser the report is for (not the agency).", "The client."), "advertiser",
           "client_name", "brand"),
    F.text("campaign", "Campaign", "Name of the campaign reported on.", "campaign_name", "campaign_title",
           keep=0.8),
    F.text("prepared_by", "Prepared by", "Analyst or account manager who wrote the report (not the account "
           "director or the client's contact).", "analyst", "author", "report_owner", keep=0.6),
    F.date("period_start", "Period start", ("First day of the reporting period (not the launch date or "
                                            "the previous period).", "Start of the period."),
           "start_date", "from_date", "reporting_start"),
    F.date("period_end", "Period end", ("Last day of the reporting period (not the report date).",
                                        "End of the period."), "end_date", "to_date", "reporting_end"),
    F.integer("impressions", "Impressions", "Impressions served in the period, all channels (not the "
              "previous period).", "total_impressions", "impr"),
    F.integer("clicks", "Clicks", "Clicks in the period, all channels.", "total_clicks", "click_count"),
    F.number("ctr", "CTR (%)", "Click-through rate of the period in percent (not a channel's).",
             "click_through_rate", "ctr_percent", keep=0.7),
    F.number("spend", "Spend", ("Media spend in the period, all channels (not the budget).", "Total spend."),
             "total_spend", "media_spend", "cost", minimum=0),
    F.number("budget", "Planned spend", "Planned spend or budget for this period (not the total campaign "
             "budget); null when not stated.", "planned_spend", "period_budget", optional=True, keep=0.6),
    F.integer("conversions", "Conversions", "Conversions in the period; null when conversions are not "
              "tracked.", "total_conversions", "conv", optional=True, keep=0.7),
    F.number("cpa", "CPA", "Cost per acquisition (conversion) of the period (not the target); null when "
             "not tracked.", "cost_per_acquisition", "cost_per_conversion", optional=True, keep=0.5),
    F.items("channels", "Channels", ("Each channel's delivery, in the order listed.", "Breakdown by channel."), [
        F.text("channel", "Channel", "Name of the channel.", "name", "channel_name"),
        F.integer("impressions", "Impressions", "Impressions of this channel.", "impr", "channel_impressions",
                  keep=0.8),
        F.integer("clicks", "Clicks", "Clicks of this channel.", "channel_clicks", keep=0.7),
        F.number("spend", "Spend", "Spend of this channel (not the previous period's).", "cost",
                 "channel_spend", keep=0.8),
        F.integer("conversions", "Conversions", "Conversions of this channel; null when not tracked.",
                  "conv", "channel_conversions", optional=True, keep=0.6),
    ], "channel_breakdown", "by_channel", "media_mix"),
    F.choice("pacing", "Pacing", "How spend is pacing against the plan.", list(PACING), "pacing_status",
             "delivery_status", keep=0.8),
    F.score("performance_rating", "Performance rating", "The agency's overall rating of the campaign's "
            "health this period.", HEALTH, "rating", "health_score", keep=0.7),
    F.flag("targets_met", "Targets met", "Whether the agreed KPI targets were met; null when no targets "
           "were set.", "kpis_met", "on_target", nullable_decide=True, keep=0.7),
    F.strings("top_creatives", "Top creatives", "Best-performing creatives named; empty when none.",
              "best_creatives", "top_ads", keep=0.6),
    F.strings("next_steps", "Next steps", "Actions recommended for the next period; empty when none.",
              "recommendations", "actions", keep=0.6),
    F.generate("summary", "Summary", "One sentence summarising the period's delivery and spend.", 48,
               "overview", keep=0.25),
    F.text("dashboard_url", "Dashboard URL", "Link to the live dashboard, if given.", "report_link", "url",
           format="uri", optional=True, keep=0.4),
]


def campaign_performance_report(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    client = _companies(kit, 1)[0]
    agency = rng.choice(AGENCY_NAMES[loc]).format(last=fake.last_name())
    analyst, director, contact = kit.names(3)
    weekly = kit.chance(0.5)
    start = kit.day()
    if not weekly:
        start = start.replace(day=1)
    nxt = (start.replace(day=28) + dt.timedelta(days=4)).replace(day=1)
    end = start + dt.timedelta(days=6) if weekly else nxt - dt.timedelta(days=1)
    length = (end - start).days + 1
    reported = end + dt.timedelta(days=rng.randint(1, 4))
    launched = start - dt.timedelta(days=rng.randint(0, 90))
    tracked = kit.chance(0.75)
    channels = []
    for name in rng.sample(list(CHANNELS), rng.randint(2, 6)):
        ctr, cpc, cr = CHANNELS[name]
        impr = rng.randint(40_000, 2_500_000) * (1 if weekly else 4) // 4
        clicks = max(1, round(impr * rng.uniform(*ctr) / 100))
        channels.append({"channel": name, "impressions": impr, "clicks": clicks,
                         "spend": round(clicks * rng.uniform(*cpc), 2),
                         "conversions": round(clicks * rng.uniform(*cr) / 100) if tracked else None})
    if tracked and not any(c["conversions"] for c in channels):
        channels[0]["conversions"] = 1
    impressions, clicks = sum(c["impressions"] for c in channels), sum(c["clicks"] for c in channels)
    spend = round(sum(c["spend"] for c in channels), 2)
    conversions = sum(c["conversions"] for c in channels) if tracked else None
    pacing = rng.choice(list(PACING))
    budget = round(spend / rng.uniform(*{"on_track": (0.95, 1.05), "underspending": (0.6, 0.88),
                                         "overspending": (1.1, 1.3)}[pacing]), -1)
    campaign_budget = budget * (rng.randint(4, 12) if weekly else rng.randint(2, 6))
    targets = None if kit.chance(0.2) else kit.chance(0.6)
    score = max(1, min(5, {True: 4, False: 2, None: 3}[targets] + rng.choice([-1, 0, 0, 1])
                       - (pacing != "on_track")))
    cpa = round(spend / conversions, 2) if conversions else None
    ctr = round(clicks / impressions * 100, 2)
    name = f"{rng.choice(CAMPAIGNS)} {start.year}"
    url = f"https://reports.{fake.domain_word()}.example/c/{rng.randint(10000, 99999)}"
    facts = {"client": client, "campaign": name, "prepared_by": analyst, "period_start": start.isoformat(),
             "period_end": end.isoformat(), "impressions": impressions, "clicks": clicks, "ctr": ctr,
             "spend": spend, "budget": kit.maybe(budget, 0.75), "conversions": conversions, "cpa": cpa,
             "channels": channels, "pacing": pacing, "performance_rating": score, "targets_met": targets,
             "top_creatives": rng.sample(CREATIVES, rng.choice([0, 1, 2, 3, 3, 4])),
             "next_steps": rng.sample(NEXT_STEPS, rng.choice([0, 1, 2, 3, 4])),
             "dashboard_url": kit.maybe(url, 0.5)}
    facts["summary"] = (f"{name} for {client} served {impressions} impressions and {clicks} clicks for "
                        f"{spend:.2f} {kit.style.currency} between {start.isoformat()} and {end.isoformat()}.")
    share = round(spend / budget * 100) if budget else 100
    pacing_text = rng.choice(PACING[pacing])
    if not pacing_text.endswith(".") and kit.chance(0.5):
        pacing_text += f" ({share}% of planned spend)"
    target_cpa = _money(kit, round((cpa or spend / 50) * rng.choice([0.8, 0.9, 1.1, 1.25]), 2))
    targets_text = {None: rng.choice(["No KPI targets were set for this period.", "KPI targets: none agreed"]),
                    True: rng.choice(["All KPI targets were met this period.", "KPI targets: met",
                                      f"Target met: CPA below the agreed {target_cpa}." if cpa else
                                      "Target met: CTR above the agreed benchmark."]),
                    False: rng.choice(["KPI targets were not met this period.", "KPI targets: missed",
                                       f"The CPA target of {target_cpa} was not met." if cpa else
                                       "The CTR benchmark was not reached."])}[targets]
    rated = rating(rng, score)[1] + (f" ({HEALTH[score]})" if kit.chance(0.4) else "")
    score_text = rng.choice(["Overall rating: ", "Campaign health: ", "Performance score: "]) + rated
    evidence = {("pacing",): pacing_text, ("targets_met",): targets_text, ("performance_rating",): score_text}
    prev = {"impressions": round(impressions * rng.uniform(0.7, 1.3)), "clicks": round(clicks * rng.uniform(0.7, 1.3)),
            "spend": round(spend * rng.uniform(0.7, 1.3), 2)}
    prev["ctr"] = round(prev["clicks"] / prev["impressions"] * 100, 2)
    if tracked:
        prev["conversions"] = max(1, round(conversions * rng.uniform(0.6, 1.4)))
        prev["cpa"] = round(prev["spend"] / prev["conversions"], 2)
    gold = {"client": (("client",), client), "camp": (("campaign",), name)}

    def change(now: float, before: float) -> str:
        x = (now - before) / before * 100 if before else 0.0
        return ("+" if x >= 0 else "-") + kit.style.decimal(abs(x), 1) + "%"

    def channel_table(export: bool) -> None:
        conv = tracked and kit.chance(0.8)
        L.table(doc, rng, ["Channel", "Impressions", "Clicks", "CTR", "Spend"] + ["Conv."] * conv, [
            [L.cell(c["channel"], ("channels", i, "channel")),
             kit.count_cell(("channels", i, "impressions"), c["impressions"]),
             kit.count_cell(("channels", i, "clicks"), c["clicks"]),
             L.cell(kit.style.decimal(c["clicks"] / c["impressions"] * 100, 2) + "%"),
             kit.money_cell(("channels", i, "spend"), c["spend"])]
            + ([kit.count_cell(("channels", i, "conversions"), c["conversions"])] if conv else [])
            for i, c in enumerate(channels)], "semicolon" if export else None)
        if tracked and not conv:
            doc.line("Conversions by channel:")
            for i, c in enumerate(channels):
                kit.count(doc.add(f"  {c['channel']}: "), ("channels", i, "conversions"), c["conversions"]).line()

    def channel_lines() -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, c in enumerate(channels):    # "- Paid search: 123,456 impressions, 2,345 clicks, £1,234.56"
            at = ("channels", i)
            kit.count(doc.add(bullet).put(at + ("channel",), c["channel"]).add(": "), at + ("impressions",),
                      c["impressions"]).add(" impressions, ")
            kit.count(doc, at + ("clicks",), c["clicks"]).add(" clicks, ")
            kit.money(doc, at + ("spend",), c["spend"]).add(" spend")
            if tracked:
                kit.count(doc.add(", "), at + ("conversions",), c["conversions"])
                doc.add(" conversion" + "s" * (c["conversions"] != 1))
            doc.line()

    def channel_prose() -> None:
        for i, c in enumerate(channels):    # "Paid social delivered 1,234 impressions and 56 clicks for £78.90"
            at = ("channels", i)
            kit.count(doc.put(at + ("channel",), c["channel"]).add(" delivered "), at + ("impressions",),
                      c["impressions"]).add(" impressions and ")
            kit.count(doc, at + ("clicks",), c["clicks"]).add(" clicks for ")
            kit.money(doc, at + ("spend",), c["spend"])
            if tracked:
                kit.count(doc.add(", with "), at + ("conversions",), c["conversions"])
                doc.add(" conversion" + "s" * (c["conversions"] != 1))
            doc.line(".")

    def lists(numbered: bool) -> None:
        _strings(kit, doc, "top_creatives", facts["top_creatives"],
                 rng.choice(["Top creatives", "Best-performing creatives", "Creative winners"]),
                 rng.choice(["No creative stood out this period.", "Top creatives: none to report"]))
        if numbered and facts["next_steps"]:
            doc.line("Next steps:")
            for i, s in enumerate(facts["next_steps"]):
                doc.add(f"{i + 1}. ").put(("next_steps", i), s).line()
        else:
            _strings(kit, doc, "next_steps", facts["next_steps"], rng.choice(["Next steps", "Recommendations"]),
                     rng.choice(["Next steps: no changes planned.", "No changes recommended."]))

    def link() -> None:
        if facts["dashboard_url"]:
            doc.add(rng.choice(["Live dashboard: ", "Full dashboard: ", "Dashboard link: "]))
            doc.put(("dashboard_url",), url).line()

    layout = rng.choice(["email", "dashboard", "report"])
    period = "weekly" if weekly else "monthly"
    if layout == "email":
        doc.add("From: ").put(("prepared_by",), analyst).line(f" <{fake.email()}>").line(f"To: {contact}")
        L.fill(doc, "Subject: {camp} - " + period + " performance update\n\n", **gold)
        doc.line(f"Hi {_first(contact)},").line()
        L.fill(doc, "Here are the results of {client}'s {camp} campaign for ", **gold)
        kit.date(doc, ("period_start",), start).add(" to ")
        kit.date(doc, ("period_end",), end).line(".").line()
        kit.count(doc.add("We served "), ("impressions",), impressions).add(" impressions (")
        kit.count(doc, None, prev["impressions"]).add(" in the previous period) and drove ")
        kit.count(doc, ("clicks",), clicks).add(" clicks, a click-through rate of ")
        kit.num(doc, ("ctr",), ctr).add("%. Spend came to ")
        kit.money(doc, ("spend",), spend)
        if facts["budget"] is not None:
            kit.money(doc.add(" against planned spend of "), ("budget",), budget)
            kit.money(doc.add(" (total campaign budget "), None, campaign_budget).add(")")
        doc.line(".")
        if tracked:
            kit.count(doc.add("The campaign generated "), ("conversions",), conversions)
            doc.add(" conversion" + "s" * (conversions != 1) + " at a CPA of ")
            kit.money(doc, ("cpa",), cpa).line(".")
        else:
            doc.line("Conversion tracking is not set up for this campaign yet.")
        doc.line(pacing_text).line(targets_text).line(score_text)
        kit.pad(doc.line())
        doc.line(rng.choice(["By channel:", "Channel breakdown:"]))
        channel_table(False) if kit.chance(0.4) else channel_lines()
        doc.line()
        lists(kit.chance(0.5))
        link()
        doc.line().add("Thanks,\n").put(("prepared_by",), analyst).line(f"\n{agency}")
        doc.line(f"cc: {director}, Account Director")
    elif layout == "dashboard":
        doc.line(f"{agency} | Campaign performance").line()
        rows = [("Client", L.cell(client, ("client",))), ("Campaign", L.cell(name, ("campaign",))),
                ("Period", L.join(kit.date_cell(("period_start",), start), L.cell(" - "),
                                  kit.date_cell(("period_end",), end))),
                ("Compared with", L.cell("previous period")), ("Campaign launch", kit.date_cell(None, launched)),
                ("Generated", kit.date_cell(None, reported)), ("Owner", L.cell(analyst, ("prepared_by",)))]
        L.kv(doc, rng, rows)
        kit.pad(doc.line())
        metrics = [("Impressions", kit.count_cell(("impressions",), impressions),
                    kit.count_cell(None, prev["impressions"]), change(impressions, prev["impressions"])),
                   ("Clicks", kit.count_cell(("clicks",), clicks), kit.count_cell(None, prev["clicks"]),
                    change(clicks, prev["clicks"])),
                   ("CTR (%)", kit.num_cell(("ctr",), ctr), kit.num_cell(None, prev["ctr"]), change(ctr, prev["ctr"])),
                   ("Spend", kit.money_cell(("spend",), spend), kit.money_cell(None, prev["spend"]),
                    change(spend, prev["spend"]))]
        if tracked:
            metrics += [("Conversions", kit.count_cell(("conversions",), conversions),
                         kit.count_cell(None, prev["conversions"]), change(conversions, prev["conversions"])),
                        ("CPA", kit.money_cell(("cpa",), cpa), kit.money_cell(None, prev["cpa"]),
                         change(cpa, prev["cpa"]))]
        L.table(doc, rng, ["Metric", "This period", "Previous period", "Change"],
                [[L.cell(m), now, before, L.cell(c)] for m, now, before, c in metrics])
        if not tracked:
            doc.line("Conversions: not tracked")
        if facts["budget"] is not None:
            L.kv(doc.line(), rng, [("Planned spend (period)", kit.money_cell(("budget",), budget)),
                                   ("Total campaign budget", kit.money_cell(None, campaign_budget))], "colon")
        doc.line().line(pacing_text).line(score_text).line(targets_text).line()
        doc.line("Delivery by channel")
        channel_table(kit.chance(0.5))
        kit.pad(doc.line())
        lists(False)
        link()
    else:                   # a markdown report
        L.fill(doc, "# {camp}: " + period + " performance report\n\n", **gold)
        L.fill(doc, "**Client:** {client}  \n", **gold)
        doc.add("**Prepared by:** ").put(("prepared_by",), analyst).line(f", {agency}  ")
        kit.date(doc.add("**Report date:** "), None, reported).line("  ")
        kit.date(doc.add("**Reporting period:** "), ("period_start",), start).add(" to ")
        kit.date(doc, ("period_end",), end).line().line().line("## 1. Headline results").line()
        kit.count(doc.add("- Impressions: "), ("impressions",), impressions).line()
        kit.count(doc.add("- Clicks: "), ("clicks",), clicks)
        kit.num(doc.add(" (CTR "), ("ctr",), ctr).line("%)")
        kit.money(doc.add("- Spend: "), ("spend",), spend)
        if facts["budget"] is not None:
            kit.money(doc.add(" of "), ("budget",), budget).add(" planned")
        doc.line()
        if tracked:
            kit.count(doc.add("- Conversions: "), ("conversions",), conversions)
            kit.money(doc.add(", CPA "), ("cpa",), cpa).line()
        kit.date(doc.add("- Live since "), None, launched).line()
        doc.line().line(pacing_text + (" " if pacing_text.endswith(".") else ". ") + score_text)
        doc.line(targets_text).line()
        kit.pad(doc)
        doc.line("## 2. Channels").line()
        channel_prose() if kit.chance(0.5) else channel_table(False)
        doc.line().line("## 3. Creative and next steps").line()
        lists(True)
        link()
        doc.line(f"\nReviewed by {director}")
    kit.pad(doc)
    return Draft(("Campaign performance report", "Advertising campaign report", "Media performance update"),
                 REPORT_FIELDS, facts, doc, evidence)


# ---- sponsorship agreement ------------------------------------------------------------------

PROPERTIES = {   # kind: (property names, rights on offer)
    "club": (("{city} Rovers FC", "{city} Hockey Club", "{city} Basketball", "{city} Rugby Club"),
             ["Logo on shirt front", "Logo on shirt sleeve", "LED perimeter boards", "Player appearances",
              "Matchday programme advert", "Naming rights to the north stand", "Season tickets for staff"]),
    "festival": (("{city} Jazz Festival", "Summer Sounds {city}", "{city} Food & Wine Festival"),
                 ["Naming rights to the main stage", "Branded bar", "Logo on wristbands", "Artist meet-and-greet",
                  "VIP passes", "Logo on the festival map"]),
    "race": (("{city} Marathon", "{city} 10K Night Run", "{city} Cycle Classic"),
             ["Logo on race bibs", "Start-line gantry branding", "Logo on finisher medal ribbon", "Charity places",
              "Expo stand", "Logo on the route map"]),
    "conference": (("{city} Tech Summit", "Future of Retail Forum {city}", "{city} Design Week"),
                   ["Keynote speaking slot", "Exhibition stand", "Logo on lanyards", "Delegate passes",
                    "Branded coffee lounge", "Logo on the programme"]),
    "podcast": (("The {last} Podcast", "Morning Brief with {last}", "{last} Talks Business"),
                ["Host-read ad in each episode", "Logo on the show artwork", "Mention in show notes",
                 "Bonus episode sponsorship", "Newsletter banner"])}
GENERAL_RIGHTS = ["Logo on the website", "Social media posts", "Hospitality for 10 guests", "Product sampling",
                  "Press release announcement", "Use of the official logo", "Database e-mail to fans"]
TIERS = {"title": ("Title Sponsor", "title partner", "naming rights partner"),
         "principal": ("Principal Partner", "Main Sponsor", "Premium Partner"),
         "official": ("Official Partner", "Official {category} Partner"),
         "supplier": ("Official Supplier", "Technical Supplier", "Official {category} Supplier")}
FEES = {"title": (150_000, 900_000), "principal": (60_000, 300_000), "official": (15_000, 90_000),
        "supplier": (3_000, 25_000)}
CATEGORIES = ["banking", "soft drinks", "automotive", "telecoms", "sportswear", "energy", "insurance", "beer",
              "airline", "coffee"]
CLAUSE_FORMS = {"en_US": ("{k}. {h}", "Section {k} - {h}"), "en_GB": ("{k}. {h}", "Clause {k}: {h}"),
                "de_DE": ("§ {k} {h}", "{k}. {h}"), "fr_FR": ("Article {k} - {h}", "{k}. {h}")}
AGREEMENT_TITLES = {"en_US": ("SPONSORSHIP AGREEMENT", "Sponsorship Agreement"),
                    "en_GB": ("SPONSORSHIP AGREEMENT", "Sponsorship agreement"),
                    "de_DE": ("SPONSORING AGREEMENT (Sponsoringvertrag)", "Sponsorship agreement (Sponsoringvertrag)"),
                    "fr_FR": ("SPONSORSHIP AGREEMENT (Contrat de parrainage)", "Contrat de parrainage - sponsorship")}
SPONSOR_FIELDS = [
    F.text("sponsor", "Sponsor", ("Company paying for the sponsorship (not the rights holder).", "The sponsor."),
           "sponsor_name", "partner"),
    F.text("rights_holder", "Rights holder", ("Organisation granting the rights (not the sponsor or the "
                                              "property's name).", "The rights holder."), "organiser",
           "rights_owner"),
    F.text("property", "Property", "Team, event, show or venue sponsored.", "sponsored_property", "event",
           keep=0.7),
    F.text("category", "Category", "Product category the sponsor is appointed in, if named.",
           "product_category", "sector", optional=True, keep=0.5),
    F.date("agreement_date", "Agreement date", ("Date of the agreement (not the start of the term or a "
                                                "payment date).", "Date the agreement was made."), "dated",
           "signed_on", keep=0.7),
    F.date("start_date", "Start date", "First day of the sponsorship term.", "term_start", "commencement"),
    F.date("end_date", "End date", "Last day of the sponsorship term (not an option deadline).", "term_end",
           "expiry"),
    F.choice("tier", "Tier", "Level of the sponsorship.", list(TIERS), "sponsorship_level", "package",
             option_descriptions=("Title or naming rights sponsor", "Principal or main partner",
                                  "Official partner", "Official or technical supplier"), keep=0.8),
    F.number("total_fee", "Total fee", ("Total cash fee for the whole term (not an instalment, the annual "
                                        "fee or the value in kind).", "Sponsorship fee."), "fee",
             "sponsorship_fee", minimum=0),
    F.number("value_in_kind", "Value in kind", "Value of goods or services supplied in kind, if any.",
             "vik", "in_kind_value", optional=True, keep=0.5),
    F.items("instalments", "Instalments", ("Each payment of the fee in order; empty when the fee is paid "
                                           "in one sum on signature.", "Payment schedule."), [
        F.date("due_date", "Due date", "Day the instalment is due.", "due", "payment_date"),
        F.number("amount", "Amount", "Amount of the instalment.", "instalment_amount", "sum"),
    ], "payment_schedule", "payments", keep=0.8),
    F.strings("rights", "Rights", "Rights and benefits granted to the sponsor; empty when none are listed.",
              "benefits", "deliverables", keep=0.8),
    F.flag("exclusive", "Exclusive", "Whether the sponsor is exclusive in its category.", "category_exclusive",
           "exclusivity"),
    F.flag("renewal_option", "Renewal option", "Whether the sponsor has an option or first right to renew.",
           "option_to_renew", "renewable", keep=0.7),
    F.integer("notice_days", "Notice period (days)", "Days of notice for termination without cause (not "
              "the cure period for a breach); null when there is none.", "termination_notice_days",
              "notice_period", optional=True, keep=0.5),
    F.text("sponsor_signatory", "Sponsor signatory", "Person signing for the sponsor (not the rights "
           "holder's signatory or a witness).", "signed_by", "signatory", keep=0.6),
]


def sponsorship_agreement(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    kind = rng.choice(list(PROPERTIES))
    names, pool = PROPERTIES[kind]
    city = fake.city()
    prop = rng.choice(names).format(city=city, last=fake.last_name())
    sponsor, holder = _companies(kit, 2)
    signatory, holder_signatory, witness = kit.names(3)
    tier = rng.choice(list(TIERS))
    category = kit.maybe(rng.choice(CATEGORIES), 0.75)
    tier_text = rng.choice([t for t in TIERS[tier] if category or "{" not in t]).format(
        category=(category or "").title())
    dated = kit.day()
    start = dated + dt.timedelta(days=rng.randint(5, 90))
    start = start.replace(day=1) if kit.chance(0.4) or (start.month, start.day) == (2, 29) else start
    years = rng.choice([1, 1, 2, 3])
    end = start.replace(year=start.year + years) - dt.timedelta(days=1)
    lo, hi = FEES[tier]
    annual = float(rng.randrange(lo, hi, 500))
    fee = annual * years
    n = rng.choice([0, 1, 2, 2, 3, 4])
    instalments, due = [], dated + dt.timedelta(days=rng.randint(14, 45))
    for k in range(n):
        amount = round(fee / n, 2) if k < n - 1 else round(fee - round(fee / n, 2) * (n - 1), 2)
        instalments.append({"due_date": due.isoformat(), "amount": amount})
        due = due + dt.timedelta(days=rng.choice([91, 120, 182]))
    cure = rng.choice([14, 21, 30])
    facts = {"sponsor": sponsor, "rights_holder": holder, "property": prop, "category": category,
             "agreement_date": dated.isoformat(), "start_date": start.isoformat(), "end_date": end.isoformat(),
             "tier": tier, "total_fee": fee, "value_in_kind": kit.maybe(float(rng.randrange(1000, 50000, 250)), 0.35),
             "instalments": instalments,
             "rights": rng.sample(pool + GENERAL_RIGHTS, rng.choice([0, 2, 3, 3, 4, 5, 6])),
             "exclusive": kit.chance(0.55), "renewal_option": kit.chance(0.45),
             "notice_days": kit.maybe(rng.choice([30, 60, 90, 180]), 0.6), "sponsor_signatory": signatory}
    option_by = kit.date_text(end - dt.timedelta(days=rng.choice([60, 90, 120])))
    excl_text = says(rng, facts["exclusive"],
                     ("The Sponsor shall be the only sponsor appointed in its product category.",
                      "Category exclusivity: yes",
                      "The Rights Holder shall not appoint any competitor of the Sponsor."),
                     ("These rights are non-exclusive.", "Category exclusivity: none",
                      "Nothing in this agreement grants the Sponsor category exclusivity."))
    renew_text = says(rng, facts["renewal_option"],
                      (f"The Sponsor may extend this agreement by one year by written notice before {option_by}.",
                       "Option to renew: the Sponsor has a first right of refusal.", "Renewal option: yes"),
                      ("There is no option to renew.", "Renewal option: none",
                       "This agreement does not renew automatically and carries no renewal option."))
    evidence = {("tier",): tier_text, ("exclusive",): excl_text, ("renewal_option",): renew_text}
    vat_label, vat_rate = VAT[loc]
    role = rng.choice(["Marketing Director", "Head of Brand", "CEO", "Managing Director"])
    gold = {"sponsor": (("sponsor",), sponsor), "holder": (("rights_holder",), holder), "prop": (("property",), prop),
            "tier": tier_text}

    def fee_sentence() -> None:
        kit.money(doc.add("The Sponsor shall pay a total fee of "), ("total_fee",), fee)
        if years > 1:
            kit.money(doc.add(" (being "), None, annual).add(" per contract year)")
        doc.add(f" plus {vat_label} at {vat_rate}%" if vat_rate else "")
        if facts["value_in_kind"]:
            kit.money(doc.add(". In addition the Sponsor shall supply products to a value of "), ("value_in_kind",),
                      facts["value_in_kind"])
        doc.line(".")

    def schedule(style: str) -> None:
        if not instalments:
            doc.line(rng.choice(["The fee is payable in one sum on signature of this agreement.",
                                 "Payment: in full on signature."]))
            return
        if style == "table":
            L.table(doc, rng, ["Instalment", "Due date", "Amount"], [
                [L.cell(("First", "Second", "Third", "Fourth")[k]),     # a number here would read as the day
                 kit.date_cell(("instalments", k, "due_date"), _day(p["due_date"])),
                 kit.money_cell(("instalments", k, "amount"), p["amount"])] for k, p in enumerate(instalments)])
        elif style == "lines":
            doc.line("The fee is payable as follows:")
            for k, p in enumerate(instalments):     # "(a) £20,000.00 on or before 1 March 2025;"
                kit.money(doc.add(f"({'abcd'[k]}) "), ("instalments", k, "amount"), p["amount"])
                kit.date(doc.add(" on or before "), ("instalments", k, "due_date"), _day(p["due_date"]))
                doc.line(";" if k < len(instalments) - 1 else ".")
        else:                                       # one sentence
            doc.add("The fee will be paid in one instalment: " if n == 1 else
                    f"The fee will be paid in {n} instalments: ")
            for k, p in enumerate(instalments):
                doc.add("" if k == 0 else " and " if k == n - 1 else ", ")
                kit.money(doc, ("instalments", k, "amount"), p["amount"]).add(" on ")
                kit.date(doc, ("instalments", k, "due_date"), _day(p["due_date"]))
            doc.line(".")

    def rights(numbered: bool) -> None:
        if numbered and facts["rights"]:
            doc.line("The Sponsor shall receive the following rights:")
            for k, r in enumerate(facts["rights"]):
                doc.add(f"{k + 1}. ").put(("rights", k), r).line()
        else:
            _strings(kit, doc, "rights", facts["rights"], rng.choice(["Rights", "Sponsor benefits", "Deliverables"]),
                     "Rights: as set out in Schedule 1 (to follow).")

    def termination() -> None:
        if facts["notice_days"]:
            kit.count(doc.add("Either party may terminate this agreement on "), ("notice_days",), facts["notice_days"])
            doc.add(" days' written notice")
        else:
            doc.add("Neither party may terminate this agreement for convenience")
        doc.line(f"; either may terminate at once for a material breach not remedied within {cure} days.")

    layout = rng.choice(["contract", "contract", "terms", "letter"])
    if layout == "contract":
        form = rng.choice(CLAUSE_FORMS[loc])
        k = iter(range(1, 20))

        def clause(head: str) -> None:
            doc.line().line(form.format(k=next(k), h=head))

        doc.line(rng.choice(AGREEMENT_TITLES[loc])).line()
        kit.date(doc.add("This agreement is dated "), ("agreement_date",), dated).line(" and is made between:")
        L.fill(doc, "(1) {sponsor}, " + fake.address().replace("\n", ", ") + " (the \"Sponsor\"); and\n", **gold)
        L.fill(doc, "(2) {holder}, " + fake.address().replace("\n", ", ") + " (the \"Rights Holder\"), organiser of "
               "{prop}.\n", **gold)
        clause("Appointment")
        doc.add(f"The Rights Holder appoints the Sponsor as {tier_text} of ").put(("property",), prop)
        if category:
            doc.add(" in the ").put(("category",), category).add(" category")
        doc.line(".")
        clause("Term")
        kit.date(doc.add("This agreement runs from "), ("start_date",), start).add(" until ")
        kit.date(doc, ("end_date",), end).line(" inclusive.")
        clause("Fee")
        fee_sentence()
        schedule(rng.choice(["table", "lines", "sentence"]))
        kit.pad(doc)
        clause("Rights")
        rights(kit.chance(0.5))
        clause("Exclusivity")
        doc.line(excl_text)
        clause("Renewal")
        doc.line(renew_text)
        clause("Termination")
        termination()
        kit.pad(doc.line())
        doc.add(f"Signed for {sponsor} by ").put(("sponsor_signatory",), signatory).line(f", {role}")
        doc.line(f"Signed for the Rights Holder by {holder_signatory}, Commercial Director")
        doc.line(f"Witnessed by {witness}")
    elif layout == "terms":
        doc.line(rng.choice(["HEADS OF TERMS", "Term sheet", "Sponsorship term sheet"]) + f" - {prop}").line()
        rows = [("Sponsor", L.cell(sponsor, ("sponsor",))), ("Rights holder", L.cell(holder, ("rights_holder",))),
                ("Property", L.cell(prop, ("property",)))]
        rows += [("Category", L.cell(category, ("category",)))] * bool(category)
        rows += [("Status", L.cell(tier_text)), ("Date", kit.date_cell(("agreement_date",), dated)),
                 ("Term", L.join(kit.date_cell(("start_date",), start), L.cell(" to "),
                                 kit.date_cell(("end_date",), end))),
                 ("Total fee", kit.money_cell(("total_fee",), fee))]
        rows += [("Annual fee", kit.money_cell(None, annual))] * (years > 1)
        if facts["value_in_kind"]:
            rows.append(("Value in kind", kit.money_cell(("value_in_kind",), facts["value_in_kind"])))
        rows += [("Signatory (Sponsor)", L.cell(signatory, ("sponsor_signatory",))),
                 ("Signatory (Rights holder)", L.cell(holder_signatory))]
        L.kv(doc, rng, rows)
        kit.pad(doc.line())
        doc.line(rng.choice(["Payment schedule", "Payments"]))
        schedule(rng.choice(["table", "lines"]))
        doc.line()
        rights(False)
        doc.line().line(excl_text).line(renew_text)
        termination()
        doc.line("Subject to contract.")
    else:                   # a letter of agreement from the rights holder
        doc.put(("rights_holder",), holder).line().line(fake.address().replace("\n", ", "))
        kit.date(doc, ("agreement_date",), dated).line().line()
        doc.add("Dear ").put(("sponsor_signatory",), signatory).line(",").line()
        L.fill(doc, "Re: {prop} - {tier}\n\n", **gold)
        L.fill(doc, "Further to our discussions, we are delighted to confirm {sponsor} as {tier} of {prop}", **gold)
        if category:
            doc.add(" in the ").put(("category",), category).add(" category")
        kit.date(doc.add(" from "), ("start_date",), start).add(" to ")
        kit.date(doc, ("end_date",), end).line(".").line()
        fee_sentence()
        schedule(rng.choice(["sentence", "lines", "table"]))
        kit.pad(doc.line())
        rights(False)
        doc.line().line(excl_text).line(renew_text)
        termination()
        kit.date(doc.line().add("Please sign and return a copy of this letter by "), None,
                 dated + dt.timedelta(days=14)).line(".").line()
        doc.line(f"Yours sincerely,\n{holder_signatory}\nCommercial Director").line()
        doc.add(f"Agreed and accepted for {sponsor}: ").put(("sponsor_signatory",), signatory).line(f", {role}")
    kit.pad(doc)
    return Draft(("Sponsorship agreement", "Sponsorship contract", "Sponsorship deal"), SPONSOR_FIELDS, facts,
                 doc, evidence)


# ---- media rate card ------------------------------------------------------------------------

RATE_MEDIA = {   # medium: (owner names, headlines, formats (format, size or None, unit, price range),
    # audience label and its distractor, sections)
    "print": (("The {city} Chronicle", "{last} Weekly", "{city} Life Magazine"),
              ("PRINT RATE CARD", "Print advertising rates", "Magazine rate card"),
              [("Full page", "210×297 mm", "insertion", (2500, 12000)),
               ("Half page", "190×130 mm", "insertion", (1400, 6500)),
               ("Quarter page", "93×130 mm", "insertion", (700, 3500)),
               ("Eighth page", "93×63 mm", "insertion", (350, 1800)),
               ("Double-page spread", "420×297 mm", "insertion", (4500, 21000)),
               ("Back cover", "210×297 mm", "insertion", (3500, 15000)),
               ("Loose insert", "max. A4", "cpm", (40, 95))],
              ("Audited circulation", "Readership"),
              ["News", "Sport", "Business", "Lifestyle", "Travel", "Motoring", "Property", "Food & drink"]),
    "digital": (("{city}Live", "{last} Digital", "{city} Post Online"),
                ("DIGITAL RATE CARD", "Display advertising rates", "Online media kit: rates"),
                [("Leaderboard", "728×90", "cpm", (6, 18)), ("MPU", "300×250", "cpm", (8, 22)),
                 ("Billboard", "970×250", "cpm", (14, 35)), ("Half-page unit", "300×600", "cpm", (12, 30)),
                 ("Mobile banner", "320×50", "cpm", (4, 12)), ("Homepage takeover", None, "day", (1500, 9000)),
                 ("Newsletter sponsorship", None, "send", (400, 2500)), ("Pre-roll video", "15 s", "cpm", (18, 40))],
                ("Monthly unique users", "Monthly page views"),
                ["News", "Sport", "Business", "Entertainment", "Tech", "Travel", "Money"]),
    "radio": (("{city} FM", "Radio {last}", "Hits {city}"),
              ("RADIO AIRTIME RATES", "Radio advertising rates", "Airtime rate card"),
              [("Spot, breakfast", "30 s", "spot", (60, 450)), ("Spot, daytime", "30 s", "spot", (40, 300)),
               ("Spot, drive", "30 s", "spot", (50, 380)), ("Sponsor credit", "10 s", "spot", (20, 150)),
               ("Weather sponsorship", None, "week", (300, 2500)), ("Live read", "60 s", "spot", (120, 800))],
              ("Weekly reach", "Average hours per listener"),
              ["Breakfast", "Daytime", "Drive", "Evening", "Weekend"]),
    "outdoor": (("{last} Outdoor", "{city} Street Media", "Metro Screens {city}"),
                ("OUT-OF-HOME RATE CARD", "Outdoor advertising rates", "Billboard and poster rates"),
                [("48-sheet billboard", "6×3 m", "fortnight", (250, 900)),
                 ("6-sheet bus shelter", "1.2×1.8 m", "fortnight", (90, 350)),
                 ("Digital roadside screen", "10 s slot", "week", (400, 2200)),
                 ("Bus rear panel", "1.5×0.5 m", "fortnight", (120, 400)),
                 ("Station poster", "4-sheet", "fortnight", (150, 600))],
                ("Weekly audience", "Panels in the network"),
                ["City centre", "Ring road", "Retail parks", "Rail stations", "Airport"]),
    "podcast": (("{last} Audio", "The {last} Podcast Network", "{city} Podcasts"),
                ("PODCAST ADVERTISING RATES", "Podcast rate card", "Audio sponsorship rates"),
                [("Pre-roll host read", "30 s", "cpm", (18, 35)), ("Mid-roll host read", "60 s", "cpm", (22, 45)),
                 ("Episode sponsorship", None, "episode", (300, 2500)),
                 ("Series sponsorship", None, "flat", (4000, 20000))],
                ("Monthly downloads", "Average listeners per episode"),
                ["News & politics", "Comedy", "True crime", "Business", "Sport", "Health"])}
UNITS = {"insertion": ("per insertion", "each insertion"), "cpm": ("CPM", "per thousand impressions"),
         "spot": ("per spot", "each spot"), "week": ("per week", "weekly"),
         "fortnight": ("per fortnight", "per 2 weeks"), "day": ("per day", "daily"),
         "episode": ("per episode",), "send": ("per send", "per newsletter"), "flat": ("flat fee", "fixed price")}
AUDIENCES = {"print": (5_000, 400_000), "digital": (50_000, 8_000_000), "radio": (20_000, 1_500_000),
             "outdoor": (50_000, 3_000_000), "podcast": (5_000, 900_000)}
WEB_PATHS = {"en_US": ("advertise", "media-kit"), "en_GB": ("advertise", "media-pack"),
             "de_DE": ("werbung", "mediadaten"), "fr_FR": ("publicite", "kit-media")}
BOOKING_WORDS = {"print": "insertions", "digital": "bookings", "radio": "spots", "outdoor": "weeks",
                 "podcast": "episodes"}
RATE_FIELDS = [
    F.text("media_owner", "Media owner", ("Publisher, station, contractor or network issuing the rate card.",
                                          "Name of the media owner."), "publisher", "station", "owner"),
    F.choice("medium", "Medium", "Kind of media the rates are for.", list(RATE_MEDIA), "media_type", "channel",
             keep=0.8),
    F.date("valid_from", "Valid from", ("First day the rates apply (not the date published or revised).",
                                        "Start of validity."), "effective_date", "rates_from"),
    F.date("valid_until", "Valid until", "Last day the rates apply, if stated.", "expiry_date", "rates_until",
           optional=True, keep=0.7),
    F.items("rates", "Rates", ("Each format and its price, in the order listed.", "The rate table."), [
        F.text("format", "Format", "Ad format or product (not its size).", "ad_format", "product"),
        F.text("size", "Size", "Size, length or dimensions as written; null when none is given.", "dimensions",
               "spec", optional=True, keep=0.6),
        F.choice("unit", "Unit", "What the price is charged per.", list(UNITS), "pricing_unit", "per", keep=0.7),
        F.number("price", "Price", "List price of the format (before discounts).", "rate", "list_price"),
    ], "rate_table", "formats", "prices"),
    F.integer("audience", "Audience", "Audited circulation, monthly unique users, weekly reach, weekly audience "
              "or monthly downloads, if stated (not readership, page views or per-episode figures).",
              "circulation", "reach", optional=True, keep=0.6),
    F.number("agency_commission", "Agency commission (%)", "Agency commission allowed, in percent, if stated.",
             "commission_percent", "agency_discount", optional=True, keep=0.5),
    F.items("discounts", "Volume discounts", ("Each volume or series discount, in order; empty when none.",
                                              "Series discounts."), [
        F.integer("min_bookings", "Minimum bookings", "Bookings needed for the discount.", "from_bookings",
                  "threshold"),
        F.number("percent", "Discount (%)", "Discount in percent.", "discount_percent", "discount"),
    ], "series_discounts", "volume_discounts", keep=0.7),
    F.integer("booking_deadline_days", "Booking deadline (days)", "Days before publication or air date that "
              "bookings close, if stated (not the copy deadline).", "booking_lead_days", "book_by_days",
              optional=True, keep=0.5),
    F.flag("vat_included", "VAT included", "Whether the prices include VAT or sales tax.", "prices_include_tax",
           "gross_prices", keep=0.7),
    F.strings("sections", "Sections", "Sections, dayparts, genres or locations on offer; empty when none are "
              "listed.", "dayparts", "available_sections", keep=0.6),
    F.text("contact_email", "Contact e-mail", "Address for bookings, if given.", "email", "sales_email",
           format="email", optional=True, keep=0.5),
    F.text("website", "Website", "Web address given for advertisers, if any.", "url", "web", format="uri",
           optional=True, keep=0.4),
]


def media_rate_card(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    medium = rng.choice(list(RATE_MEDIA))
    owners, headlines, formats, (audience_label, other_label), sections = RATE_MEDIA[medium]
    owner = rng.choice(owners).format(city=fake.city(), last=fake.last_name())
    picked = sorted(rng.sample(range(len(formats)), rng.randint(2, min(6, len(formats)))))
    rates, sizes_shown, level = [], kit.chance(0.8), rng.random()     # one title's prices sit on one ladder
    for k in picked:
        fmt_name, size, unit, (lo, hi) = formats[k]
        x = lo + (hi - lo) * min(1.0, max(0.0, level + rng.uniform(-0.08, 0.08)))
        price = float(round(x / 5) * 5) if hi > 200 else round(x, 2)
        rates.append({"format": fmt_name, "size": size if sizes_shown else None, "unit": unit, "price": price})
    start = kit.day().replace(day=1)
    until = start.replace(year=start.year + 1) - dt.timedelta(days=1) if kit.chance(0.5) else \
        start + dt.timedelta(days=rng.choice([89, 180]))
    published = start - dt.timedelta(days=rng.randint(10, 60))
    audience = rng.randrange(*AUDIENCES[medium], 100)
    other = {"print": lambda: kit.count_cell(None, round(audience * rng.uniform(2.0, 3.5))),
             "digital": lambda: kit.count_cell(None, round(audience * rng.uniform(3.0, 8.0))),
             "radio": lambda: kit.num_cell(None, rng.uniform(4.5, 11.0), 1),
             "outdoor": lambda: kit.count_cell(None, rng.randint(40, 900)),
             "podcast": lambda: kit.count_cell(None, round(audience / rng.uniform(4.0, 12.0)))}[medium]()
    steps = sorted(rng.sample([2, 3, 4, 6, 8, 10, 12, 24], rng.choice([0, 0, 2, 3, 3, 4])))
    step = rng.choice([2.5, 5.0, 5.0])
    discounts = [{"min_bookings": s, "percent": step * (k + 1)} for k, s in enumerate(steps)]
    copy_days = rng.choice([2, 3, 5])
    email = f"{rng.choice(['sales', 'advertising', 'ads', 'bookings'])}@{fake.domain_name()}"
    site = f"https://www.{fake.domain_name()}/{rng.choice(WEB_PATHS[loc])}"
    facts = {"media_owner": owner, "medium": medium, "valid_from": start.isoformat(),
             "valid_until": kit.maybe(until.isoformat(), 0.7), "rates": rates,
             "audience": kit.maybe(audience, 0.7), "agency_commission": kit.maybe(rng.choice([10.0, 15.0, 15.0]), 0.6),
             "discounts": discounts, "booking_deadline_days": kit.maybe(copy_days + rng.choice([2, 5, 9]), 0.6),
             "vat_included": kit.chance(0.3),
             "sections": rng.sample(sections, rng.choice([0, 0, 2, 3, 4])),
             "contact_email": kit.maybe(email, 0.6), "website": kit.maybe(site, 0.5)}
    tax = "sales tax" if loc == "en_US" else "VAT"
    vat_text = says(rng, facts["vat_included"],
                    (f"All prices include {tax}.", f"Prices are gross, {tax} included."),
                    (f"All rates are exclusive of {tax}.", f"Prices do not include {tax}.",
                     f"Rates are net: {tax} is added at the applicable rate."))
    headline = rng.choice(headlines)
    units = [rng.choice(UNITS[r["unit"]]) for r in rates]
    evidence = {("medium",): headline, ("vat_included",): vat_text}
    evidence.update({("rates", i, "unit"): u for i, u in enumerate(units)})
    word = BOOKING_WORDS[medium]
    revised = published - dt.timedelta(days=rng.randint(100, 400))

    def rate_table(export: bool) -> None:
        sized = any(r["size"] for r in rates)
        L.table(doc, rng, ["Format"] + ["Size"] * sized + ["Unit", "Price"], [
            [L.cell(r["format"], ("rates", i, "format"))]
            + [L.cell(r["size"], ("rates", i, "size")) if r["size"] else L.cell("-")] * sized
            + [L.cell(units[i]), kit.money_cell(("rates", i, "price"), r["price"])]
            for i, r in enumerate(rates)], "semicolon" if export else None)

    def rate_lines() -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, r in enumerate(rates):   # "- Full page (210×297 mm): €3,450.00 per insertion"
            doc.add(bullet).put(("rates", i, "format"), r["format"])
            if r["size"]:
                doc.add(" (").put(("rates", i, "size"), r["size"]).add(")")
            kit.money(doc.add(": "), ("rates", i, "price"), r["price"]).line(f" {units[i]}")

    def discount_block(style: str) -> None:
        if not discounts:
            doc.line(rng.choice(["No series discounts apply.", "Volume discounts: none"]))
            return
        if style == "table":
            L.table(doc, rng, [f"From ({word})", "Discount"], [
                [kit.count_cell(("discounts", k, "min_bookings"), d["min_bookings"]),
                 L.join(kit.num_cell(("discounts", k, "percent"), d["percent"], 0 if d["percent"] % 1 == 0 else 1),
                        L.cell("%"))] for k, d in enumerate(discounts)])
        elif style == "line":           # "Series discounts: 3+ insertions 5%, 6+ insertions 10%"
            doc.add(rng.choice(["Series discounts: ", "Volume discounts: "]))
            for k, d in enumerate(discounts):
                kit.count(doc.add(", " if k else ""), ("discounts", k, "min_bookings"), d["min_bookings"])
                kit.num(doc.add(f"+ {word} "), ("discounts", k, "percent"), d["percent"],
                        0 if d["percent"] % 1 == 0 else 1).add("%")
            doc.line()
        else:                           # "Book 3 or more insertions and save 5%; 6 or more, 10%."
            for k, d in enumerate(discounts):
                kit.count(doc.add("Book " if k == 0 else "; "), ("discounts", k, "min_bookings"), d["min_bookings"])
                doc.add(f" or more {word} and save " if k == 0 else " or more, ")
                kit.num(doc, ("discounts", k, "percent"), d["percent"], 0 if d["percent"] % 1 == 0 else 1).add("%")
            doc.line(".")

    def audience_rows() -> list[tuple[str, L.Cell]]:
        rows = [(audience_label, kit.count_cell(("audience",), audience))] if facts["audience"] else []
        return rows + [(other_label, other)]

    def terms() -> None:
        if facts["agency_commission"]:
            kit.num(doc.add("Agency commission: "), ("agency_commission",), facts["agency_commission"], 0).line("%")
        doc.line(vat_text)
        if facts["booking_deadline_days"]:
            kit.count(doc.add("Booking deadline: "), ("booking_deadline_days",), facts["booking_deadline_days"])
            doc.line(f" days before {'publication' if medium == 'print' else 'the start'}; copy due {copy_days} "
                     f"working days before.")
        else:
            doc.line(f"Copy deadline: {copy_days} working days before publication.")

    def contacts() -> None:
        if facts["contact_email"]:
            doc.add(rng.choice(["Bookings: ", "Contact: ", "E-mail: "])).put(("contact_email",), email).line()
        if facts["website"]:
            doc.add(rng.choice(["Media kit: ", "Web: ", "More at "])).put(("website",), site).line()

    def validity() -> None:
        kit.date(doc.add(rng.choice(["Valid from ", "Rates effective "])), ("valid_from",), start)
        if facts["valid_until"]:
            kit.date(doc.add(" to "), ("valid_until",), until)
        doc.line(".")

    layout = rng.choice(["card", "card", "web", "email", "export"])
    if layout == "card":
        doc.put(("media_owner",), owner).line().line(f"{headline} {start.year}").line()
        validity()
        kit.date(doc.add("Published "), None, published).line().line()
        L.kv(doc, rng, audience_rows())
        kit.pad(doc.line())
        rate_table(False)
        doc.line()
        discount_block(rng.choice(["table", "line"]))
        _strings(kit, doc, "sections", facts["sections"], rng.choice(["Sections", "Available", "Targeting options"]),
                 "")
        terms()
        contacts()
        kit.date(doc.add("Supersedes the rate card of "), None, revised).line(".")
    elif layout == "web":
        doc.add("Advertise with ").put(("media_owner",), owner).line().line(headline).line()
        if facts["audience"]:
            doc.put(("media_owner",), owner).add(" reaches ")
            kit.count(doc, ("audience",), audience).add(f" ({audience_label.lower()}); ")
        L.write(doc.add(f"{other_label}: "), other).line(".")
        if facts["sections"]:
            L.series(doc.add("Choose from "), ("sections",), facts["sections"]).line(".")
        doc.line()
        rate_lines()
        kit.pad(doc.line())
        discount_block(rng.choice(["line", "sentence"]))
        validity()
        terms()
        contacts()
        kit.date(doc.add("Page last updated "), None, published).line(".")
    elif layout == "email":
        doc.line(f"From: {fake.name()} <{fake.email()}>").line(f"Subject: Re: advertising rates - {owner}").line()
        doc.line(f"Dear {fake.name()},").line()
        doc.add("Thank you for your interest in advertising with ").put(("media_owner",), owner)
        doc.line(". Please find our current rates below.").line(headline)
        validity()
        doc.line()
        rate_lines() if kit.chance(0.5) else rate_table(False)
        kit.pad(doc.line())
        if facts["audience"]:
            kit.count(doc.add(f"{audience_label}: "), ("audience",), audience).line()
        discount_block(rng.choice(["sentence", "line", "table"]))
        terms()
        _strings(kit, doc, "sections", facts["sections"], "Available", "")
        contacts()
        doc.line().line("Kind regards,\nAdvertising sales")
    else:                   # a spreadsheet export
        doc.add("# ").put(("media_owner",), owner).line(f" - {headline}")
        kit.date(doc.add("# valid_from: "), ("valid_from",), start).line()
        if facts["valid_until"]:
            kit.date(doc.add("# valid_until: "), ("valid_until",), until).line()
        kit.date(doc.add("# exported: "), None, published).line()
        rate_table(True)
        kit.pad(doc.line())
        L.kv(doc, rng, audience_rows(), "colon")
        discount_block("table")
        _strings(kit, doc, "sections", facts["sections"], "sections", "sections: none")
        terms()
        contacts()
    kit.pad(doc)
    return Draft(("Media rate card", "Advertising rate card", "Media kit rates"), RATE_FIELDS, facts, doc, evidence)
