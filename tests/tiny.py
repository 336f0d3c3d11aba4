"""Tiny things for the training tests, importable by a torchrun child as `tests.tiny`: a small random shapes model
saved like the shipped base model, and a smooth toy scorer whose scores vary between samples of random models."""

import json
import os

import torch
from safetensors.torch import save_file

from support.shapes import SHAPES_CONFIG, ShapesModel

TINY_SHAPES = dict(
    SHAPES_CONFIG,
    head_features=4,
    transformer=dict(
        SHAPES_CONFIG["transformer"],
        out_channels=48 + 4 * 16,
        num_layers=1,
        num_single_layers=1,
        attention_head_dim=16,
        num_attention_heads=2,
        axes_dims_rope=(4, 6, 6),
    ),
)


def save_tiny_shapes(path, seed=0):
    """A random shapes model (its zero-initialized output layers re-drawn, so the policy moves) at `path`."""
    torch.manual_seed(seed)
    model = ShapesModel(TINY_SHAPES)
    for layer in (model.transformer.proj_out, model.head[-1]):
        torch.nn.init.normal_(layer.weight, std=0.3)
    save_file(
        {k: v.contiguous() for k, v in model.state_dict().items()},
        str(path),
        metadata={"config": json.dumps(TINY_SHAPES), "guidance_scale": "1.0"},
    )
    return str(path)


def toy_scorer(images, graphs):
    """Scores [N, K] in [0, 1]: atom k scores the mean of color channel k mod 3. Smooth in the pixels, so tiny
    float differences between runs never flip a score, and different samples of a prompt score differently."""
    K = max(len(g.atoms) for g in graphs)
    means = images.float().mean((2, 3))  # [N, 3]
    scores = torch.zeros(len(graphs), K)
    for i, g in enumerate(graphs):
        for k in range(len(g.atoms)):
            scores[i, k] = means[i, k % 3]
    return scores


def _slow_writes():
    """Each file a checkpoint writes takes half a second longer in this process: tests/test_faults.py sets
    CAST_TEST_SLOW_CHECKPOINTS in a torchrun child's environment (which loads this module for --scorer-path
    tests.tiny:toy_scorer), a window wide enough to kill a worker while rank 0 writes. Nothing else changes."""
    import time

    from support import checkpoint

    write = checkpoint.save_file

    def slow(tensors, path, *args, **kwargs):
        write(tensors, path, *args, **kwargs)
        if "checkpoints" in str(path):
            time.sleep(0.5)

    checkpoint.save_file = slow


if os.environ.get("CAST_TEST_SLOW_CHECKPOINTS"):
    _slow_writes()
