"""Messages: support tickets, business e-mails and meeting notes.

Decide answers come from the text, stated or clearly implied: a ticket's priority is
either written ("Priority: High") or follows from what the customer says (production
down -> urgent), and the evidence records which sentence decides it.
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from ..assemble import Draft
from ..doc import Doc
from ..kit import Kit

PRIORITIES = ["low", "normal", "high", "urgent"]
IMPLIED = {
    "low": ["No rush on this, whenever you have time.", "Just a small cosmetic thing."],
    "normal": ["It would be good to get this sorted this week.",
               "Not blocking us, but it is annoying."],
    "high": ["Several of our users cannot work properly because of this.",
             "This is blocking our month-end reporting."],
    "urgent": ["Our production system is down and no customer can place an order!",
               "All users are locked out right now, please help immediately."],
}
ISSUES = {
    "billing": ["I was charged twice for my subscription.", "The invoice shows the wrong VAT."],
    "technical": ["The app crashes when I upload a file.", "Exports fail with a timeout error."],
    "account": ["I cannot reset my password.", "I need to change the account owner."],
    "shipping": ["My parcel has not arrived.", "The delivery was damaged."],
}
MOODS = {1: "calm", 2: "slightly annoyed", 3: "frustrated", 4: "angry", 5: "furious"}
MOOD_LINES = {1: "Thanks in advance, no worries.", 2: "A bit disappointed, to be honest.",
              3: "This is frustrating.", 4: "I am really angry about this.",
              5: "This is completely unacceptable and I am furious!"}

TICKET_FIELDS = [
    F.text("ticket_id", "Ticket ID", "The ticket reference.", "ticket_number", "case_id"),
    F.text("customer_name", "Customer", "Who opened the ticket.", "requester"),
    F.text("customer_email", "E-mail", "Requester e-mail address.", "email", format="email",
           keep=0.7),
    F.date("created", "Opened on", "Date the ticket was opened.", "created_date", "opened"),
    F.text("order_number", "Order number", "Order the ticket refers to, if any.", "order_ref",
           optional=True, keep=0.6),
    F.choice("priority", "Priority", ("How urgent the request is.",
             "Priority as stated or as implied by the impact described."), PRIORITIES, "urgency",
             option_descriptions=("No time pressure or purely cosmetic",
                                  "Should be fixed within the week",
                                  "Several users cannot work properly",
                                  "Production is down or everyone is affected")),
    F.choice("category", "Category", "Which team should handle it.", list(ISSUES),
             "department", "queue", option_descriptions=(
                 "Charges, invoices and refunds", "Bugs, errors and crashes",
                 "Logins, passwords and ownership", "Deliveries and parcels")),
    F.score("frustration", "Frustration", "How upset the customer sounds.", MOODS, "anger",
            keep=0.6),
    F.flag("refund_requested", "Refund requested", "Whether the customer asks for money back.",
           "wants_refund", keep=0.6),
    F.strings("steps", "Steps to reproduce", "Each step the customer lists, in order.",
              "repro_steps", keep=0.6),
    F.strings("error_codes", "Error codes", "Error codes quoted in the ticket.", "errors",
              keep=0.6),
    F.generate("summary", "Summary", "One-sentence summary of the issue for the agent.", 40,
               keep=0.3),
]
STEPS = ["Log in to the web app", "Open the reports page", "Choose last month",
         "Click Export", "Upload a PDF larger than 10 MB", "Open the mobile app",
         "Go to Settings", "Press Save"]


def support_ticket(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    priority, category = rng.choice(PRIORITIES), rng.choice(list(ISSUES))
    mood = rng.randint(1, 5)
    refund = category in ("billing", "shipping") and kit.chance(0.6)
    created = kit.day()
    facts = {"ticket_id": f"{rng.choice(['#', 'TCK-', 'SR'])}{rng.randint(10000, 999999)}",
             "customer_name": fake.name(), "customer_email": fake.free_email(),
             "created": created.isoformat(),
             "order_number": f"ORD-{rng.randint(100000, 999999)}" if kit.chance(0.8) else None,
             "priority": priority, "category": category, "frustration": mood,
             "refund_requested": refund,
             "steps": rng.sample(STEPS, rng.randint(2, 4)) if category == "technical" else [],
             "error_codes": [f"{rng.choice(['ERR', 'E', 'HTTP'])}-{rng.randint(100, 9999)}"
                             for _ in range(rng.choice([0, 1, 1, 2]))]}
    doc.add("Ticket ").put(("ticket_id",), facts["ticket_id"]).line()
    doc.add("Opened: ")
    kit.date(doc, ("created",), created).line()
    doc.add("From: ").put(("customer_name",), facts["customer_name"]).add(" <")
    doc.put(("customer_email",), facts["customer_email"]).line(">")
    stated = kit.chance(0.4)
    if stated:
        evidence = f"Priority: {priority.capitalize()}"
        doc.line(evidence)
    doc.line(f"Subject: {rng.choice(ISSUES[category])[:-1]}").line()
    doc.line("Hello support team,").line()
    issue = rng.choice(ISSUES[category])
    doc.add(issue, " ")
    if facts["order_number"]:
        doc.add("It concerns order ").put(("order_number",), facts["order_number"]).add(". ")
    impact = rng.choice(IMPLIED[priority])
    if not stated:
        evidence = impact
    doc.line(impact)
    for i, code in enumerate(facts["error_codes"]):
        doc.add("The screen shows " if i == 0 else " and then ").put(("error_codes", i), code)
    doc.add("\n" if facts["error_codes"] else "")
    if facts["steps"]:
        doc.line("Steps to reproduce:")
        for i, step in enumerate(facts["steps"]):
            doc.add(f"{i + 1}. ").put(("steps", i), step).line()
    refund_line = rng.choice(["Please refund the amount.", "I would like my money back."])
    doc.line(refund_line if refund else "Please fix this as soon as you can.")
    doc.line(MOOD_LINES[mood]).line().line(f"Best regards,\n{facts['customer_name']}")
    kit.pad(doc)
    facts["summary"] = f"{facts['customer_name']} reports: {issue}"
    return Draft(("Support ticket", "Ticket triage"), TICKET_FIELDS, facts, doc, {
        ("priority",): evidence, ("category",): issue, ("frustration",): MOOD_LINES[mood],
        ("refund_requested",): refund_line if refund else "Please fix this as soon as you can."})


EMAIL_INTENTS = {
    "meeting_request": "Could we meet to go through the proposal? I suggest {when}.",
    "invoice_query": "I have a question about your latest invoice; the total looks too high.",
    "follow_up": "I am following up on my message from last week, as I have not heard back.",
    "complaint": "I must complain about the service we received on our last order.",
}

EMAIL_FIELDS = [
    F.text("sender_name", "Sender", "Name of the person who wrote the e-mail.", "from_name"),
    F.text("sender_email", "Sender address", "E-mail address of the sender.", "from",
           format="email"),
    F.strings("cc", "CC", "Addresses in copy.", "cc_addresses", keep=0.6),
    F.date("sent", "Sent on", "Date the e-mail was sent.", "date", "sent_date"),
    F.text("subject", "Subject", "Subject line.", "title", keep=0.7),
    F.choice("intent", "Intent", "What the sender wants.", list(EMAIL_INTENTS), "purpose"),
    F.date("proposed_meeting", "Proposed meeting date", "Meeting date the sender suggests, if any.",
           "meeting_date", optional=True, keep=0.7),
    F.strings("attachments", "Attachments", "File names of the attachments.", "files", keep=0.6),
    F.flag("reply_needed", "Reply needed", "Whether the sender expects an answer.",
           "needs_response", keep=0.6),
    F.text("website", "Website", "The sender's company website from the signature, if any.",
           "url", format="uri", optional=True, keep=0.4),
]


def email(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    intent = rng.choice(list(EMAIL_INTENTS))
    sent = kit.day()
    meeting = kit.day(after=sent, within=20) if intent == "meeting_request" else None
    cc = [fake.company_email() for _ in range(rng.choice([0, 0, 1, 2, 3]))]
    files = [f"{fake.word()}_{rng.randint(1, 99)}.{rng.choice(['pdf', 'xlsx', 'docx', 'png'])}"
             for _ in range(rng.choice([0, 0, 1, 2]))]
    reply = intent != "follow_up" or kit.chance(0.8)
    facts = {"sender_name": fake.name(), "sender_email": fake.company_email(), "cc": cc,
             "sent": sent.isoformat(), "subject": fake.catch_phrase(), "intent": intent,
             "proposed_meeting": meeting.isoformat() if meeting else None,
             "attachments": files, "reply_needed": reply,
             "website": fake.url() if kit.chance(0.85) else None}
    facts["website"] = facts["website"] and facts["website"].rstrip("/")
    doc.add("From: ").put(("sender_name",), facts["sender_name"]).add(" <")
    doc.put(("sender_email",), facts["sender_email"]).line(">")
    doc.line(f"To: {fake.name()} <{fake.company_email()}>")
    if cc:
        doc.add("Cc: ")
        for i, a in enumerate(cc):
            doc.add(", " if i else "").put(("cc", i), a)
        doc.line()
    doc.add("Date: ")
    kit.date(doc, ("sent",), sent).line()
    doc.add("Subject: ").put(("subject",), facts["subject"]).line().line()
    doc.line(f"Dear {fake.first_name()},").line()
    body = EMAIL_INTENTS[intent]
    if meeting:
        before, _, after = body.partition("{when}")
        mark = len(doc)
        kit.date(doc.add(before), ("proposed_meeting",), meeting).add(after)
        body = doc.text_since(mark)
        doc.line()
    else:
        doc.line(body)
    kit.pad(doc)
    reply_line = ("Please let me know by the end of the week." if reply else
                  "No need to reply, this is just for your information.")
    doc.line(reply_line).line()
    if files:
        doc.add("Attached: ")
        for i, f in enumerate(files):
            doc.add(", " if i else "").put(("attachments", i), f)
        doc.line().line()
    doc.line("Kind regards,").line(facts["sender_name"]).line(fake.company())
    if facts["website"]:
        doc.put(("website",), facts["website"]).line()
    kit.pad(doc)
    return Draft(("E-mail", "Inbox triage"), EMAIL_FIELDS, facts, doc,
                 {("intent",): body, ("reply_needed",): reply_line})


NOTES_FIELDS = [
    F.text("meeting_title", "Meeting", "Name of the meeting.", "title"),
    F.date("date", "Date", "Date the meeting took place.", "meeting_date"),
    F.strings("attendees", "Attendees", "Everyone listed as present.", "participants"),
    F.strings("decisions", "Decisions", "Each decision taken, as written.", keep=0.7),
    F.items("action_items", "Action items", "Tasks assigned in the meeting.", [
        F.text("owner", "Owner", "Who is responsible.", "assignee"),
        F.text("task", "Task", "What must be done.", "action"),
        F.date("due", "Due", "Deadline, if one was set.", "deadline", optional=True),
    ], "actions", "todos"),
    F.date("next_meeting", "Next meeting", "Date of the next meeting, if fixed.",
           "follow_up_date", optional=True, keep=0.7),
    F.choice("outcome", "Outcome", "Overall result of the meeting.",
             ["on track", "at risk", "blocked"], "status", keep=0.7),
]

TASKS = ["Update the project plan", "Send the budget to finance", "Book the venue",
         "Draft the customer newsletter", "Review the contract", "Fix the login bug",
         "Prepare the quarterly report", "Call the supplier", "Hire a designer",
         "Migrate the database", "Organise user interviews", "Renew the SSL certificate"]
DECISIONS = ["Launch moves to the next quarter", "We keep the current supplier",
             "Budget for marketing is approved", "The team switches to weekly releases",
             "Office moves are postponed", "A freelancer will support QA"]
OUTCOMES = {"on track": "Overall the project is on track.",
            "at risk": "The timeline is at risk if the open items slip.",
            "blocked": "Work is blocked until legal signs off."}


def meeting_notes(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    day = kit.day()
    people = list(dict.fromkeys(fake.name() for _ in range(rng.randint(3, 7))))
    actions = [{"owner": rng.choice(people), "task": t,
                "due": kit.day(after=day, within=30).isoformat() if kit.chance(0.8) else None}
               for t in rng.sample(TASKS, rng.randint(0, 5))]
    outcome = rng.choice(list(OUTCOMES))
    nxt = kit.day(after=day, within=21) if kit.chance(0.8) else None
    facts = {"meeting_title": f"{rng.choice(['Weekly', 'Monthly', 'Kick-off', 'Steering'])} "
                              f"{rng.choice(['sync', 'review', 'committee', 'meeting'])}",
             "date": day.isoformat(), "attendees": people,
             "decisions": rng.sample(DECISIONS, rng.randint(0, 3)), "action_items": actions,
             "next_meeting": nxt.isoformat() if nxt else None, "outcome": outcome}
    doc.add("Minutes: ").put(("meeting_title",), facts["meeting_title"]).add(" - ")
    kit.date(doc, ("date",), day).line().add("Present: ")
    for i, p in enumerate(people):
        doc.add(", " if i else "").put(("attendees", i), p)
    doc.line().line(f"Apologies: {fake.name()}").line()
    doc.line("1. Status").line(OUTCOMES[outcome]).line()
    kit.pad(doc)
    if facts["decisions"]:
        doc.line("2. Decisions")
        for i, d in enumerate(facts["decisions"]):
            doc.add("- ").put(("decisions", i), d).line()
        doc.line()
    doc.line("3. Actions")
    for i, a in enumerate(actions):
        doc.add("- ").put(("action_items", i, "owner"), a["owner"]).add(": ")
        doc.put(("action_items", i, "task"), a["task"])
        if a["due"]:
            doc.add(" (by ")
            kit.date(doc, ("action_items", i, "due"), dt.date.fromisoformat(a["due"])).add(")")
        doc.line()
    if not actions:
        doc.line("No new actions.")
    doc.line()
    if nxt:
        doc.add("Next meeting: ")
        kit.date(doc, ("next_meeting",), nxt).line()
    else:
        doc.line("Next meeting: to be scheduled.")
    kit.pad(doc)
    return Draft(("Meeting notes", "Minutes"), NOTES_FIELDS, facts, doc,
                 {("outcome",): OUTCOMES[outcome]})
