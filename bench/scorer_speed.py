"""bench/scorer_speed.py: VLMScorer (image, question) pairs per second on the tiny Qwen3-VL and Qwen2.5-VL of
tests/test_reward.py (random weights, CPU, one thread): 8 images x 6 atoms = 48 pairs, best of 3 calls.

    python bench/scorer_speed.py --size 512                      # this checkout's support/vlm.py
    mkdir -p /tmp/before && git show 0a0bd52:cast_reward.py > /tmp/before/cast_reward.py
    python bench/scorer_speed.py --size 512 --reward-dir /tmp/before   # one forward per (image, question)

Tiny models measure the structure of the work (how often the vision tower and the image prefix run), not a real
VLM's speed: at 512 px an image is 256 tokens after the 2x2 merge and a question about 20, as with Qwen3-VL-8B.
"""
import argparse
import importlib
import os
import sys
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=512, help="image side in pixels")
    ap.add_argument("--reward-dir", default=ROOT,
                    help="folder whose VLMScorer is timed (its cast_reward.py, or an older checkout's cast_vlm.py)")
    args = ap.parse_args()
    sys.path[:0] = [os.path.abspath(args.reward_dir), ROOT, os.path.join(ROOT, "tests")]
    torch.set_num_threads(1)
    here = "cast_vlm" if os.path.isfile(os.path.join(args.reward_dir, "cast_vlm.py")) else "cast_reward"
    scorers = importlib.import_module(here)
    from test_reward import tiny_qwen3, tiny_qwen25, tiny_tokenizer, two_cubes_left_of_a_cat
    tok = tiny_tokenizer()
    images = torch.rand(8, 3, args.size, args.size, generator=torch.Generator().manual_seed(0))
    graphs = [two_cubes_left_of_a_cat()] * 8
    pairs = sum(len(g.atoms) for g in graphs)
    print(f"{here}: {scorers.__file__}")
    for name, build in (("qwen3_vl", tiny_qwen3), ("qwen2_5_vl", tiny_qwen25)):
        model, ip = build(tok)
        scorer = scorers.VLMScorer.from_components(model, tok, ip, batch_size=16)
        scorer(images[:2], graphs[:2])                                    # warm-up
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            scorer(images, graphs)
            best = min(best, time.perf_counter() - t0)
        print(f"{name}: {pairs / best:.1f} pairs/s ({best:.3f} s for {pairs} pairs, 8 images {args.size} px)")


if __name__ == "__main__":
    main()
