"""Each stage file copied alone into an empty folder, imported in a fresh interpreter whose only project path is
that folder, and run on small inputs: what a reader who copies one file into their own trainer gets. The stage
files' command lines may need support/ (imported inside `main`); their pieces may not."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RUNS = {
    "cast_csg": """
        import random
        import cast_csg as m
        g = m.sample_graph(random.Random(0), m.EVERYDAY)
        assert g.prompt and g.atoms and all(a.question and a.answer for a in g.atoms)
        assert m.normalize("Two Red Circles.") == m.normalize("two red circle")
        mask = m.atom_mask([g, m.sample_graph(random.Random(1), m.SHAPES)])
        assert mask.dtype == torch.bool and mask.shape[0] == 2
    """,
    "cast_window": """
        import cast_window as m
        x, v = torch.randn(4, 6, 3), torch.randn(4, 6, 3)
        x1, log_prob, mean, std = m.sde_step(x, v, 0.8, 0.6, 0.7, noise=torch.randn(4, 6, 3))
        assert x1.shape == x.shape and log_prob.shape == (4, 6) and torch.isfinite(log_prob).all()
        euler = m.sde_step(x, v, 0.8, 0.6, 0.0)[0]
        torch.testing.assert_close(euler, x + (0.6 - 0.8) * v)
        tau = torch.linspace(0, 1, 10)
        knee = m.fit_knee(tau, 1 - torch.exp(-8 * tau))
        assert 0 < knee["tau_star"] < 0.6
        a, b, note = m.candidate_range(knee["tau_star"], 10, 0, 2)
        starts = m.sample_starts((a, b), 2, [torch.Generator().manual_seed(i) for i in range(8)])
        assert ((starts >= a) & (starts <= b - 2)).all()
    """,
    "cast_advantage": """
        import cast_advantage as m
        scores, mask = torch.rand(8, 3), torch.ones(8, 3, dtype=torch.bool)
        group = torch.arange(2).repeat_interleave(4)
        atom_adv = m.atom_advantages(scores, mask, group)
        assert atom_adv.shape == (8, 3) and atom_adv.abs().max() <= 5
        maps = m.unit_mean(torch.rand(8, 3, 4, 4))
        pixel_adv = m.pixel_advantage(atom_adv, maps)
        assert pixel_adv.shape == (8, 4, 4)
        uniform = m.pixel_advantage(atom_adv, torch.ones(8, 3, 4, 4))
        torch.testing.assert_close(uniform, atom_adv.sum(1).clamp(-5, 5)[:, None, None].expand(8, 4, 4))
    """,
    "cast_reward": """
        import cast_reward as m
        assert "Yes" in m.answer_spellings("yes") and "two" in m.answer_spellings("two")
        scorer = m.RandomScorer()
        class Graph:
            atoms = [object(), object()]
        scores = scorer(torch.rand(3, 3, 8, 8), [Graph()] * 3)
        assert scores.shape == (3, 2) and ((scores >= 0) & (scores <= 1)).all()
    """,
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_stage_file_copied_alone_imports_and_runs(name, tmp_path):
    shutil.copy(os.path.join(ROOT, name + ".py"), tmp_path)
    code = "import torch\ntorch.manual_seed(0)\n" + textwrap.dedent(RUNS[name])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(tmp_path), OMP_NUM_THREADS="1")
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert set(os.listdir(tmp_path)) <= {
        name + ".py",
        "__pycache__",
    }  # it wrote nothing beside itself
