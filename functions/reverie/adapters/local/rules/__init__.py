"""The rule-based reasoner's parts: plain-text rules, no model, no network, no I/O.

- `language`: sentences, fillers, de-subjectivising "I"/"my" into the speaker's name.
- `dates`: relative time words ("yesterday", "last week") resolved against the event's time.
- `keys`: subject + attribute keys for rule-like memories ("alice.home_city").
- `statements`: one sentence of a person's message → a candidate kind (or why it is dropped).
- `clauses`: one sentence → the independent statements it joins, and without the clauses carrying a secret.
- `longevity`: how long a statement holds: a one-off request, or a stated validity (`valid_until`).
- `untrusted`: a tool's output or a quoted page: its injected instructions apart from its facts.
- `tools`: a tool failure and its later success → a condition–action–outcome procedure.
- `extraction`: a session's events → candidates and dropped items (`message_parts`: a message → the
  statements to classify).
- `merge`: one candidate against its nearest cards → add / update / supersede / no-op / conflict: the
  decision table over `by_slot`, `by_text`, `by_topic` and the rest.
- `pointed_at`: which held card a statement points at when its words do not say ("that job", "the scope").
"""
