"""Paperwork of clubs and public services: volunteer rotas, election results, league tables
and library loan notices.

Each carries a value of the same type beside the one asked for: a briefing time before the
first shift and the date the rota went out beside the event date, ballot papers issued and
each candidate's share beside the votes and the turnout, goal difference and rounds still
to play beside the points, an item barcode beside the card number and the daily rate and
block threshold beside the fines owed. Rows come as tables, bullet or numbered lists, or
one sentence each (a committee e-mail, a declaration of the poll, a newspaper round-up, a
library letter); the lists of names (standby volunteers, offices filled unopposed,
promoted and relegated teams, reservations waiting) may be empty. Booleans are as often
negated as stated ("no recount was requested", "not yet certified", "the season is not
over yet", "your account is not blocked").
"""
from __future__ import annotations

import datetime as dt
from itertools import combinations
from string import Formatter

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..kit import Kit
from ..surface import says

ORDINAL_WORDS = ["first", "second", "third", "fourth", "fifth", "sixth"]


def _fill(doc: Doc, template: str, **parts) -> Doc:
    """Write `template` with each `{name}` replaced by `parts[name]`: plain text, or a
    `(path, text)` pair written as the gold text of `path`."""
    for literal, name, _, _ in Formatter().parse(template):
        doc.add(literal)
        if name:
            part = parts[name]
            doc.add(part) if isinstance(part, str) else doc.put(*part)
    return doc


def _golds(kit: Kit, path: Path, facts: dict, keys) -> dict:
    """`_fill` parts for the facts `keys` present at `path`: texts as they are, counts in the
    document's style."""
    return {k: (path + (k,), kit.style.integer(v) if isinstance(v, int) else v)
            for k in keys if (v := facts[k]) is not None}


def _series(doc: Doc, path: Path, values: list[str], last: str = ", ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


ROLES = ["Registration desk", "Water station", "Course marshal", "Car park", "Tombola stall",
         "Refreshments", "Set-up crew", "Clear-up crew", "Bucket collection", "Cake stall",
         "Information point", "Raffle tickets"]
CAUSES = ["Food Bank", "Rotary Club", "Running Club", "Lions Club", "Scout Group",
          "Community Garden", "Hospice Friends", "Animal Rescue"]
EVENTS = ["Summer Fun Run", "Christmas Market", "Charity Bake Sale", "Beach Clean-up",
          "Spring Fair", "Sponsored Walk", "Jumble Sale", "Family Fun Day"]
FIRST_AID = {"table": {True: "trained", False: "not trained"},
             "list": {True: "first aider", False: "no first aid"},
             "prose": {True: "a trained first aider", False: "not first-aid trained"}}
DRESS = {"hi-vis": ("Please wear the hi-vis vest you are given at sign-in.",
                    "Hi-vis vests must be worn at all times."),
         "club shirt": ("Wear your volunteer T-shirt.", "Club shirts on, please!"),
         "own clothes": ("No uniform: comfortable clothes and sturdy shoes.",)}
ROSTER_FIELDS = [
    F.text("organisation", "Organisation", "Charity or club running the event.", "organization",
           "charity"),
    F.text("event", "Event", "Name of the event, if given.", "event_name", optional=True, keep=0.7),
    F.text("coordinator", "Coordinator", "Volunteer coordinator in charge.",
           "volunteer_coordinator", "organiser"),
    F.text("coordinator_phone", "Coordinator phone", "The coordinator's number (not the venue's).",
           "contact_number", "phone", optional=True, keep=0.5),
    F.date("event_date", "Event date", "Date of the event (not the date the rota was sent).",
           "date", "shift_date"),
    F.items("shifts", "Shifts", "Each shift on the rota, in order.", [
        F.text("volunteer", "Volunteer", "Who works the shift.", "name", "volunteer_name"),
        F.text("role", "Role", "Task or post for the shift.", "task", "post"),
        F.text("start", "Start time", "When the shift starts, as written.", "start_time", "from"),
        F.text("end", "End time", "When the shift ends, as written.", "end_time", "until"),
        F.flag("first_aid", "First-aid trained", "Whether the volunteer is a trained first aider.",
               "first_aider", keep=0.6),
    ], "rota", "assignments"),
    F.strings("standby", "Standby volunteers", "Volunteers on standby or the reserve list.",
              "reserves", "on_standby", keep=0.8),
    F.integer("volunteers_needed", "Volunteers needed",
              "Helpers needed in total, if stated (not how many signed up).", "helpers_needed",
              optional=True, keep=0.6),
    F.flag("lunch_provided", "Lunch provided", "Whether food is provided for volunteers.",
           "meals_provided", keep=0.6),
    F.choice("dress", "Dress code", "What volunteers are asked to wear.", list(DRESS), "dress_code",
             keep=0.5),
]
SHIFT_LINES = {"bullets": "- {start}–{end}  {role}: {volunteer} ({aid})",
               "numbered": "{n}) {volunteer} - {role}, {start} to {end}, {aid}",
               "prose": "{volunteer} is on {role} from {start} until {end} ({aid})."}


def _clock(half_hours: int, twelve: bool) -> str:
    h, m = divmod(half_hours * 30, 60)
    return f"{(h - 1) % 12 + 1}:{m:02d} {'am' if h < 12 else 'pm'}" if twelve else f"{h:02d}:{m:02d}"


def volunteer_roster(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    day, twelve = kit.day(), kit.locale.startswith("en") and kit.chance(0.35)
    names = list(dict.fromkeys(fake.name() for _ in range(14)))
    n = rng.randint(1, 6)
    starts = sorted(rng.sample(range(14, 32), n))           # half hours: 07:00 .. 15:30
    shifts = [{"volunteer": names[i + 1], "role": role, "start": _clock(s, twelve),
               "end": _clock(s + rng.choice([4, 5, 6, 8]), twelve), "first_aid": kit.chance(0.3)}
              for i, (s, role) in enumerate(zip(starts, rng.sample(ROLES, n)))]
    standby = names[n + 1:n + 1 + rng.choice([0, 0, 1, 2, 3, 4])]
    signed, lunch = n + len(standby), kit.chance(0.6)
    facts = {"organisation": f"{fake.city()} {rng.choice(CAUSES)}",
             "event": kit.maybe(rng.choice(EVENTS), 0.75), "coordinator": names[0],
             "coordinator_phone": kit.maybe(fake.phone_number(), 0.6), "event_date": day.isoformat(),
             "shifts": shifts, "standby": standby,
             "volunteers_needed": kit.maybe(signed + rng.randint(0, 6), 0.6),
             "lunch_provided": lunch, "dress": rng.choice(list(DRESS))}
    issued = kit.date_text(day - dt.timedelta(days=rng.randint(3, 21)))
    venue = f"{fake.last_name()} {rng.choice(['Park', 'Community Hall', 'Recreation Ground'])}"
    gold = {k: ((k,), facts[k]) for k in ("organisation", "event", "coordinator", "coordinator_phone")}
    gold["date"] = (("event_date",), kit.date_text(day))
    form = kit.chance(0.5)
    if form:
        doc.line(rng.choice(["VOLUNTEER ROTA", "Volunteer roster", "Helper schedule"])).line()
        L.kv(doc, rng, [(label, L.cell(gold[k][1], gold[k][0])) for label, k in (
            ("Organisation", "organisation"), ("Event", "event"), ("Date", "date"),
            ("Coordinator", "coordinator"), ("Mobile", "coordinator_phone")) if gold[k][1]]
             + [("Venue", L.cell(venue)), ("Rota issued", L.cell(issued))])
    else:                       # the coordinator's e-mail, signed at the end
        _fill(doc, "Sent: {issued}\nSubject: volunteer rota\n\nHi all,\nthank you for helping "
              "{organisation}" + (" at the {event}" if facts["event"] else "")
              + " on {date} at {venue}. Here is the rota:\n", issued=issued, venue=venue, **gold)
    doc.line()
    kit.pad(doc)
    doc.line(f"Briefing for everyone at {_clock(starts[0] - 1, twelve)} by the main entrance.")
    style = rng.choice(["table", "bullets", "numbered", "prose"])
    aids = [FIRST_AID[style if style in FIRST_AID else "list"][s["first_aid"]] for s in shifts]
    if style == "table":
        L.table(doc, rng, ["Time", "Volunteer", "Task", "First aid"], [
            [L.join(L.cell(s["start"], ("shifts", i, "start")), L.cell(" - "),
                    L.cell(s["end"], ("shifts", i, "end"))),
             L.cell(s["volunteer"], ("shifts", i, "volunteer")),
             L.cell(s["role"], ("shifts", i, "role")), L.cell(aids[i])] for i, s in enumerate(shifts)])
    else:
        for i, s in enumerate(shifts):
            _fill(doc, SHIFT_LINES[style] + "\n", n=str(i + 1), aid=aids[i],
                  **_golds(kit, ("shifts", i), s, ("volunteer", "role", "start", "end")))
    doc.line()
    if standby:
        doc.add(rng.choice(["Standby: ", "On standby if someone drops out: ", "Reserve list: "]))
        _series(doc, ("standby",), standby, rng.choice([", ", " and "])).line()
    elif kit.chance(0.5):
        doc.line("Standby: none yet")
    if facts["volunteers_needed"] is not None:
        _fill(doc, "We need {volunteers_needed} helpers in total; {signed} signed up so far.\n",
              signed=kit.style.integer(signed), **_golds(kit, (), facts, ("volunteers_needed",)))
    lunch_text = says(rng, lunch, ("Lunch and drinks are provided for all volunteers.",
                                   "Sandwiches and tea for helpers in the hall."),
                      ("Please bring a packed lunch: no food is provided.",
                       "Lunch is not provided, sorry."))
    dress_text = rng.choice(DRESS[facts["dress"]])
    doc.line(lunch_text).line(dress_text)
    if not form:
        _fill(doc, "\nThanks,\n{coordinator}\n" + ("{coordinator_phone} (mobile)\n"
                                                   if facts["coordinator_phone"] else ""), **gold)
    kit.pad(doc)
    evidence = {("shifts", i, "first_aid"): aid for i, aid in enumerate(aids)}
    evidence.update({("lunch_provided",): lunch_text, ("dress",): dress_text})
    return Draft(("Volunteer roster", "Volunteer rota", "Shift schedule"), ROSTER_FIELDS, facts, doc,
                 evidence)


BODIES = ["Residents' Association", "Allotment Society", "Tenants' Association", "Cricket Club",
          "Rowing Club", "Parent-Teacher Association", "Students' Union", "Community Council"]
POSTS = ["Chair", "Vice-Chair", "Treasurer", "Secretary", "Membership Secretary", "Social Secretary",
         "Captain", "Welfare Officer"]
BIG_BODIES = ("Students' Union", "Community Council")
AFFILIATIONS = ["Independent", "Green Party", "Residents First", "Labour", "Liberal Democrats",
                "Community Alliance", "Fresh Start", "Conservative"]
METHODS = {"secret ballot": "by secret ballot at the meeting", "postal": "by postal ballot",
           "online": "by online vote"}
ELECTION_FIELDS = [
    F.text("body", "Organisation", "Body holding the election.", "organisation", "association"),
    F.text("position", "Position", "Office being elected (not the posts filled unopposed).",
           "office", "seat"),
    F.date("election_date", "Election date", "Date of the poll (not the declaration date).",
           "poll_date", "ballot_date"),
    F.items("candidates", "Candidates", "Each candidate with their votes, in the order listed.", [
        F.text("name", "Candidate", "Name of the candidate.", "candidate", "candidate_name"),
        F.text("affiliation", "Affiliation", "Party, slate or description, if given.", "party",
               "group", optional=True, keep=0.7),
        F.integer("votes", "Votes", "Votes received (not the share in percent).", "vote_count",
                  "votes_received"),
    ], "results", "candidate_results"),
    F.integer("electorate", "Electorate", "Number of people entitled to vote.", "eligible_voters",
              keep=0.6),
    F.integer("rejected", "Rejected ballots", "Spoilt or rejected ballot papers, if reported.",
              "spoilt_ballots", optional=True, keep=0.5),
    F.number("turnout_pct", "Turnout (%)", "Turnout in percent.", "turnout", "turnout_percent"),
    F.text("winner", "Winner", "Name of the elected candidate; null while a recount is pending.",
           "elected", "winning_candidate", optional=True),
    F.flag("recount_requested", "Recount requested", "Whether a recount was asked for.", "recount"),
    F.flag("certified", "Certified", "Whether the result has been certified as final.",
           "result_certified", keep=0.5),
    F.choice("method", "Voting method", "How the votes were cast.", list(METHODS), "voting_method",
             keep=0.6),
    F.strings("unopposed", "Elected unopposed", "Other offices filled without a contest, if any.",
              "uncontested_posts", keep=0.7),
]
HEADS = {"declaration": "{body}\nDECLARATION OF RESULT OF POLL\n\nElection of {position}\n\n"
                        "I, {officer}, being the Returning Officer at the above election, held "
                        "{method} on {date}, give notice that the votes recorded for each candidate "
                        "were as follows:\n\n",
         "newsletter": "Election result: {position}\n\n",
         "prose": "The {body} held its election for {position} on {date}, {method}.\n"}
# a candidate's line: before the affiliation, the affiliation when given, after it
CANDIDATE_LINES = {"newsletter": ("* {name}", " ({affiliation})", ": {votes} votes ({share}%)\n"),
                   "prose": ("{name}", ", standing for {affiliation},", " received {votes} votes.\n")}
WINNER_LINES = {"declaration": "I declare that {winner} is duly elected.",
                "newsletter": "Congratulations to {winner}, our new {position}!",
                "prose": "Elected: {winner}."}


def election_results(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    body, n = rng.choice(BODIES), rng.randint(2, 6)
    votes = rng.sample(range(2, 3000 if body in BIG_BODIES else 250), n)   # no two alike
    rejected = rng.randint(0, max(1, sum(votes) // 40))
    cast = sum(votes) + rejected
    electorate = round(cast / rng.uniform(0.3, 0.8))
    names = list(dict.fromkeys(fake.name() for _ in range(10)))
    cands = [{"name": name, "affiliation": party if kit.chance(0.7) else None, "votes": v}
             for name, party, v in zip(names, rng.sample(AFFILIATIONS, n), votes)]
    order = rng.choice(["votes", "surname", "drawn"])       # a declaration lists by surname
    if order != "drawn":
        cands.sort(key=lambda c: -c["votes"] if order == "votes" else c["name"].split()[-1])
    top = sorted(votes, reverse=True)
    recount = kit.chance(0.45 if top[0] - top[1] <= sum(votes) * 0.05 else 0.08)
    pending = recount and kit.chance(0.5)
    position, method = rng.choice(POSTS), rng.choice(list(METHODS))
    day = kit.day()
    facts = {"body": f"{fake.city()} {body}", "position": position, "election_date": day.isoformat(),
             "candidates": cands, "electorate": electorate, "rejected": kit.maybe(rejected, 0.7),
             "turnout_pct": round(cast / electorate * 100, 1),
             "winner": None if pending else next(c["name"] for c in cands if c["votes"] == top[0]),
             "recount_requested": recount, "certified": not pending and kit.chance(0.7),
             "method": method,
             "unopposed": rng.sample([p for p in POSTS if p != position], rng.choice([0, 0, 1, 2, 3]))}
    shape = rng.choice(["declaration", "newsletter", "prose"])
    gold = {"body": (("body",), facts["body"]), "position": (("position",), position),
            "date": (("election_date",), kit.date_text(day))}
    officer, method_text = fake.name(), METHODS[method]
    _fill(doc, HEADS[shape], officer=officer, method=method_text, **gold)
    if shape == "newsletter":
        L.kv(doc, rng, [("Organisation", L.cell(facts["body"], ("body",))),
                        ("Date of ballot", L.cell(gold["date"][1], gold["date"][0])),
                        ("Voting", L.cell(method_text)), ("Returning officer", L.cell(officer))])
        doc.line()
    kit.pad(doc)
    if shape == "declaration":
        L.table(doc, rng, ["Candidate", "Description", "Votes"], [
            [L.cell(c["name"], ("candidates", i, "name")),
             L.cell(c["affiliation"], ("candidates", i, "affiliation")) if c["affiliation"]
             else L.cell("-"), kit.count_cell(("candidates", i, "votes"), c["votes"])]
            for i, c in enumerate(cands)])
    else:
        before, party, after = CANDIDATE_LINES[shape]
        for i, c in enumerate(cands):
            share = kit.style.decimal(c["votes"] / sum(votes) * 100, 1)
            _fill(doc, before + (party if c["affiliation"] else "") + after, share=share,
                  **_golds(kit, ("candidates", i), c, ("name", "affiliation", "votes")))
    doc.line()
    turnout = (("turnout_pct",), kit.style.decimal(facts["turnout_pct"], 1))
    if shape == "prose":
        spoilt = "; {rejected} were spoilt" if facts["rejected"] is not None else ""
        _fill(doc, "{electorate} members were entitled to vote and {cast} ballot papers were "
              "returned, a turnout of {turnout}%" + spoilt + ".\n", cast=kit.style.integer(cast),
              turnout=turnout,
              **_golds(kit, (), facts, ("electorate", "rejected")))
    else:
        L.kv(doc, rng, [("Electorate", kit.count_cell(("electorate",), electorate)),
                        ("Ballot papers issued", kit.count_cell(None, cast))]
             + ([("Rejected ballot papers", kit.count_cell(("rejected",), rejected))]
                if facts["rejected"] is not None else [])
             + [("Turnout", L.join(L.cell(turnout[1], turnout[0]), L.cell("%")))])
    if facts["winner"]:
        _fill(doc, WINNER_LINES[shape] + "\n", winner=(("winner",), facts["winner"]), position=position)
    if recount:
        recount_text = ("A recount was requested; the result will be declared once it is complete."
                        if pending else rng.choice(["A recount was requested and confirmed the result.",
                                                    "After a recount was requested, the count stood."]))
    else:
        recount_text = rng.choice(["No recount was requested.", "No candidate asked for a recount."])
    cert_text = says(rng, facts["certified"], ("The returning officer has certified the result.",
                                               "Result certified as final."),
                     ("This result is provisional and not yet certified.",
                      "Unofficial result, not certified."))
    doc.line(recount_text).line(cert_text)
    if facts["unopposed"]:
        doc.add(rng.choice(["Elected unopposed: ", "Also filled without a contest: "]))
        _series(doc, ("unopposed",), facts["unopposed"], rng.choice([", ", " and "])).line(".")
    doc.add("Declared on " if shape == "declaration" else "Published ")
    kit.date(doc, None, day + dt.timedelta(days=rng.randint(1, 3))).line()
    kit.pad(doc)
    return Draft(("Election results", "Ballot result", "Declaration of result"), ELECTION_FIELDS,
                 facts, doc, {("recount_requested",): recount_text, ("certified",): cert_text,
                              ("method",): method_text})


# sport: (league name, team suffixes, points for a win, for a draw (None: no draws), diff label)
SPORTS = {"football": ("Sunday Football League", ["Rovers", "United", "Athletic", "Wanderers",
                                                   "Albion", "Town"], 3, 1, "GD"),
          "hockey": ("Hockey League", ["Hockey Club", "Strollers", "Wasps", "Nomads"], 3, 1, "GD"),
          "netball": ("Netball League", ["Netball Club", "Flyers", "Stars", "Storm"], 2, 1, "GD"),
          "basketball": ("Basketball League", ["Giants", "Hawks", "Rockets", "Bulls"], 2, None, "Diff"),
          "darts": ("Darts League", ["Arms", "Inn", "Social Club", "Legion"], 2, None, "Legs")}
LEAGUE_FIELDS = [
    F.text("league", "League", "Name of the league or division.", "league_name", "competition"),
    F.text("season", "Season", "Season the table is for, if named.", "season_name", optional=True,
           keep=0.8),
    F.date("as_of", "As of", "Date of the standings (not the next fixture date).", "as_of_date",
           "table_date"),
    F.items("teams", "Standings", "Each team's row, in table order.", [
        F.text("team", "Team", "Team name.", "name", "club"),
        F.integer("played", "Played", "Matches played.", "games_played", "matches"),
        F.integer("won", "Won", "Matches won.", "wins"),
        F.integer("drawn", "Drawn", "Matches drawn, where the sport has draws.", "draws",
                  optional=True, keep=0.7),
        F.integer("lost", "Lost", "Matches lost.", "losses"),
        F.integer("points", "Points", "League points (not the score difference).", "pts"),
    ], "table", "standings"),
    F.strings("promoted", "Promoted", "Teams promoted, or already sure of promotion.",
              "promoted_teams", keep=0.8),
    F.strings("relegated", "Relegated", "Teams relegated.", "relegated_teams", keep=0.8),
    F.flag("season_finished", "Season finished", "Whether every fixture has been played.", "final",
           "is_final"),
    F.choice("sport", "Sport", "Sport the league plays.", list(SPORTS), keep=0.5),
]


def league_table(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    sport = rng.choice(list(SPORTS))
    words, suffixes, win, draw, diff_label = SPORTS[sport]
    teams = list(dict.fromkeys(f"{fake.city()} {rng.choice(suffixes)}" for _ in range(12)))
    n, finished = min(len(teams), rng.randint(4, 6)), kit.chance(0.45)
    legs, strength = rng.choice([2, 2, 4]), [rng.random() for _ in range(n)]
    rounds, share = (n - 1) * legs, 1.0 if finished else rng.uniform(0.4, 0.85)
    rec = [[0, 0, 0, 0] for _ in range(n)]       # won, drawn, lost, score difference
    for a, b in combinations(range(n), 2):       # each pair meets `legs` times
        for _ in range(legs):
            if rng.random() < share:
                margin = round((strength[a] - strength[b]) * 3 + rng.gauss(0, 1.5))
                if margin == 0 and not draw:
                    margin = rng.choice([-1, 1])            # this sport has no draws
                res = (margin > 0) - (margin < 0)           # 1: a won, 0: a draw, -1: b won
                for side, slot, diff in ((a, 1 - res, margin), (b, 1 + res, -margin)):
                    rec[side][slot] += 1
                    rec[side][3] += diff
    rows = [{"team": t, "played": sum(r[:3]), "won": r[0], "drawn": r[1] if draw else None,
             "lost": r[2], "points": r[0] * win + r[1] * (draw or 0), "diff": r[3]}
            for t, r in zip(teams, rec)]
    rows.sort(key=lambda r: (-r["points"], -r["diff"]))
    diffs = [f"{r.pop('diff'):+d}".replace("+0", "0") for r in rows]
    up = rng.choice([0, 1, 1, 2]) if finished else int(kit.chance(0.25))
    down = min(rng.choice([0, 1, 1, 2]), n - 2 - up) if finished else 0
    as_of = kit.day()
    y = as_of.year if as_of.month >= 8 else as_of.year - 1
    league = f"{fake.city()} & District {words}" + rng.choice(["", f" Division {rng.randint(1, 4)}"])
    facts = {"league": league,
             "season": kit.maybe(rng.choice([f"{y}/{(y + 1) % 100:02d}", f"{y}-{y + 1}", f"{y}/{y + 1}"])),
             "as_of": as_of.isoformat(), "teams": rows, "promoted": [r["team"] for r in rows[:up]],
             "relegated": [r["team"] for r in rows[n - down:]] if down else [],
             "season_finished": finished, "sport": sport}
    _fill(doc, "{league}\n" + ("{label} {season}, as at {as_of}\n\n" if facts["season"] else
                                "Table as at {as_of}\n\n"), label=rng.choice(["Season", "Table"]),
          as_of=(("as_of",), kit.date_text(as_of)), **_golds(kit, (), facts, ("league", "season")))
    kit.pad(doc)
    cols = ["played", "won"] + (["drawn"] if draw else []) + ["lost", "points"]
    style = rng.choice(["table", "table", "list", "prose"])
    if style == "table":
        head = rng.choice([["P", "W", "D", "L"], ["Pld", "W", "D", "L"],
                           ["Played", "Won", "Drawn", "Lost"]])
        L.table(doc, rng, ["Pos", "Team"] + [h for h in head if draw or h not in ("D", "Drawn")]
                + [diff_label, "Pts"], [
            [L.cell(str(i + 1)), L.cell(r["team"], ("teams", i, "team"))]
            + [kit.count_cell(("teams", i, c), r[c]) for c in cols[:-1]]
            + [L.cell(diffs[i]), kit.count_cell(("teams", i, "points"), r["points"])]
            for i, r in enumerate(rows)])
    else:
        drawn = ("  D {drawn}" if style == "list" else " {drawn} drawn,") if draw else ""
        for i, r in enumerate(rows):
            place = (("finished top" if finished else "lead the table") if i == 0 else
                     ("finished " if finished else "are ") + ORDINAL_WORDS[i])
            _fill(doc, ("{n}. {team}  Pld {played}  W {won}" + drawn + "  L {lost}  Pts {points}\n"
                        if style == "list" else "{team} {place} with {points} points from {played} "
                        "games ({won} won," + drawn + " {lost} lost).\n"), n=str(i + 1), place=place,
                  **_golds(kit, ("teams", i), r, ["team"] + cols))
    doc.line()
    status = says(rng, finished, ("All fixtures have been played.", "Season complete."),
                  (f"The season is not over yet: {rounds - min(r['played'] for r in rows)} rounds "
                   "still to play.", "Provisional table, not all fixtures played."))
    doc.line(status)
    if facts["promoted"]:
        doc.add("Promoted: " if finished else "Already sure of promotion: ")
        _series(doc, ("promoted",), facts["promoted"], " and ").line()
    if facts["relegated"]:
        doc.add(rng.choice(["Relegated: ", "Going down: "]))
        _series(doc, ("relegated",), facts["relegated"], " and ").line()
    elif finished and kit.chance(0.6):
        doc.line("No team is relegated this season.")
    if not finished and not facts["promoted"]:
        doc.line("Promotion and relegation will be decided on the final day.")
    doc.add(f"{win} points for a win" + (f", {draw} for a draw. " if draw else ". "))
    doc.add("Presentation evening: " if finished else "Next round: ")
    kit.date(doc, None, kit.day(after=as_of, within=30)).line()
    kit.pad(doc)
    return Draft(("League table", "Standings", "League standings"), LEAGUE_FIELDS, facts, doc,
                 {("season_finished",): status, ("sport",): words})


BOOKS = [("The Secret Garden", "Frances Hodgson Burnett"), ("Middlemarch", "George Eliot"),
         ("The Hobbit", "J. R. R. Tolkien"), ("Small Island", "Andrea Levy"),
         ("Beloved", "Toni Morrison"),
         ("Atonement", "Ian McEwan"), ("The Remains of the Day", "Kazuo Ishiguro"),
         ("Persuasion", "Jane Austen"), ("Dune", "Frank Herbert"), ("Wolf Hall", "Hilary Mantel"),
         ("The Road", "Cormac McCarthy"), ("Rebecca", "Daphne du Maurier"),
         ("The Little Prince", "Antoine de Saint-Exupéry"), ("Siddhartha", "Hermann Hesse"),
         ("The Stranger", "Albert Camus"), ("Mrs Dalloway", "Virginia Woolf"),
         ("A Brief History of Time", "Stephen Hawking"), ("The Gruffalo", "Julia Donaldson"),
         ("Sapiens", "Yuval Noah Harari"), ("Bread Baking for Beginners", "Bonnie Ohara")]
NOTICES = {"receipt": ("Loan receipt", "Items borrowed today"),
           "reminder": ("Courtesy reminder: items due soon", "Due date reminder"),
           "overdue": ("OVERDUE NOTICE", "Overdue items - second reminder")}
RENEWED = {True: ("renewed once", "renewed twice"), False: ("not renewed", "no renewals")}
LIBRARY_FIELDS = [
    F.text("library", "Library", "Library or branch that issued the document.", "library_name",
           "branch"),
    F.text("member_name", "Member", "Name of the borrower.", "borrower", "patron_name"),
    F.text("card_number", "Card number", "Library card number (not an item barcode).",
           "library_card", "member_number"),
    F.choice("notice_type", "Notice type", "What kind of document it is.", list(NOTICES),
             "document_type", keep=0.6),
    F.date("notice_date", "Notice date", "Date of the receipt or notice (not a due date).",
           "issued_on", keep=0.7),
    F.items("loans", "Items on loan", "Each item listed.", [
        F.text("title", "Title", "Title of the item.", "item_title"),
        F.text("author", "Author", "Author, if shown.", "creator", optional=True, keep=0.6),
        F.date("due_date", "Due date", "Date the item is due back.", "due", "return_by"),
        F.flag("renewed", "Renewed", "Whether the loan has been renewed.", "was_renewed", keep=0.7),
    ], "items", "borrowed_items"),
    F.number("total_fine", "Total fines", "Total fines owed; null if none are stated.",
             "fines_owed", "amount_owed", optional=True, keep=0.8),
    F.flag("account_blocked", "Account blocked", "Whether borrowing is blocked on the account.",
           "blocked", "is_blocked"),
    F.strings("holds_ready", "Reservations ready", "Titles of reserved items waiting to be collected.",
              "reservations", "holds", keep=0.6),
]
DUE_DAYS = {"receipt": (14, 28), "reminder": (2, 5), "overdue": (-45, -1)}   # from the notice date
LETTER = ("{heading}\nDate: {date}\n\nDear {member_name},\nour records at {library} show that these "
          "items on card {card_number} are {state}:\n\n")
SLIP = "{library}\n{heading}\n\n{date}  {time}\nBorrower: {member_name}\nCard: {card_number}\n\n"
# an item's lines: before the author, the author when shown, after it
ITEM_LINES = {"slip": ("Title: {title}\n", "Author: {author}\n",
                       "Item ID: {barcode}\nDue: {due}\n{renewal}\n\n"),
              "list": ("- {title}", " by {author}", ", due {due} ({renewal})\n")}


def library_loans(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    kind, today = rng.choice(list(NOTICES)), kit.day()
    books, n = rng.sample(BOOKS, 9), rng.randint(1, 6)
    rate, threshold = rng.choice([0.15, 0.2, 0.25, 0.3, 0.5]), float(rng.choice([5, 8, 10]))
    due = [today + dt.timedelta(days=rng.randint(*DUE_DAYS[kind])) for _ in range(n)]
    loans = [{"title": title, "author": author if kit.chance(0.7) else None,
              "due_date": d.isoformat(), "renewed": kit.chance(0.15 if kind == "receipt" else 0.45)}
             for (title, author), d in zip(books, due)]
    fines = [round(min((today - d).days * rate, 6.0), 2) if d < today else 0.0 for d in due]
    owed = (round(sum(fines), 2) if kind == "overdue" else
            kit.maybe(rng.choice([0.0, 0.0, 0.6, 1.2, 2.5]), 0.5 if kind == "receipt" else 0.3))
    blocked = owed is not None and owed > threshold
    card = rng.choice([f"2{rng.randint(10**12, 10**13 - 1)}", f"L{rng.randint(10**6, 10**7 - 1)}",
                       f"{rng.randint(1000, 9999)} {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}"])
    facts = {"library": f"{fake.city()} {rng.choice(['Public Library', 'Central Library', 'Library'])}",
             "member_name": fake.name(), "card_number": card, "notice_type": kind,
             "notice_date": today.isoformat(), "loans": loans, "total_fine": owed,
             "account_blocked": blocked,
             "holds_ready": [t for t, _ in books[n:n + rng.choice([0, 0, 1, 2, 3])]]}
    heading = rng.choice(NOTICES[kind])
    gold = _golds(kit, (), facts, ("library", "member_name", "card_number"))
    gold["date"] = (("notice_date",), kit.date_text(today))
    marks = [rng.choice(RENEWED[b["renewed"]]) if kind != "receipt" or b["renewed"] else "Renewals: 0"
             for b in loans]
    items = [{"due": (("loans", i, "due_date"), kit.date_text(d)), "renewal": marks[i],
              **_golds(kit, ("loans", i), loans[i], ("title", "author"))} for i, d in enumerate(due)]
    lines = "slip" if kind == "receipt" else "table" if kit.chance(0.55) else "list"
    if kind == "receipt":       # a till slip
        _fill(doc, SLIP, heading=heading, time=f"{rng.randint(9, 19)}:{rng.randint(0, 59):02d}", **gold)
    elif kit.chance(0.5):
        _fill(doc, "{library}\n{heading}\n\n", heading=heading, **gold)
        L.kv(doc, rng, [(label, L.cell(gold[k][1], gold[k][0])) for label, k in (
            ("Member", "member_name"), ("Card no.", "card_number"), ("Date", "date"))])
        doc.line()
    else:
        _fill(doc, LETTER, heading=heading, state="overdue" if kind == "overdue" else "due back soon",
              **gold)
    kit.pad(doc)
    if lines == "table":
        L.table(doc, rng, ["Title", "Author", "Due", "Renewals"] + ["Fine"] * (kind == "overdue"), [
            [L.cell(b["title"], ("loans", i, "title")),
             L.cell(b["author"], ("loans", i, "author")) if b["author"] else L.cell("-"),
             L.cell(items[i]["due"][1], ("loans", i, "due_date")), L.cell(marks[i])]
            + [kit.money_cell(None, fines[i])] * (kind == "overdue") for i, b in enumerate(loans)])
    else:
        before, author, after = ITEM_LINES[lines]
        for b, parts in zip(loans, items):
            _fill(doc, before + (author if b["author"] else "") + after,
                  barcode=f"3{rng.randint(10**12, 10**13 - 1)}", **parts)
    doc.line(f"Items borrowed: {n}" if kind == "receipt" else "")
    if kind == "overdue":
        kit.money(doc.add("Overdue charge per item per day: "), None, rate).line()
    if owed is not None:
        doc.add("Total fines owed: " if kind == "overdue" else "Outstanding charges: ")
        kit.money(doc, ("total_fine",), owed).line()
    kit.money(doc.add("Accounts owing more than "), None, threshold).line(" are blocked.")
    block_text = says(rng, blocked, ("Your account is blocked until the fines are paid.",
                                     "Borrowing and renewals are suspended on this card."),
                      ("Your account is not blocked.", "No block has been placed on your card.",
                       "You can continue to borrow and renew."))
    doc.line(block_text)
    if facts["holds_ready"]:
        doc.add(rng.choice(["Reservations ready to collect: ", "Waiting for you at the desk: "]))
        _series(doc, ("holds_ready",), facts["holds_ready"], rng.choice([", ", " and "])).line()
    kit.pad(doc)
    evidence = {("loans", i, "renewed"): m for i, m in enumerate(marks)}
    evidence.update({("notice_type",): heading, ("account_blocked",): block_text})
    return Draft(("Library loans", "Loan notice", "Borrowing record"), LIBRARY_FIELDS, facts, doc,
                 evidence)
