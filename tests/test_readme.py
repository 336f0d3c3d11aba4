"""Every command in the README (code blocks and code spans) parses with its program's real argument parser, so a
renamed or removed flag, subcommand or script fails here. Parsing stops right after argparse (`parse_args`
returns), before any check of paths or models: the commands name folders this machine does not have. `--help`
alone would prove nothing, since argparse exits on it before it sees an unknown flag."""

import argparse
import importlib
import os
import re
import shlex
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS = {
    "cast_train.py": "cast_train",
    "cast_window.py": "cast_window",
    "cast_csg.py": "cast_csg",
    "cast_reward.py": "cast_reward",
    "cast_advantage.py": "cast_advantage",
}


def readme_commands():
    """(module, argv) of every python / torchrun command in the README: its fenced code blocks and its code spans."""
    text = open(os.path.join(ROOT, "README.md")).read()
    blocks = re.findall(r"```(?:bash)?\n(.*?)```", text, re.S)
    spans = re.findall(r"`((?:python|torchrun) [^`]*)`", re.sub(r"```.*?```", "", text, flags=re.S))
    found = []
    for block in blocks + spans:
        for line in block.replace("\\\n", " ").splitlines():
            for command in line.split("#")[0].split("&&"):
                words = shlex.split(command)
                if not words or words[0] not in ("python", "torchrun"):
                    continue
                if "-m" in words and words[0] == "python":
                    module, argv = words[words.index("-m") + 1], words[words.index("-m") + 2 :]
                else:
                    script = next(w for w in words if w.endswith(".py"))
                    argv = words[words.index(script) + 1 :]
                    module = PROGRAMS.get(script) or script[:-3].replace("/", ".")
                if module != "pytest":
                    found.append((module, argv))
    return found


class Parsed(Exception):
    pass


def test_the_readme_has_commands_to_check():
    modules = {m for m, _ in readme_commands()}
    assert {"cast_train", "cast_window", "cast_csg", "cast_reward", "cast_advantage"} <= modules


@pytest.mark.parametrize(
    "module,argv", readme_commands(), ids=lambda v: " ".join(v) if isinstance(v, list) else v
)
def test_every_readme_command_parses(monkeypatch, module, argv):
    real = argparse.ArgumentParser.parse_args

    def parse_then_stop(self, args=None, namespace=None):
        result = real(self, args, namespace)  # an unknown flag or a bad choice exits here (code 2)
        if self.prog != "parse_then_stop" and not getattr(self, "_is_subparser", False):
            raise Parsed(vars(result))
        return result

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
    if ROOT + "/bench" not in sys.path:
        monkeypatch.syspath_prepend(os.path.join(ROOT, "bench"))
    main = importlib.import_module(module.replace("bench.", "")).main
    with pytest.raises(Parsed):
        main(argv)
