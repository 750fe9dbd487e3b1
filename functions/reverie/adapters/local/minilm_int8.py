"""all-MiniLM-L6-v2 in int8 with fixed activation scales: a text's vector does not depend on its batch-mates.

Each weight MatMul becomes onnxruntime's `MatMulIntegerToFloat`: the weights in int8 with one scale per
output column, the input quantised to uint8 with ONE scale and zero point that are fixed when the model is
built (static quantisation), from the range the input takes over a few calibration sentences
(`CALIBRATION`). Integer products are exact and the scales do not depend on the call, so a padded batch
gives every text the vector it gets alone (to 1e-6: the float parts, attention and LayerNorm, work per
text and per token), and the embedder can batch the int8 model. Dynamic quantisation (one scale per
call, measured from the whole batch) could not batch without batch-mates moving each other's vectors.

BERT's hidden states have a few channels far larger than the rest, so one scale for the whole input
leaves the other channels a handful of levels. SmoothQuant (Xiao et al., 2023) moves the outliers into
the weights first: for each input channel j, s_j = max|x_j|^α / max|W_j|^(1-α), the input is multiplied
by 1/s (a Mul before the quantiser) and row j of W by s, which leaves the product unchanged in exact
arithmetic while both sides become easy to quantise. The MatMuls that read the same input (query, key
and value) share one s (over their three weights) and one quantiser. The attention output's input needs
no smoothing (`ALPHA`, measured: cosine to float32 0.9958 without it, 0.9946 with it). With α = 0.7 the
vectors stay at cosine ≥ 0.99 to float32 (least 0.996 on the bench's sample, 0.992 on the reference
sentences and on 900 LoCoMo turns and questions; tests/contract/test_embedder.py). The calibration
sentences are none of the test's reference sentences.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    import onnx

F32 = npt.NDArray[np.float32]

# How much of the outliers moves into the weights, by what a MatMul's weight does (0: no smoothing, the
# input goes to the quantiser as it is). 0.6 and 0.8 kept less of the vectors.
ALPHA = {
    "attention.self.query": 0.7,
    "attention.self.key": 0.7,
    "attention.self.value": 0.7,
    "attention.output.dense": 0.0,
    "intermediate.dense": 0.7,
    "output.dense": 0.7,
}

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
    return hashlib.sha256(repr(("static", ALPHA, CALIBRATION)).encode()).hexdigest()[:12]


def quantize(model: onnx.ModelProto, tokenizer_path: Path) -> onnx.ModelProto:
    """`model` (the float32 graph of `minilm_onnx.build_graph`) with every weight MatMul and its bias Add
    replaced by a smoothed, statically quantised `MatMulIntegerToFloat`."""
    from onnx import helper

    graph = model.graph
    weights = {init.name: init for init in graph.initializer}
    matmuls = [n for n in graph.node if n.op_type == "MatMul" and n.input[1] in weights]
    readers: dict[str, list[onnx.NodeProto]] = {}
    for n in matmuls:
        readers.setdefault(n.input[0], []).append(n)
    low, high = _input_ranges(model, list(readers), tokenizer_path)
    bias_adds = {n.input[0]: n for n in graph.node if n.op_type == "Add" and n.input[1] in weights}
    replaced: dict[str, list[onnx.NodeProto]] = {}  # first MatMul reading an input → the nodes for all
    dropped: set[str] = set()
    added: list[onnx.TensorProto] = []
    for name, group in readers.items():
        nodes, tensors = _quantized(name, group, weights, bias_adds, low[name], high[name])
        replaced[group[0].name] = nodes
        added += tensors
        dropped.update(n.name for n in group)
        dropped.update(bias_adds[n.output[0]].name for n in group)
    kept: list[onnx.NodeProto] = []
    for n in graph.node:
        kept += replaced.get(n.name, [])
        if n.name not in dropped:
            kept.append(n)
    del graph.node[:]
    graph.node.extend(kept)
    used = {name for n in kept for name in n.input}
    initializers = [init for init in graph.initializer if init.name in used]
    del graph.initializer[:]
    graph.initializer.extend([*initializers, *added])
    model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    return model


def _role(weight_name: str) -> str:
    """What a weight does ("attention.self.query", ...), from its name (encoder.layer.N.<role>.weight)."""
    return next(role for role in ALPHA if weight_name.endswith(f".{role}.weight"))


def _quantized(
    name: str,
    group: list[onnx.NodeProto],
    weights: dict[str, onnx.TensorProto],
    bias_adds: dict[str, onnx.NodeProto],
    low: F32,
    high: F32,
) -> tuple[list[onnx.NodeProto], list[onnx.TensorProto]]:
    """The nodes that replace the MatMuls of `group` (all reading `name`) and their bias Adds: one smoothing
    Mul (unless α is 0) and one quantiser for the input, then one MatMulIntegerToFloat per MatMul."""
    from onnx import helper, numpy_helper

    w = [numpy_helper.to_array(weights[n.input[1]]) for n in group]
    (alpha,) = {ALPHA[_role(n.input[1])] for n in group}
    if alpha > 0:
        w_peak = np.maximum(np.max([np.abs(m).max(axis=1) for m in w], axis=0), 1e-5)
        x_peak = np.maximum(np.abs(low), np.abs(high))
        smooth = np.maximum(x_peak**alpha / w_peak ** (1 - alpha), 1e-5).astype(np.float32)
    else:
        smooth = np.ones_like(low)
    lo, hi = min(0.0, float((low / smooth).min())), max(0.0, float((high / smooth).max()))
    scale = np.float32((hi - lo) / 255)
    zero_point = np.uint8(np.clip(round(-lo / scale), 0, 255))
    tensors = [
        numpy_helper.from_array(np.asarray(scale), f"{name}_scale"),
        numpy_helper.from_array(np.asarray(zero_point), f"{name}_zero_point"),
    ]
    nodes = []
    x = name
    if alpha > 0:
        tensors.append(numpy_helper.from_array(1 / smooth, f"{name}_smooth"))
        x = f"{name}_smoothed"
        nodes.append(helper.make_node("Mul", [name, f"{name}_smooth"], [x], name=x))
    quantized = f"{name}_quantized"
    nodes.append(
        helper.make_node(
            "QuantizeLinear", [x, f"{name}_scale", f"{name}_zero_point"], [quantized], name=quantized
        )
    )
    for n, matrix in zip(group, w, strict=True):
        rows = matrix * smooth[:, None]
        column_scale = np.maximum(np.abs(rows).max(axis=0) / 127, 1e-12).astype(np.float32)
        codes = np.clip(np.round(rows / column_scale), -127, 127).astype(np.int8)
        weight = n.input[1]
        tensors += [
            numpy_helper.from_array(codes, f"{weight}_int8"),
            numpy_helper.from_array(column_scale, f"{weight}_scale"),
            numpy_helper.from_array(np.zeros_like(codes[0]), f"{weight}_zero_point"),
        ]
        add = bias_adds[n.output[0]]
        inputs = [quantized, f"{weight}_int8", f"{name}_scale", f"{weight}_scale"]
        inputs += [f"{name}_zero_point", f"{weight}_zero_point", add.input[1]]
        nodes.append(
            helper.make_node(
                "MatMulIntegerToFloat", inputs, [add.output[0]], name=f"{n.name}_int8", domain="com.microsoft"
            )
        )
    return nodes, tensors


def _input_ranges(
    model: onnx.ModelProto, names: Iterable[str], tokenizer_path: Path
) -> tuple[dict[str, F32], dict[str, F32]]:
    """The least and the greatest value per channel of each named tensor, over the tokens of the
    calibration sentences (each run alone, so without padding)."""
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper
    from tokenizers import Tokenizer

    names = list(names)
    probe = onnx.ModelProto()
    probe.CopyFrom(model)
    probe.graph.output.extend(helper.make_tensor_value_info(n, TensorProto.FLOAT, None) for n in names)
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL  # every tensor as built
    session = ort.InferenceSession(probe.SerializeToString(), options, providers=["CPUExecutionProvider"])
    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    tokenizer.no_padding()
    tokenizer.enable_truncation(max_length=256)
    low: dict[str, F32] = {}
    high: dict[str, F32] = {}
    for text in CALIBRATION:
        ids = np.asarray(tokenizer.encode(text).ids, dtype=np.int64)[None, :]
        outputs = session.run(names, {"input_ids": ids, "attention_mask": np.ones_like(ids)})
        for name, value in zip(names, outputs, strict=True):
            rows = value.reshape(-1, value.shape[-1])
            low[name] = np.minimum(low[name], rows.min(axis=0)) if name in low else rows.min(axis=0)
            high[name] = np.maximum(high[name], rows.max(axis=0)) if name in high else rows.max(axis=0)
    return low, high
