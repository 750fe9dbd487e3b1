"""all-MiniLM-L6-v2 in int8: onnxruntime's dynamic quantisation, after smoothing the activations' outliers.

`onnxruntime.quantization.quantize_dynamic` stores each weight matrix in int8 (one scale per output
column) and quantises a MatMul's input on the fly with ONE scale for the whole tensor. BERT's hidden
states have a few channels far larger than the rest, so that one scale leaves the other channels a handful
of levels: quantised as it is, the model's vectors fall to cosine 0.978 against float32, enough to lose
recall. SmoothQuant (Xiao et al., 2023) moves the outliers into the weights before quantising: for each
input channel j of a weight MatMul, s_j = max|x_j|^α / max|W_j|^(1-α), the input is multiplied by 1/s
and row j of W by s, which leaves the product unchanged in exact arithmetic while both sides become
easy to quantise. max|x_j| comes from running the float32 graph over a few sentences (`CALIBRATION`).
With α = 0.7 the vectors stay at cosine ≥ 0.99 to float32 (tests/contract/test_embedder.py). The
calibration sentences are none of the test's reference sentences.

The input's scale is per call, so the embedder runs this model one text at a time: batch-mates and
padding would otherwise change a text's vector (batches gained 8% here: 288 against 267 sentences per CPU
second, against float32's 148 in batches). On the LoCoMo dev split recall@10 stays 0.732 against 0.733.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    import onnx

ALPHA = 0.7  # how much of the outliers moves into the weights (0.6 and 0.8 kept less of the vectors)

CALIBRATION = (
    "Which dates did we agree on for the office move, and who books the van?",
    "The user prefers dark mode and short answers in German.",
    "Every change to the billing service needs a second reviewer before it merges.",
    "If `npm ci` hangs on the lockfile, delete node_modules and run it again with --prefer-offline.",
    "Caroline went to the LGBTQ support group on 7 May 2023 and felt accepted there.",
    "Melanie painted a sunrise over the lake last year and wants to take up pottery.",
    "hi",
    "ok, thanks!",
    "Alerts go to the #ops-alerts channel; the on-call rotation changes every Monday at 09:00 UTC.",
    "The IAM role needs s3:PutObject on arn:aws:s3:::reverie-logs/* or the nightly export fails.",
    "Die Nutzerin trinkt morgens grünen Tee und arbeitet am liebsten von zu Hause.",
    "L'utilisateur préfère le thé vert le matin et le café l'après-midi.",
    "ユーザーは毎朝六時に起きてジョギングをします。",
    "Ugh... the build broke AGAIN?! (3rd time today: 14:02, 15:40, 17:15) 😤",
    "Retries with exponential backoff fixed the throttling errors from DynamoDB.",
    "Alice's daughter is named Maya; she started school in September and loves dinosaurs.",
    "How long has Bob been working on the thesis, and when is it due?",
    "Budget: 2,000 tokens per context block, memories older than 90 days are archived.",
    "The agent rolled back Tuesday's migration after the checkout service returned HTTP 500.",
    "Jon lost his job as a banker and decided to open a dance studio downtown.",
    "I'm allergic to peanuts, so please never suggest recipes with them.",
    "Remember: staging is read-only through Friday while the auditors review it.",
    "Project Halden goes live on 14 May; the kickoff notes are in the shared drive.",
    "def retry(call, attempts=3):\n    for n in range(attempts):\n        try:\n            return call()\n        except TimeoutError:\n            time.sleep(2 ** n)",
    " ".join(["The nightly dream job merged duplicate cards and archived stale plans."] * 12),
)


def recipe() -> str:
    """A digest of what the quantised model depends on beyond the graph (α and the calibration), for the
    model cache's tag: a change to either rebuilds cached files."""
    return hashlib.sha256(repr((ALPHA, CALIBRATION)).encode()).hexdigest()[:12]


def quantize(model: onnx.ModelProto, tokenizer_path: Path) -> onnx.ModelProto:
    """`model` (the float32 graph of `minilm_onnx.build_graph`) smoothed and dynamically quantised."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    weights = {init.name: init for init in model.graph.initializer}
    matmuls = [n for n in model.graph.node if n.op_type == "MatMul" and n.input[1] in weights]
    peaks = _input_peaks(model, [n.input[0] for n in matmuls], tokenizer_path)
    smoothed = onnx.ModelProto()
    smoothed.CopyFrom(model)
    _smooth(smoothed, {n.name: peaks[n.input[0]] for n in matmuls})
    with tempfile.TemporaryDirectory(prefix="reverie-int8-") as folder:
        out = Path(folder) / "model.onnx"
        quantize_dynamic(
            smoothed,
            out,
            nodes_to_quantize=[n.name for n in matmuls],  # attention's own MatMuls stay float32
            per_channel=True,
            weight_type=QuantType.QInt8,
        )
        return onnx.load(str(out))


def _input_peaks(model: onnx.ModelProto, names: list[str], tokenizer_path: Path) -> dict[str, npt.NDArray]:
    """max |x| per channel of each named tensor, over the tokens of the calibration sentences."""
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper
    from tokenizers import Tokenizer

    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    wanted = [name for name in dict.fromkeys(names) if name not in {o.name for o in probe.graph.output}]
    probe.graph.output.extend(helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in wanted)
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL  # every tensor as built
    session = ort.InferenceSession(probe.SerializeToString(), options, providers=["CPUExecutionProvider"])
    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=256)
    peaks: dict[str, npt.NDArray] = {}
    for text in CALIBRATION:
        ids = np.asarray(tokenizer.encode(text).ids, dtype=np.int64)[None, :]
        outputs = session.run(names, {"input_ids": ids, "attention_mask": np.ones_like(ids)})
        for name, value in zip(names, outputs, strict=True):
            peak = np.abs(value.reshape(-1, value.shape[-1])).max(axis=0)
            peaks[name] = np.maximum(peaks[name], peak) if name in peaks else peak
    return peaks


def _smooth(model: onnx.ModelProto, peaks: dict[str, npt.NDArray]) -> None:
    """Scale each named MatMul's input channels by 1/s (a Mul before it) and its weight rows by s."""
    from onnx import helper, numpy_helper

    graph = model.graph
    inits = {init.name: init for init in graph.initializer}
    nodes = []
    for node in graph.node:
        if node.name in peaks:
            weight = inits[node.input[1]]
            w = numpy_helper.to_array(weight)
            s = peaks[node.name] ** ALPHA / np.maximum(np.abs(w).max(axis=1), 1e-5) ** (1 - ALPHA)
            s = np.maximum(s, 1e-5).astype(np.float32)
            weight.CopyFrom(numpy_helper.from_array((w * s[:, None]).astype(np.float32), weight.name))
            graph.initializer.append(numpy_helper.from_array(1 / s, f"{node.name}_smooth"))
            scaled = f"{node.name}_smoothed_input"
            nodes.append(
                helper.make_node("Mul", [node.input[0], f"{node.name}_smooth"], [scaled], name=scaled)
            )
            node.input[0] = scaled
        nodes.append(node)
    del graph.node[:]
    graph.node.extend(nodes)
