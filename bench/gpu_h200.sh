#!/usr/bin/env bash
# bench/gpu_h200.sh: the paper's cost comparison on one H200, prepared as one device call: bench/gpu.py step by step,
# each step under its own timeout and all of them within TOTAL seconds (default 570: one 10-minute call).
#
#   bash bench/gpu_h200.sh                 # one H200: results into $OUT (the device tool's) or bench/
#   TINY=1 OUT=/tmp/x bash bench/gpu_h200.sh    # the same steps on CPU with tiny configs (tests/test_gpu_path.py)
#
# Steps in order of importance, the first two within 5 minutes so that a rerun fits a 15-minute lease (the limits
# are estimates from the 2026-11-30 measurements, docs/RESULTS.md). Each writes gpu_h200_<step>.json as soon as it
# ends and appends its table to gpu_h200.md, so a run stopped early keeps what finished; with gpu_h200.log that is 7
# result files (the device tool returns at most 8):
#   flux2_512   FLUX.2-dev, 512 px, G 4: cast (a random Qwen3-VL-8B grounds on the sample) vs flow_grpo_g2, one window
#   qwen_512    Qwen-Image, the same
#   flux2_1024  FLUX.2-dev at 1024 px, G 4, cast, one iteration (warm-up included)
#   g16         FLUX.2-dev and Qwen-Image at G 16 (Flow-GRPO's group size), cast, one iteration
#   flow_grpo   FLUX.2-dev and Qwen-Image, 512 px, G 4: flow_grpo in its own full window (the extra rows)
#
# It first lists every import the steps need that is missing, and stops if one is. The machine's image has torch but
# not diffusers, and older transformers and peft: carry the pinned wheels in .whl/ (pure Python but regex, which is
# built for the device's Python 3.12; about 20 MB together, within the 64 MiB a call carries), made here with
#   echo /.whl/ >> .git/info/exclude
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#       --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 -d .whl \
#       diffusers==0.42.1 transformers==5.23.0 peft==0.21.2 regex==2026.11.19
# and name .whl in the device tool's carry: every wheel there is installed into /tmp/site, ahead of the image's own.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT_DIR=${OUT:-bench}
PYTHON=${PYTHON:-python3}
TOTAL=${TOTAL:-570}
if [ -n "${TINY:-}" ]; then    # tiny configs of the same classes, one iteration per run, one thread
    RES=32 RES_BIG=64 G=2 G_BIG=3 EXTRA="--tiny --steps 4 --threads 1 --iterations 1"
fi
RES=${RES:-512} RES_BIG=${RES_BIG:-1024} G=${G:-4} G_BIG=${G_BIG:-16}
read -r -a EXTRA_ARGS <<< "${EXTRA:-}"
export PYTHONUNBUFFERED=1
mkdir -p "$OUT_DIR"
rm -f "$OUT_DIR"/gpu_h200.md "$OUT_DIR"/gpu_h200.log
exec > >(tee -a "$OUT_DIR/gpu_h200.log") 2>&1
START=$SECONDS

if compgen -G ".whl/*.whl" >/dev/null; then
    "$PYTHON" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
    export PYTHONPATH=/tmp/site${PYTHONPATH:+:$PYTHONPATH}
fi
"$PYTHON" - <<'EOF'
import importlib
import sys
needed = ("torch diffusers transformers peft safetensors tokenizers regex huggingface_hub accelerate numpy scipy PIL "
          "tqdm matplotlib yaml").split()
missing, found = [], []
for name in needed:
    try:
        found.append(f"{name} {getattr(importlib.import_module(name), '__version__', '')}".strip())
    except Exception as e:          # a broken install fails on import with its own error, not only ImportError
        missing.append(f"{name} ({type(e).__name__}: {e})")
print("imports:", ", ".join(found))
if missing:
    sys.exit("missing, carry their wheels in .whl/ (see the header):\n  " + "\n  ".join(missing))
EOF
if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv
fi
LOGS=$(mktemp -d)

step() {   # step NAME LIMIT ARGS...: one bench/gpu.py call within LIMIT seconds and the time left of TOTAL
    local name=$1 limit=$2 left=$((TOTAL - (SECONDS - START)))
    shift 2
    if [ "$left" -lt 30 ]; then
        echo "=== $name: skipped, ${left} s left of TOTAL=$TOTAL"
        return 0
    fi
    [ "$limit" -le "$left" ] || limit=$left
    echo "=== $name (at most ${limit} s): bench/gpu.py $* ${EXTRA_ARGS[*]}"
    if timeout -k 10 "$limit" "$PYTHON" bench/gpu.py "$@" "${EXTRA_ARGS[@]}" --out "$OUT_DIR/gpu_h200_$name" \
            > "$LOGS/$name.log" 2>&1; then
        { echo "### $name"; echo; cat "$OUT_DIR/gpu_h200_$name.md"; echo; } | tee -a "$OUT_DIR/gpu_h200.md"
        rm "$OUT_DIR/gpu_h200_$name.md"
    else
        echo "step $name failed (exit $?) after $((SECONDS - START)) s:"
        tail -n 30 "$LOGS/$name.log"
        FAILED=1
    fi
}

FAILED=
step flux2_512 170 --backbone flux2 --method cast flow_grpo_g2 --res "$RES" --group-size "$G"
step qwen_512 130 --backbone qwenimage --method cast flow_grpo_g2 --res "$RES" --group-size "$G"
step flux2_1024 120 --backbone flux2 --method cast --res "$RES_BIG" --group-size "$G" --iterations 1
step g16 150 --backbone flux2 qwenimage --method cast --res "$RES" --group-size "$G_BIG" --iterations 1
step flow_grpo 150 --backbone flux2 qwenimage --method flow_grpo --res "$RES" --group-size "$G"
echo "done in $((SECONDS - START)) s"
[ -z "$FAILED" ]
