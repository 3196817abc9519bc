"""Telecom papers of a household or a small business: a mobile phone contract, the confirmation of a
broadband installation, a request to move (port) a phone number to a new provider and a phone bill
with roaming charges.

Each carries values of the same kind beside the ones asked for: the sales adviser and an authorised
user beside the customer, the order number and the SIM card's serial beside the account number, a
temporary number, the authorised user's and the customer services numbers beside the mobile number,
the order date, the delivery date and the end of the cooling-off period beside the start date, the
months of the device plan beside the minimum term, the device instalment, the connection fee, the
yearly price rise and the total a month beside the plan's monthly price, and the fair-use limit
abroad and the hotspot allowance beside the data allowance; the account number and the engineer's
job number beside the order number, the contact at the address and the engineer beside the customer,
the order date, the date of the letter, the router's dispatch, the go-live date, the cooling-off
deadline and a cancelled appointment beside the installation date, the upload speed, the minimum
guaranteed speed and a measured speed test beside the download speed, the router delivery charge and
the total with extras beside the monthly price and the set-up fee; the person who filed the request
and the transfers adviser beside the account holder, a temporary number, the contact number and the
other numbers moved with it beside the number to port, the new provider beside the current one, the
new account and order numbers and the code that would end the contract without moving the number
(STAC) beside the old account number and the authorisation code (PAC, RIO, transfer PIN), the code's
issue and expiry, the holder's date of birth and the end of the old contract beside the request and
port dates; and the other users and numbers of the account beside the account holder and the asked
number, the bill number beside the account number, the billing period and each usage date beside the
bill date and the due date, the plan charge, the other lines, the previous balance, the payment
received, the VAT and each usage charge beside the roaming total and the total due.

Documents come as EU-style contract summaries (key-value blocks, a price block and an extras
table), order confirmation e-mails with bullet lines, markdown account pages with bold labels or
pipe tables and service agreements in numbered sections with the extras in one sentence;
appointment e-mails, welcome letters with an order summary, order-tracking pages with a timeline
table and engineers' job sheets with a check list and the equipment's serials; transfer request
forms with check boxes and an office-use table, the new provider's e-mails with a timeline in
bullets, status pages with a progress table or numbered steps and the current provider's letter
with the steps told in one sentence; and phone bills with a roaming section, bill e-mails with one
bullet per use abroad, markdown online bills and semicolon usage exports. Arrays come as tables in
every layout, bullet and numbered lines ("- Disney+ Standard: £5.99 a month", "2. Wi-Fi pod × 2")
and one-sentence lists; the lists of strings (included features, extra services, other numbers to
move, roaming passes) may be empty. Booleans are as often negated as stated ("Roaming in the EU is
not included", "No spend cap is set", "No engineer visit is needed", "You need to cancel your old
service yourself", "No early termination charge applies", "We could not verify your identity yet",
"You did not reach your roaming spend limit"), the coverage at the customer's address is a score
("4/5 (good)", "good (4 of 5 bars)", "▮▮▮▮▯"), an unlimited data plan has a null allowance and a
self-installed line has no time slot.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import clock
from ..kit import Kit
from ..surface import says
from .common import address_line, home_currency, lower_first, plain_names, slug, strings


def _add_months(d: dt.date, n: int) -> dt.date:
    y, m = divmod(d.month - 1 + n, 12)
    return dt.date(d.year + y, m + 1, min(d.day, 28))


class _Dates:
    """`Kit.date`, `Kit.date_cell` and `Kit.date_text` with each date's text drawn once per document, so a
    date written twice (the start date in the table and in the letter) reads the same both times."""

    def __init__(self, kit: Kit) -> None:
        self.kit, self.drawn = kit, {}

    def text(self, d: dt.date) -> str:
        if d not in self.drawn:
            self.drawn[d] = self.kit.date_text(d)
        return self.drawn[d]

    def write(self, doc: Doc, path, d: dt.date) -> Doc:
        return doc.put(path, self.text(d)) if path else doc.add(self.text(d))

    def cell(self, path, d: dt.date) -> L.Cell:
        return L.cell(self.text(d), path)


TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}


def _digits(kit: Kit, n: int) -> str:
    return "".join(str(kit.rng.randint(0, 9)) for _ in range(n))


def _phone(kit: Kit, line: str = "mobile") -> str:
    """A phone number as the locale writes it (`line`: "mobile" or "landline")."""
    rng, loc, d = kit.rng, kit.locale, lambda n: _digits(kit, n)
    if loc == "en_GB":
        if line == "mobile":
            return f"07{rng.randint(400, 999)} {d(6)}"
        city = rng.choice(["113", "114", "117", "121", "131", "141", "161"])
        return rng.choice([f"020 {rng.randint(3, 8)}{d(3)} {d(4)}", f"0{city} {rng.randint(2, 9)}{d(2)} {d(4)}",
                           f"01{rng.randint(200, 999)} {rng.randint(2, 9)}{d(5)}"])
    if loc == "en_US":
        area, exchange = rng.randint(201, 989), rng.randint(200, 999)
        return rng.choice([f"({area}) {exchange}-{d(4)}", f"{area}-{exchange}-{d(4)}"])
    if loc == "de_DE":
        if line == "mobile":
            return f"01{rng.choice(['51', '52', '57', '60', '62', '70', '71', '72', '76'])} {rng.randint(1, 9)}{d(7)}"
        return f"0{rng.choice(['30', '40', '89', '221', '69', '711', '211'])} {rng.randint(2, 9)}{d(6)}"
    first = rng.choice(["06", "07"]) if line == "mobile" else rng.choice(["01", "02", "03", "04", "05", "09"])
    return first + "".join(f" {rng.randint(0, 99):02d}" for _ in range(4))


def _phones(kit: Kit, n: int, line: str = "mobile") -> list[str]:
    out: list[str] = []
    while len(out) < n:
        p = _phone(kit, line)
        if p not in out:
            out.append(p)
    return out


HELPLINES = {"en_GB": "0333 {a} {b}", "en_US": "1-800-{a}-{b}", "de_DE": "0800 {a} {b}", "fr_FR": "09 69 {p} {q} {r}"}


def _helpline(kit: Kit) -> str:
    return HELPLINES[kit.locale].format(a=_digits(kit, 3), b=_digits(kit, 4), p=_digits(kit, 2), q=_digits(kit, 2),
                                        r=_digits(kit, 2))


PRICE_FACTOR = {"en_GB": 1.0, "en_US": 1.7, "de_DE": 1.2, "fr_FR": 0.8}


def _price(kit: Kit, lo: float, hi: float) -> float:
    """A monthly price as shops write them (`19.99`, `24.50`, `32.00`)."""
    whole = int(kit.rng.uniform(lo, hi) * PRICE_FACTOR[kit.locale])
    return round(max(1, whole) + kit.rng.choice([0.99, 0.99, 0.5, 0.0, 0.49]), 2)


# ---- mobile phone contract --------------------------------------------------------------------

MOBILE_PROVIDERS = {"en_US": ("Summit Wireless", "BlueRidge Mobile", "Pinnacle Cellular", "Metrowave Wireless"),
                    "en_GB": ("Skylark Mobile", "Harbour Mobile", "Tern Telecom", "Lumen Mobile"),
                    "de_DE": ("Funkwerk Mobil", "Nordnetz Mobilfunk", "Talwelle Mobile", "Lichtstrom Telekom"),
                    "fr_FR": ("Azur Mobile", "Ondeo Télécom", "Mistral Mobile", "Lumière Télécom")}
PLAN_WORDS = ("Essential", "Smart", "Plus", "Max", "Flex", "Go", "Premium", "Everyday", "Connect", "Red", "Air")
PLAN_SIZES = ("S", "M", "L", "XL", "Lite", "Pro")
ALLOWANCES = (5, 8, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 120, 150, 200)
DEVICES = [("Apple iPhone 15, 128 GB", 799), ("Apple iPhone 16 Pro, 256 GB", 1199), ("Apple iPhone 13, 128 GB", 549),
           ("Samsung Galaxy S24, 256 GB", 859), ("Samsung Galaxy A55, 128 GB", 439),
           ("Google Pixel 9, 128 GB", 799), ("Google Pixel 8a, 128 GB", 499), ("Motorola moto g85, 256 GB", 299),
           ("Xiaomi Redmi Note 13 Pro, 256 GB", 399), ("Fairphone 5, 256 GB", 699), ("Nothing Phone (2a), 256 GB", 349)]
EXTRAS = {   # extra: (price range a month, only with a device)
    "Phone insurance": ((6, 14), True), "Screen cover": ((3, 6), True), "Disney+ Standard": ((5, 9), False),
    "Spotify Premium": ((9, 11), False), "Netflix Standard": ((6, 11), False),
    "International calls bundle": ((4, 8), False), "Data booster": ((4, 8), False),
    "Smartwatch Multi-SIM": ((4, 7), False), "Worldwide roaming pass": ((8, 15), False),
    "Voicemail to text": ((1, 3), False), "Amazon Prime Video": ((5, 9), False)}
FEATURES = ("5G access", "Wi-Fi Calling", "Visual voicemail", "Personal hotspot", "Data rollover", "eSIM support",
            "Unlimited texts", "Caller ID")
CONTRACT_TYPES = {"sim_only": ("Contract type: SIM only", "SIM-only plan (no device)",
                               "Plan type: SIM only, you keep your own phone"),
                  "handset": ("Contract type: phone and plan", "Plan with a phone, the device paid in instalments",
                              "Plan type: airtime plan plus device plan")}
PAYMENT_METHODS = {"direct_debit": ("Payment method: direct debit", "You pay by direct debit from your bank account.",
                                    "Payment: monthly direct debit"),
                   "card": ("Payment method: debit or credit card", "You pay by card ending {last4}.",
                            "Payment: recurring card payment"),
                   "bank_transfer": ("Payment method: bank transfer", "You pay each monthly invoice by bank transfer.",
                                     "Payment: invoice, paid by bank transfer")}
COVERAGE = {1: "very poor", 2: "poor", 3: "fair", 4: "good", 5: "excellent"}
SUMMARY_TITLES = {"en_GB": ("Contract summary", "CONTRACT SUMMARY - MOBILE SERVICE"),
                  "en_US": ("Plan summary", "Wireless service - key terms"),
                  "de_DE": ("Contract summary (Vertragszusammenfassung)", "Vertragszusammenfassung - Mobilfunk"),
                  "fr_FR": ("Contract summary (récapitulatif contractuel)", "Récapitulatif contractuel - mobile")}
CONNECTION_FEES = {"en_GB": None, "en_US": ("Activation fee", 35.0),
                   "de_DE": ("Connection fee (Anschlusspreis)", 39.99),
                   "fr_FR": ("SIM activation fee (frais de mise en service)", 10.0)}
ROAMING_ZONES = {"en_GB": "the EU", "en_US": "Mexico and Canada", "de_DE": "Switzerland and the UK",
                 "fr_FR": "Switzerland and the UK"}    # the EU itself roams like at home by law
MOBILE_FIELDS = [
    F.text("customer", "Customer", ("Customer who holds the contract (not the sales adviser or an authorised "
                                    "user).", "Name of the account holder."), "customer_name", "account_holder"),
    F.text("provider", "Provider", "Mobile network or provider of the contract.", "network", "operator", keep=0.7),
    F.text("account_number", "Account number", "Customer or account number (not the order number or the SIM "
           "card number).", "customer_number", "account_no", keep=0.7),
    F.text("phone_number", "Mobile number", ("Mobile number of the contract (not a temporary number or the "
                                             "customer services line).", "Phone number of the line."),
           "msisdn", "mobile_number"),
    F.text("plan_name", "Plan name", "Name of the tariff or plan as written.", "tariff", "plan", keep=0.7),
    F.choice("contract_type", "Contract type", "Whether the contract is SIM only or includes a device.",
             list(CONTRACT_TYPES), "plan_type", "type", keep=0.7,
             option_descriptions=("airtime only, no device", "airtime with a device paid in instalments")),
    F.text("device", "Device", "Phone supplied with the contract; null for a SIM-only plan.", "handset",
           "phone_model", optional=True, keep=0.6),
    F.date("start_date", "Start date", ("Date the contract starts (not the order date, the delivery date or the "
                                        "end of the cooling-off period).", "Contract start date."), "contract_start",
           "activation_date"),
    F.integer("minimum_term_months", "Minimum term (months)", "Minimum term of the airtime contract in months (not "
              "the months of the device plan).", "term_months", "contract_length", minimum=1),
    F.date("minimum_term_end", "Minimum term ends", "Last day of the minimum term, if stated.", "term_end",
           "end_of_minimum_term", optional=True, keep=0.5),
    F.number("monthly_price", "Monthly price", ("Monthly price of the plan alone (not the device instalment, "
                                                "add-ons or the total a month).", "Airtime price a month."),
             "monthly_charge", "plan_price", minimum=0),
    F.number("upfront_cost", "Upfront cost", "One-off upfront payment for the device; null for a SIM-only plan (not "
             "a connection fee).", "upfront", "device_upfront", optional=True, keep=0.5),
    F.number("data_allowance_gb", "Data allowance (GB)", "Monthly data allowance in GB; null when the data is "
             "unlimited (not the fair-use limit abroad).", "data_gb", "allowance_gb", optional=True, keep=0.8),
    F.items("extras", "Extras", ("Each add-on or extra on the contract, in order.", "Add-ons."), [
        F.text("name", "Name", "Name of the add-on.", "extra", "add_on"),
        F.number("monthly_price", "Monthly price", "Price a month; null when it is included at no charge.",
                 "price", "price_per_month", optional=True, keep=0.8),
    ], "add_ons", "bolt_ons", keep=0.8),
    F.strings("included_features", "Included features", "Features included with the plan; empty when none are "
              "listed.", "features", "included", keep=0.6),
    F.flag("roaming_included", "Roaming included", "Whether roaming in the zone abroad the contract names (the EU, "
           "Mexico and Canada, or Switzerland and the UK) is included at no extra cost.", "zone_roaming",
           "roaming", keep=0.8),
    F.flag("spend_cap", "Spend cap set", "Whether a spend cap limits charges outside the allowance.", "spend_cap_set",
           "spending_limit", keep=0.6),
    F.choice("payment_method", "Payment method", "How the monthly charges are paid.", list(PAYMENT_METHODS),
             "payment", "pay_by", keep=0.6),
    F.score("coverage_rating", "Coverage rating", "Coverage at the customer's address as the coverage check rates "
            "it.", COVERAGE, "coverage", "signal_rating", keep=0.5),
    F.generate("summary", "Summary", "One sentence saying who has which plan from when and what it costs a month.",
               40, keep=0.2),
]


def mobile_phone_contract(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    dates = _Dates(kit)
    provider = rng.choice(MOBILE_PROVIDERS[loc])
    host = slug(provider.split()[0], "telecom", 18)
    kind = "handset" if kit.chance(0.55) else "sim_only"
    gb = None if kit.chance(0.25) else rng.choice(ALLOWANCES)
    plan = (f"{rng.choice(PLAN_WORDS)} Unlimited" if gb is None and kit.chance(0.6)
            else f"{rng.choice(PLAN_WORDS)} {rng.choice(PLAN_SIZES)}")
    monthly = _price(kit, 7, 22) if kind == "sim_only" else _price(kit, 12, 32)
    if gb is None:
        monthly = round(monthly + 8 * PRICE_FACTOR[loc], 2)
    term = rng.choice([1, 12, 12, 24]) if kind == "sim_only" else rng.choice([12, 24, 24, 36])
    device, device_price = rng.choice(DEVICES) if kind == "handset" else (None, 0)
    device_months = rng.choice([24, 36]) if kind == "handset" else 0
    upfront = float(rng.choice([0, 9, 19, 29, 49, 99, 149])) if kind == "handset" else None
    instalment = round((device_price - (upfront or 0)) / device_months, 2) if kind == "handset" else 0.0
    pool = [e for e, (_, needs) in EXTRAS.items() if kind == "handset" or not needs]
    extras = [{"name": e, "monthly_price": None if kit.chance(0.25) else _price(kit, *EXTRAS[e][0])}
              for e in rng.sample(pool, rng.choice([1, 1, 2, 2, 3]))]
    features = rng.sample(FEATURES, rng.choice([0, 0, 1, 2, 3, 4]))
    start = kit.day()
    ordered = start - dt.timedelta(days=rng.randint(1, 8))
    delivered = ordered + dt.timedelta(days=rng.randint(1, (start - ordered).days))
    term_end = _add_months(start, term) - dt.timedelta(days=1)
    cooling = delivered + dt.timedelta(days=14 if loc != "en_US" else rng.choice([14, 30]))
    customer, agent, authorised = plain_names(kit, 3)
    number, temporary, second = _phones(kit, 3)
    old_network = rng.choice(OLD_MOBILE[loc])
    ported = kit.chance(0.3)
    helpline = _helpline(kit)
    account = {"en_GB": str(rng.randint(10**9, 10**10 - 1)), "en_US": f"{rng.randint(10**8, 10**9 - 1)}-00001",
               "de_DE": str(rng.randint(10**7, 10**8 - 1)), "fr_FR": f"{rng.randint(10**7, 10**8 - 1)}"}[loc]
    order_no = rng.choice(["ORD-", "MO", "BST-"]) + str(rng.randint(10**6, 10**7 - 1))
    iccid = "89" + {"en_GB": "44", "en_US": "01", "de_DE": "49", "fr_FR": "33"}[loc] + _digits(kit, 15)
    roaming = kit.chance(0.5)
    cap = kit.chance(0.5)
    payment = rng.choice(["direct_debit"] * 3 + ["card"] * 2 + (["bank_transfer"] if loc != "en_US" else []))
    coverage = rng.choice([2, 3, 3, 4, 4, 4, 5, 5])
    conn = CONNECTION_FEES[loc]
    rise = round(rng.choice([1.5, 1.8, 2.0, 2.5]), 2) if loc == "en_GB" and kit.chance(0.8) else None
    fair_use = rng.choice([12, 15, 20, 25, 30, 40])
    hotspot = rng.choice([10, 15, 20, 30]) if gb is None else None
    total_month = round(monthly + instalment + sum(e["monthly_price"] or 0 for e in extras), 2)
    facts = {"customer": customer, "provider": provider, "account_number": account, "phone_number": number,
             "plan_name": plan, "contract_type": kind, "device": device, "start_date": start.isoformat(),
             "minimum_term_months": term, "minimum_term_end": term_end.isoformat() if term > 1 and kit.chance(0.7)
             else None, "monthly_price": monthly, "upfront_cost": upfront, "data_allowance_gb": gb,
             "extras": extras, "included_features": features, "roaming_included": roaming, "spend_cap": cap,
             "payment_method": payment, "coverage_rating": coverage}
    price_text = kit.style.money(monthly, False, False)
    facts["summary"] = (f"{customer} has the {plan} plan from {provider} from {start.isoformat()} for {term} "
                        f"month{'s' * (term > 1)} at {price_text[0]}{price_text[1]}{price_text[2]} a month.")
    # ---- the wording of the decided facts
    zone = ROAMING_ZONES[loc]
    fair_text = f"fair-use limit {fair_use} GB"
    type_text = rng.choice(CONTRACT_TYPES[kind])
    roaming_text = says(rng, roaming, (f"Roaming in {zone}: included at no extra cost ({fair_text})",
                                       f"You can use your allowance in {zone} at no extra cost ({fair_text}).",
                                       f"Roaming ({zone}): included"),
                        (f"Roaming in {zone}: not included, a daily pass is charged when you use your phone there",
                         f"Roaming in {zone} is not included in this plan.",
                         f"Roaming ({zone}): not included (pay as you go)"))
    cap_amount = kit.style.money(float(rng.choice([5, 10, 20, 30])), False, False)
    cap_text = says(rng, cap, (f"Spend cap: {''.join(cap_amount)} a month above your plan",
                               "A spend cap is set on this line, so charges outside your allowance are limited.",
                               "Spend cap: on"),
                    ("Spend cap: none", "No spend cap is set on this line.", "Spend cap: off"))
    payment_text = rng.choice(PAYMENT_METHODS[payment]).format(last4=_digits(kit, 4))
    postcode = fake.postcode()
    coverage_text = rng.choice([f"Coverage check for {postcode}: {coverage}/5 ({COVERAGE[coverage]})",
                                f"Indoor coverage at your address: {COVERAGE[coverage]} ({coverage} of 5 bars)",
                                f"Signal at {postcode}: {'▮' * coverage}{'▯' * (5 - coverage)} ({coverage}/5)"])
    evidence = {("contract_type",): type_text, ("roaming_included",): roaming_text, ("spend_cap",): cap_text,
                ("payment_method",): payment_text, ("coverage_rating",): coverage_text}
    start_text, term_end_text = dates.text(start), dates.text(term_end)
    months_word = f"month{'s' * (term > 1)}"
    incl = rng.choice(["included", "incl.", "free"])

    def data_cell() -> L.Cell:
        if gb is None:
            return L.cell(rng.choice(["Unlimited", "unlimited data"]) + (f" (hotspot up to {hotspot} GB)"))
        return L.join(kit.count_cell(("data_allowance_gb",), gb), L.cell(" GB a month"))

    def term_cell() -> L.Cell:
        if term == 1:
            return L.join(kit.count_cell(("minimum_term_months",), term), L.cell(" month (rolling)"))
        return L.join(kit.count_cell(("minimum_term_months",), term), L.cell(f" {months_word}"))

    def start_cell() -> L.Cell:
        return L.cell(start_text, ("start_date",))

    def minutes_cell() -> L.Cell:
        return L.cell(rng.choice(["Unlimited minutes and texts", f"{rng.choice([300, 500, 1000])} minutes, "
                                                                 "unlimited texts"]))

    def device_cell() -> L.Cell:
        return L.join(L.cell(device, ("device",)), L.cell(f", over {device_months} months"))

    def price_rows() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Monthly plan price", "Airtime a month", "Plan price per month"]),
                 kit.money_cell(("monthly_price",), monthly))]
        if kind == "handset":
            rows.append((f"Device instalment ({device_months} months)", kit.money_cell(None, instalment)))
            rows.append(("Upfront cost", kit.money_cell(("upfront_cost",), upfront)))
        if conn:
            rows.append((conn[0], kit.money_cell(None, conn[1])))
        if total_month != monthly:
            rows.append((rng.choice(["Total a month", "Total monthly charges"]), kit.money_cell(None, total_month)))
        return rows

    def rise_line() -> None:
        if rise:
            kit.money(doc.add("Each April your monthly plan price rises by "), None, rise).line(".")

    def extras_table() -> None:
        L.table(doc, rng, [rng.choice(["Extra", "Add-on", "Bolt-on"]), rng.choice(["Price a month", "Monthly"])], [
            [L.cell(e["name"], ("extras", i, "name")),
             kit.money_cell(("extras", i, "monthly_price"), e["monthly_price"]) if e["monthly_price"] is not None
             else L.cell(incl)] for i, e in enumerate(extras)])

    def extras_lines(bullet: str) -> None:
        for i, e in enumerate(extras):      # "- Disney+ Standard: £5.99 a month"
            doc.add(f"{i + 1}. " if bullet == "1." else bullet).put(("extras", i, "name"), e["name"])
            if e["monthly_price"] is None:
                doc.line(f": {incl}")
            else:
                kit.money(doc.add(": "), ("extras", i, "monthly_price"), e["monthly_price"]).line(" a month")

    def extras_sentence() -> None:
        doc.add(rng.choice(["Your extras are ", "The plan comes with "]))
        for i, e in enumerate(extras):      # "Disney+ Standard (£5.99 a month) and Phone insurance (included)"
            doc.add("" if i == 0 else " and " if i == len(extras) - 1 else ", ").put(("extras", i, "name"), e["name"])
            if e["monthly_price"] is None:
                doc.add(f" ({incl})")
            else:
                kit.money(doc.add(" ("), ("extras", i, "monthly_price"), e["monthly_price"]).add(" a month)")
        doc.line(".")

    def features_block() -> None:
        strings(kit, doc, "included_features", features, rng.choice(["Included features", "Also included",
                                                                      "Included with your plan"]),
                rng.choice(["Included features: none listed", "No extra features are included."]))

    def decided() -> None:
        doc.line(roaming_text).line(cap_text).line(payment_text).line(coverage_text)

    def number_rows() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Mobile number", "Your number", "Phone number"]), L.cell(number, ("phone_number",)))]
        if ported:
            rows.append(("Temporary number", L.cell(temporary)))
        return rows

    layout = rng.choice(["summary", "email", "account", "agreement"])
    if layout == "summary":     # an EU-style contract summary
        doc.line(rng.choice(SUMMARY_TITLES[loc])).line().add("Provider: ").put(("provider",), provider)
        doc.line(f", {address_line(kit)}").line(f"Customer services: {helpline}").line()
        if loc != "en_US":
            doc.line("This contract summary sets out the main elements of this service offer as required by EU law.")
            doc.line()
        rows = [("Customer", L.cell(customer, ("customer",))), ("Account number", L.cell(account, ("account_number",))),
                ("Order number", L.cell(order_no))] + number_rows()
        rows += [("SIM card number", L.cell(iccid)), ("Order date", dates.cell(None, ordered)),
                 ("Contract start", start_cell()), ("Minimum term", term_cell())]
        if facts["minimum_term_end"]:
            rows.append(("End of minimum term", L.cell(term_end_text, ("minimum_term_end",))))
        L.labelled(doc, rng, rows)
        doc.line().line(rng.choice(["Services and equipment", "1. Services"]))
        rows = [("Plan", L.cell(plan, ("plan_name",))), ("Data", data_cell()), ("Minutes and texts", minutes_cell())]
        if kind == "handset":
            rows.append(("Device", device_cell()))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))
        doc.line(type_text)
        features_block()
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["Price", "2. Price"]))
        L.kv(doc, rng, price_rows(), rng.choice(["colon", "aligned", "dots", "pipe"]))
        rise_line()
        doc.line().line(rng.choice(["Extras", "Add-ons"]))
        extras_table()
        doc.line()
        decided()
        dates.write(doc.add("Right to cancel: you can cancel within the cooling-off period, which ends on "), None,
                 cooling).line(".")
        doc.line(f"Sold by {agent}, {provider} retail")
    elif layout == "email":     # the order confirmation e-mail
        doc.add("From: ").put(("provider",), provider).line(f" <orders@{host}.{TLD[loc]}>")
        doc.line(f"To: {slug(customer.split()[0], 'telecom', 18)}.{slug(customer.split()[-1], 'telecom', 18)}"
                 f"@{fake.free_email_domain()}")
        doc.line(f"Subject: Your order {order_no} is confirmed").line()
        doc.add(rng.choice(["Hello ", "Dear "])).put(("customer",), customer).line(",").line()
        doc.add(f"Thanks for choosing {provider}. Your new plan ").put(("plan_name",), plan)
        doc.add(" starts on ").put(("start_date",), start_text).line(".")
        dates.write(doc.add("We took your order on "), None, ordered)
        doc.add(rng.choice([" and your SIM arrives by ", " and we deliver on "]))
        dates.write(doc, None, delivered).line(".")
        doc.line()
        rows = [("Account number", L.cell(account, ("account_number",)))] + number_rows()
        rows += [("Minimum term", term_cell()), ("Data", data_cell())]
        if facts["minimum_term_end"]:
            rows.append(("Minimum term ends", L.cell(term_end_text, ("minimum_term_end",))))
        if kind == "handset":
            rows.append(("Your phone", device_cell()))
        rows += price_rows()
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned"]))
        rise_line()
        doc.line(type_text).line()
        doc.line(rng.choice(["Your extras:", "Add-ons on your plan:"]))
        extras_lines(rng.choice(["- ", "* ", "1."]))
        features_block()
        doc.line()
        kit.pad(doc)
        decided()
        if ported:
            doc.line(f"We'll move your old number across from {old_network}; until then use {temporary}.")
        doc.line(f"Your order was taken by {agent} in our {fake.city()} store.")
        dates.write(doc.add("Changed your mind? You can cancel until "), None, cooling).line(".")
        doc.line().line(f"Questions? Call us on {helpline}.").line(f"The {provider} team")
    elif layout == "account":   # the online account page in markdown
        doc.add("# ").put(("provider",), provider).line(" - My account").line()
        rows = [("Name", L.cell(customer, ("customer",))), ("Account number", L.cell(account, ("account_number",)))]
        rows += number_rows() + [("Authorised user", L.cell(f"{authorised} ({second})")),
                                 ("Last order", L.cell(order_no))]
        L.labelled(doc, rng, rows, rng.choice(["bold", "pipe", "colon"]))
        doc.line().line("## Your plan")
        rows = [("Plan", L.cell(plan, ("plan_name",))), ("Data", data_cell()), ("Started", start_cell()),
                ("Minimum term", term_cell())]
        if facts["minimum_term_end"]:
            rows.append(("Minimum term ends", L.cell(term_end_text, ("minimum_term_end",))))
        if kind == "handset":
            rows.append(("Device", device_cell()))
        rows += price_rows()
        L.labelled(doc, rng, rows, rng.choice(["bold", "pipe"]))
        rise_line()
        doc.line(type_text).line()
        kit.pad(doc)
        doc.line("## Extras")
        extras_table() if kit.chance(0.5) else extras_lines(rng.choice(["- ", "* "]))
        doc.line()
        features_block()
        doc.line().line("## Settings")
        decided()
        dates.write(doc.add("Last bill: "), None, start + dt.timedelta(days=rng.randint(30, 300))).line()
    else:                       # a service agreement in numbered sections
        doc.line(rng.choice(["MOBILE SERVICE AGREEMENT", "Mobile phone contract", "Agreement for mobile services"]))
        doc.line().add("1. Parties. This agreement is made between ").put(("provider",), provider)
        doc.add(" and ").put(("customer",), customer).add(" (account ").put(("account_number",), account)
        doc.line(f", order {order_no}).")
        doc.add("2. Service. The plan ").put(("plan_name",), plan).add(" applies to the mobile number ")
        doc.put(("phone_number",), number)
        doc.add(f" (SIM {iccid})")
        if gb is None:
            doc.add(f" with unlimited data (hotspot up to {hotspot} GB)")
        else:
            kit.count(doc.add(" with "), ("data_allowance_gb",), gb).add(" GB of data a month")
        doc.line(".")
        doc.line(type_text + ".")
        if ported:
            doc.line(f"Until the customer's old number has been moved from {old_network}, the temporary number "
                     f"{temporary} is used.")
        doc.add("3. Term. The contract starts on ").put(("start_date",), start_text)
        kit.count(doc.add(" and runs for a minimum term of "), ("minimum_term_months",), term).add(f" {months_word}")
        if facts["minimum_term_end"]:
            doc.add(", ending on ").put(("minimum_term_end",), term_end_text)
        doc.line("; after that it continues month to month.")
        dates.write(doc.add("The customer may cancel within the cooling-off period, which ends on "), None,
                 cooling).line(".")
        kit.money(doc.add("4. Charges. The plan costs "), ("monthly_price",), monthly).add(" a month")
        if kind == "handset":
            doc.add(" and the ").put(("device",), device).add(" is paid over ")
            doc.add(f"{device_months} months at ")
            kit.money(doc, None, instalment).add(" a month, after an upfront payment of ")
            kit.money(doc, ("upfront_cost",), upfront)
        doc.line(".")
        if conn:
            kit.money(doc.add(f"A one-off {lower_first(conn[0])} of "), None, conn[1]).line(" applies.")
        rise_line()
        kit.pad(doc)
        doc.add("5. Extras. ")
        extras_sentence()
        features_block()
        doc.line("6. Other terms.")
        decided()
        doc.line(f"Customer services: {helpline}")
        doc.line().line(f"Signed for {provider}: {agent}").add("Signed by the customer on ")
        dates.write(doc, None, ordered).line(".")
    kit.pad(doc)
    return Draft(("Mobile phone contract", "Mobile contract summary", "Mobile service agreement"), MOBILE_FIELDS,
                 facts, doc, evidence)


# ---- broadband installation confirmation ------------------------------------------------------

BROADBAND_PROVIDERS = {"en_US": ("Clearline Internet", "RiverFiber", "Keystone Broadband", "Prairie Fiber Co."),
                       "en_GB": ("Fibrelink Broadband", "Kestrel Fibre", "Greenway Broadband", "Brightwire"),
                       "de_DE": ("Glasnetz GmbH", "Netzwelle Breitband", "Stadtfaser GmbH", "Lichtwelle Internet"),
                       "fr_FR": ("Fibréo", "Lien Fibre", "Azur Box", "Onde Claire Internet")}
OLD_MOBILE = {"en_US": ("AT&T", "Verizon", "T-Mobile", "US Cellular", "Mint Mobile"),
              "en_GB": ("EE", "O2", "Vodafone", "Three", "giffgaff"),
              "de_DE": ("Telekom", "Vodafone", "O2", "1&1", "congstar"),
              "fr_FR": ("Orange", "SFR", "Bouygues Telecom", "Free Mobile")}
OLD_PROVIDERS = {"en_US": ("Comcast Xfinity", "Spectrum", "AT&T Internet", "Verizon Fios"),
                 "en_GB": ("BT", "Sky Broadband", "Virgin Media", "TalkTalk", "Plusnet"),
                 "de_DE": ("Telekom", "Vodafone", "1&1", "O2"),
                 "fr_FR": ("Orange", "SFR", "Bouygues Telecom", "Free")}
TECHS = {   # technology: how each locale writes it
    "fttp": {"en_GB": ("Full Fibre (FTTP)", "Technology: full fibre to the premises"),
             "en_US": ("Fiber to the home (FTTH)", "Technology: fiber internet"),
             "de_DE": ("Fibre to the home (Glasfaser, FTTH)", "Technology: Glasfaser (FTTH)"),
             "fr_FR": ("Fibre optique (FTTH)", "Technology: fibre to the home (fibre optique)")},
    "fttc": {"en_GB": ("Superfast Fibre (FTTC)", "Technology: fibre to the cabinet, copper to the home"),
             "en_US": ("DSL (VDSL2)", "Technology: DSL over the phone line"),
             "de_DE": ("VDSL (FTTC)", "Technology: VDSL over the phone line"),
             "fr_FR": ("VDSL2 (cuivre)", "Technology: VDSL2 over the copper line")},
    "cable": {"en_GB": ("Cable (DOCSIS 3.1)", "Technology: cable broadband"),
              "en_US": ("Cable internet (DOCSIS 3.1)", "Technology: cable"),
              "de_DE": ("Cable (Kabel-Internet, DOCSIS 3.1)", "Technology: TV cable (Kabel)"),
              "fr_FR": ("Câble (FTTLA)", "Technology: cable (câble coaxial)")},
    "fixed_wireless": {"en_GB": ("5G home broadband", "Technology: fixed wireless (5G router)"),
                       "en_US": ("5G home internet", "Technology: fixed wireless"),
                       "de_DE": ("5G home internet (Festnetzersatz)", "Technology: fixed wireless (5G)"),
                       "fr_FR": ("Box 5G", "Technology: fixed wireless (box 4G/5G)")}}
SPEEDS = {"fttp": ((150, 30), (300, 50), (500, 75), (900, 110), (1000, 200), (2000, 300)),
          "fttc": ((36, 10), (50, 10), (67, 18), (80, 20)), "cable": ((250, 25), (350, 35), (500, 50), (1000, 100)),
          "fixed_wireless": ((100, 10), (150, 20), (300, 30))}
ROUTERS = {"en_GB": ("Smart Hub 3", "Hub Pro 2", "Wi-Fi 6 Router", "Eero Pro 6E"),
           "en_US": ("eero Pro 6E", "Gateway XB8", "Nokia Beacon 6", "Wi-Fi 7 Gateway"),
           "de_DE": ("FRITZ!Box 7590 AX", "FRITZ!Box 5690 Pro", "Speedport Smart 4", "FRITZ!Box 6690 Cable"),
           "fr_FR": ("Livebox 7", "Box Fibre 8", "Freebox Pop", "Box Wi-Fi 7")}
EQUIPMENT = {"fttp": ["Wi-Fi router", "Optical network terminal", "Wi-Fi pod", "Ethernet cable"],
             "fttc": ["Wi-Fi router", "Filter and splitter", "Wi-Fi pod", "Ethernet cable"],
             "cable": ["Wi-Fi router", "Cable modem", "Wi-Fi pod", "Coax cable"],
             "fixed_wireless": ["5G router", "Outdoor antenna", "Wi-Fi pod", "Ethernet cable"]}
SERVICES = ("Home phone line", "TV Essentials", "Static IP address", "Parental controls", "Security suite",
            "Anytime calls", "Sports add-on", "Cloud storage")
INSTALL_STATUSES = {"booked": ("Status: appointment booked", "Your installation appointment is booked.",
                               "Order status: installation scheduled"),
                    "rescheduled": ("Status: appointment rescheduled", "We have had to move your installation "
                                                                          "appointment.",
                                    "Order status: installation rescheduled"),
                    "completed": ("Status: installation complete", "Your installation is complete and your "
                                                                      "broadband is live.",
                                  "Order status: completed")}
SELF_STATUSES = {"booked": ("Status: go-live date booked", "Your go-live date is booked.",
                             "Order status: activation scheduled"),
                 "completed": ("Status: service live", "Your broadband is live.", "Order status: completed")}
SLOTS = ((8, 13), (13, 18), (8, 12), (12, 16), (7, 12), (10, 14))
CHECKLIST = ("Line test passed", "Router connected and online", "Wi-Fi name and password shown to customer",
             "Speed test run at the router", "Old equipment removed", "Cables clipped and tidied")
BROADBAND_FIELDS = [
    F.text("customer", "Customer", ("Customer the installation is for (not the engineer or a contact at the "
                                    "address).", "Name of the customer."), "customer_name", "account_holder"),
    F.text("provider", "Provider", "Broadband provider (not the previous provider).", "isp", "supplier", keep=0.7),
    F.text("order_number", "Order number", ("Number of the broadband order (not the account number or the "
                                            "engineer's job number).", "Order reference."), "order_ref",
           "reference"),
    F.text("installation_address", "Installation address", "Address where the line is installed.", "address",
           "service_address", keep=0.6),
    F.date("installation_date", "Installation date", ("Date of the installation, or the go-live date of a "
                                                      "self-installed line (not the order date, the router's "
                                                      "dispatch or a cancelled appointment).",
                                                      "Date the service is installed."), "appointment_date",
           "install_date"),
    F.text("time_slot", "Time slot", "Time window of the engineer's visit as written; null when no engineer "
           "visits.", "appointment_slot", "arrival_window", optional=True, keep=0.6),
    F.flag("engineer_visit", "Engineer visit", "Whether an engineer visits to install the service (false for a "
           "self-install).", "engineer_required", "onsite_install", keep=0.8),
    F.text("engineer", "Engineer", "Name of the engineer, if given (not the customer or a contact).",
           "technician", "installer", optional=True, keep=0.5),
    F.choice("technology", "Technology", "How the line reaches the home.", list(TECHS), "connection_type",
             "access_technology", keep=0.7,
             option_descriptions=("fibre all the way to the home", "fibre to the street cabinet, copper to the "
                                  "home", "coaxial TV cable", "a mobile (4G/5G) router")),
    F.integer("download_speed_mbps", "Download speed (Mbps)", ("Download speed of the package in Mbps (not the "
                                                               "upload, the minimum guaranteed or a measured "
                                                               "speed).", "Package download speed."),
              "download_mbps", "speed_down"),
    F.integer("upload_speed_mbps", "Upload speed (Mbps)", "Upload speed of the package in Mbps.", "upload_mbps",
              "speed_up", keep=0.5),
    F.integer("contract_months", "Contract length (months)", "Minimum term of the contract in months.",
              "minimum_term", "term_months", keep=0.7, minimum=1),
    F.number("monthly_price", "Monthly price", ("Monthly price of the broadband package (not the total with "
                                                "extras or a one-off charge).", "Price a month."), "monthly_cost",
             "price_per_month", minimum=0),
    F.number("setup_fee", "Set-up fee", "One-off set-up or installation fee; null when there is none (not the "
             "router delivery charge).", "installation_fee", "activation_fee", optional=True, keep=0.6),
    F.text("router_model", "Router model", "Model of the router supplied.", "router", "hub", keep=0.5),
    F.items("equipment", "Equipment", ("Each piece of equipment supplied or installed, in order.",
                                       "Kit delivered."), [
        F.text("item", "Item", "What the equipment is.", "name", "device"),
        F.integer("quantity", "Quantity", "How many.", "qty", keep=0.7),
        F.text("serial_number", "Serial number", "Serial number, if recorded.", "serial", "sn", optional=True,
               keep=0.5),
    ], "devices", "hardware", keep=0.8),
    F.strings("services", "Extra services", "Services ordered with the broadband; empty when none.",
              "add_ons", "extras", keep=0.6),
    F.flag("switch_handled", "Switch handled", "Whether the new provider arranges the switch away from the "
           "previous provider (false when the customer must cancel it).", "switching_arranged",
           "old_provider_notified", keep=0.6),
    F.choice("status", "Status", "Where the installation stands.", list(INSTALL_STATUSES), "order_status",
             "appointment_status", keep=0.7),
]


def broadband_installation_confirmation(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    home_currency(kit)
    dates = _Dates(kit)
    us = loc == "en_US"
    provider = rng.choice(BROADBAND_PROVIDERS[loc])
    host = slug(provider.split()[0], "telecom", 18)
    old = rng.choice(OLD_PROVIDERS[loc])
    tech = rng.choice(["fttp"] * 5 + ["fttc"] * 2 + ["cable"] * 2 + ["fixed_wireless"])
    down, up = rng.choice(SPEEDS[tech])
    if us and tech == "fttp":
        up = down
    layout = rng.choice(["email", "letter", "portal", "jobsheet"])
    visit = True if layout == "jobsheet" else tech != "fixed_wireless" and kit.chance(0.8 if tech == "fttp" else 0.5)
    if layout == "jobsheet":
        status = "completed"
    elif layout == "portal":
        status = rng.choice(["booked", "booked", "completed"] + ["rescheduled"] * visit)
    else:
        status = rng.choice(["booked", "booked", "booked"] + ["rescheduled"] * visit)
    ordered = kit.day()
    install = ordered + dt.timedelta(days=rng.randint(6, 24))
    moved_from = install - dt.timedelta(days=rng.randint(2, 5)) if status == "rescheduled" else None
    dispatched = install - dt.timedelta(days=rng.randint(2, 4))
    golive = install + dt.timedelta(days=rng.choice([0, 0, 1]))
    letter_day = ordered + dt.timedelta(days=rng.randint(0, 1))
    cooling = ordered + dt.timedelta(days=14)
    start, end = rng.choice(SLOTS)
    if us:
        slot = rng.choice([f"{(start - 1) % 12 + 1}{'am' if start < 12 else 'pm'}-{(end - 1) % 12 + 1}pm",
                           f"{(start - 1) % 12 + 1}:00 {'AM' if start < 12 else 'PM'} - {(end - 1) % 12 + 1}:00 PM"])
    else:
        slot = rng.choice([f"{start:02d}:00-{end:02d}:00", f"{start:02d}:00 - {end:02d}:00",
                           f"{start:02d}:00 to {end:02d}:00"])
    customer, engineer, contact = plain_names(kit, 3)
    months = rng.choice([1, 12, 18, 24, 24, 24]) if not us else rng.choice([1, 12, 12, 24])
    monthly = round(_price(kit, 18, 45) + (8 if down >= 900 else 0), 2)
    setup = None if kit.chance(0.55) else round(float(rng.choice([19.99, 29.99, 49.0, 59.99, 99.0])), 2)
    delivery_fee = round(rng.choice([4.99, 7.99, 9.99]), 2) if kit.chance(0.3) else None
    router = rng.choice([r for r in ROUTERS[loc] if ("Cable" in r) == (tech == "cable")] or ROUTERS[loc])
    kinds = EQUIPMENT[tech]
    names = [kinds[0]] + ([kinds[1]] if tech != "fttc" or kit.chance(0.5) else []) + \
        [k for k in kinds[2:] if kit.chance(0.45)]
    serials = layout == "jobsheet" or (layout == "portal" and status == "completed" and kit.chance(0.7))
    equipment = [{"item": n, "quantity": rng.choice([1, 2, 2, 3]) if n == "Wi-Fi pod" else 1,
                  "serial_number": f"{rng.choice(['SN', 'GW', 'ZT', ''])}{rng.randint(10**7, 10**8 - 1)}"
                                   f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}" if serials else None} for n in names]
    services = rng.sample(SERVICES, rng.choice([0, 0, 0, 1, 1, 2, 3]))
    switch = kit.chance(0.5)
    account = {"en_GB": str(rng.randint(10**9, 10**10 - 1)), "en_US": str(rng.randint(10**11, 10**12 - 1)),
               "de_DE": str(rng.randint(10**8, 10**9 - 1)), "fr_FR": f"FO{rng.randint(10**7, 10**8 - 1)}"}[loc]
    order_no = {"en_GB": f"BB{rng.randint(10**7, 10**8 - 1)}", "en_US": f"ORD-{rng.randint(10**6, 10**7 - 1)}",
                "de_DE": f"AUF-{ordered.year}-{rng.randint(10**5, 10**6 - 1)}",
                "fr_FR": f"CMD{rng.randint(10**7, 10**8 - 1)}"}[loc]
    job_no = f"{rng.choice(['JOB', 'WO', 'TK'])}-{rng.randint(10**5, 10**6 - 1)}"
    address = address_line(kit)
    phone = _phone(kit, "mobile")
    facts = {"customer": customer, "provider": provider, "order_number": order_no, "installation_address": address,
             "installation_date": install.isoformat(), "time_slot": slot if visit else None, "engineer_visit": visit,
             "engineer": engineer if visit and (layout == "jobsheet" or kit.chance(0.35)) else None,
             "technology": tech, "download_speed_mbps": down, "upload_speed_mbps": up, "contract_months": months,
             "monthly_price": monthly, "setup_fee": setup, "router_model": router, "equipment": equipment,
             "services": services, "switch_handled": switch, "status": status}
    tech_name = TECHS[tech][loc][0]
    tech_text = rng.choice(TECHS[tech][loc])
    status_text = rng.choice((INSTALL_STATUSES if visit else SELF_STATUSES)[status])
    if status == "completed":
        visit_text = says(rng, visit, ("Engineer visit: yes", "Installation type: engineer install"),
                          ("Engineer visit: not needed", "Installation type: self-install"))
    else:
        visit_text = says(rng, visit, ("An engineer will visit to install your service.", "Engineer visit: yes",
                                       "Installation type: engineer install"),
                          ("No engineer visit is needed: you set up the router yourself.",
                           "Engineer visit: not required", "Installation type: self-install (plug and play)"))
    switch_text = says(rng, switch, (f"We'll tell {old} you're leaving, so you don't need to contact them.",
                                     f"Switching from {old}: arranged by us", f"Your {old} service ends when we go "
                                                                             "live; we arrange the switch."),
                       (f"You need to cancel your {old} service yourself.",
                        f"Switching from {old}: not arranged by us, please give them notice",
                        f"We can't arrange the switch from {old}; please cancel with them directly."))
    evidence = {("technology",): tech_text, ("status",): status_text, ("engineer_visit",): visit_text,
                ("switch_handled",): switch_text}
    install_text = dates.text(install)
    free = rng.choice(["free", "no charge", "none"])
    minimum = int(down * rng.uniform(0.5, 0.8))

    def date_cell() -> L.Cell:
        return L.cell(install_text, ("installation_date",))

    def speed_cell() -> L.Cell:
        return L.join(kit.count_cell(("download_speed_mbps",), down), L.cell(" Mbps download, "),
                      kit.count_cell(("upload_speed_mbps",), up), L.cell(" Mbps upload"))

    def months_cell() -> L.Cell:
        return L.join(kit.count_cell(("contract_months",), months), L.cell(" month" + "s" * (months > 1)))

    def setup_cell() -> L.Cell:
        return kit.money_cell(("setup_fee",), setup) if setup is not None else L.cell(free)

    def package_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Package", L.cell(tech_name)), ("Speed", speed_cell()),
                ("Monthly price", kit.money_cell(("monthly_price",), monthly)),
                ("Contract length", months_cell()), ("Set-up fee", setup_cell())]
        if delivery_fee:
            rows.append(("Router delivery", kit.money_cell(None, delivery_fee)))
        if services:
            rows.append(("Monthly total with extras", kit.money_cell(None, round(monthly + 5 * len(services)
                                                                                  * PRICE_FACTOR[loc], 2))))
        return rows

    def minimum_line() -> None:
        if tech_text != tech_name:
            doc.line(tech_text)
        if loc == "en_GB":
            doc.line(f"Minimum guaranteed download speed: {minimum} Mbps (estimated range {minimum + 5}-"
                     f"{int(down * 0.97)} Mbps).")
        else:
            doc.line(f"Speeds in normal use: at least {minimum} Mbps download.")

    def item_cell(i: int, e: dict) -> L.Cell:
        return L.cell(e["item"], ("equipment", i, "item"))

    def equipment_table() -> None:
        head = ["Item", "Qty"] + ["Serial number"] * serials + ["Note"] * (not serials)
        L.table(doc, rng, head, [
            [item_cell(i, e), kit.count_cell(("equipment", i, "quantity"), e["quantity"])]
            + ([L.cell(e["serial_number"], ("equipment", i, "serial_number"))] if serials else
               [L.cell(router if i == 0 else "-")]) for i, e in enumerate(equipment)])

    def equipment_lines(numbered: bool) -> None:
        bullet = rng.choice(["- ", "* "])
        for i, e in enumerate(equipment):       # "2. Wi-Fi pod × 2, serial GW48213377K"
            doc.add(f"{i + 1}. " if numbered else bullet).put(("equipment", i, "item"), e["item"])
            kit.count(doc.add(" × "), ("equipment", i, "quantity"), e["quantity"])
            if serials:
                doc.add(", serial ").put(("equipment", i, "serial_number"), e["serial_number"])
            doc.line(f" ({router})" if i == 0 else "")

    def equipment_sentence() -> None:
        doc.add(rng.choice(["In the box: ", "We're sending you "]))
        for i, e in enumerate(equipment):       # "1 Wi-Fi router, 2 Wi-Fi pods and 1 Ethernet cable"
            doc.add("" if i == 0 else " and " if i == len(equipment) - 1 else ", ")
            kit.count(doc, ("equipment", i, "quantity"), e["quantity"]).add(" × ").put(("equipment", i, "item"),
                                                                                       e["item"])
        doc.line(".")

    def services_block() -> None:
        strings(kit, doc, "services", services, rng.choice(["Extra services", "Also ordered", "Add-ons"]),
                rng.choice(["Extra services: none", "No extra services were ordered."]))

    def visit_lines() -> None:
        doc.line(visit_text)
        if visit:
            doc.add(rng.choice(["Time slot: ", "Arrival window: "])).put(("time_slot",), slot).line()
            if facts["engineer"] and layout != "jobsheet":
                doc.add("Your engineer: ").put(("engineer",), engineer).line()
            doc.line(f"Please make sure someone over 18 is at home; {contact} is down as the contact on {phone}.")
            if golive != install and status != "completed":
                dates.write(doc.add("Your service will be live by "), None, golive).line(".")
        else:
            dates.write(doc.add("Your router will be dispatched on "), None, dispatched).line(".")
        if moved_from:
            dates.write(doc.add("The earlier appointment on "), None, moved_from).line(" has been cancelled.")

    if layout == "email":       # the appointment confirmation e-mail
        doc.add("From: ").put(("provider",), provider).line(f" <installations@{host}.{TLD[loc]}>")
        dates.write(doc.add("Date: "), None, letter_day).line()
        doc.add("Subject: ").add("Your installation date" if visit else "Your go-live date").add(" - order ")
        doc.put(("order_number",), order_no).line().line()
        doc.add("Hello ").put(("customer",), customer).line(",").line()
        doc.line(status_text)
        if visit:
            doc.add("We'll install your broadband at ").put(("installation_address",), address)
            doc.add(" on ").put(("installation_date",), install_text).line(".")
        else:
            doc.add("Your broadband at ").put(("installation_address",), address).add(" goes live on ")
            doc.put(("installation_date",), install_text).line(".")
        visit_lines()
        doc.line()
        L.kv(doc, rng, [("Account number", L.cell(account)), ("Router", L.cell(router, ("router_model",)))]
             + package_rows(), rng.choice(["colon", "aligned", "dots"]))
        minimum_line()
        doc.line()
        kit.pad(doc)
        equipment_lines(kit.chance(0.5)) if kit.chance(0.5) else equipment_sentence()
        services_block()
        doc.line(switch_text)
        dates.write(doc.add("You can cancel without charge until "), None, cooling).line(".")
        doc.line().line(f"Thanks,\nThe {provider} team")
    elif layout == "letter":    # a welcome letter by post
        doc.put(("provider",), provider).line().line(address_line(kit)).line()
        doc.put(("customer",), customer).line().put(("installation_address",), address).line().line()
        dates.write(doc, None, letter_day).line().line()
        doc.add("Order number: ").put(("order_number",), order_no).line(f"\nAccount number: {account}").line()
        doc.line(f"Dear {customer.split()[0]},").line()
        dates.write(doc.add(f"Welcome to {provider}. Thank you for your order of "), None, ordered).line(".")
        doc.line(status_text)
        doc.add(rng.choice(["Installation date: ", "Your installation is on "]) if visit else "Go-live date: ")
        doc.put(("installation_date",), install_text).line()
        visit_lines()
        doc.line().line("Your order")
        L.labelled(doc, rng, package_rows() + [("Router", L.cell(router, ("router_model",)))])
        minimum_line()
        doc.line()
        kit.pad(doc)
        doc.line("Equipment")
        equipment_table() if kit.chance(0.5) else equipment_lines(True)
        doc.line()
        services_block()
        doc.line(switch_text)
        dates.write(doc.add("If you change your mind, you can cancel until "), None, cooling).line(".")
        doc.line().line("Yours sincerely,").line(f"{provider} customer team")
    elif layout == "portal":    # the order-tracking page
        doc.add("# Track your order ").put(("order_number",), order_no).line().line()
        rows = [("Customer", L.cell(customer, ("customer",))), ("Address", L.cell(address, ("installation_address",))),
                ("Provider", L.cell(provider, ("provider",))),
                ("Installation date" if visit else "Go-live date", date_cell())]
        if visit:
            rows.append(("Time slot", L.cell(slot, ("time_slot",))))
            if facts["engineer"]:
                rows.append(("Engineer", L.cell(engineer, ("engineer",))))
        L.labelled(doc, rng, rows, rng.choice(["bold", "pipe", "colon"]))
        doc.line(status_text).line(visit_text)
        if moved_from:
            dates.write(doc.add("Previous appointment (cancelled): "), None, moved_from).line()
        doc.line().line("## Progress")
        steps = [("Order placed", ordered), ("Router dispatched", dispatched),
                 ("Installation" if visit else "Go-live", install)]
        L.table(doc, rng, ["Date", "Step", "State"], [
            [dates.cell(None, d) if d != install else L.cell(install_text), L.cell(s),
             L.cell("done" if status == "completed" or d < install - dt.timedelta(days=1) else "to do")]
            for s, d in steps], rng.choice(["pipe", "pipe", "grid"]))
        doc.line().line("## Your package")
        L.labelled(doc, rng, package_rows() + [("Router", L.cell(router, ("router_model",)))], "bold")
        minimum_line()
        kit.pad(doc.line())
        doc.line("## Equipment")
        equipment_table() if kit.chance(0.6) else equipment_lines(False)
        doc.line()
        services_block()
        doc.line(switch_text)
    else:                       # the engineer's job sheet
        doc.line(f"{provider} - " + rng.choice(["INSTALLATION JOB SHEET", "Engineer installation report"]))
        doc.line(f"Job no.: {job_no}").add("Order: ").put(("order_number",), order_no).line().line()
        arrive = rng.randint(start * 60, end * 60 - 90)
        rows = [("Customer", L.cell(customer, ("customer",))), ("Address", L.cell(address, ("installation_address",))),
                ("Date of visit", date_cell()), ("Booked slot", L.cell(slot, ("time_slot",))),
                ("Arrived", L.cell(clock(arrive, us))),
                ("Engineer", L.cell(engineer, ("engineer",))), ("Engineer ID", L.cell(f"E{rng.randint(10000, 99999)}"))]
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "grid", "stacked"]))
        doc.line(status_text).line(visit_text).line(f"Line: {tech_name}").line()
        doc.add("Package: ").put(("provider",), provider).add(", ")
        L.write(doc, speed_cell())
        kit.money(doc.add(", "), ("monthly_price",), monthly).add(" a month, ")
        L.write(doc, months_cell()).line(" contract")
        doc.add("Router: ").put(("router_model",), router).line()
        if setup is not None:
            kit.money(doc.add("Set-up fee charged: "), ("setup_fee",), setup).line()
        else:
            doc.line("Set-up fee: none")
        minimum_line()
        doc.line()
        doc.line("Checks:")
        for check in rng.sample(CHECKLIST, rng.randint(3, 5)):
            doc.line(f"[x] {check}")
        measured = int(down * rng.uniform(0.85, 0.98))
        doc.line(f"Speed test at the router: {measured} Mbps down, {int(up * rng.uniform(0.85, 0.98))} Mbps up")
        doc.line()
        kit.pad(doc)
        doc.line("Equipment installed:")
        equipment_table()
        doc.line()
        services_block()
        doc.line(switch_text)
        doc.line(f"Customer signature: {customer.split()[-1]}  ({contact} present)")
    kit.pad(doc)
    return Draft(("Broadband installation confirmation", "Broadband installation", "Installation appointment"),
                 BROADBAND_FIELDS, facts, doc, evidence)


# ---- number porting request -------------------------------------------------------------------

PORT_STATUSES = {"submitted": ("Status: request received", "We have received your request to transfer your number.",
                               "Transfer status: submitted, waiting for your current provider"),
                 "scheduled": ("Status: transfer scheduled", "Your number transfer is booked in.",
                               "Transfer status: scheduled"),
                 "completed": ("Status: transfer complete", "Your number has moved across.",
                               "Transfer status: completed"),
                 "rejected": ("Status: rejected", "We could not transfer your number.",
                              "Transfer status: rejected by your current provider")}
LINE_TYPES = {"mobile": ("Line type: mobile", "Type of number: mobile", "Mobile number transfer"),
              "landline": ("Line type: landline", "Type of number: landline (geographic)", "Landline number transfer")}
CODE_LABELS = {("en_GB", "mobile"): "PAC", ("en_US", "mobile"): "Transfer PIN", ("fr_FR", "mobile"): "RIO",
               ("fr_FR", "landline"): "RIO"}
REJECTIONS = ("PAC does not match the number", "Name does not match the account", "Account number not recognised",
              "Number already being transferred", "RIO code not valid", "Transfer PIN incorrect")
ID_METHODS = ("photo ID upload", "a credit check", "a one-time code sent by text", "a video call")
PORT_FIELDS = [
    F.text("account_holder", "Account holder", ("Person who holds the number (not the person who filed the request "
                                                "or an adviser).", "Name of the account holder."), "customer",
           "holder_name"),
    F.text("phone_number", "Number to transfer", ("Main number to be moved (not a temporary or contact number).",
                                                  "The phone number being ported."), "number", "msisdn"),
    F.strings("additional_numbers", "Other numbers", "Other numbers moved in the same request; empty when only one "
              "number moves.", "other_numbers", "extra_numbers", keep=0.6),
    F.choice("line_type", "Line type", "Whether the number is a mobile or a landline number.", list(LINE_TYPES),
             "number_type", "service_type", keep=0.7),
    F.text("losing_provider", "Current provider", ("Provider the number is leaving (not the new provider).",
                                                   "Losing provider."), "current_provider", "donor"),
    F.text("gaining_provider", "New provider", "Provider the number moves to.", "new_provider", "recipient",
           keep=0.6),
    F.text("old_account_number", "Account number at current provider", "Account or customer number at the "
           "current provider (not the new account or order number).", "donor_account", "current_account_number",
           keep=0.6),
    F.text("authorisation_code", "Authorisation code", "Code that authorises the transfer (PAC, RIO or transfer "
           "PIN), if one is given (not a STAC or an order number).", "pac", "port_code", optional=True, keep=0.8),
    F.date("code_expiry", "Code valid until", "Last day the authorisation code can be used, if stated.",
           "pac_expiry", "code_expires", optional=True, keep=0.5),
    F.date("request_date", "Request date", ("Date the transfer was requested (not the transfer date or the code's "
                                            "issue date).", "Date of the request."), "requested_on", "submitted"),
    F.date("port_date", "Transfer date", ("Date the number moves or is scheduled to move (not the request date or "
                                          "the end of the old contract).", "Porting date."), "porting_date",
           "switch_date"),
    F.choice("status", "Status", "Where the transfer stands.", list(PORT_STATUSES), "port_status", "state",
             keep=0.8),
    F.text("rejection_reason", "Rejection reason", "Why the transfer was rejected; null unless it was.", "reason",
           "failure_reason", optional=True, keep=0.5),
    F.items("history", "History", ("Each step of the transfer so far with its date, in order.", "Progress."), [
        F.text("event", "Event", "What happened.", "step", "description"),
        F.date("date", "Date", "When it happened.", "on", "event_date"),
    ], "timeline", "steps", keep=0.8),
    F.flag("termination_fee_applies", "Termination fee applies", "Whether the current provider charges an early "
           "termination fee.", "early_exit_fee", "etf_applies", keep=0.6),
    F.number("termination_fee", "Termination fee", "Amount of the early termination fee, if stated.", "exit_fee",
             "etf_amount", optional=True, keep=0.5),
    F.flag("identity_verified", "Identity verified", "Whether the account holder's identity has been verified.",
           "id_checked", "verified", keep=0.6),
]


def _port_code(kit: Kit, label: str) -> str:
    rng = kit.rng
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
    if label == "PAC":
        return "".join(rng.choice(letters) for _ in range(3)) + _digits(kit, 6)
    if label == "RIO":
        tail = "".join(rng.choice(letters + "0123456789") for _ in range(9))
        return f"{rng.randint(1, 9):02d}{rng.choice('PE')}{tail}"
    return _digits(kit, rng.choice([4, 6, 8]))


def number_porting_request(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    dates = _Dates(kit)
    line = "mobile" if kit.chance(0.7) else "landline"
    pool = MOBILE_PROVIDERS[loc] if line == "mobile" else BROADBAND_PROVIDERS[loc]
    gaining = rng.choice(pool)
    losing = rng.choice((OLD_MOBILE if line == "mobile" else OLD_PROVIDERS)[loc])
    number, temporary, contact = _phones(kit, 3, line)[0], _phone(kit, "mobile"), _phone(kit, "mobile")
    while contact in (number, temporary):
        contact = _phone(kit, "mobile")
    others = [p for p in _phones(kit, 4, line) if p != number][:rng.choice([0, 0, 0, 0, 1, 2, 3])]
    holder, filer, adviser = plain_names(kit, 3)
    business = kit.chance(0.25)
    company = fake.company() if business else None
    code_label = CODE_LABELS.get((loc, line))
    code = _port_code(kit, code_label) if code_label else None
    stac = f"{_digits(kit, 6)}{''.join(rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ') for _ in range(3))}"
    request = kit.day()
    issued = request - dt.timedelta(days=rng.randint(0, 4))
    expiry = issued + dt.timedelta(days=30) if code_label == "PAC" else None
    port = request + dt.timedelta(days=rng.choice([1, 1, 2, 3, 5, 7, 10, 14]))
    layout = rng.choice(["form", "email", "portal", "letter"])
    if layout == "form":
        status = rng.choice(["submitted", "submitted", "scheduled"])
    else:
        status = rng.choice(["submitted", "scheduled", "scheduled", "completed", "rejected"])
    reason = rng.choice([r for r in REJECTIONS if (code_label or "-") in r or not any(k in r for k in ("PAC", "RIO",
                                                                                                      "PIN"))])
    old_account = {"en_GB": str(rng.randint(10**8, 10**9 - 1)), "en_US": str(rng.randint(10**8, 10**9 - 1)),
                   "de_DE": f"{rng.randint(10**7, 10**8 - 1)}", "fr_FR": f"{rng.randint(10**7, 10**8 - 1)}"}[loc]
    new_account = str(rng.randint(10**8, 10**9 - 1))
    order_ref = f"{rng.choice(['PRT', 'NP', 'MNP'])}-{rng.randint(10**5, 10**6 - 1)}"
    contract_end = port + dt.timedelta(days=rng.randint(20, 400))
    fee_applies = kit.chance(0.45)
    fee = round(rng.uniform(20, 180), 2) if fee_applies and kit.chance(0.7) else None
    verified = status in ("scheduled", "completed") or kit.chance(0.4)
    steps = [("Request received", request)]
    if status in ("scheduled", "completed"):     # each step on or after the one before, none after the port
        if code_label:
            steps.append(("Code validated", min(port, request + dt.timedelta(days=rng.choice([0, 1])))))
        steps.append(("Transfer date confirmed", min(port, steps[-1][1] + dt.timedelta(days=rng.choice([0, 1])))))
    if status == "completed":
        steps.append(("Number transferred", port))
    if status == "rejected":
        steps.append(("Request rejected", request + dt.timedelta(days=1)))
    if status == "submitted" and line == "mobile" and kit.chance(0.6):
        steps.append(("New SIM dispatched", request))
    history = [{"event": e, "date": d.isoformat()} for e, d in steps]
    facts = {"account_holder": holder, "phone_number": number, "additional_numbers": others, "line_type": line,
             "losing_provider": losing, "gaining_provider": gaining, "old_account_number": old_account,
             "authorisation_code": code, "code_expiry": expiry.isoformat() if expiry and kit.chance(0.8) else None,
             "request_date": request.isoformat(), "port_date": port.isoformat(), "status": status,
             "rejection_reason": reason if status == "rejected" else None, "history": history,
             "termination_fee_applies": fee_applies, "termination_fee": fee, "identity_verified": verified}
    status_text = rng.choice(PORT_STATUSES[status])
    line_text = rng.choice(LINE_TYPES[line])
    fee_text = says(rng, fee_applies, (f"You are still in your minimum term with {losing}, so an early termination "
                                       "charge applies.", "Early termination charge: applies",
                                       f"Leaving {losing} early will cost you an exit fee."),
                    (f"Your minimum term with {losing} has ended, so no early termination charge applies.",
                     "Early termination charge: none", f"There is no exit fee for leaving {losing}."))
    id_text = says(rng, verified, ("ID check: passed", "We have verified your identity.",
                                   f"Identity confirmed by {rng.choice(ID_METHODS)}."),
                   ("ID check: pending", "We could not verify your identity yet.",
                    "Identity not confirmed yet: please upload a photo ID."))
    evidence = {("status",): status_text, ("line_type",): line_text, ("termination_fee_applies",): fee_text,
                ("identity_verified",): id_text}
    port_text, request_text = dates.text(port), dates.text(request)
    dob = dt.date(request.year - rng.randint(20, 75), rng.randint(1, 12), rng.randint(1, 28))
    port_label = {"submitted": "Requested transfer date", "scheduled": "Transfer date", "completed": "Transferred on",
                  "rejected": "Requested transfer date"}[status]

    def code_rows() -> list[tuple[str, L.Cell]]:
        rows = []
        if code:
            rows.append((code_label, L.cell(code, ("authorisation_code",))))
            if facts["code_expiry"]:
                rows.append((f"{code_label} valid until", dates.cell(("code_expiry",), expiry)))
        elif loc == "de_DE":
            rows.append(("Authorisation", L.cell("signed provider-change form (Anbieterwechselauftrag)")))
        else:
            rows.append(("Authorisation", L.cell("letter of authorisation signed by the account holder")))
        return rows

    def fee_line() -> None:
        doc.line(fee_text)
        if fee is not None:
            kit.money(doc.add(rng.choice(["Termination charge: ", "Exit fee quoted: "])), ("termination_fee",),
                      fee).line()

    def others_block() -> None:
        strings(kit, doc, "additional_numbers", others, rng.choice(["Other numbers to transfer", "Also moving"]),
                rng.choice(["Other numbers to transfer: none", "No other numbers are part of this request."]))

    def reason_line() -> None:
        if status == "rejected":
            doc.add("Reason: ").put(("rejection_reason",), reason).line()

    def history_table() -> None:
        L.table(doc, rng, ["Date", "Step", "By"], [
            [L.cell(dates.text(dt.date.fromisoformat(h["date"])), ("history", i, "date")),
             L.cell(h["event"], ("history", i, "event")), L.cell(rng.choice(["system", adviser.split()[0]]))]
            for i, h in enumerate(history)])

    def history_lines(numbered: bool) -> None:
        bullet = rng.choice(["- ", "* "])
        for i, h in enumerate(history):     # "2. Code validated on 12/03/2024"
            doc.add(f"{i + 1}. " if numbered else bullet).put(("history", i, "event"), h["event"])
            doc.add(rng.choice([" on ", ": "]))
            doc.put(("history", i, "date"), dates.text(dt.date.fromisoformat(h["date"]))).line()

    def history_sentence() -> None:
        doc.add("So far: ")
        for i, h in enumerate(history):     # "request received on 12/03/2024 and code validated on 13/03/2024"
            doc.add("" if i == 0 else " and " if i == len(history) - 1 else ", ")
            doc.put(("history", i, "event"), h["event"]).add(" on ")
            doc.put(("history", i, "date"), dates.text(dt.date.fromisoformat(h["date"])))
        doc.line(".")

    if layout == "form":        # the new provider's transfer request form
        doc.put(("gaining_provider",), gaining).line(" - " + rng.choice(["NUMBER TRANSFER REQUEST",
                                                                           "Request to keep your number",
                                                                           "Number porting request form"]))
        doc.line(f"Reference: {order_ref}").line().line("A. Your details")
        rows = [("Account holder", L.cell(holder, ("account_holder",)))]
        if company:
            rows.append(("Company", L.cell(company)))
        rows += [("Date of birth", dates.cell(None, dob)), ("Contact number", L.cell(contact)),
                 ("Address", L.cell(address_line(kit)))]
        L.labelled(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "stacked", "grid"]))
        doc.line().line("B. Number to transfer")
        on, off = rng.choice([("[x]", "[ ]"), ("[X]", "[ ]"), ("\u2612", "\u2610")])
        doc.line(f"{on if line == 'mobile' else off} Mobile   {on if line == 'landline' else off} Landline")
        doc.line(line_text)
        doc.add("Number: ").put(("phone_number",), number).line()
        others_block()
        if line == "mobile" and kit.chance(0.5):
            doc.line(f"Temporary number on your new SIM: {temporary}")
        doc.line().line("C. Current provider")
        rows = [("Provider", L.cell(losing, ("losing_provider",))),
                ("Account number", L.cell(old_account, ("old_account_number",)))] + code_rows()
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))
        if code_label == "PAC":
            doc.line(f"(Do not use your STAC {stac}: it would end your contract without moving the number.)")
        fee_line()
        kit.pad(doc.line())
        doc.line("D. Transfer date")
        doc.add(f"{port_label}: ").put(("port_date",), port_text).line()
        dates.write(doc.add(f"Your contract with {losing} would otherwise run until "), None, contract_end).line(".")
        doc.line().line("E. Declaration")
        doc.line(f"I confirm that I am the account holder or authorised to act for them.")
        doc.add(f"Signed: {filer if business else holder}, on ").put(("request_date",), request_text).line()
        doc.line().line("For office use")
        doc.line(status_text).line(id_text)
        history_table()
    elif layout == "email":     # the new provider's confirmation e-mail
        doc.add("From: ").put(("gaining_provider",), gaining)
        doc.line(f" <transfers@{slug(gaining.split()[0], 'telecom', 18)}.{TLD[loc]}>")
        dates.write(doc.add("Date: "), None, steps[-1][1]).line()
        doc.add("Subject: Your number transfer - ").put(("phone_number",), number).line().line()
        doc.add("Dear ").put(("account_holder",), holder).line(",").line()
        doc.line(status_text).line(line_text)
        doc.add("You asked us on ").put(("request_date",), request_text).add(" to move ").put(("phone_number",), number)
        doc.add(" from ").put(("losing_provider",), losing).add(" (account ").put(("old_account_number",), old_account)
        doc.line(").")
        if code:
            doc.add(f"{code_label} received: ").put(("authorisation_code",), code)
            if facts["code_expiry"]:
                doc.add(", valid until ").put(("code_expiry",), dates.text(expiry))
            doc.line()
        reason_line()
        doc.add({"completed": "The number moved on ", "rejected": "You had asked for the transfer on ",
                 "scheduled": "Your number moves on ", "submitted": "You asked for the transfer on "}[status])
        doc.put(("port_date",), port_text).line(".")
        if line == "mobile" and status in ("submitted", "scheduled"):
            doc.line(f"Until then, your new SIM works with the temporary number {temporary}.")
        others_block()
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["Progress so far:", "What has happened so far:"]))
        history_lines(False)
        doc.line().line(id_text)
        fee_line()
        doc.line(f"Your new account number is {new_account}; your order reference is {order_ref}.")
        doc.line().line(f"Kind regards,\n{adviser}, {gaining} transfers team")
    elif layout == "portal":    # the status page of the transfer
        doc.line(f"# Number transfer {order_ref}").line()
        rows = [("Account holder", L.cell(holder, ("account_holder",))), ("Number", L.cell(number, ("phone_number",))),
                ("From", L.cell(losing, ("losing_provider",))), ("To", L.cell(gaining, ("gaining_provider",))),
                ("Account at current provider", L.cell(old_account, ("old_account_number",)))] + code_rows()
        rows += [("Requested on", L.cell(request_text, ("request_date",))),
                 (port_label, L.cell(port_text, ("port_date",))), ("Contact number", L.cell(contact))]
        L.labelled(doc, rng, rows, rng.choice(["bold", "pipe", "colon"]))
        doc.line().line(status_text).line(line_text)
        reason_line()
        doc.line(id_text)
        fee_line()
        doc.line()
        kit.pad(doc)
        doc.line("## Progress")
        history_table() if kit.chance(0.5) else history_lines(True)
        doc.line()
        others_block()
        doc.line(f"Questions? Chat with {adviser.split()[0]} or call {_helpline(kit)}.")
    else:                       # the current provider's letter about the port-out
        doc.put(("losing_provider",), losing).line().line(address_line(kit)).line()
        doc.put(("account_holder",), holder).line().line(address_line(kit)).line()
        dates.write(doc.add("Date: "), None, steps[-1][1]).line()
        doc.add("Account number: ").put(("old_account_number",), old_account).line().line()
        doc.add("Re: moving your number ").put(("phone_number",), number).line().line()
        doc.line(rng.choice(["Dear customer,", f"Dear {holder.split()[0]},"])).line()
        doc.add("We have been asked on ").put(("request_date",), request_text).add(" to move your number to ")
        doc.put(("gaining_provider",), gaining).line(".")
        doc.line(line_text)
        if code:
            dates.write(doc.add(f"Your {code_label}, issued on "), None, issued)
            doc.add(", is ").put(("authorisation_code",), code)
            if facts["code_expiry"]:
                doc.add(" and it is valid until ").put(("code_expiry",), dates.text(expiry))
            doc.line(".")
            if code_label == "PAC":
                doc.line(f"If you want to leave without keeping your number, use the STAC {stac} instead.")
        doc.line(status_text)
        reason_line()
        doc.add({"completed": "The number left our network on ", "rejected": "The transfer had been requested for ",
                 "scheduled": "The number will move on ", "submitted": "The transfer is requested for "}[status])
        doc.put(("port_date",), port_text).line(".")
        history_sentence()
        others_block()
        kit.pad(doc.line())
        fee_line()
        doc.line(id_text)
        dates.write(doc.add("Your minimum term would have ended on "), None, contract_end).line(".")
        doc.line(f"We will text {contact} when the transfer is done ({gaining} reference {order_ref}).")
        doc.line().line(f"Yours sincerely,\n{adviser}\nCustomer accounts, {losing}")
    kit.pad(doc)
    return Draft(("Number porting request", "Number transfer request", "Port-in request"), PORT_FIELDS, facts, doc,
                 evidence)


# ---- roaming charges bill ---------------------------------------------------------------------

COUNTRIES = {   # locale: (countries of the plan's home zone abroad, countries outside it)
    "en_GB": (("Spain", "France", "Italy", "Greece", "Portugal", "Ireland", "Croatia"),
              ("USA", "Turkey", "Switzerland", "Egypt", "Thailand", "Morocco", "Canada")),
    "en_US": (("Canada", "Mexico"), ("France", "Italy", "Japan", "United Kingdom", "Germany", "Costa Rica", "Spain")),
    "de_DE": (("Austria", "Italy", "Spain", "Croatia", "Netherlands", "France", "Poland"),
              ("Switzerland", "Turkey", "USA", "United Kingdom", "Egypt", "Thailand", "Serbia")),
    "fr_FR": (("Spain", "Italy", "Belgium", "Portugal", "Germany", "Greece", "Netherlands"),
              ("Switzerland", "Morocco", "United Kingdom", "USA", "Tunisia", "Canada", "Andorra"))}
HOME_ZONE = {"en_GB": "the Europe zone", "en_US": "Mexico and Canada", "de_DE": "the EU", "fr_FR": "the EU"}
PASSES = ("World Day Pass", "Travel Week Pass", "Roam Further Pass", "Global Data Pass", "Holiday Pass",
          "Cruise Pass")
USAGE_WORDS = ({"data": "Data", "outgoing_call": "Call (outgoing)", "incoming_call": "Call (incoming)", "sms": "Text"},
               {"data": "Mobile data", "outgoing_call": "Outgoing call", "incoming_call": "Incoming call",
                "sms": "SMS"},
               {"data": "DATA", "outgoing_call": "VOICE OUT", "incoming_call": "VOICE IN", "sms": "SMS"})
SPEND_LIMITS = {"en_GB": 45.0, "en_US": 50.0, "de_DE": 59.5, "fr_FR": 50.0}
VAT_RATES = {"en_GB": ("VAT", 20), "en_US": None, "de_DE": ("VAT (MwSt.)", 19), "fr_FR": ("VAT (TVA)", 20)}
ROAMING_FIELDS = [
    F.text("account_holder", "Account holder", ("Person the bill is addressed to (not another user on the "
                                                "account).", "Name of the customer."), "customer", "name"),
    F.text("account_number", "Account number", "Customer account number (not the bill or invoice number).",
           "customer_number", "account_no", keep=0.7),
    F.text("phone_number", "Phone number", ("Number that roamed (not another line on the account or the "
                                            "customer services number).", "Mobile number of the roaming "
                                                                          "charges."), "mobile_number", "line"),
    F.date("bill_date", "Bill date", ("Date of the bill (not the billing period, the due date or a usage date).",
                                      "Date the bill was issued."), "invoice_date", "statement_date"),
    F.date("due_date", "Due date", "Date the payment is due or will be collected, if stated.", "payment_due",
           "collection_date", optional=True, keep=0.6),
    F.items("usage", "Roaming usage", ("Each use abroad listed on the bill, in order.", "Roaming events."), [
        F.date("date", "Date", "Day of the use.", "day", "usage_date"),
        F.text("country", "Country", "Country where the phone was used.", "location", "roamed_in"),
        F.choice("usage_type", "Type", "Kind of use.", ["data", "outgoing_call", "incoming_call", "sms"], "type",
                 "service", keep=0.8),
        F.number("charge", "Charge", "Amount charged for the use; null when it was included in the plan or a "
                 "pass.", "amount", "cost", optional=True, keep=0.8),
    ], "roaming_usage", "events", keep=0.8),
    F.number("roaming_total", "Roaming charges", ("Total of this bill's roaming charges with any passes (not the "
                                                  "total due or one use).", "Roaming total."), "total_roaming",
             "roaming_charges", minimum=0),
    F.number("total_due", "Total due", ("Amount to pay for this bill (not the roaming charges alone, the previous "
                                        "balance or the VAT).", "Bill total."), "amount_due", "total", minimum=0),
    F.number("plan_charge", "Plan charge", "Monthly plan charge of the line that roamed (not other lines or the "
             "total).", "monthly_charge", "plan_price", keep=0.5, minimum=0),
    F.strings("roaming_passes", "Roaming passes", "Roaming passes bought in the period; empty when none were.",
              "passes", "travel_passes", keep=0.6),
    F.flag("roaming_included", "Roaming included", "Whether all the use abroad came out of the plan's allowance at "
           "no extra charge.", "all_included", "roam_like_at_home", keep=0.8),
    F.flag("spend_limit_reached", "Spend limit reached", "Whether the roaming spend limit was reached and data "
           "abroad was paused.", "cap_reached", "limit_reached", keep=0.6),
    F.choice("payment_method", "Payment method", "How the bill is paid.", list(PAYMENT_METHODS), "payment",
             "pay_by", keep=0.5),
]


def roaming_charges_bill(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    home_currency(kit)
    dates = _Dates(kit)
    us = loc == "en_US"
    provider = rng.choice(MOBILE_PROVIDERS[loc])
    near, far = COUNTRIES[loc]
    covers_near = loc in ("de_DE", "fr_FR") or kit.chance(0.6)
    if kit.chance(0.5):
        countries = rng.sample(near, rng.choice([1, 1, 2]))
    else:
        countries = rng.sample(far, 1) + (rng.sample(near, 1) if kit.chance(0.3) else [])
        rng.shuffle(countries)
    included = {c: c in near and covers_near for c in countries}
    pass_of = {c: None for c in countries}
    names = rng.sample(PASSES, len(countries))
    for c, name in zip(countries, names):
        if not included[c] and kit.chance(0.4):
            pass_of[c] = name
    passes = [pass_of[c] for c in countries if pass_of[c]]
    pass_prices = [round(rng.choice([3.0, 5.0, 6.0, 7.5, 10.0]) * rng.randint(2, 7) * PRICE_FACTOR[loc] ** 0.5, 2)
                   for _ in passes]
    bill = kit.day()
    period_end = bill - dt.timedelta(days=rng.randint(1, 4))
    period_start = _add_months(period_end, -1) + dt.timedelta(days=1)
    span = (period_end - period_start).days
    trip_start = period_start + dt.timedelta(days=rng.randint(0, max(0, span - 10)))
    trip_days = rng.randint(2, 10)
    usage: list[dict] = []
    details: list[str] = []
    rates: dict[int, float] = {}      # a data use's price per MB, by its index
    charged_in = [c for c in countries if not included[c] and not pass_of[c]]
    data_first = bool(charged_in) and kit.chance(0.7)     # phones abroad mostly use data where it costs
    for k in range(rng.randint(2, 7)):
        c = rng.choice(charged_in) if data_first and k == 0 else rng.choice(countries)
        kind = "data" if data_first and k == 0 else rng.choice(["data"] * 5 + ["outgoing_call"] * 2
                                                                + ["incoming_call"] + ["sms"] * 2)
        day = trip_start + dt.timedelta(days=rng.randint(0, trip_days - 1))
        if kind == "data":
            size, rate = rng.randint(12, 950), rng.uniform(0.01, 0.05)
            text, price = f"{kit.style.integer(size)} MB", size * rate
            rates[len(usage)] = rate
        elif kind == "sms":
            n = rng.randint(1, 6)
            text, price = f"{n} message{'s' * (n > 1)}", n * rng.uniform(0.2, 0.5)
        else:
            minutes, seconds = rng.randint(0, 24), rng.randint(1, 59)
            text = f"{minutes} min {seconds} s" if minutes else f"{seconds} s"
            price = (minutes + 1) * (rng.uniform(0.5, 2.0) if kind == "outgoing_call" else rng.uniform(0.2, 1.2))
        charged = not included[c] and not pass_of[c]
        usage.append({"date": day.isoformat(), "country": c, "usage_type": kind,
                      "charge": round(max(0.1, price), 2) if charged else None})
        details.append(text)
    order = sorted(range(len(usage)), key=lambda i: usage[i]["date"])
    usage, details = [usage[i] for i in order], [details[i] for i in order]
    rates = {new: rates[old] for new, old in enumerate(order) if old in rates}
    paid_data = [u for u in usage if u["usage_type"] == "data" and u["charge"] is not None]
    limit = SPEND_LIMITS[loc]
    reached = bool(paid_data) and kit.chance(0.6)
    if reached:     # data abroad stops at the limit: the paid data uses add up to it
        weights = [rng.uniform(0.5, 1.5) for _ in paid_data]
        for u, w in zip(paid_data, weights):
            u["charge"] = round(limit * w / sum(weights), 2)
        paid_data[-1]["charge"] = round(limit - sum(u["charge"] for u in paid_data[:-1]), 2)
    elif sum(u["charge"] for u in paid_data) >= limit:
        for u in paid_data:
            u["charge"] = round(u["charge"] / 2, 2)
    for i, u in enumerate(usage):     # the volume a charged data use shows is what its charge bought
        if i in rates and u["charge"] is not None:
            details[i] = f"{kit.style.integer(max(1, round(u['charge'] / rates[i])))} MB"
    roaming_total = round(float(sum(u["charge"] or 0 for u in usage) + sum(pass_prices)), 2)
    all_included = all(included.values())
    plan = _price(kit, 10, 35)
    holder, *users = plain_names(kit, 3)
    number, *numbers = _phones(kit, 3)
    other_lines = [(users[i], numbers[i], _price(kit, 6, 20)) for i in range(rng.choice([0, 0, 1, 2]))]
    subtotal = round(plan + sum(p for _, _, p in other_lines) + roaming_total, 2)
    taxes = round(subtotal * rng.uniform(0.06, 0.12), 2) if us else 0.0
    total = round(subtotal + taxes, 2)
    vat = VAT_RATES[loc]
    vat_amount = round(total * vat[1] / (100 + vat[1]), 2) if vat else 0.0
    previous = round(total * rng.uniform(0.6, 1.1), 2)
    due = bill + dt.timedelta(days=rng.randint(10, 21))
    payment = rng.choice(["direct_debit"] * 3 + ["card"] * 2 + (["bank_transfer"] if not us else []))
    account = {"en_GB": str(rng.randint(10**9, 10**10 - 1)), "en_US": f"{rng.randint(10**8, 10**9 - 1)}-00001",
               "de_DE": str(rng.randint(10**7, 10**8 - 1)), "fr_FR": f"{rng.randint(10**7, 10**8 - 1)}"}[loc]
    bill_no = f"{rng.choice(['INV', 'B', 'RG'])}{rng.randint(10**7, 10**8 - 1)}"
    helpline = _helpline(kit)
    facts = {"account_holder": holder, "account_number": account, "phone_number": number,
             "bill_date": bill.isoformat(), "due_date": kit.maybe(due.isoformat(), 0.8), "usage": usage,
             "roaming_total": roaming_total, "total_due": total, "plan_charge": plan, "roaming_passes": passes,
             "roaming_included": all_included, "spend_limit_reached": reached, "payment_method": payment}
    words = rng.choice(USAGE_WORDS)
    evidence = {("usage", i, "usage_type"): words[u["usage_type"]] for i, u in enumerate(usage)}
    outside = next((c for c in countries if not included[c]), countries[0])
    included_text = says(rng, all_included, ("All your roaming this month was included in your plan.",
                                             "Roaming: included in your allowance, no extra charges",
                                             f"Roam like at home: all use in {HOME_ZONE[loc]} came out of your "
                                             "allowance."),
                         ("Some of your use abroad was not included in your plan and is charged below.",
                          "Roaming: charged outside your allowance",
                          f"Roaming in {outside} is not included in your plan."))
    limit_money = "".join(kit.style.money(limit, False, False))
    reached_text = says(rng, reached, (f"Roaming spend limit ({limit_money}): reached, data abroad was paused",
                                       "You reached your roaming spend limit, so we paused data abroad.",
                                       "Spend limit abroad: reached"),
                        (f"Roaming spend limit ({limit_money}): not reached",
                         "You did not reach your roaming spend limit.", "Spend limit abroad: not reached"))
    payment_text = rng.choice(PAYMENT_METHODS[payment]).format(last4=_digits(kit, 4))
    evidence.update({("roaming_included",): included_text, ("spend_limit_reached",): reached_text,
                     ("payment_method",): payment_text})
    incl = rng.choice(["included", "incl."])
    due_text = dates.text(due)

    def charge_cell(i: int, u: dict) -> L.Cell:
        if u["charge"] is not None:
            return kit.money_cell(("usage", i, "charge"), u["charge"])
        return L.cell("pass" if pass_of[u["country"]] else incl)

    def date_cell(i: int, u: dict) -> L.Cell:
        return L.cell(dates.text(dt.date.fromisoformat(u["date"])), ("usage", i, "date"))

    def usage_table(layout: str | None = None) -> None:
        L.table(doc, rng, ["Date", "Country", "Type", "Details", "Charge"], [
            [date_cell(i, u), L.cell(u["country"], ("usage", i, "country")), L.cell(words[u["usage_type"]]),
             L.cell(details[i]), charge_cell(i, u)] for i, u in enumerate(usage)], layout)

    def usage_lines(numbered: bool) -> None:
        bullet = rng.choice(["- ", "* "])
        for i, u in enumerate(usage):
            if numbered:    # "2. Spain, Mobile data on 12/03/2024: 350 MB, £3.50" (never a list number before a date)
                doc.add(f"{i + 1}. ").put(("usage", i, "country"), u["country"]).add(f", {words[u['usage_type']]} on ")
                L.write(doc, date_cell(i, u))
            else:           # "- 12/03/2024: Spain, Mobile data, 350 MB, £3.50"
                L.write(doc.add(bullet), date_cell(i, u)).add(": ").put(("usage", i, "country"), u["country"])
                doc.add(f", {words[u['usage_type']]}")
            L.write(doc.add(f", {details[i]}, "), charge_cell(i, u)).line()

    def passes_block() -> None:
        if passes and kit.chance(0.5):
            doc.line(rng.choice(["Roaming passes:", "Travel passes bought:"]))
            for i, (p, price) in enumerate(zip(passes, pass_prices)):
                kit.money(doc.add("- ").put(("roaming_passes", i), p).add(": "), None, price).line()
        else:
            strings(kit, doc, "roaming_passes", passes, rng.choice(["Roaming passes", "Passes used"]),
                    rng.choice(["Roaming passes: none", "No roaming passes were bought this month."]))
            if passes:
                kit.money(doc.add("Passes total: "), None, round(sum(pass_prices), 2)).line()

    def decided() -> None:
        doc.line(included_text).line(reached_text).line(payment_text)

    def summary_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Previous bill", kit.money_cell(None, previous)),
                ("Payment received, thank you", kit.money_cell(None, previous)),
                (rng.choice(["Plan charges", "Monthly plan"]), kit.money_cell(("plan_charge",), plan))]
        for name, _, price in other_lines:
            rows.append((f"Line of {name}", kit.money_cell(None, price)))
        rows.append((rng.choice(["Roaming charges", "Charges abroad"]), kit.money_cell(("roaming_total",),
                                                                                     roaming_total)))
        if us:
            rows.append(("Taxes, fees and surcharges", kit.money_cell(None, taxes)))
        rows.append((rng.choice(["Total due", "Amount due", "Total to pay"]), kit.money_cell(("total_due",), total)))
        if vat:
            rows.append((f"of which {vat[0]} {vat[1]}%", kit.money_cell(None, vat_amount)))
        return rows

    def due_line() -> None:
        if facts["due_date"] is None:
            doc.line(rng.choice(["Payment is taken automatically; no action is needed.",
                                 "Nothing to do: we will take the payment as usual."]))
        elif payment == "direct_debit":
            kit.money(doc.add("We will collect "), None, total).add(" from your account on or after ")
            doc.put(("due_date",), due_text).line(".")
        else:
            if kit.chance(0.5):
                doc.add("Please pay by ").put(("due_date",), due_text).line(".")
            else:
                doc.add("Payment due: ").put(("due_date",), due_text).line()

    def lines_block() -> None:
        if other_lines:
            doc.line("Other lines on this account:")
            L.table(doc, rng, ["User", "Number", "Charges"], [
                [L.cell(n), L.cell(p), kit.money_cell(None, c)] for n, p, c in other_lines],
                rng.choice(["pipe", "aligned", "grid"]))

    period_text = f"{dates.text(period_start)} to {dates.text(period_end)}"
    layout = rng.choice(["bill", "email", "online", "export"])
    if layout == "bill":        # the printed bill with its roaming section
        doc.line(provider).line(address_line(kit)).line()
        doc.put(("account_holder",), holder).line().line(address_line(kit)).line()
        rows = [("Bill date", dates.cell(("bill_date",), bill)),
                ("Account number", L.cell(account, ("account_number",))),
                ("Bill number", L.cell(bill_no)), ("Billing period", L.cell(period_text)),
                ("Mobile number", L.cell(number, ("phone_number",)))]
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "grid"]))
        doc.line().line(rng.choice(["Your bill at a glance", "Summary"]))
        L.kv(doc, rng, summary_rows(), rng.choice(["colon", "aligned", "dots"]))
        due_line()
        doc.line()
        kit.pad(doc)
        doc.add("Roaming charges for ").put(("phone_number",), number).line()
        usage_table()
        doc.line()
        passes_block()
        decided()
        lines_block()
        doc.line().line(f"Questions about your bill? Call {helpline}.")
    elif layout == "email":     # the bill-ready e-mail with the use abroad
        doc.line(f"From: {provider} <billing@{slug(provider.split()[0], 'telecom', 18)}.{TLD[loc]}>")
        doc.line(f"Subject: Your bill is ready ({bill_no})").line()
        doc.add(rng.choice(["Hello ", "Dear "])).put(("account_holder",), holder).line(",").line()
        dates.write(doc.add("Your bill dated "), ("bill_date",), bill).add(" for account ")
        doc.put(("account_number",), account).line(" is ready.")
        doc.line(f"It covers {period_text}.")
        kit.money(doc.add("The total is "), ("total_due",), total)
        kit.money(doc.add(", including roaming charges of "), ("roaming_total",), roaming_total)
        kit.money(doc.add(" and your plan at "), ("plan_charge",), plan).line(".")
        due_line()
        doc.line()
        kit.pad(doc)
        doc.add("You used ").put(("phone_number",), number).line(" abroad:")
        usage_lines(kit.chance(0.5))
        doc.line()
        passes_block()
        decided()
        if other_lines:
            doc.line("Other lines: " + ", ".join(f"{n} ({p})" for n, p, _ in other_lines) + ".")
        doc.line().line(f"Thanks,\nThe {provider} billing team")
    elif layout == "online":    # the online bill in markdown
        doc.line(f"# {provider} - your bill").line()
        rows = [("Account holder", L.cell(holder, ("account_holder",))),
                ("Account number", L.cell(account, ("account_number",))), ("Bill number", L.cell(bill_no)),
                ("Bill date", dates.cell(("bill_date",), bill)), ("Period", L.cell(period_text))]
        L.labelled(doc, rng, rows, rng.choice(["bold", "pipe"]))
        doc.line().line("## Summary")
        L.labelled(doc, rng, summary_rows(), rng.choice(["bold", "pipe", "colon"]))
        due_line()
        kit.pad(doc.line())
        doc.add("## Roaming - ").put(("phone_number",), number).line()
        usage_table() if kit.chance(0.6) else usage_lines(False)
        doc.line()
        passes_block()
        decided()
        doc.line()
        lines_block()
    else:                       # a usage export from the account
        doc.line(f"# {provider} usage export")
        doc.add("# account: ").put(("account_number",), account).add("; holder: ").put(("account_holder",), holder)
        doc.line()
        doc.add("# number: ").put(("phone_number",), number).line(f"; bill: {bill_no}")
        dates.write(doc.add("# bill date: "), ("bill_date",), bill).line()
        doc.line(f"# period: {period_text}").line()
        usage_table(rng.choice(["semicolon", "semicolon", "pipe"]))
        doc.line()
        kit.pad(doc)
        L.kv(doc, rng, summary_rows(), "colon")
        due_line()
        passes_block()
        decided()
        lines_block()
    kit.pad(doc)
    return Draft(("Phone bill with roaming charges", "Roaming charges bill", "Mobile bill"), ROAMING_FIELDS, facts,
                 doc, evidence)
