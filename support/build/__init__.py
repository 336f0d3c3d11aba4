"""What built the shipped assets (docs/DESIGN.md, "The shipped assets"); the run only reads what they wrote:

python -m support.build.shapes_pretrain pretrain    # assets/shapes_base.safetensors, the shapes base model
python -m support.build.shapes_vlm pretrain         # assets/shapes_vlm/, the shapes world's Qwen3-VL
"""
