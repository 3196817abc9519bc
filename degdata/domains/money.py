"""Papers of personal money matters: annual loan and mortgage statements, bureau de change
receipts, stock broker trade confirmations (contract notes) and credit card dispute forms.

Each carries values of the same kind beside the ones asked for: the opening balance, the
redemption figure and the arrears beside a loan's closing balance, the payments received and
the one-off charges beside the interest charged, the APR, the base rate and margin, the
reversion rate and the rate before a mid-year change beside the rate charged, the payment
before the change beside the current monthly payment, the period start, the date issued and
the end of a fixed rate beside the period end, the customer number and the paying account
beside the loan number, and the joint borrower and the relationship manager beside the
borrower; the value of each line in the home currency, the commission, the buy-back fee,
the cash tendered and the change beside the total of an exchange, the bureau's rate the
other way and a reference rate beside the rate applied, the buy-back expiry beside the date,
the cashier beside the customer and the till and cashier numbers beside the receipt number;
the settlement date beside the trade date, the gross consideration and each charge beside
the net amount, the limit price beside the price, the holding after the trade beside the
quantity, the ticker, WKN, SEDOL or CUSIP beside the ISIN, the order and trade references
beside the account number and the adviser beside the client; the posting date and the
original foreign amount beside each disputed transaction, undisputed genuine charges beside
the disputed ones, the date the cardholder noticed the charge and the expected delivery date
beside the date of contacting the merchant and the form's date, the account number beside
the card's last four digits and the bank's helpline beside the cardholder's phone.

Documents come as statements and forms (key-value blocks in every layout), letters and
e-mails, till receipts, markdown portal exports, broker confirmations with one trade row and
German or French labelled settlement notes. Arrays come as tables (markdown, ASCII,
space-aligned or an export), bullet lists, lines of several values ("- 12/05/2024
Overpayment £2,000.00"), one line of semicolon-separated entries, receipt lines ("USD 500.00
@ 1.2150") and prose; the lists of strings (missed months, identity documents, enclosures)
may be empty. Booleans are as often negated as stated ("variable rate, not fixed",
"no buy-back guarantee", "execution-only: no advice given", "unsolicited", "card lost, not in
my possession", "I have not contacted the merchant").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..fmt import MONTHS, MONTHS_SHORT, ORDINALS, clock
from ..kit import Kit
from ..surface import says


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _pct(kit: Kit, path: Path | None, x: float) -> L.Cell:
    """A percentage with two decimals ("4.19%", "4,19 %"); only the number is gold."""
    space = " " if kit.style.number_style.startswith("fr") else ""
    return L.join(kit.num_cell(path, x, 2), L.cell(f"{space}%"))


def _add_months(d: dt.date, n: int) -> dt.date:
    y, m = divmod(d.month - 1 + n, 12)
    return dt.date(d.year + y, m + 1, min(d.day, 28))


def _business(d: dt.date, n: int) -> dt.date:
    """`n` working days after `d` (weekends skipped)."""
    while n:
        d += dt.timedelta(days=1)
        n -= d.weekday() < 5
    return d


# ---- annual loan statement ------------------------------------------------------------------

LENDERS = {"en_GB": ("{city} Building Society", "{last} Home Loans", "{city} Mutual", "{last} Bank plc"),
           "en_US": ("{city} Federal Credit Union", "{last} Mortgage Servicing LLC",
                     "{last} Home Lending", "First {last} Bank"),
           "de_DE": ("Sparkasse {city}", "Volksbank {city} eG", "{last} Bausparkasse AG",
                     "{last} Kreditbank AG"),
           "fr_FR": ("Crédit Mutuel de {city}", "Caisse d'Épargne {city}", "Banque {last}",
                     "{last} Financement")}
LOAN_TYPES = {   # type: (how the statement names the product, term in years, amount, rate %)
    "mortgage": (("Repayment mortgage", "Residential mortgage (capital and interest)", "Home loan"),
                 (15, 35), (60_000, 420_000), (1.4, 6.2)),
    "personal_loan": (("Personal loan", "Unsecured personal loan", "Fixed-sum personal loan"),
                      (2, 7), (3_000, 30_000), (5.9, 17.9)),
    "car_loan": (("Car loan", "Vehicle finance loan", "Auto loan, secured on the vehicle"),
                 (2, 6), (6_000, 42_000), (3.9, 12.9)),
    "home_improvement_loan": (("Home improvement loan", "Renovation loan", "Home improvement finance"),
                              (3, 10), (5_000, 60_000), (4.9, 12.9))}
BASE_RATES = {"en_GB": "Bank Rate", "en_US": "the prime rate", "de_DE": "the 3-month Euribor",
              "fr_FR": "the 3-month Euribor"}
ONE_OFFS = [   # (description, credit?, lowest and highest amount)
    ("Overpayment", True, 100, 2000), ("Partial repayment", True, 500, 3000),
    ("Annual account fee", False, 25, 50), ("Change of payment date fee", False, 10, 25),
    ("Redemption statement fee", False, 10, 30), ("Copy statement fee", False, 5, 15),
    ("Refund of fee", True, 10, 30)]
LOAN_FIELDS = [
    F.text("lender", "Lender", ("Bank or building society that made the loan.", "Name of the lender."),
           "bank", "lender_name", keep=0.7),
    F.text("borrower", "Borrower", ("First-named borrower (not a joint borrower or the bank's contact).",
                                    "Name of the main borrower."), "account_holder", "customer", "borrower_name"),
    F.text("joint_borrower", "Joint borrower", "Second borrower on the loan; null for a sole loan.",
           "co_borrower", "second_borrower", optional=True, keep=0.6),
    F.text("loan_number", "Loan number", ("Loan account number (not the customer number or the account "
                                          "payments come from).", "Account number of the loan."),
           "account_number", "mortgage_number", "loan_account"),
    F.date("period_end", "Period end", ("Last day the statement covers (not the date it was issued).",
                                        "End of the statement period."), "statement_end", "to_date", "as_of"),
    F.choice("loan_type", "Loan type", "Kind of loan the statement is for.", list(LOAN_TYPES),
             "product", "type_of_loan", keep=0.8),
    F.number("interest_rate", "Interest rate", ("Interest rate charged at the end of the period, in percent "
                                                "(not the APR, a base rate or an earlier rate).",
                                                "Current annual interest rate (%)."), "rate", "current_rate"),
    F.flag("fixed_rate", "Fixed rate", "Whether the current interest rate is fixed.", "is_fixed",
           "rate_fixed", keep=0.8),
    F.number("opening_balance", "Opening balance", "Balance owed at the start of the period.",
             "balance_start", "start_balance", keep=0.5),
    F.number("closing_balance", "Closing balance", ("Balance owed at the end of the period (not the opening "
                                                    "balance or the amount to repay in full).",
                                                    "Outstanding balance at period end."),
             "balance_outstanding", "end_balance"),
    F.number("interest_charged", "Interest charged", "Total interest added during the period (not payments "
             "or fees).", "interest_paid", "total_interest", keep=0.8),
    F.number("monthly_payment", "Monthly payment", "Current monthly instalment (not an earlier payment or "
             "the year's total).", "instalment", "monthly_instalment", keep=0.8),
    F.items("transactions", "Other transactions", ("Each one-off transaction listed besides the regular "
                                                   "monthly payments, in date order.",
                                                   "Overpayments, fees and refunds on the statement."), [
        F.date("date", "Date", "Date of the transaction.", "transaction_date"),
        F.text("description", "Description", "What the transaction was.", "type", "details"),
        F.number("amount", "Amount", "Amount of the transaction, without a sign.", "value"),
    ], "one_off_transactions", "other_items", keep=0.8),
    F.strings("missed_payments", "Missed payments", "Months whose payment was missed, as written; empty "
              "when none was missed.", "missed_months", "arrears_months", keep=0.7),
]


def _loan_number(kit: Kit) -> tuple[str, str, str]:
    """(loan number, customer number, how the paying account is written)."""
    r, last4 = kit.rng.randint, f"{kit.rng.randint(0, 9999):04d}"
    return {"en_GB": (f"{r(10**7, 10**8 - 1)}{kit.rng.choice(['', '/01', '-02'])}", f"C{r(10**6, 10**7 - 1)}",
                      f"account ending {last4} (sort code {r(10, 99)}-{r(10, 99)}-{r(10, 99)})"),
            "en_US": (f"{r(10**9, 10**10 - 1)}", f"{r(10**5, 10**6 - 1)}", f"checking account ending {last4}"),
            "de_DE": (f"{r(100, 999)} {r(100, 999)} {r(100, 999)}", f"KD-{r(10**5, 10**6 - 1)}",
                      f"account IBAN DE{r(10, 99)} ... {last4}"),
            "fr_FR": (f"{r(10**4, 10**5 - 1)} {r(10**5, 10**6 - 1)} {r(10, 99)}", f"{r(10**7, 10**8 - 1)}",
                      f"account IBAN FR76 ... {last4}")}[kit.locale]


def _annuity(balance: float, rate: float, months: int) -> float:
    i = rate / 1200
    return round(balance * i / (1 - (1 + i) ** -months), 2)


def loan_statement(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind = rng.choice(list(LOAN_TYPES))
    products, (y0, y1), (a0, a1), (r0, r1) = LOAN_TYPES[kind]
    mortgage = kind == "mortgage"
    term = rng.randint(y0, y1) * 12
    principal = float(rng.randrange(a0, a1, 500 if mortgage else 100))
    fixed = kit.chance(0.5 if mortgage else 0.8)
    rate = old_rate = round(rng.uniform(r0, r1), 2)
    start = dt.date(kit.day().year, rng.choice([1, 1, 1, rng.randint(2, 12)]), 1)
    end = _add_months(start, 12) - dt.timedelta(days=1)
    age = rng.randint(1, max(1, term - 24))     # months repaid before; a year or more is left after
    payment = old_payment = _annuity(principal, rate, term)
    balance = principal
    for _ in range(age):
        balance = round(balance * (1 + rate / 1200) - payment, 2)
    opening = balance
    change = rng.randint(2, 11) if not fixed and kit.chance(0.6) else None
    missed = sorted(rng.sample(range(12), rng.choice([1, 1, 2]))) if kit.chance(0.2) else []
    late_fee = (rng.choice(["Arrears fee", "Late payment fee", "Missed payment charge"]),
                float(rng.choice([12, 15, 20, 25])))
    offs = [(m, late_fee[0], False, late_fee[1]) for m in missed]
    for desc, credit, lo, hi in rng.sample(ONE_OFFS, rng.choice([0, 0, 1, 1, 2, 3])):
        x = float(rng.randint(lo, hi))
        if credit:      # larger on a mortgage, never near what is owed
            x = min(float(round(x * (4 if mortgage else 1), -1)), max(10.0, round(opening * 0.12, -1)))
        offs.append((rng.randint(0, 11), desc, credit, x))
    interest_total = paid = 0.0
    transactions = []
    for m in range(12):
        if m == change:
            rate = round(max(0.5, rate + rng.choice([-0.75, -0.5, -0.25, 0.25, 0.5, 0.75])), 2)
            payment = _annuity(balance, rate, term - age - m)
        interest = round(balance * rate / 1200, 2)
        interest_total += interest
        balance += interest - (0 if m in missed else payment)
        paid += 0 if m in missed else payment
        for _, desc, credit, x in sorted(o for o in offs if o[0] == m):
            balance += -x if credit else x
            day = _add_months(start, m).replace(day=rng.randint(1, 28))
            transactions.append({"date": day.isoformat(), "description": desc, "amount": x,
                                 "credit": credit})
        balance = round(balance, 2)
    transactions.sort(key=lambda t: t["date"])
    interest_total, paid = round(interest_total, 2), round(paid, 2)
    people = kit.names(3)
    joint = people[1] if kit.chance(0.5 if mortgage else 0.2) else None
    number, customer_no, paying = _loan_number(kit)
    month_form = rng.choice(["{month} {y}", "{mon} {y}", "{mm}/{y}"])
    facts = {"lender": rng.choice(LENDERS[kit.locale]).format(city=fake.city(), last=fake.last_name()),
             "borrower": people[0], "joint_borrower": joint, "loan_number": number,
             "period_end": end.isoformat(), "loan_type": kind, "interest_rate": rate,
             "fixed_rate": fixed, "opening_balance": opening, "closing_balance": balance,
             "interest_charged": interest_total, "monthly_payment": payment,
             "transactions": [{k: t[k] for k in ("date", "description", "amount")} for t in transactions],
             "missed_payments": [month_form.format(
                 month=MONTHS["en"][d.month - 1], mon=MONTHS_SHORT["en"][d.month - 1],
                 mm=f"{d.month:02d}", y=d.year) for d in (_add_months(start, m) for m in missed)]}
    issued = end + dt.timedelta(days=rng.randint(5, 30))
    product_label, product = rng.choice(["Product", "Loan type", "Account type"]), rng.choice(products)
    fixed_text = says(rng, fixed, ("Your interest rate is fixed.", "Rate type: fixed",
                                   "This is a fixed-rate loan."),
                      ("Your interest rate is variable, not fixed.", "Rate type: variable",
                       "This rate is not fixed and can go up or down."))
    evidence = {("loan_type",): product, ("fixed_rate",): fixed_text}
    left_y, left_m = divmod(term - age - 12, 12)
    redeem = round(balance * (1 + rng.uniform(0.005, 0.03)) + rng.choice([0, 30, 50, 95]), 2)

    def names_cell() -> L.Cell:
        c = L.cell(people[0], ("borrower",))
        return L.join(c, L.cell(rng.choice([" and ", " & "])), L.cell(joint, ("joint_borrower",))) if joint else c

    def rate_lines() -> None:
        """The rate with its base and margin, the fixed-rate end and reversion rate, the rate
        before a change and the APR: all percentages beside the one asked for."""
        doc.add(rng.choice(["Interest rate at the end of the year: ", "Current interest rate: ",
                            "Your rate: "]))
        L.write(doc, _pct(kit, ("interest_rate",), rate))
        if not fixed and mortgage:
            base = round(rng.uniform(0.5, min(5.25, rate - 0.4)), 2)
            L.write(doc.add(f" ({BASE_RATES[kit.locale]} of "), _pct(kit, None, base))
            L.write(doc.add(" plus a margin of "), _pct(kit, None, round(rate - base, 2))).add(")")
        doc.line().line(fixed_text)
        if fixed and mortgage:
            until = _add_months(end, rng.randint(3, 40)).replace(day=1) - dt.timedelta(days=1)
            kit.date(doc.add("Your fixed rate ends on "), None, until).add("; you will then move to our ")
            L.write(doc.add("standard variable rate, currently "),
                    _pct(kit, None, round(rate + rng.uniform(1.5, 3.5), 2))).line(".")
        if change is not None:
            kit.date(doc.add("Your rate changed from "), None, _add_months(start, change))
            L.write(doc.add(": it was "), _pct(kit, None, old_rate)).line(" before that date.")
        label = "APR" if kit.locale == "en_US" else rng.choice(["APR", "APRC", "Representative APR"])
        L.write(doc.add(f"{label}: "), _pct(kit, None, round(rate + rng.uniform(0.1, 1.6), 1))).line()

    def payment_lines() -> None:
        pay_day = rng.randint(1, 28)
        if change is not None:
            kit.money(doc.add("Your monthly payment changed from "), None, old_payment)
            kit.money(doc.add(" to "), ("monthly_payment",), payment)
            kit.date(doc.add(" from "), None, _add_months(start, change).replace(day=pay_day)).line(".")
        else:
            kit.money(doc.add(rng.choice(["Monthly payment: ", "Your monthly payment is ",
                                          "Contractual monthly payment: "])), ("monthly_payment",), payment)
            doc.line(f", collected on the {pay_day}{ORDINALS.get(pay_day, 'th')} of each month.")
        doc.line(f"Paid by direct debit from your {paying}.")
        left = [f"{k} {unit}{'s' * (k > 1)}" for k, unit in ((left_y, "year"), (left_m, "month")) if k]
        doc.line(f"Remaining term: {' '.join(left)} (original term {term // 12} years)")

    def summary_rows() -> list[tuple[str, L.Cell]]:
        rows = [(f"Balance on {kit.date_text(start)}", kit.money_cell(("opening_balance",), opening)),
                ("Interest charged", kit.money_cell(("interest_charged",), interest_total)),
                ("Payments received", kit.money_cell(None, paid))]
        for label, credit in (("Fees and charges", False), ("Additional payments", True)):
            x = sum(t["amount"] for t in transactions if t["credit"] == credit)
            if x:
                rows.append((label, kit.money_cell(None, round(x, 2))))
        return rows + [(f"Balance on {kit.date_text(end)}", kit.money_cell(("closing_balance",), balance))]

    def transactions_block() -> None:
        if not transactions:
            doc.line(rng.choice(["There were no other transactions this year.", "Other transactions: none"]))
            return
        doc.line(rng.choice(["Other transactions", "Additional payments and charges",
                             "Transactions other than your monthly payments"]) + ":")
        style, split = rng.choice(["table", "table", "lines", "one_line"]), kit.chance(0.5)
        if style == "table":    # debit and credit columns, or one column with "CR"
            rows = []
            for i, t in enumerate(transactions):
                at = ("transactions", i)
                money = kit.money_cell(at + ("amount",), t["amount"])
                cols = ([L.cell(""), money] if t["credit"] else [money, L.cell("")]) if split else [
                    L.join(money, L.cell(" CR" * t["credit"]))]
                rows.append([kit.date_cell(at + ("date",), dt.date.fromisoformat(t["date"])),
                             L.cell(t["description"], at + ("description",))] + cols)
            L.table(doc, rng, ["Date", "Description"] + (["Debit", "Credit"] if split else ["Amount"]), rows)
            return
        for i, t in enumerate(transactions):    # "- 12/05/2024 Overpayment £2,000.00 (credit)"
            at = ("transactions", i)
            doc.add("- " if style == "lines" else "; " if i else "")
            kit.date(doc, at + ("date",), dt.date.fromisoformat(t["date"]))
            doc.add(" ").put(at + ("description",), t["description"]).add(" ")
            kit.money(doc, at + ("amount",), t["amount"]).add(" (credit)" * t["credit"])
            doc.add("\n" if style == "lines" else "")
        doc.add(".\n" if style == "one_line" else "")

    def missed_block() -> None:
        _strings(kit, doc, "missed_payments", facts["missed_payments"],
                 rng.choice(["Missed payments", "Payments not received", "Months in arrears"]),
                 rng.choice(["All payments were received on time.", "No payments were missed this year.",
                             "Missed payments: none"]))
        if missed:
            kit.money(doc.add("Arrears at the end of the period: "), None, round(payment * len(missed), 2))
            doc.line()

    heading = rng.choice(["ANNUAL STATEMENT", "Annual mortgage statement" if mortgage
                          else "Annual loan statement", "Yearly account statement"])
    layout = rng.choice(["statement", "letter", "portal"])
    if layout == "statement":
        doc.put(("lender",), facts["lender"]).line().line(heading).line()
        L.kv(doc, rng, [
            (rng.choice(["Borrower(s)", "Account holder(s)", "Name(s)"]), names_cell()),
            (rng.choice(["Loan number", "Account number", "Mortgage account"]),
             L.cell(number, ("loan_number",))), ("Customer number", L.cell(customer_no)),
            ("Statement period", L.join(kit.date_cell(None, start), L.cell(" to "),
                                        kit.date_cell(("period_end",), end))),
            ("Date of issue", kit.date_cell(None, issued))])
        doc.line().line(f"{product_label}: {product}").line()
        kit.pad(doc)
        doc.line(rng.choice(["Summary of your account", "Your year at a glance", "ACCOUNT SUMMARY"]))
        L.kv(doc, rng, summary_rows(), rng.choice(["colon", "aligned", "dots", "pipe", "grid"]))
    elif layout == "letter":
        doc.put(("lender",), facts["lender"]).line()
        L.write(kit.date(doc, None, issued).line().line().add("Dear "), names_cell()).line(",").line()
        doc.add("Your annual statement for account ").put(("loan_number",), number)
        kit.date(doc.add(" covers the twelve months to "), ("period_end",), end).line(".")
        doc.line(f"{product_label}: {product}").line()
        kit.money(doc.add(f"On {kit.date_text(start)} you owed "), ("opening_balance",), opening)
        kit.money(doc.add(". During the year we added interest of "), ("interest_charged",), interest_total)
        kit.money(doc.add(" and received payments of "), None, paid)
        kit.money(doc.add(". The balance outstanding at the end of the period was "), ("closing_balance",),
                  balance).line(".")
        kit.money(doc.add(f"To repay the loan in full on {kit.date_text(issued)} you would need "), None, redeem)
        doc.line(" (includes interest to that date and any charges).")
    else:                       # an online banking export
        doc.add(f"# {heading.title() if heading.isupper() else heading} - ")
        doc.put(("lender",), facts["lender"]).line().line()
        doc.add("**Loan account:** ").put(("loan_number",), number).line(f"  |  **Customer no.:** {customer_no}")
        L.write(doc.add("**Borrowers:** " if joint else "**Borrower:** "), names_cell()).line()
        kit.date(doc.add(f"**Period:** {kit.date_text(start)} - "), ("period_end",), end).line()
        doc.line(f"**{product_label}:** {product}").line().line("## Balances").line()
        L.table(doc, rng, ["Item", "Amount"], [[L.cell(k), v] for k, v in summary_rows()], "pipe")
        doc.line().line("## Rate and payments")
    doc.line()
    kit.pad(doc)
    rate_lines()
    payment_lines()
    doc.line()
    if layout == "portal":
        doc.line("## Transactions").line()
    transactions_block()
    doc.line()
    missed_block()
    if layout == "letter":
        doc.line().line(f"Yours sincerely,\n{people[2]}\nRelationship manager")
    elif layout == "portal":
        kit.money(doc.add("Settlement figure quoted on request today: "), None, redeem).line()
        kit.date(doc.add("Generated "), None, issued).line(f" - contact {people[2]} with any questions")
    kit.pad(doc)
    return Draft(("Loan statement", "Annual mortgage statement", "Annual loan statement"), LOAN_FIELDS,
                 facts, doc, evidence)


# ---- bureau de change receipt ---------------------------------------------------------------

BUREAUS = {"en_GB": ("{last} Currency Exchange", "{city} Bureau de Change", "TravelCash {last}"),
           "en_US": ("{last} Foreign Exchange", "{city} Currency Center", "Globe {last} FX"),
           "de_DE": ("Reisebank {city}", "Wechselstube {last}", "Geldwechsel {last} GmbH"),
           "fr_FR": ("Change {last}", "Bureau de change de {city}", "{last} Change & Voyages")}
BRANCHES = ["{city} Airport, Terminal {n}", "{city} Central Station", "{street}, {city}",
            "{city} ferry terminal", "{last} Shopping Centre, {city}"]
HOME = {"en_US": ("USD", "$"), "en_GB": ("GBP", "£"), "de_DE": ("EUR", "€"), "fr_FR": ("EUR", "€")}
PER_EUR = {"USD": 1.08, "GBP": 0.855, "EUR": 1.0, "CHF": 0.95, "JPY": 161.0, "CAD": 1.47, "AUD": 1.64,
           "NZD": 1.78, "SEK": 11.4, "NOK": 11.6, "DKK": 7.46, "PLN": 4.32, "CZK": 25.1,
           "HUF": 392.0, "TRY": 35.0, "MXN": 19.5, "THB": 38.9, "AED": 3.97, "ZAR": 20.1}
WHOLE = {"JPY", "HUF", "CZK", "THB"}     # sold in notes only, written without decimals
EXCHANGE_TYPES = {   # from the customer's side: how a receipt states it
    "customer_buys": ("Transaction type: WE SELL", "Sale of foreign currency to customer",
                      "Type: SALE (foreign currency sold to you)", "You bought foreign currency"),
    "customer_sells": ("Transaction type: WE BUY", "Purchase of foreign currency from customer",
                       "Type: BUY-BACK (foreign currency bought from you)", "You sold foreign currency")}
ID_DOCUMENTS = {"en_GB": ["Passport", "UK driving licence", "Proof of address", "National ID card"],
                "en_US": ["Passport", "Driver's license", "State ID card", "Proof of address"],
                "de_DE": ["Personalausweis", "Reisepass", "Führerschein", "Meldebescheinigung"],
                "fr_FR": ["Carte nationale d'identité", "Passeport", "Permis de conduire",
                          "Justificatif de domicile"]}
EXCHANGE_FIELDS = [
    F.text("bureau", "Bureau", "Name of the bureau de change (not the branch).", "company",
           "exchange_office", keep=0.7),
    F.text("branch", "Branch", "Branch or location where the exchange took place, if printed.",
           "location", "store", optional=True, keep=0.5),
    F.text("receipt_number", "Receipt number", ("Number of the receipt or transaction (not the till or "
                                                "cashier number).", "Receipt or transaction reference."),
           "transaction_number", "receipt_no"),
    F.date("transaction_date", "Date", ("Date of the exchange (not the buy-back expiry).",
                                        "Transaction date."), "date", "exchange_date"),
    F.text("transaction_time", "Time", "Time of the exchange, as printed.", "time", optional=True, keep=0.5),
    F.choice("transaction_type", "Transaction type", "Whether the customer bought foreign currency or sold "
             "it back.", list(EXCHANGE_TYPES), "direction", "type",
             option_descriptions=("The customer bought foreign currency.",
                                  "The customer sold foreign currency.")),
    F.items("lines", "Currencies", ("Each foreign currency exchanged, in receipt order.",
                                    "The currency lines of the receipt."), [
        F.text("currency", "Currency", "ISO code of the foreign currency.", "currency_code", "code"),
        F.number("amount", "Foreign amount", "Amount of foreign currency (not its value in the home "
                 "currency).", "foreign_amount", "quantity"),
        F.text("rate", "Rate", "Exchange rate applied, as printed (not the rate the other way or a "
               "reference rate).", "exchange_rate", keep=0.8),
    ], "currency_lines", "exchanged"),
    F.number("total", "Total", ("Total paid or paid out in the home currency, fees included (not a line "
                                "value or the cash handed over).", "Total in local currency."),
             "total_amount", "local_total"),
    F.number("commission", "Commission", "Commission charged; null when commission-free.", "fee",
             "commission_fee", optional=True, keep=0.7),
    F.choice("payment_method", "Payment method", "How the home-currency side was paid.", ["cash", "card"],
             "paid_by", "settlement", keep=0.5),
    F.flag("buyback_guarantee", "Buy-back guarantee", "Whether a buy-back guarantee was bought with the "
           "currency.", "buy_back", "buyback", keep=0.7),
    F.text("customer", "Customer", "Customer's name, if recorded (not the cashier).", "customer_name",
           "client", optional=True, keep=0.6),
    F.strings("identity_documents", "Identity documents", "Identity documents seen for the transaction; "
              "empty when none were taken.", "id_documents", "id_seen", keep=0.6),
]


def _foreign(kit: Kit, per_home: float, buys: bool) -> float:
    """A foreign amount a customer would exchange: round sums to travel, notes left over."""
    value = (kit.rng.choice([100, 150, 200, 250, 300, 400, 500, 600, 750, 1000, 1500, 2000]) if buys
             else kit.rng.uniform(25, 400))
    raw = value * per_home
    step = 10 ** max(0, len(str(int(raw))) - 2) * (1 if buys else 0.5)
    return float(max(step, round(raw / step) * step))


def currency_exchange_receipt(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    home, symbol = HOME[kit.locale]
    cash_form, at_form = rng.choice(["symbol", "symbol", "before", "after"]), kit.chance(0.5)  # per receipt
    kind = rng.choice(list(EXCHANGE_TYPES))
    buys = kind == "customer_buys"
    lines, values, other_rates, refs = [], [], [], []
    for code in rng.sample([c for c in PER_EUR if c != home], rng.choice([1, 1, 1, 1, 2, 2, 3])):
        mid = PER_EUR[code] / PER_EUR[home] * rng.uniform(0.97, 1.03)
        spread, places = rng.uniform(0.03, 0.09), 4 if mid < 10 else 2
        rate = round(mid * (1 - spread if buys else 1 + spread), places)     # the bureau's margin
        amount = _foreign(kit, mid, buys)
        lines.append({"currency": code, "amount": amount, "rate": kit.style.decimal(rate, places)})
        values.append(round(amount / rate, 2))
        other_rates.append(kit.style.decimal(mid * (1 + spread if buys else 1 - spread), places))
        refs.append(kit.style.decimal(mid, places))
    subtotal = round(sum(values), 2)
    commission_kind, pct = rng.choice(["free", "free", "flat", "percent"]), rng.choice([1.0, 1.5, 2.0])
    commission = {"free": None, "flat": float(rng.choice([2.5, 2.95, 3.0, 3.5, 4.99])),
                  "percent": max(3.0, round(subtotal * pct / 100, 2))}[commission_kind]
    if not buys and commission is not None and commission > subtotal / 3:
        commission = None
    buyback = buys and kit.chance(0.45)
    buyback_fee = float(rng.choice([3.5, 3.95, 4.5, 5.0])) if buyback else 0.0
    total = round(subtotal + (commission or 0) + buyback_fee if buys else subtotal - (commission or 0), 2)
    method = "cash" if not buys and kit.chance(0.85) else rng.choice(["cash", "card"])
    day, r = kit.day(), rng.randint
    ids = (rng.sample(ID_DOCUMENTS[kit.locale], rng.choice([1, 1, 2]))
           if kit.chance(0.85 if total > 1000 else 0.12) else [])
    cashier, customer = kit.names(2)
    number = rng.choice([f"{r(100, 999)}-{r(10**5, 10**6 - 1)}", f"R{r(10**6, 10**7 - 1)}",
                         f"{day.strftime('%y%m%d')}{r(1000, 9999)}"])
    facts = {"bureau": rng.choice(BUREAUS[kit.locale]).format(city=fake.city(), last=fake.last_name()),
             "branch": kit.maybe(rng.choice(BRANCHES).format(
                 city=fake.city(), n=r(1, 5), street=fake.street_name(), last=fake.last_name()), 0.75),
             "receipt_number": number, "transaction_date": day.isoformat(),
             "transaction_time": kit.maybe(clock(r(7 * 60, 21 * 60), kit.locale == "en_US"
                                                 and kit.chance(0.5)), 0.7),
             "transaction_type": kind, "lines": lines, "total": total, "commission": commission,
             "payment_method": method, "buyback_guarantee": buyback,
             "customer": customer if ids and kit.chance(0.8) else None, "identity_documents": ids}
    type_text = rng.choice(EXCHANGE_TYPES[kind])
    card = f"{rng.choice(['Visa Debit', 'Mastercard', 'Debit Mastercard', 'Visa'])} ****{r(0, 9999):04d}"
    if buys:
        method_text = (rng.choice(["Paid: CASH", "Payment method: cash", "Paid in cash"]) if method == "cash"
                       else rng.choice([f"Paid by card: {card}", f"Payment: {card}"]))
    else:
        method_text = (rng.choice(["Paid out: CASH", "Settled in cash", "Payout method: cash"])
                       if method == "cash" else f"Paid out to card {card}")
    expires = kit.date_text(day + dt.timedelta(days=rng.choice([28, 30, 90])))
    buyback_text = says(rng, buyback,
                        (f"Buy-back guarantee purchased: valid until {expires}.",
                         f"Buy-back guarantee: YES (sell unused notes back at today's rate until {expires})"),
                        ("No buy-back guarantee purchased.", "Buy-back guarantee: not taken",
                         "Buy-back guarantee declined.") if buys
                        else ("No buy-back guarantee on this transaction.",))
    evidence = {("transaction_type",): type_text, ("payment_method",): method_text,
                ("buyback_guarantee",): buyback_text}
    tendered = float(-(-int(total + 1) // 20) * 20) if method == "cash" and buys else None

    def money(path: Path | None, x: float) -> L.Cell:
        """A home-currency amount in the receipt's form ("£411.52", "EUR 297,32", "297,32 EUR")."""
        number = kit.style.decimal(x, 2)
        if cash_form == "symbol":
            return (L.join(L.cell(symbol), L.cell(number, path)) if symbol in "$£"
                    else L.join(L.cell(number, path), L.cell(f" {symbol}")))
        return (L.join(L.cell(f"{home} "), L.cell(number, path)) if cash_form == "before"
                else L.join(L.cell(number, path), L.cell(f" {home}")))

    def amount(i: int) -> L.Cell:
        x = lines[i]["amount"]
        text = kit.style.integer(int(x)) if lines[i]["currency"] in WHOLE else kit.style.decimal(x, 2)
        return L.cell(text, ("lines", i, "amount"))

    def quote(i: int) -> L.Cell:
        """The rate as printed: "@ 1.2150" or "1 GBP = 1.2150 USD"."""
        gold = L.cell(lines[i]["rate"], ("lines", i, "rate"))
        return (L.join(L.cell("@ "), gold) if at_form
                else L.join(L.cell(f"1 {home} = "), gold, L.cell(f" {lines[i]['currency']}")))

    def fee_rows() -> list[tuple[str, L.Cell]]:
        """Subtotal, commission, buy-back fee, total, cash and change: amounts beside the total."""
        rows = [("Subtotal", money(None, subtotal))] if len(lines) > 1 or commission or buyback else []
        if commission is not None:
            rows.append((f"Commission ({kit.style.decimal(pct, 1)}%)" if commission_kind == "percent"
                         else "Commission", money(("commission",), commission)))
        if buyback:
            rows.append(("Buy-back guarantee fee", money(None, buyback_fee)))
        rows.append((rng.choice(["TOTAL", "Total paid" if buys else "Total paid to you", f"Total {home}"]),
                     money(("total",), total)))
        if tendered is not None and kit.chance(0.6):
            rows += [("Cash tendered", money(None, tendered)),
                     ("Change", money(None, round(tendered - total, 2)))]
        return rows

    def extras() -> None:
        doc.line(method_text)
        if commission is None:
            doc.line(rng.choice(["0% commission", "Commission-free exchange"]))
        doc.line(buyback_text)
        for i, x in enumerate(lines):       # the rate the other way, or the mid-market rate
            roll = rng.random()
            if roll < 0.4:
                doc.line(f"Our {'buy' if buys else 'sell'} rate for {x['currency']} today: {other_rates[i]}")
            elif roll < 0.6:
                doc.line(f"{'ECB reference' if home == 'EUR' else 'Mid-market'} rate {x['currency']}: {refs[i]}")
        if ids:
            doc.add(rng.choice(["ID seen: ", "Identification: ", "Documents checked: "]))
            L.series(doc, ("identity_documents",), ids, rng.choice([", ", " and "])).line()
        elif kit.chance(0.4):
            doc.line("No identification required.")
        if facts["customer"]:
            doc.add(rng.choice(["Customer: ", "Customer name: "])).put(("customer",), customer).line()

    layout = rng.choice(["till", "record", "email"])
    if layout == "till":        # a narrow till slip
        rule = "-" * rng.randint(32, 40)
        doc.put(("bureau",), facts["bureau"]).line()
        if facts["branch"]:
            doc.put(("branch",), facts["branch"]).line()
        doc.line(rule).add(rng.choice(["Receipt no: ", "Receipt ", "Trans. no. "]))
        doc.put(("receipt_number",), number).line(f"  Till {r(1, 8)}")
        kit.date(doc.add("Date: "), ("transaction_date",), day)
        if facts["transaction_time"]:
            doc.add("  Time: ").put(("transaction_time",), facts["transaction_time"])
        doc.line().line(f"Cashier: {cashier.split()[0]} (ID {r(100, 9999):04d})").line(type_text).line(rule)
        for i, x in enumerate(lines):
            doc.add(rng.choice(["", "Currency "])).put(("lines", i, "currency"), x["currency"])
            L.write(doc.add("  "), amount(i))
            L.write(doc.add("  "), quote(i)).line()
            L.write(doc.add("    = "), money(None, values[i])).line()
        doc.line(rule)
        L.kv(doc, rng, fee_rows(), rng.choice(["aligned", "dots", "colon"]))
        doc.line(rule)
        kit.pad(doc)
        extras()
        doc.line("Thank you - please check your money before leaving the counter.")
    elif layout == "record":    # an A4 transaction record
        doc.line(rng.choice(["FOREIGN EXCHANGE TRANSACTION RECORD", "Currency exchange receipt",
                             "Bureau de change - customer copy"]))
        doc.put(("bureau",), facts["bureau"]).line().line()
        rows = [(rng.choice(["Receipt number", "Transaction no.", "Reference"]),
                 L.cell(number, ("receipt_number",))), ("Date", kit.date_cell(("transaction_date",), day))]
        if facts["transaction_time"]:
            rows.append(("Time", L.cell(facts["transaction_time"], ("transaction_time",))))
        if facts["branch"]:
            rows.append(("Branch", L.cell(facts["branch"], ("branch",))))
        L.kv(doc, rng, rows + [("Served by", L.cell(cashier))])
        doc.line().line(type_text).line()
        kit.pad(doc)
        L.table(doc, rng, ["Currency", "Amount", "Rate", f"Value ({home})"], [
            [L.cell(x["currency"], ("lines", i, "currency")), amount(i),
             L.cell(x["rate"], ("lines", i, "rate")), L.cell(kit.style.decimal(values[i], 2))]
            for i, x in enumerate(lines)])
        doc.line()
        L.kv(doc, rng, fee_rows(), rng.choice(["aligned", "dots", "colon", "pipe"]))
        doc.line()
        extras()
        doc.line("Rates are set daily and include our margin.")
    else:                       # an e-receipt sent after the visit
        doc.line(f"From: receipts@{facts['bureau'].split()[0].lower().strip(chr(39))}.example")
        doc.add("Subject: Your receipt ").put(("receipt_number",), number).line().line()
        doc.add("Thank you for exchanging your money with ").put(("bureau",), facts["bureau"])
        if facts["branch"]:
            doc.add(" at ").put(("branch",), facts["branch"])
        kit.date(doc.add(" on "), ("transaction_date",), day)
        if facts["transaction_time"]:
            doc.add(" at ").put(("transaction_time",), facts["transaction_time"])
        doc.line(".").line().line(type_text)
        for i, x in enumerate(lines):   # "- 500.00 USD at a rate of 1 GBP = 1.2150 USD, worth £411.52"
            L.write(doc.add("- "), amount(i)).add(" ").put(("lines", i, "currency"), x["currency"])
            L.write(doc.add(" " if at_form else " at a rate of "), quote(i))
            L.write(doc.add(", worth "), money(None, values[i])).line()
        doc.line()
        kit.pad(doc)
        for label, c in fee_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        extras()
        doc.line(f"You were served by {cashier}.")
    kit.pad(doc)
    return Draft(("Currency exchange receipt", "Bureau de change receipt", "Foreign exchange receipt"),
                 EXCHANGE_FIELDS, facts, doc, evidence)


# ---- trade confirmation / contract note -----------------------------------------------------

BROKERS = {"en_US": ("{last} Securities LLC", "{last} & {other} Brokerage", "{city} Investor Services Inc."),
           "en_GB": ("{last} Stockbrokers Ltd", "{last} {other} Wealth", "{city} Share Dealing"),
           "de_DE": ("{last} Direktbank AG", "{last} Wertpapierhandelsbank", "Sparkasse {city}"),
           "fr_FR": ("{last} Bourse", "Société de Bourse {last}", "Banque {last} - Service Titres")}
VENUES = {"en_US": ["NYSE", "Nasdaq", "NYSE Arca", "Cboe BZX"],
          "en_GB": ["London Stock Exchange", "LSE (SETS)", "Cboe Europe", "Aquis"],
          "de_DE": ["Xetra", "Börse Frankfurt", "Tradegate", "Börse Stuttgart"],
          "fr_FR": ["Euronext Paris", "Euronext Paris (CAC)"]}
SECTORS = ["Industries", "Energy", "Pharma", "Holdings", "Technologies", "Mining", "Foods", "Logistics",
           "Telecom", "Insurance", "Semiconductors", "Retail"]
SUFFIXES = {"en_US": ["Inc.", "Corp."], "en_GB": ["plc", "Group plc"], "de_DE": ["AG", "SE"],
            "fr_FR": ["SA", "SE"]}
FUNDS = ["Global Equity Index ETF", "World Dividend UCITS ETF", "Short Duration Bond ETF",
         "Europe Small Cap UCITS ETF", "Emerging Markets Index ETF"]
ORDER_TYPES = {"market": ("Order type: Market", "Order: at best", "Market order"),
               "limit": ("Order type: Limit {limit}", "Limit order, limit {limit}", "Limit: {limit}"),
               "stop": ("Order type: Stop {limit}", "Stop-loss order triggered at {limit}",
                        "Stop order, stop price {limit}")}
SIDES = {"buy": ("We have today BOUGHT for you", "Transaction: BUY", "You bought"),
         "sell": ("We have today SOLD on your behalf", "Transaction: SELL", "You sold")}
NATIVE = {   # de_DE / fr_FR settlement notes: (title per side, labels)
    "de_DE": ({"buy": "Wertpapierabrechnung: Kauf", "sell": "Wertpapierabrechnung: Verkauf"},
              {"client": "Depotinhaber", "account": "Depotnummer", "trade": "Handelstag",
               "time": "Handelszeit", "settle": "Valuta", "venue": "Handelsplatz", "qty": "Stück",
               "price": "Kurs", "gross": "Kurswert", "net": "Ausmachender Betrag", "id": "ISIN"}),
    "fr_FR": ({"buy": "Avis d'opéré : Achat", "sell": "Avis d'opéré : Vente"},
              {"client": "Titulaire", "account": "Compte titres n°", "trade": "Date d'exécution",
               "time": "Heure", "settle": "Date de règlement", "venue": "Lieu d'exécution",
               "qty": "Quantité", "price": "Cours", "gross": "Montant brut", "net": "Montant net",
               "id": "Code ISIN"})}
TRADE_FIELDS = [
    F.text("client", "Client", ("Account holder the trade was made for (not the adviser).",
                                "Name of the client."), "account_holder", "investor"),
    F.text("account_number", "Account number",
           "Client's trading or custody account number (not an order or trade reference).",
           "account", "depot_number", keep=0.8),
    F.date("trade_date", "Trade date", ("Date the order was executed (not the settlement date).",
                                        "Execution date."), "execution_date", "date"),
    F.date("settlement_date", "Settlement date",
           "Date cash and securities are exchanged (not the trade date).", "value_date",
           "settles_on", keep=0.7),
    F.choice("side", "Side", "Whether the client bought or sold.", ["buy", "sell"], "action",
             "buy_sell"),
    F.text("security", "Security", "Name of the security traded.", "instrument", "stock",
           "security_name"),
    F.text("isin", "ISIN", "ISIN of the security (not the ticker, WKN, SEDOL or CUSIP), if printed.",
           "isin_code", optional=True, keep=0.7),
    F.integer("quantity", "Quantity", "Number of shares or units traded (not the holding after "
              "the trade).", "shares", "units", "qty"),
    F.number("price", "Price", "Execution price per share (not a limit or stop price).",
             "execution_price", "price_per_share"),
    F.number("net_amount", "Net amount",
             ("Amount debited or credited after all charges (not the gross consideration).",
              "Total settlement amount."), "total", "settlement_amount", "net_consideration"),
    F.items("charges", "Charges", ("Each charge, fee or tax listed on the note, in order.",
                                   "Commission, taxes and fees."), [
        F.text("name", "Charge", "Name of the charge as printed.", "description", "type"),
        F.number("amount", "Amount", "Amount of the charge.", "value"),
    ], "fees", "costs", keep=0.8),
    F.choice("order_type", "Order type", "Kind of order that was executed.", list(ORDER_TYPES),
             "order_kind", keep=0.6),
    F.flag("advised", "Advised", "Whether the trade was recommended or solicited by the broker "
           "(false for execution-only or unsolicited orders).", "solicited", "advised_trade", keep=0.7),
    F.text("venue", "Venue", "Exchange or venue where the trade was executed, if printed.",
           "execution_venue", "exchange", optional=True, keep=0.5),
]


def _isin(kit: Kit, country: str) -> str:
    """A well-formed ISIN: the country's usual prefix, digits and the Luhn check digit."""
    prefix = {"US": "US", "GB": "GB00B", "DE": "DE000", "FR": "FR0000", "IE": "IE00B", "LU": "LU0"}[country]
    body = prefix + "".join(kit.rng.choice("0123456789") for _ in range(11 - len(prefix)))
    digits = [int(c) for c in "".join(str(int(c, 36)) for c in body)]
    total = sum(d * 2 // 10 + d * 2 % 10 if i % 2 == 0 else d for i, d in enumerate(reversed(digits)))
    return body + str((10 - total % 10) % 10)


def _charges(kit: Kit, side: str, gross: float, qty: int, domestic: bool) -> list[dict]:
    """The charges a broker of the record's locale lists: commission, taxes and levies."""
    rng, loc, out = kit.rng, kit.locale, []
    if loc == "en_GB":
        out.append(("Commission", float(rng.choice([5.95, 8.95, 9.99, 11.95]))))
        if side == "buy" and domestic:
            out.append(("Stamp Duty Reserve Tax", round(gross * 0.005, 2)))
        if gross > 10_000:
            out.append(("PTM levy", 1.5))
    elif loc == "en_US":        # often commission-free; regulatory fees on sales only
        if kit.chance(0.4):
            out.append(("Commission", float(rng.choice([4.95, 6.95, 9.99]))))
        if side == "sell":
            out += [("SEC fee", max(0.01, round(gross * 27.8e-6, 2))),
                    ("FINRA TAF", max(0.01, min(8.3, round(qty * 0.000166, 2))))]
    elif loc == "de_DE":
        out += [(rng.choice(["Provision", "Orderprovision"]), min(59.0, max(9.9, round(gross * 0.0025, 2)))),
                (rng.choice(["Börsenentgelt", "Handelsplatzentgelt"]), float(rng.choice([1.5, 2.0, 2.5])))]
        if kit.chance(0.3):
            out.append(("Fremde Spesen", kit.amount(0.5, 3)))
    else:
        out.append(("Courtage", max(5.0, round(gross * rng.choice([0.005, 0.0045, 0.0035]), 2))))
        if side == "buy" and domestic:
            out.append(("TTF (0,3 %)", round(gross * 0.003, 2)))
        if kit.chance(0.3):
            out.append(("Frais de marché", kit.amount(0.5, 2.5)))
    return [{"name": n, "amount": a} for n, a in out]


def trade_confirmation(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    side, fund, last, r = rng.choice(["buy", "buy", "sell"]), kit.chance(0.25), fake.last_name(), rng.randint
    country = rng.choice(["IE", "LU"]) if fund else kit.locale[-2:]
    security = (f"{last} {rng.choice(FUNDS)}" if fund
                else f"{last} {rng.choice(SECTORS)} {rng.choice(SUFFIXES[kit.locale])}")
    ticker = ("".join(c for c in last.upper() if "A" <= c <= "Z") or "XYZ")[:rng.randint(3, 4)]
    price = round(rng.uniform(4, 420), 2)
    qty = rng.choice([rng.randint(1, 60), rng.randrange(50, 2001, 50), rng.randint(10, 900)])
    gross = round(qty * price, 2)
    charges = _charges(kit, side, gross, qty, not fund)
    total_charges = round(sum(c["amount"] for c in charges), 2)
    net = round(gross + total_charges if side == "buy" else gross - total_charges, 2)
    day = kit.day()
    day += dt.timedelta(days=7 - day.weekday() if day.weekday() >= 5 else 0)    # a trading day
    # US equities settle T+1 since 28 May 2024, European ones T+2
    settle = _business(day, 1 if kit.locale == "en_US" and day >= dt.date(2024, 5, 28) else 2)
    order = rng.choice(["market", "market", "limit", "limit"] + ["stop"] * (side == "sell"))
    limit = {"market": price, "stop": price + rng.choice([0.02, 0.1, 0.3]),
             "limit": price + rng.choice([0.05, 0.1, 0.25, 0.5]) * (1 if side == "buy" else -1)}[order]
    client, adviser = kit.names(2)
    account = {"en_US": f"{r(1000, 9999)}-{r(1000, 9999)}", "en_GB": f"{r(10**6, 10**7 - 1)}",
               "de_DE": f"{r(10**8, 10**9 - 1)}", "fr_FR": f"{r(10**9, 10**10 - 1)}"}[kit.locale]
    held = (0 if side == "buy" and kit.chance(0.4) else r(0, 3) * qty) + (qty if side == "sell" else 0)
    holding = held + qty if side == "buy" else held - qty
    facts = {"client": client, "account_number": account, "trade_date": day.isoformat(),
             "settlement_date": settle.isoformat(), "side": side, "security": security,
             "isin": kit.maybe(_isin(kit, country), 0.85), "quantity": qty, "price": price,
             "net_amount": net, "charges": charges, "order_type": order, "advised": kit.chance(0.3),
             "venue": kit.maybe(rng.choice(VENUES[kit.locale]), 0.6)}
    at_time = clock(r(9 * 60 + 1, 17 * 60 - 30), kit.locale == "en_US" and kit.chance(0.5))
    order_ref, trade_ref = f"ORD-{r(10**6, 10**7 - 1)}", f"{rng.choice(['T', 'C', 'CN'])}{r(10**7, 10**8 - 1)}"
    side_text = rng.choice(SIDES[side])
    order_text = rng.choice(ORDER_TYPES[order]).format(limit=kit.style.decimal(limit, 2))
    if kit.locale == "en_US":   # US confirmations mark the order solicited or unsolicited
        advised_text = says(rng, facts["advised"], ("SOLICITED", "Solicited by your representative"),
                            ("UNSOLICITED", "Unsolicited order: entered at your request, not recommended"))
    else:
        advised_text = says(rng, facts["advised"],
                            ("Advised: this trade follows our recommendation.", "Advisory trade"),
                            ("Execution-only: no advice was given.", "This transaction was not advised.",
                             "Execution-only (beratungsfreies Geschäft)" if kit.locale == "de_DE"
                             else "Execution only, without advice"))
    ids = {"en_US": f"Symbol: {ticker}   CUSIP: {r(10**8, 10**9 - 1)}",
           "en_GB": f"EPIC: {ticker}   SEDOL: B{r(10**5, 10**6 - 1)}",
           "de_DE": f"WKN: A{r(10**4, 10**5 - 1)}", "fr_FR": f"Code mnémonique : {ticker}"}[kit.locale]
    broker = rng.choice(BROKERS[kit.locale]).format(last=fake.last_name(), other=fake.last_name(),
                                                    city=fake.city())
    layout = rng.choice(["note", "confirm", "email"] + ["native"] * (kit.locale in NATIVE))
    if layout == "native":
        side_text = NATIVE[kit.locale][0][side]
    evidence = {("side",): side_text, ("order_type",): order_text, ("advised",): advised_text}

    def charge_block(style: str) -> None:
        if not charges:
            doc.line(rng.choice(["Commission: none", "No commission or fees charged."]))
            return
        if style == "table":
            L.table(doc, rng, ["Charge", "Amount"], [
                [L.cell(c["name"], ("charges", i, "name")), kit.money_cell(("charges", i, "amount"), c["amount"])]
                for i, c in enumerate(charges)])
        else:                   # "Commission: £9.99" lines, or "Charges: Courtage 11,39 €; TTF 6,84 €"
            doc.add("Charges: " if style == "line" else "")
            for i, c in enumerate(charges):
                doc.add("; " if i and style == "line" else "").put(("charges", i, "name"), c["name"])
                kit.money(doc.add(" " if style == "line" else ": "), ("charges", i, "amount"), c["amount"])
                doc.add("" if style == "line" else "\n")
            doc.add("\n" if style == "line" else "")
        if len(charges) > 1 and kit.chance(0.5):
            kit.money(doc.add("Total charges: "), None, total_charges).line()

    def footer() -> None:
        doc.line(order_text).line(advised_text)
        doc.line(f"Holding after this trade: {kit.style.integer(holding)} {'units' if fund else 'shares'}")
        doc.line(f"Adviser / contact: {adviser}")

    if layout == "native":      # a German or French settlement note with its own labels
        lab = NATIVE[kit.locale][1]
        doc.line(broker).line(side_text).line()
        rows = [(lab["client"], L.cell(client, ("client",))),
                (lab["account"], L.cell(account, ("account_number",))),
                (lab["trade"], kit.date_cell(("trade_date",), day)), (lab["time"], L.cell(at_time)),
                (lab["settle"], kit.date_cell(("settlement_date",), settle))]
        if facts["venue"]:
            rows.append((lab["venue"], L.cell(facts["venue"], ("venue",))))
        L.kv(doc, rng, rows, rng.choice(["aligned", "dots", "colon"]))
        doc.line().put(("security",), security).line()
        if facts["isin"]:
            doc.add(f"{lab['id']} ").put(("isin",), facts["isin"]).add("  ")
        doc.line(ids)
        L.kv(doc, rng, [(lab["qty"], kit.count_cell(("quantity",), qty)),
                        (lab["price"], kit.money_cell(("price",), price)),
                        (lab["gross"], kit.money_cell(None, gross))], "aligned")
        kit.pad(doc)
        charge_block("kv")
        kit.money(doc.add(f"{lab['net']}: "), ("net_amount",), net).line().line()
    elif layout == "note":      # a contract note
        doc.line(broker).line(rng.choice(["CONTRACT NOTE", "Contract note", "TRADE CONFIRMATION"]))
        doc.line(f"Contract note no. {trade_ref}").line()
        L.kv(doc, rng, [("Client", L.cell(client, ("client",))),
                        (rng.choice(["Account", "Account no.", "Account number"]),
                         L.cell(account, ("account_number",))), ("Order reference", L.cell(order_ref)),
                        ("Trade date", kit.date_cell(("trade_date",), day)), ("Time", L.cell(at_time)),
                        ("Settlement date", kit.date_cell(("settlement_date",), settle))]
               + ([("Venue", L.cell(facts["venue"], ("venue",)))] if facts["venue"] else [])
               + [("Capacity", L.cell("Agent"))])
        doc.line().line(side_text + ":").line()
        L.kv(doc, rng, [("Security", L.cell(security, ("security",))),
                        ("ISIN", L.cell(facts["isin"], ("isin",)) if facts["isin"] else L.cell("-")),
                        ("Identifiers", L.cell(ids)), ("Quantity", kit.count_cell(("quantity",), qty)),
                        ("Price", kit.money_cell(("price",), price)),
                        (rng.choice(["Consideration", "Gross amount", "Principal"]),
                         kit.money_cell(None, gross))])
        doc.line()
        kit.pad(doc)
        charge_block(rng.choice(["kv", "table", "line"]))
        kit.money(doc.add(rng.choice(["Total ", "Net amount ", "Amount "])
                          + ("due from you: " if side == "buy" else "due to you: ")), ("net_amount",), net)
        doc.line().line()
    elif layout == "confirm":   # a US-style confirmation: the trade as one table row
        doc.line(broker).line("CONFIRMATION OF TRADE").line()
        doc.add("Account holder: ").put(("client",), client).add("   Account: ").put(("account_number",), account)
        doc.line(f"   Ref: {trade_ref}").line(side_text).line()
        L.table(doc, rng, ["Trade date", "Settle date", "Qty", "Security", "Price", "Principal"], [[
            kit.date_cell(("trade_date",), day), kit.date_cell(("settlement_date",), settle),
            kit.count_cell(("quantity",), qty), L.cell(security, ("security",)),
            kit.money_cell(("price",), price), kit.money_cell(None, gross)]])
        doc.line()
        if facts["isin"]:
            doc.add("ISIN ").put(("isin",), facts["isin"]).add("   ")
        doc.line(ids)
        if facts["venue"]:
            doc.add("Executed on ").put(("venue",), facts["venue"]).line(f" at {at_time}")
        kit.pad(doc)
        charge_block(rng.choice(["kv", "table", "line"]))
        kit.money(doc.add("NET AMOUNT: "), ("net_amount",), net).line().line()
    else:                       # an execution e-mail
        doc.line(f"From: {broker} <trading@broker.example>").line("Subject: Order executed").line()
        doc.add("Dear ").put(("client",), client).line(",").line()
        doc.add("your order on account ").put(("account_number",), account).line(" has been executed.")
        doc.line(side_text + ":")
        kit.count(doc.add("  "), ("quantity",), qty).add(" x ").put(("security",), security)
        if facts["isin"]:
            doc.add(" (").put(("isin",), facts["isin"]).add(")")
        kit.money(doc.add(" at "), ("price",), price).line(rng.choice([" per share", " each", ""]))
        kit.date(doc.add("Executed "), ("trade_date",), day).add(f" at {at_time}")
        if facts["venue"]:
            doc.add(" on ").put(("venue",), facts["venue"])
        kit.date(doc.add(", settling "), ("settlement_date",), settle).line(".")
        kit.money(doc.add("Gross value: "), None, gross).line().line()
        kit.pad(doc)
        charge_block(rng.choice(["kv", "table", "line"]))
        kit.money(doc.add(f"Total {'debited from' if side == 'buy' else 'credited to'} your account: "),
                  ("net_amount",), net).line().line()
    footer()
    if layout == "email":
        doc.line(f"Your contract note {trade_ref} is in your document inbox.")
    kit.pad(doc)
    return Draft(("Trade confirmation", "Contract note", "Broker trade confirmation"), TRADE_FIELDS,
                 facts, doc, evidence)


# ---- card dispute form ----------------------------------------------------------------------

CARD_ISSUERS = {"en_US": ("{last} Bank", "{city} Credit Union", "{last} Card Services"),
                "en_GB": ("{last} Bank plc", "{city} Building Society", "{last} Card"),
                "de_DE": ("{last}bank AG", "Sparkasse {city}", "{last} Kreditkarten"),
                "fr_FR": ("Banque {last}", "Crédit {last}", "{last} Paiements")}
DISPUTE_REASONS = {   # reason: (the form's tick-box line, a letter's sentence, a portal's field)
    "unauthorised": ("I do not recognise this transaction and did not authorise it",
                     "I did not make or authorise these payments.", "fraud / unauthorised use"),
    "not_received": ("I paid for goods or services that I have not received",
                     "I paid but the goods never arrived.", "goods or services not received"),
    "not_as_described": ("The goods were faulty, damaged or not as described",
                         "The item I received was not as described.", "defective / not as described"),
    "duplicate": ("I was charged more than once for the same purchase",
                  "I was charged twice for one purchase.", "duplicate charge"),
    "cancelled_recurring": ("I cancelled a subscription or recurring payment but was still charged",
                            "I cancelled this subscription but the charges continued.",
                            "cancelled recurring payment"),
    "refund_not_credited": ("The merchant agreed a refund that has not been credited",
                            "The merchant promised a refund that has not reached my account.",
                            "credit not processed")}
SHOPS = ["{last} Electronics", "{last} Outdoor", "SP * {LAST}STORE", "PAYPAL *{LAST}", "{last} Furniture",
         "{LAST} ONLINE", "{last} Travel", "{last} Fashion", "TICKETS {LAST}"]
SUBSCRIPTIONS = ["{LAST} STREAMING", "{last} Fitness", "{LAST}*PREMIUM", "{last} Cloud Storage"]
ENCLOSURES = {"unauthorised": ["Police report", "Copy of my statement", "Letter from my bank"],
              "not_received": ["Order confirmation", "Correspondence with the merchant", "Tracking details"],
              "not_as_described": ["Photos of the item", "Order confirmation", "Return postage receipt",
                                   "Correspondence with the merchant"],
              "duplicate": ["Copy of the receipt", "Copy of my statement"],
              "cancelled_recurring": ["Cancellation e-mail", "Copy of my statement",
                                      "Correspondence with the merchant"],
              "refund_not_credited": ["Refund confirmation", "Return postage receipt",
                                      "Correspondence with the merchant"]}
DISPUTE_FIELDS = [
    F.text("issuer", "Card issuer", "Bank that issued the card.", "bank", "card_issuer", keep=0.5),
    F.text("cardholder", "Cardholder", ("Name of the cardholder making the dispute (not the "
                                        "merchant or the bank's agent).", "Cardholder name."),
           "name", "customer_name"),
    F.text("card_last4", "Card last four digits",
           "Last four digits of the card number (not the account or case number).", "card_ending",
           "last_four"),
    F.text("case_number", "Case number", "Dispute case number, if one has been assigned.",
           "claim_reference", "dispute_reference", optional=True, keep=0.6),
    F.date("form_date", "Form date", ("Date the cardholder signed or submitted the form (not a "
                                      "transaction date).", "Date of the dispute."),
           "date_signed", "submitted_on"),
    F.choice("dispute_reason", "Reason", "Why the transactions are disputed.", list(DISPUTE_REASONS),
             "reason", "dispute_type"),
    F.items("transactions", "Disputed transactions",
            ("Each transaction disputed, in the order listed (not genuine ones).",
             "The transactions the cardholder disputes."), [
        F.date("date", "Transaction date", "Date of the transaction (not the posting date).",
               "transaction_date"),
        F.text("merchant", "Merchant", "Merchant name as it appears on the statement.", "payee",
               "merchant_name"),
        F.number("amount", "Amount", "Amount billed in the card's currency (not a foreign amount).",
                 "billed_amount", "value"),
    ], "disputed_transactions", "charges"),
    F.number("total_disputed", "Total disputed", "Sum of the disputed amounts.", "amount_disputed",
             "total", keep=0.7),
    F.flag("card_in_possession", "Card in possession", "Whether the cardholder still has the card.",
           "has_card", "card_held", keep=0.8),
    F.flag("contacted_merchant", "Contacted merchant",
           "Whether the cardholder contacted the merchant before disputing.", "merchant_contacted",
           keep=0.7),
    F.date("merchant_contact_date", "Merchant contact date",
           "Date the merchant was contacted; null if not contacted or not given.", "contact_date",
           optional=True, keep=0.5),
    F.strings("enclosures", "Enclosures", "Documents enclosed with the form; empty when none.",
              "attachments", "supporting_documents", keep=0.7),
    F.text("phone", "Phone", "Cardholder's contact phone number, if given (not the bank's).",
           "daytime_phone", "telephone", optional=True, keep=0.5),
]


def _shop(kit: Kit, pool: list[str]) -> str:
    """A merchant as a statement names it ("Miller Outdoor", "PAYPAL *MILLER")."""
    last = kit.fake.last_name()
    return kit.rng.choice(pool).format(last=last, LAST="".join(c for c in last.upper() if c.isalpha()))


def card_dispute_form(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    reason = rng.choice(list(DISPUTE_REASONS))
    tick_line, letter_text, portal_text = DISPUTE_REASONS[reason]
    first = kit.day()
    if reason == "unauthorised":        # several charges at shops the cardholder never used
        n = rng.randint(1, 5)
        days = sorted(first + dt.timedelta(days=rng.randint(0, 6)) for _ in range(n))
        merchants, amounts = [_shop(kit, SHOPS) for _ in range(n)], [kit.amount(4, 400) for _ in range(n)]
    elif reason == "cancelled_recurring":   # the same subscription, month after month
        n = rng.randint(1, 4)
        days = [_add_months(first, k) for k in range(n)]
        merchants = [_shop(kit, SUBSCRIPTIONS)] * n
        amounts = [rng.choice([7.99, 9.99, 12.99, 19.99, 29.99, 49.0])] * n
    else:
        n = 2 if reason != "duplicate" and kit.chance(0.15) else 1
        days = [first + dt.timedelta(days=7 * k) for k in range(n)]
        merchants, amounts = [_shop(kit, SHOPS)] * n, [kit.amount(15, 900) for _ in range(n)]
    foreign = [reason == "unauthorised" and kit.chance(0.3) for _ in range(n)]
    posted = [d + dt.timedelta(days=rng.randint(1, 3)) for d in days]
    signed = days[-1] + dt.timedelta(days=rng.randint(8, 45))
    # a charge seen on the statement is noticed first; goods are chased after the promised day
    noticed = days[-1] + dt.timedelta(days=rng.randint(1, 5))
    contacted = kit.chance(0.15 if reason == "unauthorised" else 0.8)
    contact_day = noticed + dt.timedelta(days=rng.randint(1, (signed - noticed).days))
    possession = kit.chance(0.5 if reason == "unauthorised" else 0.9)
    holder, agent = kit.names(2)
    r = rng.randint
    last4, pool = f"{r(0, 9999):04d}", ENCLOSURES[reason]
    case = rng.choice([f"DSP-{signed.year}-{r(10**5, 10**6 - 1)}", f"CB{r(10**7, 10**8 - 1)}",
                       f"{r(100, 999)}-{r(1000, 9999)}-D"])
    facts = {"issuer": rng.choice(CARD_ISSUERS[kit.locale]).format(last=fake.last_name(), city=fake.city()),
             "cardholder": holder, "card_last4": last4,
             "case_number": kit.maybe(case, 0.6),
             "form_date": signed.isoformat(), "dispute_reason": reason,
             "transactions": [{"date": d.isoformat(), "merchant": m, "amount": a}
                              for d, m, a in zip(days, merchants, amounts)],
             "total_disputed": round(sum(amounts), 2), "card_in_possession": possession,
             "contacted_merchant": contacted,
             "merchant_contact_date": contact_day.isoformat() if contacted and kit.chance(0.8) else None,
             "enclosures": rng.sample(pool, min(len(pool), rng.choice([0, 1, 1, 2, 2, 3]))),
             "phone": kit.maybe(fake.phone_number(), 0.6)}
    account, helpline = f"{r(10**7, 10**8 - 1)}", fake.phone_number()
    card_text = rng.choice(["**** **** **** ", "XXXX-XXXX-XXXX-", "card ending "])
    card_cell = L.join(L.cell(card_text), L.cell(last4, ("card_last4",)))
    possession_text = says(rng, possession, ("I still have my card.", "Card in my possession: Yes",
                                             "The card is still in my possession."),
                           ("My card was lost or stolen, so it is not in my possession.",
                            "Card in my possession: No", "I no longer have the card."))
    evidence = {("card_in_possession",): possession_text}

    def contact_line() -> None:
        at = len(doc)
        if facts["merchant_contact_date"]:     # "I contacted the merchant on 14 May 2024"
            doc.add(rng.choice(["I contacted the merchant on ", "Merchant contacted: yes, on "]))
            kit.date(doc, ("merchant_contact_date",), contact_day)
        else:
            doc.add(says(rng, contacted, ("I have already contacted the merchant.", "Merchant contacted: yes"),
                         ("I have not contacted the merchant.", "Merchant contacted: no",
                          "I did not contact the merchant as I do not know them.")))
        evidence[("contacted_merchant",)] = doc.text_since(at)
        doc.line()

    def note(i: int) -> str:
        """The original amount of a charge made abroad, beside the billed one."""
        if not foreign[i]:
            return ""
        code = rng.choice([c for c in ("USD", "EUR", "GBP", "CHF", "SEK") if c != kit.style.currency])
        return f" (orig. {code} {kit.style.decimal(amounts[i] * rng.uniform(1.05, 1.3), 2)})"

    def transaction_block(style: str) -> None:
        notes = [note(i) for i in range(n)]
        if style == "table":
            L.table(doc, rng, ["Transaction date", "Posting date", "Merchant", "Amount"], [
                [kit.date_cell(("transactions", i, "date"), days[i]), kit.date_cell(None, posted[i]),
                 L.cell(merchants[i], ("transactions", i, "merchant")),
                 L.join(kit.money_cell(("transactions", i, "amount"), amounts[i]), L.cell(notes[i]))]
                for i in range(n)])
            return
        for i in range(n):      # "- 12/03/2024  SP * ACME  £45.99" or a sentence
            at = ("transactions", i)
            if style == "lines":
                kit.date(doc.add("- "), at + ("date",), days[i]).add("  ").put(at + ("merchant",), merchants[i])
                kit.money(doc.add("  "), at + ("amount",), amounts[i]).line(notes[i])
            else:
                kit.money(doc.add(rng.choice(["A payment of ", "A charge of "])), at + ("amount",), amounts[i])
                doc.add(notes[i] + " to ").put(at + ("merchant",), merchants[i])
                kit.date(doc.add(" on "), at + ("date",), days[i])
                kit.date(doc.add(" (posted "), None, posted[i]).line(").")

    def further() -> None:
        """Possession, contact, the genuine charges and the dates beside the asked ones."""
        doc.line(possession_text)
        contact_line()
        if reason == "duplicate":
            kit.money(doc.add("The first charge of "), None, amounts[0]).add(" on ")
            kit.date(doc, None, days[0] - dt.timedelta(days=rng.randint(0, 1)))
            doc.line(" is genuine and not disputed.")
        elif reason == "not_received":
            kit.date(doc.add("Delivery was promised by "), None, noticed).line(".")
        elif reason == "unauthorised" and kit.chance(0.5):
            kit.money(doc.add("The payment of "), None, kit.amount(5, 80)).add(f" to {fake.company()} on ")
            kit.date(doc, None, first - dt.timedelta(days=rng.randint(1, 5)))
            doc.line(" was made by me and is not disputed.")
        if reason in ("unauthorised", "duplicate", "cancelled_recurring"):
            kit.date(doc.add("I first noticed the charge on my statement on "), None, noticed).line(".")
        _strings(kit, doc, "enclosures", facts["enclosures"],
                 rng.choice(["Enclosed", "Documents enclosed", "Attachments"]),
                 rng.choice(["Enclosures: none", "No documents enclosed.", "Attachments: none"]))

    layout = rng.choice(["form", "letter", "portal"])
    if layout == "form":        # the bank's paper form, filled in
        doc.put(("issuer",), facts["issuer"]).line()
        doc.line(rng.choice(["CARD TRANSACTION DISPUTE FORM", "Chargeback request form",
                             "Disputed card transaction form"])).line().line("1. Your details")
        rows = [("Cardholder name", L.cell(holder, ("cardholder",))), ("Card number", card_cell),
                ("Account number", L.cell(account))]
        if facts["phone"]:
            rows.append(("Daytime phone", L.cell(facts["phone"], ("phone",))))
        L.kv(doc, rng, rows)
        doc.line().line("2. Transactions you dispute")
        transaction_block(rng.choice(["table", "table", "lines"]))
        kit.money(doc.add("Total disputed: "), ("total_disputed",), facts["total_disputed"]).line().line()
        kit.pad(doc)
        doc.line("3. Reason (tick one)")
        mark = rng.choice([("[X]", "[ ]"), ("☒", "☐"), ("(x)", "( )")])
        for key, (line, _, _) in DISPUTE_REASONS.items():
            doc.line(f"{mark[key != reason]} {line}")
        evidence[("dispute_reason",)] = f"{mark[0]} {tick_line}"
        doc.line().line("4. Further information")
        further()
        kit.date(doc.add(f"\nSigned: {holder}    Date: "), ("form_date",), signed).line()
        doc.add("For bank use - case no.: ")
        if facts["case_number"]:
            doc.put(("case_number",), facts["case_number"])
        doc.line("" if facts["case_number"] else "__________")
    elif layout == "letter":
        doc.put(("cardholder",), holder).line()
        if facts["phone"]:
            doc.add("Tel. ").put(("phone",), facts["phone"]).line()
        kit.date(doc.line(), ("form_date",), signed).line().line()
        doc.add("Disputes Team, ").put(("issuer",), facts["issuer"]).line().line()
        L.write(doc.add("Re: my " if card_text.startswith("card") else "Re: my card "), card_cell)
        doc.line(f", account {account}")
        if facts["case_number"]:
            doc.add("Your reference: ").put(("case_number",), facts["case_number"]).line()
        doc.line().line("Dear Sir or Madam,").line()
        doc.line(f"I wish to dispute the following transaction{'s' * (n > 1)} on my card.").line(letter_text)
        evidence[("dispute_reason",)] = letter_text
        transaction_block(rng.choice(["lines", "prose"]))
        kit.money(doc.add("In total I dispute "), ("total_disputed",), facts["total_disputed"]).line(".").line()
        kit.pad(doc)
        further()
        doc.line().line(f"Please contact me if you need anything further. (Your helpline: {helpline})")
        doc.line().line("Yours faithfully,").put(("cardholder",), holder).line()
    else:                       # an online banking dispute export
        doc.add(f"# Dispute {'submitted' if facts['case_number'] else 'draft'} - ")
        doc.put(("issuer",), facts["issuer"]).line().line()
        if facts["case_number"]:
            doc.add("**Case reference:** ").put(("case_number",), facts["case_number"]).line()
        kit.date(doc.add("**Submitted:** "), ("form_date",), signed).line()
        doc.add("**Cardholder:** ").put(("cardholder",), holder).line()
        L.write(doc.add("**Card:** "), card_cell).line()
        if facts["phone"]:
            doc.add("**Contact number:** ").put(("phone",), facts["phone"]).line()
        doc.line(f"**Reason:** {portal_text}").line().line("## Transactions").line()
        evidence[("dispute_reason",)] = portal_text
        transaction_block(rng.choice(["table", "lines"]))
        kit.money(doc.add("\nTotal: "), ("total_disputed",), facts["total_disputed"]).line().line()
        kit.pad(doc)
        doc.line("## Questions").line()
        further()
        doc.line().line(f"Questions? Call {helpline}. Agent: {agent}")
    kit.pad(doc)
    return Draft(("Card dispute form", "Chargeback request", "Credit card dispute"), DISPUTE_FIELDS,
                 facts, doc, evidence)
