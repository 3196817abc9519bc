"""Papers of leisure and sport: a golf scorecard or score record, a ski pass purchase (an online order,
a ticket office receipt, an e-ticket or a ski club's invoice), a climbing wall's registration and waiver,
and a personal trainer's training plan.

Each carries values of the same kind beside the ones asked for: the marker and the other players of the
group beside the player, the card's score ID beside the player's handicap ID, the date the card was
entered, the index's revision date and the sync date beside the date played, the course and playing
handicaps, the course rating, the slope and the score differential beside the handicap index, the
nine-hole totals, the adjusted gross, the net score, the points and the par beside the gross score, and
each hole's length, stroke index and points beside its par and strokes; the pass holders, the cashier and
the ticket office's clerk beside the buyer, the keycard numbers, the customer number and the payment
reference beside the order number, the first and last day of validity and the cancellation deadline beside
the purchase date, the validity window ("3 of 7 days") beside the skiing days, and each pass's price,
the subtotal, the discount, the insurance, the keycard deposits and the VAT beside the total paid;
the parent or guardian, the emergency contact and the member of staff beside the climber, the climber's
own phone beside the emergency contact's, the member number and the booking reference beside the
registration number, the date of birth, the expiry and the last visit beside the date signed, and the day
pass and the hire items beside the amount paid; the client beside the trainer and a physiotherapist, the
client's e-mail beside the trainer's, the assessment date beside the start and review dates, the session
length beside the sessions per week and the plan's weeks, the target weight, height, body fat and resting
heart rate beside the body weight, each exercise's rest and timed sets beside its sets, reps and load, and
the price per session and a gym membership beside the package price.

Documents come as printed scorecards with a hole table and OUT/IN/total rows, handicap systems' score
record exports, a club's e-mail with one line per hole ("- Hole 4 (par 3, SI 15): 4, 2 putts") and a golf
app's markdown summary with a table per nine; ski resorts' order e-mails with a pass table, till receipts,
markdown e-tickets with bullet or numbered passes and invoice letters naming the passes in one sentence
("Anna Weber (adult: €312.00), Tom Weber (child: €156.00) and ..."); climbing walls' paper forms with tick
boxes ("[x] Acknowledgement of risk"), registration e-mails answering the declarations in one sentence
("centre rules read (agreed) ... and photo and video consent (declined)"), kiosk exports and staff records
with a declarations table; trainers' plan sheets with a table per training day, a coaching app's markdown
with numbered or bullet exercise lines ("1. Back squat - 4 × 8 @ 60 kg, rest 90 s"), a trainer's e-mail
with each day's exercises in one sentence and a spreadsheet export. Arrays come as tables in every layout,
bullets, numbered lines and sentences; the lists of strings (playing partners, included extras, medical
conditions, injuries) may be empty. Booleans are as often negated as stated ("This score does not count
for handicap purposes", "Ski pass insurance: not taken", "Belay competent: NO - bouldering and auto-belays
only", "Not yet cleared to train: the PAR-Q raised a concern"), the course condition and the client's
fitness are rated "4/5", "four stars" or "★★★★☆", and facts a document may leave out (the marker, the
competition, a net score, the discount, the keycard of a pass still to be collected, the guardian of an
adult, a waiver's expiry, a target weight) are null.
"""
from __future__ import annotations

import datetime as dt
import re

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc
from ..fmt import clock
from ..kit import Kit
from ..surface import rating, says
from .common import firm_name, home_currency, lower_first, mail, plain_names, slug, strings


def _currency(kit: Kit, code: str) -> None:
    """Prices in `code` (a resort abroad sells in its own currency)."""
    symbol = {"USD": "$", "GBP": "£", "EUR": "€", "CHF": "CHF"}[code]
    kit.style.currency, kit.style.symbol = code, symbol
    kit.style.symbol_first = symbol in ("$", "£", "CHF") or kit.locale.startswith("en")


def _code(kit: Kit, n: int, alphabet: str = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") -> str:
    return "".join(kit.rng.choice(alphabet) for _ in range(n))


TLD = {"en_GB": "co.uk", "en_US": "com", "de_DE": "de", "fr_FR": "fr"}


# ---- golf scorecard --------------------------------------------------------------------------

GOLF_CLUBS = {"en_GB": ("{city} Golf Club", "Royal {city} Golf Club", "{last} Park Golf Club",
                        "{city} Heath Golf Club"),
              "en_US": ("{city} Country Club", "{last} Creek Golf Club", "{city} Municipal Golf Course",
                        "{last} Hills Golf Club"),
              "de_DE": ("Golfclub {city} e.V.", "Golf- und Landclub {city}", "Golfpark {last}", "Golf Club {city}"),
              "fr_FR": ("Golf de {city}", "Golf Club de {city}", "Golf du Domaine de {last}", "Golf {last}")}
LOOPS = ("Championship course", "Old course", "New course", "West course", "East course", "Parkland course",
         "Lakes course")
YARDS = {3: (128, 215), 4: (305, 455), 5: (468, 578)}
TEES = {"en_GB": ["yellow"] * 4 + ["white"] * 2 + ["red"] * 2 + ["blue"],
        "en_US": ["blue"] * 2 + ["white"] * 3 + ["gold", "red", "black"],
        "de_DE": ["yellow"] * 4 + ["white", "red", "red", "blue"],
        "fr_FR": ["yellow"] * 4 + ["white", "red", "red", "blue"]}
TEE_LOCAL = {"de_DE": {"white": "Weiß", "yellow": "Gelb", "red": "Rot", "blue": "Blau"},
             "fr_FR": {"white": "blancs", "yellow": "jaunes", "red": "rouges", "blue": "bleus"}}
GOLF_FORMATS = {"stroke_play": ("Format: stroke play (medal)", "Medal (stroke play), every hole holed out",
                                "Scoring: strokeplay, every stroke counts"),
                "stableford": ("Format: Stableford", "Stableford (points against par)", "Scoring: Stableford points"),
                "maximum_score": ("Format: maximum score (net double bogey cap)", "Max score format: net double "
                                  "bogey is the most you can score on a hole", "Scoring: maximum score")}
COMPETITIONS = {"stroke_play": ("Monthly Medal", "Club Championship", "Spring Medal", "President's Prize",
                                "Seniors' Medal"),
                "stableford": ("Saturday Stableford", "Captain's Day", "Summer Stableford", "Seniors' Stableford",
                               "Charity Open"),
                "maximum_score": ("Winter Max Score", "Midweek Max Score", "Junior Max Score")}
LOCAL_COMPETITIONS = {"de_DE": ("Monatspreis", "Preis des Präsidenten", "Clubmeisterschaft"),
                      "fr_FR": ("Coupe du Président", "Trophée du Club", "Championnat du club")}
GOLF_IDS = {"en_GB": "CDH ID", "en_US": "GHIN no.", "de_DE": "DGV card no.", "fr_FR": "ffgolf licence no."}
INDEX_LABELS = {"en_GB": "Handicap index", "en_US": "Handicap Index", "de_DE": "Handicap index (HCPI)",
                "fr_FR": "Handicap index (index)"}
SYSTEMS = {"en_GB": "England Golf - My Golf", "en_US": "GHIN score posting", "de_DE": "DGV Serviceportal",
           "fr_FR": "ffgolf - espace licencié"}
CONDITION = {1: "poor", 2: "fair", 3: "average", 4: "good", 5: "excellent"}
GOLF_FIELDS = [
    F.text("player", "Player", ("Golfer whose card this is (not the marker or another player in the group).",
                                "Name of the player."), "player_name", "golfer"),
    F.text("player_id", "Handicap ID", "The player's handicap or membership number (CDH, GHIN, DGV or ffgolf), if "
           "shown (not the marker's number or the card or score ID).", "handicap_id", "member_number",
           optional=True, keep=0.5),
    F.text("club", "Club", ("Golf club or course where the round was played.", "Venue of the round."),
           "course_name", "venue", keep=0.8),
    F.date("round_date", "Round date", ("Date the round was played (not the date it was posted or entered).",
                                        "Date of play."), "date", "played_on"),
    F.text("competition", "Competition", "Name of the competition; null for a general-play round.",
           "competition_name", "event", optional=True, keep=0.6),
    F.choice("format", "Format", "How the round was scored.", ["stroke_play", "stableford", "maximum_score"],
             "scoring_format", "competition_format", keep=0.7,
             option_descriptions=("every stroke counts (medal)", "points per hole against par",
                                  "each hole capped at net double bogey")),
    F.choice("tee", "Tees", "Tee colour the player played from.", ["black", "blue", "white", "yellow", "gold", "red"],
             "tees", "tee_colour", keep=0.6),
    F.number("handicap_index", "Handicap index", ("The player's handicap index (not the course or playing "
                                                  "handicap or a score differential).", "Handicap index."),
             "hcp_index", "index"),
    F.integer("course_handicap", "Course handicap", "Course handicap for the tees played, if shown (not the "
              "playing handicap or the index).", "course_hcp", "course_handicap_strokes", optional=True, keep=0.5),
    F.integer("course_par", "Par", "Par of the holes played (not the player's score).", "par", "par_total",
              keep=0.7),
    F.integer("gross_score", "Gross score", ("Total strokes taken (not the net score, the adjusted gross, a "
                                             "nine's total or the points).", "Gross total."), "gross",
              "total_strokes"),
    F.integer("net_score", "Net score", "Gross score less the playing handicap, if shown.", "net", "net_total",
              optional=True, keep=0.6),
    F.integer("stableford_points", "Stableford points", "Total Stableford points, if shown; null when none are "
              "scored.", "points", "stableford", optional=True, keep=0.6),
    F.items("holes", "Holes", ("Each hole played, in order, with the player's score.", "Hole-by-hole scores."), [
        F.integer("hole", "Hole", "Number of the hole.", "hole_number", "number"),
        F.integer("par", "Par", "Par of the hole (not its stroke index or length).", "hole_par", keep=0.7),
        F.integer("strokes", "Strokes", "Strokes the player took on the hole (not the points).", "score", "gross"),
        F.integer("putts", "Putts", "Putts on the hole; null when not recorded.", "putt_count", optional=True,
                  keep=0.5),
    ], "scores", "hole_scores", keep=0.8),
    F.flag("qualifying", "Counts for handicap", "Whether the score is acceptable for handicap purposes.",
           "handicap_qualifying", "acceptable_for_handicap", keep=0.6),
    F.flag("card_signed", "Card attested", "Whether the marker signed (attested) the card.", "attested", "signed",
           keep=0.6),
    F.score("course_condition", "Course condition", "How the condition of the course was rated.", CONDITION,
            "conditions", "condition_rating", keep=0.4),
    F.text("marker", "Marker", "Person who marked and attested the card, if named (not the player or another "
           "player in the group).", "marker_name", "attested_by", optional=True, keep=0.6),
    F.strings("partners", "Playing partners", "Other players in the group besides the player and the marker; "
              "empty when there were none.", "playing_partners", "group", keep=0.5),
]


def golf_scorecard(kit: Kit) -> Draft:
    rng, doc, loc = kit.rng, Doc(), kit.locale
    metric = loc in ("de_DE", "fr_FR")
    club = firm_name(kit, GOLF_CLUBS)
    loop = rng.choice(LOOPS) if kit.chance(0.45) else ""
    pars: list[int] = []
    for _ in range(2):
        half = [3, 3, 4, 4, 4, 4, 4, 5, 5]
        if kit.chance(0.25):
            half[8] = 4     # a par-35 nine
        rng.shuffle(half)
        pars += half
    odd_front = kit.chance(0.7)
    sis = rng.sample(range(1 if odd_front else 2, 19, 2), 9) + rng.sample(range(2 if odd_front else 1, 19, 2), 9)
    lengths = [rng.randint(*YARDS[p]) for p in pars]
    if metric:
        lengths = [round(x * 0.9144) for x in lengths]
    nine = rng.choice(["front", "back"]) if kit.chance(0.2) else ""
    played_idx = list(range(9) if nine == "front" else range(9, 18) if nine == "back" else range(18))
    n = len(played_idx)
    index = round(rng.uniform(2.0, 36.0), 1)
    par = sum(pars[i] for i in played_idx)
    cr = round(par + rng.uniform(-1.5, 2.5) * n / 18, 1)
    slope = rng.randint(108, 142)
    course_hcp = max(0, round((index if n == 18 else index / 2) * slope / 113 + cr - par))
    fmt = rng.choice(["stroke_play"] * 4 + ["stableford"] * 4 + ["maximum_score"] * 2)
    comp = None
    if kit.chance(0.65):
        comp = rng.choice(LOCAL_COMPETITIONS[loc] if loc in LOCAL_COMPETITIONS and kit.chance(0.4)
                          else COMPETITIONS[fmt])
    playing = round(course_hcp * 0.95) if comp else course_hcp
    ranked = sorted(played_idx, key=lambda i: sis[i])
    received = {i: playing // n + (1 if rank < playing % n else 0) for rank, i in enumerate(ranked)}
    has_putts = kit.chance(0.6)
    holes, points = [], []
    for i in played_idx:
        over = max(-1, min(4, round(rng.gauss((index + 2) / 18, 0.9))))
        strokes = max(2, pars[i] + over)
        if fmt == "maximum_score":
            strokes = min(strokes, pars[i] + 2 + received[i])
        putts = min(rng.choice([1, 2, 2, 2, 3]), strokes - 1) if has_putts and kit.chance(0.96) else None
        holes.append({"hole": i + 1, "par": pars[i], "strokes": strokes, "putts": putts})
        points.append(max(0, 2 + pars[i] + received[i] - strokes))
    gross, total_points = sum(h["strokes"] for h in holes), sum(points)
    adjusted = sum(min(h["strokes"], h["par"] + 2 + received[i]) for h, i in zip(holes, played_idx))
    differential = round(113 / slope * (adjusted - cr), 1)
    player, marker, *partners = plain_names(kit, 2 + rng.choice([0, 0, 1, 1, 2]))
    has_marker = kit.chance(0.8)
    signed = has_marker and kit.chance(0.62)
    tee = rng.choice(TEES[loc])
    played = kit.day()
    posted = played + dt.timedelta(days=rng.choice([0, 0, 1, 2]))
    revised = played - dt.timedelta(days=rng.randint(1, 20))
    tee_time = clock(rng.choice(range(7 * 60, 16 * 60, 8)), loc == "en_US")
    pid = {"en_GB": f"{rng.randint(10**9, 10**10 - 1)}", "en_US": f"{rng.randint(10**6, 10**8 - 1)}",
           "de_DE": f"49{rng.randint(10**7, 10**8 - 1)}", "fr_FR": f"{rng.randint(10**7, 10**8 - 1)}"}[loc]
    score_id = f"{rng.randint(10**7, 10**9)}"
    condition = rng.choice([2, 3, 3, 4, 4, 4, 5, 5])
    facts = {"player": player, "player_id": kit.maybe(pid, 0.6), "club": club, "round_date": played.isoformat(),
             "competition": comp, "format": fmt, "tee": tee, "handicap_index": index,
             "course_handicap": kit.maybe(course_hcp, 0.75), "course_par": par, "gross_score": gross,
             "net_score": kit.maybe(gross - playing, 0.75),
             "stableford_points": total_points if fmt == "stableford" or kit.chance(0.3) else None,
             "holes": holes, "qualifying": kit.chance(0.5), "card_signed": signed, "course_condition": condition,
             "marker": marker if has_marker else None, "partners": partners}
    local = TEE_LOCAL.get(loc, {}).get(tee)
    tee_text = rng.choice([f"Tees: {tee.capitalize()}", f"Played from the {tee} tees", f"Tee colour: {tee}"]
                          + ([f"Tee: {local} ({tee})"] * 2 if local else []))
    format_text = rng.choice(GOLF_FORMATS[fmt])
    qualifying_text = says(rng, facts["qualifying"],
                           ("Acceptable for handicap: yes", "This score counts for handicap.",
                            "Handicap qualifying: YES (registered before play)"),
                           ("Acceptable for handicap: no", "Non-qualifying round (preferred lies in operation).",
                            "This score does not count for handicap purposes."))
    if not has_marker:
        signed_text = rng.choice(["No marker recorded - card not attested.", "Attested: no (no marker)"])
    else:
        signed_text = says(rng, signed, (f"Card signed by the marker, {marker}.", "Attested: yes",
                                         "Marker's signature: signed"),
                           ("Marker's signature: missing - card not attested", "Attested: no",
                            f"{marker} has not yet attested the card."))
    _, stars = rating(rng, condition, 5, rng.choice(["slash", "stars", "out_of", "of", "words"]))
    condition_text = f"Course condition: {stars}" + (f" ({CONDITION[condition]})" if kit.chance(0.5) else "")
    evidence = {("format",): format_text, ("tee",): tee_text, ("qualifying",): qualifying_text,
                ("card_signed",): signed_text, ("course_condition",): condition_text}
    unit = "Metres" if metric else "Yards"
    show_points = facts["stableford_points"] is not None
    index_label = INDEX_LABELS[loc]

    def club_cell() -> L.Cell:
        return L.join(L.cell(club, ("club",)), L.cell(f" ({loop})" if loop else ""))

    def total_row(label: str, part: list[int]) -> list[L.Cell]:
        sub = [holes[k] for k in part]
        row = [L.cell(label), L.cell(str(sum(lengths[played_idx[k]] for k in part))),
               L.cell(str(sum(h["par"] for h in sub))), L.cell(""), L.cell(str(sum(h["strokes"] for h in sub)))]
        if has_putts:
            row.append(L.cell(str(sum(h["putts"] or 0 for h in sub))))
        if show_points:
            row.append(L.cell(str(sum(points[k] for k in part))))
        return row

    def hole_row(k: int, with_length: bool = True) -> list[L.Cell]:
        h, at = holes[k], ("holes", k)
        row = [kit.count_cell(at + ("hole",), h["hole"])]
        row += [L.cell(str(lengths[played_idx[k]]))] * with_length
        row += [kit.count_cell(at + ("par",), h["par"]), L.cell(str(sis[played_idx[k]])),
                kit.count_cell(at + ("strokes",), h["strokes"])]
        if has_putts:
            row.append(kit.count_cell(at + ("putts",), h["putts"]) if h["putts"] is not None else L.cell("-"))
        if show_points:
            row.append(L.cell(str(points[k])))
        return row

    def hole_table(layout: str | None = None) -> None:
        head = ["Hole", unit, "Par", rng.choice(["SI", "Hcp", "Stroke index"]), rng.choice(["Score", "Strokes"])]
        head += ["Putts"] * has_putts + ["Pts"] * show_points
        rows = []
        for k in range(n):
            rows.append(hole_row(k))
            if n == 18 and k == 8:
                rows.append(total_row("Out", list(range(9))))
        if n == 18:
            rows.append(total_row("In", list(range(9, 18))))
        rows.append(total_row("Total", list(range(n))))
        L.table(doc, rng, head, rows, layout)

    def hole_lines(numbered: bool) -> None:
        for k, h in enumerate(holes):     # "- Hole 4 (par 3, SI 15): 4, 2 putts"
            at = ("holes", k)
            doc.add(f"{k + 1}. " if numbered else "- ")
            kit.count(doc.add("Hole "), at + ("hole",), h["hole"]).add(" (par ")
            kit.count(doc, at + ("par",), h["par"]).add(f", SI {sis[played_idx[k]]}): ")
            kit.count(doc, at + ("strokes",), h["strokes"])
            if h["putts"] is not None:
                kit.count(doc.add(", "), at + ("putts",), h["putts"]).add(" putt" + "s" * (h["putts"] != 1))
            doc.line(f" - {points[k]} pt" + "s" * (points[k] != 1) if show_points else "")

    def result_rows() -> list[tuple[str, L.Cell]]:
        rows = [(rng.choice(["Gross", "Gross score"]), kit.count_cell(("gross_score",), gross)),
                ("Playing handicap", L.cell(str(playing)))]
        if facts["net_score"] is not None:
            rows.append((rng.choice(["Net", "Net score"]), kit.count_cell(("net_score",), gross - playing)))
        if show_points:
            rows.append(("Stableford points", kit.count_cell(("stableford_points",), total_points)))
        rows.append(("Par", kit.count_cell(("course_par",), par)))
        return rows

    def handicap_rows() -> list[tuple[str, L.Cell]]:
        rows = [(index_label, kit.num_cell(("handicap_index",), index, 1))]
        if facts["course_handicap"] is not None:
            rows.append(("Course handicap", kit.count_cell(("course_handicap",), course_hcp)))
        rows.append(("Course rating / slope", L.cell(f"{kit.style.decimal(cr, 1)} / {slope}")))
        return rows

    def group_block() -> None:
        strings(kit, doc, "partners", partners, rng.choice(["Also in the group", "Playing partners", "Group"]),
                rng.choice(["No other players in the group.", "Playing partners: none (two-ball)"]))

    layout = rng.choice(["card", "export", "email", "app"])
    if layout == "card":        # the printed card, filled in and signed
        L.write(doc, club_cell()).line()
        doc.line(rng.choice(["SCORECARD", "Official score card", "Competition card"]))
        if comp:
            doc.add("Competition: ").put(("competition",), comp).line()
        else:
            doc.line("General play")
        rows = [("Player", L.cell(player, ("player",)))]
        if facts["player_id"]:
            rows.append((GOLF_IDS[loc], L.cell(pid, ("player_id",))))
        rows += [("Date", kit.date_cell(("round_date",), played)), ("Tee time", L.cell(tee_time))]
        rows += handicap_rows() + [("Playing handicap", L.cell(str(playing)))]
        if has_marker:
            rows.append(("Marker", L.cell(marker, ("marker",))))
        L.labelled(doc, rng, rows)
        doc.line(tee_text).line(format_text).line()
        kit.pad(doc)
        hole_table()
        doc.line()
        L.labelled(doc, rng, result_rows(), rng.choice(["colon", "aligned", "dots", "bold"]))
        doc.line().line(condition_text).line(signed_text).line(qualifying_text)
        group_block()
        kit.date(doc.add("Card returned "), None, posted).line(f" (score ID {score_id})")
    elif layout == "export":    # a handicap system's score record
        doc.line(f"# {SYSTEMS[loc]} - score record export").line("field;value")
        pairs = [("player", L.cell(player, ("player",)))]
        if facts["player_id"]:
            pairs.append(("handicap_id", L.cell(pid, ("player_id",))))
        pairs += [("club", L.cell(club, ("club",))), ("course", L.cell(loop or "Main course")),
                  ("competition", L.cell(comp, ("competition",)) if comp else L.cell("general play")),
                  ("date_played", kit.date_cell(("round_date",), played)),
                  ("date_posted", kit.date_cell(None, posted)), ("score_id", L.cell(score_id)),
                  ("holes_played", L.cell(str(n))),
                  ("handicap_index", kit.num_cell(("handicap_index",), index, 1)),
                  ("index_as_of", kit.date_cell(None, revised))]
        if facts["course_handicap"] is not None:
            pairs.append(("course_handicap", kit.count_cell(("course_handicap",), course_hcp)))
        pairs += [("playing_handicap", L.cell(str(playing))), ("course_rating", L.cell(kit.style.decimal(cr, 1))),
                  ("slope", L.cell(str(slope))), ("par", kit.count_cell(("course_par",), par)),
                  ("gross", kit.count_cell(("gross_score",), gross)), ("adjusted_gross", L.cell(str(adjusted)))]
        if facts["net_score"] is not None:
            pairs.append(("net", kit.count_cell(("net_score",), gross - playing)))
        if show_points:
            pairs.append(("stableford", kit.count_cell(("stableford_points",), total_points)))
        pairs.append(("score_differential", L.cell(kit.style.decimal(differential, 1))))
        if has_marker:
            pairs.append(("marker", L.cell(marker, ("marker",))))
        for key, c in pairs:
            L.write(doc.add(f"{key};"), c).line()
        doc.line(tee_text).line(format_text).line()
        kit.pad(doc)
        doc.line("holes:")
        head = ["hole", "par", "si", "strokes"] + ["putts"] * has_putts + ["points"] * show_points
        L.table(doc, rng, head, [hole_row(k, False) for k in range(n)], "semicolon")
        doc.line().line(qualifying_text).line(signed_text).line(condition_text)
        group_block()
    elif layout == "email":     # the club's e-mail after the card was entered
        host = f"{slug(club, 'club', 30, '-', sharp_s=True)}.{TLD[loc]}"
        doc.line(f"From: {rng.choice(['Competitions', 'Golf office', 'Handicap secretary'])} <golf@{host}>")
        doc.add("To: ").put(("player",), player).line()
        doc.add("Subject: Your card - ").add(comp or "general play round").add(" - ")
        kit.date(doc, None, played).line().line()
        doc.line(f"Dear {player.split()[0]},").line()
        nine_text = f" ({nine} nine only)" if nine else ""
        if comp:
            doc.add("Your card for the ").put(("competition",), comp).add(f"{nine_text} at ")
        else:
            doc.add(f"Your general play round{nine_text} at ")
        L.write(doc, club_cell())
        kit.date(doc.add(" on "), ("round_date",), played)
        kit.date(doc.add(" was entered on "), None, posted).line(".")
        doc.line(tee_text).line(format_text)
        kit.num(doc.add(f"{index_label}: "), ("handicap_index",), index, 1)
        if facts["player_id"]:
            doc.add(f" ({GOLF_IDS[loc]} ").put(("player_id",), pid).add(")")
        if facts["course_handicap"] is not None:
            kit.count(doc.add(", course handicap "), ("course_handicap",), course_hcp)
        doc.line(f", playing handicap {playing}.")
        if has_marker:
            doc.add("Marker: ").put(("marker",), marker).line()
        doc.line().line("Hole by hole:")
        hole_lines(kit.chance(0.4))
        doc.line()
        kit.pad(doc)
        kit.count(doc.add("Gross "), ("gross_score",), gross).add(" against a par of ")
        kit.count(doc, ("course_par",), par)
        if facts["net_score"] is not None:
            kit.count(doc.add(", net "), ("net_score",), gross - playing)
        if show_points:
            kit.count(doc.add(", "), ("stableford_points",), total_points).add(" Stableford points")
        doc.line(".")
        doc.line(signed_text).line(qualifying_text).line(condition_text)
        if partners:
            L.series(doc.add("You played with "), ("partners",), partners).line(".")
        else:
            doc.line(rng.choice(["You played as a two-ball.", "No other players in the group."]))
        doc.line().line(f"Good golfing,\n{plain_names(kit, 1)[0]}, competitions secretary")
    else:                       # a golf app's round summary in markdown
        doc.add("# Round at ").put(("club",), club).line(f" ({loop})" if loop else "").line()
        doc.add("**Player:** ").put(("player",), player)
        if facts["player_id"]:
            doc.add(f" ({GOLF_IDS[loc]} ").put(("player_id",), pid).add(")")
        doc.line("  ")
        kit.date(doc.add("**Date:** "), ("round_date",), played).line(f", tee time {tee_time}  ")
        if comp:
            doc.add("**Event:** ").put(("competition",), comp).line("  ")
        for label, c in handicap_rows():
            L.write(doc.add(f"**{label}:** "), c).line("  ")
        if has_marker:
            doc.add("**Marker:** ").put(("marker",), marker).line("  ")
        doc.line(tee_text).line(format_text).line()
        head = ["Hole", "Par", "SI", "Score"] + ["Putts"] * has_putts + ["Pts"] * show_points
        parts = [("Front nine", range(9)), ("Back nine", range(9, 18))] if n == 18 else \
            [("Front nine" if nine == "front" else "Back nine", range(9))]
        for heading, ks in parts:
            doc.line(f"## {heading}").line()
            L.table(doc, rng, head, [hole_row(k, False) for k in ks], "pipe")
            doc.line()
        kit.pad(doc)
        doc.line("## Summary").line()
        for label, c in result_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        fairways = sum(1 for h in holes if h["par"] > 3)
        doc.line(f"- Fairways hit: {rng.randint(2, fairways)}/{fairways}, greens in regulation: "
                 f"{rng.randint(0, n // 2)}/{n}")
        doc.line().line(condition_text).line(signed_text).line(qualifying_text)
        group_block()
        kit.date(doc.add("Synced "), None, posted).line()
    kit.pad(doc)
    return Draft(("Golf scorecard", "Golf round score card", "Golf score record"), GOLF_FIELDS, facts, doc, evidence)


# ---- ski pass purchase -----------------------------------------------------------------------

SKI_RESORTS = {   # locale: (resort, currency, operator)
    "en_US": [("Vail", "USD"), ("Park City Mountain", "USD"), ("Jackson Hole", "USD"), ("Killington", "USD"),
              ("Mammoth Mountain", "USD"), ("Big Sky Resort", "USD"), ("Stowe", "USD"), ("Steamboat", "USD")],
    "en_GB": [("Cairngorm Mountain", "GBP"), ("Glenshee", "GBP"), ("Nevis Range", "GBP"), ("The Lecht", "GBP"),
              ("Val Thorens", "EUR"), ("Verbier 4 Vallées", "CHF"), ("Zermatt", "CHF"),
              ("St. Anton am Arlberg", "EUR")],
    "de_DE": [("Garmisch-Classic", "EUR"), ("Zugspitze", "EUR"), ("Oberstdorf Kleinwalsertal", "EUR"),
              ("Feldberg", "EUR"), ("Winterberg", "EUR"), ("SkiWelt Wilder Kaiser - Brixental", "EUR"),
              ("Silvretta Arena Ischgl", "EUR"), ("Laax", "CHF")],
    "fr_FR": [("Les 3 Vallées", "EUR"), ("Paradiski", "EUR"), ("Val Thorens", "EUR"), ("Chamonix Mont-Blanc", "EUR"),
              ("Tignes - Val d'Isère", "EUR"), ("Les Portes du Soleil", "EUR"), ("Serre Chevalier", "EUR"),
              ("Les Deux Alpes", "EUR")]}
DAY_PRICE = {"USD": (139, 259), "GBP": (38, 52), "EUR": (52, 79), "CHF": (69, 98)}
SEASON_PRICE = {"USD": (799, 2199), "GBP": (299, 499), "EUR": (499, 1190), "CHF": (899, 1590)}
SKI_VAT = {"USD": None, "GBP": 20, "EUR": 10, "CHF": 8.1}
CATEGORY_FACTOR = {"adult": 1.0, "child": 0.58, "youth": 0.8, "senior": 0.87}
CATEGORY_WORDS = {   # locale: category: (table form, short form, in a sentence)
    "en_US": {"adult": ("Adult (19-64)", "ADULT", "adult"), "child": ("Child (5-12)", "CHILD", "child"),
              "youth": ("Teen (13-18)", "TEEN", "teen"), "senior": ("Senior (65+)", "SENIOR", "senior")},
    "en_GB": {"adult": ("Adult", "ADULT", "adult"), "child": ("Child (6-15)", "CHILD", "child"),
              "youth": ("Youth (16-19)", "YOUTH", "youth"), "senior": ("Senior (65+)", "SENIOR", "senior")},
    "de_DE": {"adult": ("Adult (Erwachsene)", "ERW (adult)", "adult"),
              "child": ("Child (Kind, 6-15)", "KIND (child)", "child"),
              "youth": ("Youth (Jugendliche, 16-19)", "JGD (youth)", "youth"),
              "senior": ("Senior (65+)", "SEN (senior)", "senior")},
    "fr_FR": {"adult": ("Adult (adulte)", "ADULTE", "adult"),
              "child": ("Child (enfant, 5-12)", "ENFANT (child)", "child"),
              "youth": ("Youth (jeune, 13-17)", "JEUNE (youth)", "youth"),
              "senior": ("Senior (65-74)", "SENIOR", "senior")}}
PASS_TYPES = {"consecutive": ("Ticket type: {n} consecutive days", "Pass: {n}-day ski pass (consecutive days)",
                              "Product: {n}-day lift pass, days in a row"),
              "flexible": ("Ticket type: any {n} days within {w}", "Pass: flexible {n}-day pass, valid on any {n} days "
                           "in the period", "Product: {n} days to use as you like within {w} days"),
              "season": ("Ticket type: season pass {y}/{yy}", "Pass: season pass, valid all winter",
                         "Product: season ski pass {y}/{yy}")}
DELIVERIES = {"reload": ("Delivery: reloaded onto your existing card - go straight to the lifts",
                         "Your passes have been loaded onto the keycards you already own.",
                         "Reload: existing keycard"),
              "pickup": ("Collection: pick-up machine or ticket office, with your order number",
                         "Collect your passes at any ticket office; bring this confirmation.",
                         "Cards issued at the counter"),
              "post": ("Delivery: by post to your home address", "Your keycards will be posted to you before your "
                       "first day.", "Shipping: keycards sent by post")}
INSURANCE_NAMES = {"USD": "Pass protection", "GBP": "Ski pass insurance", "EUR": "Ski pass insurance",
                   "CHF": "Ski pass insurance"}
SKI_EXTRAS = {"en_US": ["Night skiing", "Scenic gondola rides", "Terrain park access", "Free shuttle bus",
                        "Tubing hill", "Partner resort days"],
              "en_GB": ["Glacier access", "Night skiing", "Ski bus", "Pool entry", "Sledge run", "Partner resort days"],
              "de_DE": ["Glacier access", "Night skiing (Flutlicht)", "Ski bus", "Toboggan run", "Pool entry",
                        "Partner resorts"],
              "fr_FR": ["Glacier access", "Night skiing", "Free shuttle (navettes)", "Pool entry", "Toboggan run",
                        "Partner resort days"]}
SKI_FIELDS = [
    F.text("customer", "Customer", ("Person who bought the passes (not a pass holder, the cashier or the ticket "
                                    "office's staff).", "Name of the buyer."), "buyer", "purchaser"),
    F.text("customer_email", "Customer e-mail", "The buyer's e-mail address, if shown (not the resort's).",
           "email", "buyer_email", format="email", optional=True, keep=0.5),
    F.text("order_number", "Order number", ("Number of the order or receipt (not a keycard number, a payment "
                                            "reference or the customer number).", "Order reference."),
           "order_id", "booking_reference", keep=0.8),
    F.date("purchase_date", "Purchase date", ("Date the passes were bought (not the first or last day of "
                                              "validity or a cancellation deadline).", "Order date."),
           "order_date", "purchased_on"),
    F.text("resort", "Resort", "Ski resort or area the passes are for.", "ski_area", "destination", keep=0.8),
    F.choice("pass_type", "Pass type", "Whether the pass covers consecutive days, a number of days to use freely "
             "within a period, or the whole season.", ["consecutive", "flexible", "season"], "ticket_type",
             "product_type", keep=0.7),
    F.integer("days", "Skiing days", "Number of skiing days the pass covers (not the number of passes or the "
              "length of the validity window); null for a season pass.", "number_of_days", "duration_days",
              optional=True, keep=0.7),
    F.date("valid_from", "Valid from", ("First day the passes are valid (not the purchase date).",
                                        "Start of validity."), "first_day", "start_date"),
    F.date("valid_until", "Valid until", "Last day the passes are valid.", "last_day", "end_date", keep=0.8),
    F.items("passes", "Passes", ("Each pass bought, in order.", "Lift passes in the order."), [
        F.text("holder", "Holder", "Person the pass is for.", "name", "skier"),
        F.choice("category", "Category", "Age category of the pass.", ["adult", "child", "youth", "senior"],
                 "age_group", "fare", keep=0.8),
        F.number("price", "Price", "Price of this pass (not the keycard deposit or insurance).", "amount",
                 "pass_price", keep=0.8),
        F.text("card_number", "Keycard number", "Number of the keycard the pass is on; null when the card is "
               "issued on collection.", "keycard", "wtp_number", optional=True, keep=0.5),
    ], "tickets", "lift_passes"),
    F.number("discount", "Discount", "Online or early-booking discount on the order, if any (not a pass's "
             "price).", "discount_amount", "savings", optional=True, keep=0.4),
    F.number("total_paid", "Total paid", ("Amount paid for the order with insurance and deposits, after any "
                                          "discount (not the subtotal, the VAT or a deposit).", "Order total."),
             "total", "amount_paid", minimum=0),
    F.flag("insurance", "Insurance", "Whether ski pass insurance (or pass protection) was bought.",
           "insured", "pass_insurance", keep=0.6),
    F.choice("delivery", "Delivery", "How the passes reach the skiers.", ["reload", "pickup", "post"],
             "delivery_method", "collection", keep=0.6,
             option_descriptions=("loaded onto keycards the skiers already own",
                                  "collected at the resort (ticket office, machine or counter)",
                                  "keycards sent by post")),
    F.strings("extras", "Included extras", "Extras included with the passes; empty when none are listed.",
              "included_extras", "benefits", keep=0.5),
]


def _keycards(kit: Kit, n: int) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        card = f"{_code(kit, 8)}-{_code(kit, 3)}-{_code(kit, 3)}"
        if card not in out:
            out.append(card)
    return out


def ski_pass_purchase(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    resort, code = rng.choice(SKI_RESORTS[loc])
    _currency(kit, code)
    kind = rng.choice(["consecutive"] * 5 + ["flexible"] * 2 + ["season"] * 2)
    year = kit.day().year
    days, window = None, None
    if kind == "season":
        first = dt.date(year, 11, 20) + dt.timedelta(days=rng.randint(0, 18))
        last = dt.date(year + 1, 4, 5) + dt.timedelta(days=rng.randint(0, 25))
        bought = dt.date(year, 9, 1) + dt.timedelta(days=rng.randint(0, 75))
        base = rng.uniform(*SEASON_PRICE[code])
    else:
        days = rng.randint(2, 8) if kind == "consecutive" else rng.randint(2, 6)
        window = days if kind == "consecutive" else days + rng.randint(2, 5)
        first = dt.date(year, 12, 5) + dt.timedelta(days=rng.randint(0, 115))
        last = first + dt.timedelta(days=window - 1)
        bought = first - dt.timedelta(days=rng.choice([1, 3, 7, 14, 21, 30, 45, 60]))
        base = rng.uniform(*DAY_PRICE[code]) * days * (1 - 0.03 * (days - 1)) * (1.08 if kind == "flexible" else 1)
    layout = rng.choice(["email", "receipt", "voucher", "invoice"])
    if layout == "receipt":
        bought = first - dt.timedelta(days=rng.choice([0, 0, 1]))
    delivery = rng.choice(["reload", "pickup"] if layout == "receipt" else ["reload", "pickup", "pickup", "post"])
    n = rng.choice([1, 2, 2, 3, 4, 4, 5])
    if kit.chance(0.6):
        surname = fake.last_name()
        firsts: list[str] = []
        while len(firsts) < n:
            first_name = fake.first_name()
            if first_name not in firsts:
                firsts.append(first_name)
        holders = [f"{f} {surname}" for f in firsts]
    else:
        holders = plain_names(kit, n)
    cats = ["adult"] + [rng.choice(["adult", "child", "child", "youth", "senior"]) for _ in range(n - 1)]
    buyer, cashier, agent = (holders[0], *plain_names(kit, 2)) if kit.chance(0.7) else plain_names(kit, 3)
    if buyer in holders[1:]:
        buyer = plain_names(kit, 1)[0] + "s"
    cards = _keycards(kit, n)
    with_cards = not (delivery == "pickup" and layout != "receipt")
    passes = [{"holder": h, "category": c, "price": round(base * CATEGORY_FACTOR[c] * 2) / 2,
               "card_number": card if with_cards else None} for h, c, card in zip(holders, cats, cards)]
    subtotal = round(sum(p["price"] for p in passes), 2)
    discount = round(subtotal * rng.choice([0.05, 0.1, 0.15]), 2) if layout != "receipt" and kit.chance(0.4) else None
    insured = kit.chance(0.5)
    insurance = round((rng.uniform(35, 60) if kind == "season" else rng.uniform(2.5, 4.0) * days) * n, 2) \
        if insured else 0.0
    deposit_each = 5.0 if code != "GBP" else 3.0
    deposit = deposit_each * n if delivery != "reload" else 0.0
    total = round(subtotal - (discount or 0) + insurance + deposit, 2)
    rate = SKI_VAT[code]
    vat = round((subtotal - (discount or 0)) * rate / (100 + rate), 2) if rate else 0.0
    order = {"en_US": f"{rng.randint(10**8, 10**9 - 1)}", "en_GB": f"SKI-{rng.randint(100000, 999999)}",
             "de_DE": f"B{bought.year}-{rng.randint(10000, 99999)}",
             "fr_FR": f"CMD-{rng.randint(10**6, 10**7 - 1)}"}[loc]
    customer_no, payment_ref = f"K{rng.randint(10**5, 10**6 - 1)}", f"TX{_code(kit, 10, '0123456789ABCDEF')}"
    email = mail(buyer, fake.free_email_domain(), "club", 30, "-", sharp_s=True)
    extras = rng.sample(SKI_EXTRAS[loc], rng.choice([0, 0, 1, 2, 3]))
    facts = {"customer": buyer, "customer_email": kit.maybe(email, 0.7) if layout != "receipt" else None,
             "order_number": order, "purchase_date": bought.isoformat(), "resort": resort, "pass_type": kind,
             "days": days, "valid_from": first.isoformat(), "valid_until": last.isoformat(), "passes": passes,
             "discount": discount, "total_paid": total, "insurance": insured, "delivery": delivery, "extras": extras}
    kind_text = rng.choice(PASS_TYPES[kind]).format(n=days, w=window, y=year, yy=(year + 1) % 100)
    delivery_text = rng.choice(DELIVERIES[delivery][2:] if layout == "receipt" else DELIVERIES[delivery][:2])
    ins_name = INSURANCE_NAMES[code]
    insurance_text = says(rng, insured, (f"{ins_name}: included", f"You added {ins_name.lower()} to your order.",
                                         f"{ins_name}: yes (refund if you cannot ski through injury)"),
                          (f"{ins_name}: not taken", f"No {ins_name.lower()} was added.",
                           f"{ins_name}: declined"))
    evidence = {("pass_type",): kind_text, ("delivery",): delivery_text, ("insurance",): insurance_text}
    form = rng.randrange(2)
    cat_words = [CATEGORY_WORDS[loc][p["category"]][form] for p in passes]
    for i, w in enumerate(cat_words):
        evidence[("passes", i, "category")] = w
    product = "season" if kind == "season" else f"{days} days" if kind == "consecutive" else f"{days} of {window} days"
    refund_by = first - dt.timedelta(days=rng.choice([2, 3, 7]))
    deposit_label = "RFID card fee (refundable)" if code == "USD" else "Keycard deposit (refundable)"
    site = f"{slug(resort, 'club', 30, '-', sharp_s=True)}.{'com' if code == 'USD' else rng.choice(['com', TLD[loc]])}"

    def card_cell(i: int) -> L.Cell:
        p = passes[i]
        return L.cell(p["card_number"], ("passes", i, "card_number")) if p["card_number"] else \
            L.cell(rng.choice(["at pick-up", "-", "on collection"]))

    def money_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Subtotal", kit.money_cell(None, subtotal))]
        if discount:
            rows.append((rng.choice(["Online discount", "Early-booking discount"]),
                         kit.money_cell(("discount",), discount)))
        if insured:
            rows.append((ins_name, kit.money_cell(None, insurance)))
        if deposit:
            rows.append((deposit_label, kit.money_cell(None, deposit)))
        rows.append((rng.choice(["Total paid", "Total", "Amount charged"]), kit.money_cell(("total_paid",), total)))
        if vat:
            rows.append((f"of which VAT {kit.style.decimal(rate, 1 if rate % 1 else 0)}%", kit.money_cell(None, vat)))
        return rows

    def validity_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Valid from", kit.date_cell(("valid_from",), first)),
                ("Valid until", kit.date_cell(("valid_until",), last))]
        if days:
            rows.append(("Skiing days", kit.count_cell(("days",), days)))
        return rows

    def pass_table(layout: str | None = None) -> None:
        L.table(doc, rng, ["Holder", "Category", "Pass", "Keycard", "Price"], [
            [L.cell(p["holder"], ("passes", i, "holder")), L.cell(cat_words[i]), L.cell(product), card_cell(i),
             kit.money_cell(("passes", i, "price"), p["price"])] for i, p in enumerate(passes)], layout)

    def closing() -> None:
        doc.line(delivery_text).line(insurance_text)
        strings(kit, doc, "extras", extras, rng.choice(["Included with your pass", "Extras included", "Included"]),
                rng.choice(["No extras are included.", "Included extras: none"]))

    if layout == "email":       # the resort's order confirmation
        doc.line(f"From: {resort} Ticket Office <tickets@{site}>")
        doc.add("To: ").put(("customer_email",), email).line() if facts["customer_email"] else None
        doc.add("Subject: Order confirmation ").put(("order_number",), order).line().line()
        doc.add("Dear ").put(("customer",), buyer).line(",").line()
        doc.add("thank you for buying your lift passes for ").put(("resort",), resort).line(" online.").line()
        rows = [("Order number", L.cell(order, ("order_number",))), ("Order date", kit.date_cell(("purchase_date",),
                                                                                                  bought)),
                ("Customer no.", L.cell(customer_no))]
        L.labelled(doc, rng, rows + validity_rows())
        doc.line(kind_text).line()
        kit.pad(doc)
        pass_table()
        doc.line()
        L.labelled(doc, rng, money_rows(), rng.choice(["colon", "aligned", "dots"]))
        doc.line(f"Payment reference: {payment_ref}").line()
        closing()
        kit.date(doc.add("Free cancellation until "), None, refund_by).line(".")
        doc.line().line(f"See you on the slopes!\n{agent}, {resort} ticket office")
    elif layout == "receipt":   # the till receipt at the ticket office
        doc.put(("resort",), resort).line().line(rng.choice(["Ticket office - valley station", "Main ticket office",
                                                  "Kasse Talstation" if loc == "de_DE" else "Ticket desk 2"]))
        kit.date(doc.add("Date: "), ("purchase_date",), bought).line(f" {clock(rng.randint(7 * 60, 11 * 60), False)}")
        doc.add("Receipt no.: ").put(("order_number",), order).line(f"   Till {rng.randint(1, 9)}")
        doc.line(f"Cashier: {cashier}").add("Customer: ").put(("customer",), buyer).line().line("-" * 40)
        width = max(len(w) for w in cat_words) + 2
        for i, p in enumerate(passes):     # "1  ADULT    6 days        312.00"
            at = ("passes", i)
            doc.add(f"{i + 1}  {cat_words[i].ljust(width)}{product.ljust(14)}")
            kit.money(doc, at + ("price",), p["price"]).line()
            doc.add("   ").put(at + ("holder",), p["holder"]).add("  card ")
            doc.put(at + ("card_number",), p["card_number"]).line()
        doc.line("-" * 40)
        doc.line(kind_text)
        kit.date(doc.add("Valid "), ("valid_from",), first).add(" - ")
        kit.date(doc, ("valid_until",), last).line()
        if days:
            kit.count(doc.add("Skiing days: "), ("days",), days).line()
        kit.pad(doc)
        L.kv(doc, rng, money_rows(), rng.choice(["aligned", "dots"]))
        doc.line(f"Paid by card ****{rng.randint(1000, 9999)}")
        closing()
        doc.line("Thank you and have a great day on the mountain!")
    elif layout == "voucher":   # the e-ticket page in markdown
        doc.add("# ").put(("resort",), resort).line(" - e-ticket").line()
        doc.add("**Order:** ").put(("order_number",), order).line("  ")
        kit.date(doc.add("**Ordered on:** "), ("purchase_date",), bought).line("  ")
        doc.add("**Customer:** ").put(("customer",), buyer)
        if facts["customer_email"]:
            doc.add(" (").put(("customer_email",), email).add(")")
        doc.line("  ").line(kind_text).line()
        for label, c in validity_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Passes").line()
        numbered = kit.chance(0.3)
        for i, p in enumerate(passes):      # "- Anna Weber - Adult, 6 days - €312.00 - card 2K4F...-3XQ-8RT"
            at = ("passes", i)
            doc.add(f"{i + 1}. " if numbered else "- ").put(at + ("holder",), p["holder"])
            doc.add(f" - {cat_words[i]}, {product} - ")
            kit.money(doc, at + ("price",), p["price"])
            L.write(doc.add(" - card "), card_cell(i)).line()
        doc.line()
        kit.pad(doc)
        doc.line("## Payment").line()
        for label, c in money_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        doc.line().line("## Good to know").line()
        closing()
        kit.date(doc.add("Cancel free of charge until "), None, refund_by).line(".")
    else:                       # a ski club's or tour operator's invoice letter
        firm = firm_name(kit, {"en_US": ("{last} Ski Club", "{city} Snow Tours"), "en_GB": ("{last} Ski Holidays Ltd",
                                                                                            "{city} Ski Club"),
                               "de_DE": ("Skiclub {city} e.V.", "{last} Skireisen GmbH"),
                               "fr_FR": ("Ski Club de {city}", "{last} Voyages Neige")})
        doc.line(firm).line(f"{fake.street_address()}, {fake.city()}".replace("\n", ", ")).line()
        doc.put(("customer",), buyer).line()
        if facts["customer_email"]:
            doc.put(("customer_email",), email).line()
        kit.date(doc.line(), ("purchase_date",), bought).line()
        doc.add(f"Invoice {rng.randint(1000, 9999)} - lift pass order ").put(("order_number",), order).line().line()
        doc.line(f"Dear {buyer.split()[0]},").line()
        doc.add("we confirm the following lift passes for ").put(("resort",), resort).add(": ")
        for i, p in enumerate(passes):      # "Anna Weber (adult, card ...: €312.00)"
            at = ("passes", i)
            doc.add("" if i == 0 else " and " if i == n - 1 else ", ").put(at + ("holder",), p["holder"])
            word = CATEGORY_WORDS[loc][p["category"]][2]
            evidence[at + ("category",)] = word
            doc.add(f" ({word}")
            if p["card_number"]:
                doc.add(", card ").put(at + ("card_number",), p["card_number"])
            kit.money(doc.add(": "), at + ("price",), p["price"]).add(")")
        doc.line(".")
        doc.line(kind_text)
        kit.date(doc.add("The passes are valid from "), ("valid_from",), first).add(" to ")
        kit.date(doc, ("valid_until",), last)
        if days:
            kit.count(doc.add(" ("), ("days",), days).add(" skiing days)")
        doc.line(".").line()
        kit.pad(doc)
        for label, c in money_rows():
            L.write(doc.add(f"{label}: "), c).line()
        doc.line()
        closing()
        kit.date(doc.add("Changes are free of charge until "), None, refund_by).line(".")
        doc.line().line(f"Kind regards,\n{agent}")
    kit.pad(doc)
    return Draft(("Ski pass purchase", "Lift pass order", "Ski pass order confirmation"), SKI_FIELDS, facts, doc,
                 evidence)


# ---- climbing wall waiver --------------------------------------------------------------------

CENTRES = {"en_GB": ("The {last} Climbing Centre", "{city} Boulder Lab", "{city} Climbing Wall", "Crux {city}"),
           "en_US": ("{city} Rock Gym", "Vertical {last} Climbing", "{last} Bouldering Project",
                     "Summit {city} Climbing"),
           "de_DE": ("Kletterhalle {city}", "DAV-Kletterzentrum {city}", "Boulderhalle {last}", "Kletterwerk {city}"),
           "fr_FR": ("Salle d'escalade de {city}", "{last} Bloc", "Espace Escalade {city}", "Grimpe {city}")}
WAIVER_TITLES = {"en_GB": ("PARTICIPATION STATEMENT AND REGISTRATION FORM", "Climber registration and acknowledgement "
                           "of risk"),
                 "en_US": ("RELEASE OF LIABILITY, WAIVER OF CLAIMS AND ASSUMPTION OF RISK", "Climbing gym waiver"),
                 "de_DE": ("REGISTRATION AND LIABILITY WAIVER (Haftungsausschluss)", "Registration form (Anmeldung) "
                           "and house rules"),
                 "fr_FR": ("REGISTRATION AND WAIVER (décharge de responsabilité)", "Registration form (fiche "
                           "d'inscription)")}
CORE_CLAUSES = ("Acknowledgement of risk", "Centre rules read", "Auto-belay rules", "Bouldering falls",
                "Medical fitness declared", "Own equipment checked")
OPTIONAL_CLAUSES = ("Photo and video consent", "Marketing e-mails", "Data shared with partner walls")
MEDICAL = ("Asthma (inhaler)", "Previous shoulder dislocation", "Type 1 diabetes", "Epilepsy (controlled)",
           "Knee surgery last year", "High blood pressure", "Recent wrist fracture", "Migraine", "Heart condition",
           "Hypermobility")
EXPERIENCE = {"novice": ("Experience: none - first time climbing", "Climbing experience: novice",
                         "I have never climbed before."),
              "intermediate": ("Experience: some (has climbed indoors a few times)",
                               "Climbing experience: intermediate",
                               "I have climbed indoors before but do not lead."),
              "experienced": ("Experience: experienced (leads indoors and outdoors)",
                              "Climbing experience: experienced", "I am an experienced climber and lead routes.")}
RELATIONS = ("partner", "parent", "sibling", "friend", "spouse", "flatmate", "colleague")
WAIVER_FIELDS = [
    F.text("participant", "Participant", ("Person who will climb (not the parent or guardian, the emergency "
                                          "contact or a member of staff).", "Name of the climber."),
           "climber", "participant_name"),
    F.date("date_of_birth", "Date of birth", "The climber's date of birth (not the date signed or the expiry).",
           "dob", "birth_date"),
    F.text("guardian", "Parent or guardian", "Parent or guardian signing for a climber under 18; null for an "
           "adult.", "parent_guardian", "guardian_name", optional=True, keep=0.7),
    F.text("centre", "Climbing centre", "Climbing wall, gym or centre the waiver is for.", "climbing_centre", "gym",
           keep=0.7),
    F.text("waiver_number", "Registration number", ("Number of this registration or waiver (not the member "
                                                    "number or a booking reference).", "Waiver ID."),
           "registration_number", "waiver_id", keep=0.6),
    F.date("signed_date", "Date signed", ("Date the waiver was signed (not the date of birth, the expiry or the "
                                          "induction).", "Signature date."), "signature_date", "date_signed"),
    F.date("expiry_date", "Valid until", "Last day the registration is valid; null when it does not expire.",
           "valid_until", "expires_on", optional=True, keep=0.6),
    F.text("email", "E-mail", "The climber's or the guardian's e-mail address, if given (not the centre's).",
           "contact_email", "email_address", format="email", optional=True, keep=0.5),
    F.text("emergency_contact", "Emergency contact", "Person to call in an emergency (not the climber).",
           "emergency_contact_name", "ice_contact", keep=0.7),
    F.text("emergency_phone", "Emergency phone", "Phone number of the emergency contact (not the climber's own).",
           "emergency_contact_phone", "ice_phone", keep=0.6),
    F.choice("experience", "Experience", "The climber's declared experience.", list(EXPERIENCE),
             "experience_level", "climbing_experience", keep=0.7),
    F.flag("belay_competent", "Belay competent", "Whether the climber passed the centre's belay check.",
           "belay_check_passed", "can_belay", keep=0.7),
    F.flag("induction_completed", "Induction completed", "Whether the climber has had the centre's induction.",
           "inducted", "induction_done", keep=0.6),
    F.items("declarations", "Declarations", ("Each declaration on the form, in order, and whether it was "
                                             "accepted.", "Statements signed up to."), [
        F.text("clause", "Declaration", "The declaration as written.", "statement", "item"),
        F.flag("agreed", "Agreed", "Whether the declaration was ticked, initialled or accepted.", "accepted",
               "initialled"),
    ], "statements", "consents", keep=0.8),
    F.strings("medical_conditions", "Medical conditions", "Conditions or injuries declared; empty when none are.",
              "health_conditions", "medical", keep=0.6),
    F.number("amount_paid", "Amount paid", "What was paid for the visit with any hire, if shown (not one hire "
             "item or a membership fee).", "fee_paid", "total_paid", optional=True, keep=0.4),
]


def climbing_wall_waiver(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    centre = firm_name(kit, CENTRES)
    signed = kit.day()
    minor = kit.chance(0.3)
    age = rng.randint(8, 17) if minor else rng.randint(18, 66)
    born = signed - dt.timedelta(days=age * 365 + rng.randint(10, 350))
    participant, staff, other = plain_names(kit, 3)
    surname = participant.split()[-1]
    guardian = f"{fake.first_name()} {surname}" if minor else None
    if guardian == participant:
        guardian = other
    if minor and kit.chance(0.5):
        contact, relation = guardian, rng.choice(["mother", "father"])
    else:
        contact, relation = other if other != guardian else staff, rng.choice(RELATIONS)
    experience = rng.choice(["novice"] * 2 + ["intermediate"] * 2 + ["experienced"] * (1 if minor else 2))
    belay = {"novice": kit.chance(0.1), "intermediate": kit.chance(0.5), "experienced": kit.chance(0.9)}[experience]
    inducted = kit.chance(0.5)
    inducted_on = signed + dt.timedelta(days=rng.choice([0, 0, 1, 7]))
    clauses = list(rng.sample(CORE_CLAUSES, rng.randint(2, 4)))
    if minor:
        clauses.insert(1, "Supervision of under-18s")
    optional = rng.sample(OPTIONAL_CLAUSES, rng.randint(1, 2))
    declarations = [{"clause": c, "agreed": True} for c in clauses] + \
        [{"clause": c, "agreed": kit.chance(0.45)} for c in optional]
    expires = None if kit.chance(0.35) else signed + dt.timedelta(days=rng.choice([365, 365, 730]))
    number = {"en_GB": f"REG-{rng.randint(100000, 999999)}", "en_US": f"W{rng.randint(10**6, 10**7 - 1)}",
              "de_DE": f"AN-{signed.year}-{rng.randint(1000, 99999)}",
              "fr_FR": f"INS-{rng.randint(10**5, 10**6 - 1)}"}[loc]
    member_no, booking = f"M{rng.randint(10000, 99999)}", f"BK-{rng.randint(100000, 999999)}"
    signer = guardian or participant
    email = mail(signer, fake.free_email_domain(), "club", 30, "-", sharp_s=True)
    phone, own_phone = fake.phone_number(), fake.phone_number()
    entry = {"en_GB": (11, 16), "en_US": (20, 28), "de_DE": (10, 16), "fr_FR": (10, 17)}[loc]
    entry_fee = float(rng.randint(*entry)) + rng.choice([0.0, 0.5])
    hires = [(item, float(rng.randint(2, 5)) + rng.choice([0.0, 0.5])) for item in
             rng.sample(["Shoe hire", "Harness hire", "Chalk bag hire"], rng.choice([0, 1, 1, 2]))]
    paid = None if kit.chance(0.35) else round(entry_fee + sum(x for _, x in hires), 2)
    facts = {"participant": participant, "date_of_birth": born.isoformat(), "guardian": guardian, "centre": centre,
             "waiver_number": number, "signed_date": signed.isoformat(),
             "expiry_date": expires.isoformat() if expires else None, "email": kit.maybe(email, 0.7),
             "emergency_contact": contact, "emergency_phone": phone, "experience": experience,
             "belay_competent": belay, "induction_completed": inducted, "declarations": declarations,
             "medical_conditions": rng.sample(MEDICAL, rng.choice([0, 0, 0, 1, 1, 2])), "amount_paid": paid}
    experience_text = rng.choice(EXPERIENCE[experience])
    belay_text = says(rng, belay, ("Belay competent: YES (belay check passed)", "Passed the belay check and may "
                                   "belay on top rope.", "Belay check: passed"),
                      ("Belay competent: NO - bouldering and auto-belays only", "Has not passed a belay check.",
                       "Belay check: not done"))
    induction_text = says(rng, inducted, (f"Induction completed with {staff}.", "Induction: done",
                                          "The climber has had the wall induction."),
                          ("Induction: not yet completed - book one before climbing", "No induction given yet.",
                           "Induction still to be booked."))
    evidence = {("experience",): experience_text, ("belay_competent",): belay_text,
                ("induction_completed",): induction_text}
    valid_text = None if expires else rng.choice(["This registration does not expire; tell us if your health "
                                                  "changes.", "Valid until: no expiry"])
    fee_rows: list[tuple[str, L.Cell]] = []
    if paid is not None:
        fee_rows = [(rng.choice(["Day pass", "Entry", "Session"]), kit.money_cell(None, entry_fee))]
        fee_rows += [(item, kit.money_cell(None, x)) for item, x in hires]
        fee_rows.append((rng.choice(["Total paid", "Paid", "Amount paid"]), kit.money_cell(("amount_paid",), paid)))
    no_fee = rng.choice(["Paid: member - no charge", "No payment taken (prepaid session)."])

    def expiry_line(prefix: str = "Valid until: ") -> None:
        if expires:
            kit.date(doc.add(prefix), ("expiry_date",), expires).line()
        else:
            doc.line(valid_text)

    def medical() -> None:
        strings(kit, doc, "medical_conditions", facts["medical_conditions"],
                rng.choice(["Medical conditions", "Health declaration", "Conditions declared"]),
                rng.choice(["Medical conditions: none declared", "No medical conditions declared."]))

    def fees(layout: str | None = None) -> None:
        if paid is not None:
            L.labelled(doc, rng, fee_rows, layout or rng.choice(["colon", "aligned", "dots"]))
        else:
            doc.line(no_fee)

    def declaration_lines() -> None:
        on, off = rng.choice([("[x]", "[ ]"), ("[X]", "[ ]"), ("\u2612", "\u2610")])
        for i, d in enumerate(declarations):    # "[x] Acknowledgement of risk"
            at = ("declarations", i)
            evidence[at + ("agreed",)] = L.fill(doc, (on if d["agreed"] else off) + " {clause}",
                                                clause=(at + ("clause",), d["clause"]))
            doc.line()

    def declaration_table(words: tuple[str, str], layout: str | None = None) -> None:
        texts = [words[0] if d["agreed"] else words[1] for d in declarations]
        L.table(doc, rng, [rng.choice(["Declaration", "Statement"]), rng.choice(["Agreed", "Accepted", "Initialled"])],
                [[L.cell(d["clause"], ("declarations", i, "clause")), L.cell(texts[i])]
                 for i, d in enumerate(declarations)], layout)
        for i, t in enumerate(texts):
            evidence[("declarations", i, "agreed")] = t

    def declaration_sentence() -> None:
        doc.add(rng.choice(["Declarations: ", "You answered the declarations as follows: "]))
        for i, d in enumerate(declarations):    # "acknowledgement of risk (agreed), ... and photo consent (declined)"
            at = ("declarations", i)
            d["clause"] = lower_first(d["clause"])      # the gold is the text as this sentence writes it
            doc.add("" if i == 0 else " and " if i == len(declarations) - 1 else ", ")
            evidence[at + ("agreed",)] = L.fill(doc, "{clause} (" + ("agreed" if d["agreed"] else "declined") + ")",
                                                clause=(at + ("clause",), d["clause"]))
        doc.line(".")

    layout = rng.choice(["form", "email", "export", "record"])
    if layout == "form":        # the paper form at the front desk
        doc.put(("centre",), centre).line().line(rng.choice(WAIVER_TITLES[loc]))
        doc.add("Form no. ").put(("waiver_number",), number).line().line()
        doc.line("Section A - Climber")
        rows = [("Name", L.cell(participant, ("participant",))), ("Date of birth", kit.date_cell(("date_of_birth",),
                                                                                                  born)),
                ("Address", L.cell(f"{fake.street_address()}, {fake.city()}".replace("\n", ", "))),
                ("Phone", L.cell(own_phone))]
        if facts["email"] and not minor:
            rows.append(("E-mail", L.cell(email, ("email",))))
        rows.append(("Member no.", L.cell(member_no)))
        L.labelled(doc, rng, rows)
        doc.line().line("Section B - Parent or guardian (climbers under 18)")
        if minor:
            rows = [("Name", L.cell(guardian, ("guardian",))), ("Relationship", L.cell("parent"))]
            if facts["email"]:
                rows.append(("E-mail", L.cell(email, ("email",))))
            L.labelled(doc, rng, rows)
        else:
            doc.line(rng.choice(["Not applicable - the climber is 18 or over.", "n/a (adult climber)"]))
        doc.line().line("Section C - Emergency contact")
        L.labelled(doc, rng, [("Name", L.cell(contact, ("emergency_contact",))),
                              ("Phone", L.cell(phone, ("emergency_phone",))), ("Relationship", L.cell(relation))])
        doc.line().line("Section D - Health")
        medical()
        kit.pad(doc.line())
        doc.line("Section E - Experience").line(experience_text).line(belay_text)
        doc.line().line("Section F - Declarations (tick each box)")
        declaration_lines()
        doc.line()
        doc.add("Signed: ").add(signer).add("   Date: ")
        kit.date(doc, ("signed_date",), signed).line()
        expiry_line()
        doc.line().line(f"Office use - checked by {staff}")
        doc.line(induction_text)
        fees()
    elif layout == "email":     # the confirmation of an online registration
        host = f"{slug(centre, 'club', 30, '-', sharp_s=True)}.{TLD[loc]}"
        doc.line(f"From: {centre} <hello@{host}>")
        doc.add("To: ").put(("email",), email).line() if facts["email"] else doc.line(f"To: {signer}")
        doc.add("Subject: Your registration at ").put(("centre",), centre).line().line()
        doc.line(f"Hi {signer.split()[0]},").line()
        if minor:
            doc.add("thank you for registering ").put(("participant",), participant)
            kit.date(doc.add(" (born "), ("date_of_birth",), born).add(") as parent or guardian, ")
            doc.put(("guardian",), guardian).add(", on ")
        else:
            doc.add("thank you for registering, ").put(("participant",), participant)
            kit.date(doc.add(" (born "), ("date_of_birth",), born).add("), on ")
        kit.date(doc, ("signed_date",), signed).line(".")
        doc.add("Your registration number is ").put(("waiver_number",), number).line(".")
        expiry_line("It is valid until ")
        doc.line().line("What you told us:")
        L.write(doc.add("- Emergency contact: "), L.template("{c} ({r}), {p}", c=(("emergency_contact",), contact),
                                                             r=relation, p=(("emergency_phone",), phone))).line()
        doc.line(f"- {experience_text}").line(f"- {belay_text}")
        medical()
        doc.line()
        declaration_sentence()
        kit.pad(doc.line())
        doc.line(induction_text)
        fees()
        doc.line(f"Booking {booking} is confirmed. See you on the wall!").line().line(f"{staff}\n{centre}")
    elif layout == "export":    # the sign-in kiosk's export
        doc.line(f"# {slug(centre, 'club', 30, '-', sharp_s=True)} kiosk export").line("field;value")
        pairs = [("registration", L.cell(number, ("waiver_number",))), ("centre", L.cell(centre, ("centre",))),
                 ("climber", L.cell(participant, ("participant",))),
                 ("date_of_birth", kit.date_cell(("date_of_birth",), born)),
                 ("guardian", L.cell(guardian, ("guardian",)) if guardian else L.cell(""))]
        if facts["email"]:
            pairs.append(("email", L.cell(email, ("email",))))
        pairs += [("phone", L.cell(own_phone)), ("emergency_contact", L.cell(contact, ("emergency_contact",))),
                  ("emergency_phone", L.cell(phone, ("emergency_phone",))), ("member_no", L.cell(member_no)),
                  ("signed", kit.date_cell(("signed_date",), signed)),
                  ("expires", kit.date_cell(("expiry_date",), expires) if expires else L.cell("never"))]
        if paid is not None:
            pairs.append(("paid", kit.money_cell(("amount_paid",), paid)))
        for key, c in pairs:
            L.write(doc.add(f"{key};"), c).line()
        doc.line(experience_text).line(belay_text).line(induction_text).line()
        kit.pad(doc)
        doc.line("declarations:")
        declaration_table(rng.choice([("Y", "N"), ("yes", "no"), ("true", "false")]), "semicolon")
        doc.line()
        medical()
        if paid is None:
            doc.line(no_fee)
        if not expires:
            doc.line(valid_text)
    else:                       # the staff system's record
        doc.add("## Climber record: ").put(("participant",), participant).line().line()
        rows = [("Centre", L.cell(centre, ("centre",))), ("Registration", L.cell(number, ("waiver_number",))),
                ("Date of birth", kit.date_cell(("date_of_birth",), born)),
                ("Signed", kit.date_cell(("signed_date",), signed))]
        if expires:
            rows.append(("Expires", kit.date_cell(("expiry_date",), expires)))
        if guardian:
            rows.append(("Guardian", L.cell(guardian, ("guardian",))))
        rows += [("Emergency contact", L.template("{c} ({r})", c=(("emergency_contact",), contact), r=relation)),
                 ("Emergency phone", L.cell(phone, ("emergency_phone",)))]
        if facts["email"]:
            rows.append(("E-mail", L.cell(email, ("email",))))
        rows += [("Member no.", L.cell(member_no)), ("Last visit", kit.date_cell(None, inducted_on))]
        L.kv(doc, rng, rows, rng.choice(["pipe", "grid", "aligned"]))
        if not expires:
            doc.line(valid_text)
        doc.line().line(experience_text).line(belay_text).line(induction_text).line()
        kit.pad(doc)
        doc.line("### Declarations")
        declaration_table(rng.choice([("Agreed", "Declined"), ("\u2713", "\u2717"), ("Initialled", "Not initialled"),
                                      ("Yes", "No")]), rng.choice(["pipe", "grid", "aligned"]))
        doc.line().line("### Health")
        medical()
        doc.line().line("### Payment")
        fees(rng.choice(["colon", "bold"]))
    kit.pad(doc)
    return Draft(("Climbing wall waiver", "Climber registration", "Climbing centre participation agreement"),
                 WAIVER_FIELDS, facts, doc, evidence)


# ---- personal training plan ------------------------------------------------------------------

STUDIOS = {"en_GB": ("{last} Fitness", "{city} Personal Training", "Strong {city} Studio"),
           "en_US": ("{last} Strength & Conditioning", "{city} Fitness Club", "Iron {last} Gym"),
           "de_DE": ("Fitnessstudio {city}", "{last} Personal Training", "Studio {last} Fitness"),
           "fr_FR": ("Salle de sport {city}", "{last} Coaching", "Studio Forme {city}")}
EXERCISES = [   # (exercise, how it is dosed, load range in kg for an average client, goals it serves)
    ("Back squat", "load", (30, 110), "SMF"), ("Deadlift", "load", (40, 140), "SMF"),
    ("Bench press", "load", (25, 90), "SMF"), ("Overhead press", "load", (15, 55), "SMF"),
    ("Barbell row", "load", (25, 80), "SMF"), ("Romanian deadlift", "load", (30, 100), "SMF"),
    ("Leg press", "load", (60, 200), "MF"), ("Lat pulldown", "load", (25, 75), "MFE"),
    ("Seated cable row", "load", (20, 70), "MFE"), ("Goblet squat", "load", (8, 32), "MFEO"),
    ("Dumbbell lunge", "load", (6, 24), "MFE"), ("Hip thrust", "load", (30, 130), "SMF"),
    ("Kettlebell swing", "load", (8, 28), "FE"), ("Dumbbell bench press", "load", (8, 36), "MF"),
    ("Face pull", "load", (10, 30), "MO"), ("Farmer's carry", "carry", (12, 32), "SFE"),
    ("Pull-up", "bodyweight", None, "SM"), ("Push-up", "bodyweight", None, "FEO"),
    ("Glute bridge", "bodyweight", None, "FEO"), ("Dead bug", "bodyweight", None, "EO"),
    ("Walking lunge", "bodyweight", None, "FE"), ("Step-up", "bodyweight", None, "FE"),
    ("Plank", "timed", None, "SFEO"), ("Side plank", "timed", None, "FEO"),
    ("Rowing machine intervals", "timed", None, "FE"), ("Assault bike sprints", "timed", None, "FE"),
    ("Treadmill intervals", "timed", None, "E"), ("Hip flexor stretch", "timed", None, "O"),
    ("Hamstring stretch", "timed", None, "O"), ("Cat-cow", "bodyweight", None, "O"),
    ("World's greatest stretch", "bodyweight", None, "O"), ("Thoracic rotation", "bodyweight", None, "O"),
    ("Band pull-apart", "bodyweight", None, "O"), ("Bird dog", "bodyweight", None, "O")]
GOAL_CODES = {"strength": "S", "muscle_gain": "M", "fat_loss": "F", "endurance": "E", "mobility": "O"}
GOALS = {"fat_loss": ("Primary goal: fat loss", "Goal: lose body fat while keeping strength", "Main aim: weight loss"),
         "muscle_gain": ("Primary goal: build muscle (hypertrophy)", "Goal: muscle gain",
                         "Main aim: put on lean mass"),
         "strength": ("Primary goal: get stronger", "Goal: maximal strength", "Main aim: strength (lifting total)"),
         "endurance": ("Primary goal: endurance", "Goal: half-marathon fitness", "Main aim: cardiovascular endurance"),
         "mobility": ("Primary goal: mobility and posture", "Goal: move without pain",
                      "Main aim: flexibility and mobility")}
REPS = {"strength": (3, 6), "muscle_gain": (8, 12), "fat_loss": (10, 15), "endurance": (12, 20), "mobility": (8, 12)}
FITNESS = {1: "very low", 2: "below average", 3: "average", 4: "good", 5: "excellent"}
INJURIES = ("Lower back pain", "Left knee (ACL repair)", "Right shoulder impingement", "Tight hip flexors",
            "Plantar fasciitis", "Tennis elbow", "Neck stiffness", "Ankle sprain (healing)")
SESSION_PRICE = {"en_GB": (35, 60), "en_US": (60, 110), "de_DE": (45, 80), "fr_FR": (40, 75)}
PT_FIELDS = [
    F.text("client", "Client", ("Person the plan is for (not the trainer or a referring physiotherapist).",
                                "Name of the client."), "client_name", "trainee"),
    F.text("trainer", "Trainer", ("Personal trainer who wrote the plan (not the client).", "Coach."),
           "coach", "personal_trainer", keep=0.8),
    F.text("trainer_email", "Trainer e-mail", "The trainer's e-mail address, if given (not the client's).",
           "coach_email", "contact_email", format="email", optional=True, keep=0.4),
    F.text("studio", "Studio", "Gym or studio where the training takes place.", "gym", "venue", keep=0.4),
    F.date("start_date", "Start date", ("First day of the plan (not the assessment or the review date).",
                                        "Plan start."), "plan_start", "begins_on"),
    F.date("review_date", "Review date", "Date of the planned reassessment, if set.", "reassessment_date",
           "next_review", optional=True, keep=0.6),
    F.integer("weeks", "Length (weeks)", "How many weeks the plan runs (not sessions per week).", "duration_weeks",
              "plan_length_weeks", keep=0.7),
    F.integer("sessions_per_week", "Sessions per week", "Training sessions a week (not the weeks of the plan or "
              "the minutes per session).", "weekly_sessions", "frequency", keep=0.7),
    F.choice("goal", "Goal", "The client's primary goal.", list(GOALS), "primary_goal", "objective", keep=0.8),
    F.score("fitness_level", "Fitness level", "Trainer's rating of the client's fitness at the assessment.",
            FITNESS, "baseline_fitness", "fitness_rating", keep=0.5),
    F.number("body_weight", "Body weight", ("Body weight at the assessment as written, in kg or lb (not the "
                                            "target weight).", "Starting weight."), "weight", "starting_weight",
             keep=0.7),
    F.number("target_weight", "Target weight", "Target body weight as written, if set.", "goal_weight",
             "weight_goal", optional=True, keep=0.5),
    F.flag("parq_cleared", "Cleared to train", "Whether the health screening (PAR-Q) cleared the client to "
           "train without a doctor's approval.", "medically_cleared", "health_screening_passed", keep=0.6),
    F.items("exercises", "Exercises", ("Each exercise of the plan, in order.", "The exercises prescribed."), [
        F.text("exercise", "Exercise", "Name of the exercise as written.", "name", "movement"),
        F.integer("sets", "Sets", "Number of sets (not the reps).", "set_count", keep=0.8),
        F.integer("reps", "Reps", "Repetitions per set; null for a timed exercise.", "repetitions", optional=True,
                  keep=0.8),
        F.number("load", "Load", "Weight to lift as written (kg or lb); null for a body-weight or timed exercise.",
                 "weight_kg", "load_value", optional=True, keep=0.6),
    ], "workout", "programme"),
    F.strings("injuries", "Injuries and limitations", "Injuries or limitations the plan works around; empty when "
              "none.", "limitations", "health_notes", keep=0.6),
    F.number("package_price", "Package price", "Price of the training package, if stated (not the price per "
             "session or a membership fee).", "price", "package_cost", optional=True, keep=0.4),
]


def personal_training_plan(kit: Kit) -> Draft:
    fake, rng, doc, loc = kit.fake, kit.rng, Doc(), kit.locale
    home_currency(kit)
    us = loc == "en_US"
    unit = "lb" if us else "kg"
    goal = rng.choice(list(GOALS))
    client, trainer, physio = plain_names(kit, 3)
    studio = firm_name(kit, STUDIOS)
    assessed = kit.day()
    start = assessed + dt.timedelta(days=rng.randint(1, 14))
    weeks = rng.choice([4, 6, 8, 8, 10, 12, 12, 16])
    review = start + dt.timedelta(days=7 * rng.choice([w for w in (4, 6, 8) if w <= weeks] or [weeks]))
    per_week = rng.choice([2, 2, 3, 3, 3, 4])
    strength = rng.uniform(0.6, 1.2)
    weight_kg = rng.uniform(52, 112)
    weight = round(weight_kg * (2.2046 if us else 1), 1)
    target = {"fat_loss": weight - rng.uniform(3, 12) * (2.2 if us else 1),
              "muscle_gain": weight + rng.uniform(2, 6) * (2.2 if us else 1)}.get(goal)
    target = round(target * 2) / 2 if target and kit.chance(0.8) else None
    lo, hi = REPS[goal]
    fitting = [e for e in EXERCISES if GOAL_CODES[goal] in e[3]]
    n_days = min(rng.choice([1, 2, 2, 3]) if per_week > 1 else 1, len(fitting) // 3)
    sizes = [rng.randint(3, 5) for _ in range(n_days)]
    while sum(sizes) > len(fitting):
        sizes[sizes.index(max(sizes))] -= 1
    pool = rng.sample(fitting, sum(sizes))
    days, exercises, extra = [], [], []      # extra: (rest in seconds, seconds of a timed set)
    for d in range(n_days):
        picked, pool = pool[:sizes[d]], pool[sizes[d]:]
        days.append((f"Day {'ABC'[d]}", len(exercises), len(exercises) + len(picked)))
        for name, dose, loads, _ in picked:
            sets = rng.randint(4, 5) if goal == "strength" and dose == "load" else rng.randint(2, 4)
            reps = rng.randint(lo, hi) if dose in ("load", "bodyweight") else None
            if name == "Pull-up":
                reps = rng.randint(3, 8)
            load = None
            if loads:
                kg = rng.uniform(*loads) * strength * (1.1 if goal == "strength" else 0.85)
                load = float(round(kg * 2.2046 / 5) * 5) if us else round(kg / 2.5) * 2.5
                load = max(load, 5.0 if us else 2.5)
            exercises.append({"exercise": name, "sets": sets, "reps": reps, "load": load})
            extra.append((rng.choice([45, 60, 60, 90, 120, 180] if goal == "strength" else [30, 45, 60, 60, 90]),
                          rng.choice([20, 30, 40, 45, 60]) if dose in ("timed", "carry") else 0))
    fitness = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 5])
    cleared = kit.chance(0.55)
    count = rng.choice([5, 10, 10, 20])
    per_session = float(rng.randint(*SESSION_PRICE[loc]))
    package = round(per_session * count * (1 - {5: 0.0, 10: 0.05, 20: 0.1}[count]), 2)
    domain = f"{slug(studio, 'club', 30, '-', sharp_s=True)}.{TLD[loc]}"
    trainer_email = mail(trainer, domain, "club", 30, "-", sharp_s=True)
    facts = {"client": client, "trainer": trainer, "trainer_email": kit.maybe(trainer_email, 0.6), "studio": studio,
             "start_date": start.isoformat(), "review_date": kit.maybe(review.isoformat(), 0.7), "weeks": weeks,
             "sessions_per_week": per_week, "goal": goal, "fitness_level": fitness, "body_weight": weight,
             "target_weight": target, "parq_cleared": cleared, "exercises": exercises,
             "injuries": rng.sample(INJURIES, rng.choice([0, 0, 1, 1, 2])), "package_price": kit.maybe(package, 0.7)}
    goal_text = rng.choice(GOALS[goal])
    _, stars = rating(rng, fitness, 5, rng.choice(["slash", "out_of", "of", "words", "decimal"]))
    fitness_text = rng.choice(["Baseline fitness: ", "Fitness level at assessment: "]) + stars + \
        (f" ({FITNESS[fitness]})" if kit.chance(0.6) else "")
    question = rng.randint(1, 7)
    parq_text = says(rng, cleared, ("PAR-Q: all answers 'no' - cleared to train", "Health screening (PAR-Q): "
                                    "cleared", "No medical clearance needed: PAR-Q completed with no concerns."),
                     (f"PAR-Q: 'yes' to question {question} - GP clearance needed before training starts",
                      "Health screening (PAR-Q): not cleared yet, awaiting the doctor's letter",
                      "Not yet cleared to train: the PAR-Q raised a concern."))
    evidence = {("goal",): goal_text, ("fitness_level",): fitness_text, ("parq_cleared",): parq_text}
    height = rng.randint(155, 195)
    height_text = f"{height // 30.48:.0f} ft {round(height / 2.54 % 12)} in" if us else f"{height} cm"
    fat, rhr, minutes = kit.style.decimal(rng.uniform(12, 35), 1), rng.randint(52, 84), rng.choice([45, 60, 60])
    layout_units = f"Load ({unit})"
    bw_word = rng.choice(["BW", "-", "body weight"])

    def load_cell(i: int, with_unit: bool = True) -> L.Cell:
        e = exercises[i]
        if e["load"] is None:
            return L.cell(bw_word)
        places = 0 if e["load"] == int(e["load"]) else 1
        return L.join(kit.num_cell(("exercises", i, "load"), e["load"], places),
                      L.cell(f" {unit}" if with_unit else ""))

    def reps_cell(i: int) -> L.Cell:
        e = exercises[i]
        return kit.count_cell(("exercises", i, "reps"), e["reps"]) if e["reps"] is not None else \
            L.cell(f"{extra[i][1]} s")

    def head_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Client", L.cell(client, ("client",))), ("Trainer", L.cell(trainer, ("trainer",))),
                ("Assessment date", kit.date_cell(None, assessed)),
                ("Plan start", kit.date_cell(("start_date",), start))]
        if facts["review_date"]:
            rows.append(("Review", kit.date_cell(("review_date",), review)))
        rows += [("Length", L.join(kit.count_cell(("weeks",), weeks), L.cell(" weeks"))),
                 ("Sessions per week", kit.count_cell(("sessions_per_week",), per_week)),
                 ("Session length", L.cell(f"{minutes} min"))]
        return rows

    def body_rows() -> list[tuple[str, L.Cell]]:
        rows = [("Body weight", L.join(kit.num_cell(("body_weight",), weight, 1), L.cell(f" {unit}")))]
        if target is not None:
            rows.append(("Target weight", L.join(kit.num_cell(("target_weight",), target, 1), L.cell(f" {unit}"))))
        rows += [("Height", L.cell(height_text)), ("Body fat", L.cell(f"{fat} %")),
                 ("Resting heart rate", L.cell(f"{rhr} bpm"))]
        return rows

    def exercise_table(lo_i: int, hi_i: int, layout: str | None) -> None:
        L.table(doc, rng, ["Exercise", "Sets", "Reps", layout_units, "Rest"], [
            [L.cell(exercises[i]["exercise"], ("exercises", i, "exercise")),
             kit.count_cell(("exercises", i, "sets"), exercises[i]["sets"]), reps_cell(i), load_cell(i, False),
             L.cell(f"{extra[i][0]} s")] for i in range(lo_i, hi_i)], layout)

    def exercise_lines(lo_i: int, hi_i: int, numbered: bool) -> None:
        for j, i in enumerate(range(lo_i, hi_i)):   # "1. Back squat - 4 × 8 @ 60 kg, rest 90 s"
            e, at = exercises[i], ("exercises", i)
            doc.add(f"{j + 1}. " if numbered else "- ").put(at + ("exercise",), e["exercise"]).add(" - ")
            kit.count(doc, at + ("sets",), e["sets"]).add(" × ")
            L.write(doc, reps_cell(i))
            if e["load"] is not None:
                L.write(doc.add(" @ "), load_cell(i))
            doc.line(f", rest {extra[i][0]} s")

    def exercise_sentence(label: str, lo_i: int, hi_i: int) -> None:
        doc.add(f"{label}: ")
        for j, i in enumerate(range(lo_i, hi_i)):   # "back squat (4 sets of 8 at 60 kg)"
            e, at = exercises[i], ("exercises", i)
            e["exercise"] = lower_first(e["exercise"])     # the gold is the text as this sentence writes it
            doc.add("" if j == 0 else " and " if i == hi_i - 1 else ", ").put(at + ("exercise",), e["exercise"])
            kit.count(doc.add(" ("), at + ("sets",), e["sets"]).add(" sets of ")
            L.write(doc, reps_cell(i))
            if e["load"] is not None:
                L.write(doc.add(" at "), load_cell(i))
            elif e["reps"] is not None:
                doc.add(", body weight")
            doc.add(")")
        doc.line(".")

    def injuries() -> None:
        strings(kit, doc, "injuries", facts["injuries"], rng.choice(["Injuries and limitations", "Limitations",
                                                                     "Injury history"]),
                rng.choice(["Injuries: none reported", "No injuries or limitations reported."]))

    def price_lines() -> None:
        if facts["package_price"] is not None:
            kit.money(doc.add(f"Package: {count} sessions for "), ("package_price",), package)
            kit.money(doc.add(" ("), None, round(package / count, 2)).line(" per session)")
        else:
            kit.money(doc.add("Pay as you go: "), None, per_session).line(" per session")
        if kit.chance(0.4):
            kit.money(doc.add("Gym membership (not included): "), None, float(rng.randint(25, 70))).line(" a month")

    layout = rng.choice(["sheet", "app", "email", "export"])
    if layout == "sheet":       # the trainer's printed plan
        doc.put(("studio",), studio).line().line(rng.choice(["PERSONAL TRAINING PLAN", "Training programme",
                                                             "Client programme card"])).line()
        L.labelled(doc, rng, head_rows())
        doc.line().line(goal_text).line(fitness_text).line(parq_text).line()
        doc.line(rng.choice(["Assessment", "Starting measurements"]))
        L.labelled(doc, rng, body_rows(), rng.choice(["colon", "aligned", "dots", "stacked"]))
        injuries()
        doc.line()
        kit.pad(doc)
        table_layout = rng.choice(L.TABLE_LAYOUTS)
        for label, lo_i, hi_i in days:
            doc.line(label)
            exercise_table(lo_i, hi_i, table_layout)
            doc.line()
        price_lines()
        if facts["trainer_email"]:
            doc.add("Questions: ").put(("trainer_email",), trainer_email).line()
    elif layout == "app":       # a coaching app's plan in markdown
        doc.add("# ")
        kit.count(doc, ("weeks",), weeks).add("-week plan for ").put(("client",), client).line().line()
        doc.add("**Coach:** ").put(("trainer",), trainer).add(" at ").put(("studio",), studio).line("  ")
        if facts["trainer_email"]:
            doc.add("**Contact:** ").put(("trainer_email",), trainer_email).line("  ")
        kit.date(doc.add("**Starts:** "), ("start_date",), start).line("  ")
        if facts["review_date"]:
            kit.date(doc.add("**Check-in:** "), ("review_date",), review).line("  ")
        kit.count(doc.add("**Frequency:** "), ("sessions_per_week",), per_week).line(f" sessions a week, {minutes} min")
        doc.line().line(goal_text).line(fitness_text).line(parq_text).line()
        for label, c in body_rows():
            L.write(doc.add(f"- {label}: "), c).line()
        injuries()
        doc.line()
        kit.pad(doc)
        numbered = kit.chance(0.5)
        for label, lo_i, hi_i in days:
            doc.line(f"### {label}").line()
            exercise_lines(lo_i, hi_i, numbered)
            doc.line()
        price_lines()
        kit.date(doc.add("Assessment on "), None, assessed).line(f" by {trainer}.")
    elif layout == "email":     # the trainer's e-mail after the assessment
        client_mail = mail(client, fake.free_email_domain(), "club", 30, "-", sharp_s=True)
        doc.add("From: ").put(("trainer",), trainer)
        if facts["trainer_email"]:
            doc.add(" <").put(("trainer_email",), trainer_email).add(">")
        doc.line().line(f"To: {client_mail}").line("Subject: Your training plan").line()
        doc.add("Hi ").put(("client",), client).line(",").line()
        kit.date(doc.add("thanks for coming in for your assessment on "), None, assessed).add(" at ")
        doc.put(("studio",), studio).line(". Here is your plan.").line()
        doc.line(goal_text).line(fitness_text).line(parq_text)
        kit.num(doc.add("You weighed in at "), ("body_weight",), weight, 1).add(f" {unit}")
        if target is not None:
            kit.num(doc.add(" and we are aiming for "), ("target_weight",), target, 1).add(f" {unit}")
        doc.line(f"; body fat {fat} %, resting heart rate {rhr} bpm.")
        kit.date(doc.add("We start on "), ("start_date",), start).add(" and train ")
        kit.count(doc, ("sessions_per_week",), per_week).add(" times a week for ")
        kit.count(doc, ("weeks",), weeks).add(" weeks")
        if facts["review_date"]:
            kit.date(doc.add("; I have booked your review for "), ("review_date",), review)
        doc.line(".").line()
        kit.pad(doc)
        for label, lo_i, hi_i in days:
            exercise_sentence(label, lo_i, hi_i)
        doc.line()
        injuries()
        if facts["injuries"] and kit.chance(0.5):
            doc.line(f"I have copied {physio} (physiotherapist) in on the limitations above.")
        price_lines()
        doc.line().line(f"See you soon,\n{trainer}")
    else:                       # a spreadsheet export of the plan
        doc.line(f"# plan export - {slug(studio, 'club', 30, '-', sharp_s=True)}").line("field;value")
        pairs = head_rows() + body_rows() + [("Studio", L.cell(studio, ("studio",)))]
        if facts["trainer_email"]:
            pairs.append(("Trainer e-mail", L.cell(trainer_email, ("trainer_email",))))
        if facts["package_price"] is not None:
            pairs.append(("Package price", kit.money_cell(("package_price",), package)))
        for label, c in pairs:
            L.write(doc.add(re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") + ";"), c).line()
        doc.line(goal_text).line(fitness_text).line(parq_text).line()
        kit.pad(doc)
        L.table(doc, rng, ["day", "exercise", "sets", "reps", f"load_{unit}", "rest_s"], [
            [L.cell(label[-1]), L.cell(exercises[i]["exercise"], ("exercises", i, "exercise")),
             kit.count_cell(("exercises", i, "sets"), exercises[i]["sets"]), reps_cell(i), load_cell(i, False),
             L.cell(str(extra[i][0]))] for label, lo_i, hi_i in days for i in range(lo_i, hi_i)], "semicolon")
        doc.line()
        injuries()
    kit.pad(doc)
    return Draft(("Personal training plan", "Training programme", "PT plan"), PT_FIELDS, facts, doc, evidence)
