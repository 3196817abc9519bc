"""Service contracts: parties, dates, money terms and clause-level decisions.

Clauses are long-winded on purpose; the signing date is a distractor for the effective
date, and a notice period in days sits next to the term in months.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit

LAWS = ["England and Wales", "Germany", "France", "the State of New York", "Scotland"]

FIELDS = [
    F.text("contract_title", "Title", "Title of the agreement.", "title", keep=0.6),
    F.items("parties", "Parties", "The contracting parties in the order they are named.", [
        F.text("name", "Name", "Legal name of the party.", "legal_name"),
        F.choice("role", "Role", "The party's role in the agreement.",
                 ["provider", "client"], "party_role"),
    ], "contracting_parties"),
    F.date("effective_date", "Effective date", "Date the agreement takes effect.", "start_date"),
    F.date("signing_date", "Signing date", "Date the agreement was signed, if stated.",
           "signed_on", optional=True, keep=0.5),
    F.integer("term_months", "Term (months)", "Initial term in months.", "duration_months",
              minimum=1),
    F.integer("notice_days", "Notice period (days)", "Days of notice needed to terminate.",
              "termination_notice_days", keep=0.8),
    F.number("monthly_fee", "Monthly fee", "Fee payable per month.", "fee", minimum=0),
    F.flag("auto_renewal", "Automatic renewal", "Whether the contract renews automatically.",
           "auto_renews", "renews_automatically"),
    F.choice("governing_law", "Governing law", "Jurisdiction whose law governs the contract.",
             LAWS, "jurisdiction", keep=0.7),
    F.flag("exclusive", "Exclusivity", "Whether the client may not use competing providers.",
           "is_exclusive", nullable_decide=True, keep=0.5),
    F.generate("summary", "Summary", "One sentence stating who provides what to whom.", 48,
               keep=0.25),
]
SERVICES = ["IT support", "cleaning services", "marketing services", "payroll processing",
            "software development", "catering", "security services"]


def contract(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    provider, client = fake.company(), fake.company()
    if provider == client:
        client = client + " Holdings"
    service = rng.choice(SERVICES)
    effective = kit.day()
    signed = effective - dt.timedelta(days=rng.randint(1, 30)) if kit.chance(0.6) else None
    term, notice = rng.choice([6, 12, 24, 36, 48]), rng.choice([14, 30, 60, 90])
    fee = kit.amount(150, 25_000)
    renew, law = kit.chance(0.5), rng.choice(LAWS)
    exclusive = rng.choice([True, False, None])
    parties = [{"name": provider, "role": "provider"}, {"name": client, "role": "client"}]
    if kit.chance(0.5):
        parties.reverse()
    title = f"{service.capitalize()} Agreement"
    facts = {"contract_title": title, "parties": parties, "effective_date": effective.isoformat(),
             "signing_date": signed.isoformat() if signed else None, "term_months": term,
             "notice_days": notice, "monthly_fee": fee, "auto_renewal": renew,
             "governing_law": law, "exclusive": exclusive}
    doc.put(("contract_title",), title).line().line()
    doc.add("This agreement is made between ")
    for i, p in enumerate(parties):
        doc.add(" and " if i else "").put(("parties", i, "name"), p["name"])
        doc.add(f' (the "{p["role"].capitalize()}")')
    doc.line(".").line()
    doc.line(f"1. Services. The Provider shall provide {service} to the Client with due care.")
    doc.add("2. Term. This agreement takes effect on ")
    kit.date(doc, ("effective_date",), effective).add(" and runs for an initial term of ")
    kit.count(doc, ("term_months",), term).line(" months.")
    renew_text = (f"It renews automatically for further periods of {term} months unless "
                  "terminated." if renew else "It ends at the end of the term without renewal.")
    doc.line("   ", renew_text)
    doc.add("3. Termination. Either party may terminate with ")
    kit.count(doc, ("notice_days",), notice).line(" days' written notice.")
    doc.add("4. Fees. The Client shall pay a monthly fee of ")
    kit.money(doc, ("monthly_fee",), fee).line(", excluding VAT, within 30 days of invoice.")
    excl_text = {True: "5. Exclusivity. The Client shall not engage other providers for "
                       "the same services during the term.",
                 False: "5. Non-exclusivity. The Client remains free to engage other providers.",
                 None: "5. Other providers. Not addressed in this agreement."}[exclusive]
    doc.line(excl_text)
    kit.pad(doc)
    doc.line(f"6. Governing law. This agreement is governed by the laws of {law}.").line()
    if signed:
        doc.add("Signed on ")
        kit.date(doc, ("signing_date",), signed).line()
    doc.line(f"For the Provider: {fake.name()}        For the Client: {fake.name()}")
    kit.pad(doc)
    facts["summary"] = f"{provider} provides {service} to {client} for {term} months."
    evidence = {("auto_renewal",): renew_text, ("governing_law",): f"governed by the laws of {law}",
                ("exclusive",): excl_text}
    for i, p in enumerate(parties):
        evidence[("parties", i, "role")] = f'{p["name"]} (the "{p["role"].capitalize()}")'
    return Draft(("Contract", "Contract review", "Agreement terms"), FIELDS, facts, doc, evidence)
