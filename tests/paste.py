"""A piece of a method file as a reader would paste it: its source text and the same-file functions, classes and
constants it uses, in one new module whose only imports are torch, the standard library, numpy and scipy.

`paste(file, names)` reads `file` with ast, walks from `names` through every same-file top-level name the pieces
use (functions, classes, constants, and the imports they use), and executes those statements, in file order, in a fresh namespace whose
`__import__` refuses anything but the allowed packages. A piece that leans on another project file fails here with
the name it missed, not later in a reader's trainer."""

from __future__ import annotations

import ast
import builtins
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWED = {"torch", "numpy", "scipy"} | set(sys.stdlib_module_names)
HEADER = "from __future__ import annotations\n\n"


def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
    if level or name.split(".")[0] not in ALLOWED:
        raise ImportError(
            f"a pasted piece may import only torch, numpy, scipy and the standard library: {name}"
        )
    return builtins.__import__(name, globals, locals, fromlist, level)


def top_level_names(node) -> set[str]:
    """The names a top-level statement binds."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in node.names if a.name != "annotations"}
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


def used_names(node) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def piece_source(path: str, names) -> str:
    """The source of `names` in `path` with every same-file top-level statement they reach, in file order."""
    tree = ast.parse(open(path).read(), path)
    bound = {}
    for node in tree.body:
        for name in top_level_names(node):
            bound[name] = node
    missing = [n for n in names if n not in bound]
    if missing:
        raise KeyError(f"{os.path.basename(path)} defines no {', '.join(missing)}")
    keep, todo = set(), list(names)
    while todo:
        node = bound[todo.pop()]
        if id(node) in keep:
            continue
        keep.add(id(node))
        todo += [n for n in used_names(node) if n in bound]
    lines = open(path).read().splitlines()
    body = [
        # a definition's text starts at its first decorator
        "\n".join(
            lines[
                min([n.lineno] + [d.lineno for d in getattr(n, "decorator_list", [])])
                - 1 : n.end_lineno
            ]
        )
        for n in tree.body
        if id(n) in keep
    ]
    return HEADER + "\n\n".join(body) + "\n"


def paste(file: str, names) -> types.ModuleType:
    """A new module holding `names` of the method file `file` (e.g. "cast_window.py") and what they use."""
    source = piece_source(os.path.join(ROOT, file), names)
    module = types.ModuleType(f"pasted_{file[:-3]}")
    module.__dict__["__builtins__"] = {**builtins.__dict__, "__import__": guarded_import}
    sys.modules[module.__name__] = (
        module  # dataclasses look their module up while the class is made
    )
    try:
        exec(compile(source, f"<pasted from {file}>", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module
