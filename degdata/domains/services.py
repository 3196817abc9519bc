"""What a company sends its customers: gym membership confirmations, product warranty
registrations and software release notes.

Amounts and dates sit beside their distractors (a joining fee and an annual total beside
the monthly fee, the registration date beside the purchase date, the version upgraded from
beside the version released); a choice is written out ("Premium (all clubs, any time)"),
a ticked box among several ("[x] In store") or a changelog section heading or tag; and
booleans are often negated ("group classes are not included", "no breaking changes",
"I do not want to receive offers"). Each comes as a form or a letter, a table or a list.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

PLANS = {"off-peak": "Off-peak (weekdays before 4 pm)", "standard": "Standard (home club, any time)",
         "premium": "Premium (all clubs, any time)"}
FACILITIES = ["gym floor", "pool", "sauna", "steam room", "climbing wall", "squash courts",
              "spin studio", "free weights area"]
PAYMENT = {"direct debit": "Paid monthly by direct debit", "card": "Paid monthly by card",
           "annual upfront": "Paid annually in advance"}
GYM_FIELDS = [
    F.text("member_name", "Member", "Name of the member.", "name", "member"),
    F.text("membership_number", "Membership number", "Member number on the card.", "member_id",
           "card_number"),
    F.text("club", "Home club", "Club the membership is based at.", "home_club", keep=0.7),
    F.choice("plan", "Plan", "Membership plan.", list(PLANS), "tier", "membership_type"),
    F.date("start_date", "Start date", "First day of the membership (not the signing date).",
           "starts_on"),
    F.integer("minimum_term_months", "Minimum term", "Minimum term in months; null if none.",
              "commitment_months", optional=True),
    F.number("monthly_fee", "Monthly fee", "Recurring monthly fee (not the joining fee).",
             "monthly_price", minimum=0),
    F.number("joining_fee", "Joining fee", "One-off joining fee, if charged.", "signup_fee",
             optional=True, keep=0.7),
    F.flag("classes_included", "Classes included", "Whether group classes are in the fee.",
           "includes_classes"),
    F.strings("facilities", "Facilities", "Facilities the membership gives access to.", "access",
              keep=0.8),
    F.choice("payment_method", "Payment", "How the fee is paid.", list(PAYMENT), "paid_by", keep=0.6),
]


def gym_membership(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    plan, signed = rng.choice(list(PLANS)), kit.day()
    fee = round(rng.choice([19, 24, 29, 35, 39, 45, 59, 79]) - rng.choice([0.0, 0.01, 0.05]), 2)
    classes = plan == "premium" or kit.chance(0.4)
    facts = {"member_name": fake.name(), "membership_number": f"{rng.randint(10**6, 10**8)}",
             "club": f"{fake.city()} {rng.choice(['Central', 'Riverside', 'North', 'Park'])}",
             "plan": plan, "start_date": kit.day(after=signed, within=21).isoformat(),
             "minimum_term_months": kit.maybe(rng.choice([3, 6, 12, 12, 24]), 0.8), "monthly_fee": fee,
             "joining_fee": kit.maybe(float(rng.choice([10, 20, 25, 49, 99])), 0.7),
             "classes_included": classes,
             "facilities": rng.sample(FACILITIES, rng.randint(1, 3 if plan == "off-peak" else 6)),
             "payment_method": rng.choice(list(PAYMENT))}
    evidence = {("plan",): PLANS[plan], ("payment_method",): PAYMENT[facts["payment_method"]]}
    if kit.chance(0.5):
        doc.line(f"Membership confirmation - {fake.company()} Fitness").line()
        L.kv(doc, rng, [("Member", L.cell(facts["member_name"], ("member_name",))),
                        ("Membership no.", L.cell(facts["membership_number"], ("membership_number",))),
                        ("Home club", L.cell(facts["club"], ("club",))), ("Plan", L.cell(PLANS[plan])),
                        ("Signed", kit.date_cell(None, signed)),
                        ("Start date", kit.date_cell(("start_date",),
                                                     dt.date.fromisoformat(facts["start_date"])))])
    else:
        doc.add("Dear ").put(("member_name",), facts["member_name"]).line(",").line()
        doc.add("welcome to ").put(("club",), facts["club"]).add("! Your membership number is ")
        doc.put(("membership_number",), facts["membership_number"]).add(" and your plan is ")
        doc.add(PLANS[plan]).add(". You signed up on ")
        kit.date(doc, None, signed).add("; your membership starts on ")
        kit.date(doc, ("start_date",), dt.date.fromisoformat(facts["start_date"])).line(".")
    doc.line()
    kit.pad(doc)
    doc.add("Monthly fee: ")
    kit.money(doc, ("monthly_fee",), fee).line()
    doc.add("Joining fee: ")
    if facts["joining_fee"] is not None:
        kit.money(doc, ("joining_fee",), facts["joining_fee"]).line(" (one-off)")
    else:
        doc.line("waived")
    doc.add(PAYMENT[facts["payment_method"]])
    if facts["payment_method"] == "annual upfront":
        doc.add(": ")
        kit.money(doc, None, round(fee * 12, 2)).add(" a year")
    doc.line()
    if facts["minimum_term_months"]:
        doc.add("Minimum term: ")
        kit.count(doc, ("minimum_term_months",), facts["minimum_term_months"]).line(" months")
    else:
        doc.line("No minimum term: cancel with one month's notice.")
    class_text = says(rng, classes, ("Group classes are included.", "Includes unlimited classes."),
                      ("Group classes are not included.", "Classes are charged separately."))
    doc.line().line(class_text).add("Access to: ")
    for i, f in enumerate(facts["facilities"]):
        doc.add(", " if i else "").put(("facilities", i), f)
    doc.line(".")
    kit.pad(doc)
    evidence[("classes_included",)] = class_text
    return Draft(("Gym membership", "Membership confirmation"), GYM_FIELDS, facts, doc, evidence)


PRODUCTS = [("Coffee machine", "CM"), ("Cordless vacuum", "VC"), ("Dishwasher", "DW"),
            ("Soundbar", "SB"), ("Electric toothbrush", "ET"), ("Robot mower", "RM"),
            ("Washing machine", "WM"), ("Air purifier", "AP")]
CHANNELS = {"online": "Online", "in store": "In store", "gift": "Received as a gift"}
SATISFACTION = {1: "very dissatisfied", 2: "dissatisfied", 3: "neutral", 4: "satisfied",
                5: "very satisfied"}
WARRANTY_FIELDS = [
    F.text("owner_name", "Owner", "Person registering the products.", "customer_name", "name"),
    F.text("owner_email", "E-mail", "Owner's e-mail address.", "email", format="email", keep=0.7),
    F.items("products", "Products", "Each product registered.", [
        F.text("product", "Product", "Product name.", "name"),
        F.text("model_number", "Model", "Model number.", "model", keep=0.8),
        F.text("serial_number", "Serial number", "Serial number of the unit.", "serial"),
    ], "registered_products", "devices"),
    F.date("purchase_date", "Purchase date", "Date of purchase (not the registration date).",
           "bought_on", "date_of_purchase"),
    F.text("retailer", "Retailer", "Where it was bought, if given.", "store", "dealer",
           optional=True, keep=0.7),
    F.number("purchase_price", "Purchase price", "Total price paid, if stated.", "price_paid",
             optional=True, keep=0.6),
    F.integer("warranty_years", "Warranty (years)",
              "Warranty period after registration (not the standard period).", "coverage_years"),
    F.choice("purchase_channel", "Bought", "How the product was obtained.", list(CHANNELS),
             "channel", keep=0.7),
    F.flag("marketing_opt_in", "Marketing consent", "Whether the owner agrees to receive offers.",
           "newsletter", keep=0.7),
    F.score("satisfaction", "Satisfaction", "How satisfied the owner is so far.", SATISFACTION,
            "rating", keep=0.6),
]


def warranty_registration(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    bought, channel = kit.day(), rng.choice(list(CHANNELS))
    products = [{"product": name, "model_number": f"{code}-{rng.randint(100, 9999)}",
                 "serial_number": "".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ0123456789")
                                          for _ in range(10))}
                for name, code in rng.sample(PRODUCTS, rng.choice([1, 1, 1, 2, 3]))]
    standard, extended = 2, kit.chance(0.6)
    opt_in, score = kit.chance(0.35), rng.randint(1, 5)
    facts = {"owner_name": fake.name(), "owner_email": fake.free_email(), "products": products,
             "purchase_date": bought.isoformat(),
             "retailer": fake.company() if channel != "gift" and kit.chance(0.8) else None,
             "purchase_price": kit.maybe(kit.amount(29, 1400), 0.75) if channel != "gift" else None,
             "warranty_years": rng.choice([3, 5]) if extended else standard,
             "purchase_channel": channel, "marketing_opt_in": opt_in, "satisfaction": score}
    doc.line(f"{fake.last_name()} Home Appliances - Warranty registration").line()
    rows = [("Name", L.cell(facts["owner_name"], ("owner_name",))),
            ("E-mail", L.cell(facts["owner_email"], ("owner_email",))),
            ("Date of purchase", kit.date_cell(("purchase_date",), bought)),
            ("Registered on", kit.date_cell(None, kit.day(after=bought, within=60)))]
    if facts["retailer"]:
        rows.append(("Retailer", L.cell(facts["retailer"], ("retailer",))))
    if facts["purchase_price"] is not None:
        rows.append(("Price paid", kit.money_cell(("purchase_price",), facts["purchase_price"])))
    L.kv(doc, rng, rows)
    channel_text = f"[x] {CHANNELS[channel]}"
    doc.line().line("How did you buy it?  " + "  ".join(
        f"[{'x' if c == channel else ' '}] {label}" for c, label in CHANNELS.items())).line()
    if kit.chance(0.5):
        L.table(doc, rng, ["Product", "Model", "Serial no."], [
            [L.cell(p["product"], ("products", i, "product")),
             L.cell(p["model_number"], ("products", i, "model_number")),
             L.cell(p["serial_number"], ("products", i, "serial_number"))]
            for i, p in enumerate(products)])
    else:
        for i, p in enumerate(products):
            doc.add("* ").put(("products", i, "product"), p["product"]).add(", model ")
            doc.put(("products", i, "model_number"), p["model_number"]).add(", serial no. ")
            doc.put(("products", i, "serial_number"), p["serial_number"]).line()
    kit.pad(doc)
    doc.add("\nStandard warranty: ")
    kit.count(doc, None if extended else ("warranty_years",), standard).line(" years")
    if extended:
        doc.add("Extended on registration to ")
        kit.count(doc, ("warranty_years",), facts["warranty_years"]).line(" years.")
    else:
        doc.line("This model is not eligible for an extension.")
    opt_text = says(rng, opt_in, ("[x] Yes, send me news and offers by e-mail.",),
                    ("[x] No, I do not want to receive offers.", "Marketing e-mails: not wanted"))
    sat_text = f"How happy are you with your purchase? {rating(rng, score)[1]}"
    doc.line().line(opt_text).line(sat_text)
    kit.pad(doc)
    return Draft(("Warranty registration", "Product registration"), WARRANTY_FIELDS, facts, doc, {
        ("purchase_channel",): channel_text, ("marketing_opt_in",): opt_text,
        ("satisfaction",): sat_text})


CHANGES = {"feature": ["Dark mode for the dashboard", "Export to CSV from every report",
                       "Keyboard shortcuts for search", "Bulk editing of tags", "Single sign-on"],
           "fix": ["Crash when opening large files", "Wrong totals in the monthly report",
                   "Login loop after a password reset", "Timezone shift in exported dates",
                   "Memory leak in the sync service"],
           "security": ["Patched an XSS issue in comments", "Updated the TLS library",
                        "Session tokens expire on logout"],
           "deprecation": ["The v1 REST API is deprecated", "Legacy CSV importer deprecated"]}
TAGS = {"feature": "[Added]", "fix": "[Fixed]", "security": "[Security]", "deprecation": "[Deprecated]"}
HEADS = {"feature": "New features", "fix": "Bug fixes", "security": "Security fixes",
         "deprecation": "Deprecations"}
CHANNEL = {"stable": "Channel: stable", "beta": "This is a beta release, not for production use.",
           "lts": "Long-term support (LTS) release"}
RELEASE_FIELDS = [
    F.text("product", "Product", "Name of the software.", "software", "application"),
    F.text("version", "Version", "Version released (not the version upgraded from).",
           "release_version", "version_number"),
    F.date("release_date", "Release date", "Date of the release.", "released_on"),
    F.choice("channel", "Channel", "Release channel.", list(CHANNEL), "release_channel", keep=0.8),
    F.items("changes", "Changes", "Each listed change, in order.", [
        F.text("summary", "Change", "The change as described.", "description"),
        F.choice("kind", "Kind", "What kind of change it is.", list(CHANGES), "type"),
        F.text("issue", "Issue", "Tracker reference, if given.", "ticket", optional=True, keep=0.7),
    ], "changelog", "entries"),
    F.flag("breaking", "Breaking changes", "Whether upgrading breaks compatibility.", "is_breaking"),
    F.strings("platforms", "Platforms", "Supported platforms listed.", "supported_platforms", keep=0.7),
    F.number("download_mb", "Download size (MB)", "Installer size in megabytes, if given.", "size_mb",
             optional=True, keep=0.5),
    F.date("support_ends", "Previous version support ends", "End of support of the previous version, "
           "if announced.", "eol_previous", optional=True, keep=0.5),
]


def software_release_notes(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    major, minor, patch = rng.randint(1, 14), rng.randint(0, 20), rng.randint(1, 9)
    pool = [(kind, text) for kind in CHANGES for text in CHANGES[kind]]
    picked = sorted(rng.sample(range(len(pool)), rng.randint(1, 8)))     # grouped by kind
    prefix = rng.choice(["#", "GH-", "APP-"])
    changes = [{"summary": pool[j][1], "kind": pool[j][0],
                "issue": f"{prefix}{n}" if kit.chance(0.8) else None}
               for j, n in zip(picked, rng.sample(range(100, 9999), len(picked)))]
    released, breaking = kit.day(), kit.chance(0.3)
    facts = {"product": f"{fake.last_name()} {rng.choice(['Studio', 'Desk', 'Sync', 'Cloud', 'Pro'])}",
             "version": f"{major}.{minor}.{patch}", "release_date": released.isoformat(),
             "channel": rng.choice(list(CHANNEL)), "changes": changes, "breaking": breaking,
             "platforms": rng.sample(["Windows", "macOS", "Linux", "Android", "iOS"], rng.randint(1, 4)),
             "download_mb": kit.maybe(round(rng.uniform(12, 900), 1), 0.7),
             "support_ends": kit.maybe(kit.day(after=released, within=400).isoformat(), 0.6)}
    doc.add("# ").put(("product",), facts["product"]).add(" ").put(("version",), facts["version"])
    doc.line(" release notes").line().add("Released ")
    kit.date(doc, ("release_date",), released).line(f" - upgrading from {major}.{minor}.{patch - 1}")
    doc.line(CHANNEL[facts["channel"]]).line()
    evidence = {("channel",): CHANNEL[facts["channel"]]}
    style = rng.choice(["sections", "tags", "table"])
    if style == "table":
        L.table(doc, rng, ["Type", "Change", "Issue"], [
            [L.cell(HEADS[c["kind"]]), L.cell(c["summary"], ("changes", i, "summary")),
             L.cell(c["issue"], ("changes", i, "issue")) if c["issue"] else L.cell("-")]
            for i, c in enumerate(changes)])
    for i, c in enumerate(changes):
        if style == "sections" and (i == 0 or changes[i - 1]["kind"] != c["kind"]):
            doc.line(f"{'' if i == 0 else chr(10)}## {HEADS[c['kind']]}")
        if style != "table":
            doc.add("- " if style == "sections" else f"{TAGS[c['kind']]} ")
            doc.put(("changes", i, "summary"), c["summary"])
            if c["issue"]:
                doc.add(" (").put(("changes", i, "issue"), c["issue"]).add(")")
            doc.line()
        evidence[("changes", i, "kind")] = TAGS[c["kind"]] if style == "tags" else HEADS[c["kind"]]
    kit.pad(doc)
    break_text = says(rng, breaking, ("This release contains breaking changes.",
                                      "Breaking: the config file format has changed."),
                      ("No breaking changes.", "Fully backward compatible, no breaking changes."))
    doc.line().line(break_text).add("Available for: ")
    for i, p in enumerate(facts["platforms"]):
        doc.add(", " if i else "").put(("platforms", i), p)
    doc.line()
    if facts["download_mb"] is not None:
        doc.add("Download size: ")
        kit.num(doc, ("download_mb",), facts["download_mb"], 1).line(" MB")
    if facts["support_ends"]:
        doc.add("The previous version is supported until ")
        kit.date(doc, ("support_ends",), dt.date.fromisoformat(facts["support_ends"])).line(".")
    kit.pad(doc)
    evidence[("breaking",)] = break_text
    return Draft(("Release notes", "Changelog", "Software release"), RELEASE_FIELDS, facts, doc,
                 evidence)
