"""Bank statements: a long transaction table with a running balance.

The table is the point: 20-90 aligned rows, so arrays of many items and long
contexts occur naturally. Debits are written with a minus sign and the span includes it.
Opening and closing balances are distractors for each other and for the last row's balance.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit

PAYEES = ["Grocery market", "Rent", "Salary", "Electricity", "Mobile phone", "Insurance",
          "Restaurant", "Fuel station", "Online shop", "Pharmacy", "Gym membership",
          "Streaming service", "Transfer to savings", "ATM withdrawal", "Bookshop",
          "Train tickets", "Water utility", "Refund", "Interest", "Card fee"]

FIELDS = [
    F.text("account_holder", "Account holder", "Name of the account holder.", "holder", "customer"),
    F.text("iban", "IBAN", "Account IBAN as printed.", "account_iban", keep=0.8),
    F.date("period_start", "Period start", "First day covered by the statement.", "from_date"),
    F.date("period_end", "Period end", "Last day covered by the statement.", "to_date"),
    F.number("opening_balance", "Opening balance", "Balance at the start of the period.",
             "start_balance"),
    F.number("closing_balance", "Closing balance", "Balance at the end of the period.",
             "end_balance"),
    F.items("transactions", "Transactions", "Every booked transaction, in statement order.", [
        F.date("date", "Booking date", "Date the transaction was booked.", "booking_date"),
        F.text("description", "Description", "Payee or purpose.", "payee"),
        F.text("reference", "Reference", "Payment reference, when the row has one.", "ref",
               optional=True, keep=0.5),
        F.number("amount", "Amount", "Signed amount: negative for debits.", "value"),
        F.number("balance", "Balance", "Running balance after the transaction.",
                 "running_balance", keep=0.5),
    ], "entries", "bookings"),
    F.flag("overdrawn", "Overdrawn", "Whether the account ends the period below zero.",
           "is_overdrawn", keep=0.6),
    F.choice("statement_type", "Statement type", "Kind of account.",
             ["current account", "savings account", "credit card"], "account_type", keep=0.5),
]


def bank_statement(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    start = kit.day()
    end = start + dt.timedelta(days=rng.choice([27, 29, 30, 90]))
    opening = kit.amount(-500, 8000)
    n = rng.choice([rng.randint(20, 50), rng.randint(50, 90)])   # <= ~4,000 tokens: digits tokenize densely
    days = sorted(start + dt.timedelta(days=rng.randint(0, (end - start).days)) for _ in range(n))
    balance, rows = opening, []
    for day in days:
        payee = rng.choice(PAYEES)
        amount = kit.amount(800, 4200) if payee == "Salary" else -kit.amount(2, 400)
        if payee in ("Refund", "Interest"):
            amount = kit.amount(1, 120)
        balance = round(balance + amount, 2)
        rows.append({"date": day.isoformat(), "description": f"{payee} {fake.company()}"
                     if payee in ("Online shop", "Restaurant", "Insurance") else payee,
                     "reference": f"{rng.randint(10**7, 10**9 - 1)}" if kit.chance(0.6) else None,
                     "amount": amount, "balance": balance})
    kind = rng.choice(["current account", "savings account", "credit card"])
    facts = {"account_holder": fake.name(), "iban": fake.iban(), "period_start": start.isoformat(),
             "period_end": end.isoformat(), "opening_balance": opening, "closing_balance": balance,
             "transactions": rows, "overdrawn": balance < 0, "statement_type": kind}
    doc.line(f"{fake.company()} Bank").line(f"Statement of account - {kind}").line()
    doc.add("Account holder: ").put(("account_holder",), facts["account_holder"]).line()
    doc.add("IBAN: ").put(("iban",), facts["iban"]).line(f"   BIC: {fake.swift()}")
    doc.add("Statement period: ")
    kit.date(doc, ("period_start",), start).add(" - ")
    kit.date(doc, ("period_end",), end).line().line()
    doc.add("Opening balance ")
    kit.money(doc, ("opening_balance",), opening).line().line()
    def shown(r: dict) -> str:
        return r["description"] + (f" / REF {r['reference']}" if r["reference"] else "")

    width = max(len(shown(r)) for r in rows) + 2
    dates = [kit.style.date(dt.date.fromisoformat(r["date"])) for r in rows]
    date_width = max(len(d) for d in dates) + 2
    doc.line("Date".ljust(date_width), "Description".ljust(width), "Amount".rjust(12),
             "Balance".rjust(14))
    for i, r in enumerate(rows):
        d = dates[i]
        doc.put(("transactions", i, "date"), d).add(" " * (date_width - len(d)))
        doc.put(("transactions", i, "description"), r["description"])
        if r["reference"]:
            doc.add(" / REF ").put(("transactions", i, "reference"), r["reference"])
        doc.add(" " * (width - len(shown(r))))
        for key, w in (("amount", 12), ("balance", 14)):
            t = kit.style.decimal(r[key])
            doc.add(" " * (w - len(t)))
            kit.num(doc, ("transactions", i, key), r[key])
        doc.add("\n")
    doc.line()
    mark = len(doc)
    doc.add("Closing balance ")
    kit.money(doc, ("closing_balance",), balance)
    evidence = doc.text_since(mark)     # the sign of the closing balance decides
    doc.line()
    if balance < 0:
        evidence = "Your account is overdrawn. Overdraft interest applies."
        doc.line(evidence)
    kit.pad(doc)
    return Draft(("Bank statement", "Account statement"), FIELDS, facts, doc,
                 {("overdrawn",): evidence, ("statement_type",): f"Statement of account - {kind}"})
