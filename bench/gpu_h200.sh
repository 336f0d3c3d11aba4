#!/usr/bin/env bash
# bench/gpu_h200.sh: the GPU measurements, remade with the project's own tool (bench/gpu.py) in one GPU session.
#
#   bash bench/gpu_h200.sh                 # one H200: about 8 minutes; results into $OUT (the device tool's) or bench/
#
# Steps in order of importance, each writing its own gpu_h200_<step>.json / .md as soon as it ends, so a run stopped
# early keeps what finished:
#   flux2_512_g4   FLUX.2-dev, 512 px, G = 4, CAST (window 0:3 of 8) and Flow-GRPO: the issue's target, within 10%
#   qwen_512_g4    Qwen-Image, 512 px, G = 4, CAST (0:3 of 10) and Flow-GRPO (true CFG now one batched pass)
#   flux2_1024_g4  FLUX.2-dev at 1024 px, CAST, one iteration (warm-up included, as the notes' row)
#   g16            FLUX.2-dev and Qwen-Image at G = 16 (Flow-GRPO's group size), CAST, one iteration
# The machine's image has torch but not diffusers: carry its wheel (pure Python) in .whl/, made here with
#   echo /.whl/ >> .git/info/exclude; python3 -m pip download --no-deps diffusers==0.42.1 -d .whl
# and it is installed into /tmp/site first. The tiny CPU equivalent (tests/test_bench.py) runs this same script with
#   RES=32 RES_BIG=64 G=2 G_BIG=3 EXTRA="--tiny --steps 4 --threads 1" OUT=/tmp/x bash bench/gpu_h200.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT_DIR=${OUT:-bench}
PYTHON=${PYTHON:-python3}
RES=${RES:-512} RES_BIG=${RES_BIG:-1024} G=${G:-4} G_BIG=${G_BIG:-16}
read -r -a EXTRA_ARGS <<< "${EXTRA:-}"
export PYTHONUNBUFFERED=1
if ! "$PYTHON" -c "import diffusers" 2>/dev/null; then
    ls .whl/diffusers-*.whl >/dev/null 2>&1 || { echo "diffusers is missing and no wheel is in .whl/ (see the header)"; exit 1; }
    "$PYTHON" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/site .whl/*.whl
    export PYTHONPATH=/tmp/site${PYTHONPATH:+:$PYTHONPATH}
fi
if command -v nvidia-smi >/dev/null; then    # to stdout: the device tool returns at most 8 files, the 4 steps' 8
    nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv
fi
LOGS=$(mktemp -d)

step() {   # step NAME ARGS...: one bench/gpu.py call; its log stays outside $OUT_DIR and is shown if it fails
    local name=$1
    shift
    echo "=== $name: bench/gpu.py $* ${EXTRA_ARGS[*]}"
    "$PYTHON" bench/gpu.py "$@" "${EXTRA_ARGS[@]}" --out "$OUT_DIR/gpu_h200_$name" > "$LOGS/$name.log" 2>&1 \
        || { echo "step $name failed:"; tail -n 30 "$LOGS/$name.log"; return 1; }
    cat "$OUT_DIR/gpu_h200_$name.md"
}

step flux2_512_g4 --backbone flux2 --res "$RES" --group-size "$G"
step qwen_512_g4 --backbone qwenimage --res "$RES" --group-size "$G"
step flux2_1024_g4 --backbone flux2 --method cast --res "$RES_BIG" --group-size "$G" --iterations 1
step g16 --backbone flux2 qwenimage --method cast --res "$RES" --group-size "$G_BIG" --iterations 1
