"""all-MiniLM-L6-v2 as a plain numpy forward pass: the fallback where onnxruntime is not installed, and the
baseline `reverie bench embedder` measures the onnxruntime path against.

It matches sentence-transformers' pipeline for this model: BERT encoder → mean pooling over the attention
mask → L2 normalisation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]

_HEADS = 12
_LAYER_NORM_EPS = np.float32(1e-12)
_MASKED = np.float32(-1e30)  # added to attention scores of padding; exp() of it is exactly 0

# --- exact GELU -----------------------------------------------------------------------------------------
# BERT's GELU is x·(1 + erf(x/√2))/2, not the tanh approximation. erf(z) ≈ z·P(z²)/Q(z²) on [-4, 4] (±1 in
# float32 outside) is the rational approximation Eigen and XLA use for float32 (within ~4e-7 of math.erf).
# The coefficients below have z = x/√2 and the factor 1/2 folded in: GELU(x) = x·(1/2 + x·P'(x²)/Q'(x²)).
_ERF_ALPHA = (-1.60960333262415e-02, -2.95459980854025e-03, -7.34990630326855e-04, -5.69250639462346e-05,
              -2.10102402082508e-06, 2.77068142495902e-08, -2.72614225801306e-10)  # fmt: skip
_ERF_BETA = (-1.42647390514189e-02, -7.37332916720468e-03, -1.68282697438203e-03, -2.13374055278905e-04,
             -1.45660718464996e-05)  # fmt: skip
# lowest order first above; highest first below, for Horner's rule
_GELU_P = [np.float32(a / 2**i / (2 * math.sqrt(2.0))) for i, a in enumerate(_ERF_ALPHA)][::-1]
_GELU_Q = [np.float32(b / 2**i) for i, b in enumerate(_ERF_BETA)][::-1]
_GELU_CLIP = np.float32(4.0 * math.sqrt(2.0))
_GELU_CHUNK = 16384  # elements per step, so the temporaries stay in cache


def gelu_(h: F32) -> F32:
    """Exact (erf) GELU of a 2-D float32 array, in place, a few rows at a time."""
    rows = max(1, _GELU_CHUNK // h.shape[1])
    for start in range(0, h.shape[0], rows):
        x = h[start : start + rows]
        c = np.clip(x, -_GELU_CLIP, _GELU_CLIP)
        v = c * c
        p = v * _GELU_P[0] + _GELU_P[1]
        for k in _GELU_P[2:]:
            p *= v
            p += k
        p *= c
        q = v * _GELU_Q[0] + _GELU_Q[1]
        for k in _GELU_Q[2:]:
            q *= v
            q += k
        p /= q
        p += np.float32(0.5)
        x *= p
    return h


def _layer_norm(x: F32, gamma: F32, beta: F32) -> F32:
    mean = x.mean(axis=-1, keepdims=True)
    x = x - mean
    var = np.einsum("ij,ij->i", x, x)[:, None] / np.float32(x.shape[-1])
    x /= np.sqrt(var + _LAYER_NORM_EPS)
    x *= gamma
    x += beta
    return x


@dataclass(frozen=True)
class _Layer:
    qkv_w: F32  # (384, 1152): query (pre-scaled by 1/√head_dim), key, value side by side
    qkv_b: F32
    out_w: F32
    out_b: F32
    ln1_g: F32
    ln1_b: F32
    ffn_in_w: F32
    ffn_in_b: F32
    ffn_out_w: F32
    ffn_out_b: F32
    ln2_g: F32
    ln2_b: F32


@dataclass(frozen=True)
class _Weights:
    word: F32
    position: F32  # position embeddings with token type 0 already added
    ln_g: F32
    ln_b: F32
    layers: tuple[_Layer, ...]


def _load_weights(path: Path) -> _Weights:
    from safetensors.numpy import load_file

    w = {k: np.ascontiguousarray(v, dtype=np.float32) for k, v in load_file(str(path)).items()}

    def t(name: str) -> F32:  # torch Linear stores (out, in); x @ W wants (in, out)
        return np.ascontiguousarray(w[name].T)

    hidden = w["embeddings.word_embeddings.weight"].shape[1]
    scale = np.float32(1.0 / math.sqrt(hidden // _HEADS))
    layers = []
    for i in range(sum(1 for k in w if k.endswith("attention.self.query.weight"))):
        p = f"encoder.layer.{i}."
        a = p + "attention.self."
        layers.append(
            _Layer(
                qkv_w=np.ascontiguousarray(
                    np.concatenate(
                        [t(a + "query.weight") * scale, t(a + "key.weight"), t(a + "value.weight")], 1
                    )
                ),
                qkv_b=np.concatenate([w[a + "query.bias"] * scale, w[a + "key.bias"], w[a + "value.bias"]]),
                out_w=t(p + "attention.output.dense.weight"),
                out_b=w[p + "attention.output.dense.bias"],
                ln1_g=w[p + "attention.output.LayerNorm.weight"],
                ln1_b=w[p + "attention.output.LayerNorm.bias"],
                ffn_in_w=t(p + "intermediate.dense.weight"),
                ffn_in_b=w[p + "intermediate.dense.bias"],
                ffn_out_w=t(p + "output.dense.weight"),
                ffn_out_b=w[p + "output.dense.bias"],
                ln2_g=w[p + "output.LayerNorm.weight"],
                ln2_b=w[p + "output.LayerNorm.bias"],
            )
        )
    return _Weights(
        word=w["embeddings.word_embeddings.weight"],
        position=w["embeddings.position_embeddings.weight"] + w["embeddings.token_type_embeddings.weight"][0],
        ln_g=w["embeddings.LayerNorm.weight"],
        ln_b=w["embeddings.LayerNorm.bias"],
        layers=tuple(layers),
    )


def _encode(wts: _Weights, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.bool_] | None) -> F32:
    """Sentence vectors (B, hidden) for token ids (B, L); `mask` marks real tokens (None: no padding)."""
    b, n = ids.shape
    hidden = wts.word.shape[1]
    d = hidden // _HEADS
    x = _layer_norm((wts.word[ids] + wts.position[:n]).reshape(b * n, hidden), wts.ln_g, wts.ln_b)
    bias = None if mask is None else np.where(mask, np.float32(0.0), _MASKED)[:, None, None, :]
    for lyr in wts.layers:
        qkv = x @ lyr.qkv_w
        qkv += lyr.qkv_b
        qkv = qkv.reshape(b, n, 3, _HEADS, d).transpose(2, 0, 3, 1, 4)
        scores = qkv[0] @ qkv[1].transpose(0, 1, 3, 2)  # (B, heads, L, L)
        if bias is not None:
            scores += bias
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        ctx = (scores @ qkv[2]).transpose(0, 2, 1, 3).reshape(b * n, hidden)
        attn = ctx @ lyr.out_w
        attn += lyr.out_b
        attn += x
        x = _layer_norm(attn, lyr.ln1_g, lyr.ln1_b)
        h = x @ lyr.ffn_in_w
        h += lyr.ffn_in_b
        out = gelu_(h) @ lyr.ffn_out_w
        out += lyr.ffn_out_b
        out += x
        x = _layer_norm(out, lyr.ln2_g, lyr.ln2_b)
    tokens = x.reshape(b, n, hidden)
    if mask is None:
        pooled = tokens.mean(axis=1)
    else:
        m = mask.astype(np.float32)
        pooled = np.einsum("bnh,bn->bh", tokens, m) / np.maximum(m.sum(axis=1, keepdims=True), 1e-9)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return (pooled / np.maximum(norms, np.float32(1e-12))).astype(np.float32, copy=False)


class NumpyEncoder:
    """The forward pass above over weights loaded from a safetensors file."""

    def __init__(self, weights_path: Path) -> None:
        self._weights = _load_weights(weights_path)

    def encode(self, ids: npt.NDArray[np.int64], mask: npt.NDArray[np.int64]) -> F32:
        """Sentence vectors (batch, 384) for token ids and attention mask (batch, tokens)."""
        keep = mask.astype(np.bool_)
        return _encode(self._weights, ids, None if keep.all() else keep)
