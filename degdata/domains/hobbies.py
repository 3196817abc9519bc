"""Papers of pastimes: club chess tournament results, birdwatchers' sighting reports,
allotment and garden planting plans, and angling permits.

Each carries values of the same kind beside the ones asked for: the rounds played so far and
the number of players beside a tournament's rounds, each player's tie-break score and rating
beside the points, the organiser beside the arbiter, the leader after an unfinished round
beside the winner, the prize split beside the prize fund and the date the report went out
beside the event dates; the end time beside the start of a birding visit, the miles beside
the kilometres walked, the searched area beside the distance, the individuals beside the
number of species, the other observers and the county recorder beside the observer and the
submission date beside the day of the visit; the co-worker beside the plot holder, the bed
names beside the plot number, the rows beside the plants, the harvest dates beside the
sowing dates, the rods or square feet beside the square metres, the water charge and the
key deposit beside the rent, and the next inspection beside the last; the issue or order
date and the date of birth beside a permit's validity, the customer or order number or the
state fishing licence number beside the permit number, the postage, booking fee or club
membership and the total beside the fee, and the bag limit beside the rods. Lists come as tables (markdown, ASCII, space-aligned or an
export), numbered or bulleted lists, items of several fields each ("- Bed A: Carrots
'Autumn King', sow 12 Apr 2025, 40 plants"), count-first checklist lines ("12 Curlew --
flyover"), board-by-board result lines ("Bd 2  Ann Weber 0-1 Tom Hale") or one line of
names ("Highlights: Osprey, Waxwing and Hoopoe"); the lists of strings (withdrawals,
highlights, permanent plantings, waters covered) may be empty. Ratings are written in every
form ("4/5", "four stars", "★★★★☆"), and booleans are as often negated as stated ("not
submitted for rating", "not a complete list", "rent still outstanding", "no night fishing").
"""
from __future__ import annotations

import datetime as dt

from .. import fields as F
from .. import layout as L
from ..assemble import Draft
from ..doc import Doc, Path
from ..fmt import clock
from ..kit import Kit
from ..surface import rating, says


def _series(doc: Doc, path: Path, values: list[str], last: str = " and ", sep: str = ", ") -> Doc:
    return L.series(doc, path, values, last, sep)


def _strings(kit: Kit, doc: Doc, key: str, values: list[str], label: str, none: str) -> None:
    L.string_list(doc, kit.rng, key, values, label, none, ["- ", "* ", "\u2022 "])


def _quantity(kit: Kit, path: Path | None, x: float) -> L.Cell:
    """A measure with one decimal when it has one ("126.5"), else as a whole number."""
    if x == int(x):
        return kit.count_cell(path, int(x))
    return kit.num_cell(path, x, 1)


# ---- chess tournament results --------------------------------------------------------------

CHESS_EVENTS = {   # speed: (event names, time controls as they are written)
    "classical": (["Summer Open", "Autumn Congress", "Club Championship", "Easter Congress",
                   "Major Open", "Spring Congress"],
                  ["90+30", "90 min + 30 s/move", "40/100, 30 min + 30 s", "G/90;+30",
                   "75 min + 15 s", "2 hours per player"]),
    "rapid": (["Rapidplay", "Rapid Open", "Allegro", "Quickplay"],
              ["25+10", "15 min + 10 s", "G/30;d5", "20 min per player", "25 min + 5 s"]),
    "blitz": (["Blitz", "Lightning Tournament", "Blitz Night"],
              ["5+3", "3 min + 2 s", "G/5;d2", "5 min per player"]),
}
CHESS_CLUBS = {"en_GB": ("{city} Chess Club", "{city} & District Chess Club"),
               "en_US": ("{city} Chess Club", "{city} Chess Center"),
               "de_DE": ("Schachklub {city}", "SV {city} 1920"),
               "fr_FR": ("Échiquier de {city}", "Cercle d'échecs de {city}")}
RATING_BODIES = {"en_GB": ("ECF", 1100, 2250), "en_US": ("USCF", 800, 2350),
                 "de_DE": ("DWZ", 900, 2250), "fr_FR": ("Elo", 1100, 2250)}
PAIRINGS = {   # pairing system: how a bulletin names it, with the number of rounds
    "swiss": ("{rounds}-round Swiss", "Swiss system, {rounds} rounds", "{rounds} rounds, Swiss pairings"),
    "round_robin": ("all-play-all, {rounds} rounds", "round robin ({rounds} rounds)",
                    "{rounds}-round all-play-all"),
    "double_round_robin": ("double round robin, {rounds} rounds",
                           "double all-play-all ({rounds} rounds, each pairing with both colours)")}
DRAWS = ["½-½", "1/2-1/2", "0.5-0.5", "draw"]
# a board's line in each list form, and the sentence of each outcome (White's score) in prose
BOARD_LINES = {"bd": "Bd {board}  {white} {res} {black}",
               "board": "Board {board}: {white} - {black}  {res}",
               "dot": "{board}. {white} {res} {black}"}
BOARD_PROSE = {1.0: "On board {board}, {white} beat {black} with the white pieces.",
               0.0: "On board {board}, {black} won with Black against {white}.",
               0.5: "On board {board}, {white} (White) drew with {black}."}
RESULTS = {1.0: "white_win", 0.0: "black_win", 0.5: "draw"}
CHESS_FIELDS = [
    F.text("tournament", "Tournament", ("Name of the tournament (not the organising club).",
                                        "Event name."), "event", "tournament_name"),
    F.text("venue", "Venue", "Where the tournament was played, if given.", "location", "playing_hall",
           optional=True, keep=0.6),
    F.text("arbiter", "Chief arbiter", ("Chief arbiter or tournament director (not the organiser).",
                                        "Who ran the tournament as arbiter."), "chief_arbiter",
           "tournament_director", keep=0.7),
    F.date("start_date", "Start date", "First day of the tournament (not the date of the report).",
           "date", "first_day"),
    F.date("end_date", "End date", "Last day of play; null for a one-day event.", "last_day",
           "finish_date", optional=True, keep=0.7),
    F.text("time_control", "Time control", "Time control as written.", "tempo", "time_limit",
           keep=0.7),
    F.choice("pairing_system", "Pairing system", "How the players were paired.", list(PAIRINGS),
             "format", "system", keep=0.7),
    F.integer("rounds", "Rounds", "Number of rounds scheduled (not the rounds played so far).",
              "number_of_rounds", "total_rounds"),
    F.items("standings", "Standings", ("Each player's row in the standings, in order.",
                                       "The standings as listed."), [
        F.text("player", "Player", "Player name.", "name", "player_name"),
        F.integer("rating", "Rating", "The player's rating; null if unrated or not shown.", "grade",
                  "elo", optional=True, keep=0.6),
        F.text("club", "Club", "The player's club, if shown.", "team", optional=True, keep=0.5),
        F.number("points", "Points", "Points scored (not the tie-break score).", "score", "pts"),
    ], "final_standings", "table"),
    F.items("round_results", "Latest round results",
            "Each board of the latest round reported, in board order.", [
        F.integer("board", "Board", "Board number.", "board_number", "bd", keep=0.6),
        F.text("white", "White", "Player with the white pieces.", "white_player"),
        F.text("black", "Black", "Player with the black pieces.", "black_player"),
        F.choice("result", "Result", "Outcome of the game.", list(RESULTS.values()), "outcome"),
    ], "pairings", "last_round"),
    F.text("winner", "Winner", "Player placed first; null while the tournament is unfinished.",
           "champion", "first_place", optional=True),
    F.flag("rated", "Rated", "Whether the games are submitted for rating.", "is_rated",
           "rating_submitted", keep=0.7),
    F.number("prize_fund", "Prize fund", "Total prize fund, if stated (not a single prize).",
             "prizes_total", "total_prize_fund", optional=True, keep=0.5),
    F.strings("withdrawn", "Withdrawals", "Players who withdrew during the event.", "withdrawals",
              "withdrawn_players", keep=0.6),
]


def _expect(a: int, b: int) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def _game(kit: Kit, white: int, black: int) -> float:
    """White's score from a game between players of these strengths."""
    if kit.chance(0.22):
        return 0.5
    return 1.0 if kit.chance(_expect(white + 30, black)) else 0.0


def _all_play_all(n: int, double: bool) -> list[list[tuple[int, int]]]:
    """Rounds of (white, black) pairs by the circle method."""
    ids: list[int | None] = list(range(n)) + ([None] if n % 2 else [])
    m, rounds = len(ids), []
    for r in range(m - 1):
        pairs = []
        for k in range(m // 2):
            a, b = ids[k], ids[m - 1 - k]
            if a is not None and b is not None:
                pairs.append((a, b) if (r + k) % 2 == 0 else (b, a))
        rounds.append(pairs)
        ids = [ids[0], ids[-1]] + ids[1:-1]
    return rounds + [[(b, a) for a, b in pairs] for pairs in rounds] if double else rounds


def _swiss(kit: Kit, active: list[int], score: list[float], strength: list[int],
           met: list[set[int]]) -> tuple[list[tuple[int, int]], int | None]:
    """One Swiss round: neighbours in score order who have not met yet; the lowest gets a bye."""
    order = sorted(active, key=lambda p: (-score[p], -strength[p]))
    bye = order.pop() if len(order) % 2 else None
    pairs = []
    while order:
        a = order.pop(0)
        b = order.pop(next((j for j, q in enumerate(order) if q not in met[a]), 0))
        pairs.append((a, b) if kit.chance(0.5) else (b, a))
    return pairs, bye


def _points(kit: Kit, path: Path | None, x: float, decimals: bool) -> L.Cell:
    return kit.num_cell(path, x, 1) if decimals or x != int(x) else kit.count_cell(path, int(x))


def chess_tournament_results(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    speed = rng.choice(list(CHESS_EVENTS))
    events, controls = CHESS_EVENTS[speed]
    system = rng.choice(["swiss", "swiss", "round_robin", "double_round_robin"])
    n = {"swiss": rng.randint(7, 16), "round_robin": rng.randint(4, 8),
         "double_round_robin": rng.randint(4, 6)}[system]
    schedule = None if system == "swiss" else _all_play_all(n, system == "double_round_robin")
    rounds = rng.randint(4, min(7, n - 2)) if schedule is None else len(schedule)
    finished = kit.chance(0.7)
    played = rounds if finished else rng.randint(max(1, rounds - 3), rounds - 1)
    body, lo, hi = RATING_BODIES[kit.locale]
    names = list(dict.fromkeys(f"{fake.first_name()} {fake.last_name()}" for _ in range(n + 8)))
    strength = [rng.randint(lo, hi) for _ in range(n)]
    gone = ({p: rng.randint(1, played - 1) for p in rng.sample(range(n), rng.choice([1, 1, 2]))}
            if schedule is None and played >= 2 and kit.chance(0.35) else {})
    score, games = [0.0] * n, [[] for _ in range(n)]
    met: list[set[int]] = [set() for _ in range(n)]
    last: list[tuple[int, int, float]] = []
    bye = None
    for r in range(1, played + 1):
        if schedule is None:
            pairs, bye = _swiss(kit, [p for p in range(n) if gone.get(p, rounds) >= r], score,
                                strength, met)
            if bye is not None:
                score[bye] += 1
        else:
            pairs = schedule[r - 1]
        last = []
        for w, b in pairs:
            s = _game(kit, strength[w], strength[b])
            score[w] += s
            score[b] += 1 - s
            games[w].append((b, s))
            games[b].append((w, 1 - s))
            met[w].add(b)
            met[b].add(w)
            last.append((w, b, s))
    # tie-break: Buchholz (opponents' scores) for a Swiss, Sonneborn-Berger for all-play-all
    tb = [sum(score[o] * (1 if schedule is None else s) for o, s in games[p]) for p in range(n)]
    order = sorted(range(n), key=lambda p: (-score[p], -tb[p], -strength[p]))
    shown = order[:rng.randint(8, 10)] if n > 12 and kit.chance(0.3) else order
    show_rating, show_club = kit.chance(0.75), kit.chance(0.45)
    clubs = list(dict.fromkeys(fake.city() for _ in range(4)))
    standings = [{"player": names[p],
                  "rating": strength[p] if show_rating and not kit.chance(0.12) else None,
                  "club": rng.choice(clubs) if show_club and not kit.chance(0.15) else None,
                  "points": score[p]} for p in shown]
    results = [{"board": k + 1, "white": names[w], "black": names[b], "result": RESULTS[s]}
               for k, (w, b, s) in enumerate(last)]
    city, event = fake.city(), rng.choice(events)
    start = kit.day()
    days = (0 if speed != "classical" else rng.choice([1, 2, 7 * (rounds - 1)]))
    fund = kit.maybe(float(rng.choice([100, 150, 200, 250, 300, 400, 500, 600, 800, 1000])), 0.55)
    facts = {"tournament": rng.choice([f"{city} {event}", f"{event} {start.year}",
                                       f"{city} {event} {start.year}"]),
             "venue": kit.maybe(rng.choice([f"{fake.city()} Community Centre",
                                            f"St {fake.first_name()}'s Church Hall",
                                            f"{fake.last_name()} Library, upstairs room",
                                            f"{fake.last_name()} Hotel, {fake.city()}"]), 0.7),
             "arbiter": fake.name(), "start_date": start.isoformat(),
             "end_date": (start + dt.timedelta(days=days)).isoformat() if days else None,
             "time_control": rng.choice(controls), "pairing_system": system, "rounds": rounds,
             "standings": standings, "round_results": results,
             "winner": names[order[0]] if finished else None, "rated": kit.chance(0.6),
             "prize_fund": fund,
             "withdrawn": [names[p] for p in sorted(gone, key=gone.get)]}
    club = rng.choice(CHESS_CLUBS[kit.locale]).format(city=city)
    organiser = fake.name()
    rounds_text = kit.style.integer(rounds)
    system_cell = L.template(rng.choice(PAIRINGS[system]), rounds=(("rounds",), rounds_text))
    rated_text = says(rng, facts["rated"],
                      (f"{body} rated", f"Submitted for {body} rating", f"All games {body} rated"),
                      ("Not rated", f"Not submitted for {body} rating", f"Not {body} rated"))
    bulletin = kit.chance(0.55)
    date_cell = kit.date_cell(("start_date",), start)
    if days:
        date_cell = L.join(date_cell, L.cell(rng.choice([" to ", " - ", " until "]) if bulletin else " to "),
                           kit.date_cell(("end_date",), start + dt.timedelta(days=days)))
        if days > 2:
            date_cell = L.join(date_cell, L.cell(" (Tuesday evenings)"))
    arbiter_label = rng.choice(["Chief arbiter", "Arbiter", "Chief TD", "Tournament director",
                                "Controller"])
    if bulletin:                # a results bulletin
        L.fill(doc, "{club}\n{tournament}\n\n", club=club, tournament=(("tournament",), facts["tournament"]))
        rows = [("Venue", L.cell(facts["venue"], ("venue",)))] if facts["venue"] else []
        rows += [("Dates" if days else "Date", date_cell), ("Organiser", L.cell(organiser)),
                 (arbiter_label, L.cell(facts["arbiter"], ("arbiter",))),
                 ("Time control", L.cell(facts["time_control"], ("time_control",))),
                 ("Format", system_cell), ("Players", kit.count_cell(None, n))]
        in_block = kit.chance(0.5)
        if in_block:
            rows.append(("Rating", L.cell(rated_text)))
        L.kv(doc, rng, rows)
        if not in_block:
            rated_text = rated_text + "."
            doc.line(rated_text)
    else:                       # a club website report
        L.fill(doc, "{tournament}\n\n", tournament=(("tournament",), facts["tournament"]))
        doc.add(f"{kit.style.integer(n)} players took part in the ").put(("tournament",), facts["tournament"])
        if facts["venue"]:
            doc.add(", held at ").put(("venue",), facts["venue"])
        doc.add(", on " if not days else ", from ")
        L.write(doc, date_cell).add(". It was a ")
        L.write(doc, system_cell).add(" at ").put(("time_control",), facts["time_control"])
        doc.add(f", organised by {organiser} for {club}. ")
        doc.add(f"{arbiter_label}: ").put(("arbiter",), facts["arbiter"]).line(".")
        rated_text = rated_text + "."
        doc.line(rated_text)
    system_text = L.text_of(system_cell)
    doc.line()
    kit.pad(doc)
    if finished:
        doc.line(rng.choice(["Final standings", "FINAL STANDINGS", "Final placings"])
                 + (f" (top {len(shown)})" if len(shown) < n else ""))
    else:
        L.fill(doc, "Standings after round {played} of {rounds}\n", played=kit.style.integer(played),
              rounds=(("rounds",), rounds_text))
    decimals = kit.chance(0.5)
    ranks = [f"{order.index(next(q for q in order if score[q] == score[p])) + 1}"
             + ("=" if sum(score[q] == score[p] for q in order) > 1 else "") for p in shown]
    tb_label = rng.choice(["BH", "Buch."] if schedule is None else ["SB", "S-B"])
    tb_places = 1 if schedule is None else 2     # Sonneborn-Berger moves in quarter points
    unrated = rng.choice(["unr", "NR", "-"])
    if kit.chance(0.6):
        head = ([rng.choice(["Pos", "#", "Place"]), rng.choice(["Name", "Player"])]
                + [rng.choice([body, "Rtg", "Rating"])] * show_rating + ["Club"] * show_club
                + [rng.choice(["Pts", "Score", "Points"]), tb_label])
        L.table(doc, rng, head, [
            [L.cell(ranks[i]), L.cell(s["player"], ("standings", i, "player"))]
            + [kit.count_cell(("standings", i, "rating"), s["rating"]) if s["rating"] is not None
               else L.cell(unrated)] * show_rating
            + [L.cell(s["club"], ("standings", i, "club")) if s["club"] else L.cell("-")] * show_club
            + [_points(kit, ("standings", i, "points"), s["points"], decimals),
               kit.num_cell(None, tb[p], tb_places)] for i, (s, p) in enumerate(zip(standings, shown))])
    else:
        pts = rng.choice([" pts", " points", ""])
        for i, (s, p) in enumerate(zip(standings, shown)):
            at = ("standings", i)
            doc.add(f"{ranks[i]}. ").put(at + ("player",), s["player"])
            extra = []
            if show_rating:
                extra.append(kit.count_cell(at + ("rating",), s["rating"]) if s["rating"] is not None
                             else L.cell(unrated))
            if s["club"]:
                extra.append(L.cell(s["club"], at + ("club",)))
            if extra:
                L.write(doc.add(" ("), L.join(*[x for c in extra for x in (c, L.cell(", "))][:-1])).add(")")
            L.write(doc.add("  "), _points(kit, at + ("points",), s["points"], decimals)).add(pts)
            L.write(doc.add(f"  ({tb_label} "), kit.num_cell(None, tb[p], tb_places)).line(")")
    doc.line()
    doc.line(rng.choice([f"Round {played} results", f"Results of round {played}:",
                         "Final round" if finished else f"Round {played}"]))
    draw = rng.choice(DRAWS)
    shape = rng.choice(list(BOARD_LINES) + ["prose"])
    evidence = {}
    for k, g in enumerate(results):
        s = last[k][2]
        res = {1.0: "1-0", 0.0: "0-1", 0.5: draw}[s]
        at = ("round_results", k)
        template = BOARD_PROSE[s] if shape == "prose" else BOARD_LINES[shape]
        evidence[at + ("result",)] = L.fill(
            doc, template, res=res, board=(at + ("board",), kit.style.integer(k + 1)),
            white=(at + ("white",), g["white"]), black=(at + ("black",), g["black"]))
        doc.line()
    if bye is not None:
        doc.line(f"Bye: {names[bye]}")
    doc.line()
    if facts["withdrawn"]:
        _strings(kit, doc, "withdrawn", facts["withdrawn"], rng.choice(["Withdrawn", "Withdrew"]), "")
    elif kit.chance(0.4):
        doc.line("No withdrawals.")
    if facts["winner"]:
        tied = score[order[0]] == score[order[1]]
        L.fill(doc, rng.choice(["Congratulations to {winner}, winner of the {event}!",
                               "Winner: {winner}" + (" (on tie-break)" if tied else "") + ".",
                               "First place: {winner}, " + ("on tie-break." if tied else "clear first.")])
              + " Runner-up: {second}.\n", winner=(("winner",), facts["winner"]), event=event,
              second=names[order[1]])
    else:
        doc.line(f"Leader after round {played}: {names[order[0]]}. Round {played + 1} to follow.")
    if fund is not None:
        split = [round(fund * f) for f in (0.5, 0.3)]
        kit.money(doc.add(rng.choice(["Prize fund: ", "Total prize fund "])), ("prize_fund",), fund)
        kit.money(doc.add(" (1st "), None, float(split[0]))
        kit.money(doc.add(", 2nd "), None, float(split[1]))
        kit.money(doc.add(", 3rd "), None, fund - sum(split)).line(")")
    kit.date(doc.add(rng.choice(["Report posted ", "Published ", "Updated "])), None,
             start + dt.timedelta(days=days + rng.randint(1, 6))).line(f" by {organiser}")
    kit.pad(doc)
    evidence.update({("pairing_system",): system_text, ("rated",): rated_text})
    return Draft(("Chess tournament results", "Tournament standings", "Chess results bulletin"),
                 CHESS_FIELDS, facts, doc, evidence)


# ---- bird sighting report -------------------------------------------------------------------

BIRDS = {   # region: (common species, scarce ones a report singles out)
    "europe": (["Mute Swan", "Greylag Goose", "Mallard", "Teal", "Tufted Duck", "Great Crested Grebe",
                "Little Egret", "Grey Heron", "Cormorant", "Buzzard", "Kestrel", "Moorhen", "Coot",
                "Oystercatcher", "Lapwing", "Curlew", "Redshank", "Black-headed Gull", "Woodpigeon",
                "Great Spotted Woodpecker", "Green Woodpecker", "Skylark", "Swallow", "Wren", "Robin",
                "Blackbird", "Song Thrush", "Blackcap", "Chiffchaff", "Long-tailed Tit", "Blue Tit",
                "Great Tit", "Nuthatch", "Jay", "Jackdaw", "Carrion Crow", "Starling",
                "House Sparrow", "Chaffinch", "Goldfinch", "Linnet", "Reed Bunting", "Cetti's Warbler"],
               ["Osprey", "Hoopoe", "Waxwing", "Spoonbill", "Great White Egret", "Glossy Ibis",
                "Red-backed Shrike", "Bee-eater", "Wryneck", "Yellow-browed Warbler", "Bittern",
                "Hawfinch"]),
    "america": (["Canada Goose", "Mallard", "Wood Duck", "Great Blue Heron", "Great Egret",
                 "Turkey Vulture", "Red-tailed Hawk", "Cooper's Hawk", "Killdeer", "Ring-billed Gull",
                 "Mourning Dove", "Downy Woodpecker", "Red-bellied Woodpecker", "Northern Flicker",
                 "Blue Jay", "American Crow", "Black-capped Chickadee", "Tufted Titmouse",
                 "White-breasted Nuthatch", "Carolina Wren", "American Robin", "Gray Catbird",
                 "Northern Mockingbird", "European Starling", "Cedar Waxwing", "Song Sparrow",
                 "Dark-eyed Junco", "Northern Cardinal", "Red-winged Blackbird", "Common Grackle",
                 "House Finch", "American Goldfinch", "Yellow-rumped Warbler"],
                ["Snowy Owl", "Painted Bunting", "Golden Eagle", "Sandhill Crane", "Bald Eagle",
                 "Prothonotary Warbler", "Scissor-tailed Flycatcher", "Vermilion Flycatcher",
                 "Roseate Spoonbill", "Red-headed Woodpecker"]),
}
BIRD_NOTES = ["heard only", "flyover", "singing", "juv. present", "on the feeder", "feeding",
              "carrying food", "hunting", "roosting", "calling", "photographed", "on the water",
              "displaying", "in flight", "perched", "preening", "in the reeds", "on the mud"]
BIRD_SITES = {"europe": ["{city} Marshes", "{last} Nature Reserve", "{city} Reservoir", "{last} Wood",
                         "{city} Sea Wall", "{city} Gravel Pits", "{last} Common"],
              "america": ["{city} State Park", "{last} Marsh", "{city} Reservoir", "{last} Woods Preserve",
                          "{city} Wetlands", "{last} Point"]}
PROTOCOLS = {   # protocol: (checklist header value, sentences of a report)
    "traveling": ("Traveling", ("Walked the full circuit, counting as I went (traveling count).",
                                "Traveling count along the main path.")),
    "stationary": ("Stationary", ("Stationary count from the hide.",
                                  "Sat at one spot the whole time: a stationary count.")),
    "incidental": ("Incidental", ("Casual sightings only, not a formal count.",
                                  "Incidental observations while out for a walk.")),
    "area": ("Area", ("Area search: covered the whole site, not a fixed route.",
                      "Searched the whole reserve (area count)."))}
VISIBILITY = {1: "very poor", 2: "poor", 3: "moderate", 4: "good", 5: "excellent"}
WEATHER = ["Overcast, light westerly", "Bright and calm", "Drizzle at first, clearing",
           "Sunny spells, fresh breeze", "Mist over the water", "Cold, clear and still",
           "Low cloud, gusty"]
BIRD_FIELDS = [
    F.text("observer", "Observer", ("Who made and submitted the report (not the other observers).",
                                    "Name of the observer."), "submitted_by", "birder"),
    F.text("location", "Location", "Site or hotspot where the birds were seen.", "site",
           "location_name"),
    F.date("observation_date", "Observation date", "Date of the visit (not the submission date).",
           "date", "obs_date"),
    F.text("start_time", "Start time", "Time the visit started, as written (not the end time).",
           "time", "started", optional=True, keep=0.6),
    F.integer("duration_minutes", "Duration (min)", "Length of the visit in minutes.", "duration",
              "effort_minutes", keep=0.7),
    F.number("distance_km", "Distance (km)",
             "Distance walked in kilometres; null when none is given (a stationary, area or "
             "incidental count).", "distance",
             "km_walked", optional=True, keep=0.6),
    F.choice("protocol", "Protocol", "How the birds were counted.", list(PROTOCOLS), "count_type",
             "survey_protocol", keep=0.8),
    F.integer("party_size", "Party size", "Number of people in the party, observer included.",
              "observers", "group_size", keep=0.5),
    F.items("sightings", "Sightings", ("Each species recorded, in the order listed.",
                                       "The species list of the report."), [
        F.text("species", "Species", "Common name of the species.", "name", "bird"),
        F.integer("count", "Count", "How many were seen; null when only marked present (X).",
                  "number", "how_many", optional=True),
        F.text("note", "Note", "Short note on the record, if any.", "comment", "details",
               optional=True, keep=0.5),
    ], "species_list", "birds"),
    F.integer("species_total", "Species total", "Number of species recorded (not individuals).",
              "number_of_species", "total_species", keep=0.6),
    F.score("visibility", "Visibility", "Viewing conditions as rated in the report.", VISIBILITY,
            "viewing_conditions", "visibility_rating", keep=0.8),
    F.flag("complete_checklist", "Complete checklist",
           "Whether every species seen or heard is reported.", "complete", "all_species_reported"),
    F.strings("highlights", "Highlights", "Species the report singles out as its best birds.",
              "notable_species", "best_birds", keep=0.7),
]


def bird_sighting_report(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    region = "america" if kit.locale == "en_US" else "europe"
    common, scarce = BIRDS[region]
    n, rare = rng.randint(5, 16), rng.choice([0, 0, 1, 1, 2])
    picked = rng.sample(scarce, rare) + rng.sample(common, n - rare)
    rng.shuffle(picked)
    shape = rng.choice(["checklist", "post", "form"])
    protocol = rng.choice(list(PROTOCOLS))
    counts = [None if shape == "checklist" and kit.chance(0.08) else rng.randint(1, 3) if s in scarce
              else rng.choice([1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40, 60, 120])
              for s in picked]
    notes = rng.sample(BIRD_NOTES, n) if kit.chance(0.6) else [None] * n
    sightings = [{"species": s, "count": c, "note": note if kit.chance(0.4) else None}
                 for s, c, note in zip(picked, counts, notes)]
    highlights = [s for s in picked if s in scarce]
    if kit.chance(0.25):
        highlights.append(rng.choice([s for s in picked if s not in scarce]))
    twelve = kit.locale == "en_US" and kit.chance(0.6)
    start_min = rng.randint(5 * 60, 16 * 60)
    duration = rng.randint(5, 60) if protocol == "incidental" else rng.randint(30, 300)
    party = rng.choice([1, 1, 2, 2, 3, 4, 6])
    complete = kit.chance(0.3 if protocol == "incidental" else 0.75)
    day = kit.day()
    facts = {"observer": fake.name(),
             "location": rng.choice(BIRD_SITES[region]).format(city=fake.city(), last=fake.last_name()),
             "observation_date": day.isoformat(),
             "start_time": kit.maybe(clock(start_min, twelve), 0.75),
             "duration_minutes": duration,
             "distance_km": round(rng.uniform(0.5, 12), 1) if protocol == "traveling" else None,
             "protocol": protocol, "party_size": party, "sightings": sightings,
             "species_total": n, "visibility": rng.randint(1, 5), "complete_checklist": complete,
             "highlights": highlights}
    others = list(dict.fromkeys(fake.name() for _ in range(party - 1)))
    submitted = kit.date_text(day + dt.timedelta(days=rng.randint(0, 9)))
    gold = {"observer": (("observer",), facts["observer"]), "location": (("location",), facts["location"]),
            "date": (("observation_date",), kit.date_text(day)),
            "duration": (("duration_minutes",), kit.style.integer(duration)),
            "party": (("party_size",), kit.style.integer(party)),
            "total": (("species_total",), kit.style.integer(n))}
    end = clock(start_min + duration, twelve)
    vis = rating(rng, facts["visibility"])[1]
    visibility_text = (f"{rng.choice(['Visibility', 'Viewing conditions', 'Light and visibility'])}: "
                       f"{vis}" + (f" ({VISIBILITY[facts['visibility']]})" if kit.chance(0.4) else ""))
    protocol_text = rng.choice(PROTOCOLS[protocol][1])

    def distance(out: Doc) -> None:
        km = facts["distance_km"]
        if kit.locale == "en_US" and kit.chance(0.6):
            kit.num(out, None, km / 1.609, 1).add(" mi (")
            kit.num(out, ("distance_km",), km, 1).add(" km)")
        else:
            kit.num(out, ("distance_km",), km, 1).add(" km")

    if shape == "checklist":    # a checklist export
        L.fill(doc, "{location}\n{date}", **gold)
        if facts["start_time"]:
            doc.add(" ").put(("start_time",), facts["start_time"])
        protocol_text = f"Protocol: {PROTOCOLS[protocol][0]}"
        doc.line().line(protocol_text)
        L.fill(doc, "Party Size: {party}\nDuration: {duration} min\n", **gold)
        if facts["distance_km"] is not None:
            distance(doc.add("Distance: "))
            doc.line()
        elif protocol == "area":
            doc.line(f"Area: {kit.style.decimal(rng.uniform(2, 40), 1)} ha")
        L.fill(doc, "Submitted by: {observer}\n", **gold)
        if others:
            doc.line(f"Other observers: {', '.join(others)}")
        complete_text = f"Complete checklist: {'Yes' if complete else 'No'}"
        doc.line(complete_text)
        doc.line(f"Comments: {rng.choice(WEATHER)}. {visibility_text}.")
        doc.line()
        kit.pad(doc)
        L.fill(doc, "{total} species total\n\n", **gold)
        for i, s in enumerate(sightings):
            at = ("sightings", i)
            if s["count"] is None:
                doc.add("X ")
            else:
                if s["count"] >= 20 and kit.chance(0.4):
                    doc.add("c. ")
                kit.count(doc, at + ("count",), s["count"]).add(" ")
            doc.put(at + ("species",), s["species"])
            if s["note"]:
                doc.add(" -- ").put(at + ("note",), s["note"])
            doc.line()
        doc.line()
    else:
        if shape == "post":     # a post to the club's sightings page
            L.fill(doc, rng.choice(["Subject: {location}, {date}\n\n", "{location} - {date}\n\n"]), **gold)
            L.fill(doc, rng.choice(["Spent {duration} minutes at {location}",
                                   "Birded {location} for {duration} minutes"]), **gold)
            if facts["start_time"]:
                doc.add(" from ").put(("start_time",), facts["start_time"]).add(f" until {end}")
            if others:
                doc.add(" with ").add(" and ".join(others))
            doc.line(".")
            if facts["distance_km"] is not None:
                distance(doc.add("Covered "))
                doc.line(" in all.")
            doc.line(protocol_text)
            L.fill(doc, "Party of {party}. " + rng.choice(WEATHER) + ". ", **gold)
            doc.line(visibility_text + ".").line()
        else:                   # a club recording form with sections
            doc.line(rng.choice(["BIRD SIGHTINGS RECORD", "Bird record form", "Sightings report"]))
            doc.line().line(rng.choice(["## Visit", "VISIT DETAILS", "1. Visit"]))
            rows = [("Observer", L.cell(facts["observer"], ("observer",))),
                    ("Site", L.cell(facts["location"], ("location",))),
                    ("Date", L.cell(gold["date"][1], gold["date"][0]))]
            if facts["start_time"]:
                rows.append(("Time", L.join(L.cell(facts["start_time"], ("start_time",)),
                                            L.cell(f" - {end}"))))
            rows.append(("Duration (min)", L.cell(gold["duration"][1], gold["duration"][0])))
            if facts["distance_km"] is not None:
                rows.append(("Distance (km)", kit.num_cell(("distance_km",), facts["distance_km"], 1)))
            rows.append(("Party size", L.cell(gold["party"][1], gold["party"][0])))
            if others:
                rows.append(("Other observers", L.cell(", ".join(others))))
            L.kv(doc, rng, rows)
            doc.line().line(protocol_text).line(visibility_text).line()
        kit.pad(doc)
        doc.line(rng.choice(["## Sightings", "SPECIES SEEN", "2. Species", "Birds:"])
                 if shape == "form" else rng.choice(["Birds:", "The list:", "Seen:"]))
        if shape == "form" and kit.chance(0.7):
            with_notes = any(s["note"] for s in sightings)
            L.table(doc, rng, ["Species", "Count"] + ["Notes"] * with_notes, [
                [L.cell(s["species"], ("sightings", i, "species")),
                 kit.count_cell(("sightings", i, "count"), s["count"])]
                + [L.cell(s["note"], ("sightings", i, "note")) if s["note"] else L.cell("-")] * with_notes
                for i, s in enumerate(sightings)])
        else:
            bullet, times = rng.choice(["- ", "* ", "\u2022 "]), rng.choice([" x ", ": ", " - "])
            for i, s in enumerate(sightings):
                at = ("sightings", i)
                doc.add(bullet).put(at + ("species",), s["species"])
                kit.count(doc.add(times), at + ("count",), s["count"])
                if s["note"]:
                    doc.add(" (").put(at + ("note",), s["note"]).add(")")
                doc.line()
        doc.line()
        individuals = sum(s["count"] for s in sightings)
        L.fill(doc, rng.choice(["{total} species, {ind} birds in all.\n",
                               "Species recorded: {total} (individuals: {ind})\n"]),
              ind=kit.style.integer(individuals), **gold)
        complete_text = says(rng, complete, ("All species seen or heard are listed.",
                                             "This is a complete list of everything recorded."),
                             ("Not a complete list: common species were not counted.",
                              "Incomplete list - highlights and counts of interest only."))
        doc.line(complete_text)
    if highlights:
        doc.add(rng.choice(["Highlights: ", "Best birds: ", "Pick of the day: "]))
        _series(doc, ("highlights",), highlights, rng.choice([", ", " and "])).line()
    elif kit.chance(0.5):
        doc.line(rng.choice(["Nothing unusual today.", "Highlights: none"]))
    if shape == "post":
        L.fill(doc, "\n{observer}\n", **gold)
    doc.line(f"Submitted {submitted}" + (f", records checked by county recorder {fake.name()}"
                                         if kit.chance(0.4) else ""))
    kit.pad(doc)
    return Draft(("Bird sighting report", "Birding checklist", "Bird sightings record"), BIRD_FIELDS,
                 facts, doc, {("protocol",): protocol_text, ("visibility",): visibility_text,
                              ("complete_checklist",): complete_text})


# ---- garden planting plan -------------------------------------------------------------------

CROPS = [   # (crop, varieties, (first, last) sowing month, plants per bed)
    ("Potatoes", ["Charlotte", "Maris Piper", "Rocket", "Pink Fir Apple"], (3, 4), (20, 60)),
    ("Carrots", ["Autumn King", "Nantes 2", "Flyaway"], (3, 6), (40, 200)),
    ("Parsnips", ["Gladiator", "Tender and True"], (3, 5), (30, 80)),
    ("Beetroot", ["Boltardy", "Chioggia"], (4, 7), (30, 90)),
    ("Onion sets", ["Sturon", "Red Baron", "Centurion"], (3, 4), (50, 120)),
    ("Garlic", ["Solent Wight", "Germidour"], (2, 3), (20, 60)),
    ("Leeks", ["Musselburgh", "Porvite"], (4, 6), (30, 80)),
    ("Broad beans", ["Aquadulce Claudia", "The Sutton"], (2, 4), (20, 60)),
    ("Runner beans", ["Scarlet Emperor", "Enorma"], (5, 6), (10, 30)),
    ("Peas", ["Kelvedon Wonder", "Hurst Green Shaft"], (3, 6), (40, 120)),
    ("Cabbages", ["Greyhound", "January King"], (4, 6), (8, 24)),
    ("Kale", ["Cavolo Nero", "Redbor"], (4, 6), (6, 20)),
    ("Purple sprouting broccoli", ["Rudolph", "Claret"], (4, 5), (6, 16)),
    ("Courgettes", ["Defender", "Black Beauty"], (5, 6), (2, 6)),
    ("Squash", ["Crown Prince", "Butternut Waltham"], (5, 6), (2, 6)),
    ("Sweetcorn", ["Incredible", "Swift"], (5, 6), (12, 36)),
    ("Tomatoes", ["Gardener's Delight", "Moneymaker", "Sungold"], (4, 5), (6, 18)),
    ("Lettuce", ["Little Gem", "Lollo Rosso", "All The Year Round"], (3, 8), (12, 40)),
    ("Spinach", ["Giant Winter", "Perpetual"], (3, 8), (20, 60)),
]
BED_SCHEMES = [[f"Bed {c}" for c in "ABCDEFGH"], [f"B{k}" for k in range(1, 9)],
               ["Top bed", "Middle bed", "Bottom bed", "Raised bed 1", "Raised bed 2", "Polytunnel",
                "Greenhouse", "Cold frame"]]
GARDEN_SITES = {"en_GB": ("{city} Road Allotments", "{last} Lane Allotment Society"),
                "en_US": ("{city} Community Garden", "{last} Street Community Garden"),
                "de_DE": ("KGV {city} e.V.", "Kleingartenanlage Am {last}"),
                "fr_FR": ("Jardins familiaux de {city}", "Jardins partagés {last}")}
METHODS = {
    "no_dig": ("All beds are no-dig: a mulch of compost each autumn, no digging.",
               "No-dig plot: compost on top, never dug."),
    "raised_beds": ("Everything is grown in raised beds with timber edges.",
                    "Raised beds throughout (scaffold boards, 1.2 m wide)."),
    "traditional": ("The ground is dug over each winter and manured.",
                    "Traditional beds, double dug with manure in autumn."),
    "square_foot": ("Beds are planted square-foot style, in a grid of 30 cm squares.",
                    "Square-foot gardening: each bed split into squares.")}
PERENNIALS = ["Rhubarb", "Asparagus", "Raspberries", "Blackcurrants", "Gooseberries", "Strawberries",
              "Globe artichokes", "Cordon apples", "Herb bed", "Comfrey patch"]
CONDITION = {1: "neglected", 2: "poor", 3: "fair", 4: "good", 5: "excellent"}
GARDEN_FIELDS = [
    F.text("site", "Site", "Allotment site or community garden.", "allotment_site", "garden"),
    F.text("plot_number", "Plot number", "Number of the plot (not a bed).", "plot", "plot_no"),
    F.text("plot_holder", "Plot holder", ("Tenant of the plot (not the co-worker).",
                                          "Name of the plot holder."), "tenant", "gardener"),
    F.integer("season", "Season", "Year the plan is for.", "year", "plan_year", keep=0.7),
    F.number("plot_area_m2", "Plot area (m²)",
             "Size of the whole plot in square metres (not a bed, not rods or square feet).",
             "area_m2", "plot_size", keep=0.6),
    F.items("beds", "Beds", ("Each bed and what goes in it, in order.", "The planting plan by bed."), [
        F.text("bed", "Bed", "Bed name or number.", "bed_name", "bed_id"),
        F.text("crop", "Crop", "Crop planned for the bed.", "vegetable", "planting"),
        F.text("variety", "Variety", "Variety, if named.", "cultivar", optional=True, keep=0.7),
        F.date("sow_date", "Sowing date", "Date to sow or plant out (not the harvest date).",
               "sow_or_plant", "planting_date", keep=0.8),
        F.integer("plants", "Plants", "Number of plants, sets or tubers, if given (not rows).",
                  "plant_count", "quantity", optional=True, keep=0.6),
    ], "planting", "plan"),
    F.choice("growing_method", "Growing method", "How the plot is cultivated.", list(METHODS),
             "method", "cultivation", keep=0.7),
    F.flag("organic", "Organic", "Whether the plot is grown without chemical pesticides.",
           "is_organic", "grown_organically", keep=0.8),
    F.score("plot_condition", "Plot condition", "Condition given at the last plot inspection.",
            CONDITION, "inspection_score", "condition_rating"),
    F.flag("rent_paid", "Rent paid", "Whether this year's rent is paid.", "paid",
           "rent_received", keep=0.7),
    F.number("annual_rent", "Annual rent", "Yearly rent for the plot, if stated (not the water "
             "charge or deposit).", "rent", "plot_rent", optional=True, keep=0.6),
    F.strings("perennials", "Permanent plantings", "Perennial crops and fixed plantings on the plot.",
              "permanent_crops", "perennial_crops", keep=0.7),
]


def _area(kit: Kit) -> tuple[float, L.Cell]:
    """The plot area in m² and how the document writes it (with rods, feet or sides beside)."""
    rng = kit.rng
    if kit.locale == "en_GB" and kit.chance(0.6):
        rods = rng.choice([2.5, 5.0, 7.5, 10.0])
        m2 = round(rods * 25.29, 1)
        return m2, L.join(_quantity(kit, None, rods), L.cell(" rods ("),
                          _quantity(kit, ("plot_area_m2",), m2), L.cell(" m²)"))
    m2 = float(rng.choice([50, 75, 100, 125, 150, 200, 250, 300]))
    if kit.locale == "en_US" and kit.chance(0.6):
        return m2, L.join(kit.count_cell(None, round(m2 * 10.764)), L.cell(" sq ft ("),
                          _quantity(kit, ("plot_area_m2",), m2), L.cell(" m²)"))
    side = rng.choice([5, 10])
    return m2, L.join(_quantity(kit, ("plot_area_m2",), m2),
                      L.cell(f" m² ({side} x {kit.style.decimal(m2 / side, 0 if m2 % side == 0 else 1)} m)"))


def garden_planting_plan(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    season = kit.day().year
    n = rng.randint(3, 8)
    names = rng.choice(BED_SCHEMES)[:n]
    crops = rng.sample(CROPS, n)
    beds, harvest, rows = [], [], []
    for name, (crop, varieties, (m0, m1), (p0, p1)) in zip(names, crops):
        sow = dt.date(season, rng.randint(m0, m1), rng.randint(1, 28))
        counted = kit.chance(0.65)
        beds.append({"bed": name, "crop": crop,
                     "variety": rng.choice(varieties) if kit.chance(0.7) else None,
                     "sow_date": sow.isoformat(), "plants": rng.randint(p0, p1) if counted else None})
        harvest.append(sow + dt.timedelta(days=rng.randint(60, 150)))
        rows.append(None if counted else rng.randint(2, 6))
    area, area_cell = _area(kit)
    method = rng.choice(list(METHODS))
    inspected = dt.date(season - 1, rng.randint(6, 10), rng.randint(1, 28))
    facts = {"site": rng.choice(GARDEN_SITES[kit.locale]).format(city=fake.city(), last=fake.last_name()),
             "plot_number": f"{rng.randint(1, 120)}{rng.choice(['', '', '', 'A', 'B', 'a'])}",
             "plot_holder": fake.name(), "season": season, "plot_area_m2": area, "beds": beds,
             "growing_method": method, "organic": kit.chance(0.55),
             "plot_condition": rng.randint(1, 5), "rent_paid": kit.chance(0.7),
             "annual_rent": kit.maybe(kit.amount(25, 140), 0.65),
             "perennials": rng.sample(PERENNIALS, rng.choice([0, 0, 1, 2, 3, 4]))}
    coworker = fake.name() if kit.chance(0.5) else None
    plot_cell = L.cell(facts["plot_number"], ("plot_number",))
    season_cell = kit.count_cell(("season",), season)
    method_text = rng.choice(METHODS[method])
    organic_text = says(rng, facts["organic"],
                        ("Organic plot: no chemical pesticides or fertilisers are used.",
                         "Grown organically, no slug pellets."),
                        ("Not an organic plot: pellets and feed are used as needed.",
                         "Chemical fertiliser and slug pellets will be used, so the plot is not organic."))
    rent_text = says(rng, facts["rent_paid"],
                     (f"Rent for {season}: paid in full.", "Rent received with thanks."),
                     (f"Rent for {season} is still outstanding.", "Rent not yet received.",
                      "Rent unpaid: please pay before the AGM."))
    shape = rng.choice(["sheet", "notebook", "markdown"])
    heading = {"sheet": "", "notebook": "", "markdown": "## "}[shape]
    if shape == "notebook":     # a plot holder's own plan
        L.fill(doc, "Plot {plot}, {site} - plan for {season}\n",
              plot=(("plot_number",), facts["plot_number"]), site=(("site",), facts["site"]),
              season=(("season",), kit.style.integer(season)))
        doc.add("Plot holder: ").put(("plot_holder",), facts["plot_holder"])
        doc.line(f" (co-worker: {coworker})" if coworker else "")
        L.write(doc.add("Size: "), area_cell).line().line()
    else:
        doc.line(rng.choice(["PLOT PLANNING SHEET", "Cropping plan", "Allotment planting plan"])
                 if shape == "sheet" else f"# Planting plan {season}")
        if shape == "markdown":
            doc.line().line(f"{heading}Plot details")
        kv = [("Site", L.cell(facts["site"], ("site",))),
              (rng.choice(["Plot no.", "Plot number", "Plot"]), plot_cell),
              (rng.choice(["Plot holder", "Tenant", "Name"]), L.cell(facts["plot_holder"], ("plot_holder",)))]
        if coworker:
            kv.append(("Co-worker", L.cell(coworker)))
        kv += [("Plot size", area_cell), ("Season", season_cell)]
        L.kv(doc, rng, kv, rng.choice(["colon", "aligned", "dots", "pipe", "grid"]))
        doc.line()
    kit.pad(doc)
    doc.line(f"{heading}{rng.choice(['Beds', 'Planting by bed', 'What goes where'])}")
    style = rng.choice(["table", "items", "numbered", "sections"])
    letters = names[0].startswith("Bed ")
    if style == "table":
        L.table(doc, rng, ["Bed", "Crop", "Variety", rng.choice(["Sow/plant", "Sowing", "Plant out"]),
                           "Harvest from", "Plants"], [
            [L.cell(b["bed"], ("beds", i, "bed")), L.cell(b["crop"], ("beds", i, "crop")),
             L.cell(b["variety"], ("beds", i, "variety")) if b["variety"] else L.cell("-"),
             kit.date_cell(("beds", i, "sow_date"), dt.date.fromisoformat(b["sow_date"])),
             kit.date_cell(None, harvest[i]),
             kit.count_cell(("beds", i, "plants"), b["plants"]) if b["plants"]
             else L.cell(f"{rows[i]} rows")] for i, b in enumerate(beds)])
    for i, b in enumerate(beds if style != "table" else []):
        at = ("beds", i)
        sow = dt.date.fromisoformat(b["sow_date"])
        if style == "sections":
            doc.line().put(at + ("bed",), b["bed"]).line()
            if shape != "markdown":
                doc.line("-" * len(b["bed"]))
            kv = [("Crop", L.cell(b["crop"], at + ("crop",)))]
            if b["variety"]:
                kv.append(("Variety", L.cell(b["variety"], at + ("variety",))))
            kv += [("Sow / plant out", kit.date_cell(at + ("sow_date",), sow)),
                   ("Harvest from", kit.date_cell(None, harvest[i])),
                   ("Plants", kit.count_cell(at + ("plants",), b["plants"])) if b["plants"]
                   else ("Rows", kit.count_cell(None, rows[i]))]
            L.kv(doc, rng, kv, rng.choice(["colon", "aligned"]))
            continue
        doc.add("- " if style == "items" else f"{i + 1}. ").put(at + ("bed",), b["bed"])
        doc.add(": " if style == "items" else " - ").put(at + ("crop",), b["crop"])
        if b["variety"]:
            doc.add(" '").put(at + ("variety",), b["variety"]).add("'")
        kit.date(doc.add(rng.choice([", sow ", ", plant out ", ", from "])), at + ("sow_date",), sow)
        if b["plants"]:
            kit.count(doc.add(", "), at + ("plants",), b["plants"]).add(" plants")
        else:
            doc.add(f", {rows[i]} rows")
        kit.date(doc.add(" (harvest from "), None, harvest[i]).line(")")
    if letters and kit.chance(0.3):
        doc.line("Beds are lettered from the gate end.")
    doc.line()
    if shape == "markdown":
        doc.line(f"{heading}Other")
    _strings(kit, doc, "perennials", facts["perennials"],
             rng.choice(["Permanent plantings", "Perennials", "Fruit and perennials"]),
             rng.choice(["No permanent plantings.", "Perennials: none yet"]))
    doc.line(method_text).line(organic_text)
    next_visit = dt.date(season, rng.randint(5, 8), rng.randint(1, 28))
    label = rng.choice(["Last plot inspection", "Condition at last inspection", "Inspection score"])
    condition_text = (f"{label} ({kit.date_text(inspected)}): {rating(rng, facts['plot_condition'])[1]}"
                      + (f" - {CONDITION[facts['plot_condition']]}" if kit.chance(0.4) else ""))
    doc.line().line(condition_text)
    kit.date(doc.add("Next inspection: "), None, next_visit).line()
    if facts["annual_rent"] is not None:
        kit.money(doc.add(rng.choice(["Annual rent: ", "Rent per year: ", "Plot rent "])),
                  ("annual_rent",), facts["annual_rent"])
        kit.money(doc.add(rng.choice([", water charge ", " plus water "])), None, kit.amount(5, 25))
        doc.line(".")
    if kit.chance(0.4):
        kit.money(doc.add("Key deposit (refundable): "), None, float(rng.choice([10, 15, 20, 25]))).line()
    doc.line(rent_text)
    kit.pad(doc)
    return Draft(("Garden planting plan", "Allotment plan", "Plot cropping plan"), GARDEN_FIELDS,
                 facts, doc, {("growing_method",): method_text, ("organic",): organic_text,
                              ("plot_condition",): condition_text, ("rent_paid",): rent_text})


# ---- fishing licence ------------------------------------------------------------------------

ISSUERS = {"en_GB": ("Environment Agency", "{city} Angling Association", "{city} & District AA"),
           "en_US": ("{state} Department of Fish and Wildlife", "{state} Division of Wildlife",
                     "{city} Rod & Gun Club"),
           "de_DE": ("Angelverein {city} e.V.", "Fischereiverband {city}", "ASV {city} 1958 e.V."),
           "fr_FR": ("AAPPMA de {city}", "Fédération de pêche - {city}", "AAPPMA La Gaule de {city}")}
RIVERS = {"en_GB": ["Wye", "Severn", "Trent", "Avon", "Ouse", "Test", "Dee", "Tees", "Ribble"],
          "en_US": ["Delaware", "Housatonic", "Madison", "Au Sable", "Snake", "Gunnison", "White"],
          "de_DE": ["Mosel", "Lahn", "Main", "Neckar", "Ruhr", "Havel", "Isar", "Werra"],
          "fr_FR": ["Loire", "Dordogne", "Lot", "Tarn", "Allier", "Doubs", "Saône", "Vienne"]}
PERIODS = {"day": ("1-day", 1), "week": ("8-day", 8), "year": ("12-month", 365),
           "season": ("season", 0), "lifetime": ("lifetime", None)}
CATEGORIES = {   # concession: (how a permit states it, age range, fee factor)
    "adult": (("Full adult licence", "Category: Adult", "Standard adult permit"), (18, 64), 1.0),
    "junior": (("Junior licence (under 17)", "Category: Junior", "Junior concession (age 13-16)"),
               (13, 16), 0.0),
    "senior": (("Senior concession (65 and over)", "Category: Senior", "Concession: over-65"),
               (65, 85), 0.65),
    "disabled": (("Disabled angler concession", "Category: Disabled", "Concession: disabled angler"),
                 (18, 80), 0.65)}
FISHING_FIELDS = [
    F.text("licence_number", "Licence number",
           ("Number of this licence or permit (not the customer or order number).",
            "Permit number."), "license_number", "permit_number", "licence_no"),
    F.text("holder", "Licence holder", "Angler the licence is issued to.", "holder_name",
           "angler", "name"),
    F.date("date_of_birth", "Date of birth", "The holder's date of birth, if printed.", "dob",
           "birth_date", optional=True, keep=0.4),
    F.choice("category", "Category", "Concession category of the licence.", list(CATEGORIES),
             "concession", "licence_category"),
    F.date("valid_from", "Valid from", "First day the licence is valid (not the issue date).",
           "start_date", "valid_from_date"),
    F.date("valid_until", "Valid until", "Last day the licence is valid; null for a lifetime licence.",
           "expiry_date", "expires", optional=True),
    F.integer("rods", "Rods", "Number of rods the holder may fish with (not the bag limit).",
              "max_rods", "rod_limit", keep=0.7),
    F.integer("bag_limit", "Daily bag limit", "Fish that may be kept per day, if stated.", "bag",
              "daily_limit", optional=True, keep=0.5),
    F.strings("waters", "Waters", "Waters or beats the permit covers; empty when not limited.",
              "fisheries", "beats"),
    F.number("fee", "Licence fee", "Price of the licence itself (not postage or the total).",
             "price", "licence_fee"),
    F.number("total_paid", "Total paid", "Total amount paid, fees included, if stated.",
             "amount_paid", "total", optional=True, keep=0.4),
    F.flag("night_fishing", "Night fishing", "Whether fishing at night is allowed.",
           "night_fishing_allowed", keep=0.8),
    F.flag("catch_and_release", "Catch and release only",
           "Whether every fish caught must be returned.", "catch_release", "no_kill"),
    F.text("issued_by", "Issued by", "Shop, office or site that sold the licence, if printed "
           "(not the issuing authority).", "sold_by", "agent", optional=True, keep=0.5),
]


def _licence_number(kit: Kit, year: int) -> tuple[str, str, str]:
    """(licence number, a second reference of another kind, its label)."""
    r = kit.rng.randint
    if kit.locale == "en_GB":
        return f"{r(10**7, 10**8 - 1)}-{r(1, 9)}", f"C{r(10**6, 10**7 - 1)}", "Customer no."
    if kit.locale == "en_US":
        return f"L{year}-{r(10**6, 10**7 - 1)}", f"{r(10**8, 10**9 - 1)}", "Customer ID"
    if kit.locale == "de_DE":
        return f"{r(100, 999)}/{year % 100:02d}", f"FS-{r(10**5, 10**6 - 1)}", "Fischereischein-Nr."
    return f"{r(1, 95):02d}{r(10**5, 10**6 - 1)}", f"CMD-{r(10**6, 10**7 - 1)}", "Commande n°"


def fishing_licence(kit: Kit) -> Draft:
    fake, rng, doc = kit.fake, kit.rng, Doc()
    category = rng.choice(list(CATEGORIES))
    stated, (age0, age1), factor = CATEGORIES[category]
    periods = ["day", "week", "year", "season"] + ["lifetime"] * (kit.locale == "en_US")
    period = rng.choice(periods)
    word, days = PERIODS[period]
    start = kit.day()
    if period == "season":
        until: dt.date | None = dt.date(start.year, 12, 31)
    else:
        until = start + dt.timedelta(days=days - 1) if days else None
    born = dt.date(start.year - rng.randint(age0, age1), rng.randint(1, 12), rng.randint(1, 28))
    base = {"day": 6.0, "week": 14.0, "year": 35.0, "season": 45.0, "lifetime": 420.0}[period]
    fee = round(base * factor * rng.uniform(0.8, 1.6) * 2) / 2 if factor else 0.0
    extras = [(label, kit.amount(0.5, 4)) for label in
              rng.sample(["Postage", "Booking fee", "Club membership"], rng.choice([0, 0, 1, 2]))]
    release = kit.chance(0.4)
    national = kit.chance(0.3)
    city = fake.city()
    waters = [] if national else list(dict.fromkeys(
        rng.choice([{"en_GB": "River {river}", "en_US": "{river} River"}.get(kit.locale, "{river}, beat {k}"),
                    "{last} Lake", "{city} Reservoir", "Mill Pond", "{city} Canal", "Top Pool"]).format(
            river=rng.choice(RIVERS[kit.locale]), last=fake.last_name(), city=fake.city(),
            k=rng.randint(1, 6)) for _ in range(rng.randint(1, 4))))
    number, other_ref, other_label = _licence_number(kit, start.year)
    facts = {"licence_number": number, "holder": fake.name(), "date_of_birth": born.isoformat(),
             "category": category, "valid_from": start.isoformat(),
             "valid_until": until.isoformat() if until else None, "rods": rng.choice([1, 2, 2, 3]),
             "bag_limit": None if release else kit.maybe(rng.choice([1, 2, 2, 3, 4, 6]), 0.7),
             "waters": waters, "fee": fee,
             "total_paid": kit.maybe(round(fee + sum(x for _, x in extras), 2), 0.7),
             "night_fishing": kit.chance(0.4), "catch_and_release": release,
             "issued_by": kit.maybe(rng.choice([f"{fake.last_name()}'s Tackle, {fake.city()}",
                                                f"Post Office, {fake.city()}", "Online shop",
                                                f"{fake.city()} Tourist Office"]), 0.6)}
    issuer = rng.choice(ISSUERS[kit.locale]).format(
        city=city, state=fake.state() if kit.locale == "en_US" else "")
    show_dob = kit.chance(0.6)
    if not show_dob:
        facts["date_of_birth"] = None
    category_text = rng.choice(stated)
    issued = start - dt.timedelta(days=rng.randint(0, 20))
    validity = kit.date_cell(("valid_from",), start)
    until_cell = (kit.date_cell(("valid_until",), until) if until else L.cell("no expiry (lifetime)"))
    night_text = says(rng, facts["night_fishing"],
                      ("Night fishing is permitted.", "Night fishing allowed (book with the bailiff)."),
                      ("No night fishing: waters close one hour after sunset.",
                       "Night fishing is not permitted."))
    release_text = says(rng, release,
                        ("Catch and release only: all fish must be returned alive.",
                         "All fish caught must be returned to the water."),
                        ("Catch and release is not compulsory.",
                         "Fish may be kept within the legal size limits, not returned."))
    rods_cell = kit.count_cell(("rods",), facts["rods"])
    title = rng.choice(["ROD FISHING LICENCE", "Fishing licence", "Angling permit", "FISHING PERMIT"])
    shape = rng.choice(["card", "email", "permit"])
    heads = rng.choice([("PERMIT HOLDER", "VALIDITY", "WATERS", "RULES"),
                        ("1. Holder", "2. Validity", "3. Waters covered", "4. Conditions")])
    if shape == "email":        # an online purchase confirmation
        doc.line(f"From: {issuer}").line(f"Subject: your {word} fishing licence").line()
        L.fill(doc, "Dear {holder},\n\nthank you for buying your {word} fishing licence. "
              "Your licence number is {number}.\n", holder=(("holder",), facts["holder"]),
              word=word, number=(("licence_number",), number))
        L.write(doc.add("It is valid from "), validity)
        L.write(doc.add(" until " if until else ", "), until_cell).line(".")
        doc.add(f"{category_text}. You may fish with up to ")
        L.write(doc, rods_cell).line(" rods at a time.")
        if show_dob:
            kit.date(doc.add("Date of birth on the licence: "), ("date_of_birth",), born).line()
        doc.line(f"{other_label} {other_ref}")
        kit.date(doc.add("Order date: "), None, issued).line().line()
    else:
        doc.line(title).line(issuer).line()
        if shape == "permit":
            doc.line(heads[0])
        rows = [(rng.choice(["Licence no.", "Licence number", "Permit no."]),
                 L.cell(number, ("licence_number",))),
                (rng.choice(["Name", "Holder", "Licence holder"]), L.cell(facts["holder"], ("holder",)))]
        if show_dob:
            rows.append(("Date of birth", kit.date_cell(("date_of_birth",), born)))
        rows.append((other_label, L.cell(other_ref)))
        if shape == "permit":
            L.kv(doc, rng, rows)
            doc.line().line(heads[1])
            rows = []
        rows += [("Type", L.cell(category_text)), ("Period", L.cell(word)),
                 ("Valid from", validity), ("Valid until", until_cell), ("Rods", rods_cell),
                 ("Issued", kit.date_cell(None, issued))]
        L.kv(doc, rng, rows)
        doc.line()
    kit.pad(doc)
    if shape == "permit":
        doc.line(heads[2])
    if waters:
        _strings(kit, doc, "waters", waters, rng.choice(["Waters covered", "Valid on", "Fisheries"]), "")
    else:
        doc.line(rng.choice(["Valid on all waters where you have the owner's permission to fish.",
                             "Valid on all public waters; club waters need a separate permit."]))
    doc.line()
    if shape == "permit":
        doc.line(heads[3])
    bullet = rng.choice(["- ", "* ", ""])
    rules = [release_text, night_text]
    if facts["bag_limit"] is not None:
        rules.append(None)     # the bag limit line, written with its gold count
    rng.shuffle(rules)
    for rule in rules:
        if rule is None:
            kit.count(doc.add(f"{bullet}{rng.choice(['Daily bag limit: ', 'Bag limit per day: '])}"),
                      ("bag_limit",), facts["bag_limit"]).line(" fish")
        else:
            doc.line(f"{bullet}{rule}")
    doc.line()
    kit.money(doc.add("Licence fee: "), ("fee",), fee).line()
    for label, x in extras:
        kit.money(doc.add(f"{label}: "), None, x).line()
    if facts["total_paid"] is not None:
        kit.money(doc.add(rng.choice(["Total paid: ", "Total: ", "Amount charged: "])), ("total_paid",),
                  facts["total_paid"]).line()
    if facts["issued_by"]:
        doc.add(rng.choice(["Issued by: ", "Sold by: ", "Point of sale: "])).put(
            ("issued_by",), facts["issued_by"]).line()
    doc.line(rng.choice(["Carry this licence whenever you fish and show it to a bailiff on request.",
                         "This permit is not transferable."]))
    kit.pad(doc)
    return Draft(("Fishing licence", "Angling permit", "Rod licence"), FISHING_FIELDS, facts, doc,
                 {("category",): category_text, ("night_fishing",): night_text,
                  ("catch_and_release",): release_text})
