"""The dream: offline consolidation in four stages (select → verify → restructure → decay).

Each stage is a function `(Backends, StageInput) -> StageOutput` over ports only, idempotent and
resumable: it reads what the previous stage saved in the run store and saves its own result there, so
it can run as its own Lambda function with small JSON in and out.
"""
