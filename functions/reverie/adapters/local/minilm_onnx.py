"""all-MiniLM-L6-v2 run by onnxruntime: the ONNX graph is built from the safetensors weights, without torch.

No ONNX file of this model ships in a package we can install, and exporting one needs torch. The BERT
encoder is small and regular, so it is written here node by node with the `onnx` package's helper:
embeddings → 6 × (self-attention, feed-forward, each with a residual and LayerNormalization) → mean pooling
over the attention mask → L2 normalisation. onnxruntime fuses and runs it (one thread by default: the
recall path embeds one short query, where more threads only add hand-off time).

Precision "int8" (the default) quantises the float32 graph (`minilm_int8`): about 2× the sentences per
second and less than half the latency of one query (`reverie bench embedder`), at cosine ≥ 0.99 to
float32. Importing `onnx` costs about a second of CPU (its ml_dtypes extension) and quantising a few more,
so the model is built once and kept as a file in the user's cache folder (`onnx_cache`, which rebuilds a
corrupt or stale file); later loads read that file with onnxruntime alone.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from reverie.adapters.local.onnx_cache import open_session

if TYPE_CHECKING:
    import onnx
    import onnxruntime

F32 = npt.NDArray[np.float32]
Precision = Literal["int8", "fp32"]

OPSET = 20  # LayerNormalization (17) and Gelu (20) as single operators
_HEADS = 12
_LAYER_NORM_EPS = 1e-12
_MASKED = -1e30  # added to the attention scores of padding: exp() of it is exactly 0
GRAPH_VERSION = 2  # bump when build_graph or quantize change: cached files of older ones are then rebuilt


def cache_tag(weights_path: Path, precision: Precision) -> str:
    """What a cached model is built from: graph version, precision (for int8, its smoothing and calibration),
    onnxruntime's version (its quantiser) and the weights file (path, size, modification time)."""
    import onnxruntime as ort

    stat = weights_path.stat()
    if precision == "int8":
        from reverie.adapters.local.minilm_int8 import recipe

        precision_tag = f"int8 {recipe()}"
    else:
        precision_tag = precision
    return (
        f"{GRAPH_VERSION}|{precision_tag}|onnxruntime {ort.__version__}|"
        f"{weights_path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    )


def build_model(weights_path: Path, precision: Precision) -> onnx.ModelProto:
    """The float32 graph, quantised when `precision` is "int8" (calibrated with the tokenizer beside the
    weights)."""
    model = build_graph(weights_path)
    if precision == "fp32":
        return model
    from reverie.adapters.local.minilm_int8 import quantize

    return quantize(model, weights_path.parent / "tokenizer.json")


def build_graph(weights_path: Path) -> onnx.ModelProto:
    """The encoder as an ONNX model: inputs `input_ids` and `attention_mask` (int64, batch × tokens),
    output `sentence_embedding` (float32, batch × 384, unit length)."""
    from onnx import TensorProto, helper, numpy_helper
    from safetensors.numpy import load_file

    w = {k: np.ascontiguousarray(v, dtype=np.float32) for k, v in load_file(str(weights_path)).items()}
    hidden = w["embeddings.word_embeddings.weight"].shape[1]
    head_dim = hidden // _HEADS
    nodes: list[onnx.NodeProto] = []
    inits: list[onnx.TensorProto] = []

    def const(name: str, value: npt.ArrayLike, dtype: Any = np.float32) -> str:
        inits.append(numpy_helper.from_array(np.asarray(value, dtype=dtype), name))
        return name

    def node(op: str, inputs: list[str], out: str, **attrs: Any) -> str:
        nodes.append(helper.make_node(op, inputs, [out], name=out, **attrs))
        return out

    def linear(x: str, prefix: str, out: str, scale: float = 1.0) -> str:
        # torch's Linear stores (out, in); MatMul wants (in, out)
        wt = const(prefix + ".weight", w[prefix + ".weight"].T * np.float32(scale))
        b = const(prefix + ".bias", w[prefix + ".bias"] * np.float32(scale))
        return node("Add", [node("MatMul", [x, wt], out + "_mm"), b], out)

    def layer_norm(x: str, prefix: str, out: str) -> str:
        g, b = const(prefix + ".weight", w[prefix + ".weight"]), const(prefix + ".bias", w[prefix + ".bias"])
        return node("LayerNormalization", [x, g, b], out, axis=-1, epsilon=_LAYER_NORM_EPS)

    # embeddings: word + position (token type 0 folded in), then LayerNorm
    const("word_emb", w["embeddings.word_embeddings.weight"])
    const(
        "pos_emb",
        w["embeddings.position_embeddings.weight"] + w["embeddings.token_type_embeddings.weight"][0],
    )
    const("zero", [0], np.int64)
    const("one", [1], np.int64)
    shape = node("Shape", ["input_ids"], "ids_shape")
    length = node("Slice", [shape, "one", const("two", [2], np.int64)], "seq_len")
    positions = node("Slice", ["pos_emb", "zero", length, "zero"], "positions")
    x = node("Add", [node("Gather", ["word_emb", "input_ids"], "words"), positions], "emb_sum")
    x = layer_norm(x, "embeddings.LayerNorm", "emb")
    # attention bias: 0 for tokens, -1e30 for padding, shaped (batch, 1, 1, tokens)
    mask = node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)
    bias = node("Mul", [node("Sub", [const("f_one", 1.0), mask], "unmask"), const("masked", _MASKED)], "bias")
    bias = node("Unsqueeze", [bias, const("axes_12", [1, 2], np.int64)], "bias4")
    heads = const("heads_shape", [0, 0, _HEADS, head_dim], np.int64)
    merged = const("merged_shape", [0, 0, hidden], np.int64)

    for i in range(sum(1 for k in w if k.endswith("attention.self.query.weight"))):
        p, a = f"encoder.layer.{i}.", f"encoder.layer.{i}.attention.self."
        scale = 1.0 / math.sqrt(head_dim)
        q = node("Reshape", [linear(x, a + "query", f"l{i}_q", scale), heads], f"l{i}_q4")
        k = node("Reshape", [linear(x, a + "key", f"l{i}_k"), heads], f"l{i}_k4")
        v = node("Reshape", [linear(x, a + "value", f"l{i}_v"), heads], f"l{i}_v4")
        q = node("Transpose", [q], f"l{i}_qt", perm=[0, 2, 1, 3])
        k = node("Transpose", [k], f"l{i}_kt", perm=[0, 2, 3, 1])
        v = node("Transpose", [v], f"l{i}_vt", perm=[0, 2, 1, 3])
        scores = node("Add", [node("MatMul", [q, k], f"l{i}_qk"), bias], f"l{i}_scores")
        probs = node("Softmax", [scores], f"l{i}_probs", axis=-1)
        ctx = node("Transpose", [node("MatMul", [probs, v], f"l{i}_ctx4")], f"l{i}_ctxt", perm=[0, 2, 1, 3])
        ctx = node("Reshape", [ctx, merged], f"l{i}_ctx")
        attn = node("Add", [linear(ctx, p + "attention.output.dense", f"l{i}_attn"), x], f"l{i}_res1")
        x = layer_norm(attn, p + "attention.output.LayerNorm", f"l{i}_ln1")
        h = node("Gelu", [linear(x, p + "intermediate.dense", f"l{i}_ffn_in")], f"l{i}_gelu")
        out = node("Add", [linear(h, p + "output.dense", f"l{i}_ffn_out"), x], f"l{i}_res2")
        x = layer_norm(out, p + "output.LayerNorm", f"l{i}_ln2")

    # mean pooling over real tokens, then unit length
    m3 = node("Unsqueeze", [mask, const("axis_2", [2], np.int64)], "mask3")
    summed = node("ReduceSum", [node("Mul", [x, m3], "masked_tokens"), "one"], "summed", keepdims=0)
    count = node("Max", [node("ReduceSum", [m3, "one"], "count", keepdims=0), const("eps9", 1e-9)], "count_c")
    pooled = node("Div", [summed, count], "pooled")
    norm = node(
        "Max", [node("ReduceL2", [pooled, "one"], "norm", keepdims=1), const("eps12", 1e-12)], "norm_c"
    )
    node("Div", [pooled, norm], "sentence_embedding")

    ids = helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"])
    am = helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "tokens"])
    out_info = helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", hidden])
    graph = helper.make_graph(nodes, "all-MiniLM-L6-v2", [ids, am], [out_info], initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="reverie")
    model.ir_version = 10  # what onnxruntime 1.20+ reads
    return model


class OnnxEncoder:
    """An onnxruntime session over the model above; `encode(ids, mask)` gives unit sentence vectors.

    `batches` says whether it takes padded batches: the int8 model quantises a call's input with one scale,
    so it is given one text at a time (its vector then depends on nothing but the text).
    """

    def __init__(
        self,
        weights_path: Path,
        threads: int = 1,
        cache_dir: Path | None = None,
        precision: Precision = "int8",
    ) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")  # no busy-wait between calls
        options.log_severity_level = 3
        self.precision: Precision = precision
        self.batches = precision == "fp32"
        self._session: onnxruntime.InferenceSession = open_session(
            f"all-MiniLM-L6-v2-{precision}",
            cache_tag(weights_path, precision),
            lambda: build_model(weights_path, precision),
            options,
            cache_dir,
            # Fusing each residual Add into LayerNormalization makes the int8 model 18% slower here (216
            # against 264 sentences per CPU second, the same vectors to 1e-6 of cosine); float32 is unchanged.
            disabled_optimizers=("SkipLayerNormFusion",),
        )

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> F32:
        """Sentence vectors (batch, 384) for token ids and attention mask (batch, tokens)."""
        (out,) = self._session.run(["sentence_embedding"], {"input_ids": ids, "attention_mask": mask})
        return np.asarray(out, dtype=np.float32)
