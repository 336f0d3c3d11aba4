"""What the five method files stand on: models, the shapes world and run plumbing (docs/DESIGN.md).

Nothing here imports a method file except `cast_csg` (the scene graph is data)."""
