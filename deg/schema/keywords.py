"""Which JSON Schema keywords deg reads, tolerates or refuses (contract sections 2 and 5)."""
from __future__ import annotations

# Annotations never change what deg does, except `title` and `description`, which are a
# leaf's instructions to the model. They are also the only siblings a `$ref` may have.
ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "$comment", "$schema", "$id", "$anchor",
    "$defs", "definitions", "readOnly", "writeOnly", "deprecated",
})
# Draft-04 spells `$id` as `id`.
DRAFT4_ANNOTATIONS = ANNOTATIONS | {"id"}

# Keywords deg refuses outright, with the reason given to the schema author.
UNSUPPORTED: dict[str, str] = {
    "allOf": "deg cannot fill an intersection of schemas; merge them into one",
    "not": "deg cannot fill a negated schema",
    "if": "conditional schemas cannot be filled",
    "then": "conditional schemas cannot be filled",
    "else": "conditional schemas cannot be filled",
    "const": "a single value has nothing to decide; use it only in a oneOf/anyOf branch "
             "listing the options",
    "dependentSchemas": "conditional schemas cannot be filled",
    "dependentRequired": "conditional requirements cannot be filled",
    "dependencies": "conditional schemas cannot be filled",
    "patternProperties": "property names must be declared in properties",
    "propertyNames": "property names must be declared in properties",
    "unevaluatedProperties": "property names must be declared in properties",
    "minProperties": "the properties to fill are the declared ones; use required",
    "maxProperties": "the properties to fill are the declared ones; use required",
    "unevaluatedItems": "every array item uses the one items schema",
    "prefixItems": "tuple arrays are not supported; every item uses the one items schema",
    "additionalItems": "tuple arrays are not supported; every item uses the one items schema",
    "contains": "every array item uses the one items schema",
    "minContains": "every array item uses the one items schema",
    "maxContains": "every array item uses the one items schema",
    "$dynamicRef": "dynamic references are not supported; use a local $ref",
    "$dynamicAnchor": "dynamic references are not supported; use a local $ref",
    "$recursiveRef": "recursive references are not supported",
    "$recursiveAnchor": "recursive references are not supported",
    "contentEncoding": "encoded content cannot be filled",
    "contentMediaType": "encoded content cannot be filled",
    "contentSchema": "encoded content cannot be filled",
}

EXTENSIONS = frozenset({"x-generate", "x-max-tokens", "x-levels"})

# Keywords that shape a node, whatever its type.
STRUCTURAL = frozenset({"type", "enum", "anyOf", "oneOf", "$ref"})

STRING_KEYWORDS = frozenset({"minLength", "maxLength", "pattern", "format"})
NUMBER_KEYWORDS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                             "multipleOf"})
TYPE_KEYWORDS: dict[str, frozenset[str]] = {
    "string": STRING_KEYWORDS,
    "integer": NUMBER_KEYWORDS,
    "number": NUMBER_KEYWORDS,
    "boolean": frozenset(),
    "null": frozenset(),
    "array": frozenset({"items", "minItems", "maxItems", "uniqueItems"}),
    "object": frozenset({"properties", "required", "additionalProperties"}),
}
ALL_TYPE_KEYWORDS = frozenset().union(*TYPE_KEYWORDS.values())

# The constraints stored on a leaf (section 4): spans and numbers are filtered by them.
CONSTRAINT_KEYWORDS = ("exclusiveMaximum", "exclusiveMinimum", "maxLength", "maximum",
                       "minLength", "minimum", "multipleOf", "pattern")

FORMATS = ("date", "date-time", "email", "uri", "uuid")
DATE_FORMATS = ("date", "date-time")
JSON_TYPES = tuple(TYPE_KEYWORDS)

# The loose reading (compile_schema's default): keywords still refused, with what to write
# instead, because no value could be filled for them.
LOOSE_REFUSED: dict[str, str] = {
    "$dynamicRef": "dynamic references cannot be resolved; use a local $ref",
    "$recursiveRef": "recursive references cannot be resolved; use a local $ref",
}
# Refused in strict mode, but annotations or identifiers to a validator: ignored, not checked.
LOOSE_ANNOTATIONS = frozenset({"$dynamicAnchor", "$recursiveAnchor", "contentEncoding",
                               "contentMediaType", "contentSchema"})
# Keywords the loose walk reads itself (constants, merged allOf, tuples).
LOOSE_HANDLED = frozenset({"const", "allOf", "prefixItems", "additionalItems"})

# Loose reading of a node without `type`: the type its keywords imply (first match wins).
IMPLIED_TYPES = (
    ("object", frozenset({"properties", "required", "additionalProperties", "patternProperties",
                          "propertyNames", "minProperties", "maxProperties"})),
    ("array", frozenset({"items", "prefixItems", "minItems", "maxItems", "uniqueItems",
                         "contains"})),
    ("string", STRING_KEYWORDS),
    ("number", NUMBER_KEYWORDS),
)
# Scalar types a loose union can be read as, in the order a branch is taken (schema order).
READABLE_TYPES = frozenset({"string", "number", "integer"})
# Keywords that shape a value; an anyOf/oneOf branch without any of them only constrains.
STRUCTURE = frozenset({"type", "properties", "items", "prefixItems", "enum", "const", "anyOf",
                       "oneOf", "allOf", "$ref", "additionalProperties", "patternProperties"})
