"""deg: the pure contract core (no torch, no IO).

What a schema means (compile_schema -> FillPlan), what a request may say, how a context is
rendered, how copied text is parsed, and how raw outcomes become a response.
"""
