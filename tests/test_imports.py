"""The import graph of the repository's modules (docs/DESIGN.md, "Import layers"): every import, at the top of a
file or inside a function, read with ast; no circle, and each method file imports only from the layers below it."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The layers of docs/DESIGN.md, bottom first: a module imports project modules of lower layers only.
LAYERS = [
    {"cast_csg", "cast_backbone", "cast_checkpoint", "cast_curves", "cast_grpo"},
    {"cast_shapes_model", "cast_diffusers"},
    {"cast_shapes", "cast_vlm", "cast_random"},
    {"cast_reward", "cast_model"},
    {"cast_inputs", "cast_shapes_pretrain"},
    {"cast_window", "cast_advantage"},
    {"cast_eval", "cast_data", "cast_setup"},
    {"cast_train"},
]


def python_files():
    for folder in (ROOT, os.path.join(ROOT, "bench"), os.path.join(ROOT, "tests")):
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def project_imports(path, modules):
    """The project modules `path` imports anywhere in it (module level and inside functions)."""
    found = set()
    for node in ast.walk(ast.parse(open(path).read(), path)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found |= {n.split(".")[0] for n in names} & modules
    return found


def graph():
    library = {f[:-3] for f in os.listdir(ROOT) if f.endswith(".py")}
    return library, {os.path.basename(p)[:-3]: project_imports(p, library) for p in python_files()
                     if os.path.dirname(p) == ROOT}


def test_every_library_module_has_a_layer():
    library, _ = graph()
    assert library == set().union(*LAYERS), "give each new module a layer here and in docs/DESIGN.md"


def test_the_module_graph_has_no_cycle():
    _, edges = graph()
    state = {}

    def visit(m, path):
        if state.get(m) == "open":
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(m):] + [m]))
        if state.get(m) is None:
            state[m] = "open"
            for n in sorted(edges.get(m, ())):
                visit(n, path + [m])
            state[m] = "done"

    for m in sorted(edges):
        visit(m, [])


def test_each_module_imports_only_lower_layers():
    _, edges = graph()
    layer = {m: i for i, group in enumerate(LAYERS) for m in group}
    upward = [f"{m} (layer {layer[m]}) imports {n} (layer {layer[n]})" for m, ns in edges.items() for n in ns
              if layer[n] >= layer[m]]
    assert not upward, "\n".join(upward)


def test_the_scanner_sees_imports_inside_functions(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("import os\n\ndef f():\n    from cast_csg import parse\n    import cast_model.x\n")
    assert project_imports(str(f), {"cast_csg", "cast_model", "os2"}) == {"cast_csg", "cast_model"}


def test_bench_and_tests_parse_and_no_file_uses_pickle():
    for path in python_files():
        tree = ast.parse(open(path).read(), path)
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert "pickle" not in names, f"{path} imports pickle"
            if isinstance(node, ast.Attribute) and node.attr == "load" and getattr(node.value, "id", "") == "torch":
                raise AssertionError(f"{path} calls torch.load (a pickle): store tensors as safetensors")
