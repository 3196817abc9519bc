"""A round's questions as fork rows -> their answers (contract 12.2): what the one-trunk path
and every window of a windowed run ask with.

`Asker.ask` runs every question's rows (its own and its extra rows: the LM prior's) as fork
rows of its run's trunk state, in batch-invariant micro-batches of at most `token_budget`
padded tokens; `Asker.follow_up` runs the LM prior's second row of every extract question
that carries a prior (the span the LM copies from its own best start, teacher-forced: its end
prior), all of them together. An entry is `(run, question)`, where the run is anything with
the trunk's `state`, its `trunk` view and the `stats` its rows are counted in (a `JobRun`, or
a window's `windows.WindowRun`). A row's failure becomes that question's answer (an
exception), so the caller can fail only its own run.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import torch

from ..backbone import Backbone
from ..lora import LoraAdapters
from .forks import Row, run_rows
from .prior import LmPrior
from .questions import Answer, Question

__all__ = ["Asker"]


@dataclass(frozen=True)
class Asker:
    backbone: Backbone
    adapters: LoraAdapters | None
    token_budget: int
    prior: LmPrior | None

    def answers(self, entries: list[tuple[object, Question]]) -> list[Answer | Exception]:
        """Every question's answer with its prior's follow-up read (`ask`, then `follow_up`)."""
        return self.follow_up(entries, self.ask(entries))

    def ask(self, entries: list[tuple[object, Question]]) -> list[Answer | Exception]:
        """Every question's rows as fork rows of its run's trunk state -> its Answer, or the
        exception of its run's rows."""
        per_question = [q.rows for _, q in entries]
        rows = [(run, row) for (run, _), own in zip(entries, per_question) for row in own]
        read = run_rows(self.backbone, [(run.state, row) for run, row in rows],
                        token_budget=self.token_budget, adapters=self.adapters)
        for (run, row), result in zip(rows, read):
            if not isinstance(result, Exception):
                run.stats["fork_rows"] += 1
                run.stats["fork_tokens"] += row.tokens
        answers: list[Answer | Exception] = []
        k = 0
        for (_, q), own in zip(entries, per_question):
            got, k = read[k:k + len(own)], k + len(own)
            error = next((r for r in got if isinstance(r, Exception)), None)
            answers.append(error if error is not None else q.answer_of(got))
        return answers

    def follow_up(self, entries: list[tuple[object, Question]], answers: list) -> list:
        """The answers with the LM prior's follow row of each extract question read."""
        if self.prior is None:
            return answers
        self._read_prior([a.extra for (_, q), a in zip(entries, answers)
                          if q.prior is not None and not isinstance(a, Exception)])
        todo: list[tuple[int, object, int, Row]] = []
        for k, ((run, q), answer) in enumerate(zip(entries, answers)):
            if q.prior is not None and q.head == "extract" and not isinstance(answer, Exception):
                got = self.prior.follow_row(q.prior, answer, run.trunk)
                if got is not None:
                    todo.append((k, run, *got))
        if not todo:
            return answers
        read = run_rows(self.backbone, [(run.state, row) for _, run, _, row in todo],
                        token_budget=self.token_budget, adapters=self.adapters)
        out = list(answers)
        for (k, run, start, row), result in zip(todo, read):
            if isinstance(result, Exception):
                out[k] = result
                continue
            run.stats["fork_rows"] += 1
            run.stats["fork_tokens"] += row.tokens
            out[k] = dataclasses.replace(out[k], follow=result, follow_start=start)
        self._read_prior([(a.follow,) for a in out if not isinstance(a, Exception) and a.follow is not None])
        return out

    def _read_prior(self, reads: list[tuple[torch.Tensor, ...]]) -> None:
        """The LM-prior reads of a round's questions, of every run, in shared LM-head passes
        (`LmPrior.read_ahead`; bitwise each read's own pass), guarded: a failure here leaves
        each question to read its own, where the failure lands on its own run."""
        try:
            self.prior.read_ahead([h for extra in reads for h in extra])
        except Exception:          # noqa: BLE001 - isolated per question when read again
            self.prior.forget()
