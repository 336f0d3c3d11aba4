"""The layout of docs/DESIGN.md, read with ast from every import (at the top of a file or inside a function): the top
level holds exactly the five method files; cast_csg imports no project module (but, inside `main`, the prompt files'
readers support/prompt_files and the LLM route support/llm_graphs); support/ imports cast_csg and itself, never another method file; neither the method files nor
support/ import a circle; the four stage files import no project module at import time; and no file uses pickle.
Line lengths and layout are ruff's (pyproject.toml, run by .ci/run)."""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
METHOD_FILES = {"cast_csg", "cast_window", "cast_reward", "cast_advantage", "cast_train"}


SUPPORT_FOLDERS = (
    "support",
    "support/real",
    "support/build",
)  # the run's; real backbones; what built assets/
PYTHON_FOLDERS = ("", *SUPPORT_FOLDERS, "bench", "tools")  # every folder of Python outside tests/


def python_files(folder):
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".py")]


def support_files():
    return [p for folder in SUPPORT_FOLDERS for p in python_files(os.path.join(ROOT, folder))]


def support_modules():
    return {
        os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
        for p in support_files()
        if not p.endswith("__init__.py")
    }


def project_imports(path, skip=()):
    """The project modules `path` imports anywhere in it but its top-level functions named in `skip`: method files by
    name, support modules as support.NAME."""
    support, found = support_modules(), set()
    tree = ast.parse(open(path).read(), path)
    tree.body = [n for n in tree.body if getattr(n, "name", None) not in skip]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + (
                [f"{node.module}.{a.name}" for a in node.names]
                if node.module.split(".")[0] == "support"
                else []
            )
        else:
            continue
        found |= {n for n in names if n.split(".")[0] in METHOD_FILES or n in support}
    return found


def test_the_top_level_holds_the_five_method_files():
    assert {os.path.basename(p)[:-3] for p in python_files(ROOT)} == METHOD_FILES


def module_level_imports(path):
    """The project modules `path` imports outside its functions and classes (at import time)."""
    tree = ast.parse(open(path).read(), path)
    tree.body = [
        n
        for n in tree.body
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    ]
    found, support = set(), support_modules()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found |= {n for n in names if n.split(".")[0] in METHOD_FILES | {"support"} or n in support}
    return found


STANDALONE = ("cast_csg", "cast_window", "cast_reward", "cast_advantage")


@pytest.mark.parametrize("name", STANDALONE)
def test_the_stage_files_import_no_project_module_at_import_time(name):
    """Each of the four stage files can be copied alone: at module level it imports only the standard library and
    the pinned packages; what its command line needs from support/ is imported inside `main` (tests/
    test_standalone.py imports each from an empty folder)."""
    assert module_level_imports(os.path.join(ROOT, name + ".py")) == set()


def test_cast_csg_imports_no_project_module():
    """None outside `main`, which alone imports the prompt files' readers (support/prompt_files) for `read` and
    `show`, and the free-text LLM route (support/llm_graphs: ours, not the method) for `read --llm-path`."""
    assert project_imports(os.path.join(ROOT, "cast_csg.py"), skip=("main",)) == set()
    assert project_imports(os.path.join(ROOT, "cast_csg.py")) == {
        "support.llm_graphs",
        "support.prompt_files",
    }


def test_support_imports_only_support_and_the_scene_graph():
    upward = [
        f"{p} imports {m}"
        for p in support_files()
        for m in project_imports(p)
        if m in METHOD_FILES - {"cast_csg"}
    ]
    assert not upward, "\n".join(upward)


def assert_no_circle(edges):
    """edges {module: modules it imports}: AssertionError naming the first import circle found."""
    state = {}

    def visit(m, path):
        if state.get(m) == "open":
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(m) :] + [m]))
        if state.get(m) is None:
            state[m] = "open"
            for n in sorted(edges[m]):
                visit(n, path + [m])
            state[m] = "done"

    for m in sorted(edges):
        visit(m, [])


def test_the_method_files_import_no_circle():
    assert_no_circle(
        {
            m: {n for n in project_imports(os.path.join(ROOT, m + ".py")) if n in METHOD_FILES}
            for m in METHOD_FILES
        }
    )


def test_support_imports_no_circle():
    modules = support_modules()
    assert_no_circle(
        {
            m: {
                n
                for n in project_imports(os.path.join(ROOT, *m.split(".")) + ".py")
                if n in modules
            }
            for m in modules
        }
    )


def test_the_circle_check_finds_a_circle():
    with pytest.raises(AssertionError, match="import cycle: a -> b -> c -> a"):
        assert_no_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})


def test_the_scanner_sees_imports_inside_functions(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        "import os\n\ndef f():\n    from cast_csg import parse\n    from support import shapes\n"
        "    import cast_window.x\n"
    )
    assert project_imports(str(f)) == {"cast_csg", "support.shapes", "cast_window.x"}


def test_no_file_uses_pickle():
    for folder in (*PYTHON_FOLDERS, "tests"):
        for path in python_files(os.path.join(ROOT, folder)):
            for node in ast.walk(ast.parse(open(path).read(), path)):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                    assert "pickle" not in names, f"{path} imports pickle"
                if (
                    isinstance(node, ast.Attribute)
                    and node.attr == "load"
                    and getattr(node.value, "id", "") == "torch"
                ):
                    raise AssertionError(
                        f"{path} calls torch.load (a pickle): store tensors as safetensors"
                    )
