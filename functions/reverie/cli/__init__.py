"""The `reverie` command: the local service, ingest, recall, dreams, reviews, benchmarks and the demo.

Entry points only translate to services: `main` (the command and its subcommands), `dream` (the dream,
run and review subcommands and the trigger loop of `reverie serve`), `ingest` (files of sessions).
"""
