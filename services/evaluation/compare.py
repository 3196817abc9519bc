"""deg against the same model writing JSON under a grammar, side by side, on the same documents.

    python -m services.evaluation compare --url http://127.0.0.1:8790          # deg via a gateway
    python -m services.evaluation compare --in-process --checkpoint checkpoints/deg-smollm2-135m-0.10
    ... [--set everyday|datagen-test|datagen-val] [--limit N] [--baselines llamacpp,xgrammar|none] [--skip-deg]

Sets: `everyday` is the hand-written held-out set in `everyday/` (one JSON per document:
`{id, kind, context, schema, value}`; never used for training); `datagen-test` is the held-out
datagen domains; `datagen-val` is new records of the domains trained on (the in-domain `val`
split: beside `datagen-test`, it shows how much of what a checkpoint learned carries to kinds of
documents it never saw). Every system gets the same capped schema (`degcommon.caps`, `--max-items`,
default 6) and is scored against the same capped gold.

Scoring (one unit per gold field; field accuracy = the mean over all units):
- a leaf's kind follows its plan mode: enum (decide.choice), boolean (decide.noul), score
  (decide.score, an integer 1..5), date (extract.date), number (extract.number), string
  (extract.span); a leaf inside an array is an `array_item` unit, scored by its own kind's rule;
- every array instance of the gold is one `array_count` unit (lengths equal; an absent array
  has length 0);
- array items are matched by index, over the gold's items; extra predicted items cost only the
  count; a missing key is `null`;
- rules: gold `null` is right only for `null`/absent; enum and boolean: the same JSON value
  (True is not 1); score: the same integer; number: numeric equality; date: the same ISO date;
  string: equal after collapsing whitespace and case-folding;
- `generate` leaves are not scored (no reference text measures them).
`top_level_accuracy` is the same mean over the fields outside arrays only, so documents with
long arrays do not dominate it. A failed fill (an exception) is invalid and scores its fields
against no value.
"""
from __future__ import annotations

import argparse
import json
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from deg import compile_schema, render_context
from deg.plan import FillPlan
from deg.pointer import pointer_of
from degcommon import metrics
from degcommon.caps import cap_arrays, cap_value
from degcommon.datagen_scoring import RuntimeFiller, expand_instances, schema_error
from services.evaluation.anatomy import anatomy, normal_text
from services.evaluation.anatomy import markdown_rows as anatomy_rows
from services.evaluation.datagen_eval import load_records
from services.evaluation.filler import HttpFiller
from services.evaluation.settings import EvaluationSettings

EVERYDAY_DIR = Path(__file__).resolve().parent / "everyday"
SETS = ("everyday", "datagen-test", "datagen-val")
BASELINES = ("llamacpp", "xgrammar")
KINDS = ("enum", "boolean", "score", "date", "number", "string", "array_count", "array_item")
MODE_KINDS = {"decide.choice": "enum", "decide.noul": "boolean", "decide.score": "score",
              "extract.date": "date", "extract.number": "number", "extract.span": "string"}
DEFAULT_MAX_ITEMS = 6
DEFAULT_OUT = Path("docs/results/accuracy")


# ---------------------------------------------------------------------------- documents
@dataclass(frozen=True)
class Document:
    id: str
    kind: str
    context: Any
    schema: dict[str, Any]
    value: Any


def load_everyday(directory: Path = EVERYDAY_DIR) -> list[Document]:
    """Every `*.json` document of the everyday set, in file-name order."""
    documents = []
    for path in sorted(Path(directory).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        missing = {"id", "kind", "context", "schema", "value"} - set(data)
        if missing:
            raise ValueError(f"{path}: missing {', '.join(sorted(missing))}")
        documents.append(Document(data["id"], data["kind"], data["context"], data["schema"], data["value"]))
    if not documents:
        raise ValueError(f"no documents in {directory}")
    return documents


def load_set(name: str, limit: int | None = None, *, seed: int = 0) -> list[Document]:
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be >= 1, got {limit}")
    if name == "everyday":
        return load_everyday()[:limit]
    if name in ("datagen-test", "datagen-val"):
        split = name.removeprefix("datagen-")
        return [Document(r["uid"], r["domain"], r["context"], r["schema"], r["value"])
                for r in load_records(split, limit or 50, seed=seed)]
    raise ValueError(f"unknown set {name!r}: expected one of {', '.join(SETS)}")


# ---------------------------------------------------------------------------- scoring
@dataclass(frozen=True)
class FieldScore:
    pointer: str          # concrete: "/items/0/price"
    kind: str             # one of KINDS
    rule: str             # the kind whose rule scored it (an array item's own kind; "count")
    gold: Any
    pred: Any
    correct: bool


def values_match(rule: str, gold: Any, pred: Any) -> bool:
    """The scoring rule of one field kind (see the module text)."""
    if gold is None or pred is None:
        return gold is None and pred is None
    if rule in ("enum", "boolean"):
        return type(gold) is type(pred) and gold == pred if isinstance(gold, bool) or isinstance(pred, bool) \
            else gold == pred
    if rule == "score":
        return not isinstance(pred, bool) and isinstance(pred, (int, float)) and pred == gold
    if rule == "number":
        expected = metrics.parse_number(gold)
        return expected is not None and expected == metrics.parse_number(pred)
    if rule == "date":
        expected = metrics.parse_date(gold)
        return expected is not None and expected == metrics.parse_date(pred)
    if rule == "string":
        return isinstance(pred, str) and isinstance(gold, str) and normal_text(gold) == normal_text(pred)
    raise ValueError(f"no scoring rule {rule!r}")


def score_document(plan: FillPlan, gold: Any, pred: Any) -> list[FieldScore]:
    """One FieldScore per gold field: every leaf instance, then every array instance's count."""
    scores = []
    for leaf in plan.fields:
        rule = MODE_KINDS.get(leaf.mode)
        if rule is None:        # generate: no reference text
            continue
        kind = "array_item" if leaf.arrays else rule
        for at, g, p in expand_instances(leaf.path, gold, pred, ()):
            scores.append(FieldScore(pointer_of(at), kind, rule, g, p, values_match(rule, g, p)))
    for array in plan.arrays:
        for at, g, p in expand_instances(array.path, gold, pred, ()):
            gold_len = len(g) if isinstance(g, list) else 0      # an absent array holds no item
            pred_len = len(p) if isinstance(p, list) else 0
            scores.append(FieldScore(pointer_of(at), "array_count", "count", gold_len, pred_len,
                                     gold_len == pred_len))
    return scores


def accuracy(scores: Sequence[FieldScore]) -> float | None:
    return statistics.fmean(s.correct for s in scores) if scores else None


# ---------------------------------------------------------------------------- systems
@dataclass(frozen=True)
class Answer:
    value: Any
    valid: bool
    error: str | None
    latency_s: float
    prompt_tokens: int = 0
    generated_tokens: int = 0


@dataclass(frozen=True)
class System:
    """A named way to fill: `fill(rendered context, schema) -> (value, error, prompt, generated)`."""
    name: str
    fill: Callable[[str, dict[str, Any]], tuple[Any, str | None, int, int]]
    close: Callable[[], None] = lambda: None

    def answer(self, context: str, schema: dict[str, Any]) -> Answer:

        started = time.perf_counter()
        try:
            value, error, prompt, generated = self.fill(context, schema)
        except Exception as exc:  # noqa: BLE001 - a failed fill is a measured outcome
            value, error, prompt, generated = None, f"{type(exc).__name__}: {exc}", 0, 0
        latency = time.perf_counter() - started
        if error is None:
            error = schema_error(schema, value)
        return Answer(value, error is None, error, latency, prompt, generated)


def deg_over_http(url: str, model: str = "deg-latest", timeout_s: float = 300.0) -> System:
    """deg through a running gateway: one real `POST /v1/fill` per document."""

    filler = HttpFiller(url, model, timeout_s)

    def fill(context: str, schema: dict[str, Any]):
        body = filler(context, schema)
        usage = body.get("usage") or {}
        return body.get("value"), None, int(usage.get("prompt_tokens", 0)), int(usage.get("generated_tokens", 0))

    return System("deg", fill, filler.close)


def deg_in_process(runtime: Any) -> System:
    """deg's runtime in this process (`load_runtime(checkpoint)`), assembled as the gateway does."""

    filler = RuntimeFiller(runtime)

    def fill(context: str, schema: dict[str, Any]):
        result = filler(context, schema, {})
        return result.value, result.error, result.prompt_tokens, result.generated_tokens

    return System("deg", fill)


def grammar_baseline(name: str, baseline: Any) -> System:
    """A baseline with `fill(context, schema) -> BaselineFill` (llama.cpp or XGrammar)."""
    def fill(context: str, schema: dict[str, Any]):
        result = baseline.fill(context, schema)
        return result.value, result.error, result.prompt_tokens, result.generated_tokens

    return System(name, fill)


# ---------------------------------------------------------------------------- the run
@dataclass
class DocumentRow:
    id: str
    kind: str
    answers: dict[str, Answer]
    scores: dict[str, list[FieldScore]]


@dataclass
class Comparison:
    set_name: str
    max_items: int
    systems: list[str]
    rows: list[DocumentRow] = field(default_factory=list)
    command: str | None = None          # the command line that produced it, for the reports

    def scores(self, system: str, kind: str | None = None) -> list[FieldScore]:
        return [s for row in self.rows for s in row.scores[system] if kind is None or s.kind == kind]

    def summary(self) -> dict[str, Any]:
        if not self.rows:
            raise ValueError("no documents were compared")
        out: dict[str, Any] = {"set": self.set_name, "documents": len(self.rows), "max_items": self.max_items,
                               "command": self.command, "systems": {}}
        for name in self.systems:
            answers = [row.answers[name] for row in self.rows]
            top = [s for s in self.scores(name) if s.kind not in ("array_item", "array_count")]
            out["systems"][name] = {
                "field_accuracy": accuracy(self.scores(name)),
                "fields": len(self.scores(name)),
                "top_level_accuracy": accuracy(top),
                "by_kind": {k: {"fields": len(self.scores(name, k)), "accuracy": accuracy(self.scores(name, k))}
                            for k in KINDS if self.scores(name, k)},
                "valid_rate": statistics.fmean(a.valid for a in answers),
                "latency_median_s": statistics.median(a.latency_s for a in answers),
                "prompt_tokens_mean": statistics.fmean(a.prompt_tokens for a in answers),
                "generated_tokens_mean": statistics.fmean(a.generated_tokens for a in answers),
                "string_errors": anatomy(self.scores(name)),
            }
        return out

    def errors(self) -> list[dict[str, Any]]:
        """Every gold field some system got wrong: id, pointer, kind, gold and each system's value."""
        out = []
        for row in self.rows:
            by_system = {name: row.scores[name] for name in self.systems}
            first = by_system[self.systems[0]]
            for i, unit in enumerate(first):
                units = {name: scores[i] for name, scores in by_system.items()}
                if all(u.correct for u in units.values()):
                    continue
                out.append({"document": row.id, "pointer": unit.pointer, "kind": unit.kind, "gold": unit.gold,
                            "values": {name: u.pred for name, u in units.items()},
                            "correct": {name: u.correct for name, u in units.items()}})
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"summary": self.summary(), "errors": self.errors(),
                "documents": [{"id": r.id, "kind": r.kind, "answers": {n: asdict(a) for n, a in r.answers.items()}}
                              for r in self.rows]}


def compare(documents: Sequence[Document], systems: Sequence[System], *, set_name: str,
            max_items: int = DEFAULT_MAX_ITEMS, progress: bool = True) -> Comparison:
    """Every document through every system in turn, scored against the same capped gold."""

    if not systems:
        raise ValueError("nothing to compare: no system selected")
    result = Comparison(set_name, max_items, [s.name for s in systems])
    for n, doc in enumerate(documents, 1):
        schema = cap_arrays(doc.schema, max_items)
        gold = cap_value(schema, doc.value)
        plan = compile_schema(schema)
        context = render_context(doc.context)
        answers = {s.name: s.answer(context, schema) for s in systems}
        result.rows.append(DocumentRow(doc.id, doc.kind, answers,
                                       {name: score_document(plan, gold, a.value) for name, a in answers.items()}))
        if progress:
            line = ", ".join(f"{name} {accuracy(scores):.2f}" for name, scores in result.rows[-1].scores.items())
            print(f"[{n}/{len(documents)}] {doc.id}: {line}", file=sys.stderr)
    return result


# ---------------------------------------------------------------------------- reports
def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return "n/a" if value is None else str(value)


def _cell(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False).replace("|", "/").replace("\n", " ")
    return text if len(text) <= 60 else text[:57] + "..."


def markdown(result: Comparison) -> str:
    summary = result.summary()
    names = result.systems
    head = "| figure | " + " | ".join(names) + " |\n| --- |" + " --- |" * len(names)
    systems = summary["systems"]
    lines = [f"# Field accuracy: {' vs '.join(names)} ({result.set_name}, {summary['documents']} documents, "
             f"arrays capped at {result.max_items})", ""]
    if result.command:
        lines += [f"Produced by `{result.command}`.", ""]
    lines.append(head)
    for key in ("field_accuracy", "fields", "top_level_accuracy", "valid_rate", "latency_median_s", "prompt_tokens_mean",
                "generated_tokens_mean"):
        lines.append(f"| {key} | " + " | ".join(_fmt(systems[n][key]) for n in names) + " |")
    lines += ["", "## By field kind", "", "| kind | fields | " + " | ".join(names) + " |",
              "| --- | --- |" + " --- |" * len(names)]
    for kind in KINDS:
        rows = [systems[n]["by_kind"].get(kind) for n in names]
        if rows[0] is None:
            continue
        lines.append(f"| {kind} | {rows[0]['fields']} | " + " | ".join(_fmt(r["accuracy"]) for r in rows) + " |")
    lines += ["", "## Wrong strings, by where the span went (`anatomy.py`)", ""]
    lines += anatomy_rows({n: systems[n]["string_errors"] for n in names})
    errors = result.errors()
    lines += ["", f"## Errors ({len(errors)} fields some system got wrong)", "",
              "| document | pointer | kind | gold | " + " | ".join(names) + " |",
              "| --- | --- | --- | --- |" + " --- |" * len(names)]
    for e in errors:
        cells = [("" if e["correct"][n] else "✗ ") + _cell(e["values"][n]) for n in names]
        lines.append(f"| {e['document']} | {e['pointer']} | {e['kind']} | {_cell(e['gold'])} | " + " | ".join(cells) + " |")
    invalid = [(row.id, n, row.answers[n].error) for row in result.rows for n in names if not row.answers[n].valid]
    if invalid:
        lines += ["", "## Invalid answers", "", "| document | system | error |", "| --- | --- | --- |"]
        lines += [f"| {doc} | {n} | {_cell(err)} |" for doc, n, err in invalid]
    return "\n".join(lines) + "\n"


def write_reports(result: Comparison, out_dir: Path) -> dict[str, Path]:
    """compare-<set>.json (every figure, answer and error) and compare-<set>.md."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {"json": out_dir / f"compare-{result.set_name}.json", "markdown": out_dir / f"compare-{result.set_name}.md"}
    paths["json"].write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False, default=str) + "\n",
                             encoding="utf-8")
    paths["markdown"].write_text(markdown(result), encoding="utf-8")
    return paths


# ---------------------------------------------------------------------------- command line
def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = subparsers.add_parser("compare", help="deg vs grammar-constrained baselines, field accuracy per kind")
    deg = p.add_mutually_exclusive_group()
    deg.add_argument("--url", help="fill deg through this gateway (POST URL/v1/fill)")
    deg.add_argument("--in-process", action="store_true", help="run deg's runtime in this process")
    deg.add_argument("--skip-deg", action="store_true", help="only the baselines")
    p.add_argument("--checkpoint", type=Path, help="with --in-process: deg checkpoint dir (default: fresh heads)")
    p.add_argument("--set", dest="set_name", default="everyday", choices=SETS)
    p.add_argument("--limit", type=int, help="first N documents of the set (datagen-test: default 50)")
    p.add_argument("--seed", type=int, default=0, help="datagen seed (datagen-test)")
    p.add_argument("--baselines", default=",".join(BASELINES),
                   help=f"comma-separated, of {', '.join(BASELINES)}; 'none' for deg alone")
    p.add_argument("--max-items", type=int, default=DEFAULT_MAX_ITEMS, help="maxItems for every array, both sides")
    p.add_argument("--max-new-tokens", type=int, default=512, help="baselines' token budget")
    p.add_argument("--threads", type=int, default=1, help="CPU threads of llama.cpp and torch")
    p.add_argument("--n-ctx", type=int, default=8192, help="llama.cpp context window")
    p.add_argument("--gguf", type=Path, help="llama.cpp model (default: the embedded backbone's GGUF)")
    p.add_argument("--model", help="model name sent to /v1/fill (default $DEG_EVAL_MODEL or deg-latest)")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"report folder (default {DEFAULT_OUT})")
    p.add_argument("--no-progress", action="store_true")
    return p


def parse_baselines(text: str) -> list[str]:
    names = [] if text.strip() in ("", "none") else [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in BASELINES]
    if unknown:
        raise ValueError(f"unknown baseline {', '.join(unknown)}: expected {', '.join(BASELINES)} or none")
    return list(dict.fromkeys(names))


def build_systems(args: argparse.Namespace) -> list[System]:
    """deg (gateway or in-process) first, then each baseline; raises BaselineError naming the fix."""
    # The model side (torch, the runtime, the baselines' engines) loads only for the systems
    # asked for: `compare --url ... --baselines ""` runs without torch, and llama_cpp is an
    # optional extra.
    import torch

    torch.set_num_threads(args.threads)
    systems = []
    if args.url:
        settings = EvaluationSettings.from_env()
        systems.append(deg_over_http(args.url, args.model or settings.model, settings.timeout_s))
    elif args.in_process:
        from deg_model.runtime import load_runtime

        systems.append(deg_in_process(load_runtime(args.checkpoint)))
    for name in parse_baselines(args.baselines):
        if name == "llamacpp":
            from services.evaluation.baseline.llamacpp import LlamaCppBaseline

            kwargs = dict(n_threads=args.threads, n_ctx=args.n_ctx, max_new_tokens=args.max_new_tokens)
            baseline = LlamaCppBaseline(args.gguf, **kwargs) if args.gguf else LlamaCppBaseline.embedded(**kwargs)
        else:
            from services.evaluation.baseline import GrammarBaseline

            baseline = GrammarBaseline.embedded(max_new_tokens=args.max_new_tokens)
        systems.append(grammar_baseline(name, baseline))
    return systems


def run_command(args: argparse.Namespace, argv: Sequence[str], prog: str = "python -m services.evaluation") -> int:
    """Run `compare`; `prog` and `argv` are recorded as the report's command line."""
    from services.evaluation.baseline import BaselineError   # imports torch: only when run

    if not (args.url or args.in_process or args.skip_deg):
        print("error: say how to run deg: --url GATEWAY, --in-process [--checkpoint DIR], or --skip-deg",
              file=sys.stderr)
        return 2
    if args.checkpoint is not None and not args.in_process:
        print("error: --checkpoint applies only with --in-process (a gateway serves its own)", file=sys.stderr)
        return 2
    try:
        documents = load_set(args.set_name, args.limit, seed=args.seed)
        systems = build_systems(args)
    except (ValueError, BaselineError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not systems:
        print("error: nothing to compare: --skip-deg with --baselines none", file=sys.stderr)
        return 2
    try:
        result = compare(documents, systems, set_name=args.set_name, max_items=args.max_items,
                         progress=not args.no_progress)
        result.command = " ".join([prog, *(shlex.quote(a) for a in argv)])
    finally:
        for system in systems:
            system.close()
    paths = write_reports(result, args.out)
    print(markdown(result).split("\n## Errors")[0].rstrip())
    print(f"reports: {', '.join(str(p) for p in paths.values())}", file=sys.stderr)
    print(json.dumps(result.summary(), sort_keys=True))
    return 0
