"""Letters from the state to a household: the yearly bill of the local property tax (a council tax
bill, a US property tax bill, a Grundsteuer- or Grundbesitzabgabenbescheid, an avis de taxe
foncière), the letter that awards a benefit (Universal Credit, PIP, State Pension, Child Benefit
and Jobseeker's Allowance; Social Security, SSI, unemployment insurance and SNAP; Bürgergeld,
Kindergeld, Wohngeld, Arbeitslosengeld and Elterngeld; APL, RSA, prime d'activité, allocations
familiales and ARE), a summons to serve on a jury (a Crown Court, a US county or federal court,
a German lay judge's Ladung, a cour d'assises) and the receipt of a passport application (HM
Passport Office, a US acceptance facility or agency, a Bürgeramt, a mairie).

Each carries values of the same kind beside the ones asked for: a joint taxpayer and the signing
officer beside the taxpayer, the precepting bodies (county, police, fire, parish, school district,
commune) beside the issuing authority, the property reference, parcel number, tax office file
number or numéro fiscal beside the account reference, the start and end of the period, the due
dates and the date of the bill an amended bill replaces beside the bill date, the market and
assessed values, the exemptions and the multiplier beside the tax base, each body's share, its
rate or increase, the charge before reductions, each reduction, the amount already debited and
last year's charge beside the amount payable, and every instalment beside the others; the
partner and the decision maker beside the claimant, the national insurance, social security or
tax number beside the claim reference, the award's start, its end, the first payment and a
review date beside the letter date, each element and deduction, the total before deductions, the
previous amount, a daily rate and the arrears beside the payment; the jury officer, the court's
address and (for a lay judge) the presiding judge beside the juror and the court, the pool,
group, case or session number beside the juror number, the letter date, the reply deadline, the
last day, an earlier summons and the original date of a deferred service beside the attendance
date, the time the court sits and the call-in hour beside the arrival time, and each allowance's
rate beside the others'; the parent of a child applicant and the clerk beside the applicant, the
receipt, transaction or tax stamp number and the old passport's number beside the application
number, the date of birth, the old passport's expiry, the progress dates and the expected
delivery beside the application date, and each fee beside the total paid.

Documents come as printed bills with a key-value head, a charge table and an instalment table,
covering letters, markdown pages of an online tax account and e-bills with a semicolon or
aligned export of the schedule; decision letters with a calculation table, markdown online
statements, decision notices in numbered sections (Bewilligungsbescheid, notification de droits)
and service e-mails; printed summons forms, letters from the court, a markdown juror portal and
e-mails from the jury office; counter receipts, confirmation e-mails, a markdown tracking page and
acknowledgement letters in numbered sections. Arrays come as tables in every layout, bullet and
numbered lines ("- Advance repayment (deducted): £40.00", "2. Travel by car: £0.31 per mile"),
one-sentence lists ("£1,456.12 for Kent County Council, £245.10 for ... and £80.12 for ...",
"Please pay £185.45 on 1 April 2024, then £182.00 on 1 May 2024, ...") and semicolon exports; the
lists of strings (reductions, evidence asked for, things to bring, documents handed in) may be
empty. Booleans are as often negated as stated ("You do not pay by Direct Debit", "This is not
an amended bill", "This award is not backdated", "This benefit is not taxable", "There is no
parking for jurors at the court", "You do not need to call before you come", "No previous
passport was sent with this application", "Your passport will not be posted"), a banded bill has
no tax base and a bill charged on value no band (both null then), and an open-ended award has no
end date.
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
from .common import address_line, home_currency, plain_names, slug, strings

BULLETS = ["- ", "* ", "\u2022 "]


def _months_after(d: dt.date, k: int, day: int | None = None) -> dt.date:
    """The date `k` months after `d` (on `day`, else on `d`'s day, kept to 28 at most)."""
    m = d.month - 1 + k
    return dt.date(d.year + m // 12, m % 12 + 1, min(day or d.day, 28))


def _split(total: float, n: int, whole: bool) -> list[float]:
    """`total` in `n` instalments: equal ones (whole units or cents) and the remainder in the first."""
    per = float(int(total / n)) if whole else int(total * 100 / n) / 100
    return [round(total - per * (n - 1), 2)] + [per] * (n - 1)


def _head(doc: Doc, form: str, text: str) -> Doc:
    """A section heading in the document's own form: markdown, capitals or underlined."""
    if form == "md":
        return doc.line(f"## {text}")
    if form == "caps":
        return doc.line(text.upper())
    return doc.line(text).line("-" * len(text))


# ---- council tax bill (property tax bill, Grundsteuerbescheid, avis de taxe foncière) -------

GB_BAND_NINTHS = {"A": 6, "B": 7, "C": 8, "D": 9, "E": 11, "F": 13, "G": 15, "H": 18}
CT_PLANS = {
    "monthly": ("Payment plan: {n} monthly instalments", "You pay by {n} monthly instalments.",
                "Instalments: monthly ({n} payments)"),
    "quarterly": ("Payment plan: quarterly (four instalments)", "Payable quarterly in four instalments.",
                  "Instalments: quarterly"),
    "half_yearly": ("Payment plan: two half-year instalments", "Payable in two instalments, one each half-year.",
                    "Instalments: half-yearly (first half and second half)"),
    "annual": ("Payment plan: one payment for the whole year", "Payable in a single annual payment.",
               "Instalments: none (annual payment in one sum)"),
}
CT_FIELDS = [
    F.text("taxpayer", "Taxpayer", ("Person liable for the tax, to whom the bill is addressed (not a joint taxpayer, "
                                    "the officer who signs it or a previous owner).", "Name of the taxpayer."),
           "liable_person", "name", "account_holder"),
    F.text("authority", "Issuing authority", ("Council, county office or tax office that issued the bill (not a body "
                                              "the tax is collected for).", "Who sent the bill."),
           "council", "issuer", keep=0.7),
    F.text("property_address", "Property address", "Address of the property charged.", "address", "property",
           keep=0.6),
    F.text("account_number", "Account reference", ("Account, bill or payment reference to quote when paying (not "
                                                    "the property or parcel reference or a tax number).",
                                                    "Reference of the tax account."),
           "account_reference", "reference", keep=0.8),
    F.date("bill_date", "Bill date", ("Date the bill was issued (not a due date, the start of the period charged or "
                                      "the date of an earlier bill).", "Issue date of the bill."),
           "issue_date", "date"),
    F.date("period_start", "Period start", "First day of the period the bill charges, if stated.", "from_date",
           "charge_from", optional=True, keep=0.5),
    F.date("period_end", "Period end", "Last day of the period the bill charges, if stated.", "to_date", "charge_to",
           optional=True, keep=0.4),
    F.text("band", "Valuation band", "Council tax band of the property as written (e.g. D); null when the bill "
           "charges on a value without bands.", "council_tax_band", "valuation_band", optional=True, keep=0.5),
    F.number("tax_base", "Tax base", "Amount the tax rates are applied to (the net taxable value, the base "
             "d'imposition or the Grundsteuermessbetrag), not the market value or an exemption; null for a banded "
             "bill.", "taxable_value", "assessment_base", optional=True, keep=0.5),
    F.items("charges", "Charges", ("Each body or charge the bill is made up of, in order, before any reduction.",
                                   "Breakdown of the bill."), [
        F.text("description", "Description", "Body or charge as written.", "body", "item"),
        F.number("amount", "Amount", "Amount of this line for the year (not its rate or last year's amount).",
                 "charge", "annual_amount", keep=0.9),
    ], "breakdown", "levies", keep=0.8),
    F.strings("reductions", "Reductions", "Discounts, exemptions or reliefs applied, as named; empty when none.",
              "discounts", "exemptions", keep=0.6),
    F.number("annual_charge", "Amount payable for the year", ("Total payable for the year after any reduction (not "
                                                              "the charge before reductions, an instalment, last "
                                                              "year's amount or a single body's share).",
                                                              "Total tax due for the year."),
             "total_due", "amount_payable", minimum=0),
    F.choice("instalment_plan", "Instalment plan", "How the year's charge is split into payments.", list(CT_PLANS),
             "payment_plan", "payment_schedule", keep=0.7),
    F.items("instalments", "Instalments", ("Each payment still due under the bill, in order.", "Payment schedule."), [
        F.date("due_date", "Due date", "Day the instalment is due.", "date", "due_on"),
        F.number("amount", "Amount", "Amount of the instalment.", "instalment_amount", "sum", keep=0.9),
    ], "payments", "schedule", keep=0.8),
    F.flag("direct_debit", "Direct debit", "Whether the tax is collected by direct debit (automatic payment).",
           "paid_by_direct_debit", "automatic_payment", keep=0.7),
    F.flag("amended", "Amended bill", "Whether this is an amended or corrected bill replacing an earlier one.",
           "is_amended", "corrected_bill", keep=0.5),
    F.text("payment_url", "Payment link", "Web address to pay online, if given (not the authority's home page).",
           "pay_online_url", "url", format="uri", optional=True, keep=0.4),
    F.generate("summary", "Summary", "One sentence saying what the bill charges for the year and how it is paid.",
               40, keep=0.2),
]


def _ct_setup(kit: Kit, y: int) -> dict:
    """The local form of the bill: who sends it, what it is made of, how it is paid."""
    rng, fake, loc = kit.rng, kit.fake, kit.locale
    city = fake.city()
    s: dict = {"band": None, "tax_base": None, "rate_head": None, "value_rows": [], "period": None}
    if loc == "en_GB":
        county = fake.county().removeprefix("City of ")
        band = rng.choice("AABBBBCCCCDDDEEFGH")
        ratio = GB_BAND_NINTHS[band] / 9
        d_total = rng.uniform(1950, 2450)
        if kit.chance(0.5):
            authority = rng.choice([f"{city} District Council", f"{city} Borough Council"])
            shares = [(f"{county} County Council", 0.66), ("Adult social care precept", 0.08), (authority, 0.09),
                      (f"{county} Police and Crime Commissioner", 0.12), (f"{county} Fire and Rescue Authority", 0.04)]
        else:
            authority = rng.choice([f"{city} Council", f"{city} City Council", f"{city} Metropolitan Borough Council"])
            shares = [(authority, 0.72), ("Adult social care precept", 0.09),
                      (f"{county} Police and Crime Commissioner", 0.13), (f"{county} Fire and Rescue Authority", 0.05)]
        if kit.chance(0.5):
            shares.append((f"{fake.city()} {rng.choice(['Parish', 'Town'])} Council", 0.02))
        charges = [(name, round(d_total * share * ratio * rng.uniform(0.9, 1.1), 2),
                    f"{kit.style.decimal(rng.choice([0.0, 1.99, 2.99, 3.5, 4.99, 4.99, 5.0, 8.0]), 2)}%")
                   for name, share in shares]
        s.update(band=band, rate_head="Increase", title=f"Council Tax bill {y}/{(y + 1) % 100:02d}",
                 heading=rng.choice(["COUNCIL TAX BILL", "Council Tax demand notice", "Your Council Tax bill"]),
                 period=(dt.date(y, 4, 1), dt.date(y + 1, 3, 31)), bill_date=dt.date(y, 3, rng.randint(1, 18)),
                 account_label=rng.choice(["Account reference", "Council Tax account number", "Account number"]),
                 account=str(rng.randint(10**7, 10**8 - 1)), other_label="Property reference (UPRN)",
                 other_id=str(rng.randint(10**11, 10**12 - 1)), home=f"https://www.{slug(city, 'gov', 20)}.gov.uk",
                 officer_title=rng.choice(["Head of Revenues and Benefits", "Revenues Manager"]),
                 what="council tax", year_text=f"the year 1 April {y} to 31 March {y + 1}")
        s["pay_url"] = s["home"] + rng.choice(["/counciltax/pay", "/pay-council-tax", "/payments/council-tax"])
        pool = [("Single person discount (25%)", 0.35), ("Council Tax Reduction", 0.15),
                ("Disabled band reduction", 0.05)]
        plan = rng.choice(["monthly"] * 4 + ["annual"])
        if plan == "monthly":
            n, day = rng.choice([10, 10, 10, 12]), rng.choice([1, 1, 1, 15, 28])
            dates = [_months_after(dt.date(y, 4, 1), k, day) for k in range(n)]
        else:
            dates = [dt.date(y, 4, 1)]
        whole = True
        dd = (("Payment method: Direct Debit", "You pay by Direct Debit; we will collect each instalment from your "
               "bank account."),
              ("Payment method: not by Direct Debit", "You do not pay by Direct Debit; please pay each instalment by "
               "its due date."))
        amended = ("Amended bill: this bill replaces the bill dated {prev}.", "This is an amended bill; it replaces "
                   "our bill of {prev}."), ("This is not an amended bill.", "Bill type: annual bill (not an amendment)")
    elif loc == "en_US":
        county = fake.last_name()
        authority = rng.choice([f"{county} County Treasurer", f"{county} County Tax Collector",
                                f"Treasurer-Tax Collector, {county} County"])
        market = float(rng.randint(150, 950) * 1000)
        ratio = rng.choice([1.0, 1.0, 0.35, 0.5])
        assessed = round(market * ratio, 2)
        exemptions = [(name, float(min(v, round(assessed * 0.3, -2)))) for name, v, p in
                      [("Homeowners' exemption", rng.choice([7000, 25000, 50000]), 0.5),
                       ("Senior citizen exemption", rng.choice([10000, 25000]), 0.2),
                       ("Veterans' exemption", rng.choice([4000, 5000, 10000]), 0.1)] if kit.chance(p)]
        base = round(assessed - sum(v for _, v in exemptions), 2)
        levies = [("County general fund", rng.uniform(0.2, 0.4)),
                  (f"{city} {rng.choice(['School District', 'Unified School District', 'Public Schools'])}",
                   rng.uniform(0.5, 1.2))]
        levies += rng.sample([(f"City of {city}", rng.uniform(0.1, 0.3)), ("Fire protection district",
                                                                           rng.uniform(0.05, 0.15)),
                              ("Library district", rng.uniform(0.02, 0.08)), ("Community college",
                                                                              rng.uniform(0.03, 0.1)),
                              ("Voter-approved bonds", rng.uniform(0.05, 0.2))], rng.randint(1, 4))
        charges = []
        for name, rate in levies:
            rate = round(rate / ratio, 4)
            charges.append((name, round(base * rate / 100, 2), kit.style.decimal(rate, 4)))
        if kit.chance(0.4):
            charges.append(("Sewer service charge", round(rng.uniform(80, 400), 2), "flat"))
        s.update(tax_base=base, rate_head="Rate per $100", title=f"{y} Property Tax Bill",
                 heading=rng.choice([f"SECURED PROPERTY TAX BILL, FISCAL YEAR {y}-{y + 1}", f"{y} Real Estate Tax Bill",
                                     "Annual Property Tax Statement"]),
                 period=(dt.date(y, 7, 1), dt.date(y + 1, 6, 30)), bill_date=dt.date(y, 10, rng.randint(1, 20)),
                 account_label=rng.choice(["Bill number", "Tax bill no.", "Account number"]),
                 account=f"{y}-{rng.randint(100000, 999999)}", other_label="Parcel number (APN)",
                 other_id=f"{rng.randint(100, 999)}-{rng.randint(100, 999)}-{rng.randint(10, 99)}",
                 home=f"https://www.{slug(county, 'gov', 20)}county.gov",
                 officer_title=rng.choice(["Treasurer-Tax Collector", "County Treasurer", "Tax Collector"]),
                 what="property tax", year_text=f"fiscal year {y}-{y + 1}", base_label="Net taxable value",
                 value_rows=[("Market value", market), ("Assessed value", assessed)]
                 + [(name, v) for name, v in exemptions] + [("Net taxable value", None)])
        s["pay_url"] = s["home"] + rng.choice(["/tax/pay", "/propertytax/payonline", "/treasurer/pay"])
        pool = [(name, 1.0) for name, _ in exemptions]
        plan = rng.choice(["half_yearly"] * 5 + ["quarterly"] * 2 + ["annual"] * 3)
        dates = {"half_yearly": [dt.date(y, 12, 10), dt.date(y + 1, 4, 10)],
                 "quarterly": [dt.date(y, 11, 15), dt.date(y + 1, 2, 15), dt.date(y + 1, 5, 15),
                               dt.date(y + 1, 8, 15)],
                 "annual": [dt.date(y + 1, 1, 31)]}[plan]
        whole = False
        dd = (("AutoPay: enrolled (ACH debit on each due date)", "Your installments will be paid automatically from "
               "your bank account."),
              ("AutoPay: not enrolled", "You are not enrolled in automatic payment; pay online, by mail or in "
               "person."))
        amended = ("Corrected bill: this replaces the bill mailed {prev}.", "CORRECTED BILL - replaces the bill of "
                   "{prev}"), ("This is not a corrected bill.", "Bill type: original (not corrected)")
    elif loc == "de_DE":
        authority = rng.choice([f"Stadt {city}", f"Gemeinde {city}", f"Stadtverwaltung {city}"])
        mess = round(rng.uniform(35, 260), 2)
        hebesatz = rng.choice(range(310, 960, 5))
        charges = [("Grundsteuer B (property tax)", round(mess * hebesatz / 100, 2), f"{hebesatz} %")]
        for name, lo, hi, basis, p in [("Abfallgebühren (waste collection)", 140, 420, "bins", 0.7),
                                       ("Straßenreinigung (street cleaning)", 25, 160, "frontage", 0.5),
                                       ("Niederschlagswasser (rainwater)", 40, 220, "sealed area", 0.5),
                                       ("Winterdienst (winter service)", 15, 60, "frontage", 0.25)]:
            if kit.chance(p):
                charges.append((name, round(rng.uniform(lo, hi), 2), basis))
        s.update(tax_base=mess, rate_head="Basis", base_label="Grundsteuermessbetrag (tax base amount)",
                 title=f"Grundsteuerbescheid {y}" if len(charges) == 1 else f"Grundbesitzabgabenbescheid {y}",
                 heading=rng.choice([f"Grundsteuerbescheid {y} (property tax notice)",
                                     f"Bescheid über Grundbesitzabgaben {y} (notice of property charges)"]),
                 period=(dt.date(y, 1, 1), dt.date(y, 12, 31)),
                 bill_date=dt.date(y, 1, 1) + dt.timedelta(days=rng.randint(4, 45)),
                 account_label=rng.choice(["Kassenzeichen (payment reference)", "Payment reference (Kassenzeichen)"]),
                 account=f"{rng.randint(1, 9)}.{rng.randint(100, 999)}.{rng.randint(100000, 999999)}",
                 other_label="Aktenzeichen Finanzamt (tax office file no.)",
                 other_id=f"{rng.randint(10, 99)}/{rng.randint(100, 999)}/{rng.randint(10000, 99999)}",
                 home=f"https://www.{slug(city, 'gov', 20)}.de", officer_title="Steueramt (municipal tax office)",
                 what="property tax" if len(charges) == 1 else "property tax and charges",
                 year_text=f"the calendar year {y}",
                 value_rows=[("Grundsteuermessbetrag (tax base amount)", None), ("Hebesatz (multiplier)",
                                                                               f"{hebesatz} %")])
        s["pay_url"] = s["home"] + rng.choice(["/epayment", "/steuern/online-bezahlen"])
        waste = any(c[0].startswith("Abfall") for c in charges)
        pool = [("Eigenkompostierung (home composting)", 0.2 if waste else 0.0), ("Erlass (partial remission)", 0.05)]
        plan = rng.choice(["quarterly"] * 7 + ["annual"] * 2 + ["half_yearly"])
        dates = {"quarterly": [dt.date(y, m, 15) for m in (2, 5, 8, 11)], "annual": [dt.date(y, 7, 1)],
                 "half_yearly": [dt.date(y, 2, 15), dt.date(y, 8, 15)]}[plan]
        whole = False
        dd = (("SEPA-Lastschriftmandat (direct debit mandate): on file; we collect each amount on its due date.",
               "Payment: by SEPA direct debit (Lastschrift)"),
              ("No SEPA direct debit mandate: please transfer each amount by its due date, quoting the "
               "Kassenzeichen.", "Payment: by bank transfer (no direct debit mandate)"))
        amended = ("Änderungsbescheid (amended notice): replaces the notice dated {prev}.",
                   "This notice amends the notice of {prev}."), \
            ("Erstbescheid (not an amended notice)", "This is not an amended notice.")
    else:
        base = float(rng.randint(900, 6500))
        authority = rng.choice([f"Centre des Finances Publiques de {city}", "Direction générale des Finances publiques",
                                f"Service des impôts des particuliers de {city}"])
        rates = [(f"Commune de {city}", rng.uniform(18, 55)), ("Intercommunalité", rng.uniform(0.5, 8)),
                 ("Taxes spéciales (TSE)", rng.uniform(0.1, 0.9))]
        if kit.chance(0.6):
            rates.append(("Taxe GEMAPI", rng.uniform(0.1, 0.5)))
        if kit.chance(0.8):
            rates.append(("Ordures ménagères (TEOM)", rng.uniform(6, 16)))
        charges = [(name, round(base * round(r, 2) / 100, 2), f"{kit.style.decimal(r, 2)} %") for name, r in rates]
        charges.append(("Frais de gestion (management fee)", round(sum(c[1] for c in charges) * 0.03, 2), "3 %"))
        s.update(tax_base=base, rate_head="Taux (rate)", base_label="Base nette d'imposition (net tax base)",
                 title=f"Avis de taxe foncière {y}",
                 heading=rng.choice([f"Avis de taxe foncière {y} (property tax notice)",
                                     f"TAXES FONCIÈRES {y} - avis d'imposition"]),
                 bill_date=dt.date(y, 8, rng.randint(25, 31)),
                 account_label=rng.choice(["Référence de l'avis (notice reference)", "Notice reference"]),
                 account=f"{y % 100} {rng.randint(10, 95)} {rng.randint(10**6, 10**7 - 1)} {rng.randint(10, 99)}",
                 other_label="Numéro fiscal (tax number)", other_id=str(rng.randint(10**12, 10**13 - 1)),
                 home="https://www.impots.gouv.fr", officer_title="Le comptable public (public accountant)",
                 what="property tax", year_text=f"{y}",
                 value_rows=[("Revenu cadastral (cadastral income)", round(base * 2, 2)),
                             ("Base nette d'imposition (net tax base)", None)])
        s["pay_url"] = s["home"] + rng.choice(["/particulier/payer", "/paiement-en-ligne"])
        pool = [("Dégrèvement (over-75 relief)", 0.1), ("Exonération 2 ans (new build)", 0.05)]
        plan = rng.choice(["annual"] * 2 + ["monthly"])
        dates = ([dt.date(y, 10, 15)] if plan == "annual" else [dt.date(y, m, 15) for m in (9, 10, 11, 12)])
        whole = False
        dd = (("Prélèvement à l'échéance (direct debit on the due date): yes", "You have chosen direct debit "
               "(prélèvement automatique)."),
              ("No direct debit: pay online, with the QR code at a tobacconist or by smartphone.",
               "Prélèvement automatique (direct debit): not set up"))
        amended = ("Avis rectificatif (corrected notice): replaces the notice of {prev}.",
                   "This corrected notice replaces the one dated {prev}."), \
            ("Avis initial (not a corrected notice)", "This is not a corrected notice.")
    s.update(authority=authority, charges=charges, plan=plan, dates=dates, whole=whole, dd=dd, amended=amended,
             pool=pool, city=city)
    return s


def council_tax_bill(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    y = rng.choice([2023, 2024, 2025, 2026])
    s = _ct_setup(kit, y)
    charges = s["charges"]
    gross = round(sum(c[1] for c in charges), 2)
    reductions: list[tuple[str, float | None]] = []
    left = gross
    for name, p in s["pool"]:
        if not kit.chance(p):
            continue
        if loc == "en_US":
            reductions.append((name, None))      # an exemption lowers the value, not the tax
            continue
        amount = {"Single person discount (25%)": round(gross * 0.25, 2),
                  "Dégrèvement (over-75 relief)": 100.0}.get(name, round(left * rng.uniform(0.1, 0.5), 2))
        if name.startswith("Eigenkompostierung"):
            amount = round(next(c[1] for c in charges if c[0].startswith("Abfall")) * 0.15, 2)
        reductions.append((name, amount))
        left = round(left - amount, 2)
    total = left
    plan, dates = s["plan"], s["dates"]
    if loc == "fr_FR" and plan == "monthly":
        paid = round(total * rng.uniform(0.55, 0.75), 2)
        amounts = _split(round(total - paid, 2), len(dates), False)
    else:
        paid = None
        amounts = _split(total, len(dates), s["whole"])
    instalments = [{"due_date": d.isoformat(), "amount": a} for d, a in zip(dates, amounts)]
    taxpayer, joint, officer = plain_names(kit, 3, strip_commas=True)
    has_joint = kit.chance(0.3)
    prop = f"{fake.street_address()}, {s['city']}".replace("\n", ", ")     # the property is in the council's area
    period = s["period"]
    show_period = period is not None and kit.chance(0.75)
    direct = kit.chance(0.7 if plan == "monthly" else 0.35)
    if loc == "fr_FR" and plan == "monthly":
        direct = True       # mensualisation is by direct debit
    amended = kit.chance(0.3)
    bill_date = s["bill_date"]
    prev = bill_date - dt.timedelta(days=rng.randint(20, 200))
    facts = {"taxpayer": taxpayer, "authority": s["authority"], "property_address": prop,
             "account_number": s["account"], "bill_date": bill_date.isoformat(),
             "period_start": period[0].isoformat() if show_period else None,
             "period_end": period[1].isoformat() if show_period else None, "band": s["band"],
             "tax_base": s["tax_base"], "charges": [{"description": c[0], "amount": c[1]} for c in charges],
             "reductions": [r[0] for r in reductions], "annual_charge": total, "instalment_plan": plan,
             "instalments": instalments, "direct_debit": direct, "amended": amended,
             "payment_url": s["pay_url"] if kit.chance(0.55) else None}
    n = len(dates)
    facts["summary"] = (f"The {s['what']} for {s['year_text']} comes to {kit.style.money(total, False, True)[1]} "
                        f"{kit.style.currency}, payable in {'one payment' if n == 1 else f'{n} instalments'}"
                        f"{' by direct debit' if direct else ''}.")
    plan_text = rng.choice(CT_PLANS[plan]).format(n=n)
    if loc == "en_US":
        plan_text = plan_text.replace("instalment", "installment")
    if loc == "fr_FR" and plan == "monthly":
        plan_text = rng.choice(["Payment plan: monthly direct debits (mensualisation)",
                                "You pay monthly (mensualisation); the remaining debits are shown below."])
    dd_text = says(rng, direct, *s["dd"])
    prev_text = kit.date_text(prev)
    amend_yes, amend_no = s["amended"]
    amend_text = rng.choice(amend_yes).format(prev=prev_text) if amended else rng.choice(amend_no)
    evidence = {("instalment_plan",): plan_text, ("direct_debit",): dd_text, ("amended",): amend_text}
    bill_text = kit.date_text(bill_date)
    total_label = rng.choice({"en_GB": ["Amount payable", "Council Tax payable for the year", "Total to pay"],
                              "en_US": ["Total tax due", "Total amount due", "Total property tax"],
                              "de_DE": ["Total payable for the year", "Jahresbetrag (annual amount)"],
                              "fr_FR": ["Montant de votre impôt (amount of your tax)", "Total to pay"]}[loc])
    gross_label = {"en_GB": "Total charge before reductions", "en_US": "Total of levies",
                   "de_DE": "Total of charges", "fr_FR": "Total des cotisations (total of levies)"}[loc]
    last_year = round(total * rng.uniform(0.9, 0.98), 2)

    def head_rows() -> list[tuple[str, L.Cell]]:
        rows = [(s["account_label"], L.cell(s["account"], ("account_number",))),
                (s["other_label"], L.cell(s["other_id"])),
                (rng.choice(["Bill date", "Date of issue"]), L.cell(bill_text, ("bill_date",))),
                (rng.choice(["Name", "Taxpayer", "Liable person"]), L.cell(taxpayer, ("taxpayer",)))]
        if has_joint:
            rows.append((rng.choice(["Joint taxpayer", "Also liable"]), L.cell(joint)))
        rows.append((rng.choice(["Property", "Property address"]), L.cell(prop, ("property_address",))))
        if s["band"]:
            rows.append(("Valuation band", L.join(L.cell("Band "), L.cell(s["band"], ("band",)))))
        if show_period:
            rows.append(("Period", L.join(kit.date_cell(("period_start",), period[0]), L.cell(" to "),
                                          kit.date_cell(("period_end",), period[1]))))
        return rows

    def base_cell() -> L.Cell:
        if loc == "fr_FR":      # a French base is written in whole euros
            return L.join(kit.count_cell(("tax_base",), int(s["tax_base"])), L.cell(" €"))
        return kit.money_cell(("tax_base",), s["tax_base"])

    def charge_note(c: tuple) -> str:
        """What a charge line says after its amount in a list ("(4.99% increase)", "(rate 0.2345 per $100)")."""
        if not c[2][0].isdigit():
            return ""
        return {"en_GB": f" ({c[2]} increase)", "en_US": f" (rate {c[2]} per $100)", "de_DE": f" (Hebesatz {c[2]})",
                "fr_FR": f" (taux {c[2]})"}[loc]

    def value_rows() -> list[tuple[str, L.Cell]]:
        rows = []
        for label, v in s["value_rows"]:
            if v is None:
                rows.append((label, base_cell()))
            elif isinstance(v, str):
                rows.append((label, L.cell(v)))
            else:
                rows.append((label, kit.money_cell(None, v)))
        return rows

    def charge_table() -> None:
        head = [rng.choice(["Description", "Charge", "Body"]), s["rate_head"], rng.choice(["Amount", "Annual amount"])]
        L.table(doc, rng, head, [[L.cell(c[0], ("charges", i, "description")), L.cell(c[2]),
                                  kit.money_cell(("charges", i, "amount"), c[1])] for i, c in enumerate(charges)])

    def charge_lines(numbered: bool) -> None:
        for i, c in enumerate(charges):     # "- Kent County Council: £1,456.12 (4.99%)"
            doc.add(f"{i + 1}. " if numbered else "- ").put(("charges", i, "description"), c[0])
            kit.money(doc.add(": "), ("charges", i, "amount"), c[1]).line(charge_note(c))

    def charge_sentence() -> None:
        doc.add("This is made up of ")
        for i, c in enumerate(charges):     # "£1,456.12 for Kent County Council, ... and £80.12 for ..."
            doc.add("" if i == 0 else " and " if i == len(charges) - 1 else ", ")
            kit.money(doc, ("charges", i, "amount"), c[1]).add(" for ").put(("charges", i, "description"), c[0])
        doc.line(".")

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [(gross_label, kit.money_cell(None, gross))] if reductions and loc != "en_US" else []
        for name, amount in reductions:
            if amount is not None:
                rows.append((f"Less {name}", kit.money_cell(None, amount)))
        rows.append((total_label, kit.money_cell(("annual_charge",), total)))
        if paid is not None:
            rows.append(("Montant déjà prélevé (already debited)", kit.money_cell(None, paid)))
        return rows

    def reduction_block() -> None:
        label = {"en_US": "Exemptions applied", "de_DE": "Ermäßigungen (reductions)"}.get(loc, "Reductions applied")
        strings(kit, doc, "reductions", facts["reductions"], label,
                rng.choice([f"{label}: none", "No discounts or exemptions apply."]))

    def instalment_table() -> None:
        head = [rng.choice(["Due date", "Date due", "Payment date"]), rng.choice(["Amount", "Instalment"])]
        status = kit.chance(0.5)
        rows = [[kit.date_cell(("instalments", i, "due_date"), d), kit.money_cell(("instalments", i, "amount"), a)]
                + ([L.cell("Direct Debit" if direct else "due")] if status else [])
                for i, (d, a) in enumerate(zip(dates, amounts))]
        L.table(doc, rng, head + ["Method"] * status, rows)

    def instalment_sentence() -> None:
        if n == 1:
            kit.money(doc.add("Please pay "), ("instalments", 0, "amount"), amounts[0])
            kit.date(doc.add(" by "), ("instalments", 0, "due_date"), dates[0]).line(".")
            return
        doc.add("Please pay ")
        for i, (d, a) in enumerate(zip(dates, amounts)):    # "£185.45 on 1 April 2024, then £182.00 on ..."
            doc.add("" if i == 0 else ", then " if i == 1 else " and " if i == n - 1 else ", ")
            kit.money(doc, ("instalments", i, "amount"), a)
            kit.date(doc.add(" on "), ("instalments", i, "due_date"), d)
        doc.line(".")

    def closing() -> None:
        if loc == "fr_FR" and plan == "annual":
            kit.date(doc.add("If you pay online you have five more days, until "), None,
                     dates[0] + dt.timedelta(days=5)).line(".")
        doc.line(dd_text).line(amend_text)
        if facts["payment_url"]:
            doc.add(rng.choice(["Pay online: ", "You can pay online at "])).put(("payment_url",), s["pay_url"]).line()
        else:
            doc.line(f"More information: {s['home']}")
        kit.money(doc.add(rng.choice(["Last year you paid ", "Last year's charge: "])), None, last_year).line(".")

    layout = rng.choice(["bill", "letter", "account", "ebill"])
    if layout == "bill":            # the printed bill
        doc.put(("authority",), s["authority"]).line().line(address_line(kit)).line()
        doc.line(s["heading"]).line()
        L.labelled(doc, rng, head_rows(), rng.choice(["colon", "aligned", "dots", "grid", "bold"]))
        doc.line()
        if s["value_rows"]:
            L.kv(doc, rng, value_rows(), rng.choice(["colon", "aligned", "dots"]))
            doc.line()
        kit.pad(doc)
        charge_table()
        doc.line()
        L.kv(doc, rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        reduction_block()
        doc.line().line(plan_text)
        instalment_table()
        doc.line()
        closing()
        doc.line().line(f"{officer}, {s['officer_title']}")
    elif layout == "letter":        # a covering letter with the bill written out
        doc.put(("authority",), s["authority"]).line().line(s["officer_title"]).line()
        doc.put(("taxpayer",), taxpayer).line(f" and {joint}" if has_joint else "").line(prop).line()
        doc.put(("bill_date",), bill_text).line()
        doc.add(f"{s['account_label']}: ").put(("account_number",), s["account"]).line()
        doc.line(f"{s['other_label']}: {s['other_id']}").line()
        doc.add(f"Re: {s['title']} for ").put(("property_address",), prop).line().line()
        doc.add("Dear ").put(("taxpayer",), taxpayer).line(",").line()
        if show_period:
            doc.add(f"Your {s['what']} for the period ")
            kit.date(doc, ("period_start",), period[0]).add(" to ")
            kit.date(doc, ("period_end",), period[1])
        else:
            doc.add(f"Your {s['what']} for {s['year_text']}")
        kit.money(doc.add(" comes to "), ("annual_charge",), total).line(".")
        if s["band"]:
            doc.add("Your property is in valuation band ").put(("band",), s["band"]).line(".")
        for label, c in value_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        if kit.chance(0.5):
            charge_sentence()
        else:
            doc.line(rng.choice(["How your bill is made up:", "The charge is made up as follows:"]))
            charge_lines(kit.chance(0.5))
        for name, amount in reductions:
            if amount is not None:
                kit.money(doc.add(f"We have taken off {name}: "), None, amount).line(".")
        reduction_block()
        kit.pad(doc.line())
        doc.line(plan_text)
        if paid is not None:
            kit.money(doc.add("Already debited this year: "), None, paid).line(".")
        instalment_sentence()
        closing()
        doc.line().line(rng.choice(["Yours sincerely,", "Yours faithfully,"])).line(officer)
    elif layout == "account":       # the online tax account, as a markdown page
        form = rng.choice(["md", "caps", "underline"])
        doc.add("# ").put(("authority",), s["authority"]).line(" - online tax account").line()
        doc.add("**Account:** ").put(("account_number",), s["account"]).line("  ")
        doc.add("**Name:** ").put(("taxpayer",), taxpayer).line("  ")
        doc.add("**Property:** ").put(("property_address",), prop).line().line()
        _head(doc, form, f"Your {s['title']}")
        rows = [(rng.choice(["Issued", "Bill date"]), L.cell(bill_text, ("bill_date",)))]
        if s["band"]:
            rows.append(("Band", L.cell(s["band"], ("band",))))
        if show_period:
            rows += [("From", kit.date_cell(("period_start",), period[0])),
                     ("To", kit.date_cell(("period_end",), period[1]))]
        rows += value_rows()
        rows.append((total_label, kit.money_cell(("annual_charge",), total)))
        L.kv(doc, rng, rows, "pipe")
        doc.line()
        _head(doc, form, "How your bill is made up")
        L.table(doc, rng, ["Charge", s["rate_head"], "Amount"],
                [[L.cell(c[0], ("charges", i, "description")), L.cell(c[2]),
                  kit.money_cell(("charges", i, "amount"), c[1])] for i, c in enumerate(charges)], "pipe")
        doc.line()
        for name, amount in reductions:
            if amount is not None:
                kit.money(doc.add(f"- {name}: minus "), None, amount).line()
        reduction_block()
        kit.pad(doc.line())
        _head(doc, form, "Payments")
        doc.line(plan_text)
        if paid is not None:
            kit.money(doc.add("Already debited: "), None, paid).line()
        L.table(doc, rng, ["Due", "Amount", "Status"],
                [[kit.date_cell(("instalments", i, "due_date"), d), kit.money_cell(("instalments", i, "amount"), a),
                  L.cell("scheduled")] for i, (d, a) in enumerate(zip(dates, amounts))], "pipe")
        doc.line()
        closing()
    else:                           # the e-bill e-mail with the schedule as an export
        host = s["home"].split("//")[1].removeprefix("www.")
        doc.add("From: ").put(("authority",), s["authority"]).line(f" <ebilling@{host}>")
        doc.add("To: ").put(("taxpayer",), taxpayer).line().add("Date: ").put(("bill_date",), bill_text).line()
        doc.line(f"Subject: Your {s['title']} is ready").line()
        doc.add("Dear ").put(("taxpayer",), taxpayer).line(",").line()
        doc.add("Your new bill for ").put(("property_address",), prop)
        doc.add(f" ({s['account_label']} ").put(("account_number",), s["account"]).line(") is ready.")
        if s["band"]:
            doc.add("Valuation band: ").put(("band",), s["band"]).line()
        if s["tax_base"] is not None:
            L.write(doc.add(f"{s['base_label']}: "), base_cell()).line()
        if show_period:
            kit.date(doc.add("Period: "), ("period_start",), period[0]).add(" to ")
            kit.date(doc, ("period_end",), period[1]).line()
        kit.money(doc.add(f"{total_label}: "), ("annual_charge",), total).line()
        charge_sentence()
        for name, amount in reductions:
            if amount is not None:
                kit.money(doc.add(f"Less {name}: "), None, amount).line()
        reduction_block()
        doc.line()
        kit.pad(doc)
        doc.line(plan_text)
        if paid is not None:
            kit.money(doc.add("Already debited: "), None, paid).line()
        doc.line(rng.choice(["Payment schedule (export):", "Instalments:"]))
        L.table(doc, rng, ["due_date", "amount"], [
            [kit.date_cell(("instalments", i, "due_date"), d), kit.money_cell(("instalments", i, "amount"), a)]
            for i, (d, a) in enumerate(zip(dates, amounts))], rng.choice(["semicolon", "aligned"]))
        doc.line()
        closing()
        doc.line().line(f"Kind regards,\n{s['officer_title']}")
    kit.pad(doc)
    titles = ("Council tax bill", "Property tax bill", "Local property tax notice")
    return Draft(titles if loc == "en_GB" else titles[1:] + titles[:1], CT_FIELDS, facts, doc, evidence)


# ---- benefits award letter (DWP / SSA / Bewilligungsbescheid / notification CAF) ------------

# One benefit: its name, the offices that award it, how often it is paid, whether it is taxable, its
# elements and deductions as (chance, [(name, amounts)]) where amounts are the usual rates a payment
# period or ("~", low, high), how many months an award runs (None: open-ended), the reference's code
# and the (home page, online account) of its service.
BENEFITS = {
    "en_GB": [
        {"name": "Universal Credit",
         "agency": ("Department for Work and Pensions", "DWP Universal Credit Service Centre"),
         "freq": ("monthly",), "taxable": False, "months": None, "code": "UC",
         "site": ("https://www.gov.uk", "https://www.universal-credit.service.gov.uk/sign-in"),
         "elements": [(1.0, [("Standard allowance", (311.68, 393.45, 489.23, 617.60))]),
                      (0.5, [("Child element", (287.92, 333.33, 575.84))]),
                      (0.6, [("Housing element", ("~", 350, 1100))]), (0.15, [("Carer element", (198.31,))]),
                      (0.15, [("LCWRA element", (416.19,))]), (0.12, [("Childcare costs element", ("~", 150, 900))])],
         "deductions": [(0.35, [("Earnings reduction", ("~", 50, 600))]), (0.3, [("Advance repayment", ("~", 25, 90))]),
                        (0.15, [("Rent arrears deduction", ("~", 20, 60))])]},
        {"name": "Personal Independence Payment", "agency": ("DWP Personal Independence Payment",
                                                             "Department for Work and Pensions"),
         "freq": ("four_weekly",), "taxable": False, "months": (24, 120), "code": "PIP",
         "site": ("https://www.gov.uk", "https://www.gov.uk/pip/report-a-change"),
         "elements": [(1.0, [("Daily living (standard rate)", (290.60,)), ("Daily living (enhanced rate)", (434.20,))]),
                      (0.7, [("Mobility (standard rate)", (114.80,)), ("Mobility (enhanced rate)", (303.00,))])],
         "deductions": []},
        {"name": "State Pension", "agency": ("The Pension Service", "Department for Work and Pensions"),
         "freq": ("four_weekly",), "taxable": True, "months": None, "code": "SP",
         "site": ("https://www.gov.uk", "https://www.gov.uk/check-state-pension"),
         "elements": [(1.0, [("New State Pension", ("~", 600.0, 884.80))]),
                      (0.3, [("Protected payment", ("~", 20, 200))]),
                      (0.15, [("Extra State Pension (deferral)", ("~", 15, 90))])],
         "deductions": []},
        {"name": "Child Benefit", "agency": ("HM Revenue and Customs", "HMRC Child Benefit Office"),
         "freq": ("four_weekly", "weekly"), "taxable": False, "months": None, "code": "CHB",
         "site": ("https://www.gov.uk", "https://www.gov.uk/child-benefit-account"),
         "elements": [(1.0, [("Eldest or only child", (102.40,))]), (0.6, [("Additional child", (67.80,))])],
         "deductions": []},
        {"name": "New Style Jobseeker's Allowance",
         "agency": ("Jobcentre Plus {city}", "Department for Work and Pensions"),
         "freq": ("fortnightly",), "taxable": True, "months": (6, 6), "code": "JSA",
         "site": ("https://www.gov.uk", "https://www.gov.uk/jobseekers-allowance"),
         "elements": [(1.0, [("Personal allowance (2 weeks)", (142.70, 180.20))])],
         "deductions": [(0.2, [("Pension payment reduction", ("~", 10, 60))])]},
    ],
    "en_US": [
        {"name": "Social Security retirement benefits", "agency": ("Social Security Administration",),
         "freq": ("monthly",), "taxable": True, "months": None, "code": "SSA",
         "site": ("https://www.ssa.gov", "https://www.ssa.gov/myaccount"),
         "elements": [(1.0, [("Monthly benefit amount", ("~", 1100, 3800))])],
         "deductions": [(0.85, [("Medicare Part B premium", (164.90, 174.70, 185.00))]),
                        (0.3, [("Federal tax withheld", ("~", 80, 300))])]},
        {"name": "Supplemental Security Income (SSI)", "agency": ("Social Security Administration",),
         "freq": ("monthly",), "taxable": False, "months": None, "code": "SSI",
         "site": ("https://www.ssa.gov", "https://www.ssa.gov/myaccount"),
         "elements": [(1.0, [("Federal SSI payment", (914.00, 943.00, 967.00))]),
                      (0.5, [("State supplement", ("~", 10, 200))])],
         "deductions": [(0.4, [("Countable income", ("~", 20, 300))])]},
        {"name": "Unemployment insurance benefits", "agency": ("{state} Department of Labor",
                                                               "{state} Employment Security Department"),
         "freq": ("weekly",), "taxable": True, "months": (6, 6), "code": "UI",
         "site": ("https://www.{state}.gov", "https://uionline.{state}.gov"),
         "elements": [(1.0, [("Weekly benefit amount", ("~", 150, 650))]),
                      (0.3, [("Dependents' allowance", ("~", 25, 100))])],
         "deductions": [(0.5, [("Federal income tax withheld", ("~", 15, 70))]),
                        (0.1, [("Child support deduction", ("~", 20, 90))])]},
        {"name": "SNAP food benefits", "agency": ("{county} County Department of Social Services",
                                                  "{state} Department of Human Services"),
         "freq": ("monthly",), "taxable": False, "months": (6, 12), "code": "SNAP",
         "site": ("https://www.{state}.gov", "https://benefits.{state}.gov/myaccount"),
         "elements": [(1.0, [("SNAP allotment", ("~", 100, 975))])], "deductions": []},
    ],
    "de_DE": [
        {"name": "Bürgergeld", "agency": ("Jobcenter {city}",), "freq": ("monthly",), "taxable": False,
         "months": (12, 12), "code": "BG", "site": ("https://www.arbeitsagentur.de", "https://www.jobcenter.digital"),
         "elements": [(1.0, [("Regelbedarf (standard rate)", (451.00, 506.00, 563.00))]),
                      (0.85, [("Kosten der Unterkunft (rent)", ("~", 350, 900))]),
                      (0.8, [("Heizkosten (heating)", ("~", 60, 180))]),
                      (0.2, [("Mehrbedarf Alleinerziehende (single parent)", (202.68,))])],
         "deductions": [(0.3, [("Anrechnung Einkommen (income counted)", ("~", 100, 400))]),
                        (0.1, [("Aufrechnung Darlehen (loan repayment)", ("~", 20, 56))])]},
        {"name": "Kindergeld", "agency": ("Familienkasse {state}",), "freq": ("monthly",), "taxable": False,
         "months": None, "code": "FK", "site": ("https://www.arbeitsagentur.de",
                                                "https://www.arbeitsagentur.de/familie-und-kinder"),
         "elements": "children", "deductions": []},
        {"name": "Wohngeld", "agency": ("Wohngeldstelle der Stadt {city}", "Stadt {city}, Wohngeldbehörde"),
         "freq": ("monthly",), "taxable": False, "months": (12, 18), "code": "WG",
         "site": ("https://www.{city}.de", "https://www.{city}.de/wohngeld"),
         "elements": [(1.0, [("Wohngeld (housing allowance)", ("~", 80, 450))])], "deductions": []},
        {"name": "Arbeitslosengeld", "agency": ("Agentur für Arbeit {city}",), "freq": ("monthly",),
         "taxable": False, "months": (12, 12), "code": "AA", "daily": True,
         "site": ("https://www.arbeitsagentur.de", "https://web.arbeitsagentur.de/portal/metasuche"),
         "elements": [(1.0, [("Arbeitslosengeld (30 days)", ("~", 900, 2400))])], "deductions": []},
        {"name": "Elterngeld", "agency": ("Elterngeldstelle {city}", "L-Bank Elterngeldstelle"), "freq": ("monthly",),
         "taxable": False, "months": (12, 14), "code": "EG",
         "site": ("https://www.elterngeld-digital.de", "https://www.elterngeld-digital.de/konto"),
         "elements": [(1.0, [("Basiselterngeld (parental allowance)", ("~", 300, 1800))]),
                      (0.3, [("Geschwisterbonus (sibling bonus)", ("~", 75, 180))])], "deductions": []},
    ],
    "fr_FR": [
        {"name": "Aide personnalisée au logement (APL)", "agency": ("CAF de {dept}",), "freq": ("monthly",),
         "taxable": False, "months": None, "code": "CAF", "site": ("https://www.caf.fr",
                                                                   "https://www.caf.fr/allocataires/mon-compte"),
         "elements": [(1.0, [("APL (housing aid)", ("~", 80, 400))])],
         "deductions": [(0.15, [("Retenue sur indu (overpayment recovery)", ("~", 15, 60))])]},
        {"name": "Revenu de solidarité active (RSA)", "agency": ("CAF de {dept}",), "freq": ("monthly",),
         "taxable": False, "months": None, "code": "CAF", "site": ("https://www.caf.fr",
                                                                   "https://www.caf.fr/allocataires/mon-compte"),
         "elements": [(1.0, [("Montant forfaitaire (base amount)", (607.75, 635.71, 911.63))])],
         "deductions": [(0.5, [("Forfait logement (housing flat rate)", (72.93, 76.28))]),
                        (0.3, [("Ressources prises en compte (income counted)", ("~", 40, 250))])]},
        {"name": "Prime d'activité", "agency": ("CAF de {dept}",), "freq": ("monthly",), "taxable": False,
         "months": (3, 3), "code": "CAF", "site": ("https://www.caf.fr", "https://www.caf.fr/allocataires/mon-compte"),
         "elements": [(1.0, [("Montant forfaitaire (base amount)", (622.63, 633.21))]),
                      (0.6, [("Bonification individuelle (individual bonus)", ("~", 30, 184))])],
         "deductions": [(1.0, [("Ressources prises en compte (income counted)", ("~", 350, 550))])]},
        {"name": "Allocations familiales", "agency": ("CAF de {dept}",), "freq": ("monthly",), "taxable": False,
         "months": None, "code": "CAF", "site": ("https://www.caf.fr", "https://www.caf.fr/allocataires/mon-compte"),
         "elements": [(1.0, [("Allocations familiales (2 children)", (141.99, 148.52)),
                             ("Allocations familiales (3 children)", (323.91, 338.81))]),
                      (0.3, [("Majoration pour âge (age supplement)", (73.95, 74.27))])], "deductions": []},
        {"name": "Allocation d'aide au retour à l'emploi (ARE)", "agency": ("France Travail {city}",),
         "freq": ("monthly",), "taxable": True, "months": (12, 18), "code": "FT", "daily": True,
         "site": ("https://www.francetravail.fr", "https://candidat.francetravail.fr/espacepersonnel"),
         "elements": [(1.0, [("ARE (30 days)", ("~", 900, 2400))])],
         "deductions": [(0.7, [("Retraite complémentaire (pension contribution)", ("~", 15, 60))])]},
    ],
}
FREQ_TEXTS = {"weekly": ("You will be paid every week.", "Payment frequency: weekly", "Paid: once a week"),
              "fortnightly": ("You will be paid every 2 weeks.", "Payment frequency: fortnightly",
                              "Paid: every two weeks"),
              "four_weekly": ("You will be paid every 4 weeks.", "Payment frequency: every four weeks",
                              "Paid: four-weekly"),
              "monthly": ("You will be paid every month.", "Payment frequency: monthly", "Paid: once a month")}
PER = {"weekly": "a week", "fortnightly": "every 2 weeks", "four_weekly": "every 4 weeks", "monthly": "a month"}
DECISIONS = {"new_award": ("Decision: new award", "This is a new award of benefit.",
                           "We have decided you are entitled to this benefit."),
             "increase": ("Decision: your award has increased", "Your payment is going up.",
                          "Change of award: increase"),
             "decrease": ("Decision: your award has been reduced", "Your payment is going down.",
                          "Change of award: decrease")}
EVIDENCE_DOCS = {"en_GB": ("proof of rent", "tenancy agreement", "childcare invoices", "bank statements", "payslips",
                           "medical evidence", "proof of identity"),
                 "en_US": ("proof of income", "bank statements", "lease or rent receipt", "birth certificate",
                           "utility bill", "proof of identity", "pay stubs"),
                 "de_DE": ("Mietvertrag (lease)", "Kontoauszüge (bank statements)", "Lohnabrechnungen (payslips)",
                           "Heizkostenabrechnung (heating bill)", "Geburtsurkunde (birth certificate)",
                           "Schulbescheinigung (school certificate)"),
                 "fr_FR": ("avis d'imposition (tax notice)", "quittance de loyer (rent receipt)", "RIB (bank details)",
                           "justificatif de domicile (proof of address)", "bulletins de salaire (payslips)",
                           "attestation employeur (employer certificate)")}
KIND_WORDS = (("added", "deducted"), ("entitlement", "deduction"), ("paid", "taken off"))
BENEFIT_FIELDS = [
    F.text("claimant", "Claimant", ("Person the benefit is awarded to (not a partner, a child, an appointee or the "
                                    "decision maker).", "Name of the claimant."), "recipient", "beneficiary_name",
           "name"),
    F.text("agency", "Agency", ("Office or agency that made the decision.", "Who sent the letter."), "issuer",
           "office", keep=0.7),
    F.text("benefit", "Benefit", "Benefit awarded, as written.", "benefit_name", "allowance", keep=0.8),
    F.text("reference_number", "Reference number", ("Claim, customer or file reference of the award (not the "
                                                    "national insurance, social security or tax number).",
                                                    "Claim reference."), "claim_number", "reference", keep=0.7),
    F.date("letter_date", "Letter date", ("Date of the letter (not the award's start, the first payment, the end of "
                                          "the award or a review date).", "Date the decision was sent."),
           "date", "issued_on"),
    F.date("start_date", "Award start", ("Day the award (or the new amount) takes effect (not the letter date or the "
                                         "first payment).", "Effective date of the award."),
           "effective_date", "award_from"),
    F.date("end_date", "Award end", "Last day of the award; null when it has no fixed end (not a review date).",
           "award_until", "expires_on", optional=True, keep=0.6),
    F.date("first_payment_date", "First payment date", "Date of the first payment at the new amount, if stated.",
           "payment_date", "first_paid_on", optional=True, keep=0.5),
    F.number("payment_amount", "Payment amount", ("Amount paid each payment period after deductions (not an "
                                                  "element, the amount before deductions, the previous amount or "
                                                  "arrears).", "Net amount of each payment."),
             "amount", "net_payment", minimum=0),
    F.choice("payment_frequency", "Payment frequency", "How often the benefit is paid.", list(FREQ_TEXTS),
             "frequency", "paid_every", keep=0.7),
    F.choice("decision", "Decision", "Whether the letter makes a new award or increases or reduces an existing one.",
             list(DECISIONS), "decision_type", "change", keep=0.6),
    F.items("elements", "Elements", ("Each element, rate or deduction the payment is worked out from, in order.",
                                     "How the payment is calculated."), [
        F.text("name", "Name", "Element, rate or deduction as written.", "element", "description"),
        F.number("amount", "Amount", "Amount of the line for one payment period.", "value", "per_period", keep=0.9),
        F.choice("kind", "Kind", "Whether the line adds to the payment or is deducted from it.",
                 ["entitlement", "deduction"], "type", "line_type", keep=0.6),
    ], "breakdown", "calculation", keep=0.8),
    F.flag("backdated", "Backdated", "Whether the award is backdated, with arrears for a past period.",
           "is_backdated", "arrears_paid", keep=0.6),
    F.number("arrears_amount", "Arrears", "One-off amount of arrears paid for the backdated period; null when none.",
             "backdated_amount", "back_payment", optional=True, keep=0.5),
    F.flag("taxable", "Taxable", "Whether the benefit is taxable income.", "is_taxable", "subject_to_tax", keep=0.6),
    F.strings("evidence_required", "Evidence required", "Documents the claimant is asked to send; empty when none "
              "are asked for.", "documents_requested", "proof_needed", keep=0.6),
    F.text("online_url", "Online account link", "Web address of the online account or journal, if given (not the "
           "agency's home page).", "account_url", "url", format="uri", optional=True, keep=0.4),
    F.generate("summary", "Summary", "One sentence saying who gets which benefit, how much and how often.", 40,
               keep=0.2),
]


def _benefit_ref(kit: Kit, code: str) -> tuple[str, str]:
    """(label, value) of the award's own reference."""
    r = kit.rng.randint
    return {"UC": ("Our reference", f"UC-{r(10**6, 10**7 - 1)}"),
            "PIP": ("Our reference", f"PIP/{r(10**5, 10**6 - 1)}"),
            "SP": ("Pension reference", f"SP{r(10**6, 10**7 - 1)}"),
            "CHB": ("Child Benefit number", f"CHB{r(10**7, 10**8 - 1)}"),
            "JSA": ("Claim reference", f"JSA-{r(10**5, 10**6 - 1)}"),
            "SSA": ("Claim number", f"BNC#{r(10**6, 10**7 - 1)}"),
            "SSI": ("Claim number", f"SSI-{r(10**6, 10**7 - 1)}"), "UI": ("Claim ID", f"UI{r(10**7, 10**8 - 1)}"),
            "SNAP": ("Case number", f"SN-{r(10**6, 10**7 - 1)}"),
            "BG": ("BG-Nummer (benefit unit no.)", f"{r(10000, 99999)}BG{r(10**6, 10**7 - 1)}"),
            "FK": ("Kindergeldnummer (child benefit no.)", f"{r(100, 999)}FK{r(100000, 999999)}"),
            "WG": ("Aktenzeichen (file no.)", f"WG-{r(1000, 9999)}/{r(10, 99)}"),
            "AA": ("Kundennummer (customer no.)", f"{r(100, 999)}D{r(100000, 999999)}"),
            "EG": ("Aktenzeichen (file no.)", f"EG-{r(100000, 999999)}"),
            "CAF": ("Numéro allocataire (claimant no.)", str(r(10**6, 10**7 - 1))),
            "FT": ("Identifiant (claimant ID)", f"{r(10**6, 10**7 - 1)}{kit.rng.choice('ABCDEFGHJK')}")}[code]


def _person_id(kit: Kit) -> tuple[str, str]:
    """(label, value) of the claimant's national number: a reference of the same kind as the claim's."""
    r, letters = kit.rng.randint, "ABCEGHJKLMNPRSTWXYZ"
    return {"en_GB": ("National Insurance number", f"{kit.rng.choice(letters)}{kit.rng.choice(letters)} {r(10, 99)} "
                                                   f"{r(10, 99)} {r(10, 99)} {kit.rng.choice('ABCD')}"),
            "en_US": ("Social Security number", f"XXX-XX-{r(1000, 9999)}"),
            "de_DE": ("Steuer-ID (tax ID)", f"{r(10, 99)} {r(100, 999)} {r(100, 999)} {r(100, 999)}"),
            "fr_FR": ("N° de sécurité sociale (social security no.)", f"{r(1, 2)} {r(50, 99)} {r(1, 12):02d} "
                                                                     f"{r(10, 95)} {r(100, 999)} {r(100, 999)}")
            }[kit.locale]


def _draw(rng, amounts) -> float:
    if amounts[0] == "~":
        return round(rng.uniform(amounts[1], amounts[2]), 2)
    return float(rng.choice(amounts))


def benefits_award_letter(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    b = rng.choice(BENEFITS[loc])
    city = fake.city()
    place = {"city": city, "state": fake.state() if loc in ("en_US", "de_DE") else "",
             "county": fake.last_name(), "dept": fake.department_name() if loc == "fr_FR" else ""}
    agency = rng.choice(b["agency"]).format(**place)
    host_word = slug(place["state"] if "{state}" in b["site"][0] else city, "gov", 20)
    home, account_url = (u.format(state=host_word, city=host_word) for u in b["site"])
    claimant, partner, officer = plain_names(kit, 3, strip_commas=True)
    freq = rng.choice(b["freq"])
    lines: list[dict] = []
    if b["elements"] == "children":
        kids: list[str] = []
        while len(kids) < rng.choice([1, 1, 2, 2, 3]):
            first = fake.first_name().split()[0]
            if first not in kids:
                kids.append(first)
        lines = [{"name": f"Kindergeld for {k}", "amount": 250.0, "kind": "entitlement"} for k in kids]
    else:
        for kind, pool in (("entitlement", b["elements"]), ("deduction", b["deductions"])):
            for p, alternatives in pool:
                if kit.chance(p):
                    name, amounts = rng.choice(alternatives)
                    lines.append({"name": name, "amount": _draw(rng, amounts), "kind": kind})
    if freq == "weekly" and b["code"] == "CHB":
        for line in lines:
            line["amount"] = round(line["amount"] / 4, 2)
    gross = round(sum(x["amount"] for x in lines if x["kind"] == "entitlement"), 2)
    minus = round(sum(x["amount"] for x in lines if x["kind"] == "deduction"), 2)
    if minus >= gross * 0.8:          # deductions never swallow the award
        lines = [x for x in lines if x["kind"] == "entitlement"]
        minus = 0.0
    pay = round(gross - minus, 2)
    decision = rng.choice(["new_award"] * 3 + ["increase", "decrease"])
    previous = round(pay * (rng.uniform(0.8, 0.97) if decision == "increase" else rng.uniform(1.04, 1.25)), 2)
    letter = kit.day()
    backdated = kit.chance(0.35)
    start = letter - dt.timedelta(days=rng.randint(35, 150)) if backdated else letter + dt.timedelta(
        days=rng.randint(-20, 25))
    period_days = {"weekly": 7, "fortnightly": 14, "four_weekly": 28, "monthly": 30.4}[freq]
    arrears = round(pay * max(1, int((letter - start).days / period_days)), 2) if backdated else None
    end = _months_after(start, rng.randint(*b["months"])) - dt.timedelta(days=1) if b["months"] else None
    first_pay = max(letter, start) + dt.timedelta(days=rng.randint(3, 14))
    review = letter + dt.timedelta(days=rng.randint(150, 400))
    if end and review >= end:
        review = end - dt.timedelta(days=rng.randint(30, 60))
    ref_label, ref = _benefit_ref(kit, b["code"])
    id_label, person_id = _person_id(kit)
    docs = list(EVIDENCE_DOCS[loc])
    wanted = rng.sample(docs, rng.choice([0, 0, 1, 1, 2, 3]))
    facts = {"claimant": claimant, "agency": agency, "benefit": b["name"], "reference_number": ref,
             "letter_date": letter.isoformat(), "start_date": start.isoformat(),
             "end_date": end.isoformat() if end else None,
             "first_payment_date": kit.maybe(first_pay.isoformat(), 0.7), "payment_amount": pay,
             "payment_frequency": freq, "decision": decision, "elements": lines, "backdated": backdated,
             "arrears_amount": arrears, "taxable": b["taxable"], "evidence_required": wanted,
             "online_url": account_url if kit.chance(0.5) else None}
    per = PER[freq]
    facts["summary"] = (f"{claimant} gets {b['name']} of {kit.style.money(pay, False, True)[1]} {kit.style.currency} "
                        f"{per} from {start.isoformat()}.")
    freq_text = rng.choice(FREQ_TEXTS[freq])
    decision_text = rng.choice(DECISIONS[decision])
    back_text = says(rng, backdated, ("This award is backdated, so we will also pay you arrears.", "Backdated: yes"),
                     ("This award is not backdated.", "Backdating: none", "No arrears are due: the award is not "
                                                                          "backdated."))
    tax_text = says(rng, b["taxable"], ("This benefit is taxable.", "Tax: this benefit counts as taxable income.",
                                        "Taxable: yes"),
                    ("This benefit is not taxable.", "Tax: you do not pay tax on this benefit.", "Taxable: no"))
    evidence = {("payment_frequency",): freq_text, ("decision",): decision_text, ("backdated",): back_text,
                ("taxable",): tax_text}
    words = rng.choice(KIND_WORDS)
    letter_text, start_text = kit.date_text(letter), kit.date_text(start)
    bank = f"ending {rng.randint(1000, 9999)}"

    def start_put() -> Doc:
        return doc.put(("start_date",), start_text)

    def element_table(layout: str | None = None) -> None:
        rows = []
        for i, x in enumerate(lines):
            evidence[("elements", i, "kind")] = words[x["kind"] == "deduction"]
            rows.append([L.cell(x["name"], ("elements", i, "name")), L.cell(words[x["kind"] == "deduction"]),
                         kit.money_cell(("elements", i, "amount"), x["amount"])])
        L.table(doc, rng, [rng.choice(["Element", "Item", "Description"]), "Type",
                           rng.choice(["Amount", f"Amount ({per})"])], rows, layout)

    def element_lines(numbered: bool) -> None:
        for i, x in enumerate(lines):     # "- Advance repayment (deducted): £40.00"
            at = ("elements", i)
            doc.add(f"{i + 1}. " if numbered else rng.choice(BULLETS[:2]))
            evidence[at + ("kind",)] = L.fill(doc, "{name} (" + words[x["kind"] == "deduction"] + ")",
                                              name=(at + ("name",), x["name"]))
            kit.money(doc.add(": "), at + ("amount",), x["amount"]).line()

    def element_sentence() -> None:
        doc.add("This is made up of ")
        for i, x in enumerate(lines):     # "£393.45 standard allowance, ... less £40.00 for advance repayment"
            at = ("elements", i)
            doc.add("" if i == 0 else " and " if i == len(lines) - 1 else ", ")
            before, number, after = kit.money_text(x["amount"])
            if x["kind"] == "deduction":
                evidence[at + ("kind",)] = L.fill(doc, "less {amt} for {name}", amt=(at + ("amount",), number),
                                                  name=(at + ("name",), x["name"])) if not (before or after) else \
                    L.fill(doc, "less " + before + "{amt}" + after + " for {name}", amt=(at + ("amount",), number),
                           name=(at + ("name",), x["name"]))
            else:
                evidence[at + ("kind",)] = L.fill(doc, before + "{amt}" + after + " for {name}",
                                                  amt=(at + ("amount",), number), name=(at + ("name",), x["name"]))
        doc.line(".")

    def amount_line() -> None:
        kit.money(doc.add(rng.choice(["You will get ", "Your payment will be "])), ("payment_amount",), pay)
        doc.line(f" {per}" + (f", paid into your account {bank}." if kit.chance(0.5) else "."))
        if decision != "new_award":
            kit.money(doc.add("Your previous payment was "), None, previous).line(f" {per}.")
        if b.get("daily"):
            kit.money(doc.add("Daily rate: "), None, round(gross / 30, 2)).line()

    def dates_block() -> None:
        if facts["first_payment_date"]:
            kit.date(doc.add(rng.choice(["First payment: ", "Your first payment at this rate will be made on "])),
                     ("first_payment_date",), first_pay).line()
        if end:
            kit.date(doc.add(rng.choice(["Your award ends on ", "Award until: "])), ("end_date",), end).line()
        if kit.chance(0.5):
            kit.date(doc.add("We will review your award around "), None, review).line(".")

    def arrears_block() -> None:
        doc.line(back_text)
        if backdated:
            kit.money(doc.add(rng.choice(["Arrears (one-off payment): ", "We will pay arrears of "])),
                      ("arrears_amount",), arrears).line()

    def closing() -> None:
        doc.line(tax_text)
        strings(kit, doc, "evidence_required", wanted, rng.choice(["Please send us", "Evidence we need"]),
                rng.choice(["We do not need any more evidence from you.", "Evidence needed: none"]))
        if facts["online_url"]:
            doc.add(rng.choice(["Sign in to your account: ", "Manage your claim online at "]))
            doc.put(("online_url",), account_url).line()
        else:
            doc.line(f"More information: {home}")

    layout = rng.choice(["letter", "statement", "notice", "email"])
    if layout == "letter":          # the decision letter by post
        doc.put(("agency",), agency).line().line(address_line(kit)).line()
        rows = [(ref_label, L.cell(ref, ("reference_number",))), (id_label, L.cell(person_id)),
                ("Date", L.cell(letter_text, ("letter_date",)))]
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots"]))
        doc.line().put(("claimant",), claimant).line().line(address_line(kit)).line()
        doc.add("Dear ").put(("claimant",), claimant).line(",").line()
        doc.add(rng.choice(["Your claim for ", "About your ", "Re: "])).put(("benefit",), b["name"]).line()
        doc.line(decision_text)
        doc.add("The decision applies from ")
        start_put().line(".")
        if kit.chance(0.3):
            doc.line(f"Your partner {partner} is included in this award.")
        amount_line()
        doc.line(freq_text).line()
        doc.line(rng.choice(["How we worked out your payment", "Your payment is made up of:"]))
        element_table()
        doc.line()
        kit.pad(doc)
        dates_block()
        arrears_block()
        closing()
        doc.line("If you disagree with this decision, you can ask us to look at it again within one month of the "
                 "date of this letter.")
        doc.line().line("Yours sincerely,").line(f"{officer}").line("Decision maker")
    elif layout == "statement":     # the online statement, as a markdown page
        doc.add("# Your ").put(("benefit",), b["name"]).line(" statement").line()
        doc.add("**Name:** ").put(("claimant",), claimant).line("  ")
        doc.add(f"**{ref_label}:** ").put(("reference_number",), ref).line("  ")
        doc.add("**Statement date:** ").put(("letter_date",), letter_text).line("  ")
        doc.add("**Issued by:** ").put(("agency",), agency).line().line()
        doc.line("## Your payment")
        amount_line()
        doc.line(freq_text).line(decision_text)
        doc.add("Effective from: ")
        start_put().line().line()
        doc.line("## How it is worked out")
        element_lines(kit.chance(0.3)) if kit.chance(0.6) else element_table("pipe")
        kit.money(doc.add(f"**Total {words[0]}:** "), None, gross).line("  ")
        if minus:
            kit.money(doc.add(f"**Total {words[1]}:** "), None, minus).line()
        doc.line()
        kit.pad(doc)
        doc.line("## Dates")
        dates_block()
        arrears_block()
        doc.line().line("## What you need to do")
        closing()
    elif layout == "notice":        # a formal decision notice in numbered sections
        title = {"en_GB": "Decision notice", "en_US": "Notice of Award", "de_DE": "Bewilligungsbescheid (award notice)",
                 "fr_FR": "Notification de droits (award notice)"}[loc]
        doc.put(("agency",), agency).line().line(title.upper() if kit.chance(0.4) else title).line()
        rows = [("Claimant", L.cell(claimant, ("claimant",))), (ref_label, L.cell(ref, ("reference_number",))),
                (id_label, L.cell(person_id)), ("Date of notice", L.cell(letter_text, ("letter_date",))),
                ("Benefit", L.cell(b["name"], ("benefit",)))]
        L.labelled(doc, rng, rows, rng.choice(["colon", "aligned", "grid", "stacked", "bold"]))
        doc.line().line("1. Decision").line(decision_text)
        doc.add(f"We award {b['name']} from ")
        start_put()
        if end:
            kit.date(doc.add(" to "), ("end_date",), end)
        doc.line(".").line()
        doc.line("2. Calculation")
        element_table(rng.choice(["grid", "aligned", "semicolon", "pipe"]))
        kit.money(doc.add(rng.choice(["Amount payable: ", "Net payment: "])), ("payment_amount",), pay)
        doc.line(f" {per}")
        if decision != "new_award":
            kit.money(doc.add("Previous amount: "), None, previous).line()
        doc.line(freq_text).line()
        kit.pad(doc)
        doc.line("3. Payment")
        if facts["first_payment_date"]:
            kit.date(doc.add("First payment: "), ("first_payment_date",), first_pay).line()
        doc.line(f"Paid to the account {bank}.")
        arrears_block()
        if kit.chance(0.5):
            kit.date(doc.add("Review date: "), None, review).line()
        doc.line().line("4. Tax and your obligations")
        closing()
        doc.line().line("5. Right of appeal")
        doc.line(rng.choice(["You may object to this decision in writing within one month of receiving it.",
                             "An objection (Widerspruch / recours) must reach us within one month."]))
        doc.line().line(f"{officer}, on behalf of {agency}")
    else:                           # a short e-mail from the online service
        doc.add("From: ").put(("agency",), agency).line(f" <no-reply@{home.split('//')[1].removeprefix('www.')}>")
        doc.add("To: ").put(("claimant",), claimant).line()
        doc.add("Date: ").put(("letter_date",), letter_text).line()
        doc.add("Subject: Your ").put(("benefit",), b["name"]).line(" award").line()
        doc.line(f"Hello {claimant.split()[0]},").line()
        doc.line(decision_text)
        doc.add("It applies from ")
        start_put().add(" (").add(f"{ref_label}: ").put(("reference_number",), ref).line(").")
        amount_line()
        element_sentence()
        doc.line(freq_text)
        kit.pad(doc.line())
        dates_block()
        arrears_block()
        closing()
        doc.line().line("This is an automatic message. Please do not reply.")
    kit.pad(doc)
    return Draft(("Benefits award letter", "Benefit decision letter", "Notice of benefit award"), BENEFIT_FIELDS,
                 facts, doc, evidence)


# ---- jury summons (Crown Court, county court, Schöffenladung, cour d'assises) ---------------

JURY = {   # the local form of the service: courts, sender, numbers, length, allowances, bring list, sites
    "en_GB": {"courts": ("{city} Crown Court",), "sender": ("Jury Central Summoning Bureau",),
              "service": "jury service", "heading": ("JURY SUMMONS", "Summons for Jury Service"),
              "number_label": "Juror number", "other_label": "Pool number", "days": (10,), "times": (540, 570, 600),
              "allowances": [("Loss of earnings (up to 4 hours)", 32.47, "day"),
                             ("Loss of earnings (over 4 hours)", 64.95, "day"), ("Travel by car", 0.31, "mile"),
                             ("Travel by bicycle", 0.10, "mile"), ("Food and drink", 5.71, "day"),
                             ("Childcare (if needed)", 64.95, "day")],
              "bring": ("this summons", "photo ID", "something to read", "reading glasses",
                        "Certificate of Loss of Earnings", "parking permit"),
              "site": ("https://www.gov.uk/jury-service", "https://www.gov.uk/reply-jury-summons")},
    "en_US": {"courts": ("Superior Court of {state}, County of {county}", "{county} County Circuit Court",
                         "{county} County District Court"), "sender": ("Office of the Jury Commissioner",
                                                                       "Jury Services Office"),
              "service": "jury service", "heading": ("SUMMONS FOR JURY SERVICE", "Juror Summons"),
              "number_label": "Juror ID", "other_label": "Group number", "days": (1, 1, 1, 10),
              "times": (480, 510, 540),
              "allowances": [("Juror fee (from day 2)", 15.00, "day"), ("Juror fee", 50.00, "day"),
                             ("Mileage (round trip)", 0.34, "mile"), ("Parking reimbursement", 10.00, "day"),
                             ("Public transit", 7.50, "day")],
              "bring": ("this summons", "photo ID", "juror badge", "a sweater", "reading material", "parking pass"),
              "site": ("https://www.{host}courts.gov/jury", "https://jury.{host}courts.gov/eresponse")},
    "de_DE": {"courts": ("Landgericht {city}", "Amtsgericht {city} (Schöffengericht)"),
              "sender": ("Schöffengeschäftsstelle (lay judges' office)", "Geschäftsstelle der Strafkammer"),
              "service": "service as a lay judge (Schöffe)",
              "heading": ("Ladung zur Hauptverhandlung (summons for a lay judge)", "LADUNG (SUMMONS)"),
              "number_label": "Schöffen-Nr. (lay judge no.)", "other_label": "Aktenzeichen (case no.)",
              "days": (2, 3, 4, 6, 8), "times": (510, 540, 570),
              "allowances": [("Zeitversäumnis (time lost)", 7.00, "hour"),
                             ("Verdienstausfall (loss of earnings)", 29.00, "hour"),
                             ("Fahrtkosten (travel by car)", 0.42, "km"),
                             ("Haushaltsführung (household work)", 17.00, "hour")],
              "bring": ("diese Ladung (this summons)", "Personalausweis (ID card)",
                        "Verdienstbescheinigung (employer's certificate)", "Parkausweis (parking permit)"),
              "site": ("https://www.justiz.de", "https://www.{host}.justiz.de/schoeffen")},
    "fr_FR": {"courts": ("Cour d'assises de {city}", "Cour d'assises ({dept})"),
              "sender": ("Greffe de la cour d'assises", "Tribunal judiciaire de {city}"),
              "service": "jury service (cour d'assises)",
              "heading": ("Convocation du juré (juror summons)", "CONVOCATION - SESSION D'ASSISES"),
              "number_label": "N° de juré (juror no.)", "other_label": "Session", "days": (10, 12, 15),
              "times": (510, 540, 570),
              "allowances": [("Indemnité de session (daily allowance)", 83.10, "day"),
                             ("Indemnité de séjour (meals and lodging)", 42.00, "day"),
                             ("Frais de transport (travel)", 0.32, "km"),
                             ("Perte de revenus (loss of earnings)", 11.65, "hour")],
              "bring": ("cette convocation (this summons)", "pièce d'identité (ID)",
                        "attestation employeur (employer certificate)", "RIB (bank details)"),
              "site": ("https://www.justice.fr", "https://www.justice.fr/jure-assises")},
}
NOTICES = {"summons": ("Notice: first summons", "You have been selected for {service} and are summoned to attend.",
                       "This is your summons for {service}."),
           "reminder": ("Notice: reminder (second notice)", "REMINDER: we have not yet received your reply to your "
                        "summons.", "This is a reminder: you have not replied to your summons yet."),
           "deferral": ("Notice: confirmation of deferred service", "Your {service} has been moved to the new date "
                        "shown below.", "This letter confirms the new date of your deferred {service}.")}
UNITS = {"day": ("per day", "a day"), "hour": ("per hour", "an hour"), "mile": ("per mile", "a mile"),
         "km": ("per km", "a km")}
JURY_FIELDS = [
    F.text("juror", "Juror", ("Person summoned (not the jury officer, the judge or anyone named for the court).",
                              "Name of the juror."), "juror_name", "summoned_person", "name"),
    F.text("court", "Court", ("Court where the juror must attend (not the office or bureau that sent the summons).",
                              "Court name."), "court_name", "venue"),
    F.text("juror_number", "Juror number", ("The juror's own number (not the pool, group, session or case "
                                            "number).", "Juror ID."), "juror_id", "participant_number", keep=0.8),
    F.date("summons_date", "Summons date", "Date of the summons or letter (not the attendance date or the reply "
           "deadline).", "issue_date", "date", keep=0.6),
    F.date("service_date", "Attendance date", ("First day the juror must attend (not the date of the letter, the "
                                               "reply deadline, the last day or an earlier date that was moved).",
                                               "Date to report for service."), "report_date", "start_date"),
    F.text("report_time", "Report time", "Time to arrive on the first day, as written (not the time the court sits "
           "or a phone line's hours).", "arrival_time", "time", keep=0.6),
    F.date("reply_by", "Reply by", "Deadline to reply to the summons, if stated.", "response_deadline", "respond_by",
           optional=True, keep=0.6),
    F.date("service_end", "Last day of service", "Last day of the service or session, if stated.", "end_date",
           "until", optional=True, keep=0.4),
    F.integer("service_days", "Length of service (days)", "Days the service is expected to last, if stated (not a "
              "distance or a notice period).", "days", "duration_days", optional=True, keep=0.5),
    F.choice("notice_type", "Notice type", "Whether this is a first summons, a reminder to reply or the "
             "confirmation of a deferred (moved) date.", list(NOTICES), "type", "letter_type", keep=0.6),
    F.items("allowances", "Allowances", ("Each allowance or expense the juror can claim, in order.",
                                         "Expenses paid to jurors."), [
        F.text("allowance", "Allowance", "What the payment is for, as written.", "item", "description"),
        F.number("rate", "Rate", "Amount paid (the most, where it is 'up to').", "amount", "max_rate"),
        F.choice("unit", "Unit", "What the rate is paid per.", list(UNITS), "per", "basis", keep=0.7),
    ], "expenses", "payments", keep=0.8),
    F.flag("parking_available", "Parking available", "Whether parking is available for jurors at the court.",
           "juror_parking", "parking", keep=0.6),
    F.flag("call_in_required", "Call-in required", "Whether the juror must phone or check online before coming to "
           "confirm they are needed.", "must_call", "check_in_required", keep=0.6),
    F.strings("bring_items", "Items to bring", "Things the juror is asked to bring; empty when none are listed.",
              "what_to_bring", "documents_to_bring", keep=0.6),
    F.text("reply_url", "Reply link", "Web address to reply online, if given (not the court's information page).",
           "response_url", "url", format="uri", optional=True, keep=0.4),
    F.generate("summary", "Summary", "One sentence saying who must attend which court and when.", 40, keep=0.2),
]


def jury_summons(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    j = JURY[loc]
    city = fake.city()
    place = {"city": city, "county": fake.last_name(), "state": fake.state() if loc in ("en_US", "de_DE") else "",
             "dept": fake.department_name() if loc == "fr_FR" else ""}
    court = rng.choice(j["courts"]).format(**place)
    sender = rng.choice(j["sender"]).format(**place)
    host = slug(place["county"] if loc == "en_US" else city, "gov", 20)
    info_url, reply_url = (u.format(host=host) for u in j["site"])
    juror, officer, judge = plain_names(kit, 3, strip_commas=True)
    notice = rng.choice(["summons"] * 5 + ["reminder"] * 2 + ["deferral"] * 2)
    letter = kit.day()
    original = letter + dt.timedelta(days=rng.randint(10, 40))
    start = (original + dt.timedelta(days=rng.randint(30, 120)) if notice == "deferral"
             else letter + dt.timedelta(days=rng.randint(35, 80)))
    days = rng.choice(j["days"])
    end = start + dt.timedelta(days=(days - 1) * 7 // 5) if days > 1 else None
    if loc == "de_DE":          # a lay judge sits once a week in a long trial
        end = start + dt.timedelta(days=(days - 1) * 7)
    reply = letter + dt.timedelta(days=rng.choice([7, 7, 10, 14]))
    twelve = loc == "en_US" or (loc == "en_GB" and kit.chance(0.4))
    time_text = clock(rng.choice(j["times"]), twelve)
    y = letter.year % 100
    number = {"en_GB": str(rng.randint(10**8, 10**9 - 1)), "en_US": str(rng.randint(10**7, 10**8 - 1)),
              "de_DE": f"HS {rng.randint(10, 99)}/{y:02d}", "fr_FR": f"J{y:02d}-{rng.randint(100, 999)}"}[loc]
    other = {"en_GB": f"{rng.randint(400, 499)}{y:02d}{rng.randint(1000, 9999)}", "en_US": str(rng.randint(1, 400)),
             "de_DE": f"{rng.randint(1, 9)} KLs {rng.randint(100, 999)} Js {rng.randint(1000, 9999)}/{y:02d}",
             "fr_FR": f"{letter.year}-{rng.randint(1, 4)}"}[loc]
    picked = sorted(rng.sample(range(len(j["allowances"])), rng.randint(2, min(4, len(j["allowances"])))))
    allowances = [{"allowance": j["allowances"][k][0], "rate": j["allowances"][k][1], "unit": j["allowances"][k][2]}
                  for k in picked]
    if loc == "en_US" and {"Juror fee (from day 2)", "Juror fee"} <= {a["allowance"] for a in allowances}:
        allowances = [a for a in allowances if a["allowance"] != "Juror fee"]
    bring = rng.sample(j["bring"], rng.choice([0, 0, 1, 2, 2, 3]))
    parking, call_in = kit.chance(0.5), kit.chance(0.6 if loc == "en_US" else 0.35)
    facts = {"juror": juror, "court": court, "juror_number": number, "summons_date": letter.isoformat(),
             "service_date": start.isoformat(), "report_time": time_text,
             "reply_by": reply.isoformat() if notice != "deferral" and kit.chance(0.8) else None,
             "service_end": end.isoformat() if end and kit.chance(0.6) else None,
             "service_days": days if kit.chance(0.7) else None, "notice_type": notice, "allowances": allowances,
             "parking_available": parking, "call_in_required": call_in, "bring_items": bring,
             "reply_url": reply_url if notice != "deferral" and kit.chance(0.6) else None}
    facts["summary"] = f"{juror} must attend {court} on {start.isoformat()} at {time_text}."
    service = j["service"]
    notice_text = rng.choice(NOTICES[notice]).format(service=service)
    park_text = says(rng, parking, ("Parking: available for jurors (free car park next to the court)",
                                    "Free parking is available for jurors at the court."),
                     ("Parking: not available for jurors", "There is no parking for jurors at the court; please use "
                                                           "public transport."))
    call_text = says(rng, call_in, ("You must call the juror line after 5:00 pm on the working day before to check "
                                    "whether you are needed.", "Call-in required: check online or by phone the "
                                                                "evening before"),
                     ("You do not need to call before you come: attend as summoned.", "Call-in required: no"))
    role = "Lay judge" if loc == "de_DE" else "Juror"
    if loc == "de_DE":      # a lay judge, not a juror
        park_text = park_text.replace("jurors", "lay judges")
        call_text = call_text.replace("the juror line", "the lay judges' office")
    evidence = {("notice_type",): notice_text, ("parking_available",): park_text, ("call_in_required",): call_text}
    unit_form = rng.randrange(2)
    unit_words = [UNITS[a["unit"]][unit_form] for a in allowances]
    for i, w in enumerate(unit_words):
        evidence[("allowances", i, "unit")] = w
    start_text, letter_text = kit.date_text(start), kit.date_text(letter)
    sits = clock(rng.choice(j["times"]) + 30, twelve)

    def attend_cell() -> L.Cell:
        return L.cell(start_text, ("service_date",))

    def length_line() -> None:
        if facts["service_days"] is None:
            doc.line(rng.choice(["Please keep the whole period free.", "You may be needed for more than one day."]))
            if facts["service_end"]:
                kit.date(doc.add("Your service ends on "), ("service_end",), end).line(".")
            return
        unit = "day" if days == 1 else "sitting days" if loc == "de_DE" else "working days"
        kit.count(doc.add(rng.choice(["Your service is expected to last ", "Length of service: "])),
                  ("service_days",), days).add(f" {unit}" if days > 1 else " day (or one trial)")
        if facts["service_end"]:
            kit.date(doc.add(", until "), ("service_end",), end)
        doc.line(".")

    def allowance_table() -> None:
        L.table(doc, rng, [rng.choice(["Allowance", "Expense", "What you can claim"]), "Rate", "Per"],
                [[L.cell(a["allowance"], ("allowances", i, "allowance")),
                  kit.money_cell(("allowances", i, "rate"), a["rate"]), L.cell(unit_words[i])]
                 for i, a in enumerate(allowances)])

    def allowance_lines(numbered: bool) -> None:
        for i, a in enumerate(allowances):      # "- Travel by car: £0.31 per mile"
            doc.add(f"{i + 1}. " if numbered else "- ").put(("allowances", i, "allowance"), a["allowance"])
            kit.money(doc.add(": up to " if a["unit"] in ("day", "hour") and kit.chance(0.3) else ": "),
                      ("allowances", i, "rate"), a["rate"]).line(f" {unit_words[i]}")

    def allowance_sentence() -> None:
        doc.add("You can claim ")
        for i, a in enumerate(allowances):      # "£64.95 a day for loss of earnings and £0.31 a mile for ..."
            doc.add("" if i == 0 else " and " if i == len(allowances) - 1 else ", ")
            kit.money(doc, ("allowances", i, "rate"), a["rate"]).add(f" {unit_words[i]} for ")
            doc.put(("allowances", i, "allowance"), a["allowance"])
        doc.line(".")

    def practical() -> None:
        strings(kit, doc, "bring_items", bring, rng.choice(["Please bring", "What to bring"]),
                rng.choice(["You do not need to bring anything.", "What to bring: nothing"]))
        doc.line(park_text).line(call_text)

    def reply_line(with_date: bool = True) -> None:
        if facts["reply_by"] and with_date:
            kit.date(doc.add(rng.choice(["Please reply by ", "Reply by: "])), ("reply_by",), reply)
            doc.line("." if kit.chance(0.5) else "")
        if facts["reply_url"]:
            doc.add(rng.choice(["Reply online at ", "Respond online: "])).put(("reply_url",), reply_url).line()
        else:
            doc.line(f"Information for {role.lower()}s: {info_url}")

    def deferral_line() -> None:
        if notice == "deferral":
            kit.date(doc.add("Your original date was "), None, original).line(".")
        elif notice == "reminder":
            kit.date(doc.add("We sent your summons on "), None, letter - dt.timedelta(days=rng.randint(14, 30)))
            doc.line(".")

    layout = rng.choice(["summons", "letter", "portal", "email"])
    if layout == "summons":         # the printed summons form
        doc.line(sender).line(rng.choice(j["heading"])).line().line(notice_text)
        deferral_line()
        rows = [("Name", L.cell(juror, ("juror",))), (j["number_label"], L.cell(number, ("juror_number",))),
                (j["other_label"], L.cell(other)), ("Court", L.cell(court, ("court",))),
                ("Court address", L.cell(address_line(kit))), ("Date to attend", attend_cell()),
                ("Time to arrive", L.cell(time_text, ("report_time",))),
                ("Date of this notice", L.cell(letter_text, ("summons_date",)))]
        if facts["reply_by"]:
            rows.append(("Reply by", kit.date_cell(("reply_by",), reply)))
        L.kv(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "grid", "stacked"]))
        doc.line()
        length_line()
        doc.line(f"The court sits at {sits}.").line()
        kit.pad(doc)
        doc.line(rng.choice(["Expenses and allowances", "What we pay"]))
        allowance_table()
        doc.line()
        practical()
        reply_line(False)
        doc.line().line(f"{officer}, {rng.choice(['Jury Manager', 'Jury Officer', 'Clerk of the Court'])}")
    elif layout == "letter":        # a letter from the court
        doc.put(("court",), court).line().line(sender).line()
        doc.put(("summons_date",), letter_text).line()
        doc.add(f"{j['number_label']}: ").put(("juror_number",), number).line(f" | {j['other_label']}: {other}")
        doc.line().put(("juror",), juror).line().line(address_line(kit)).line()
        doc.add("Dear ").put(("juror",), juror).line(",").line().line(notice_text)
        deferral_line()
        doc.add("Please come to ").put(("court",), court).add(" on ")
        doc.put(("service_date",), start_text).add(" at ").put(("report_time",), time_text).line(".")
        length_line()
        if loc == "de_DE":
            doc.line(f"The presiding judge is {judge}.")
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["What you can claim:", "Expenses we pay:"]))
        allowance_lines(kit.chance(0.4))
        doc.line()
        practical()
        reply_line()
        doc.line().line("Yours sincerely,").line(officer).line(rng.choice(["Jury Officer", "Jury Manager"]))
    elif layout == "portal":        # the online juror portal, as a markdown page
        doc.add(f"# {role} portal: ").put(("court",), court).line().line()
        doc.add(f"**{role}:** ").put(("juror",), juror).line("  ")
        doc.add(f"**{j['number_label']}:** ").put(("juror_number",), number).line("  ")
        doc.line(f"**{j['other_label']}:** {other}").line()
        doc.line("## Your service").line(notice_text)
        deferral_line()
        rows = [("First day", attend_cell()), ("Arrive by", L.cell(time_text, ("report_time",))),
                ("Letter date", L.cell(letter_text, ("summons_date",)))]
        if facts["reply_by"]:
            rows.append(("Reply by", kit.date_cell(("reply_by",), reply)))
        if facts["service_end"]:
            rows.append(("Last day", kit.date_cell(("service_end",), end)))
        if facts["service_days"] is not None:
            rows.append(("Days", kit.count_cell(("service_days",), days)))
        L.kv(doc, rng, rows, "pipe")
        doc.line()
        kit.pad(doc)
        doc.line("## Expenses you can claim")
        allowance_table() if kit.chance(0.6) else allowance_lines(False)
        doc.line().line("## Before you come")
        practical()
        reply_line(False)
    else:                           # an e-mail from the jury office
        doc.add("From: ").add(sender).line(f" <jury@{info_url.split('//')[1].split('/')[0].removeprefix('www.')}>")
        doc.add("To: ").put(("juror",), juror).line()
        doc.add("Date: ").put(("summons_date",), letter_text).line()
        doc.line(f"Subject: {'Reminder - ' if notice == 'reminder' else ''}your {service}").line()
        doc.line(f"Dear {juror.split()[0]},").line().line(notice_text)
        deferral_line()
        doc.add(f"You are due at ").put(("court",), court).add(" on ").put(("service_date",), start_text)
        doc.add(f" ({j['number_label']} ").put(("juror_number",), number).line(").")
        doc.add("Please arrive by ").put(("report_time",), time_text).line(f"; the court sits at {sits}.")
        length_line()
        allowance_sentence()
        kit.pad(doc.line())
        practical()
        reply_line()
        doc.line().line(f"Kind regards,\n{officer}")
    kit.pad(doc)
    return Draft(("Jury summons", "Summons for jury service", "Juror summons"), JURY_FIELDS, facts, doc, evidence)


# ---- passport application receipt (HMPO, DS-11 acceptance, Bürgeramt, mairie) -------------------

APP_TYPES = {"first": ("Application type: first passport", "Type: first application",
                       "This is a first passport application."),
             "renewal": ("Application type: renewal", "Type: renewal of an expired or expiring passport",
                         "This application renews your current passport."),
             "replacement": ("Application type: replacement (lost, stolen or damaged)", "Type: replacement",
                             "This application replaces a lost, stolen or damaged passport.")}
SERVICES = {"en_GB": {"standard": "Service: Standard (allow 3 weeks)", "expedited": "Service: Fast Track (1 week)",
                      "express": "Service: Premium (1 day)"},
            "en_US": {"standard": "Service: Routine", "expedited": "Service: Expedited",
                      "express": "Service: Urgent travel (passport agency appointment)"},
            "de_DE": {"standard": "Service: normal processing (about 3 to 4 weeks)",
                      "express": "Service: Expressverfahren (express, about 3 working days)"},
            "fr_FR": {"standard": "Service: traitement normal (standard processing)",
                      "express": "Service: demande urgente (urgent request)"}}
PASSPORT_DOCS = {"en_GB": ("old passport", "birth certificate", "2 photos", "countersigned photo",
                           "marriage certificate", "deed poll", "naturalisation certificate", "lost passport report"),
                 "en_US": ("DS-11 form", "birth certificate", "naturalization certificate", "photo ID", "old passport",
                           "DS-64 statement", "passport photo", "parental consent form"),
                 "de_DE": ("Personalausweis (ID card)", "alter Reisepass (old passport)",
                           "Geburtsurkunde (birth certificate)", "Heiratsurkunde (marriage certificate)",
                           "biometrisches Foto (photo)", "Verlustanzeige (loss report)"),
                 "fr_FR": ("justificatif de domicile (proof of address)", "ancien passeport (old passport)",
                           "acte de naissance (birth certificate)", "déclaration de perte (loss report)",
                           "carte d'identité (ID card)", "photo d'identité (photo)")}
PASSPORT_SITES = {"en_GB": ("https://www.gov.uk/apply-renew-passport",
                            "https://www.passport.service.gov.uk/track-your-application"),
                  "en_US": ("https://travel.state.gov", "https://passportstatus.state.gov"),
                  "de_DE": ("https://www.{host}.de", "https://www.{host}.de/ausweisstatus"),
                  "fr_FR": ("https://ants.gouv.fr", "https://ants.gouv.fr/mon-espace")}
PASSPORT_FIELDS = [
    F.text("applicant", "Applicant", ("Person the passport is for (not a parent signing for a child, the "
                                      "countersignatory or the clerk).", "Name of the applicant."),
           "applicant_name", "holder", "name"),
    F.text("application_number", "Application number", ("Reference of the application (not the receipt or "
                                                        "transaction number, the old passport's number or a tax "
                                                        "stamp number).", "Application reference."),
           "application_reference", "reference", "file_number"),
    F.date("application_date", "Application date", ("Date the application was made or handed in (not the date of "
                                                    "birth, the old passport's expiry or the expected delivery).",
                                                    "Date of the application."), "submitted_on", "date"),
    F.date("date_of_birth", "Date of birth", "Applicant's date of birth, if shown.", "dob", "birth_date",
           optional=True, keep=0.5),
    F.text("office", "Office", "Office, counter or facility where the application was handed in; null for an online "
           "or postal application.", "acceptance_facility", "submitted_at", optional=True, keep=0.5),
    F.choice("application_type", "Application type", "First passport, renewal, or replacement of a lost, stolen or "
             "damaged one.", list(APP_TYPES), "type", "kind", keep=0.7),
    F.choice("service_level", "Service", "Processing speed paid for.", ["standard", "expedited", "express"],
             "service", "processing", keep=0.7,
             option_descriptions=("normal processing", "faster processing for an extra fee (Fast Track, expedited)",
                                  "the fastest service: same or next few days (Premium, urgent, express)")),
    F.items("fees", "Fees", ("Each fee paid, in order.", "Fees charged for the application."), [
        F.text("item", "Item", "What the fee is for, as written.", "description", "fee_type"),
        F.number("amount", "Amount", "Amount of the fee.", "price", "fee"),
    ], "charges", "fee_lines", keep=0.8),
    F.number("total_paid", "Total paid", ("Total paid for the application (not a single fee).", "Amount paid."),
             "total", "amount_paid", minimum=0),
    F.date("expected_date", "Expected by", "Date the passport is expected to arrive or be ready for collection, if "
           "stated (not the application date).", "estimated_delivery", "ready_by", optional=True, keep=0.5),
    F.integer("validity_years", "Validity (years)", "Years the new passport will be valid, if stated.",
              "valid_years", "validity", optional=True, keep=0.4),
    F.flag("old_passport_enclosed", "Old passport enclosed", "Whether the applicant's previous passport was handed in "
           "or sent with the application.", "previous_passport_submitted", "old_passport_sent", keep=0.6),
    F.flag("postal_delivery", "Delivered by post", "Whether the new passport will be sent by post or courier rather "
           "than collected in person.", "delivery_by_post", "sent_by_post", keep=0.6),
    F.strings("documents", "Documents submitted", "Supporting documents handed in or sent; empty when none were.",
              "supporting_documents", "enclosures", keep=0.6),
    F.text("applicant_email", "Applicant e-mail", "Applicant's e-mail address, if shown (not the office's address).",
           "email", "contact_email", format="email", optional=True, keep=0.4),
    F.text("tracking_url", "Tracking link", "Web address to track the application, if given (not the agency's home "
           "page).", "status_url", "url", format="uri", optional=True, keep=0.4),
    F.generate("summary", "Summary", "One sentence saying whose application was received when and what was paid.",
               40, keep=0.2),
]


def _passport_setup(kit: Kit, kind: str, age: int, city: str) -> dict:
    """The local channel, service, fees, numbers and delivery of one application."""
    rng, loc, r = kit.rng, kit.locale, kit.rng.randint
    young = age < (24 if loc == "de_DE" else 16)
    fees: list[tuple[str, float]] = []
    if loc == "en_GB":
        channel = rng.choice(["online"] * 3 + ["post_office"] * 2 + ["office"])
        service = rng.choice(["expedited", "express"] if channel == "office" else ["standard"])
        if young and service == "express":
            service = "expedited"
        base = {"standard": (88.50, 57.50) if channel == "online" else (100.00, 69.00),
                "expedited": (178.00, 147.00), "express": (222.00, 222.00)}[service][young]
        fees.append(({"standard": "Standard passport fee", "expedited": "Fast Track fee", "express": "Premium fee"}
                     [service] + (" (child)" if young else " (adult)"), base))
        if channel == "post_office":
            fees.append(("Check and Send service", 20.75))
            if kit.chance(0.4):
                fees.append(("Digital photo", 8.00))
        if channel != "office" and kit.chance(0.3):
            fees.append(("Secure return of documents", 5.00))
        office = {"online": None, "post_office": f"{city} Post Office",
                  "office": f"HM Passport Office, {city}"}[channel]
        agency, postal = "HM Passport Office", service != "express"
        days = {"standard": 21, "expedited": 7, "express": 1}[service]
        number = f"{r(1000, 9999)}-{r(1000, 9999)}-{r(1000, 9999)}"
        receipt = ("Transaction ID", f"PO{r(10**7, 10**8 - 1)}")
        old = str(r(10**8, 10**9 - 1))
        validity = 5 if young else 10
    elif loc == "en_US":
        channel = "agency" if kit.chance(0.1) else "facility" if kind != "renewal" or kit.chance(0.3) else \
            rng.choice(["mail", "online"])
        service = "express" if channel == "agency" else rng.choice(["standard"] * 3 + ["expedited"])
        fees.append(("Application fee (passport book" + (", under 16)" if young else ")"), 100.00 if young else 130.00))
        if kit.chance(0.2):
            fees.append(("Passport card", 15.00 if young else 30.00))
        if channel in ("facility", "agency"):
            fees.append(("Execution fee", 35.00))
        if service != "standard":
            fees.append(("Expedite fee", 60.00))
            if kit.chance(0.5):
                fees.append(("1-2 day delivery", 22.05))
        if channel == "facility" and kit.chance(0.3):
            fees.append(("Passport photo", 15.00))
        office = {"facility": rng.choice([f"{city} Post Office", f"Clerk of Court, {kit.fake.last_name()} County"]),
                  "agency": f"{city} Passport Agency", "mail": None, "online": None}[channel]
        agency, postal = "U.S. Department of State", service != "express"
        days = {"standard": 42, "expedited": 18, "express": 3}[service]
        number = str(r(10**8, 10**9 - 1))
        receipt = ("Receipt no.", f"R{r(10**6, 10**7 - 1)}")
        old = str(r(10**8, 10**9 - 1))
        validity = 5 if young else 10
    elif loc == "de_DE":
        service = rng.choice(["standard"] * 4 + ["express"])
        fees.append(("Reisepass (under 24)" if young else "Reisepass (24 and over)", 37.50 if young else 70.00))
        if service == "express":
            fees.append(("Expresszuschlag (express surcharge)", 32.00))
        postal = kit.chance(0.25)
        if postal:
            fees.append(("Direktversand (home delivery)", 15.00))
        if kit.chance(0.3):
            fees.append(("Biometrisches Foto (photo on site)", 6.00))
        office = rng.choice([f"Bürgeramt {city}", f"Bürgerbüro {city}", f"Stadt {city}, Pass- und Ausweisstelle"])
        agency = office
        days = {"standard": 28, "express": 4}[service]
        number = str(r(10**9, 10**10 - 1))
        receipt = ("Quittungsnr. (receipt no.)", f"Q{r(10**6, 10**7 - 1)}")
        old = "".join(rng.choice("CFGHJKLMNPRTVWXYZ0123456789") for _ in range(9))
        validity = 6 if young else 10
    else:
        service = "express" if kit.chance(0.08) else "standard"
        fees.append(("Timbre fiscal (adult)", 86.00) if age >= 18 else ("Timbre fiscal (minor aged 15 to 17)", 42.00)
                    if age >= 15 else ("Timbre fiscal (minor under 15)", 17.00))
        if kit.chance(0.4):
            fees.append(("Photo d'identité (e-photo code)", 6.00))
        office = rng.choice([f"Mairie de {city}", f"Mairie de {city}, service des titres"])
        agency, postal = office, False
        days = {"standard": 21, "express": 5}[service]
        number = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(10))
        receipt = ("N° de timbre fiscal (tax stamp no.)", str(r(10**15, 10**16 - 1)))
        old = f"{r(10, 99)}{rng.choice('ABCDEFGHJK')}{rng.choice('ABCDEFGHJK')}{r(10000, 99999)}"
        validity = 5 if young else 10
    return {"fees": fees, "office": office, "agency": agency, "postal": postal, "service": service, "days": days,
            "number": number, "receipt": receipt, "old": old, "validity": validity}


def passport_application_receipt(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    city = fake.city()
    kind = rng.choice(["first"] * 2 + ["renewal"] * 3 + ["replacement"])
    age = rng.randint(3, 23 if loc == "de_DE" else 15) if kit.chance(0.3) else rng.randint(25, 80)
    young = age < 16
    s = _passport_setup(kit, kind, age, city)
    applicant, parent, clerk = plain_names(kit, 3, strip_commas=True)
    if young and kit.chance(0.6):       # a child mostly carries the parent's surname
        applicant = f"{fake.first_name().split()[0]} {' '.join(parent.split()[1:])}"
    applied = kit.day()
    born = dt.date(applied.year - age, rng.randint(1, 12), rng.randint(1, 28))
    expected = applied + dt.timedelta(days=s["days"] + rng.randint(0, 5 if s["days"] > 7 else 1))
    old_expiry = applied + dt.timedelta(days=rng.randint(-700, 150))
    enclosed = {"first": False, "renewal": kit.chance(0.9), "replacement": kit.chance(0.2)}[kind]
    docs = list(PASSPORT_DOCS[loc])
    lost = ("lost", "loss", "perte", "DS-64")
    docs = [d for d in docs if (enclosed or "old passport" not in d) and (kind == "replacement" or not any(
        w in d for w in lost)) and (young or "parental" not in d) and (kind == "first" or "countersigned" not in d)
            and (kind != "renewal" or "DS-11" not in d)]
    documents = rng.sample(docs, rng.choice([0, 1, 1, 2, 2, 3]))
    total = round(sum(a for _, a in s["fees"]), 2)
    home, track = (u.format(host=slug(city, "gov", 20)) for u in PASSPORT_SITES[loc])
    email = fake.email()
    online = s["office"] is None
    facts = {"applicant": applicant, "application_number": s["number"], "application_date": applied.isoformat(),
             "date_of_birth": kit.maybe(born.isoformat(), 0.75), "office": s["office"], "application_type": kind,
             "service_level": s["service"], "fees": [{"item": n, "amount": a} for n, a in s["fees"]],
             "total_paid": total, "expected_date": kit.maybe(expected.isoformat(), 0.6),
             "validity_years": kit.maybe(s["validity"], 0.5), "old_passport_enclosed": enclosed,
             "postal_delivery": s["postal"], "documents": documents,
             "applicant_email": email if online or kit.chance(0.4) else None,
             "tracking_url": track if kit.chance(0.5) else None}
    facts["summary"] = (f"{applicant}'s {kind} passport application was received on {applied.isoformat()}; "
                        f"{kit.style.money(total, False, True)[1]} {kit.style.currency} was paid.")
    type_text = rng.choice(APP_TYPES[kind])
    if kind == "first" and kit.chance(0.5):
        old_text = "Old passport: not applicable (first passport)"
    else:
        old_text = says(rng, enclosed, ("Old passport: enclosed (it will be cancelled and returned)",
                                        "Your old passport was handed in with the application."),
                        ("Old passport: not enclosed", "No previous passport was sent with this application."))
    post_text = says(rng, s["postal"], ("Delivery: by secure courier to your home address",
                                        "Your new passport will be sent to you by post."),
                     ("Delivery: collect in person (not sent by post)",
                      "Your passport will not be posted: you must collect it in person."))
    service_text = SERVICES[loc][s["service"]]
    evidence = {("application_type",): type_text, ("service_level",): service_text,
                ("old_passport_enclosed",): old_text, ("postal_delivery",): post_text}
    applied_text, born_text = kit.date_text(applied), kit.date_text(born)
    receipt_label, receipt_no = s["receipt"]
    card = f"card ending {rng.randint(1000, 9999)}"

    def person_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Applicant", L.cell(applicant, ("applicant",)))]
        if facts["date_of_birth"]:
            rows.append(("Date of birth", L.cell(born_text, ("date_of_birth",))))
        if facts["applicant_email"]:
            rows.append(("E-mail", L.cell(email, ("applicant_email",))))
        if young:
            rows.append(("Parent or guardian", L.cell(parent)))
        return rows

    def fee_table(layout: str | None = None) -> None:
        L.table(doc, rng, [rng.choice(["Item", "Fee", "Description"]), rng.choice(["Amount", "Paid"])],
                [[L.cell(n, ("fees", i, "item")), kit.money_cell(("fees", i, "amount"), a)]
                 for i, (n, a) in enumerate(s["fees"])], layout)

    def fee_lines(numbered: bool) -> None:
        for i, (n, a) in enumerate(s["fees"]):     # "- Fast Track fee (adult): £178.00"
            doc.add(f"{i + 1}. " if numbered else rng.choice(BULLETS)).put(("fees", i, "item"), n)
            kit.money(doc.add(": "), ("fees", i, "amount"), a).line()

    def fee_sentence() -> None:
        doc.add("You paid ")
        for i, (n, a) in enumerate(s["fees"]):     # "£88.50 for the Standard passport fee (adult) and £5.00 for ..."
            doc.add("" if i == 0 else " and " if i == len(s["fees"]) - 1 else ", ")
            kit.money(doc, ("fees", i, "amount"), a).add(" for ").put(("fees", i, "item"), n)
        kit.money(doc.add(", "), ("total_paid",), total).line(" in total." if len(s["fees"]) > 1 else " in all.")

    def total_line(label: str) -> None:
        kit.money(doc.add(label), ("total_paid",), total).line(f" (paid by {card})" if not online else "")

    def next_steps() -> None:
        doc.line(post_text)
        if facts["expected_date"]:
            kit.date(doc.add(rng.choice(["Expected by: ", "You should receive your passport by "] if s["postal"] else
                                        ["Ready for collection from: ", "Expected ready by: "])),
                     ("expected_date",), expected).line()
        else:
            doc.line(rng.choice(["We will tell you when your passport is ready.",
                                 "Allow the usual processing time."]))
        if facts["validity_years"]:
            kit.count(doc.add("The new passport will be valid for "), ("validity_years",), s["validity"])
            doc.line(" years.")
        if facts["tracking_url"]:
            doc.add(rng.choice(["Track your application: ", "Check the status online at "]))
            doc.put(("tracking_url",), track).line()
        else:
            doc.line(f"More information: {home}")

    def old_block() -> None:
        doc.line(old_text)
        if kind != "first":
            kit.date(doc.add(f"Previous passport no. {s['old']}, expiry date "), None, old_expiry).line()

    def docs_block() -> None:
        strings(kit, doc, "documents", documents, rng.choice(["Documents received", "Supporting documents"]),
                rng.choice(["No supporting documents were sent.", "Supporting documents: none"]))

    layout = rng.choice(["receipt", "email", "portal", "letter"])
    if online and layout == "receipt":
        layout = "email"
    if layout == "receipt":         # the counter receipt
        doc.put(("office",), s["office"]).line().line(address_line(kit)).line()
        doc.line(rng.choice(["RECEIPT - PASSPORT APPLICATION", "Passport application: receipt",
                             "Empfangsbestätigung (receipt)" if loc == "de_DE" else "Récépissé de dépôt (receipt)"
                             if loc == "fr_FR" else "Application receipt"])).line()
        rows = [(receipt_label, L.cell(receipt_no)),
                ("Application number", L.cell(s["number"], ("application_number",))),
                ("Date", L.cell(applied_text, ("application_date",)))] + person_rows()
        L.labelled(doc, rng, rows, rng.choice(["colon", "aligned", "dots", "grid", "bold"]))
        doc.line(type_text).line(service_text).line()
        fee_table()
        total_line(rng.choice(["Total paid: ", "TOTAL: "]))
        doc.line()
        kit.pad(doc)
        docs_block()
        old_block()
        next_steps()
        doc.line().line(f"Served by: {clerk}")
    elif layout == "email":         # the confirmation e-mail
        sender = s["agency"]
        doc.line(f"From: {sender} <no-reply@{home.split('//')[1].split('/')[0].removeprefix('www.')}>")
        doc.add("To: ").put(("applicant_email",), email).line() if facts["applicant_email"] else \
            doc.line(f"To: {applicant}")
        doc.add("Subject: We have received your passport application ").put(("application_number",), s["number"])
        doc.line().line()
        doc.add("Dear ").put(("applicant",), applicant).line(",").line()
        doc.add("We received your application on ").put(("application_date",), applied_text)
        if s["office"]:
            doc.add(" at ").put(("office",), s["office"])
        doc.line(".")
        doc.add("Your application number is ").put(("application_number",), s["number"]).line(".")
        if facts["date_of_birth"]:
            doc.add("Date of birth: ").put(("date_of_birth",), born_text).line()
        if young:
            doc.line(f"The application was signed by {parent} as parent or guardian.")
        doc.line(type_text).line(service_text).line()
        doc.line(rng.choice(["Payment", "What you paid:"]))
        fee_lines(kit.chance(0.3))
        total_line("Total: ")
        doc.line(f"{receipt_label}: {receipt_no}").line()
        kit.pad(doc)
        docs_block()
        old_block()
        next_steps()
        doc.line().line(f"{sender}")
    elif layout == "portal":        # the online tracker, as a markdown page
        doc.line("# Track your passport application").line()
        doc.add("**Applicant:** ").put(("applicant",), applicant).line("  ")
        doc.add("**Reference:** ").put(("application_number",), s["number"]).line("  ")
        if facts["applicant_email"]:
            doc.add("**E-mail:** ").put(("applicant_email",), email).line("  ")
        doc.line().line("## Application details")
        rows = [("Received", L.cell(applied_text, ("application_date",)))]
        if facts["date_of_birth"]:
            rows.append(("Date of birth", L.cell(born_text, ("date_of_birth",))))
        if s["office"]:
            rows.append(("Handed in at", L.cell(s["office"], ("office",))))
        L.kv(doc, rng, rows, "pipe")
        doc.line(type_text).line(service_text).line()
        doc.line("## Progress")
        steps = [("Application received", applied), ("Documents checked", applied + dt.timedelta(days=2)),
                 ("Passport being printed", applied + dt.timedelta(days=rng.randint(3, 6)))]
        L.table(doc, rng, ["Step", "Date", "Status"], [[L.cell(n), kit.date_cell(None, d), L.cell("done")]
                                                       for n, d in steps[:rng.randint(1, 3)]], "pipe")
        doc.line()
        kit.pad(doc)
        doc.line("## Payment")
        fee_table(rng.choice(["pipe", "grid"]))
        total_line("**Total paid:** ")
        doc.line().line("## Documents and delivery")
        docs_block()
        old_block()
        next_steps()
    else:                           # an acknowledgement letter in numbered sections
        doc.line(s["agency"]).line(address_line(kit)).line()
        doc.put(("applicant",), applicant).line().line(address_line(kit)).line()
        doc.line(kit.date_text(applied + dt.timedelta(days=rng.randint(1, 4)))).line()
        doc.add("Our reference: ").put(("application_number",), s["number"]).line().line()
        doc.add("Dear ").put(("applicant",), applicant).line(",").line()
        doc.line("1. Your application")
        doc.add("We received your passport application on ").put(("application_date",), applied_text)
        if s["office"]:
            doc.add(", handed in at ").put(("office",), s["office"])
        doc.line(".")
        if facts["date_of_birth"]:
            doc.add("Date of birth given: ").put(("date_of_birth",), born_text).line()
        doc.line(type_text).line(service_text).line()
        doc.line("2. Payment")
        fee_sentence()
        doc.line(f"{receipt_label}: {receipt_no}").line()
        kit.pad(doc)
        doc.line("3. Documents")
        docs_block()
        old_block()
        doc.line().line("4. What happens next")
        next_steps()
        if facts["applicant_email"]:
            doc.add("We will send updates to ").put(("applicant_email",), email).line(".")
        doc.line().line("Yours sincerely,").line(clerk)
    kit.pad(doc)
    return Draft(("Passport application receipt", "Passport application confirmation",
                  "Acknowledgement of passport application"), PASSPORT_FIELDS, facts, doc, evidence)
