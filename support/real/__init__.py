"""The real backbones (FLUX.2-dev, Qwen-Image-2512 through diffusers: flux_qwen) and their architectures with random
weights for dry runs and tests (random_models). The shapes world's default run never imports them."""
