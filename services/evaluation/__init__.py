"""deg evaluation service: ExtractBench runs and the datagen metrics of contract section 11.

Modules (each readable alone):

- `settings`   the one typed settings object, read from the environment on demand
- `dataset`    the ExtractBench dataset layout (`dataset/<domain>/<name>/...`)
- `pdftext`    PDF -> text per page (pdftotext -layout, two-column order, Tesseract OCR)
- `adapt`      ExtractBench schema -> a schema deg accepts, every rewrite listed (one pass per keyword group)
- `refs`       local `$ref`s followed through deg's own resolution
- `fieldscore` ExtractBench's per-field metrics, with deterministic stand-ins for its LLM judges
- `alignment`  optimal one-to-one matching of array items
- `scoring`    walks schema, gold and prediction; per-field results and document summaries
- `runner`     the run: read, adapt, fill (an injected filler), score, aggregate
- `report`     JSON, Markdown and PNG reports of a run
- `filler`     the HTTP filler (`POST /v1/fill` of a running gateway)
- `datagen_eval` the datagen eval's records, gateway filler and reports
- `jobs`       evaluations as rq jobs (`degcommon.jobs`)

Shared with the other services (`degcommon`): the metrics, the one ECE and reliability diagram,
the datagen scorer, the array caps.
"""
