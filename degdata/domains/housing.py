"""Papers of renting, buying and moving home: a tenancy deposit certificate or receipt (a UK deposit
protection certificate, a US security deposit receipt, a German Kautionsbescheinigung, a French reçu de
dépôt de garantie), a home inspection or survey report, a removal company's quote and the yearly service
charge statement of a flat (a UK service charge account, an HOA reconciliation, a Betriebskostenabrechnung,
a décompte de charges).

Each carries values of the same kind beside the ones asked for: the joint tenants, the landlord, the agent
and the agent's signatory beside the lead tenant, the tenancy reference, the member number and the deposit
account's IBAN beside the deposit ID, the lease signing date, the payment dates, the date the certificate
was issued and the end of the fixed term beside the tenancy start and the protection date, the monthly
rent (net and with its charges), the weekly equivalent, a pet deposit, a holding deposit and each tenant's
share and each instalment beside the deposit, and the scheme's or agent's address beside the tenant's
e-mail; the seller, the buyer's or listing agent and the reviewer beside the client and the inspector,
the order number and the company beside the report number and the licence, the report date beside the
inspection date, the year the roof was replaced and an extension was added beside the year built, the
plot or lot size beside the floor area, the bathrooms beside the bedrooms, each element's estimate and
the inspection fee beside the total repair estimate, and the office address beside the inspector's
e-mail; the surveyor and the office beside the customer, the survey reference, a USDOT, BAR or AMÖ number
beside the quote number, the survey date, the packing day and the expiry beside the quote date and the
move date, the other address and the company's own beside each address, the estimated weight, the floors
and the vehicles beside the volume and the crew, the unit prices of unselected options, the subtotal,
VAT, the hourly rate, the deposit and the declared value of the goods beside the total, and the
company's general address beside the estimator's e-mail; the freeholder, landlord, board president or
previous owner and the agent's signatory beside the recipient, the building beside the unit, the
statement number beside the account number, the statement date, the due date and the date the new
advance starts beside the period, the floor areas and tantièmes beside the share, the building totals
beside each of the unit's amounts, and the building's total costs, the payments on account, the balance,
the old and new advance and the reserve fund contribution beside the unit's total charges.

Documents come as scheme certificates with head blocks and tables, landlords' and agents' letters, agents'
e-mails with markdown sections, signed receipts in prose ("I, the undersigned ..., acknowledge receipt
from ..."), inspection reports with a findings table, surveys in lettered sections with coded elements
("D2 Roof coverings ........ CR2"), inspectors' e-mails, inspection app exports with one card per
element, formal removal quotations, estimators' e-mails, letters with the services in one sentence,
online quotes with ticked options ("[x] Packing service ... £420.00", "[ ] Storage ... (not
selected)"), managing agents' statements, letters, semicolon exports from property management software
and owner portal pages. Arrays come as tables in every layout, bullet and numbered lines ("- Roof —
Repair/Replace: Several slipped and missing tiles; estimate $1,200.00"), key-value cards and one-sentence
lists ("paid on 4 June 2024 by bank transfer (500,00 €) and on 4 July 2024 by cash (970,00 €)"); the lists
of strings (enclosures, specialists, special items, planned major works) may be empty. Booleans are as
often negated as stated ("No interest is paid on the deposit", "The roof was not accessed", "Packing is not
included in this quote", "These accounts have not been audited", "No direct debit mandate is held"),
conditions come as words, "CR2" codes with their legend or local terms ("defect (Mangel)", "to monitor (à
surveiller)"), overall ratings as "3/5", stars or "rated 4 out of 5", and a balance is an amount with a
separate due-or-credit choice.
"""
from __future__ import annotations

import datetime as dt
import re
import unicodedata

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says
from .common import address_line, firm_name, home_currency, lower_first, plain_names, strings


def _slug(text: str) -> str:
    """`text` as a lower-case ASCII host label ("Müller & Söhne" -> "muller-sohne")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = [w for w in re.split(r"[^a-z0-9]+", plain) if w]
    out = words[0] if words else "home"
    for w in words[1:]:
        if len(out) + 1 + len(w) > 24:
            break
        out += "-" + w
    return out


def _addresses(kit: Kit, n: int) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        a = address_line(kit)
        if a not in out:
            out.append(a)
    return out


def _split(kit: Kit, total: float, n: int, step: int = 10) -> list[float] | None:
    """`total` cut into `n` distinct, roughly even parts on multiples of `step` (the last takes the rest), or
    None when no such cut was found."""
    if n < 2 or total < 4 * n * step:
        return None
    for _ in range(20):
        parts = [float(round(total / n * kit.rng.uniform(0.6, 1.4) / step) * step) for _ in range(n - 1)]
        parts.append(round(total - sum(parts), 2))
        if len(set(parts)) == n and min(parts) > 0:
            return parts
    return None


MAIL_HOSTS = {"en_GB": ("gmail.com", "outlook.com", "btinternet.com"),
              "en_US": ("gmail.com", "yahoo.com", "icloud.com"),
              "de_DE": ("gmail.com", "web.de", "gmx.de"), "fr_FR": ("gmail.com", "orange.fr", "free.fr")}
TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}
CONDITION = {1: "poor", 2: "fair", 3: "satisfactory", 4: "good", 5: "excellent"}


# ---- tenancy deposit certificate ------------------------------------------------------------

SCHEMES = {   # locale: (scheme or bank, how the deposit is held)
    "en_GB": [("Deposit Protection Service (DPS)", "custodial_scheme"), ("DPS Insured", "insured_scheme"),
              ("Tenancy Deposit Scheme (TDS) Custodial", "custodial_scheme"),
              ("Tenancy Deposit Scheme (TDS) Insured", "insured_scheme"), ("mydeposits", "insured_scheme")],
    "en_US": [("{bank}", "deposit_account"), ("{bank}", "deposit_account"), ("", "held_by_landlord"),
              ("", "held_by_agent")],
    "de_DE": [("{bank}", "deposit_account"), ("{bank}", "deposit_account"), ("{bank}", "deposit_account"),
              ("", "held_by_agent")],
    "fr_FR": [("", "held_by_landlord"), ("", "held_by_landlord"), ("", "held_by_agent")],
}
SCHEME_SITES = {"DPS": "www.depositprotection.com", "TDS": "www.tenancydepositscheme.com",
                "mydeposits": "www.mydeposits.co.uk"}
BANKS = {"en_US": ("Eastern Bank, {city} branch", "Citizens Bank, {city}", "Chase Bank, {city} branch",
                   "{city} Savings Bank"),
         "de_DE": ("Sparkasse {city}", "Volksbank {city}", "Commerzbank {city}", "Postbank"),
         "en_GB": ("",), "fr_FR": ("",)}
LETTING_AGENTS = {"en_GB": ("{last} Lettings", "{city} Property Management Ltd", "{last} & Co Estate Agents"),
                  "en_US": ("{last} Property Management", "{city} Realty Rentals LLC", "{last} Residential"),
                  "de_DE": ("Hausverwaltung {last}", "{last} Immobilien GmbH", "Verwaltung {city} GmbH"),
                  "fr_FR": ("Agence {last} Immobilier", "{city} Gestion Locative", "Cabinet {last}")}
PAY_METHODS = {"bank_transfer": {"en_GB": ("bank transfer", "Faster Payment", "BACS transfer"),
                                 "en_US": ("bank transfer", "ACH transfer", "wire transfer"),
                                 "de_DE": ("bank transfer (Überweisung)", "Überweisung"),
                                 "fr_FR": ("bank transfer (virement)", "virement")},
               "card": {"en_GB": ("debit card", "card payment"), "en_US": ("credit card", "debit card"),
                        "de_DE": ("EC card", "card payment"), "fr_FR": ("bank card (carte bancaire)", "card payment")},
               "cheque": {"en_GB": ("cheque",), "en_US": ("check", "cashier's check", "money order"),
                          "de_DE": ("cheque (Scheck)",), "fr_FR": ("cheque (chèque)", "chèque")},
               "cash": {"en_GB": ("cash",), "en_US": ("cash",), "de_DE": ("cash (bar)", "cash"),
                        "fr_FR": ("cash (espèces)", "cash")}}
METHOD_SHARES = {"en_GB": ["bank_transfer"] * 6 + ["card", "cheque"], "en_US": ["bank_transfer"] * 3 + ["cheque"] * 3
                 + ["card", "cash"], "de_DE": ["bank_transfer"] * 6 + ["cash"], "fr_FR": ["bank_transfer"] * 4
                 + ["cheque"] * 3 + ["cash"]}
ENCLOSURES = {"en_GB": ["Prescribed information", "Scheme leaflet", "How to Rent guide", "Gas safety certificate",
                        "Energy performance certificate", "Check-in inventory", "Electrical safety report"],
              "en_US": ["Move-in condition checklist", "Lead paint disclosure", "Copy of the lease",
                        "Bank account details", "Key receipt", "Smoke detector certification"],
              "de_DE": ["Handover report (Übergabeprotokoll)", "Bank confirmation of the deposit account",
                        "Copy of the lease", "House rules (Hausordnung)", "Energy certificate (Energieausweis)"],
              "fr_FR": ["Check-in report (état des lieux d'entrée)", "Copy of the lease", "DPE",
                        "Information notice (notice d'information)", "Home insurance certificate"]}
HOLDINGS = {
    "custodial_scheme": ("Protection type: custodial (the scheme holds the deposit)",
                         "The deposit has been paid to {scheme}, which holds it until the tenancy ends.",
                         "Custodial protection: the money is held by {scheme}, not by the landlord."),
    "insured_scheme": ("Protection type: insured (the landlord or agent keeps the deposit, the scheme insures it)",
                       "The deposit is kept by the landlord's agent and protected by {scheme} insurance.",
                       "Insured protection: held by the member, guaranteed by {scheme}."),
    "deposit_account": ("Held in a separate deposit account at {scheme}, apart from the landlord's own money.",
                        "Deposit account: {scheme} (kept separate from the landlord's assets)",
                        "The deposit is paid into a trust account at {scheme} in the tenant's favour."),
    "held_by_landlord": ("Held by: the landlord (no separate account)",
                         "The landlord holds the deposit and returns it at the end of the tenancy.",
                         "The deposit is kept by the landlord personally."),
    "held_by_agent": ("Held by: {agent}, in its client account",
                      "The deposit is held by {agent} on behalf of the landlord.",
                      "The managing agent {agent} keeps the deposit in trust."),
}
DEPOSIT_TITLES = {"en_GB": ("DEPOSIT PROTECTION CERTIFICATE", "Deposit protection certificate",
                            "Prescribed information and deposit certificate"),
                  "en_US": ("SECURITY DEPOSIT RECEIPT", "Receipt for security deposit",
                            "Statement of security deposit"),
                  "de_DE": ("DEPOSIT CONFIRMATION (Kautionsbescheinigung)",
                            "Confirmation of the rent deposit (Mietkautionsbestätigung)"),
                  "fr_FR": ("RECEIPT FOR THE SECURITY DEPOSIT (reçu de dépôt de garantie)",
                            "Deposit certificate (attestation de dépôt de garantie)")}
DEPOSIT_FIELDS = [
    F.text("lead_tenant", "Lead tenant", ("Lead or first-named tenant the deposit is registered for (not a joint "
                                          "tenant, the landlord or the agent).", "Name of the (lead) tenant."),
           "tenant", "tenant_name"),
    F.text("landlord", "Landlord", "Landlord of the property (not the letting agent).", "landlord_name", "lessor",
           keep=0.7),
    F.text("agent", "Letting agent", "Letting or managing agent, if one acts for the landlord; null when the landlord "
           "deals with the deposit directly.", "managing_agent", "agency", optional=True, keep=0.5),
    F.text("property_address", "Property address", "Address of the rented property (not the landlord's or the "
           "agent's address).", "address", "rental_address", keep=0.6),
    F.text("certificate_number", "Deposit ID", ("Deposit ID, certificate or receipt number (not the tenancy "
                                                "reference, a member number or a bank account).",
                                                "Reference of the deposit certificate."), "deposit_id",
           "receipt_number", keep=0.8),
    F.number("deposit_amount", "Deposit amount", ("Security deposit held for the tenancy (not the rent, a pet or "
                                                  "key deposit, or one instalment).", "Amount of the deposit."),
             "deposit", "amount_protected", minimum=0),
    F.number("monthly_rent", "Monthly rent", "Rent a month, without service charges or advances for running costs "
             "(not the deposit or the total with charges).", "rent", "rent_per_month", keep=0.7),
    F.date("tenancy_start", "Tenancy start", ("First day of the tenancy (not the date the lease was signed, the "
                                              "deposit was paid or protected).", "Start date of the tenancy."),
           "start_date", "move_in_date"),
    F.date("tenancy_end", "Tenancy end", "Last day of the fixed term, if the tenancy has one; null for an open-ended "
           "tenancy.", "end_date", "fixed_term_end", optional=True, keep=0.5),
    F.date("protection_date", "Protection date", "Date the deposit was protected, registered or paid into its "
           "account, if stated (not the date it was received or the certificate was issued).", "protected_on",
           "date_protected", optional=True, keep=0.6),
    F.choice("holding", "Held by", "Who holds the deposit money.", list(HOLDINGS), "deposit_holding", "held_by",
             keep=0.8, option_descriptions=("a government-approved custodial scheme holds it",
                                            "the landlord or agent holds it, insured by a scheme",
                                            "a separate bank account in the tenant's favour",
                                            "the landlord holds it", "the letting agent holds it")),
    F.flag("interest_bearing", "Interest bearing", "Whether the deposit earns interest for the tenant.",
           "earns_interest", "interest_paid", keep=0.7),
    F.flag("furnished", "Furnished", "Whether the property is let furnished.", "is_furnished", "furnished_letting",
           keep=0.6),
    F.score("checkin_condition", "Condition at check-in", "Overall condition recorded at check-in.", CONDITION,
            "move_in_condition", "condition_rating", keep=0.5),
    F.items("tenants", "Tenants", ("Each tenant named on the certificate, in order.", "Tenants of the deposit."), [
        F.text("name", "Name", "Name of the tenant.", "tenant_name", "full_name"),
        F.number("share", "Share of deposit", "Part of the deposit this tenant paid; null when not split.",
                 "contribution", "amount_paid", optional=True, keep=0.7),
    ], "joint_tenants", "occupants", keep=0.8),
    F.items("payments", "Payments", ("Each payment of the deposit received, in order.", "Deposit payments."), [
        F.date("date", "Date", "Date the payment was received.", "paid_on", "received"),
        F.number("amount", "Amount", "Amount of this payment (not the whole deposit).", "paid", "sum"),
        F.choice("method", "Method", "How the payment was made.", list(PAY_METHODS), "payment_method", "via",
                 keep=0.7),
    ], "instalments", "receipts", keep=0.8),
    F.strings("enclosures", "Enclosures", "Documents enclosed with the certificate; empty when none are listed.",
              "documents", "attachments", keep=0.6),
    F.text("tenant_email", "Tenant e-mail", "The lead tenant's e-mail address, if shown (not the agent's or the "
           "scheme's).", "email", "contact_email", format="email", optional=True, keep=0.5),
    F.text("verify_url", "Verification link", "Web address where the deposit or certificate can be checked, if given "
           "(not a home page).", "check_url", "url", format="uri", optional=True, keep=0.4),
]


def tenancy_deposit_certificate(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    gb, us, de, fr = (loc == x for x in ("en_GB", "en_US", "de_DE", "fr_FR"))
    scheme, holding = rng.choice(SCHEMES[loc])
    bank = rng.choice(BANKS[loc]).format(city=fake.city())
    scheme = scheme.format(bank=bank)
    has_agent = holding in ("held_by_agent", "insured_scheme") or kit.chance(0.45)
    agent = firm_name(kit, LETTING_AGENTS) if has_agent else None
    furnished = kit.chance(0.5 if fr or gb else 0.25)
    rent = float(rng.randrange(*{"en_GB": (650, 2400, 25), "en_US": (900, 3600, 25), "de_DE": (420, 1650, 5),
                                 "fr_FR": (450, 1500, 5)}[loc]))
    charges = float(rng.randrange(120, 360, 5) if de else rng.randrange(40, 190, 5)) if de or fr else 0.0
    if gb:
        deposit = round(rent * 12 / 52 * rng.choice([4, 5, 5, 5]), 2)
    elif us:
        deposit = round(rent * rng.choice([1.0, 1.0, 1.5, 2.0]), 2)
    elif de:
        deposit = round(rent * rng.choice([2, 3, 3, 3]), 2)
    else:
        deposit = rent * (2 if furnished else 1)
    pet = float(rng.choice([250, 300, 500])) if us and kit.chance(0.3) else None
    holding_fee = float(rng.randrange(100, 400, 50)) if gb and kit.chance(0.35) else None
    start = kit.day()
    signed = start - dt.timedelta(days=rng.randint(5, 40))
    term_months = None if de and kit.chance(0.85) else rng.choice(
        {"en_GB": [6, 12, 12, 24], "en_US": [12, 12, 24], "de_DE": [12, 24], "fr_FR": [12 if furnished else 36]}[loc])
    end = None
    if term_months:
        y, m = divmod(start.month - 1 + term_months, 12)
        end = dt.date(start.year + y, m + 1, min(start.day, 28)) - dt.timedelta(days=1)
    # payments: a holding deposit and the balance, instalments in Germany, else one payment
    if de and kit.chance(0.4):
        amounts = _split(kit, deposit, 3, 50) or [deposit]
        dates = [start - dt.timedelta(days=rng.randint(0, 3))]
        dates += [dates[0] + dt.timedelta(days=31 * k + rng.randint(-2, 2)) for k in (1, 2)]
    elif holding_fee and holding_fee < deposit:
        amounts = [holding_fee, round(deposit - holding_fee, 2)]
        dates = [signed - dt.timedelta(days=rng.randint(7, 21)), signed]
    else:
        amounts, dates = [deposit], [signed + dt.timedelta(days=rng.randint(0, 3))]
    dates = dates[:len(amounts)]
    methods = [rng.choice(METHOD_SHARES[loc]) for _ in amounts]
    payments = [{"date": d.isoformat(), "amount": a, "method": m} for d, a, m in zip(dates, amounts, methods)]
    received = max(dates)
    protected = None
    if holding in ("custodial_scheme", "insured_scheme", "deposit_account"):
        protected = received + dt.timedelta(days=rng.randint(1, 29))
    issued = (protected or received) + dt.timedelta(days=rng.randint(1, 6))
    names = plain_names(kit, 5)
    n_tenants = rng.choice([1, 1, 2, 2, 3])
    tenant_names, landlord, contact = names[:n_tenants], names[3], names[4]
    shares = _split(kit, deposit, n_tenants) if n_tenants > 1 and kit.chance(0.5) else None
    tenants = [{"name": n, "share": shares[i] if shares else None} for i, n in enumerate(tenant_names)]
    lead = tenant_names[0]
    interest = kit.chance({"en_GB": 0.15, "en_US": 0.45, "de_DE": 0.9, "fr_FR": 0.1}[loc])
    if holding == "deposit_account" and de:
        interest = True
    condition = rng.choice([1, 2, 3, 3, 4, 4, 4, 5])
    year = start.year
    cert_no = {"en_GB": rng.choice([f"{rng.randint(10**6, 10**7 - 1)}", f"EW{rng.randint(10**7, 10**8 - 1)}",
                                    f"MD-{rng.randint(10**5, 10**6 - 1)}"]),
               "en_US": f"SD-{year}-{rng.randint(100, 9999):04d}",
               "de_DE": f"KB-{year}-{rng.randint(1, 9999):04d}",
               "fr_FR": f"DG-{year}-{rng.randint(1, 999):03d}"}[loc]
    tenancy_ref = f"{rng.choice(['T', 'TEN-', 'MV-'])}{rng.randint(10000, 99999)}"
    member_no = f"{rng.choice(['M', 'L', 'A'])}{rng.randint(100000, 999999)}"
    iban = f"DE{rng.randint(10, 99)} {' '.join(str(rng.randint(1000, 9999)) for _ in range(4))} {rng.randint(10, 99)}"
    address, landlord_address = _addresses(kit, 2)
    email = f"{_slug(lead.split()[0])}.{_slug(lead.split()[-1])}@{rng.choice(MAIL_HOSTS[loc])}"
    agent_mail = (f"{rng.choice(['lettings', 'info', 'deposits'])}@{_slug(agent)}.{TLD[loc]}" if agent else
                  f"{_slug(landlord.split()[0])}.{_slug(landlord.split()[-1])}@{rng.choice(MAIL_HOSTS[loc])}")
    url = None
    if gb:
        site = next(v for k, v in SCHEME_SITES.items() if k in scheme)
        url = f"https://{site}/check?id={cert_no}"
    elif us and agent:
        url = f"https://portal.{_slug(agent)}.com/deposits/{cert_no}"
    enclosures = rng.sample(ENCLOSURES[loc], rng.choice([0, 0, 1, 2, 3, 4]))
    facts = {"lead_tenant": lead, "landlord": landlord, "agent": agent, "property_address": address,
             "certificate_number": cert_no, "deposit_amount": deposit, "monthly_rent": rent,
             "tenancy_start": start.isoformat(), "tenancy_end": end.isoformat() if end else None,
             "protection_date": kit.maybe(protected.isoformat(), 0.85) if protected else None,
             "holding": holding, "interest_bearing": interest, "furnished": furnished, "checkin_condition": condition,
             "tenants": tenants, "payments": payments, "enclosures": enclosures,
             "tenant_email": kit.maybe(email, 0.55), "verify_url": kit.maybe(url, 0.6) if url else None}
    holding_text = rng.choice(HOLDINGS[holding]).format(scheme=scheme, agent=agent)
    rate = kit.style.decimal(rng.choice([0.01, 0.05, 0.1, 0.5, 1.0, 2.5]), 2)
    interest_text = says(rng, interest, (f"Interest: the deposit earns interest for the tenant ({rate}% a year).",
                                         "Interest accrues to the tenant and is paid out with the deposit.",
                                         "Interest on the deposit: yes, credited to the tenant"),
                         ("No interest is paid on the deposit.", "Interest: none",
                          "The deposit does not earn interest for the tenant."))
    furnished_text = says(rng, furnished, ("Furnished letting", "The property is let furnished.",
                                           "Furnishing: furnished" + (" (meublé)" if fr else "")),
                          ("Unfurnished letting", "The property is let unfurnished.",
                           "Furnishing: unfurnished" + (" (non meublé)" if fr else "")))
    _, score_text = rating(rng, condition, 5, rng.choice(["slash", "out_of", "of"]))
    condition_text = rng.choice([f"Condition at check-in: {CONDITION[condition]} ({score_text})",
                                 f"Overall condition recorded in the check-in inventory: {score_text}"])
    method_text = [rng.choice(PAY_METHODS[m][loc]) for m in methods]
    evidence = {("holding",): holding_text, ("interest_bearing",): interest_text, ("furnished",): furnished_text,
                ("checkin_condition",): condition_text}
    for i, t in enumerate(method_text):
        evidence[("payments", i, "method")] = t

    def rent_rows() -> list[tuple[str, L.Cell]]:
        if de:
            return [("Net rent (Kaltmiete)", L.join(kit.money_cell(("monthly_rent",), rent), L.cell(" a month"))),
                    ("Advance for running costs (Nebenkosten)", kit.money_cell(None, charges)),
                    ("Total rent (Warmmiete)", kit.money_cell(None, rent + charges))]
        if fr:
            return [("Rent excluding charges (loyer hors charges)", L.join(kit.money_cell(("monthly_rent",), rent),
                                                                           L.cell(" a month"))),
                    ("Charges (provision)", kit.money_cell(None, charges)),
                    ("Rent including charges", kit.money_cell(None, rent + charges))]
        rows = [("Rent", L.join(kit.money_cell(("monthly_rent",), rent), L.cell(" per month")))]
        if gb and kit.chance(0.4):
            rows.append(("Weekly equivalent", kit.money_cell(None, round(rent * 12 / 52, 2))))
        return rows

    def deposit_cell() -> L.Cell:
        return kit.money_cell(("deposit_amount",), deposit)

    def extra_lines() -> None:
        if pet:
            kit.money(doc.add("Pet deposit (held separately): "), None, pet).line()
        if holding_fee and len(payments) == 2:
            kit.money(doc.add("Holding deposit credited towards the deposit: "), None, holding_fee).line()

    def tenant_table() -> None:
        head = ["Tenant", "Role"] + ["Share paid"] * bool(shares) + ["E-mail"] * bool(facts["tenant_email"])
        rows = []
        for i, t in enumerate(tenants):
            row = [L.cell(t["name"], ("tenants", i, "name")), L.cell("Lead tenant" if i == 0 else "Joint tenant")]
            if shares:
                row.append(kit.money_cell(("tenants", i, "share"), t["share"]))
            if facts["tenant_email"]:
                row.append(L.cell(email, ("tenant_email",)) if i == 0 else L.cell("-"))
            rows.append(row)
        L.table(doc, rng, head, rows)

    def tenant_sentence(prefix: str) -> None:
        doc.add(prefix)
        for i, t in enumerate(tenants):
            doc.add("" if i == 0 else " and " if i == len(tenants) - 1 else ", ").put(("tenants", i, "name"), t["name"])
            if shares:
                kit.money(doc.add(" ("), ("tenants", i, "share"), t["share"]).add(")")
        doc.line(".")

    def tenant_lines() -> None:
        bullet = rng.choice(["- ", "* ", "\u2022 "])
        for i, t in enumerate(tenants):
            doc.add(bullet).put(("tenants", i, "name"), t["name"]).add(" (lead)" if i == 0 and len(tenants) > 1 else "")
            if shares:
                kit.money(doc.add(": paid "), ("tenants", i, "share"), t["share"])
            doc.line()

    def payment_table() -> None:
        L.table(doc, rng, ["Received", "Method", "Amount", "Reference"], [
            [kit.date_cell(("payments", i, "date"), d), L.cell(method_text[i]),
             kit.money_cell(("payments", i, "amount"), p["amount"]), L.cell(f"{tenancy_ref}/{i + 1}")]
            for i, (p, d) in enumerate(zip(payments, dates))])

    def payment_lines(numbered: bool) -> None:
        for i, (p, d) in enumerate(zip(payments, dates)):     # "2. Balance received on 03/05/2024 by cheque: £900.00"
            at = ("payments", i)
            label = ("Instalment " + str(i + 1) if de and len(payments) == 3 else
                     "Holding deposit" if len(payments) == 2 and i == 0 else
                     "Balance" if len(payments) == 2 else "Payment")
            doc.add(f"{i + 1}. " if numbered else "- ").add(f"{label} received on ")
            kit.date(doc, at + ("date",), d)
            doc.add(f" by {method_text[i]}: ")
            kit.money(doc, at + ("amount",), p["amount"]).line()

    def payment_sentence() -> None:
        doc.add("The deposit was paid ")
        for i, (p, d) in enumerate(zip(payments, dates)):
            doc.add("" if i == 0 else " and " if i == len(payments) - 1 else ", ")
            kit.date(doc.add("on "), ("payments", i, "date"), d).add(f" by {method_text[i]} (")
            kit.money(doc, ("payments", i, "amount"), p["amount"]).add(")")
        doc.line(".")

    def closing() -> None:
        doc.line(holding_text).line(interest_text).line(furnished_text).line(condition_text)
        strings(kit, doc, "enclosures", enclosures, rng.choice(["Enclosed", "Enclosures", "Documents provided"]),
                rng.choice(["Enclosures: none", "No documents are enclosed."]))
        if facts["verify_url"]:
            doc.add(rng.choice(["Check this deposit online: ", "Verify at "])).put(("verify_url",), url).line()

    def protected_label() -> str:
        if holding == "deposit_account":
            return rng.choice(["Paid into account on", "Deposit account opened"])
        return rng.choice(["Date protected", "Protected on", "Registered with the scheme"])

    def protected_cell() -> L.Cell:
        return kit.date_cell(("protection_date",), protected) if facts["protection_date"] else L.cell("-")

    who = agent or landlord
    layout = rng.choice(["certificate", "letter", "email", "receipt"])
    if layout == "certificate":     # the scheme's or bank's certificate with a head block and tables
        doc.line(rng.choice(DEPOSIT_TITLES[loc]))
        if scheme and holding != "deposit_account":
            doc.line(scheme)
        doc.line()
        head = [(rng.choice(["Deposit ID", "Certificate no.", "Receipt no."]),
                 L.cell(cert_no, ("certificate_number",))),
                ("Tenancy reference", L.cell(tenancy_ref)), ("Date issued", kit.date_cell(None, issued)),
                ("Property", L.cell(address, ("property_address",))), ("Lead tenant", L.cell(lead, ("lead_tenant",))),
                ("Landlord", L.cell(landlord, ("landlord",)))]
        if agent:
            head.append(("Agent", L.cell(agent, ("agent",))))
            head.append(("Member no.", L.cell(member_no)))
        head += [("Tenancy start", kit.date_cell(("tenancy_start",), start))]
        head += [("Fixed term ends", kit.date_cell(("tenancy_end",), end))] if end else \
            [("Term", L.cell(rng.choice(["open-ended", "periodic", "indefinite (unbefristet)" if de else "rolling"])))]
        head += rent_rows() + [("Deposit amount", deposit_cell())]
        if protected:
            head.append((protected_label(), protected_cell()))
        L.kv(doc, rng, head)
        extra_lines()
        if de and holding == "deposit_account":
            doc.line(f"Account: {iban} ({bank})")
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["Tenants", "Tenant details"]))
        tenant_table()
        doc.line().line(rng.choice(["Payments received", "Deposit received"]))
        payment_table()
        doc.line()
        closing()
    elif layout == "letter":        # the landlord's or agent's covering letter
        doc.line(who).line(landlord_address).line()
        kit.date(doc, None, issued).line()
        doc.add("Our ref: ").add(tenancy_ref).add(" | Deposit ID: ").put(("certificate_number",), cert_no).line().line()
        doc.add("Dear ").put(("lead_tenant",), lead).line(",").line()
        doc.add(f"Re: {rng.choice(['your deposit for', 'tenancy deposit -', 'security deposit for'])} ")
        doc.put(("property_address",), address).line().line()
        kit.money(doc.add("We confirm that a deposit of "), ("deposit_amount",), deposit)
        doc.add(" was paid for the tenancy starting on ")
        kit.date(doc, ("tenancy_start",), start)
        if end:
            kit.date(doc.add(" (fixed term until "), ("tenancy_end",), end).add(")")
        doc.line(".")
        L.fill(doc, "The landlord is {ll}", ll=(("landlord",), landlord))
        if agent:
            L.fill(doc, "; {ag} manages the property on the landlord's behalf", ag=(("agent",), agent))
        doc.line(".")
        for label, c in rent_rows():
            L.write(doc.add(f"{label}: "), c).line()
        extra_lines()
        if facts["protection_date"]:
            kit.date(doc.add(f"The deposit was {'protected' if gb else 'paid into its account'} on "),
                     ("protection_date",), protected).line(".")
        doc.line()
        if len(tenants) > 1:
            tenant_sentence("The tenants are ")
        else:
            doc.add("Tenant: ").put(("tenants", 0, "name"), lead).line()
        if facts["tenant_email"]:
            doc.add("We will write to you at ").put(("tenant_email",), email).line(".")
        doc.line()
        kit.pad(doc)
        doc.line(rng.choice(["Payments received:", "We received the deposit as follows:"]))
        payment_lines(kit.chance(0.5))
        doc.line()
        closing()
        doc.line().line(rng.choice(["Yours sincerely,", "Kind regards,"]))
        doc.line(f"{contact}\n{agent}" if agent else landlord)
    elif layout == "email":         # an agent's e-mail with a markdown summary
        doc.add("From: ").line(f"{who} <{agent_mail}>")
        doc.add("To: ")
        if facts["tenant_email"]:
            doc.put(("tenant_email",), email)
        else:
            doc.put(("lead_tenant",), lead)
        doc.line().line(f"Subject: {rng.choice(['Deposit protected', 'Your deposit certificate', 'Deposit receipt'])}"
                        f" - {tenancy_ref}").line()
        doc.add("Hi ").put(("lead_tenant",), lead).line(",").line()
        doc.line("Please find the details of your deposit below.").line()
        doc.line("## Deposit")
        rows = [("Deposit ID", L.cell(cert_no, ("certificate_number",))), ("Amount", deposit_cell()),
                ("Property", L.cell(address, ("property_address",))),
                ("Landlord", L.cell(landlord, ("landlord",)))]
        if agent:
            rows.append(("Managed by", L.cell(agent, ("agent",))))
        rows += [("Move-in date", kit.date_cell(("tenancy_start",), start))]
        if end:
            rows.append(("End of fixed term", kit.date_cell(("tenancy_end",), end)))
        if protected:
            rows.append((protected_label(), protected_cell()))
        rows.append(("Certificate date", kit.date_cell(None, issued)))
        L.labelled(doc, rng, rows + rent_rows(), rng.choice(["bold", "pipe", "colon"]))
        extra_lines()
        doc.line().line("## Tenants")
        tenant_lines() if kit.chance(0.6) else tenant_table()
        doc.line()
        kit.pad(doc)
        doc.line("## Payments")
        payment_table() if kit.chance(0.5) else payment_lines(False)
        doc.line()
        closing()
        doc.line().line("Best wishes,").line(f"{contact}\n{agent}" if agent else landlord)
    else:                           # a signed receipt in prose
        doc.line(rng.choice(DEPOSIT_TITLES[loc])).line()
        doc.add("No. ").put(("certificate_number",), cert_no).line().line()
        L.fill(doc, "I, the undersigned {ll}, landlord of {addr}, acknowledge receipt from ",
               ll=(("landlord",), landlord), addr=(("property_address",), address))
        if len(tenants) > 1:
            for i, t in enumerate(tenants):
                doc.add("" if i == 0 else " and " if i == len(tenants) - 1 else ", ")
                doc.put(("tenants", i, "name"), t["name"])
            doc.add(" (lead tenant: ").put(("lead_tenant",), lead).add(")")
        else:
            doc.put(("lead_tenant",), lead)
        kit.money(doc.add(" of the sum of "), ("deposit_amount",), deposit)
        doc.add(" as security deposit under the lease signed on ")
        kit.date(doc, None, signed).add(", the tenancy beginning on ")
        kit.date(doc, ("tenancy_start",), start)
        if end:
            kit.date(doc.add(" and ending on "), ("tenancy_end",), end)
        doc.line(".")
        if agent:
            doc.add("The property is managed by ").put(("agent",), agent).line(".")
        for label, c in rent_rows():
            L.write(doc.add(f"{label}: "), c).line()
        extra_lines()
        if len(tenants) == 1:
            doc.add("Tenant named on the lease: ").put(("tenants", 0, "name"), lead).line()
        if shares:
            doc.line("Each tenant paid:")
            tenant_lines()
        doc.line()
        kit.pad(doc)
        payment_sentence()
        if facts["protection_date"]:
            kit.date(doc.add("Date of protection: "), ("protection_date",), protected).line()
        if facts["tenant_email"]:
            doc.add("Lead tenant's e-mail: ").put(("tenant_email",), email).line()
        doc.line()
        closing()
        kit.date(doc.line().add(f"Done at {fake.city()} on "), None, issued).line(".")
        doc.line(f"Signed: {landlord}")
    if facts["tenant_email"] and ("tenant_email",) not in doc.spans:
        facts["tenant_email"] = None
    kit.pad(doc)
    return Draft(("Tenancy deposit certificate", "Deposit protection certificate", "Security deposit receipt"),
                 DEPOSIT_FIELDS, facts, doc, evidence)


# ---- home inspection report -------------------------------------------------------------------

INSPECTED = [   # (labels as a US, GB, DE and FR report writes the element, observations by condition)
    (("Roof", "Roof coverings", "Roof covering (Dacheindeckung)", "Roof covering (couverture)"),
     {"good": ("Tiles sound, no slipped tiles seen", "Re-covered recently, in good order"),
      "monitor": ("Moss growth on the north slope", "A few cracked ridge tiles"),
      "repair": ("Several slipped and missing tiles", "Flashing around the chimney lifting"),
      "urgent": ("Active leak above the rear bedroom", "Sagging roof structure")}),
    (("Chimney", "Chimney stacks", "Chimney (Schornstein)", "Chimney (cheminée)"),
     {"good": ("Stack upright, pointing sound",), "monitor": ("Minor erosion of the mortar joints",),
      "repair": ("Cracked flaunching, repointing needed",), "urgent": ("Stack leaning, risk of collapse",)}),
    (("Gutters and downspouts", "Rainwater goods", "Gutters (Dachrinnen)", "Gutters (gouttières)"),
     {"good": ("Clear and discharging properly",), "monitor": ("Leaves blocking the front gutter",),
      "repair": ("Leaking joint at the rear downpipe", "Gutter bracket broken, gutter sagging")}),
    (("Exterior walls", "Main walls", "Facade (Fassade)", "Exterior walls (façades)"),
     {"good": ("Brickwork in good order",), "monitor": ("Hairline cracks to the render",),
      "repair": ("Spalling bricks near ground level",), "urgent": ("Structural crack above the bay window",)}),
    (("Windows", "Windows", "Windows (Fenster)", "Windows (menuiseries)"),
     {"good": ("Double glazed, operating well",), "monitor": ("Some sealed units misted",),
      "repair": ("Rotten timber sills",), "urgent": ("No escape window in the loft room",)}),
    (("Foundation", "Damp-proof course", "Basement (Keller)", "Foundations (fondations)"),
     {"good": ("No signs of movement",), "monitor": ("Efflorescence on the basement walls",),
      "repair": ("Rising damp in the rear wall",), "urgent": ("Significant settlement cracking",)}),
    (("Electrical", "Electricity", "Electrics (Elektrik)", "Electrical installation (électricité)"),
     {"good": ("Modern panel with RCD protection",), "monitor": ("No test certificate available",),
      "repair": ("Old fuse box without RCD protection",), "urgent": ("Exposed live wiring in the attic",)}),
    (("Plumbing", "Water", "Plumbing (Sanitär)", "Plumbing (plomberie)"),
     {"good": ("Copper supply pipes, no leaks seen",), "monitor": ("Low water pressure upstairs",),
      "repair": ("Leaking trap under the kitchen sink",), "urgent": ("Lead supply pipe still in use",)}),
    (("Heating", "Heating", "Heating (Heizung)", "Heating (chauffage)"),
     {"good": ("Boiler serviced last year, working",), "monitor": ("Boiler over 15 years old",),
      "repair": ("Radiator valves seized",), "urgent": ("Boiler flue not sealed (carbon monoxide risk)",)}),
    (("Attic", "Roof space", "Loft (Dachboden)", "Loft (combles)"),
     {"good": ("Insulation 270 mm, well ventilated",), "monitor": ("Insulation thin in places",),
      "repair": ("Insulation missing over the bathroom",), "urgent": ("Rodent activity, chewed cables",)}),
    (("Interior walls and ceilings", "Ceilings", "Interior walls (Innenwände)", "Interior walls (murs intérieurs)"),
     {"good": ("Plaster in good order",), "monitor": ("Minor settlement cracks",),
      "repair": ("Damp staining to the bedroom ceiling",), "urgent": ("Ceiling bowing in the hallway",)}),
    (("Smoke alarms", "Fire safety", "Smoke alarms (Rauchmelder)", "Smoke alarms (détecteurs de fumée)"),
     {"good": ("Interlinked alarms on every floor",), "repair": ("Alarm missing on the landing",),
      "urgent": ("No smoke or carbon monoxide alarms",)}),
    (("Drainage", "Drainage", "Drainage (Entwässerung)", "Drainage (assainissement)"),
     {"good": ("Inspection chamber clear",), "monitor": ("Slow-draining gully",),
      "repair": ("Cracked inspection chamber cover",)}),
    (("Garage", "Garage", "Garage", "Garage"),
     {"good": ("Door operates correctly",), "repair": ("Garage door spring broken",)}),
]
NO_ACCESS = ("No access at the time of inspection", "Hatch painted shut", "Covered by stored goods",
             "Locked, no key available", "Too high to reach safely")
GB_CODES = ("D2", "D1", "D3", "D4", "D5", "E7", "F1", "F4", "F5", "E1", "E2", "F6", "F7", "D9")
COND_WORDS = {
    "en_US": [{"good": "Satisfactory", "monitor": "Maintenance", "repair": "Repair/Replace", "urgent": "Safety hazard",
               "not_inspected": "Not inspected"},
              {"good": "Acceptable", "monitor": "Monitor", "repair": "Repair", "urgent": "Major defect",
               "not_inspected": "Not inspected"}],
    "en_GB": [{"good": "CR1", "repair": "CR2", "urgent": "CR3", "not_inspected": "NI", "monitor": "CR1"},
              {"good": "Condition rating 1", "repair": "Condition rating 2", "urgent": "Condition rating 3",
               "not_inspected": "Not inspected", "monitor": "Condition rating 1"}],
    "de_DE": [{"good": "no defect (ohne Mangel)", "monitor": "minor defect (geringer Mangel)",
               "repair": "defect (Mangel)", "urgent": "serious defect (erheblicher Mangel)",
               "not_inspected": "not inspected (nicht geprüft)"}],
    "fr_FR": [{"good": "good condition (bon état)", "monitor": "to monitor (à surveiller)",
               "repair": "to repair (à réparer)", "urgent": "dangerous (urgent)",
               "not_inspected": "not checked (non vérifié)"}],
}
GB_LEGEND = ("Condition ratings: 1 = no repair currently needed, 2 = repairs needed but not serious or urgent, 3 = "
             "serious defects to be repaired or investigated urgently, NI = not inspected.")
PROPERTY_TYPES = {
    "detached_house": {"en_US": "Single-family home, detached", "en_GB": "Detached house",
                       "de_DE": "Detached house (Einfamilienhaus)", "fr_FR": "Detached house (maison individuelle)"},
    "semi_detached_house": {"en_US": "Twin home (semi-detached)", "en_GB": "Semi-detached house",
                            "de_DE": "Semi-detached house (Doppelhaushälfte)",
                            "fr_FR": "Semi-detached house (maison mitoyenne)"},
    "terraced_house": {"en_US": "Townhouse, interior unit", "en_GB": "Mid-terrace house",
                       "de_DE": "Terraced house (Reihenhaus)", "fr_FR": "Terraced house (maison de ville)"},
    "apartment": {"en_US": "Condominium unit", "en_GB": "Purpose-built flat", "de_DE": "Apartment (Eigentumswohnung)",
                  "fr_FR": "Apartment (appartement)"},
    "bungalow": {"en_US": "Single-story ranch home", "en_GB": "Detached bungalow", "de_DE": "Bungalow",
                 "fr_FR": "Single-storey house (plain-pied)"},
}
HOUSE_CONDITION = {1: "poor", 2: "below average", 3: "average", 4: "good", 5: "excellent"}
SPECIALISTS = {"en_US": ["Licensed electrician", "Roofing contractor", "Structural engineer", "HVAC technician",
                         "Licensed plumber", "Pest control operator", "Sewer scope contractor"],
               "en_GB": ["Structural engineer", "Gas Safe registered engineer", "Registered electrician", "Roofer",
                         "Damp and timber specialist", "Drainage CCTV survey"],
               "de_DE": ["Structural engineer (Statiker)", "Electrician (Elektrofachbetrieb)", "Roofer (Dachdecker)",
                         "Heating engineer", "Moisture specialist"],
               "fr_FR": ["Structural engineer (bureau d'études)", "Electrician", "Roofer (couvreur)", "Plumber",
                         "Termite inspection"]}
INSPECTION_FIRMS = {"en_US": ("{last} Home Inspections", "{city} Property Inspectors LLC", "Pillar to Post {city}"),
                    "en_GB": ("{last} Chartered Surveyors", "{city} Surveying Ltd", "{last} & Partners Surveyors"),
                    "de_DE": ("Sachverständigenbüro {last}", "Bausachverständige {city}", "Ingenieurbüro {last}"),
                    "fr_FR": ("Cabinet {last} Expertise", "{city} Inspection Habitat", "{last} Diagnostics")}
INSPECTION_TITLES = {"en_US": ("HOME INSPECTION REPORT", "Residential inspection report"),
                     "en_GB": ("RICS HOME SURVEY - LEVEL 2", "Home survey report", "Building survey"),
                     "de_DE": ("BUILDING CONDITION REPORT (Bauzustandsbericht)", "Gebäudegutachten (building survey)"),
                     "fr_FR": ("HOME INSPECTION REPORT (rapport d'inspection)", "Rapport d'expertise bâtiment")}
FEES = {"en_US": (325, 650), "en_GB": (450, 950), "de_DE": (480, 1200), "fr_FR": (350, 900)}
COSTS = {"monitor": (80, 600), "repair": (150, 4500), "urgent": (900, 18000)}
INSPECTION_FIELDS = [
    F.text("inspector", "Inspector", ("Inspector or surveyor who inspected the property (not the client, the seller "
                                      "or an agent).", "Name of the inspector."), "surveyor", "inspected_by"),
    F.text("inspector_licence", "Licence number", "The inspector's own licence, membership or certification number, "
           "if shown (not the report number or a company registration).", "license_number", "membership_number",
           optional=True, keep=0.5),
    F.text("client", "Client", ("Client the report was prepared for (not the seller or an estate agent).",
                                "Name of the client."), "client_name", "prepared_for"),
    F.text("property_address", "Property address", "Address of the inspected property.", "address",
           "inspection_address", keep=0.6),
    F.text("report_number", "Report number", "Number of the report (not a licence or order number).", "report_no",
           "reference", keep=0.6),
    F.date("inspection_date", "Inspection date", ("Date of the inspection visit (not the report date or an earlier "
                                                  "survey).", "Date the property was inspected."),
           "date_of_inspection", "visit_date"),
    F.date("report_date", "Report date", "Date the report was written or issued, if stated.", "issued_on",
           "date_of_report", optional=True, keep=0.5),
    F.choice("property_type", "Property type", "Kind of property.", list(PROPERTY_TYPES), "type", "dwelling_type",
             keep=0.7),
    F.integer("year_built", "Year built", "Year the property was built; null when only a period is given (not the "
              "year of an extension, a new roof or boiler).", "construction_year", "built", optional=True, keep=0.6),
    F.integer("floor_area", "Floor area", "Living or gross internal floor area as written, in m² or sq ft (not the "
              "plot or lot size).", "living_area", "gross_internal_area", keep=0.6),
    F.integer("bedrooms", "Bedrooms", "Number of bedrooms (not bathrooms or reception rooms).", "bedroom_count",
              "beds", keep=0.5),
    F.score("overall_condition", "Overall condition", "Inspector's overall rating of the property's condition.",
            HOUSE_CONDITION, "condition", "overall_rating", keep=0.7),
    F.flag("occupied", "Occupied", "Whether the property was occupied or furnished at the time of inspection.",
           "furnished_at_inspection", "occupied_at_inspection", keep=0.6),
    F.flag("roof_accessed", "Roof accessed", "Whether the roof covering was accessed (walked or reached by ladder) "
           "rather than seen from the ground only.", "roof_walked", "roof_inspected_closely", keep=0.6),
    F.items("findings", "Findings", ("Each element inspected, in order, with its condition.", "Inspection findings."), [
        F.text("area", "Area", "Element or area inspected, as written.", "element", "component"),
        F.text("observation", "Observation", "What the inspector observed, as written.", "comment", "notes",
               keep=0.7),
        F.choice("condition", "Condition", "Condition or rating of the element.",
                 ["good", "monitor", "repair", "urgent", "not_inspected"], "rating", "status"),
        F.number("estimated_cost", "Estimated cost", "Estimated cost of the repair; null when none is given.", "cost",
                 "repair_cost", optional=True, keep=0.6),
    ], "items", "elements"),
    F.number("repair_estimate_total", "Total repair estimate", "Sum of the estimated repair costs, if stated (not one "
             "item or the inspection fee).", "total_estimate", "estimated_repairs", optional=True, keep=0.5),
    F.number("inspection_fee", "Inspection fee", "Fee charged for the inspection, if stated (not a repair cost).",
             "fee", "survey_fee", optional=True, keep=0.4),
    F.strings("specialists", "Specialists recommended", "Specialists the inspector recommends calling in; empty when "
              "none.", "referrals", "further_investigations", keep=0.6),
    F.text("inspector_email", "Inspector e-mail", "The inspector's e-mail address, if shown (not the office's).",
           "email", "contact_email", format="email", optional=True, keep=0.4),
    F.generate("summary", "Summary", "One sentence on the overall condition and the most serious finding.", 48,
               "overview", keep=0.3),
]


def home_inspection_report(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us, gb = loc == "en_US", loc == "en_GB"
    col = {"en_US": 0, "en_GB": 1, "de_DE": 2, "fr_FR": 3}[loc]
    ptype = rng.choice(list(PROPERTY_TYPES))
    flat = ptype == "apartment"
    outside = ("Roof", "Chimney", "Garage", "Foundation", "Drainage", "Attic", "Gutters and downspouts")
    pool = [i for i, (labels, _) in enumerate(INSPECTED) if not (flat and labels[0] in outside)]
    picked = sorted(rng.sample(pool, rng.randint(3, min(8, len(pool)))))
    quality = rng.choice([1, 2, 2, 3, 3, 3, 4, 4])     # how well kept: 1 neglected .. 4 well kept
    weights = {1: {"good": 2, "monitor": 2, "repair": 4, "urgent": 3},
               2: {"good": 4, "monitor": 3, "repair": 3, "urgent": 1},
               3: {"good": 6, "monitor": 3, "repair": 2, "urgent": 0.4},
               4: {"good": 9, "monitor": 2, "repair": 1, "urgent": 0.1}}[quality]
    findings, seen_obs = [], set()
    no_access = list(NO_ACCESS)
    rng.shuffle(no_access)
    for i in picked:
        labels, by_cond = INSPECTED[i]
        if kit.chance(0.08) and no_access:
            cond, obs = "not_inspected", no_access.pop()
        else:
            conds = [c for c in by_cond if not (gb and c == "monitor")]
            cond = rng.choices(conds, [weights[c] for c in conds])[0]
            obs = rng.choice(by_cond[cond])
        if obs in seen_obs:
            continue
        seen_obs.add(obs)
        cost = None
        if cond in COSTS and kit.chance(0.75 if cond != "monitor" else 0.3):
            lo, hi = COSTS[cond]
            cost = float(round(rng.uniform(lo, hi) * (1.2 if us else 1.0) / 10) * 10)
        findings.append({"area": labels[col], "observation": obs, "condition": cond, "estimated_cost": cost})
    n_bad = sum(f["condition"] in ("repair", "urgent") for f in findings)
    n_urgent = sum(f["condition"] == "urgent" for f in findings)
    overall = max(1, min(5, quality + 1 - n_urgent - (n_bad > 3)))
    costs = [f["estimated_cost"] for f in findings if f["estimated_cost"] is not None]
    total = round(sum(costs), 2) if costs and kit.chance(0.8) else None
    fee = float(rng.randint(*FEES[loc]))
    day = kit.day()
    report_day = day + dt.timedelta(days=rng.randint(0, 6))
    year = rng.randint(1890, 2011)
    period = kit.chance(0.2)
    period_text = "pre-1900" if year < 1900 else f"about {year // 10 * 10}s" if kit.chance(0.5) else \
        f"{year // 10 * 10}s"
    roof_year = rng.randint(max(year + 10, 1990), day.year - 1)
    extension = rng.randint(year + 5, day.year - 2) if kit.chance(0.3) and year + 5 < day.year - 2 else None
    area_m2 = rng.randint(45, 110) if flat else rng.randint(70, 260)
    sq_ft = us and kit.chance(0.85)
    area = int(round(area_m2 * 10.764)) if sq_ft else area_m2
    unit = "sq ft" if sq_ft else "m²"
    plot = int(round(area_m2 * rng.uniform(2.5, 8) * (10.764 if sq_ft else 1) / 10) * 10)
    beds = max(1, min(5, area_m2 // 35 + rng.choice([-1, 0, 0, 1])))
    baths = rng.choice([1, 1, 2]) if beds < 4 else rng.choice([2, 2, 3])
    inspector, client, seller, agent_name, reviewer = plain_names(kit, 5)
    firm = firm_name(kit, INSPECTION_FIRMS)
    licence = {"en_US": rng.choice([f"HI-{rng.randint(1000, 99999)}", f"TREC #{rng.randint(10000, 29999)}",
                                    f"24GI{rng.randint(10**5, 10**6 - 1)}00"]),
               "en_GB": f"RICS {rng.randint(10**6, 10**7 - 1)}",
               "de_DE": f"IHK-{rng.randint(100, 999)}-{rng.randint(10, 99)}",
               "fr_FR": f"CPDI{rng.randint(1000, 9999)}"}[loc]
    licence_label = {"en_US": "License", "en_GB": "RICS membership no.", "de_DE": "Sworn expert no. (IHK)",
                     "fr_FR": "Certification no."}[loc]
    report_no = {"en_US": f"{day.strftime('%y%m%d')}-{rng.randint(1, 99):02d}{_slug(client.split()[-1])[:4].upper()}",
                 "en_GB": f"HS2-{rng.randint(10000, 99999)}", "de_DE": f"GA-{day.year}-{rng.randint(100, 999)}",
                 "fr_FR": f"RI-{day.year}-{rng.randint(1000, 9999)}"}[loc]
    order_no = f"ORD-{rng.randint(10000, 99999)}"
    address = address_line(kit)
    email = f"{_slug(inspector.split()[0])}@{_slug(firm)}.{TLD[loc]}"
    office_mail = f"{rng.choice(['office', 'bookings', 'info'])}@{_slug(firm)}.{TLD[loc]}"
    occupied = kit.chance(0.5)
    roof_ok = not flat and kit.chance(0.6)
    specialists = []
    if n_bad:
        specialists = rng.sample(SPECIALISTS[loc], min(len(SPECIALISTS[loc]), rng.choice([0, 1, 1, 2, 3])))
    worst = max(findings, key=lambda f: ("good", "not_inspected", "monitor", "repair", "urgent").index(f["condition"]))
    type_text = PROPERTY_TYPES[ptype][loc]
    noun = "flat" if flat and gb else "apartment" if flat else "property"
    facts = {"inspector": inspector, "inspector_licence": kit.maybe(licence, 0.75), "client": client,
             "property_address": address, "report_number": report_no, "inspection_date": day.isoformat(),
             "report_date": kit.maybe(report_day.isoformat(), 0.6), "property_type": ptype,
             "year_built": None if period else year, "floor_area": area, "bedrooms": beds,
             "overall_condition": overall, "occupied": occupied, "roof_accessed": roof_ok, "findings": findings,
             "repair_estimate_total": total, "inspection_fee": kit.maybe(fee, 0.5), "specialists": specialists,
             "inspector_email": kit.maybe(email, 0.5),
             "summary": (f"The {noun} is in {HOUSE_CONDITION[overall]} condition overall ({overall} of 5); the most "
                         f"serious finding is {lower_first(worst['area'])}: {lower_first(worst['observation'])}.")}
    words = rng.choice(COND_WORDS[loc])
    cond_text = [words[f["condition"]] for f in findings]
    evidence = {("findings", i, "condition"): t for i, t in enumerate(cond_text)}
    occupied_text = says(rng, occupied, ("The property was occupied and furnished at the time of inspection.",
                                         "Occupancy: occupied, furnished"),
                         ("The property was vacant and unfurnished.", "Occupancy: vacant",
                          "The property was not occupied at the time of inspection."))
    roof_text = ("Roof: not applicable (flat in a block; roof not accessed)" if flat else
                 says(rng, roof_ok, ("The roof covering was walked and inspected at close range.",
                                     "Roof access: yes (ladder to the eaves)"),
                      ("The roof was viewed from the ground only (not accessed).",
                       "Roof access: not possible (too steep)",
                       "The roof was not accessed; binoculars were used from the street.")))
    _, score_text = rating(rng, overall, 5, rng.choice(["slash", "out_of", "of", "stars", "rated"]))
    overall_text = rng.choice([f"Overall condition: {score_text} ({HOUSE_CONDITION[overall]})",
                               f"Overall rating of the property: {score_text}"])
    evidence.update({("property_type",): f"Property type: {type_text}", ("occupied",): occupied_text,
                     ("roof_accessed",): roof_text, ("overall_condition",): overall_text})
    weather = rng.choice(["dry and sunny", "overcast", "light rain", "heavy rain", "cold and dry",
                          "snow on the ground"])
    unknown = rng.choice(["-", "n/a", "not estimated"])

    def cost_cell(i: int) -> L.Cell:
        c = findings[i]["estimated_cost"]
        return kit.money_cell(("findings", i, "estimated_cost"), c) if c is not None else L.cell(unknown)

    def year_cell() -> L.Cell:
        return L.cell(period_text) if period else kit.count_cell(("year_built",), year)

    def area_cell() -> L.Cell:
        return L.join(kit.count_cell(("floor_area",), area), L.cell(f" {unit}"))

    def description_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Year built", year_cell())] + [("Roof replaced", L.cell(str(roof_year)))] * (not flat)
        if extension:
            rows.append(("Extension added", L.cell(str(extension))))
        rows.append(("Floor area", area_cell()))
        if not flat:
            rows.append(("Lot size" if us else "Plot", L.cell(f"{kit.style.integer(plot)} {unit}")))
        rows += [("Bedrooms", kit.count_cell(("bedrooms",), beds)), ("Bathrooms", L.cell(str(baths)))]
        return rows

    def finding_table() -> None:
        L.table(doc, rng, [rng.choice(["Area", "Element", "Item"]), "Observation", "Rating",
                           rng.choice(["Est. cost", "Estimate", "Cost"])], [
            [L.cell(f["area"], ("findings", i, "area")), L.cell(f["observation"], ("findings", i, "observation")),
             L.cell(cond_text[i]), cost_cell(i)] for i, f in enumerate(findings)])

    def finding_lines(style: str) -> None:
        codes = rng.sample(GB_CODES, len(findings))
        for i, f in enumerate(findings):
            at = ("findings", i)
            if style == "coded":        # "D2 Roof coverings .......... CR2"
                doc.add(f"{codes[i]} " if gb else f"{i + 1}. ").put(at + ("area",), f["area"])
                doc.line(f" {'.' * max(3, 34 - len(f['area']))} {cond_text[i]}")
                doc.add("   ").put(at + ("observation",), f["observation"])
                if f["estimated_cost"] is not None:
                    kit.money(doc.add(". Estimated cost: "), at + ("estimated_cost",), f["estimated_cost"])
                doc.line(".")
            else:                       # "- Roof — Repair: Several slipped and missing tiles; estimate $1,200.00"
                doc.add("- ").put(at + ("area",), f["area"]).add(f" \u2014 {cond_text[i]}: ")
                doc.put(at + ("observation",), f["observation"])
                if f["estimated_cost"] is not None:
                    kit.money(doc.add("; estimate "), at + ("estimated_cost",), f["estimated_cost"])
                doc.line()

    def finding_cards() -> None:
        kv_layout = rng.choice(["colon", "bold", "aligned", "dots"])
        for i, f in enumerate(findings):
            at = ("findings", i)
            doc.add("## ").put(at + ("area",), f["area"]).line()
            rows = [("Condition", L.cell(cond_text[i])),
                    ("Observation", L.cell(f["observation"], at + ("observation",)))]
            if f["estimated_cost"] is not None or kit.chance(0.5):
                rows.append(("Estimated cost", cost_cell(i)))
            L.labelled(doc, rng, rows, kv_layout)
            doc.line()

    def money_lines() -> None:
        if total is not None:
            kit.money(doc.add(rng.choice(["Total estimated repairs: ", "Repair estimate (total): "])),
                      ("repair_estimate_total",), total).line()
        if facts["inspection_fee"] is not None:
            kit.money(doc.add(rng.choice(["Inspection fee: ", "Fee for this report: "])), ("inspection_fee",),
                      fee).line(" (paid)" if kit.chance(0.5) else "")

    def closing() -> None:
        doc.line(overall_text)
        strings(kit, doc, "specialists", specialists,
                rng.choice(["Recommended specialists", "Further investigation by", "Refer to"]),
                rng.choice(["No further investigation recommended.", "Specialists recommended: none"]))
        money_lines()
        if gb:
            doc.line(GB_LEGEND) if kit.chance(0.6) else None

    def inspector_cell() -> L.Cell:
        return L.cell(inspector, ("inspector",))

    def licence_cell() -> L.Cell:
        return L.cell(licence, ("inspector_licence",)) if facts["inspector_licence"] else L.cell("-")

    layout = rng.choice(["report", "survey", "email", "cards"])
    if layout == "report":      # the inspector's report with a head block and a summary table
        doc.line(rng.choice(INSPECTION_TITLES[loc])).line(firm).line()
        rows = [("Report no.", L.cell(report_no, ("report_number",))), ("Order no.", L.cell(order_no)),
                ("Client", L.cell(client, ("client",))), ("Seller", L.cell(seller)),
                ("Property", L.cell(address, ("property_address",))),
                ("Inspection date", kit.date_cell(("inspection_date",), day))]
        if facts["report_date"]:
            rows.append(("Report date", kit.date_cell(("report_date",), report_day)))
        rows += [("Inspector", inspector_cell()), (licence_label, licence_cell())]
        if facts["inspector_email"]:
            rows.append(("E-mail", L.cell(email, ("inspector_email",))))
        L.kv(doc, rng, rows)
        doc.line().line(f"Property type: {type_text}")
        L.kv(doc, rng, description_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line(f"Weather: {weather}").line(occupied_text).line(roof_text).line()
        kit.pad(doc)
        doc.line(rng.choice(["SUMMARY OF FINDINGS", "Findings", "Summary"]))
        finding_table()
        doc.line()
        closing()
        doc.line(f"Buyer's agent: {agent_name}" if us else f"Report checked by {reviewer}.")
    elif layout == "survey":    # a survey in numbered sections, element by element
        doc.line(rng.choice(INSPECTION_TITLES[loc])).line()
        doc.line("A. About the inspection")
        L.fill(doc, ("Inspector" if us else "Surveyor") + ": {insp}", insp=(("inspector",), inspector))
        if facts["inspector_licence"]:
            doc.add(f" ({licence_label} ").put(("inspector_licence",), licence).add(")")
        doc.line(f", {firm}")
        doc.add("Client: ").put(("client",), client).line()
        doc.add("Property: ").put(("property_address",), address).line()
        kit.date(doc.add("Date of inspection: "), ("inspection_date",), day).line()
        if facts["report_date"]:
            kit.date(doc.add("Date of report: "), ("report_date",), report_day).line()
        doc.add("Reference: ").put(("report_number",), report_no).line()
        doc.line(f"Weather: {weather}. {occupied_text}").line()
        doc.line("B. The property").line(f"Property type: {type_text}")
        for label, c in description_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line().line("C. Overall opinion").line(overall_text).line()
        kit.pad(doc)
        doc.line("D. Elements").line(roof_text)
        finding_lines("coded")
        doc.line().line("E. Further advice")
        strings(kit, doc, "specialists", specialists, rng.choice(["Recommended specialists", "Further investigation "
                                                                  "by"]),
                rng.choice(["No further investigation recommended.", "Specialists recommended: none"]))
        money_lines()
        if gb and kit.chance(0.7):
            doc.line(GB_LEGEND)
        if facts["inspector_email"]:
            doc.add("Questions: ").put(("inspector_email",), email).line()
    elif layout == "email":     # the inspector's e-mail summary to the client
        doc.add("From: ").put(("inspector",), inspector)
        doc.add(" <").put(("inspector_email",), email).line(">") if facts["inspector_email"] else \
            doc.line(f" <{office_mail}>")
        doc.add("To: ").put(("client",), client).line()
        doc.add("Subject: Inspection of ").put(("property_address",), address).line().line()
        doc.line(f"Dear {client.split()[0]},").line()
        kit.date(doc.add("Thank you for booking us. I inspected the property on "), ("inspection_date",), day)
        doc.add("; the full report (no. ").put(("report_number",), report_no).add(")")
        if facts["report_date"]:
            kit.date(doc.add(" is dated "), ("report_date",), report_day).line(" and attached.")
        else:
            doc.line(" is attached.")
        doc.line(f"Property type: {type_text}")
        L.write(doc.add("It was built in "), year_cell()).add(" and has ")
        L.write(doc, area_cell()).add(" of living space, with ")
        kit.count(doc, ("bedrooms",), beds).line(f" bedrooms and {baths} bathroom{'s' * (baths > 1)}.")
        doc.line(occupied_text).line(roof_text).line()
        kit.pad(doc)
        doc.line(rng.choice(["The main points:", "What I found, element by element:"]))
        finding_lines("bullets")
        doc.line()
        closing()
        if facts["inspector_licence"]:
            doc.line().add(f"{inspector}, {licence_label} ").put(("inspector_licence",), licence).line()
        else:
            doc.line().line(inspector)
        doc.line(firm)
        if us:
            doc.line(f"cc: {agent_name} (buyer's agent)")
    else:                       # an inspection app's export, one card per element
        doc.add("# ").line(rng.choice(INSPECTION_TITLES[loc]))
        rows = [("Report", L.cell(report_no, ("report_number",))), ("Client", L.cell(client, ("client",))),
                ("Address", L.cell(address, ("property_address",))),
                ("Inspected", kit.date_cell(("inspection_date",), day))]
        if facts["report_date"]:
            rows.append(("Published", kit.date_cell(("report_date",), report_day)))
        rows += [("Inspector", inspector_cell()), (licence_label, licence_cell())]
        if facts["inspector_email"]:
            rows.append(("Contact", L.cell(email, ("inspector_email",))))
        rows += [("Listing agent", L.cell(agent_name))] if us else [("Vendor", L.cell(seller))]
        L.labelled(doc, rng, rows, rng.choice(["bold", "pipe", "colon"]))
        doc.line().line(f"Property type: {type_text}")
        L.labelled(doc, rng, description_rows(), rng.choice(["bold", "colon"]))
        doc.line(occupied_text).line(roof_text).line(f"Weather: {weather}").line()
        kit.pad(doc)
        finding_cards()
        closing()
    kit.pad(doc)
    return Draft(("Home inspection report", "Property survey report", "Home inspection"), INSPECTION_FIELDS, facts, doc,
                 evidence)


# ---- removal company quote ---------------------------------------------------------------------

MOVERS = {"en_US": ("{last} Moving & Storage", "{city} Van Lines", "{last} Movers LLC"),
          "en_GB": ("{last} Removals Ltd", "{city} Removals & Storage", "{last} & Sons Removals"),
          "de_DE": ("Umzüge {last} GmbH", "{last} Umzugsservice", "Möbelspedition {last}"),
          "fr_FR": ("Déménagements {last}", "{city} Déménagement SARL", "Transports {last}")}
ESTIMATE_TYPES = {
    "binding": {"en_US": ("Type of estimate: Binding", "This is a binding estimate: the price will not change."),
                "en_GB": ("Fixed price quotation", "The price quoted is fixed for the volume surveyed."),
                "de_DE": ("Fixed price (Festpreis)", "Price type: fixed price (Festpreisangebot)"),
                "fr_FR": ("Fixed-price quote (devis forfaitaire)", "Price type: fixed price (forfait)")},
    "not_to_exceed": {"en_US": ("Type of estimate: Binding not-to-exceed",
                                "This estimate is binding not-to-exceed: you pay less if the shipment weighs less."),
                      "en_GB": ("Capped price: the final charge will not exceed this quotation",),
                      "de_DE": ("Price cap (Höchstpreis): the final price will not exceed this offer",),
                      "fr_FR": ("Capped price (prix plafond): the final price will not exceed this quote",)},
    "non_binding": {"en_US": ("Type of estimate: Non-binding",
                              "Non-binding estimate: the final charge is based on the actual weight."),
                    "en_GB": ("Estimate only - the final price depends on the volume moved",),
                    "de_DE": ("Non-binding estimate (unverbindlicher Kostenvoranschlag)",),
                    "fr_FR": ("Estimate only (estimation indicative): the final price depends on the volume",)},
    "hourly": {"en_US": ("Hourly rate move: you pay for the time the crew works",),
               "en_GB": ("Charged by the hour (hourly rate removal)",),
               "de_DE": ("Billed by the hour (Abrechnung nach Stunden)",),
               "fr_FR": ("Billed by the hour (tarif horaire)",)}}
TYPE_SHARES = {"en_US": ["binding"] * 3 + ["not_to_exceed"] * 3 + ["non_binding"] * 2 + ["hourly"] * 2,
               "en_GB": ["binding"] * 6 + ["hourly"] * 2 + ["non_binding", "not_to_exceed"],
               "de_DE": ["binding"] * 6 + ["non_binding"] * 2 + ["hourly", "not_to_exceed"],
               "fr_FR": ["binding"] * 7 + ["non_binding", "hourly", "not_to_exceed"]}
MOVE_SERVICES = {   # locale: (transport, packing, materials, dismantling, parking, storage, insurance, lift)
    "en_US": ("Loading, transportation and unloading", "Packing service", "Packing materials",
              "Furniture disassembly and reassembly", "Long carry charge", "Storage-in-transit (30 days)",
              "Full value protection", "Stair carry"),
    "en_GB": ("Removal (loading, transport, unloading)", "Packing service", "Packing materials",
              "Dismantling and reassembly", "Parking suspension", "Storage (4 weeks)", "Goods in transit cover",
              "Shuttle van"),
    "de_DE": ("Loading and transport (Be- und Entladung)", "Packing service (Einpackservice)",
              "Moving boxes (Umzugskartons)", "Furniture assembly (Möbelmontage)",
              "Parking ban zone (Halteverbotszone)",
              "Storage (Einlagerung), 4 weeks", "Additional transport insurance", "Furniture lift (Möbellift)"),
    "fr_FR": ("Transport and handling (transport et manutention)", "Packing (emballage)", "Boxes (cartons)",
              "Disassembly and reassembly (démontage/remontage)", "Parking permit (autorisation de stationnement)",
              "Storage (garde-meubles), 1 month", "Ad valorem insurance (assurance ad valorem)",
              "Furniture lift (monte-meubles)")}
SPECIAL_ITEMS = ["Upright piano", "Grand piano", "Aquarium", "Gun safe", "Treadmill", "Antique wardrobe",
                 "American fridge-freezer", "Pool table", "Motorbike", "Grandfather clock", "Marble table top"]
MOVE_FIELDS = [
    F.text("customer", "Customer", ("Customer the quote is for (not the estimator or the company's contact).",
                                    "Name of the customer."), "customer_name", "client"),
    F.text("company", "Removal company", "Company that issued the quote.", "mover", "removal_firm", keep=0.7),
    F.text("quote_number", "Quote number", "Number of the quote or estimate (not the survey reference, a licence or "
           "USDOT number).", "estimate_number", "reference", keep=0.7),
    F.date("quote_date", "Quote date", ("Date of the quote (not the survey, the move or the expiry date).",
                                        "Date the quote was issued."), "date", "estimate_date"),
    F.date("move_date", "Move date", "Planned moving (loading) day; null when the date is still to be confirmed (not "
           "the packing day).", "moving_date", "removal_date", optional=True, keep=0.8),
    F.date("valid_until", "Valid until", "Last day the quote holds, if stated.", "expiry_date", "quote_valid_until",
           optional=True, keep=0.4),
    F.text("origin_address", "Moving from", "Address the goods are collected from.", "from_address",
           "collection_address", keep=0.6),
    F.text("destination_address", "Moving to", "Address the goods are delivered to.", "to_address", "delivery_address",
           keep=0.6),
    F.integer("distance", "Distance", "Distance of the move as written, in miles or km, if stated.", "distance_km",
              "mileage", optional=True, keep=0.5),
    F.number("volume", "Volume", ("Volume of goods as written, in m³ or cubic feet (not the weight or a room's "
                                  "volume).", "Estimated volume of the move."), "volume_m3", "cubic_volume", keep=0.7),
    F.integer("crew_size", "Crew size", "Number of movers in the crew (not vehicles or hours).", "movers", "crew",
              keep=0.6),
    F.choice("estimate_type", "Estimate type", "How the price is set.", list(ESTIMATE_TYPES), "price_type",
             "pricing", keep=0.7, option_descriptions=("a fixed, binding price",
                                                       "binding not-to-exceed: a capped price",
                                                       "a non-binding estimate, final price on actual weight or volume",
                                                       "charged by the hour")),
    F.items("line_items", "Line items", ("Each priced service of the quote, in order.", "Services quoted."), [
        F.text("service", "Service", "What the line is for, as written.", "description", "item"),
        F.number("price", "Price", "Price of the line; null when it is included at no separate charge.", "amount",
                 "line_total", optional=True, keep=0.8),
    ], "services", "items", keep=0.8),
    F.number("total_price", "Total price", ("Total price of the move with any tax (not the subtotal, the deposit, the "
                                            "hourly rate or the insured value).", "Quoted total."), "total",
             "price_total", minimum=0),
    F.number("deposit", "Deposit", "Deposit to pay on booking, if stated.", "booking_deposit", "down_payment",
             optional=True, keep=0.5),
    F.flag("packing_included", "Packing included", "Whether the company packs the goods (a packing service is "
           "included).", "packing_service", "full_packing", keep=0.6),
    F.flag("insurance_included", "Insurance included", "Whether goods-in-transit or full-value cover is included in "
           "the price (not basic liability).", "full_value_cover", "insured", keep=0.6),
    F.strings("special_items", "Special items", "Heavy or special items listed for the move; empty when none.",
              "heavy_items", "items_requiring_care", keep=0.6),
    F.text("contact_email", "Contact e-mail", "The estimator's or contact's e-mail address, if shown (not the "
           "company's general address).", "email", "estimator_email", format="email", optional=True, keep=0.4),
]


def removal_company_quote(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us, gb, de, fr = (loc == x for x in ("en_US", "en_GB", "de_DE", "fr_FR"))
    etype = rng.choice(TYPE_SHARES[loc])
    feet = us or (gb and kit.chance(0.6))
    m3 = round(rng.uniform(12, 85), 1)
    volume = float(int(round(m3 * 35.31 / 10) * 10)) if feet else m3
    vol_unit = "cu ft" if feet else "m³"
    miles = us or gb
    km = rng.choice([rng.randint(5, 60), rng.randint(60, 900)])
    distance = int(round(km / 1.609)) if miles else km
    dist_unit = "miles" if miles else "km"
    crew = max(2, min(6, int(m3 // 15) + rng.choice([1, 2])))
    vans = max(1, crew // 2 - rng.choice([0, 1]))
    hours = rng.randint(4, 10)
    f = {"en_US": 1.3, "en_GB": 1.0, "de_DE": 1.1, "fr_FR": 1.15}[loc]
    svc = MOVE_SERVICES[loc]
    packing = kit.chance(0.5)
    insured = kit.chance(0.5)
    specials = rng.sample(SPECIAL_ITEMS, rng.choice([0, 0, 0, 1, 1, 2, 3]))
    rate = round(rng.choice([28, 32, 36, 40, 45]) * crew * f, 2)
    lines: list[tuple[str, float | None]] = []
    if etype == "hourly":
        lines.append((f"Crew of {crew} with {vans} van{'s' * (vans > 1)}", round(rate * hours, 2)))
        lines.append(("Travel time" if kit.chance(0.5) else "Mileage", round(distance * rng.uniform(0.8, 2.0) * f, 2)))
    else:
        lines.append((svc[0], round((m3 * rng.uniform(22, 40) + km * rng.uniform(1.1, 2.2)) * f, 2)))
    if packing:
        lines.append((svc[1], round(m3 * rng.uniform(6, 14) * f, 2)))
    if packing or kit.chance(0.5):
        lines.append((svc[2], None if kit.chance(0.3) else round(rng.uniform(40, 260) * f, 2)))
    if kit.chance(0.45):
        lines.append((svc[3], None if kit.chance(0.3) else round(rng.uniform(80, 400) * f, 2)))
    if kit.chance(0.4):
        lines.append((svc[4], round(rng.uniform(60, 220) * f, 2)))
    if kit.chance(0.2):
        lines.append((svc[5], round(rng.uniform(120, 600) * f, 2)))
    if kit.chance(0.2):
        lines.append((svc[7], round(rng.uniform(90, 450) * f, 2)))
    for item in specials:
        if item in ("Upright piano", "Grand piano", "Gun safe", "Pool table") and kit.chance(0.7):
            lines.append((f"{item} handling", round(rng.uniform(150, 650) * f, 2)))
    declared = float(rng.randrange(15000, 90000, 5000))
    if insured:
        lines.append((svc[6], None if kit.chance(0.4) else round(declared * rng.uniform(0.004, 0.012), 2)))
    items = [{"service": s, "price": p} for s, p in lines]
    subtotal = round(sum(p or 0 for _, p in lines), 2)
    fuel = round(subtotal * 0.06, 2) if us and etype != "hourly" and kit.chance(0.4) else 0.0
    if fuel:
        items.append({"service": "Fuel surcharge", "price": fuel})
        subtotal = round(subtotal + fuel, 2)
    vat_rate = {"en_US": 0, "en_GB": 20, "de_DE": 19, "fr_FR": 20}[loc]
    vat = round(subtotal * vat_rate / 100, 2)
    total = round(subtotal + vat, 2)
    deposit = round(total * rng.choice([0.1, 0.2, 0.25, 0.3]), 2) if kit.chance(0.5) else None
    survey = kit.day()
    quoted = survey + dt.timedelta(days=rng.randint(0, 5))
    valid = quoted + dt.timedelta(days=rng.choice([14, 30, 30, 60]))
    move = quoted + dt.timedelta(days=rng.randint(10, 80))
    tbc = kit.chance(0.2)
    customer, estimator, office = plain_names(kit, 3)
    company = firm_name(kit, MOVERS)
    host = f"{_slug(company)}.{TLD[loc]}"
    email = f"{_slug(estimator.split()[0])}.{_slug(estimator.split()[-1])}@{host}"
    origin, destination, company_address = _addresses(kit, 3)
    quote_no = {"en_US": f"EST-{rng.randint(10000, 99999)}", "en_GB": f"Q{quoted.year % 100}/{rng.randint(100, 9999)}",
                "de_DE": f"ANG-{quoted.year}-{rng.randint(100, 9999)}",
                "fr_FR": f"DEV{quoted.year}{rng.randint(1000, 9999)}"}[loc]
    survey_ref = f"SV-{rng.randint(1000, 9999)}"
    licence = {"en_US": f"USDOT {rng.randint(10**6, 4 * 10**6)} | MC-{rng.randint(100000, 999999)}",
               "en_GB": f"BAR member no. {rng.randint(1000, 9999)}", "de_DE": f"AMÖ member {rng.randint(100, 999)}",
               "fr_FR": f"Licence de transport n° {rng.randint(2010, 2024)}/{rng.randint(10, 99)}/"
                        f"{rng.randint(1000, 9999)}"}[loc]
    facts = {"customer": customer, "company": company, "quote_number": quote_no, "quote_date": quoted.isoformat(),
             "move_date": None if tbc else move.isoformat(), "valid_until": kit.maybe(valid.isoformat(), 0.6),
             "origin_address": origin, "destination_address": destination, "distance": kit.maybe(distance, 0.75),
             "volume": volume, "crew_size": crew, "estimate_type": etype, "line_items": items, "total_price": total,
             "deposit": deposit, "packing_included": packing, "insurance_included": insured,
             "special_items": specials, "contact_email": kit.maybe(email, 0.5)}
    type_text = rng.choice(ESTIMATE_TYPES[etype][loc])
    packing_yes = ("Packing: full packing service by our crew", "Our crew packs everything the day before the move.")
    packing_no = ("Packing: by the customer (boxes supplied)", "You pack; we supply boxes and move them.",
                  "Packing is not included in this quote.")
    if fr:
        packing_yes += ("Formula: standard (formule standard), we pack fragile items and dismantle furniture",)
        packing_no += ("Formula: economy (formule économique), you pack and we move",)
    packing_text = says(rng, packing, packing_yes, packing_no)
    basic = {"en_US": "Released value protection only (60 cents per pound per article)",
             "en_GB": "Basic liability only (£40 per item)", "de_DE": "Statutory liability only (620 € per m³)",
             "fr_FR": "Contractual liability only (garantie contractuelle)"}[loc]
    insured_text = says(rng, insured, (f"Insurance: included, cover up to {kit.style.decimal(declared, 0)} "
                                       f"{kit.style.currency}", "Goods in transit insurance is included in the price."),
                        (basic, "Insurance: not included (available on request)",
                         "No goods-in-transit insurance is included."))
    evidence = {("estimate_type",): type_text, ("packing_included",): packing_text,
                ("insurance_included",): insured_text}
    incl = rng.choice(["included", "incl.", "no charge", "free"])
    valid_text = kit.date_text(valid)
    floor_from, floor_to = rng.randint(0, 5), rng.randint(0, 5)
    lift_from, lift_to = kit.chance(0.5), kit.chance(0.5)

    def floor_text(n: int, lift: bool) -> str:
        where = "ground floor" if n == 0 else f"floor {n}"
        return f"{where}, {'lift' if lift else 'no lift'}" if n else where

    def volume_cell() -> L.Cell:
        return L.join(kit.count_cell(("volume",), int(volume)) if feet else kit.num_cell(("volume",), volume, 1),
                      L.cell(f" {vol_unit}"))

    def distance_cell() -> L.Cell:
        if facts["distance"] is None:
            return L.cell("local move" if km < 60 else "see route")
        return L.join(kit.count_cell(("distance",), distance), L.cell(f" {dist_unit}"))

    def crew_cell() -> L.Cell:
        return L.join(kit.count_cell(("crew_size",), crew), L.cell(f" movers, {vans} vehicle{'s' * (vans > 1)}"))

    def move_cell() -> L.Cell:
        if tbc:
            return L.cell(rng.choice(["to be confirmed", "TBC", "date not yet fixed"]))
        return kit.date_cell(("move_date",), move)

    def detail_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Moving from", L.cell(origin, ("origin_address",))), ("Access (from)", L.cell(floor_text(floor_from,
                                                                                                       lift_from))),
                ("Moving to", L.cell(destination, ("destination_address",))),
                ("Access (to)", L.cell(floor_text(floor_to, lift_to))), ("Distance", distance_cell()),
                ("Moving day", move_cell())]
        if packing and not tbc:
            rows.append(("Packing day", kit.date_cell(None, move - dt.timedelta(days=1))))
        rows += [("Volume", volume_cell())]
        if us:
            rows.append(("Estimated weight", L.cell(f"{kit.style.integer(int(volume * 7))} lbs")))
        rows.append(("Crew", crew_cell()))
        if etype == "hourly":
            rows.append(("Hourly rate", L.join(kit.money_cell(None, rate), L.cell(" per hour"))))
        return rows

    def item_table() -> None:
        L.table(doc, rng, [rng.choice(["Service", "Description"]), rng.choice(["Price", "Amount"])], [
            [L.cell(it["service"], ("line_items", i, "service")),
             kit.money_cell(("line_items", i, "price"), it["price"]) if it["price"] is not None else L.cell(incl)]
            for i, it in enumerate(items)])

    def item_lines(numbered: bool) -> None:
        for i, it in enumerate(items):      # "2. Packing service: £420.00"
            doc.add(f"{i + 1}. " if numbered else "- ").put(("line_items", i, "service"), it["service"])
            if it["price"] is None:
                doc.line(f" ({incl})")
            else:
                kit.money(doc.add(rng.choice([": ", " ... "])), ("line_items", i, "price"), it["price"]).line()

    def item_sentence() -> None:
        doc.add("The price covers ")
        for i, it in enumerate(items):
            doc.add("" if i == 0 else " and " if i == len(items) - 1 else ", ")
            it["service"] = lower_first(it["service"])      # the gold is the text as this sentence writes it
            doc.put(("line_items", i, "service"), it["service"])
            if it["price"] is None:
                doc.add(f" ({incl})")
            else:
                kit.money(doc.add(" ("), ("line_items", i, "price"), it["price"]).add(")")
        doc.line(".")

    def item_checks() -> None:
        offered = [s for s in svc if s not in {it["service"] for it in items}]
        for i, it in enumerate(items):      # "[x] Packing service .......... 340,00 €"
            doc.add("[x] ").put(("line_items", i, "service"), it["service"]).add(" ... ")
            if it["price"] is None:
                doc.line(incl)
            else:
                kit.money(doc, ("line_items", i, "price"), it["price"]).line()
        for s in rng.sample(offered, min(len(offered), rng.randint(0, 2))):
            kit.money(doc.add(f"[ ] {s} ... "), None, round(rng.uniform(60, 400) * f, 2)).line(" (not selected)")

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))] if vat_rate else []
        if vat_rate:
            rows.append((f"{'VAT' if gb else 'VAT (MwSt.)' if de else 'VAT (TVA)'} {vat_rate}%",
                         kit.money_cell(None, vat)))
        label = "Estimated total" if etype in ("non_binding", "hourly") else "Total"
        rows.append((rng.choice([label, f"{label} price", f"{label} incl. VAT" if vat_rate else label]),
                     kit.money_cell(("total_price",), total)))
        if deposit is not None:
            rows.append((rng.choice(["Deposit on booking", "Deposit required"]), kit.money_cell(("deposit",), deposit)))
        return rows

    def terms() -> None:
        doc.line(type_text).line(packing_text).line(insured_text)
        if insured:
            kit.money(doc.add("Declared value of goods: "), None, declared).line()
        strings(kit, doc, "special_items", specials, rng.choice(["Special items", "Heavy and special items",
                                                                "Items needing special care"]),
                rng.choice(["Special items: none", "No special or heavy items were noted."]))
        if facts["valid_until"]:
            doc.add("This quote is valid until ").put(("valid_until",), valid_text).line(".")
        else:
            doc.line("Prices are subject to availability on the day you book.")

    layout = rng.choice(["quote", "email", "letter", "online"])
    if layout == "quote":       # the formal quotation with a head block and an item table
        doc.put(("company",), company).line().line(company_address).line(licence)
        doc.line(f"E-mail: info@{host}").line()
        doc.line(rng.choice(["REMOVAL QUOTATION", "MOVING ESTIMATE" if us else "Quotation for your removal",
                             "QUOTE"])).line()
        head = [(rng.choice(["Quote no.", "Estimate no."]), L.cell(quote_no, ("quote_number",))),
                ("Date", kit.date_cell(("quote_date",), quoted))]
        if facts["valid_until"]:
            head.append(("Valid until", L.cell(valid_text, ("valid_until",))))
        head += [("Customer", L.cell(customer, ("customer",))), ("Survey ref.", L.cell(survey_ref)),
                 ("Surveyed by", L.cell(estimator)), ("Survey date", kit.date_cell(None, survey))]
        if facts["contact_email"]:
            head.append(("Estimator e-mail", L.cell(email, ("contact_email",))))
        L.kv(doc, rng, head)
        doc.line().line(rng.choice(["YOUR MOVE", "Move details"]))
        L.kv(doc, rng, detail_rows())
        doc.line()
        kit.pad(doc)
        item_table()
        L.kv(doc.line(), rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        terms()
    elif layout == "email":     # the estimator's e-mail after the survey
        doc.add("From: ").put(("contact_email",), email) if facts["contact_email"] else doc.add(f"From: info@{host}")
        doc.line().add("To: ").put(("customer",), customer).line()
        doc.add("Subject: Your removal quote ").put(("quote_number",), quote_no).line()
        kit.date(doc.add("Date: "), ("quote_date",), quoted).line().line()
        doc.line(f"Dear {customer.split()[0]},").line()
        kit.date(doc.add("Thank you for showing me round on "), None, survey).line(". Here is our quote for your move.")
        doc.add("From: ").put(("origin_address",), origin).line(f" ({floor_text(floor_from, lift_from)})")
        doc.add("To: ").put(("destination_address",), destination).line(f" ({floor_text(floor_to, lift_to)})")
        if tbc:
            doc.line("Moving day: to be confirmed once you have your completion date.")
        else:
            kit.date(doc.add("Moving day: "), ("move_date",), move).line()
        L.write(doc.add("Volume: "), volume_cell()).add(", distance: ")
        L.write(doc, distance_cell()).line()
        L.write(doc.add("Crew: "), crew_cell()).line()
        if etype == "hourly":
            kit.money(doc.add("Hourly rate: "), None, rate).line(f" (about {hours} hours)")
        doc.line()
        kit.pad(doc)
        item_lines(kit.chance(0.5))
        doc.line()
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        terms()
        doc.line().line("Best regards,").line(estimator).put(("company",), company).line()
    elif layout == "letter":    # a formal letter with the services in one sentence
        doc.put(("company",), company).line().line(company_address).line()
        doc.line(customer).line(origin).line()
        kit.date(doc, ("quote_date",), quoted).line()
        doc.add("Quotation ").put(("quote_number",), quote_no).line(f" (survey {survey_ref})").line()
        doc.add("Dear ").put(("customer",), customer).line(",").line()
        L.fill(doc, "Following our survey, we are pleased to quote for your move from {o} to {d}",
               o=(("origin_address",), origin), d=(("destination_address",), destination))
        if facts["distance"] is not None:
            kit.count(doc.add(" ("), ("distance",), distance).add(f" {dist_unit})")
        if tbc:
            doc.line(", on a date still to be agreed.")
        else:
            kit.date(doc.add(" on "), ("move_date",), move).line(".")
        L.write(doc.add("We estimate a volume of "), volume_cell())
        kit.count(doc.add(" and will send a crew of "), ("crew_size",), crew).line(f" with {vans} "
                                                                                     f"vehicle{'s' * (vans > 1)}.")
        if etype == "hourly":
            kit.money(doc.add("Our hourly rate for this crew is "), None, rate).line(".")
        item_sentence()
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        kit.pad(doc)
        terms()
        if facts["contact_email"]:
            doc.add("Please reply to ").put(("contact_email",), email).line(" to book.")
        doc.line().line(rng.choice(["Yours sincerely,", "Kind regards,"])).line(f"{estimator}, estimator")
    else:                       # an online quote page with ticked options
        doc.add("# ").put(("company",), company).line(" - online quote").line()
        rows = [("Quote", L.cell(quote_no, ("quote_number",))), ("Created", kit.date_cell(("quote_date",), quoted)),
                ("Name", L.cell(customer, ("customer",)))]
        if facts["contact_email"]:
            rows.append(("Your adviser", L.join(L.cell(f"{estimator} <"), L.cell(email, ("contact_email",)),
                                                L.cell(">"))))
        if facts["valid_until"]:
            rows.append(("Valid until", L.cell(valid_text, ("valid_until",))))
        L.labelled(doc, rng, rows, rng.choice(["bold", "colon", "pipe"]))
        doc.line().line("## Your move")
        L.labelled(doc, rng, detail_rows(), rng.choice(["bold", "colon", "pipe"]))
        doc.line().line("## Services")
        item_checks()
        doc.line()
        kit.pad(doc)
        for label, c in money_rows():
            L.write(doc.add(f"**{label}:** "), c).line()
        doc.line()
        terms()
    kit.pad(doc)
    return Draft(("Removal company quote", "Moving estimate", "Removal quotation"), MOVE_FIELDS, facts, doc, evidence)


# ---- service charge statement ------------------------------------------------------------------

CHARGE_CATEGORIES = {   # locale: (category, range of the building's yearly cost)
    "en_GB": [("Buildings insurance", (4000, 18000)), ("Cleaning of common parts", (2500, 9000)),
              ("Communal electricity", (900, 4500)), ("Lift maintenance", (1800, 6500)), ("Gardening", (1200, 5000)),
              ("Management fee", (3000, 9500)), ("Door entry system", (300, 1500)),
              ("Fire risk assessment", (400, 1200)), ("Accountancy fee", (600, 1800)),
              ("Window cleaning", (500, 2400)), ("General repairs", (1500, 12000))],
    "en_US": [("Landscaping", (6000, 30000)), ("Snow removal", (2000, 15000)), ("Trash collection", (3000, 12000)),
              ("Master insurance policy", (15000, 60000)), ("Pool maintenance", (4000, 14000)),
              ("Management fee", (8000, 30000)), ("Water and sewer", (6000, 25000)),
              ("Common area electric", (2000, 9000)), ("Elevator service", (4000, 12000)),
              ("Legal and audit", (1500, 6000))],
    "de_DE": [("Property tax (Grundsteuer)", (1500, 6000)), ("Waste collection (Müllabfuhr)", (1200, 4800)),
              ("Water and sewage (Wasser/Abwasser)", (3000, 12000)), ("Cleaning (Hausreinigung)", (1500, 6000)),
              ("Gardening (Gartenpflege)", (600, 3000)), ("Common electricity (Allgemeinstrom)", (400, 2000)),
              ("Chimney sweep (Schornsteinfeger)", (150, 700)),
              ("Building insurance (Gebäudeversicherung)", (1500, 6000)),
              ("Caretaker (Hausmeister)", (2000, 8000)), ("Lift (Aufzug)", (1500, 5000))],
    "fr_FR": [("Cold water (eau froide)", (3000, 12000)), ("Collective heating (chauffage collectif)", (8000, 30000)),
              ("Upkeep of common parts (entretien des parties communes)", (2000, 8000)),
              ("Lift (ascenseur)", (1500, 6000)), ("Caretaker (gardien)", (6000, 20000)),
              ("Household waste tax (TEOM)", (1500, 6000)), ("Green spaces (espaces verts)", (800, 4000)),
              ("Common electricity (électricité des parties communes)", (500, 2500))],
}
MANAGERS = {"en_GB": ("{last} Block Management Ltd", "{city} Estates Management", "{last} Property Management"),
            "en_US": ("{last} Community Management", "{city} HOA Services LLC", "{last} Association Management"),
            "de_DE": ("Hausverwaltung {last} GmbH", "{last} Immobilienverwaltung", "WEG-Verwaltung {city}"),
            "fr_FR": ("Cabinet {last} Syndic", "{city} Gestion Immobilière", "Syndic {last}")}
APPORTIONMENTS = {
    "fixed_percentage": {"en_GB": ("Apportionment: the fixed percentage in your lease",
                                   "Your lease sets your share of the costs as a fixed percentage."),
                         "en_US": ("Allocated by your percentage interest in the common elements",),
                         "de_DE": ("Distribution key: co-ownership share (Miteigentumsanteil)",),
                         "fr_FR": ("Distribution by tantièmes (share of the common parts)",
                                   "Allocation key: general tantièmes")},
    "floor_area": {"en_GB": ("Apportionment: by floor area", "Costs are shared by floor area."),
                   "en_US": ("Allocated by square footage",),
                   "de_DE": ("Distribution key: living area (Wohnfläche)", "Costs are shared by floor area."),
                   "fr_FR": ("Allocation by floor area (surface habitable)",)},
    "equal_shares": {"en_GB": ("Apportionment: equal shares between the flats",),
                     "en_US": ("Costs are split equally between the units.",),
                     "de_DE": ("Distribution key: per unit (nach Wohneinheiten)",
                               "Costs are split equally between the units."),
                     "fr_FR": ("Allocation: equal shares per lot",)}}
APPORTION_SHARES = {"en_GB": ["fixed_percentage"] * 5 + ["equal_shares"] * 2 + ["floor_area"],
                    "en_US": ["fixed_percentage"] * 4 + ["equal_shares"] * 3 + ["floor_area"],
                    "de_DE": ["floor_area"] * 5 + ["fixed_percentage"] * 2 + ["equal_shares"],
                    "fr_FR": ["fixed_percentage"] * 5 + ["floor_area", "equal_shares"]}
MAJOR_WORKS = {"en_GB": ["Roof replacement", "External redecoration", "Lift modernisation", "Fire door upgrades",
                         "Window replacement", "Cladding remediation"],
               "en_US": ["Roof replacement", "Parking lot resurfacing", "Pool resurfacing", "Siding repairs",
                         "Elevator modernization", "Balcony inspections"],
               "de_DE": ["Facade renovation (Fassadensanierung)", "Roof renovation", "New heating system",
                         "Balcony repairs", "Staircase painting"],
               "fr_FR": ["Facade cleaning (ravalement)", "Roof works (toiture)", "Lift modernisation",
                         "Boiler replacement", "Door entry upgrade"]}
STATEMENT_TITLES = {"en_GB": ("SERVICE CHARGE STATEMENT", "Year-end service charge account",
                              "Statement of service charges"),
                    "en_US": ("ANNUAL ASSESSMENT RECONCILIATION", "Statement of common charges",
                              "HOA annual statement"),
                    "de_DE": ("OPERATING COST STATEMENT (Betriebskostenabrechnung)",
                              "Service charge statement (Nebenkostenabrechnung)"),
                    "fr_FR": ("STATEMENT OF CHARGES (décompte de charges)",
                              "Annual charge reconciliation (régularisation des charges)")}
UNIT_FORMS = {"en_GB": ("Flat {n}", "Apartment {n}", "Flat {n}{letter}"),
              "en_US": ("Unit {n}", "Unit {n}{letter}", "Apt {n}"),
              "de_DE": ("Apartment {n} (Wohnung {n})", "Wohnung {n}, {floor}. OG", "WE {n}"),
              "fr_FR": ("Lot {n}", "Apartment {n} (lot {n})", "Lot n° {n}")}
BUILDINGS_NAMES = {"en_GB": ("{last} Court", "{last} House", "{city} Wharf"),
                   "en_US": ("{last} Condominiums", "{city} Village HOA", "The {last} at {city}"),
                   "de_DE": ("Wohnanlage {street}", "WEG {street}", "Haus {last}"),
                   "fr_FR": ("Résidence {last}", "Copropriété {street}", "Résidence Les {last}")}
CHARGE_FIELDS = [
    F.text("recipient", "Recipient", ("Leaseholder, owner or tenant the statement is addressed to (not the managing "
                                      "agent, the landlord or the freeholder).", "Name of the recipient."),
           "leaseholder", "owner_name", "tenant"),
    F.text("managing_agent", "Managing agent", "Managing agent, property manager or landlord's administrator who "
           "issued the statement.", "property_manager", "issued_by", keep=0.6),
    F.text("unit", "Unit", "Flat, unit or lot the statement is for, as written (not the building).", "flat",
           "apartment", keep=0.7),
    F.text("building", "Building", "Name of the building, development or association, if named.", "development",
           "estate", optional=True, keep=0.4),
    F.text("account_number", "Account number", "The recipient's account or customer number (not the statement "
           "number or a bank account).", "account_no", "customer_number", keep=0.6),
    F.date("period_start", "Period start", "First day of the accounting period.", "from", "period_from"),
    F.date("period_end", "Period end", ("Last day of the accounting period (not the statement date or the due "
                                        "date).", "End of the period the statement covers."), "to", "period_to"),
    F.date("statement_date", "Statement date", "Date of the statement, if shown.", "date", "issued_on",
           optional=True, keep=0.5),
    F.date("due_date", "Due date", "Date the balance must be paid by; null when there is none (a credit, or no "
           "date given).", "payment_due", "pay_by", optional=True, keep=0.6),
    F.choice("apportionment", "Apportionment", "How the building's costs are shared between the units.",
             list(APPORTIONMENTS), "distribution_key", "allocation_method", keep=0.6,
             option_descriptions=("a fixed percentage, share or tantièmes set for the unit", "by floor area",
                                  "equal shares per unit")),
    F.number("unit_share_percent", "Share (%)", "The unit's share of the building's costs in percent, if stated.",
             "share_percent", "percentage_share", optional=True, keep=0.5),
    F.items("costs", "Costs", ("Each cost category of the statement, in order.", "Cost lines."), [
        F.text("category", "Category", "Cost category as written.", "item", "description"),
        F.number("building_total", "Building total", "Cost for the whole building; null when not shown.",
                 "total_cost", "estate_total", optional=True, keep=0.6),
        F.number("unit_amount", "Your share", "The unit's share of this cost (not the building total).", "amount",
                 "your_share"),
    ], "cost_lines", "expenditure"),
    F.number("total_charges", "Total charges", ("The unit's total charges for the period (not the building's total, "
                                                "the payments made or the balance).", "Total for the unit."),
             "total", "charges_total", minimum=0),
    F.number("payments_on_account", "Payments on account", "Advance payments the recipient made during the period "
             "(not the new advance).", "advance_payments", "prepayments", keep=0.7),
    F.number("balance", "Balance", "Difference between the charges and the payments on account, as an amount "
             "(due or in credit).", "balance_amount", "difference", minimum=0),
    F.choice("balance_type", "Balance type", "Whether the balance is to be paid or is a credit.",
             ["balance_due", "credit"], "result", "balance_direction", keep=0.8),
    F.number("new_advance", "New advance payment", "The new monthly or quarterly payment on account from the next "
             "period, if stated.", "new_monthly_payment", "next_advance", optional=True, keep=0.5),
    F.number("reserve_contribution", "Reserve fund contribution", "Contribution to the reserve or sinking fund for "
             "the period, if stated (not a service charge line).", "sinking_fund", "reserve_fund", optional=True,
             keep=0.5),
    F.flag("audited", "Audited", "Whether the accounts were audited or certified by an independent accountant.",
           "certified", "accounts_audited", keep=0.6),
    F.flag("direct_debit", "Direct debit", "Whether payments are collected by direct debit.", "paid_by_direct_debit",
           "sepa_mandate", keep=0.6),
    F.strings("major_works", "Planned major works", "Major works announced for the coming years; empty when none.",
              "planned_works", "capital_works", keep=0.6),
]


def service_charge_statement(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us, gb, de, fr = (loc == x for x in ("en_US", "en_GB", "de_DE", "fr_FR"))
    method = rng.choice(APPORTION_SHARES[loc])
    n_units = rng.randint(6, 60)
    sq_ft = us
    unit_area = rng.randint(45, 130) * (10 if sq_ft else 1)
    building_area = unit_area * n_units * rng.uniform(0.85, 1.15)
    building_area = int(round(building_area / 10) * 10)
    if method == "fixed_percentage":
        share = round(100 / n_units * rng.uniform(0.6, 1.5), 2)
    elif method == "floor_area":
        share = round(unit_area / building_area * 100, 2)
    else:
        share = round(100 / n_units, 2)
    tantiemes = int(round(share * 100))
    picked = rng.sample(CHARGE_CATEGORIES[loc], rng.randint(4, min(9, len(CHARGE_CATEGORIES[loc]))))
    scale = n_units / 20
    costs = []
    for name, (lo, hi) in picked:
        b = round(rng.uniform(lo, hi) * max(0.5, scale), 2)
        costs.append({"category": name, "building_total": b, "unit_amount": round(b * share / 100, 2)})
    total = round(sum(c["unit_amount"] for c in costs), 2)
    building_sum = round(sum(c["building_total"] for c in costs), 2)
    quarterly = gb and kit.chance(0.5)
    periods = 4 if quarterly else 12
    advance = round(total / periods * rng.uniform(0.85, 1.15), 0)
    paid = round(advance * periods, 2)
    if abs(total - paid) < 5:
        paid = round(paid + periods * rng.choice([-10, 10]), 2)
    diff = round(total - paid, 2)
    kind = "balance_due" if diff > 0 else "credit"
    balance = abs(diff)
    new_adv = round(total / periods * rng.uniform(1.0, 1.1), 0)
    reserve = round(rng.uniform(80, 900) * (1.5 if us else 1.0), 2) if kit.chance(0.4 if de else 0.6) else None
    year = kit.day().year
    end_month = rng.choice([3, 6, 12]) if gb else 12
    end = dt.date(year, end_month, {3: 31, 6: 30, 12: 31}[end_month])
    start = dt.date(year - 1, end_month % 12 + 1, 1) if end_month != 12 else dt.date(year, 1, 1)
    issued = end + dt.timedelta(days=rng.randint(45, 240))
    due = issued + dt.timedelta(days=rng.choice([14, 21, 28, 30]))
    next_from = dt.date(issued.year + (issued.month == 12), issued.month % 12 + 1, 1)
    names = plain_names(kit, 4)
    recipient, freeholder, contact, previous = names
    manager = firm_name(kit, MANAGERS)
    street = fake.street_name() if de or fr else ""
    building = rng.choice(BUILDINGS_NAMES[loc]).format(last=fake.last_name(), city=fake.city(), street=street)
    n = rng.randint(1, n_units)
    unit = rng.choice(UNIT_FORMS[loc]).format(n=n, letter=rng.choice("ABCD"), floor=rng.randint(1, 5))
    address = f"{fake.street_address()}, {fake.city()}".replace("\n", ", ")
    account = {"en_GB": f"{_slug(building)[:3].upper()}{rng.randint(100, 999)}/{n:03d}",
               "en_US": f"{rng.randint(1000, 9999)}-{n:03d}", "de_DE": f"{rng.randint(10000, 99999)}",
               "fr_FR": f"C{rng.randint(10000, 99999)}"}[loc]
    statement_no = f"{rng.choice(['SC', 'ST', 'R'])}-{year}-{rng.randint(1000, 9999)}"
    audited = kit.chance(0.5)
    debit = kit.chance(0.5)
    works = rng.sample(MAJOR_WORKS[loc], rng.choice([0, 0, 1, 1, 2, 3]))
    show_totals = kit.chance(0.7)
    if not show_totals:
        for c in costs:
            c["building_total"] = None
    share_stated = method != "equal_shares" and kit.chance(0.75)
    facts = {"recipient": recipient, "managing_agent": manager, "unit": unit, "building": kit.maybe(building, 0.8),
             "account_number": account, "period_start": start.isoformat(), "period_end": end.isoformat(),
             "statement_date": kit.maybe(issued.isoformat(), 0.8),
             "due_date": due.isoformat() if kind == "balance_due" and kit.chance(0.8) else None,
             "apportionment": method, "unit_share_percent": share if share_stated else None, "costs": costs,
             "total_charges": total, "payments_on_account": paid, "balance": balance, "balance_type": kind,
             "new_advance": kit.maybe(new_adv, 0.6), "reserve_contribution": reserve, "audited": audited,
             "direct_debit": debit, "major_works": works}
    method_text = rng.choice(APPORTIONMENTS[method][loc])
    label_due = {"en_GB": "Balance due", "en_US": "Amount due", "de_DE": "Amount to pay (Nachzahlung)",
                 "fr_FR": "Balance to pay (solde débiteur)"}[loc]
    label_credit = {"en_GB": "Balance in your favour (credit)", "en_US": "Credit balance",
                    "de_DE": "Credit (Guthaben)", "fr_FR": "Credit (solde créditeur)"}[loc]
    kind_text = label_due if kind == "balance_due" else label_credit
    audited_text = says(rng, audited, ("The accounts have been certified by an independent accountant.",
                                       "Accounts audited: yes", "Audited by an external auditor."),
                        ("These accounts have not been audited.", "Accounts audited: no",
                         "No independent audit was carried out this year."))
    debit_text = says(rng, debit, ("Payments are collected by direct debit.", "Payment method: direct debit" +
                                   (" (SEPA mandate)" if de or fr else "")),
                      ("No direct debit mandate is held; please pay by bank transfer.",
                       "Payment method: bank transfer (no direct debit)", "You do not pay by direct debit."))
    evidence = {("apportionment",): method_text, ("balance_type",): kind_text, ("audited",): audited_text,
                ("direct_debit",): debit_text}
    period_word = "quarterly" if quarterly else "monthly"
    advance_word = f"{period_word} assessment" if us else f"{period_word} payment on account"

    def period_cell() -> L.Cell:
        return L.join(kit.date_cell(("period_start",), start), L.cell(rng.choice([" to ", " – "])),
                      kit.date_cell(("period_end",), end))

    def share_line() -> None:
        doc.line(method_text)
        if method == "floor_area":
            area_unit = "sq ft" if sq_ft else "m²"
            doc.add(f"Your floor area: {kit.style.integer(unit_area)} {area_unit} of "
                    f"{kit.style.integer(building_area)} {area_unit}")
            if share_stated:
                kit.num(doc.add(" ("), ("unit_share_percent",), share, 2).add("%)")
        elif method == "fixed_percentage" and fr:
            doc.add(f"Your share: {tantiemes}/10000 tantièmes")
            if share_stated:
                kit.num(doc.add(" ("), ("unit_share_percent",), share, 2).add("%)")
        elif method == "fixed_percentage" and share_stated:
            kit.num(doc.add(f"Your share under the {'declaration' if us else 'lease'}: "), ("unit_share_percent",),
                    share, 2).add("%")
        elif method == "fixed_percentage":
            doc.add(f"Your share is the one set in your {'declaration' if us else 'lease'}.")
        else:
            doc.add(f"Number of units: {n_units}")
        doc.line()

    def total_rows() -> list[tuple[str, L.Cell]]:
        rows = []
        if show_totals:
            rows.append(("Total costs of the building", kit.money_cell(None, building_sum)))
        rows += [(rng.choice(["Your share of the costs", "Total charges for your unit", "Your total charges"]),
                  kit.money_cell(("total_charges",), total)),
                 (rng.choice(["Less payments on account", "Advance payments made", "Paid on account"]),
                  kit.money_cell(("payments_on_account",), paid)),
                 (kind_text, kit.money_cell(("balance",), balance))]
        return rows

    def cost_table(layout: str | None = None) -> None:
        head = [rng.choice(["Category", "Cost item", "Expenditure"])] + ["Building total"] * show_totals + \
            [rng.choice(["Your share", "Your unit", "Amount"])]
        L.table(doc, rng, head, [
            [L.cell(c["category"], ("costs", i, "category"))]
            + ([kit.money_cell(("costs", i, "building_total"), c["building_total"])] if show_totals else [])
            + [kit.money_cell(("costs", i, "unit_amount"), c["unit_amount"])] for i, c in enumerate(costs)], layout)

    def cost_lines(numbered: bool) -> None:
        for i, c in enumerate(costs):       # "- Cleaning (Hausreinigung): 4.210,00 € in total, your share 251,33 €"
            at = ("costs", i)
            doc.add(f"{i + 1}. " if numbered else "- ").put(at + ("category",), c["category"]).add(": ")
            if show_totals:
                kit.money(doc, at + ("building_total",), c["building_total"]).add(" in total, your share ")
            kit.money(doc, at + ("unit_amount",), c["unit_amount"]).line()

    def cost_sentence() -> None:
        doc.add("Your charges are made up of ")
        for i, c in enumerate(costs):
            doc.add("" if i == 0 else " and " if i == len(costs) - 1 else ", ")
            c["category"] = lower_first(c["category"])      # the gold is the text as this sentence writes it
            doc.put(("costs", i, "category"), c["category"])
            kit.money(doc.add(" ("), ("costs", i, "unit_amount"), c["unit_amount"])
            if show_totals:
                kit.money(doc.add(" of "), ("costs", i, "building_total"), c["building_total"])
            doc.add(")")
        doc.line(".")

    def payment_block() -> None:
        if kind == "balance_due":
            if facts["due_date"]:
                kit.date(doc.add("Please pay the balance by "), ("due_date",), due).line(".")
            else:
                doc.line("Please pay the balance within 30 days.")
        else:
            doc.line(rng.choice(["The credit will be set against your next payment.",
                                 "We will refund the credit to your bank account."]))
        doc.line(debit_text)
        if facts["new_advance"] is not None:
            kit.date(doc.add("From "), None, next_from).add(f" your {advance_word} will be ")
            kit.money(doc, ("new_advance",), new_adv).line(".")
        else:
            kit.money(doc.add(f"Your {advance_word} stays at "), None, advance).line(".")

    def closing() -> None:
        if reserve is not None:
            kit.money(doc.add(rng.choice(["Reserve fund contribution (collected separately): ",
                                          "Contribution to the sinking fund: "])), ("reserve_contribution",),
                      reserve).line()
        doc.line(audited_text)
        strings(kit, doc, "major_works", works, rng.choice(["Planned major works", "Major works planned",
                                                            "Works planned for the coming years"]),
                rng.choice(["No major works are planned.", "Planned major works: none"]))

    def head_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Statement no.", L.cell(statement_no))]
        if facts["statement_date"]:
            rows.append(("Statement date", kit.date_cell(("statement_date",), issued)))
        rows += [("Account no.", L.cell(account, ("account_number",))),
                 (rng.choice(["Leaseholder" if gb else "Owner" if us else "Tenant", "Name"]),
                  L.cell(recipient, ("recipient",))), ("Unit", L.cell(unit, ("unit",)))]
        if facts["building"]:
            rows.append(("Building", L.cell(building, ("building",))))
        rows.append(("Period", period_cell()))
        return rows

    others = {"en_GB": f"Freeholder: {freeholder}", "en_US": f"Board president: {freeholder}",
              "de_DE": f"Landlord (Vermieter): {freeholder}",
              "fr_FR": f"Owner (propriétaire bailleur): {freeholder}"}[loc]
    layout = rng.choice(["statement", "letter", "export", "portal"])
    if layout == "statement":   # the managing agent's statement with a cost table
        doc.put(("managing_agent",), manager).line().line(address)
        doc.line(others).line().line(rng.choice(STATEMENT_TITLES[loc])).line()
        L.kv(doc, rng, head_rows())
        doc.line()
        share_line()
        doc.line()
        kit.pad(doc)
        cost_table()
        doc.line()
        L.kv(doc, rng, total_rows(), rng.choice(["colon", "aligned", "dots"]))
        payment_block()
        doc.line()
        closing()
    elif layout == "letter":    # a letter with the costs as bullet or numbered lines
        doc.put(("managing_agent",), manager).line().line(address).line()
        doc.add(recipient).line().add(unit)
        doc.line(f", {building}" if facts["building"] else "").line()
        if facts["statement_date"]:
            kit.date(doc, ("statement_date",), issued).line()
        doc.add("Your account: ").put(("account_number",), account).line(f" | Our ref: {statement_no}").line()
        doc.add("Dear ").put(("recipient",), recipient).line(",").line()
        doc.add("Please find below the statement of charges for ").put(("unit",), unit)
        if facts["building"]:
            doc.add(", ").put(("building",), building)
        kit.date(doc.add(", for the period from "), ("period_start",), start)
        kit.date(doc.add(" to "), ("period_end",), end).line(".")
        share_line()
        doc.line()
        kit.pad(doc)
        cost_lines(kit.chance(0.5))
        doc.line()
        for label, c in total_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        payment_block()
        closing()
        doc.line().line(rng.choice(["Yours sincerely,", "Kind regards,"])).line(f"{contact}\n{manager}")
        doc.line(others)
    elif layout == "export":    # an export from the property management software
        doc.line(f"# {rng.choice(STATEMENT_TITLES[loc])} - export")
        doc.add("# issued by: ").put(("managing_agent",), manager).line()
        doc.add("# account: ").put(("account_number",), account).add(" | recipient: ").put(("recipient",), recipient)
        doc.line()
        doc.add("# unit: ").put(("unit",), unit)
        if facts["building"]:
            doc.add(" | building: ").put(("building",), building)
        doc.line()
        L.write(doc.add("# period: "), period_cell()).line()
        if facts["statement_date"]:
            kit.date(doc.add("# created: "), ("statement_date",), issued).line()
        doc.line()
        cost_table("semicolon")
        doc.line()
        kit.pad(doc)
        for label, c in total_rows():
            L.write(doc.add(f"{label};"), c).line()
        doc.line()
        share_line()
        payment_block()
        closing()
    else:                       # the owners' portal page
        doc.add("## ").put(("managing_agent",), manager).line(" - owner portal").line()
        L.labelled(doc, rng, head_rows(), rng.choice(["bold", "pipe", "colon"]))
        doc.line().line("### Charges")
        cost_sentence() if kit.chance(0.4) else cost_table("pipe")
        doc.line()
        kit.pad(doc)
        L.labelled(doc, rng, total_rows(), rng.choice(["bold", "colon"]))
        doc.line()
        share_line()
        payment_block()
        closing()
        doc.line(f"Previous owner of the unit: {previous}" if kit.chance(0.3) else others)
    kit.pad(doc)
    return Draft(("Service charge statement", "Statement of charges", "Annual service charge account"), CHARGE_FIELDS,
                 facts, doc, evidence)
