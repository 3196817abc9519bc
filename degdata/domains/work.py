"""Workplace paperwork: timesheets, expense reports and maintenance work orders.

Every kind carries a number beside the one asked for: contracted hours beside the hours
logged, an advance and the balance due beside the expense total, the parts subtotal and
labour beside a job's total cost; and a date beside the date (the submission date beside
the period start, the target date beside the reported date). Lines come as tables or
bullet lists; booleans are as often negated ("not yet approved", "no receipt", "no
isolation was required") as stated, and a work order's priority is stated or only implied
by the fault it describes.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit
from ..surface import rating, says

TIMESHEET_FIELDS = [
    F.text("employee", "Employee", "Name of the employee.", "employee_name", "worker"),
    F.text("employee_id", "Employee ID", "Staff or payroll number, if shown.", "staff_number",
           "payroll_id", optional=True, keep=0.7),
    F.date("period_start", "Period start", "First day of the period (not the submission date).",
           "week_starting", "period_from"),
    F.items("entries", "Time entries", "Each day's logged time, in order.", [
        F.date("date", "Date", "Day the work was done.", "work_date"),
        F.text("project", "Project", "Project the hours are booked to.", "task", "cost_code"),
        F.number("hours", "Hours", "Hours worked that day.", "hours_worked", "duration"),
        F.flag("billable", "Billable", "Whether the hours are billed to a client (not internal).",
               "is_billable", keep=0.6),
    ], "days", "time_entries"),
    F.number("total_hours", "Total hours", "Hours logged in the period (not the contracted hours).",
             "hours_total", minimum=0),
    F.number("hourly_rate", "Hourly rate", "Rate per hour, if stated (not the overtime rate).", "rate",
             optional=True, keep=0.6),
    F.choice("work_mode", "Work location", "Where the time was mostly worked.",
             ["office", "remote", "client site"], "location_type", keep=0.7),
    F.flag("approved", "Approved", "Whether a manager has approved the timesheet.", "is_approved"),
    F.text("approver", "Approved by", "Manager who approved it; null while pending.", "approver_name",
           optional=True, keep=0.6),
    F.date("submitted", "Submitted on", "Date the timesheet was submitted.", "submission_date", keep=0.6),
]
PROJECTS = ["Atlas migration", "Client onboarding", "Q3 audit", "Website refresh", "Data cleanup",
            "Staff training", "Internal tooling", "Bid preparation", "Support rota", "Warehouse move"]
WORK_MODE = {"office": ("Worked from: head office", "Location: office"),
             "remote": ("Worked from: home (remote)", "Location: remote"),
             "client site": ("Worked from: client premises", "Location: on site at the client")}
BILLABLE = {True: "billable", False: "internal"}


def timesheet(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    start = kit.day()
    start -= dt.timedelta(days=start.weekday())
    span = 14 if kit.chance(0.3) else 7
    days = sorted(rng.sample(range(span), rng.randint(2, min(8, span))))
    entries = [{"date": (start + dt.timedelta(days=d)).isoformat(), "project": p,
                "hours": float(rng.choice([3, 4, 6, 7, 7.5, 8, 8.5, 9, 10])),
                "billable": kit.chance(0.6)} for d, p in zip(days, rng.sample(PROJECTS, len(days)))]
    approved = kit.chance(0.55)
    facts = {"employee": fake.name(), "employee_id": kit.maybe(f"E{rng.randint(1000, 99999)}", 0.7),
             "period_start": start.isoformat(), "entries": entries,
             "total_hours": round(sum(e["hours"] for e in entries), 2),
             "hourly_rate": kit.maybe(kit.amount(14, 95), 0.6), "work_mode": rng.choice(list(WORK_MODE)),
             "approved": approved, "approver": fake.name() if approved and kit.chance(0.8) else None,
             "submitted": (start + dt.timedelta(days=span - 1 + rng.randint(0, 4))).isoformat()}
    doc.line(rng.choice(["TIMESHEET", "Weekly timesheet", "Time report"])).line(fake.company()).line()
    rows = [("Employee", L.cell(facts["employee"], ("employee",)))]
    if facts["employee_id"]:
        rows.append(("Staff no.", L.cell(facts["employee_id"], ("employee_id",))))
    L.kv(doc, rng, rows + [
        ("Period from", kit.date_cell(("period_start",), start)),
        ("Submitted", kit.date_cell(("submitted",), dt.date.fromisoformat(facts["submitted"]))),
        ("Contracted hours", kit.num_cell(None, rng.choice([35.0, 37.5, 40.0]) * span / 7))])
    mode_text = rng.choice(WORK_MODE[facts["work_mode"]])
    doc.line(mode_text).line()
    kit.pad(doc)
    evidence = {("work_mode",): mode_text}
    table = kit.chance(0.55)
    if table:
        L.table(doc, rng, ["Date", "Project", "Hours", "Type"], [
            [kit.date_cell(("entries", i, "date"), dt.date.fromisoformat(e["date"])),
             L.cell(e["project"], ("entries", i, "project")),
             kit.num_cell(("entries", i, "hours"), e["hours"]), L.cell(BILLABLE[e["billable"]])]
            for i, e in enumerate(entries)])
    for i, e in enumerate(entries):
        if not table:
            doc.add("- ")
            kit.date(doc, ("entries", i, "date"), dt.date.fromisoformat(e["date"])).add(": ")
            kit.num(doc, ("entries", i, "hours"), e["hours"]).add(" h on ")
            doc.put(("entries", i, "project"), e["project"]).line(f" ({BILLABLE[e['billable']]})")
        evidence[("entries", i, "billable")] = BILLABLE[e["billable"]]
    doc.line().add("Total hours: ")
    kit.num(doc, ("total_hours",), facts["total_hours"]).line()
    if facts["hourly_rate"] is not None:
        doc.add("Rate per hour: ")
        kit.money(doc, ("hourly_rate",), facts["hourly_rate"]).add(" (overtime ")
        kit.money(doc, None, round(facts["hourly_rate"] * 1.5, 2)).line(")")
    evidence[("approved",)] = says(rng, approved, ("Status: approved", "Approved by line manager."),
                                   ("Status: pending approval", "Not yet approved.",
                                    "Awaiting sign-off: not approved yet."))
    doc.line().line(evidence[("approved",)])
    if facts["approver"]:
        doc.add("Signed off by ").put(("approver",), facts["approver"]).line()
    kit.pad(doc)
    return Draft(("Timesheet", "Time sheet", "Hours report"), TIMESHEET_FIELDS, facts, doc, evidence)


EXPENSE_CATEGORIES = {"travel": "Travel (fares)", "lodging": "Hotel / lodging", "meals": "Meals",
                      "mileage": "Mileage", "supplies": "Office supplies"}
EXPENSE_FIELDS = [
    F.text("report_number", "Report number", "Reference of the report.", "claim_number", "report_id"),
    F.text("employee", "Employee", "Person claiming the expenses.", "claimant", "submitted_by"),
    F.text("purpose", "Purpose", "Business purpose, if given.", "business_purpose", optional=True,
           keep=0.6),
    F.items("expenses", "Expenses", "Each expense line.", [
        F.date("date", "Date", "Date the expense was incurred.", "expense_date", keep=0.8),
        F.text("merchant", "Merchant", "Where the money was spent.", "vendor", "supplier"),
        F.choice("category", "Category", "Kind of expense.", list(EXPENSE_CATEGORIES), "type"),
        F.number("amount", "Amount", "Amount spent on this line.", "cost"),
        F.flag("receipt", "Receipt", "Whether a receipt is attached.", "has_receipt", keep=0.6),
    ], "lines", "items"),
    F.number("total", "Total", "Sum of the expense lines, before any advance is deducted.",
             "total_claimed", "total_expenses", minimum=0),
    F.number("advance", "Advance", "Cash advance already received, if any.", "cash_advance",
             optional=True, keep=0.6),
    F.number("amount_due", "Amount due", "Still owed to the employee (total less advance).",
             "reimbursement", "balance_due", keep=0.6),
    F.date("submitted", "Submitted on", "Date the report was submitted (not an expense date).",
           "submission_date"),
    F.flag("within_policy", "Within policy", "Whether every line is within the expense policy.",
           "policy_compliant", keep=0.7),
    F.text("cost_centre", "Cost centre", "Cost centre charged, if shown.", "cost_center",
           optional=True, keep=0.5),
]
MERCHANTS = [("travel", "Rail ticket office"), ("travel", "Airport taxi"), ("travel", "City Cabs"),
             ("lodging", "Hotel Central"), ("lodging", "Harbour Lodge"), ("meals", "Station café"),
             ("meals", "Bistro du Port"), ("meals", "Noodle bar"), ("mileage", "Private car"),
             ("supplies", "Paper & Co"), ("supplies", "Tech store"), ("travel", "Car rental desk")]
PURPOSES = ["Client workshop", "Trade fair visit", "Quarterly board meeting", "Site inspection",
            "Sales training", "Supplier audit"]
RECEIPT = {True: "receipt attached", False: "no receipt"}


def expense_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    first = kit.day()
    lines = [{"date": (first + dt.timedelta(days=k)).isoformat(), "merchant": m, "category": c,
              "amount": kit.amount(4, 420), "receipt": kit.chance(0.75)}
             for k, (c, m) in enumerate(rng.sample(MERCHANTS, rng.randint(1, 7)))]
    total = round(sum(x["amount"] for x in lines), 2)
    advance = (float(round(total * rng.uniform(0.2, 0.8), -1)) if total > 60 and kit.chance(0.4)
               else None)
    compliant = kit.chance(0.7)
    facts = {"report_number": f"EXP-{first.year}-{rng.randint(100, 9999):04d}", "employee": fake.name(),
             "purpose": kit.maybe(rng.choice(PURPOSES), 0.75), "expenses": lines, "total": total,
             "advance": advance, "amount_due": round(total - (advance or 0), 2),
             "submitted": (first + dt.timedelta(days=len(lines) + rng.randint(1, 20))).isoformat(),
             "within_policy": compliant, "cost_centre": kit.maybe(f"CC-{rng.randint(100, 999)}", 0.7)}
    doc.line(rng.choice(["EXPENSE REPORT", "Expense claim", "Travel & expense report"])).line()
    rows = [("Report no.", L.cell(facts["report_number"], ("report_number",))),
            ("Employee", L.cell(facts["employee"], ("employee",))),
            ("Submitted", kit.date_cell(("submitted",), dt.date.fromisoformat(facts["submitted"])))]
    rows += [(label, L.cell(facts[key], (key,))) for label, key in
             (("Purpose", "purpose"), ("Cost centre", "cost_centre")) if facts[key]]
    L.kv(doc, rng, rows)
    doc.line()
    kit.pad(doc)
    evidence = {}
    table = kit.chance(0.6)
    if table:
        L.table(doc, rng, ["Date", "Merchant", "Category", "Amount", "Receipt"], [
            [kit.date_cell(("expenses", i, "date"), dt.date.fromisoformat(x["date"])),
             L.cell(x["merchant"], ("expenses", i, "merchant")),
             L.cell(EXPENSE_CATEGORIES[x["category"]]),
             kit.money_cell(("expenses", i, "amount"), x["amount"]), L.cell(RECEIPT[x["receipt"]])]
            for i, x in enumerate(lines)])
    for i, x in enumerate(lines):
        if not table:
            doc.add("- ")     # not "2. ": "2. May 17, 2023" reads as one date
            kit.date(doc, ("expenses", i, "date"), dt.date.fromisoformat(x["date"])).add(" - ")
            doc.put(("expenses", i, "merchant"), x["merchant"])
            doc.add(f" - {EXPENSE_CATEGORIES[x['category']]} - ")
            kit.money(doc, ("expenses", i, "amount"), x["amount"]).line(f" ({RECEIPT[x['receipt']]})")
        evidence[("expenses", i, "category")] = EXPENSE_CATEGORIES[x["category"]]
        evidence[("expenses", i, "receipt")] = RECEIPT[x["receipt"]]
    totals = [("Total expenses", kit.money_cell(("total",), total))]
    if advance is not None:
        totals.append(("Less advance", kit.money_cell(("advance",), advance)))
    totals.append(("Amount due to employee", kit.money_cell(("amount_due",), facts["amount_due"])))
    doc.line()
    L.kv(doc, rng, totals, rng.choice(["colon", "aligned", "dots"]))
    evidence[("within_policy",)] = says(
        rng, compliant, ("All expenses are within policy.", "Policy check: passed"),
        ("Not within policy: the daily meal limit was exceeded.",
         "Policy check: exceptions noted, not compliant."))
    doc.line().line(evidence[("within_policy",)])
    kit.pad(doc)
    return Draft(("Expense report", "Expense claim"), EXPENSE_FIELDS, facts, doc, evidence)


FAULTS = {"low": ("Minor wear, no hurry.", "Cosmetic damage only."),
          "medium": ("Works, but makes a grinding noise.", "Intermittent fault, reported twice."),
          "high": ("Out of service since this morning.", "Staff cannot use the area."),
          "emergency": ("Water is leaking onto the electrical panel.", "Smoke coming from the unit.")}
CONDITION = {1: "failed", 2: "poor", 3: "fair", 4: "good", 5: "as new"}
WORK_ORDER_FIELDS = [
    F.text("order_number", "Work order number", "Reference of the work order.", "wo_number", "wo_id"),
    F.text("asset", "Asset", "Equipment the work is on.", "equipment", "asset_name"),
    F.text("location", "Location", "Where the asset is.", "site", "area", keep=0.8),
    F.date("reported", "Reported on", "Date the fault was reported (not the target date).",
           "request_date", "date_reported"),
    F.date("completed", "Completed on", "Date the work was completed; null while open.",
           "completion_date", optional=True),
    F.choice("priority", "Priority", "How urgent the job is, as stated or implied by the fault.",
             list(FAULTS), "urgency"),
    F.text("technician", "Technician", "Who is assigned, if anyone.", "assigned_to", optional=True,
           keep=0.7),
    F.items("parts", "Parts used", "Each spare part used.", [
        F.text("description", "Part", "What the part is.", "name"),
        F.text("part_number", "Part number", "Catalogue number of the part.", "sku", keep=0.7),
        F.integer("quantity", "Quantity", "Units used.", "qty"),
        F.number("unit_cost", "Unit cost", "Cost of one unit.", "price", keep=0.7),
    ], "materials", "spares"),
    F.number("total_cost", "Total cost", "Labour plus parts (not the parts subtotal).", "job_cost",
             keep=0.8),
    F.flag("lockout_applied", "Lockout applied", "Whether the equipment was isolated (lockout/tagout).",
           "isolated", keep=0.6),
    F.score("asset_condition", "Asset condition", "Condition of the asset as last assessed.",
            CONDITION, "condition", keep=0.6),
]
ASSETS = ["Boiler 2", "Passenger lift A", "Air handling unit AHU-4", "Fire door D12", "Chiller 1",
          "Loading dock shutter", "Kitchen extractor fan", "Emergency lighting circuit 3"]
PARTS = [("V-belt A42", "VB"), ("Pressure relief valve", "PRV"), ("Door closer", "DC"),
         ("LED driver 40 W", "LD"), ("Contactor 24 V", "CT"), ("Filter bag F7", "FB"),
         ("Bearing 6204", "BR"), ("Fuse 10 A", "FU"), ("Thermostat", "TH")]


def maintenance_work_order(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    reported, priority, done = kit.day(), rng.choice(list(FAULTS)), kit.chance(0.65)
    parts = [{"description": d, "part_number": f"{p}-{rng.randint(1000, 9999)}",
              "quantity": rng.randint(1, 6), "unit_cost": kit.amount(2, 380)}
             for d, p in rng.sample(PARTS, rng.choice([0, 1, 1, 2, 3, 4]))]
    hours, labour_rate = rng.choice([0.5, 1.0, 1.5, 2.0, 3.5, 6.0]), float(rng.choice([45, 60, 75]))
    subtotal = round(sum(p["quantity"] * p["unit_cost"] for p in parts), 2)
    lockout = kit.chance(0.5)
    facts = {"order_number": f"WO-{rng.randint(10000, 999999)}", "asset": rng.choice(ASSETS),
             "location": f"{rng.choice(['Building', 'Block', 'Wing'])} {rng.choice('ABCDE')}, "
                         f"level {rng.randint(0, 6)}", "reported": reported.isoformat(),
             "completed": kit.day(after=reported, within=20).isoformat() if done else None,
             "priority": priority, "technician": fake.name() if done or kit.chance(0.5) else None,
             "parts": parts, "total_cost": round(subtotal + hours * labour_rate, 2),
             "lockout_applied": lockout,
             "asset_condition": rng.randint(3, 5) if done else {"low": 4, "medium": 3}.get(priority, 1)}
    doc.add("WORK ORDER ").put(("order_number",), facts["order_number"]).line().line()
    rows = [("Asset", L.cell(facts["asset"], ("asset",))),
            ("Location", L.cell(facts["location"], ("location",))),
            ("Reported", kit.date_cell(("reported",), reported)),
            ("Target date", kit.date_cell(None, reported + dt.timedelta(days=rng.randint(1, 10))))]
    if facts["technician"]:
        rows.append(("Assigned to", L.cell(facts["technician"], ("technician",))))
    L.kv(doc, rng, rows)
    fault = rng.choice(FAULTS[priority])
    prio_text = f"Priority: {priority.upper()}" if kit.chance(0.5) else fault
    doc.line().line("Fault description:").line(fault if prio_text == fault else f"{fault} {prio_text}")
    kit.pad(doc)
    doc.line().line("Parts used:" if parts else "Parts used: none")
    if parts and kit.chance(0.6):
        L.table(doc, rng, ["Part no.", "Description", "Qty", "Unit cost"], [
            [L.cell(p["part_number"], ("parts", i, "part_number")),
             L.cell(p["description"], ("parts", i, "description")),
             kit.count_cell(("parts", i, "quantity"), p["quantity"]),
             kit.num_cell(("parts", i, "unit_cost"), p["unit_cost"])] for i, p in enumerate(parts)])
    else:
        for i, p in enumerate(parts):
            kit.count(doc.add("* "), ("parts", i, "quantity"), p["quantity"]).add(" x ")
            doc.put(("parts", i, "description"), p["description"]).add(" (")
            doc.put(("parts", i, "part_number"), p["part_number"]).add(") at ")
            kit.money(doc, ("parts", i, "unit_cost"), p["unit_cost"]).line(" each")
    doc.add(f"Parts subtotal ({kit.style.currency}): ")
    kit.num(doc, None, subtotal).add("\nLabour: ")
    kit.num(doc, None, hours, 1).add(" h at ")
    kit.money(doc, None, labour_rate).add("/h\nTotal cost: ")
    kit.money(doc, ("total_cost",), facts["total_cost"]).line().line()
    lock_text = says(rng, lockout, ("Lockout/tagout applied before work started.",
                                    "Equipment isolated and tagged out."),
                     ("No isolation was required.", "Worked live: not locked out."))
    cond_text = (f"Condition {'after repair' if done else 'on inspection'}: "
                 f"{rating(rng, facts['asset_condition'])[1]}")
    doc.line(lock_text).line(cond_text)
    if done:
        doc.add("Completed on ")
        kit.date(doc, ("completed",), dt.date.fromisoformat(facts["completed"])).line(".")
    else:
        doc.line("Status: open")
    kit.pad(doc)
    return Draft(("Work order", "Maintenance request"), WORK_ORDER_FIELDS, facts, doc, {
        ("priority",): prio_text, ("lockout_applied",): lock_text, ("asset_condition",): cond_text})
