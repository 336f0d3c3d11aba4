"""bench/credit.py: token shares of a mask, the oracle maps from the verifier's masks, the table end to end on a tiny
random model."""
import os
import random
import sys

import torch

from cast_csg import read_prompt
from support.shapes import draw_graph
from tiny import save_tiny_shapes

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
import credit  # noqa: E402


def test_token_shares_are_the_patch_fraction_inside_the_mask():
    m = torch.zeros(1, 8, 8, dtype=torch.bool)
    m[0, :4, :2] = True                                         # half of the top-left 4x4 patch
    shares = credit.token_shares(m, (2, 2))
    assert shares.tolist() == [[0.5, 0.0, 0.0, 0.0]]


def test_oracle_maps_cover_the_drawn_object_and_the_whole_image_for_a_missing_one():
    drawn = read_prompt("a red circle to the left of a blue square")
    image = torch.from_numpy(draw_graph(drawn, random.Random(0))[0]).float()
    maps = credit.evidence_maps(image[None], [drawn], (8, 8))
    torch.testing.assert_close(maps.mean((-2, -1)), torch.ones(1, len(drawn.atoms)))      # unit mean
    circle, square = (next(k for k, a in enumerate(drawn.atoms) if a.kind == "object" and a.entity == e)
                      for e in (0, 1))
    left = maps[0, circle].sum(0).nonzero().float().mean()          # the circle's columns lie left of the square's
    assert left < maps[0, square].sum(0).nonzero().float().mean() and (maps[0, circle] == 0).float().mean() > 0.5
    relation = next(k for k, a in enumerate(drawn.atoms) if a.kind == "relation")
    assert torch.equal(maps[0, relation] > 0, (maps[0, circle] > 0) | (maps[0, square] > 0))
    missing = read_prompt("a green triangle")                        # nothing green drawn: the uniform map
    assert torch.equal(credit.evidence_maps(image[None], [missing], (8, 8))[0], torch.ones(len(missing.atoms), 8, 8))


def test_credit_table_end_to_end_on_a_tiny_model(tmp_path, capsys):
    weights = save_tiny_shapes(tmp_path / "tiny.safetensors")
    rows, stats = credit.main(["--weights", weights, "--n", "2", "--group-size", "2"])
    printed = capsys.readouterr().out
    assert "**dit maps**" in printed and "**oracle maps**" in printed and "2 prompts x 2 samples" in printed
    for source in ("dit", "oracle"):
        assert len(stats[source]["clipped"]) == 2 and all(0 <= c <= 1 for c in stats[source]["clipped"])
        assert all(r["sign"] in "+-" and -1e-6 <= r["own"] + r["other"] + r["background"] <= 1 + 1e-6
                   for r in rows[source])

