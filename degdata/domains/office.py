"""Office paperwork about purchases and people: purchase requisitions, interview scorecards,
performance reviews and new-hire onboarding checklists.

Each carries values of the same kind beside the ones asked for: the supplier's quote number
and the GL account beside a requisition number and cost centre, the date needed beside the
date raised, the line totals, subtotal, tax and delivery beside the unit prices and the
estimated total, the approvers and the buyer beside the requester; the hiring manager and the
recruiter beside the interviewer and the candidate, the date the feedback was submitted
beside the interview date, the job reference beside the position, the current salary and the
budget for the role beside the candidate's expected salary, the scheduled length beside the
notice period; the review period's start, the next review and the meeting beside the period
end and review date, the bonus and its target percentage and the pay budget beside the
salary increase, the HR partner and the countersigning director beside the manager; the
offer date, the checklist's status date and the end of probation beside the start date, the
notice period and leave allowance beside the probation months, and the times of the welcome
lunch beside the arrival time.

Documents come as forms (key-value blocks in every layout), e-mails and memos, markdown
exports and narrative write-ups. Arrays come as tables with a header row, numbered lists,
bullet lists, checkbox lists, one line of comma-separated values ("Equipment issued: Laptop,
Headset and Access badge") and lines of several values each ("- 3 x Webcam 1080p (cat. no.
CAT-48213) at $64.20 each"); the lists of strings (concerns, accounts) may be empty. Ratings
are written in every surface form ("4/5", "four stars", "★★★★☆", "rated 4 out of 5"), now and
then with their level's label, and a review may give only the label under its rating scale
("Overall rating: Exceeds expectations"). Booleans are as often negated as stated ("not yet
approved", "not budgeted", "no sponsorship needed", "not recommended for promotion this
cycle", "contract not yet returned", "[ ] Issue access badge").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..fmt import clock
from ..kit import Kit
from ..surface import RATING_FORMS, rating, says


def _series(doc: Doc, path: Path, values: list[str], last: str = ", ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


TITLES = {"Mr", "Mrs", "Ms", "Miss", "Mx", "Dr", "Prof", "Herr", "Frau"}


def _first(name: str) -> str:
    """How a colleague is greeted: the first name, without "Dr." or "Herr"."""
    words = [w for w in name.split() if not w.endswith(".") and w not in TITLES]
    return words[0] if words else name


CATALOGUE = {   # category: items (description, lowest and highest unit price)
    "office supplies": [("A4 copy paper, box of 5 reams", 18, 34), ("Toner cartridge, black", 45, 130),
                        ("Whiteboard markers, pack of 10", 6, 15), ("Desk organiser", 9, 28),
                        ("Lever arch files, pack of 10", 12, 24), ("Sticky notes, pack of 12", 5, 11)],
    "IT equipment": [("27-inch monitor", 160, 340), ("USB-C docking station", 110, 260),
                     ("Wireless keyboard and mouse", 35, 80), ("Noise-cancelling headset", 70, 190),
                     ("Laptop stand", 20, 55), ("External SSD 1 TB", 60, 140), ("Webcam 1080p", 40, 110)],
    "furniture": [("Height-adjustable desk", 320, 780), ("Ergonomic office chair", 180, 520),
                  ("Filing cabinet, 3 drawers", 120, 260), ("Meeting table, 6 seats", 400, 1100),
                  ("Acoustic desk screen", 90, 210), ("Coat stand", 25, 70)],
    "lab consumables": [("Nitrile gloves, box of 100", 6, 14), ("Pipette tips, rack of 96", 8, 22),
                        ("Safety goggles", 7, 19), ("Sample tubes 15 ml, pack of 50", 10, 28),
                        ("Lab coat, size L", 18, 40), ("Ethanol 70%, 1 litre", 6, 15)],
    "software": [("Design software licence, 12 months", 240, 720), ("Project tool seat, annual", 80, 300),
                 ("PDF editor licence", 90, 180), ("Statistics package licence", 300, 1200),
                 ("Password manager, team plan", 40, 120)],
}
DEPARTMENTS = ["Marketing", "Finance", "Customer Support", "Research & Development", "Human Resources",
               "Facilities", "Sales", "IT Operations", "Quality Assurance", "Laboratory Services"]
APPROVER_ROLES = ["Line manager", "Budget holder", "Finance controller", "Head of department",
                  "Procurement", "Managing director"]
REASONS = {   # category: why it is needed, as a requester writes it
    "office supplies": ["Stock is running low.", "Supplies for the new project room."],
    "IT equipment": ["Replacement for equipment that failed last week.",
                     "Equipment for two new starters.", "Requested after the workstation assessment."],
    "furniture": ["Requested after the workstation assessment.", "Furniture for the new meeting room.",
                  "Equipment for two new starters."],
    "lab consumables": ["Stock is running low and the next trial starts soon.",
                        "Needed for the client pilot in the spring."],
    "software": ["Renewal: the current licences expire at the end of the month.",
                 "Licences for two new starters."]}
LAB_DEPARTMENTS = ["Laboratory Services", "Research & Development", "Quality Assurance"]
TAX = {"en_US": ("Sales tax", 8), "en_GB": ("VAT", 20), "de_DE": ("VAT", 19), "fr_FR": ("VAT", 20)}
PRIORITY = {"routine": ("Priority: routine", "Standard lead time is fine."),
            "urgent": ("Priority: URGENT", "Urgent: needed before the team moves next week."),
            "emergency": ("EMERGENCY PURCHASE: needed within 48 hours.", "Priority: emergency")}
REQUISITION_FIELDS = [
    F.text("requisition_number", "Requisition number",
           ("Number of the purchase requisition (not the supplier's quote or a PO number).",
            "Internal reference of the purchase request."), "pr_number", "req_no", "reference"),
    F.text("requested_by", "Requested by", ("Employee who raised the request (not an approver).",
                                            "Name of the requester."), "requester", "requestor"),
    F.text("department", "Department", "Department or team the purchase is for.", "team",
           "requesting_department", keep=0.8),
    F.date("request_date", "Request date",
           ("Date the requisition was raised (not the date the goods are needed).",
            "Day the request was made."), "date_raised", "requested_on"),
    F.date("needed_by", "Needed by", "Date the goods are needed by, if given.", "required_date",
           "delivery_required_by", optional=True, keep=0.7),
    F.text("supplier", "Suggested supplier", "Preferred or suggested supplier, if named.", "vendor",
           "preferred_supplier", optional=True, keep=0.8),
    F.text("cost_centre", "Cost centre", "Cost centre charged (not the GL account).", "cost_center",
           "budget_code", keep=0.6),
    F.items("lines", "Items", ("Each item requested, in order.", "The requested line items."), [
        F.text("description", "Description", "What is to be bought.", "item", "name"),
        F.text("catalogue_number", "Catalogue number",
               "Supplier's catalogue or part number, if given.", "part_number", "sku",
               optional=True, keep=0.6),
        F.integer("quantity", "Quantity", "Units requested.", "qty"),
        F.number("unit_price", "Unit price", "Estimated price of one unit (not the line total).",
                 "estimated_unit_cost", "price", keep=0.8),
    ], "items", "line_items"),
    F.number("total", "Estimated total",
             ("Estimated total of the request with any tax and delivery (not the subtotal).",
              "Total estimated cost."), "total_amount", "estimated_cost", minimum=0),
    F.choice("priority", "Priority", "How urgently the purchase is needed.", list(PRIORITY), "urgency",
             keep=0.7),
    F.items("approvals", "Approvals", ("Approval steps recorded on the requisition, in order.",
                                       "Who has to sign the request off."), [
        F.text("approver", "Approver", "Person who approves this step.", "name", "approved_by"),
        F.text("role", "Role", "The approver's role in the chain.", "capacity", keep=0.7),
        F.date("date", "Date", "Date the step was approved; null while pending.", "approved_on",
               optional=True, keep=0.7),
    ], "approval_chain", "sign_offs", keep=0.8),
    F.flag("fully_approved", "Fully approved", "Whether every required approval has been given.",
           "approved", "is_approved"),
    F.flag("budgeted", "Budgeted", "Whether the spend is within an approved budget.", "in_budget",
           "within_budget", keep=0.7),
]


def purchase_requisition(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    raised, priority = kit.day(), rng.choice(["routine"] * 6 + ["urgent"] * 3 + ["emergency"])
    needed = raised + dt.timedelta(days={"routine": rng.randint(7, 45), "urgent": rng.randint(2, 7),
                                         "emergency": rng.randint(0, 2)}[priority])
    category = rng.choice(list(CATALOGUE))
    goods = rng.sample(CATALOGUE[category], rng.randint(1, 5))
    prefix = rng.choice(["CAT-", "SKU ", "Art. ", ""])
    lines = [{"description": d, "catalogue_number": kit.maybe(f"{prefix}{rng.randint(10000, 99999)}",
                                                              0.6),
              "quantity": rng.choice([1, 1, 2, 3, 4, 5, 6, 10, 12, 20]), "unit_price": kit.amount(lo, hi)}
             for d, lo, hi in goods]
    if all(x["catalogue_number"] is None for x in lines) and prefix and kit.chance(0.5):
        lines[0]["catalogue_number"] = f"{prefix}{rng.randint(10000, 99999)}"
    line_totals = [round(x["quantity"] * x["unit_price"], 2) for x in lines]
    subtotal = round(sum(line_totals), 2)
    tax_label, rate = TAX[kit.locale]
    tax = round(subtotal * rate / 100, 2) if kit.chance(0.6) else None
    delivery = float(rng.choice([4.95, 9.9, 15, 25, 39])) if kit.chance(0.3) else None
    total = round(subtotal + (tax or 0) + (delivery or 0), 2)
    people = kit.names(6)
    requester, buyer = people[0], people[-1]
    steps = sorted(rng.sample(range(len(APPROVER_ROLES)), rng.randint(1, 3)))
    done = len(steps) if kit.chance(0.55) else rng.randint(0, len(steps) - 1)
    day, approvals = raised, []
    for k, step in enumerate(steps):
        if k < done:
            day = kit.day(after=day, within=4)
        approvals.append({"approver": people[k + 1], "role": APPROVER_ROLES[step],
                          "date": day.isoformat() if k < done else None})
    budgeted = kit.chance(0.7)
    department = rng.choice(LAB_DEPARTMENTS if category == "lab consumables" else DEPARTMENTS)
    reason = rng.choice(REASONS[category])
    facts = {"requisition_number": f"{rng.choice(['PR-', 'REQ-', 'PR'])}{raised.year}"
                                   f"{rng.choice(['-', '/', ''])}{rng.randint(1, 99999):05d}",
             "requested_by": requester, "department": department,
             "request_date": raised.isoformat(),
             "needed_by": needed.isoformat() if kit.chance(0.75) else None,
             "supplier": kit.maybe(fake.company(), 0.75),
             "cost_centre": f"{rng.choice(['CC-', 'CC ', 'KST '])}{rng.randint(100, 9999)}",
             "lines": lines, "total": total, "priority": priority, "approvals": approvals,
             "fully_approved": done == len(steps), "budgeted": budgeted}
    number, quote = facts["requisition_number"], f"Q{rng.randint(10000, 99999)}"
    gl = f"GL {rng.randint(4000, 6999)}"
    priority_text = rng.choice(PRIORITY[priority])
    approved_text = says(rng, facts["fully_approved"],
                         ("Status: fully approved, ready for purchasing.",
                          "All approvals received; Purchasing may raise the PO."),
                         ("Status: awaiting approval", "Not yet approved: do not order yet.",
                          "Approval still outstanding."))
    budget_text = says(rng, budgeted, ("Within the approved budget for this year.", "Budgeted: yes"),
                       ("Not budgeted: unplanned spend, Finance to confirm.",
                        "This purchase is not in the current budget.", "Budgeted: no"))

    def total_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))] if tax or delivery else []
        if tax is not None:
            rows.append((f"{tax_label} {rate}%", kit.money_cell(None, tax)))
        if delivery is not None:
            rows.append(("Delivery (est.)", kit.money_cell(None, delivery)))
        return rows + [(rng.choice(["Estimated total", "Total (est.)", "Total estimated cost"]),
                        kit.money_cell(("total",), total))]

    def item_table() -> None:
        header = ["No.", "Description"] + ["Cat. no."] * with_cat + ["Qty", "Unit price", "Line total"]
        L.table(doc, rng, header, [
            [L.cell(str(i + 1)), L.cell(x["description"], ("lines", i, "description"))]
            + ([L.cell(x["catalogue_number"], ("lines", i, "catalogue_number"))
                if x["catalogue_number"] else L.cell("-")] if with_cat else [])
            + [kit.count_cell(("lines", i, "quantity"), x["quantity"]),
               kit.money_cell(("lines", i, "unit_price"), x["unit_price"]),
               kit.money_cell(None, line_totals[i])]
            for i, x in enumerate(lines)])

    def item_lines(numbered: bool) -> None:
        for i, x in enumerate(lines):     # "- 3 x Webcam 1080p (cat. no. CAT-48213) at $64.20 each"
            at = ("lines", i)
            kit.count(doc.add(f"{i + 1}) " if numbered else "- "), at + ("quantity",), x["quantity"])
            doc.add(" x ").put(at + ("description",), x["description"])
            if x["catalogue_number"]:
                doc.add(" (cat. no. ").put(at + ("catalogue_number",), x["catalogue_number"]).add(")")
            kit.money(doc.add(" at "), at + ("unit_price",), x["unit_price"]).add(" each = ")
            kit.money(doc, None, line_totals[i]).line()

    def approval_block(style: str) -> None:
        doc.line(rng.choice(["Approvals", "Approval log", "Sign-off"]) + ":")
        if style == "table":
            L.table(doc, rng, ["Step", "Approver", "Role", "Approved on"], [
                [L.cell(str(k + 1)), L.cell(a["approver"], ("approvals", k, "approver")),
                 L.cell(a["role"], ("approvals", k, "role")),
                 kit.date_cell(("approvals", k, "date"), dt.date.fromisoformat(a["date"]))
                 if a["date"] else L.cell("pending")] for k, a in enumerate(approvals)])
            return
        for k, a in enumerate(approvals):   # "2. Anna Berg (Budget holder) - approved 12 May 2024"
            at = ("approvals", k)
            doc.add(f"{k + 1}. ").put(at + ("approver",), a["approver"]).add(" (")
            doc.put(at + ("role",), a["role"]).add(") - ")
            if a["date"]:
                kit.date(doc.add("approved "), at + ("date",), dt.date.fromisoformat(a["date"])).line()
            else:
                doc.line(rng.choice(["pending", "awaiting approval", "not yet signed"]))

    with_cat = any(x["catalogue_number"] for x in lines)
    layout = rng.choice(["form", "memo", "portal"])
    if layout == "form":
        doc.line(rng.choice(["PURCHASE REQUISITION", "Purchase Requisition Form", "Purchase request"]))
        doc.line(fake.company()).line()
        rows = [(rng.choice(["Requisition no.", "PR number", "Req. #"]),
                 L.cell(number, ("requisition_number",))),
                (rng.choice(["Date raised", "Request date", "Date"]),
                 kit.date_cell(("request_date",), raised)),
                (rng.choice(["Requested by", "Requester", "Requestor"]),
                 L.cell(requester, ("requested_by",))),
                ("Department", L.cell(department, ("department",))),
                (rng.choice(["Cost centre", "Cost center", "Budget code"]),
                 L.cell(facts["cost_centre"], ("cost_centre",))),
                ("GL account", L.cell(gl))]
        if facts["needed_by"]:
            rows.append((rng.choice(["Needed by", "Date required", "Required by"]),
                         kit.date_cell(("needed_by",), needed)))
        if facts["supplier"]:
            rows += [(rng.choice(["Suggested supplier", "Preferred vendor", "Supplier"]),
                      L.cell(facts["supplier"], ("supplier",))), ("Supplier quote", L.cell(quote))]
        L.kv(doc, rng, rows)
        doc.line().line(priority_text).line()
        kit.pad(doc)
        item_table() if kit.chance(0.7) else item_lines(kit.chance(0.5))
        doc.line()
        L.kv(doc, rng, total_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line().line(f"Justification: {reason}").line().line(budget_text).line()
        approval_block(rng.choice(["table", "list"]))
        doc.line().line(approved_text)
    elif layout == "memo":     # an e-mail to Purchasing
        doc.add("From: ").put(("requested_by",), requester).line(f" <{fake.email()}>")
        doc.line("To: Purchasing")
        kit.date(doc.add("Date: "), ("request_date",), raised).line()
        doc.add("Subject: Purchase request ").put(("requisition_number",), number).line().line()
        doc.line("Hello,").line()
        doc.add("please could you order the following for ").put(("department",), department)
        doc.add(" (cost centre ").put(("cost_centre",), facts["cost_centre"]).line("):")
        item_lines(False)
        doc.line()
        if tax is not None or delivery is not None:   # "... incl. VAT (246,07 € for the goods)."
            extra = " and ".join([tax_label] * (tax is not None)
                                 + ["delivery"] * (delivery is not None))
            kit.money(doc.add("Estimated total "), ("total",), total).add(f" incl. {extra} (")
            kit.money(doc, None, subtotal).line(" for the goods).")
        else:
            kit.money(doc.add("That comes to about "), ("total",), total).line(" in total.")
        if facts["needed_by"]:
            kit.date(doc.add("We need them by "), ("needed_by",), needed).line(".")
        if facts["supplier"]:
            doc.add("Suggested supplier: ").put(("supplier",), facts["supplier"])
            doc.line(f", quote {quote}.")
        doc.line(priority_text).line(reason).line(budget_text).line()
        doc.line("Thanks,").put(("requested_by",), requester).line().line()
        kit.pad(doc)
        approval_block("list")
        doc.line(approved_text)
    else:                       # an export from the purchasing portal
        doc.add("Requisition ").put(("requisition_number",), number)
        doc.line(f" | {fake.company()} purchasing portal").line()
        kit.date(doc.add("Raised on "), ("request_date",), raised).add(" by ")
        doc.put(("requested_by",), requester).add(", ").put(("department",), department).line()
        doc.add("Charge to: ").put(("cost_centre",), facts["cost_centre"]).line(f" / {gl}")
        if facts["needed_by"]:
            kit.date(doc.add("Delivery required by: "), ("needed_by",), needed).line()
        if facts["supplier"]:
            doc.add("Vendor: ").put(("supplier",), facts["supplier"]).line(f" (quote {quote})")
        doc.line(f"Buyer assigned: {buyer}").line(priority_text).line()
        kit.pad(doc)
        doc.line("Items:")
        item_table() if kit.chance(0.5) else item_lines(True)
        doc.line()
        L.kv(doc, rng, total_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line()
        approval_block(rng.choice(["table", "list"]))
        doc.line().line(approved_text).line(budget_text)
        doc.add("Ref. ").put(("requisition_number",), number).line(f" - printed by {buyer}")
    kit.pad(doc)
    return Draft(("Purchase requisition", "Purchase request", "Requisition form"), REQUISITION_FIELDS,
                 facts, doc, {("priority",): priority_text, ("fully_approved",): approved_text,
                              ("budgeted",): budget_text})


POSITIONS = {   # role: the competencies its scorecard rates
    "Software Engineer": ["Problem solving", "Coding", "System design", "Testing", "Communication",
                          "Collaboration"],
    "Data Analyst": ["SQL", "Statistics", "Data visualisation", "Business sense", "Communication",
                     "Attention to detail"],
    "Account Manager": ["Communication", "Negotiation", "Client focus", "Commercial awareness",
                        "Resilience", "Planning"],
    "Project Manager": ["Planning", "Stakeholder management", "Risk management", "Leadership",
                        "Communication", "Budget control"],
    "HR Advisor": ["Employment law", "Empathy", "Case handling", "Communication", "Discretion",
                   "Organisation"],
    "Financial Analyst": ["Financial modelling", "Excel", "Accounting", "Attention to detail",
                          "Communication", "Commercial awareness"],
}
COMPETENCY_LEVELS = {1: "poor", 2: "weak", 3: "adequate", 4: "strong", 5: "outstanding"}
COMMENTS = {1: "Could not answer the basics", 2: "Needed a lot of prompting",
            3: "Solid, no surprises", 4: "Clear, well-structured answers",
            5: "Best answer we have heard"}
STRENGTHS = ["Clear communicator", "Structured thinking", "Ownership", "Calm under pressure",
             "Asks good questions", "Domain knowledge", "Mentoring experience", "Quick learner",
             "Stakeholder management", "Good humour", "Strong fundamentals", "Curiosity"]
CONCERNS = ["Limited people management", "Vague on testing", "Salary above band",
            "Long notice period", "Little cloud experience", "Rambling answers", "No B2B experience",
            "Weak on prioritisation", "Short tenures"]
STAGES = {"phone screen": ("Stage: phone screen", "30-minute phone screen with the recruiter team"),
          "technical": ("Stage: technical interview", "Technical round (live exercise)"),
          "panel": ("Stage: panel interview", "Panel interview with three interviewers"),
          "final": ("Stage: final round", "Final interview with the director")}
RECOMMENDATIONS = {"strong hire": ("Recommendation: STRONG HIRE", "Strong yes: make an offer."),
                   "hire": ("Recommendation: hire", "I would hire: proceed to the next step."),
                   "no hire": ("Recommendation: no hire", "Not a hire for this role."),
                   "strong no hire": ("Recommendation: strong no hire",
                                      "Definitely not: do not proceed.")}
INTERVIEW_FIELDS = [
    F.text("candidate", "Candidate", ("Person interviewed (not the interviewer or recruiter).",
                                      "Name of the candidate."), "candidate_name", "applicant"),
    F.text("position", "Position", "Job the candidate is interviewing for (not the job reference).",
           "role", "job_title", "vacancy"),
    F.text("interviewer", "Interviewer", ("Who interviewed and scored the candidate (not the hiring "
                                          "manager).", "Author of the feedback."), "assessor",
           "interviewed_by"),
    F.date("interview_date", "Interview date",
           ("Date of the interview (not the date the feedback was submitted).",
            "Day the interview took place."), "date", "interviewed_on"),
    F.choice("stage", "Stage", "Which interview round this feedback is for.", list(STAGES), "round",
             "interview_stage", keep=0.7),
    F.items("competencies", "Competencies", ("Each competency rated on the scorecard, in order.",
                                             "Per-competency ratings."), [
        F.text("competency", "Competency", "Competency or skill assessed.", "skill", "area"),
        F.score("rating", "Rating", "The interviewer's rating of this competency.",
                COMPETENCY_LEVELS, "score"),
    ], "ratings", "scorecard"),
    F.score("overall_rating", "Overall rating", "The interviewer's overall rating of the candidate.",
            COMPETENCY_LEVELS, "overall", "overall_score"),
    F.choice("recommendation", "Recommendation", "The interviewer's hiring recommendation.",
             list(RECOMMENDATIONS), "decision", "verdict"),
    F.strings("strengths", "Strengths", "Strengths the interviewer noted.", "pros", "positives",
              keep=0.8),
    F.strings("concerns", "Concerns", "Concerns or risks the interviewer noted.", "cons", "risks",
              keep=0.6),
    F.number("salary_expectation", "Salary expectation",
             "Annual salary the candidate expects, if stated (not the current salary or the budget).",
             "expected_salary", "salary_ask", optional=True, keep=0.6),
    F.integer("notice_period_weeks", "Notice period (weeks)",
              "Weeks of notice the candidate must give, if stated (not the interview length).",
              "notice_weeks", "notice_period", optional=True, keep=0.5),
    F.flag("needs_sponsorship", "Needs visa sponsorship",
           "Whether the candidate needs a visa sponsored to take the job.", "visa_sponsorship",
           "requires_visa", keep=0.7),
]


def _rated(kit: Kit, n: int, form: str) -> str:
    """The rating `n` in `form`, now and then with its level's label ("4/5 (strong)")."""
    text = rating(kit.rng, n, form=form)[1]
    return f"{text} ({COMPETENCY_LEVELS[n]})" if kit.chance(0.35) else text


def job_interview_feedback(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    role = rng.choice(list(POSITIONS))
    position = rng.choice(["", "", "Senior ", "Junior ", "Lead "]) + role
    base = rng.choice([1, 2, 3, 3, 4, 4, 5])
    competencies = [{"competency": c, "rating": max(1, min(5, base + rng.choice([-1, 0, 0, 1])))}
                    for c in rng.sample(POSITIONS[role], rng.randint(3, 6))]
    mean = sum(c["rating"] for c in competencies) / len(competencies)
    overall = max(1, min(5, round(mean + rng.choice([-0.4, 0, 0, 0.4]))))
    recommendation = {5: "strong hire", 4: "hire", 2: "no hire", 1: "strong no hire"}.get(
        overall, rng.choice(["hire", "no hire"]))
    candidate, interviewer, manager, recruiter = kit.names(4)
    day = kit.day()
    submitted = day + dt.timedelta(days=rng.choice([0, 0, 1, 1, 2, 3]))
    salary = float(rng.randrange(32000, 125000, 500))
    facts = {"candidate": candidate, "position": position, "interviewer": interviewer,
             "interview_date": day.isoformat(), "stage": rng.choice(list(STAGES)),
             "competencies": competencies, "overall_rating": overall,
             "recommendation": recommendation,
             "strengths": rng.sample(STRENGTHS, rng.randint(1, 4) if overall > 1 else rng.randint(0, 1)),
             "concerns": rng.sample(CONCERNS, rng.choice([0, 1, 1, 2, 3]) if overall > 2
                                    else rng.randint(1, 3)),
             "salary_expectation": kit.maybe(salary, 0.6),
             "notice_period_weeks": kit.maybe(rng.choice([1, 2, 4, 4, 6, 8, 12]), 0.55),
             "needs_sponsorship": kit.chance(0.25)}
    stage_text = rng.choice(STAGES[facts["stage"]])
    rec_text = rng.choice(RECOMMENDATIONS[recommendation])
    visa_text = says(rng, facts["needs_sponsorship"],
                     ("Will need visa sponsorship to work here.", "Right to work: requires sponsorship"),
                     ("No sponsorship needed; has the right to work.",
                      "Right to work: yes, no visa needed", "Does not require sponsorship."))
    job_ref = f"{rng.choice(['JR-', 'REQ', 'Job #'])}{rng.randint(1000, 99999)}"
    form = rng.choice(RATING_FORMS)
    texts = [_rated(kit, c["rating"], form if kit.chance(0.85) else rng.choice(RATING_FORMS))
             for c in competencies]
    overall_text = rng.choice(["Overall rating: ", "Overall: ", "Overall score: "]) + _rated(
        kit, overall, rng.choice(RATING_FORMS))
    evidence = {("stage",): stage_text, ("recommendation",): rec_text,
                ("needs_sponsorship",): visa_text, ("overall_rating",): overall_text}
    minutes = 30 if facts["stage"] == "phone screen" else rng.choice([45, 45, 60, 60, 90])
    twelve = kit.locale == "en_US" and kit.chance(0.5)
    at = clock(rng.choice(range(8 * 60 + 30, 17 * 60, 30)), twelve)

    def ratings_table() -> None:
        notes = kit.chance(0.5)
        L.table(doc, rng, ["Competency", "Rating"] + ["Notes"] * notes, [
            [L.cell(c["competency"], ("competencies", i, "competency")), L.cell(texts[i])]
            + [L.cell(COMMENTS[c["rating"]])] * notes for i, c in enumerate(competencies)])
        for i in range(len(competencies)):
            evidence[("competencies", i, "rating")] = texts[i]

    def ratings_lines() -> None:
        bullet, sep = rng.choice(["- ", "* ", ""]), rng.choice([": ", " - "])
        for i, c in enumerate(competencies):    # "- Communication: 4/5"
            start = len(doc)
            doc.add(bullet).put(("competencies", i, "competency"), c["competency"])
            doc.add(sep + texts[i])
            evidence[("competencies", i, "rating")] = doc.text_since(start).removeprefix(bullet)
            doc.line()

    def extras() -> None:
        """Salary, notice and right to work, with the current salary and the role's budget."""
        if facts["salary_expectation"] is not None:
            if kit.chance(0.5):
                kit.money(doc.add("Current salary: "), None, round(salary * rng.uniform(0.8, 0.95), -2))
                doc.add("; ")
            kit.money(doc.add(rng.choice(["Expected salary: ", "Salary expectation: "])),
                      ("salary_expectation",), salary).line()
            if kit.chance(0.4):
                kit.money(doc.add("Budget for the role: up to "), None,
                          round(salary * rng.uniform(0.9, 1.2), -3)).line()
        if facts["notice_period_weeks"] is not None:
            weeks = facts["notice_period_weeks"]
            kit.count(doc.add(rng.choice(["Notice period: ", "Can start after a notice period of "])),
                      ("notice_period_weeks",), weeks).line(f" week{'s' if weeks > 1 else ''}")
        doc.line(visa_text)

    layout = rng.choice(["scorecard", "ats", "email"])
    if layout == "scorecard":
        doc.line(rng.choice(["INTERVIEW SCORECARD", "Interview feedback form", "Candidate evaluation"]))
        doc.line(fake.company()).line()
        L.kv(doc, rng, [
            ("Candidate", L.cell(candidate, ("candidate",))),
            (rng.choice(["Position", "Role", "Vacancy"]), L.cell(position, ("position",))),
            ("Job ref.", L.cell(job_ref)),
            (rng.choice(["Interviewer", "Assessed by"]), L.cell(interviewer, ("interviewer",))),
            ("Hiring manager", L.cell(manager)),
            (rng.choice(["Interview date", "Date of interview"]),
             kit.date_cell(("interview_date",), day)),
            ("Time", L.cell(at)), ("Length", L.cell(f"{minutes} minutes")),
            ("Feedback submitted", kit.date_cell(None, submitted))])
        doc.line().line(stage_text).line()
        kit.pad(doc)
        doc.line(rng.choice(["Ratings (1 = poor, 5 = outstanding)", "Competency ratings", "Scores"]))
        ratings_table() if kit.chance(0.6) else ratings_lines()
        doc.line().line(overall_text).line()
    elif layout == "ats":       # a note in the applicant tracking system
        doc.add("Feedback: ").put(("candidate",), candidate).add(" for ").put(("position",), position)
        doc.line(f" ({job_ref})")
        doc.add("Interviewer: ").put(("interviewer",), interviewer)
        kit.date(doc.add(" | submitted "), None, submitted).line()
        kit.date(doc.add("Interview held on "), ("interview_date",), day)
        doc.line(f" at {at}, {minutes} min. Recruiter: {recruiter}")
        doc.line(stage_text).line()
        kit.pad(doc)
        ratings_lines() if kit.chance(0.6) else ratings_table()
        doc.line(overall_text).line()
    else:                       # an e-mail to the hiring manager
        doc.line(f"To: {manager}").line(f"Cc: {recruiter}")
        doc.add("Subject: Interview feedback - ").put(("candidate",), candidate).line().line()
        doc.line(f"Hi {_first(manager)},").line()
        doc.add("I interviewed ").put(("candidate",), candidate).add(" for the ")
        doc.put(("position",), position).add(" role on ")
        kit.date(doc, ("interview_date",), day).line(f" ({minutes} minutes).")
        doc.line(stage_text).line()
        kit.pad(doc)
        doc.line(rng.choice(["My ratings:", "How I scored the competencies:"]))
        ratings_lines()
        doc.line().line(overall_text).line()
    strengths, concerns = facts["strengths"], facts["concerns"]
    if strengths or kit.chance(0.5):
        L.string_list(doc, rng, "strengths", strengths,
                      rng.choice(["Strengths", "Pros", "What went well"]), "Strengths: none noted")
    L.string_list(doc, rng, "concerns", concerns, rng.choice(["Concerns", "Cons", "Risks"]),
                  rng.choice(["Concerns: none", "No concerns."]))
    doc.line()
    extras()
    doc.line().line(rec_text)
    if layout == "email":
        doc.line().line("Best,").put(("interviewer",), interviewer).line()
    kit.pad(doc)
    return Draft(("Interview feedback", "Interview scorecard", "Candidate evaluation"),
                 INTERVIEW_FIELDS, facts, doc, evidence)


REVIEW_LEVELS = {1: "Unsatisfactory", 2: "Needs improvement", 3: "Meets expectations",
                 4: "Exceeds expectations", 5: "Outstanding"}
REVIEW_TYPES = {"annual": ("Annual performance review", "Review type: annual"),
                "mid-year": ("Mid-year performance review", "Review type: mid-year check-in"),
                "probation": ("End of probation review", "Review type: probation")}
OUTCOMES = {"exceeded": ("Exceeded", "Exceeded target"), "met": ("Met", "Achieved"),
            "partially met": ("Partially met", "Partly achieved"),
            "not met": ("Not met", "Not achieved")}
YEARS = {   # overall rating: the outcomes its objectives are drawn from
    1: ["not met", "not met", "partially met"], 2: ["not met", "partially met", "partially met", "met"],
    3: ["partially met", "met", "met", "met"], 4: ["met", "met", "exceeded"],
    5: ["exceeded", "exceeded", "met"]}
OBJECTIVES = ["Launch the new CRM", "Cut the invoice backlog", "Deliver the Q3 release",
              "Onboard two new clients", "Reduce customer churn", "Pass the ISO 27001 audit",
              "Move reporting to Power BI", "Hire two analysts", "Publish the style guide",
              "Renew key supplier contracts", "Improve the NPS score", "Automate the month-end close",
              "Roll out the new intranet", "Cut travel costs"]
WEIGHTS = {2: ([50, 50], [60, 40]), 3: ([40, 30, 30], [50, 25, 25], [34, 33, 33]),
           4: ([25, 25, 25, 25], [40, 20, 20, 20], [30, 30, 20, 20]),
           5: ([20, 20, 20, 20, 20], [30, 20, 20, 15, 15])}
DEVELOPMENT = ["PRINCE2 Practitioner", "Public speaking course", "Mentor a junior colleague",
               "Lead a client workshop", "Advanced Excel", "Spanish to B1", "Coaching skills",
               "Shadow the finance team", "Present at the all-hands", "Agile certification",
               "Negotiation training", "Line management course"]
JOB_TITLES = ["Marketing Executive", "Senior Accountant", "Customer Success Manager",
              "Software Developer", "HR Coordinator", "Operations Analyst", "Office Manager",
              "Product Owner", "Sales Representative", "Payroll Specialist"]
REVIEW_FIELDS = [
    F.text("employee", "Employee", ("Person being reviewed (not the manager).",
                                    "Name of the reviewee."), "employee_name", "reviewee"),
    F.text("employee_id", "Employee ID", "Staff or personnel number, if shown.", "staff_number",
           "personnel_no", optional=True, keep=0.6),
    F.text("job_title", "Job title", "The employee's job title.", "role", "position", keep=0.7),
    F.text("manager", "Manager", ("Manager who wrote the review (not the HR partner or the "
                                  "countersigning director).", "Reviewer."), "reviewer",
           "line_manager"),
    F.date("period_end", "Period end", ("Last day of the period reviewed (not the review meeting).",
                                        "End of the review period."), "review_period_end",
           "period_to", keep=0.7),
    F.date("review_date", "Review date", ("Date of the review meeting (not the next review date).",
                                          "Day the review was held."), "meeting_date", "reviewed_on"),
    F.choice("review_type", "Review type", "Which kind of review this is.", list(REVIEW_TYPES),
             "type", keep=0.6),
    F.items("objectives", "Objectives", ("Each objective of the period with its outcome, in order.",
                                         "Goals reviewed."), [
        F.text("objective", "Objective", "What the objective was.", "goal", "description"),
        F.integer("weight", "Weight (%)", "Weighting of the objective in percent, if given.",
                  "weighting", optional=True, keep=0.6),
        F.choice("outcome", "Outcome", "How far the objective was achieved.", list(OUTCOMES),
                 "result", "status"),
    ], "goals", "objectives_reviewed"),
    F.score("overall_rating", "Overall rating", "Overall performance rating for the period.",
            REVIEW_LEVELS, "overall", "performance_rating"),
    F.score("behaviours_rating", "Behaviours rating",
            "Rating of the behaviours or company values (not the overall rating).", REVIEW_LEVELS,
            "values_rating", "behaviour_score", keep=0.6),
    F.number("salary_increase_pct", "Salary increase (%)",
             "Salary increase awarded in percent, if decided (not the bonus target or pay budget).",
             "pay_rise_percent", "merit_increase", optional=True, keep=0.6),
    F.flag("promotion_recommended", "Promotion recommended",
           "Whether the manager recommends a promotion.", "promotion", "recommend_promotion"),
    F.strings("development_goals", "Development goals",
              ("Development actions agreed for the next period.", "Learning goals for next year."),
              "next_year_goals", "development_plan", keep=0.8),
    F.flag("acknowledged", "Signed by employee",
           "Whether the employee has signed or acknowledged the review.", "employee_signed",
           "employee_acknowledged", keep=0.5),
]


def performance_review(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind = rng.choice(["annual"] * 3 + ["mid-year", "probation"])
    year = kit.day().year
    if kind == "probation":
        start = kit.day()
        end = start + dt.timedelta(days=rng.choice([89, 181]))
    else:
        start = dt.date(year, rng.choice([1, 4]), 1)
        end = (start.replace(year=year + 1) if kind == "annual"
               else start.replace(month=start.month + 6)) - dt.timedelta(days=1)
    meeting = kit.day(after=end, within=40)
    following = meeting + dt.timedelta(days=182 if kind == "mid-year" else 365)
    picked = rng.sample(OBJECTIVES, rng.randint(2, 5))
    weights = rng.choice(WEIGHTS[len(picked)]) if kit.chance(0.6) else [None] * len(picked)
    overall = rng.choice([1, 2, 3, 3, 3, 4, 4, 4, 5, 5])
    outcomes = [rng.choice(YEARS[overall]) for _ in picked]
    behaviours = max(1, min(5, overall + rng.choice([-1, 0, 0, 1])))
    raise_pct = (max(0.5, {2: 1.0, 3: 2.5, 4: 3.5, 5: 5.0}[overall] + rng.choice([-0.5, 0, 0.5]))
                 if kind == "annual" and overall > 1 and kit.chance(0.75) else None)
    employee, manager, partner, director = kit.names(4)
    promote = overall >= 4 and kit.chance(0.6)
    facts = {"employee": employee,
             "employee_id": kit.maybe(f"{rng.choice(['E', 'EMP-', 'P'])}{rng.randint(10000, 99999)}",
                                      0.6),
             "job_title": rng.choice(JOB_TITLES), "manager": manager, "period_end": end.isoformat(),
             "review_date": meeting.isoformat(), "review_type": kind,
             "objectives": [{"objective": o, "weight": w, "outcome": r}
                            for o, w, r in zip(picked, weights, outcomes)],
             "overall_rating": overall, "behaviours_rating": behaviours,
             "salary_increase_pct": raise_pct,
             "promotion_recommended": promote and kind != "probation",
             "development_goals": rng.sample(DEVELOPMENT, rng.randint(1, 4)),
             "acknowledged": kit.chance(0.6)}
    type_text = rng.choice(REVIEW_TYPES[kind])
    labels_only = kit.chance(0.3)     # the scale is printed, each rating given by its label
    legend = "Rating scale: " + ", ".join(f"{n} = {label}" for n, label in REVIEW_LEVELS.items())

    def score_text(label: str, n: int) -> str:
        if labels_only:
            return f"{label}: {REVIEW_LEVELS[n]}"
        text = rating(rng, n)[1]
        return f"{label}: {text}" + (f" - {REVIEW_LEVELS[n].lower()}" if kit.chance(0.4) else "")

    overall_text = score_text(rng.choice(["Overall rating", "Overall performance", "Overall"]), overall)
    behaviour_text = score_text(rng.choice(["Behaviours", "Values and behaviours",
                                            "Behaviour rating"]), behaviours)
    promo_text = says(rng, facts["promotion_recommended"],
                      ("Recommended for promotion to the next grade.", "Promotion: recommended"),
                      ("Not recommended for promotion this cycle.", "Promotion: not at this time",
                       "No promotion recommended; to be revisited next year."))
    ack_text = says(rng, facts["acknowledged"],
                    ("Employee signature: signed, agrees with the review.",
                     "I have read and discussed this review. (signed by the employee)"),
                    ("The employee has not yet signed the review.",
                     "Employee signature: not signed (comments pending)"))
    wording = rng.choice([0, 1])
    outcome_texts = [OUTCOMES[r][wording] for r in outcomes]
    evidence = {("review_type",): type_text, ("overall_rating",): overall_text,
                ("behaviours_rating",): behaviour_text, ("promotion_recommended",): promo_text,
                ("acknowledged",): ack_text}
    evidence.update({("objectives", i, "outcome"): t for i, t in enumerate(outcome_texts)})
    bonus = kit.amount(400, 6000) if kind == "annual" and kit.chance(0.5) else None

    def objectives(style: str) -> None:
        objs = facts["objectives"]
        if style == "table":
            L.table(doc, rng, ["Objective"] + ["Weight"] * (weights[0] is not None) + ["Result"], [
                [L.cell(o["objective"], ("objectives", i, "objective"))]
                + ([L.join(kit.count_cell(("objectives", i, "weight"), o["weight"]), L.cell("%"))]
                   if o["weight"] is not None else []) + [L.cell(outcome_texts[i])]
                for i, o in enumerate(objs)])
            return
        for i, o in enumerate(objs):    # "2. Hire two analysts (weight 30%) - Partly achieved"
            at = ("objectives", i)
            doc.add(f"{i + 1}. " if style == "numbered" else "- ")
            doc.put(at + ("objective",), o["objective"])
            if o["weight"] is not None:
                kit.count(doc.add(" (weight "), at + ("weight",), o["weight"]).add("%)")
            doc.line(f" - {outcome_texts[i]}")

    def goals(numbered: bool) -> None:
        for i, g in enumerate(facts["development_goals"]):
            doc.add(f"{i + 1}. " if numbered else "- ").put(("development_goals", i), g).line()

    def pay() -> None:
        if raise_pct is not None:
            kit.num(doc.add(rng.choice(["Salary increase: ", "Merit increase: "])),
                    ("salary_increase_pct",), raise_pct, 1).add("%")
            doc.line(rng.choice([" from 1 April", " effective next payroll", ""]))
            if kit.chance(0.4):
                kit.num(doc.add("(company pay budget: "), None, rng.choice([2.5, 3.0, 3.5, 4.0]), 1)
                doc.line("%)")
        elif kind == "annual" and kit.chance(0.6):
            doc.line("Pay review: to be confirmed after the budget round.")
        if bonus is not None:
            kit.money(doc.add("Bonus: "), None, bonus)
            doc.line(f" (target {rng.choice([5, 8, 10, 15])}% of salary)")

    layout = rng.choice(["form", "markdown", "narrative"])
    if layout == "form":
        doc.line(type_text).line(fake.company()).line()
        rows = [("Employee", L.cell(employee, ("employee",)))]
        if facts["employee_id"]:
            rows.append((rng.choice(["Employee no.", "Staff ID", "Personnel no."]),
                         L.cell(facts["employee_id"], ("employee_id",))))
        rows += [("Job title", L.cell(facts["job_title"], ("job_title",))),
                 (rng.choice(["Manager", "Reviewer", "Line manager"]), L.cell(manager, ("manager",))),
                 ("HR business partner", L.cell(partner)),
                 ("Review period", L.join(kit.date_cell(None, start), L.cell(" - "),
                                          kit.date_cell(("period_end",), end))),
                 (rng.choice(["Review meeting", "Date of review"]),
                  kit.date_cell(("review_date",), meeting)),
                 ("Next review", kit.date_cell(None, following))]
        L.kv(doc, rng, rows)
        doc.line()
        kit.pad(doc)
        doc.line("Section 1 - Objectives")
        objectives(rng.choice(["table", "numbered"]))
        doc.line().line("Section 2 - Ratings")
        if labels_only:
            doc.line(legend)
        doc.line(overall_text).line(behaviour_text).line()
        kit.pad(doc)
        doc.line("Section 3 - Development plan")
        goals(True)
        doc.line().line("Section 4 - Pay and promotion")
        pay()
        doc.line(promo_text).line().line("Section 5 - Sign-off")
        doc.add("Reviewer: ").put(("manager",), manager).line()
        doc.line(f"Countersigned: {director}").line(ack_text)
    elif layout == "markdown":
        doc.add("# Performance review: ").put(("employee",), employee).line().line()
        doc.add("**Job title:** ").put(("job_title",), facts["job_title"]).line("  ")
        if facts["employee_id"]:
            doc.add("**Employee ID:** ").put(("employee_id",), facts["employee_id"]).line("  ")
        doc.add("**Reviewer:** ").put(("manager",), manager).line(f" (HR: {partner})  ")
        kit.date(doc.add("**Period:** "), None, start).add(" to ")
        kit.date(doc, ("period_end",), end).line("  ")
        kit.date(doc.add("**Meeting held:** "), ("review_date",), meeting).line().line()
        doc.line(type_text).line()
        kit.pad(doc)
        doc.line("## Objectives").line()
        objectives(rng.choice(["table", "bullets"]))
        doc.line().line("## Ratings").line()
        if labels_only:
            doc.line(legend).line()
        doc.line(f"- {overall_text}").line(f"- {behaviour_text}").line()
        doc.line("## Development").line()
        goals(kit.chance(0.5))
        doc.line().line("## Pay and promotion").line()
        pay()
        doc.line(promo_text).line().line(ack_text)
        kit.date(doc.add("Next review due "), None, following).line(".")
    else:                       # the manager's write-up
        doc.add("Review of ").put(("employee",), employee).add(", ")
        doc.put(("job_title",), facts["job_title"])
        if facts["employee_id"]:
            doc.add(" (staff no. ").put(("employee_id",), facts["employee_id"]).add(")")
        doc.line().line(type_text)
        doc.add("Prepared by ").put(("manager",), manager).add(" after our meeting on ")
        kit.date(doc, ("review_date",), meeting).line(".").line()
        kit.date(doc.add("This review covers the period from "), None, start).add(" to ")
        kit.date(doc, ("period_end",), end).add(". ")
        doc.line(f"{_first(employee)} set {len(picked)} objectives at the start of the period:")
        kit.pad(doc)
        objectives(rng.choice(["numbered", "bullets", "table"]))
        doc.line()
        if labels_only:
            doc.line(legend)
        doc.line(overall_text).line(behaviour_text).line()
        doc.line(rng.choice(["Agreed development goals:", "For the coming year we agreed on:"]))
        goals(kit.chance(0.5))
        doc.line()
        pay()
        doc.line(promo_text).line(ack_text)
        kit.date(doc.add(f"HR contact: {partner}. Next review planned for "), None, following).line(".")
    kit.pad(doc)
    return Draft(("Performance review", "Annual appraisal", "Employee review"), REVIEW_FIELDS, facts,
                 doc, evidence)


ONBOARDING_TASKS = [   # (task, owner: a team or "manager" / "buddy", day due (0: before day 1),
    # whether it needs the new hire on site)
    ("Send welcome pack", "HR", 0, False), ("Set up laptop and accounts", "IT", 0, False),
    ("Prepare desk and chair", "Facilities", 0, True), ("Issue access badge", "Security", 1, True),
    ("Building tour", "buddy", 1, True), ("Health and safety induction", "Facilities", 1, True),
    ("Meet the team", "manager", 1, False), ("Sign confidentiality agreement", "HR", 1, False),
    ("Bank details for payroll", "HR", 2, False), ("Fire safety briefing", "Facilities", 2, True),
    ("Shadow a colleague", "buddy", 2, False), ("IT security training", "IT", 3, False),
    ("Data protection e-learning", "HR", 4, False), ("First 1:1 with manager", "manager", 5, False),
    ("Agree 30-day objectives", "manager", 5, False), ("Benefits enrolment", "HR", 5, False)]
DUE = {0: ("Before day 1", "Pre-start"), 1: ("Day 1", "Mon"), 2: ("Day 2", "Tue"),
       3: ("Day 3", "Wed"), 4: ("Day 4", "Thu"), 5: ("Day 5", "Fri")}
EQUIPMENT = ["Laptop", "Monitor", "Headset", "Access badge", "Mobile phone", "Docking station",
             "Keyboard and mouse", "Parking permit", "Locker key", "Safety shoes"]
ON_SITE_ONLY = {"Access badge", "Parking permit", "Locker key", "Safety shoes"}
ACCOUNTS = ["Email", "Teams", "Slack", "HR portal", "VPN", "Jira", "Payroll self-service",
            "Expenses app", "CRM", "Shared drive"]
WORK_PATTERNS = {"on-site": ("Work pattern: office-based, five days on site",
                             "You will be working on site full time."),
                 "hybrid": ("Work pattern: hybrid (3 days office, 2 from home)",
                            "Hybrid working: two days a week from home."),
                 "remote": ("Fully remote role: your equipment is sent to your home.",
                            "Work pattern: remote")}
ONBOARDING_FIELDS = [
    F.text("new_hire", "New hire", ("Person starting the job (not the manager or buddy).",
                                    "Name of the new starter."), "employee", "starter",
           "employee_name"),
    F.text("job_title", "Job title", "The new hire's job title.", "role", "position", keep=0.8),
    F.text("department", "Department", "Team or department joined.", "team", keep=0.6),
    F.date("start_date", "Start date", ("First working day (not the offer or checklist date).",
                                        "Date the new hire starts."), "first_day", "joining_date"),
    F.text("manager", "Line manager", "Manager the new hire reports to.", "reports_to",
           "line_manager", keep=0.8),
    F.text("buddy", "Buddy", "Colleague assigned as onboarding buddy, if any.", "onboarding_buddy",
           "mentor", optional=True, keep=0.7),
    F.choice("work_pattern", "Work pattern", "Where the new hire will mostly work.",
             list(WORK_PATTERNS), "work_location", "location_type", keep=0.7),
    F.text("arrival_time", "Arrival time", "Time to arrive or join on the first day, as written "
           "(not other times of the day).", "first_day_time", "report_time", optional=True, keep=0.5),
    F.items("tasks", "Tasks", ("Each checklist task, in order.", "The onboarding to-do list."), [
        F.text("task", "Task", "What has to be done.", "item", "description"),
        F.text("owner", "Owner", "Team or person responsible.", "responsible", "assigned_to",
               keep=0.7),
        F.text("due", "Due", "When the task is due, as written.", "when", "due_by", keep=0.6),
        F.flag("done", "Done", "Whether the task has been completed.", "completed", "is_done",
               keep=0.8),
    ], "checklist", "onboarding_tasks"),
    F.strings("equipment", "Equipment", "Equipment issued or to be issued.", "kit",
              "equipment_issued", keep=0.8),
    F.strings("accounts", "System accounts", "Systems the new hire gets access to.", "system_access",
              "logins", keep=0.6),
    F.integer("probation_months", "Probation (months)",
              "Length of the probation period in months (not the notice period).",
              "probation_period", "probation", keep=0.6),
    F.flag("contract_signed", "Contract signed", "Whether the signed contract has been received.",
           "signed_contract", "contract_returned"),
    F.flag("right_to_work_checked", "Right to work checked",
           "Whether the right-to-work documents have been checked.", "rtw_checked", keep=0.6),
]


def onboarding_checklist(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    start = kit.day()
    start -= dt.timedelta(days=start.weekday())     # new hires start on a Monday
    pattern = rng.choice(["on-site", "hybrid", "hybrid", "remote"])
    new_hire, manager, buddy_name, hr = kit.names(4)
    buddy = kit.maybe(buddy_name, 0.7)
    pool = [t for t in ONBOARDING_TASKS if not (pattern == "remote" and t[3])]
    picked = sorted(rng.sample(pool, rng.randint(3, 8)), key=lambda t: t[2])
    progress = rng.randint(0, 5)        # the day the checklist was last updated
    due_form = rng.choice([0, 0, 1])
    owners = {"manager": manager, "buddy": buddy or manager}
    tasks = [{"task": task, "owner": owners.get(owner, owner), "due": DUE[day][due_form],
              "done": day < progress or (day == progress and kit.chance(0.5))}
             for task, owner, day, _ in picked]
    equipment = [e for e in EQUIPMENT if not (pattern == "remote" and e in ON_SITE_ONLY)]
    twelve = kit.locale == "en_US" and kit.chance(0.5)
    arrive = rng.choice([480, 510, 540, 570, 600])
    facts = {"new_hire": new_hire, "job_title": rng.choice(JOB_TITLES),
             "department": rng.choice(DEPARTMENTS), "start_date": start.isoformat(),
             "manager": manager, "buddy": buddy, "work_pattern": pattern,
             "arrival_time": kit.maybe(clock(arrive, twelve), 0.7), "tasks": tasks,
             "equipment": rng.sample(equipment, rng.randint(2, 5)),
             "accounts": rng.sample(ACCOUNTS, rng.choice([0, 2, 3, 3, 4, 5])),
             "probation_months": rng.choice([3, 3, 6, 6, 6, 12]),
             "contract_signed": kit.chance(0.7), "right_to_work_checked": kit.chance(0.65)}
    offer = start - dt.timedelta(days=rng.randint(14, 60))
    status_day = start + dt.timedelta(days=progress - 1 if progress else -3)
    pattern_text = rng.choice(WORK_PATTERNS[pattern])
    contract_text = says(rng, facts["contract_signed"],
                         ("Signed contract received.", "Contract: signed and returned"),
                         ("Contract not yet returned.", "Contract: sent, not signed yet"))
    rtw_text = says(rng, facts["right_to_work_checked"],
                    ("Right-to-work documents checked and copied.", "Right to work: verified"),
                    ("Right to work: documents not yet seen.",
                     "Right-to-work check outstanding - bring your passport on day 1."))
    evidence = {("work_pattern",): pattern_text, ("contract_signed",): contract_text,
                ("right_to_work_checked",): rtw_text}
    place = "join the welcome call" if pattern == "remote" else "arrive at reception"
    lunch = clock(rng.choice([720, 750]), twelve)
    setup = clock(arrive + rng.choice([30, 60]), twelve)

    def first_day() -> None:
        if facts["arrival_time"]:
            doc.add(f"On your first day please {place} at ").put(("arrival_time",), facts["arrival_time"])
            doc.line(f"; IT set-up follows at {setup} and the welcome lunch is at {lunch}.")
        else:
            doc.line(f"Welcome lunch with the team at {lunch} on day 1.")

    def probation() -> None:
        months = facts["probation_months"]
        kit.count(doc.add(rng.choice(["Probation: ", "Probation period: "])), ("probation_months",),
                  months)
        doc.add(" months")
        if kit.chance(0.5):
            kit.date(doc.add(" (ends "), None, start + dt.timedelta(days=months * 30)).add(")")
        notice = rng.choice([1, 2, 4])
        doc.line(f"; notice during probation {notice} week{'s' if notice > 1 else ''}")
        if kit.chance(0.5):
            doc.line(f"Annual leave: {rng.choice([20, 25, 28, 30])} days")

    def task_lines(marks: tuple[str, str]) -> None:
        for i, t in enumerate(tasks):   # "[x] Issue access badge (Security, Day 1)"
            at, mark = ("tasks", i), marks[0] if t["done"] else marks[1]
            evidence[at + ("done",)] = f"{mark} {t['task']}"
            doc.add(f"{mark} ").put(at + ("task",), t["task"]).add(" (").put(at + ("owner",), t["owner"])
            doc.add(", ").put(at + ("due",), t["due"]).line(")")

    def task_table() -> None:
        words = rng.choice([("Done", "Open"), ("Completed", "To do"), ("yes", "no")])
        L.table(doc, rng, ["Task", rng.choice(["Owner", "Who"]), rng.choice(["Due", "When"]),
                           rng.choice(["Status", "Done?"])], [
            [L.cell(t["task"], ("tasks", i, "task")), L.cell(t["owner"], ("tasks", i, "owner")),
             L.cell(t["due"], ("tasks", i, "due")), L.cell(words[0] if t["done"] else words[1])]
            for i, t in enumerate(tasks)])
        for i, t in enumerate(tasks):
            evidence[("tasks", i, "done")] = words[0] if t["done"] else words[1]

    def task_sections() -> None:
        """Done and open tasks under their own headings (the status is the heading)."""
        heads = rng.choice([("Done so far:", "Still to do:"), ("Completed:", "Outstanding:")])
        tasks.sort(key=lambda t: not t["done"])     # the array follows the document's order
        for state, head in zip((True, False), heads):
            rows = [(i, t) for i, t in enumerate(tasks) if t["done"] == state]
            if not rows:
                continue
            doc.line(head)
            for i, t in rows:
                evidence[("tasks", i, "done")] = head
                doc.add("- ").put(("tasks", i, "task"), t["task"]).add(" - ")
                doc.put(("tasks", i, "owner"), t["owner"]).add(", ").put(("tasks", i, "due"), t["due"])
                doc.line()

    def lists() -> None:
        doc.add(rng.choice(["Equipment issued: ", "Equipment: ", "Kit to hand over: "]))
        _series(doc, ("equipment",), facts["equipment"], rng.choice([", ", " and "])).line()
        L.string_list(doc, rng, "accounts", facts["accounts"],
                      rng.choice(["Accounts", "System access", "Logins to create"]),
                      rng.choice(["System access: none requested yet", "Accounts: to be confirmed"]))

    layout = rng.choice(["checklist", "table", "email"])
    if layout in ("checklist", "table"):
        doc.line(rng.choice(["NEW STARTER CHECKLIST", "Onboarding checklist - first week",
                             "New hire onboarding"])).line(fake.company()).line()
        rows = [(rng.choice(["New starter", "Employee", "Name"]), L.cell(new_hire, ("new_hire",))),
                ("Job title", L.cell(facts["job_title"], ("job_title",))),
                ("Department", L.cell(facts["department"], ("department",))),
                (rng.choice(["Start date", "First day", "Joining date"]),
                 kit.date_cell(("start_date",), start)),
                (rng.choice(["Line manager", "Reports to", "Manager"]), L.cell(manager, ("manager",)))]
        if buddy:
            rows.append(("Buddy", L.cell(buddy, ("buddy",))))
        rows += [("Offer accepted", kit.date_cell(None, offer)), ("HR contact", L.cell(hr))]
        L.kv(doc, rng, rows)
        doc.line().line(pattern_text)
        first_day()
        probation()
        doc.line()
        kit.pad(doc)
        kit.date(doc.add("Status as of "), None, status_day).line(":")
        if layout == "table":
            task_table()
        else:
            task_lines(rng.choice([("[x]", "[ ]"), ("☑", "☐"), ("✔", "✘")]))
        doc.line()
        lists()
        doc.line().line(contract_text).line(rtw_text)
    else:                       # HR's update e-mail to the manager
        doc.line(f"From: {hr}").add("To: ").put(("manager",), manager).line()
        start_text = kit.date_text(start)
        doc.add("Subject: Onboarding - ").put(("new_hire",), new_hire).add(" starts ")
        doc.put(("start_date",), start_text).line().line()
        doc.line(f"Hi {_first(manager)},").line()
        doc.put(("new_hire",), new_hire).add(" joins ").put(("department",), facts["department"])
        doc.add(" as ").put(("job_title",), facts["job_title"]).add(" on ")
        doc.put(("start_date",), start_text).add(" (offer accepted on ")
        kit.date(doc, None, offer).line(").")
        if buddy:
            doc.add("Their buddy will be ").put(("buddy",), buddy).line(".")
        doc.line(pattern_text)
        first_day()
        probation()
        doc.line()
        kit.pad(doc)
        kit.date(doc.add("Where we are as of "), None, status_day).line(":")
        task_sections() if kit.chance(0.6) else task_lines(("[x]", "[ ]"))
        doc.line()
        lists()
        doc.line().line(contract_text).line(rtw_text).line().line("Thanks,").line(hr)
    kit.pad(doc)
    return Draft(("Onboarding checklist", "New starter checklist", "New hire onboarding"),
                 ONBOARDING_FIELDS, facts, doc, evidence)
