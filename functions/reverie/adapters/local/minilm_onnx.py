"""all-MiniLM-L6-v2 run by onnxruntime: the ONNX graph is built from the safetensors weights, without torch.

No ONNX file of this model ships in a package we can install, and exporting one needs torch. The BERT
encoder is small and regular, so it is written here node by node with the `onnx` package's helper:
embeddings → 6 × (self-attention, feed-forward, each with a residual and LayerNormalization) → mean pooling
over the attention mask → L2 normalisation. Self-attention is ONNX's own `Attention` operator (opset 24),
told each text's length (`nonpad_kv_seqlen`): onnxruntime's kernel for it skips a text's padding instead
of adding a mask to the scores, and it was the fastest of the three ways measured here (this, the
`MultiHeadAttention` contrib operator with a padding mask, and MatMul/Softmax nodes: 294, 484 and 479 µs
for 8 texts of 31 tokens). onnxruntime fuses and runs the graph (one thread by default: the recall path
embeds one short query, where more threads only add hand-off time).

Precision "int8" (the default) quantises the float32 graph (`minilm_int8`): about 3× the sentences per
second of float32 and less than half the latency of one query (`reverie bench embedder`), at cosine ≥
0.99 to float32. Both precisions take padded batches: a text's vector does not depend on its batch-mates.
Importing `onnx` costs about a second of CPU (its ml_dtypes extension) and quantising a few more,
so the model is built once and kept as a file in the user's cache folder (`onnx_cache`, which rebuilds a
corrupt or stale file); later loads read that file with onnxruntime alone.

OpenVINO (2026.4 from PyPI, 180 MB) was measured here on the same files and batches, one thread, the two
runtimes taking turns: the int8 model at parity per CPU second (391-430 against 393-421 sentences on
`reverie bench embedder`'s sentences; 530-698 against 572-652 on the writes bench's), its vectors not the
same (cosine ≥ 0.998 to onnxruntime's); float32 257 against 245; bf16 slower (156: no AMX on this CPU).
Nothing to gain for its size. The forward pass is also flat in batch size here: 566, 604, 626, 627,
624, 598 sentences per CPU second at 4, 8, 16, 24, 32, 48 texts of 22 tokens (the embedder's 512-token
budget makes ~23).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from reverie.adapters.local.onnx_cache import content_digest, open_session

if TYPE_CHECKING:
    import onnx
    import onnxruntime

F32 = npt.NDArray[np.float32]
Precision = Literal["int8", "fp32"]

OPSET = 24  # LayerNormalization (17), Gelu (20) and Attention with nonpad_kv_seqlen (24) as single operators
IR_VERSION = 12  # the least that opset 24 needs
_HEADS = 12
_LAYER_NORM_EPS = 1e-12
GRAPH_VERSION = 3  # bump when build_graph or quantize change: cached files of older ones are then rebuilt


def cache_tag(weights_path: Path, precision: Precision, cache_dir: Path | None = None) -> str:
    """What a cached model is built from: graph version, precision (for int8, its smoothing and calibration,
    and the tokenizer it calibrates with), onnxruntime's version (its quantiser) and the weights' content."""
    import onnxruntime as ort

    if precision == "int8":
        from reverie.adapters.local.minilm_int8 import recipe

        tokenizer = content_digest(weights_path.parent / "tokenizer.json", cache_dir)
        precision_tag = f"int8 {recipe()} tokenizer {tokenizer}"
    else:
        precision_tag = precision
    weights = content_digest(weights_path, cache_dir)
    return f"{GRAPH_VERSION}|{precision_tag}|onnxruntime {ort.__version__}|weights {weights}"


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
    nodes: list[onnx.NodeProto] = []
    inits: list[onnx.TensorProto] = []

    def const(name: str, value: npt.ArrayLike, dtype: Any = np.float32) -> str:
        inits.append(numpy_helper.from_array(np.asarray(value, dtype=dtype), name))
        return name

    def node(op: str, inputs: list[str], out: str, **attrs: Any) -> str:
        nodes.append(helper.make_node(op, inputs, [out], name=out, **attrs))
        return out

    def linear(x: str, prefix: str, out: str) -> str:
        # torch's Linear stores (out, in); MatMul wants (in, out)
        wt = const(prefix + ".weight", w[prefix + ".weight"].T)
        b = const(prefix + ".bias", w[prefix + ".bias"])
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
    # each text's real length (padding is at the end): attention reads no key past it
    lengths = node("ReduceSum", ["attention_mask", "one"], "lengths", keepdims=0)
    mask = node("Cast", ["attention_mask"], "mask_f", to=TensorProto.FLOAT)

    for i in range(sum(1 for k in w if k.endswith("attention.self.query.weight"))):
        p, a = f"encoder.layer.{i}.", f"encoder.layer.{i}.attention.self."
        q, k, v = (linear(x, a + name, f"l{i}_{name[0]}") for name in ("query", "key", "value"))
        # (batch, tokens, hidden) in and out; the scale is 1/sqrt(head size) by default
        ctx = node(
            "Attention", [q, k, v, "", "", "", lengths], f"l{i}_ctx", q_num_heads=_HEADS, kv_num_heads=_HEADS
        )
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
    model.ir_version = IR_VERSION
    return model


class OnnxEncoder:
    """An onnxruntime session over the model above; `encode(ids, mask)` gives unit sentence vectors.

    Either precision takes padded batches and gives each text the vector it gets alone (to 1e-6): every
    operator works on one token or one text at a time, and int8's activation scales are fixed.
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
        self._session: onnxruntime.InferenceSession = open_session(
            f"all-MiniLM-L6-v2-{precision}",
            cache_tag(weights_path, precision, cache_dir),
            lambda: build_model(weights_path, precision),
            options,
            cache_dir,
            # Fusing each residual Add into LayerNormalization made the dynamic int8 model 18% slower here
            # and gains nothing measurable for the static one (402 against 407 sentences per CPU second).
            disabled_optimizers=("SkipLayerNormFusion",),
        )

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> F32:
        """Sentence vectors (batch, 384) for token ids and attention mask (batch, tokens)."""
        (out,) = self._session.run(["sentence_embedding"], {"input_ids": ids, "attention_mask": mask})
        return np.asarray(out, dtype=np.float32)
