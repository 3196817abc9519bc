"""Schema -> fill plan (contract sections 2-6): `compile_schema(schema) -> FillPlan`.

The compiler is a pure function: it never mutates its input (it works on a checked deep copy,
which the plan keeps for final validation), reads no clock, file or environment, and the same
schema always gives the same plan and fingerprints.

Stages, each reporting every problem it finds as `{loc, msg}` in one `SchemaError`:
1. `document.copy_document`: the input is a JSON object within the size and depth limits.
2. `document.meta_validate`: it is a valid JSON Schema of its draft (`$schema`, default
   2020-12; 2019-09, draft-07, -06, -04 also read). deg's own rules run only on a valid
   document, because they assume well-typed keywords.
3. `compiler.Compiler`: deg's rules (keywords, types -> mechanisms, nullability, `$ref`,
   bounds, x-extensions), building the leaves and arrays.

`strict=True` reads the schema exactly as contract sections 2-5 say and refuses everything
else. The default (`strict=False`) accepts the schemas users bring (pydantic models, OpenAI
function schemas, OpenAPI components) and lists what it ignored or read loosely in
`plan.warnings`; see `compiler.py` for the rules. A schema that strict mode accepts gives the
identical plan, fingerprint included, in both modes, with no warnings.

`pattern` is compiled with the `regex` package (Python syntax, Unicode-aware classes such as
`\\d` and `\\w`), which accepts the ECMA-262 patterns schemas use in practice; ECMA-only
syntax (e.g. `/u`-mode `\\p{...}` is shared, but `(?<name>` vs `(?P<name>` both work) is
read as `regex` reads it. Patterns are searched, not anchored, as JSON Schema says.
"""
from __future__ import annotations

from typing import Any

from jsonschema import validators

from deg.errors import SchemaError
from deg.plan import FillPlan, plan_fingerprint
from deg.schema.compiler import DEFAULT_MAX_RECURSION, Compiler
from deg.schema.document import copy_document, meta_validate, validator_class

__all__ = ["compile_schema", "SchemaError"]


def compile_schema(schema: Any, strict: bool = False,
                   max_recursion: int = DEFAULT_MAX_RECURSION) -> FillPlan:
    """Compile a JSON Schema to its fill plan, or raise `SchemaError` listing every problem.

    `strict=True` refuses every construct contract sections 2-5 refuse; the default accepts
    what deg can fill validly and reports the rest in `plan.warnings`. `max_recursion`
    (loose reading only): how many times a recursive `$ref` is unrolled on one path before
    the reference is left out (null where it may be null, never filled where it is
    optional; a required one past that depth is an error)."""
    document = copy_document(schema)
    cls = validator_class(document, strict=strict)
    problems = meta_validate(document, cls)
    if problems:
        raise SchemaError(problems)
    compiler = Compiler(document, cls, draft4=cls is validators.Draft4Validator, strict=strict,
                        max_recursion=max_recursion)
    if "$schema" in document and validators.validator_for(document, default=None) is None:
        compiler.warn(("$schema",), f"unknown $schema {document['$schema']!r}: read as JSON "
                                    "Schema 2020-12")
    compiler.run()
    if compiler.errors:
        raise SchemaError(compiler.errors)
    fields = tuple(leaf.with_fingerprint() for leaf in compiler.fields)
    arrays = tuple(node.with_fingerprint() for node in compiler.arrays)
    constants = tuple(c.with_fingerprint() for c in compiler.constants)
    nullables = tuple(n.with_fingerprint() for n in compiler.nullables)
    checks = tuple(sorted(compiler.checks.items()))
    warnings = tuple(compiler.warnings)
    tuples = tuple(t.with_fingerprint() for t in compiler.tuples)
    unions = tuple(u.with_fingerprint() for u in compiler.unions)
    maps = tuple(m.with_fingerprint() for m in compiler.maps)
    fingerprint = plan_fingerprint(fields, arrays, constants, nullables, compiler.root, checks,
                                   warnings, tuples, unions, maps)
    return FillPlan(fields=fields, arrays=arrays, fingerprint=fingerprint, schema=document,
                    constants=constants, nullables=nullables, root=compiler.root,
                    checks=checks, warnings=warnings, tuples=tuples, unions=unions, maps=maps)
