"""Table and list rows as an array's items (`deg_model.runtime.tables`, `ScoringSettings.layout_rows`):
which blocks are found, which one an array takes, the cell a row's leaf gains on, and the
runtime end to end on the tiny random model (one-shot and windowed, bitwise deterministic;
off by default, so head sets without the switch answer as before)."""
from __future__ import annotations

import re

import pytest
import torch

from deg import compile_schema, render_context
from deg.request import FillOptions
from deg_model.runtime.tables import find_blocks, layout_rows, row_evidence
from deg_model.scoring import ScoringSettings, terms
from deg_model.scoring.compose import span_gain

ROWS = ScoringSettings(layout_rows=True, relevance_weight=16.0, closing_weight=4.0)

from runtime_fixtures import make_runtime

INVOICE = """NORDLICHT DESIGN STUDIO
Invoice no.: NDS-2026-0317

Pos. | Description                          | Qty | Amount
1    | Logo redesign (3 concepts)           | 1   | 1,400.00
2    | Packaging artwork for bread bags     | 2   | 700.00
3    | Print-ready files for shop signage   | 1   | 180.00

Subtotal                         2,280.00 EUR
VAT 19%                            433.20 EUR
Total due                        2,713.20 EUR
"""

PASSENGERS = """Passengers
| Name              | Seat | Checked bag |
| ----------------- | ---- | ----------- |
| Mr Kieran Doyle   | 14A  | 1 x 23 kg   |
| Mrs Aoife Doyle   | 14B  | none        |
"""

ACTIONS = """Decisions
- The fair raised money.
- The disco is postponed.

Action items
- Oliver Brandt: circulate the fair accounts by 15 September 2026
- Rachel Kim: get three quotes by 30 September 2026
1. not a row of the list above (another marker)
"""

SCHEMA = {"type": "object", "required": ["line_items"], "properties": {
    "line_items": {"type": "array", "maxItems": 6, "description": "Each invoice line, in order.", "items": {
        "type": "object", "required": ["description", "amount"], "properties": {
            "description": {"type": "string", "description": "What was delivered, as written."},
            "amount": {"type": "number", "description": "Line amount."}}}}}}


def offsets_of(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"\s*[^\W_]+|\s*[^\w\s]", text)]


def cell_texts(text, block):
    return [[text[a:b] for a, b in row] for row in block.rows]


def test_pipe_tables_aligned_columns_and_lists_are_blocks_with_their_headers():
    blocks = find_blocks(INVOICE)
    assert len(blocks) == 2
    assert cell_texts(INVOICE, blocks[0])[1] == ["2", "Packaging artwork for bread bags", "2", "700.00"]
    assert blocks[0].header == (frozenset({"pos"}), frozenset({"description"}), frozenset({"qty"}),
                                frozenset({"amount"}))           # a first row without digits
    assert cell_texts(INVOICE, blocks[1])[2] == ["Total due", "2,713.20 EUR"]
    assert blocks[1].header is None                              # every row has digits

    (table,) = find_blocks(PASSENGERS)
    assert cell_texts(PASSENGERS, table) == [["Mr Kieran Doyle", "14A", "1 x 23 kg"], ["Mrs Aoife Doyle", "14B", "none"]]
    assert table.header[2] == {"checked", "bag"} and "passenger" in table.words   # the rule; the line above

    decisions, actions = find_blocks(ACTIONS)
    assert cell_texts(ACTIONS, actions) == [["Oliver Brandt", "circulate the fair accounts by 15 September 2026"],
                                            ["Rachel Kim", "get three quotes by 30 September 2026"]]
    assert {"action", "item"} <= actions.words and actions.header is None
    assert len(decisions.rows) == 2


def test_grid_tables_and_semicolon_exports_are_blocks_too():
    grid = ("+------+-----+\n| Room | Size |\n+======+=====+\n| Hall | 12 |\n+------+-----+\n"
            "| Den  | 9  |\n+------+-----+\n")
    (table,) = find_blocks(grid)
    assert cell_texts(grid, table) == [["Hall", "12"], ["Den", "9"]] and table.header == ({"room"}, {"size"})
    export = "Item; Qty; Price\nTea; 2; 3.50\nCake; 1; 4.00\n"
    (table,) = find_blocks(export)
    assert cell_texts(export, table) == [["Tea", "2", "3.50"], ["Cake", "1", "4.00"]]
    assert table.header == ({"item"}, {"qty"}, {"price"})


def test_prose_and_single_lines_are_no_blocks():
    assert find_blocks("One sentence.\nAnother  sentence with a gap.\n\n- a lone bullet\n") == []


def array_plan(schema=SCHEMA):
    return compile_schema(schema).arrays[0]


def test_an_array_takes_the_block_that_speaks_of_it():
    offsets = offsets_of(INVOICE)
    rows = layout_rows(array_plan(), INVOICE, offsets, (0, len(offsets)))
    assert len(rows) == 3
    anchor, end, cells = rows[0]
    assert INVOICE[offsets[anchor][0]:offsets[end - 1][1]].strip().startswith("1    | Logo redesign")
    assert [c.header for c in cells][1] == {"description"}
    # An array no block speaks of is left to the heads; so is a block outside its region.
    other = {"type": "object", "properties": {"dishes": {"type": "array", "items": {"type": "string"}}}}
    assert layout_rows(array_plan(other), INVOICE, offsets, (0, len(offsets))) is None
    assert layout_rows(array_plan(), INVOICE, offsets, (0, 10)) is None


def test_a_row_leaf_gains_on_its_column_or_else_its_row():
    from deg_model.runtime.questions import Item

    offsets = offsets_of(INVOICE)
    a_plan = array_plan()
    anchor, end, cells = layout_rows(a_plan, INVOICE, offsets, (0, len(offsets)))[1]
    item = Item(a_plan, 1, anchor=anchor, region=(anchor, end), cells=cells)
    fields = {f.pointer: f for f in compile_schema(SCHEMA).fields}

    def gain(pointer, value):
        ev = row_evidence(fields[pointer], item, INVOICE, offsets, {})
        a = INVOICE.index(value, offsets[anchor][0])
        first = next(i for i, (s, e) in enumerate(offsets) if s <= a < e)
        last = next(i for i, (s, e) in enumerate(offsets) if s < a + len(value) <= e)
        return float(span_gain([terms.relevance(1.0, row=True), terms.closing(ev, 1.0)], ev,
                               torch.tensor(first), torch.tensor(last)))

    assert gain("/line_items/*/description", "Packaging artwork for bread bags") == 2.5   # its cell, whole
    assert gain("/line_items/*/description", "artwork for bread bags") == 2.0             # to its end
    assert gain("/line_items/*/description", "Packaging artwork") == 1.25                 # from its start
    assert gain("/line_items/*/description", "artwork") == 1.0                            # inside
    assert gain("/line_items/*/description", "700.00") == 0.0                             # another column
    assert gain("/line_items/*/amount", "700.00") == 2.5
    assert gain("/line_items/*/amount", "2   | 700.00") == 0.0                            # crosses cells


def test_columns_are_named_by_the_leaf_before_its_array_or_description():
    from deg_model.runtime.tables import column_match

    schema = {"type": "object", "properties": {"risks": {"type": "array", "items": {"type": "object", "properties": {
        "owner": {"type": "string", "description": "Owner of the risk."},
        "quantity": {"type": "integer"},
        "amount": {"type": "number", "description": "Quantity times unit price."}}}}}}
    fields = {f.path[-1]: f for f in compile_schema(schema).fields}
    risk, owner, qty, unit, amount = ({"risk"}, {"owner"}, {"qty"}, {"unit", "price"}, {"amount"})
    scores = lambda name: [column_match(fields[name], frozenset(h)) for h in (risk, owner, qty, unit, amount)]
    assert scores("owner") == [1.0, 10.0, 0.0, 0.0, 0.0]         # not the array's own name
    assert scores("quantity") == [0.0, 0.0, 10.0, 0.0, 0.0]      # "Qty" spelled out
    assert scores("amount") == [0.0, 0.0, 1.0, 2.0, 10.0]        # its name beats its description


def test_a_value_keeps_the_bracket_it_opened():
    from deg_model.scoring.shape import trim_span

    def trimmed(text):
        a, b = trim_span(text, 0, len(text))
        return text[a:b]
    assert trimmed(" Trailhead insulated jacket (M) |") == "Trailhead insulated jacket (M)"
    assert trimmed("(the Supplier)") == "the Supplier"
    assert trimmed("code KX-1)") == "code KX-1"
    assert trimmed("list [a] b]") == "list [a] b"
    text = "| Logo redesign (3 concepts)   |"
    a, b = trim_span(text, 2, text.index(")"))                   # the token stopped short of it
    assert text[a:b] == "Logo redesign (3 concepts)"


def test_a_row_decides_its_score_and_yes_no_leaves_from_its_own_cell():
    from deg_model.runtime.questions import Item
    from deg_model.runtime.tables import cell_decision, cell_text

    table = ("Risk register\n| Risk | Severity | Owner | Checked bag |\n| --- | --- | --- | --- |\n"
             "| Sandbox down | 4 | Raj | 1 x 23 kg |\n| Audit late | 3 | Ben | none |\n")
    schema = {"type": "object", "properties": {"risks": {"type": "array", "items": {"type": "object", "properties": {
        "severity": {"type": "integer", "minimum": 1, "maximum": 5},
        "checked_bag": {"type": "boolean"}, "owner": {"type": "string"}}}}}}
    plan = compile_schema(schema)
    fields = {f.path[-1]: f for f in plan.fields}
    offsets = offsets_of(table)
    rows = layout_rows(plan.arrays[0], table, offsets, (0, len(offsets)))
    items = [Item(plan.arrays[0], k, anchor=a, region=(a, e), cells=c) for k, (a, e, c) in enumerate(rows)]
    assert [cell_text(fields["severity"], it, table, offsets) for it in items] == ["4", "3"]
    assert cell_text(fields["owner"], items[1], table, offsets) == "Ben"
    assert cell_decision(fields["severity"], "score", "4", 5).tolist() == [0, 0, 0, 1, 0]
    assert cell_decision(fields["severity"], "score", "9", 5).tolist() == [0] * 5       # not a level
    assert cell_decision(fields["severity"], "score", "4 of 5", 5).tolist() == [0] * 5  # not a bare level
    bag = fields["checked_bag"]
    assert cell_decision(bag, "noul", "1 x 23 kg", 2).tolist() == [1, 0]
    assert [cell_decision(bag, "noul", c, 2).tolist() for c in ("none", "-", "No", "not included")] == [[0, 1]] * 4
    assert [cell_decision(bag, "noul", c, 2).tolist() for c in ("Yes", "\u2713", "2 pcs")] == [[1, 0]] * 3
    assert cell_decision(bag, "noul", "A (actual)", 2).tolist() == [0, 0]              # says neither


def test_layout_rows_off_by_default_and_on_one_item_per_row(tiny_backbone):
    rt = make_runtime(tiny_backbone)
    plan = compile_schema(SCHEMA)
    context = render_context(INVOICE)
    assert not rt.scoring.layout_rows
    before = rt.fill(context, plan, FillOptions())
    rt.set_scoring(ROWS)
    rows = rt.fill(context, plan, FillOptions())
    assert [a.items for a in rows.arrays] == [3]
    assert rt.fill(context, plan, FillOptions()) == rows                 # bitwise repeatable
    by_pointer = {f.pointer: f for f in rows.fields}
    assert by_pointer["/line_items/1/amount"].value == 700.0             # the cell under "Amount"
    cell = "Print-ready files for shop signage"      # random heads pick where in it
    described = by_pointer["/line_items/2/description"]
    a = context.index(cell)
    assert a <= described.span[0] < described.span[1] == a + len(cell)
    rt.set_scoring(ScoringSettings())
    assert rt.fill(context, plan, FillOptions()) == before               # off: as before, bitwise


@pytest.mark.parametrize("width", [None, 48])
def test_windowed_layout_rows_match_the_one_shot_rows(tiny_backbone, width):
    rt = make_runtime(tiny_backbone)
    if width is not None:
        rt.windowing = type(rt.windowing)(rt.windowing.max_context_tokens, width, None)
    plan = compile_schema(SCHEMA)
    context = render_context("Filler line about nothing in particular.\n" * 6 + INVOICE)
    rt.set_scoring(ROWS)
    got = rt.fill(context, plan, FillOptions())
    values = {f.pointer: f.value for f in got.fields}
    assert [a.items for a in got.arrays] == [3]
    assert values["/line_items/0/amount"] == 1400.0 and values["/line_items/2/amount"] == 180.0
    assert values["/line_items/0/description"] in "Logo redesign (3 concepts)"
