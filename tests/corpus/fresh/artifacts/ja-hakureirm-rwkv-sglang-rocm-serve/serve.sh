#!/bin/bash
# Recommended production launch for the RWKV-7 SGLang overlay.
#
# Turns ON the full hand-written fast-path stack. Verification scope (precise):
# every env below is greedy-token-EXACT vs the numpy fp32 oracle including all-on
# together (bench/verify_batch.py OVERALL PASS), the glue/LoRA kernels are
# byte-gated incl. pad-slot (-1) and duplicate-index cases (bench/test_glue.py,
# bench/test_lora_mn.py), and GEMV autotune is restricted to the logits-invariant
# OutTile axis by default (fast_linear.py NUMERICS DISCIPLINE; the full
# threads-crossing space needs RWKV_GEMV_AUTOTUNE_FULL=1 + a greedy re-gate).
# The kernels self-gate (fp16 / M-gate / decode as applicable) and fall back to
# the stock torch path otherwise.
#
# Also applies the cuda_graph_max_bs fix (F0024): SGLang auto-caps it to 24 for
# this RWKV/MambaPool config regardless of free memory, silently forcing eager
# decode for batch>24 (3–8x throughput loss). We set it explicitly.
#
# Deploy the overlay first: `BOX=... SP=... bash scripts/serve.sh`.
#
# Usage:
#   MODEL=/path/to/rwkv7-1.5b bash scripts/serve.sh              # throughput mode (default)
#   MODEL=/path/to/rwkv7-1.5b MODE=statecache bash scripts/serve.sh
#   MODEL=/path/to/rwkv7-1.5b PORT=30000 CGMAXBS=512 bash scripts/serve.sh -- <extra sglang flags>
#
# Two VERIFIED modes (we don't ship untested combos):
#   throughput (default): cuda-graph ON (max-bs 512) + radix OFF. Full fast-path
#       stack leads plain fp16 at small bsz and at the peak (parity within the
#       run-to-run band at mid-bsz) on the same wall-clock harness (F0028):
#       1.5B fp16 bsz1 154.4->225.9 (+46%), peak 7334 @ bsz384 (+6.5% vs 6885); the
#       w8a8 model reaches ~9152 @ bsz512 (F0025). Greedy-exact; fused LoRA self-gates
#       by M (wins <=4, cuBLAS fallback above), so all-envs-on is optimal per bsz.
#   statecache: state-aware MambaRadixCache ON (req#3, ~98% high-reuse hit,
#       TTFT 784->200ms; F0022) + cuda-graph OFF (the pairing F0022 verified).
#
# ONE COMBINATION TO AVOID (F0078): speculative decoding with RWKV_SPARSE_FFN=1.
# The sparse channel-mix is a bsz1-decode kernel whose fp32 summation order differs
# from the dense projection; a speculating server's target only ever verifies (M>1,
# always dense), so its output is not token-identical to a plain server that HAS
# sparse on -- measured 9/10 on bench/spec_gate.py, 10/10 with sparse off on both,
# accept length unchanged. It is also slower: sparse buys +30% on plain decode and
# nothing under speculation (7.2B long-form: spec 178.2 vs 175.1 tok/s), so with it
# on, speculation loses to plain on short prompts (131.5 vs 139.0) while also being
# ungated. Run speculation with RWKV_SPARSE_FFN=0; the model prints a one-time
# warning if you do not. The best CORRECT speculative config still beats the best
# plain one (175.1 vs 142.2 = 1.23x, gate 10/10).
set -euo pipefail

MODEL="${MODEL:?set MODEL=/path/to/rwkv7-model-dir}"
PYTHON="${PYTHON:-python}"         # set to the venv python if not on PATH (e.g. /opt/venv/bin/python)
PORT="${PORT:-30000}"
DTYPE="${DTYPE:-float16}"          # fast paths are fp16; bf16/fp32 fall back cleanly
MEMFRAC="${MEMFRAC:-0.85}"
CGMAXBS="${CGMAXBS:-512}"
MODE="${MODE:-throughput}"
# RWKV-7 has no full-attention KV cache, so sglang cannot size the token pool from
# per-token KV bytes -- there are none. Its fallback for a zero-KV model is one
# context length (8192 here), which is smaller than a serving batch needs: measured
# on v0.5.17 at 128 requests x 200 tokens, the scheduler retracted requests
# repeatedly and ran 31 of a possible 64. Sizing it by concurrency instead is what
# `--max-total-tokens` is for. The default below is the cap the port patch used to
# apply from inside pool_configurator.py before upstream grew this knob.
MAXTOTALTOK="${MAXTOTALTOK:-1048576}"

# Verified greedy-exact hand-written kernels (see findings F0015/F0020/F0025/F0026):
export RWKV_FAST_LINEAR="${RWKV_FAST_LINEAR:-1}"          # fused fp16 GEMV, bsz1 r/k/v/o + ffn proj
export RWKV_SPARSE_FFN="${RWKV_SPARSE_FFN:-1}"           # sparse sqrelu channel-mix value-proj (bsz1)
export RWKV_FUSED_LORA="${RWKV_FUSED_LORA:-1}"           # fused 4-chain LoRA (M==1 lora4_m1 + batched lora4_mn)
export RWKV_FUSED_GLUE="${RWKV_FUSED_GLUE:-1}"           # fused paged token-shift + lerp (R2 attn+ffn)
export RWKV_GEMV_AUTOTUNE="${RWKV_GEMV_AUTOTUNE:-1}"        # arch-aware GEMV launch autotune (warmup only)
# W1 reverse-overtake pair (F0051/F0052), promoted to default here 2026-07-08. GATES and
# SQRELU are NOT two independent simultaneous wins: SQRELU only fires when `not self._sparse`
# (models/rwkv7.py, mutually exclusive by construction — the sparse kernel applies its own
# relu^2 and needs the raw un-fused k). With RWKV_SPARSE_FFN=1 above, SPARSE_FFN wins
# whenever it's eligible (a real bandwidth win, skips ~90% of weight reads on real prompts);
# SQRELU is the insurance policy for sparse's own internal dense-fallback path (line ~926,
# "not buildable -> dense from here on"), not a second lever stacked on top. Both are still
# correct to default ON together (harmless when redundant, real when sparse can't apply).
# Verification: each byte-exact gated individually (op-level + end-to-end verify_batch.py
# greedy-EXACT) and quantized-tier blast-radius-contained; re-verified here 2026-07-08 with
# ALL 7 exports above ON simultaneously on 1.5B fp16 cuda-graph vs the numpy oracle —
# OVERALL: PASS (all batches exact), so the literal combo this script ships is gated, not
# assumed to compose. Known scope gap (disclose, don't hide): both are byte-exact-verified
# on sm_89 (L4) + sm_90 (H100) only, not the full 11-card matrix the other 5 exports
# accumulated — a narrower-published-speed-number issue, not a correctness one (an
# arch-specific divergence would fail the routine oracle re-verify this project runs per box).
export RWKV_FUSED_GATES="${RWKV_FUSED_GATES:-1}"          # fused LoRA-gate activations (sigmoids+neg/mul/sub/add)
# F0066c: the gate epilogue folded INTO lora stage2 (kills the standalone
# _lora_gates launch + the raw-lo round trip on the bsz1 decode path). Tier
# note: torch-reference-exact on ALL 65536 fp16 patterns (probe census) —
# STRONGER than the triton path it replaces (which carries a 1-ULP tl.exp
# anomaly on 2/65536 rare patterns); greedy 24/24+8/8 EXACT. Measured 7.2B
# c=1 +0.35% (142.8), 1.5B +1.0% (514.5), kernels/step -32.
export RWKV_FUSED_LORA_GATED="${RWKV_FUSED_LORA_GATED:-1}"
export RWKV_FUSED_SQRELU="${RWKV_FUSED_SQRELU:-1}"         # epilogue-fused ffn relu(k)^2 into the key GEMV's store
# W1' large-batch glue set (2026-07-13), same bar as the rest of this stack:
# byte-exact vs the live reference ops (bench/test_ln_fused.py, zero differing
# bytes incl. a 1.57M-row summation-tree probe), greedy 24/24 EXACT per fusion
# and with ALL exports here + RWKV_STATE_FP16 combined, verify_batch
# --cuda-graph OVERALL PASS. They fuse the stock torch add/LN/GroupNorm/gate/
# relu^2/sigmoid glue the bs320 decode profile flagged vs vllm-rwkv PR#8's
# hand-fused ops. Per-fusion serving attribution (7.2B fp16 shape A c=320,
# 5090, on top of RWKV_STATE_FP16): the H-tiled shift+lerp glue +3.8%;
# addln/gngc/relusq/vresgate +0.1..1.1% loop each alone, sub-additive
# stacked (full set 8,931 -> 9,406 tok/s serving). Scope note: byte-exact-
# verified on sm_120 (5090) so far - same narrower-arch disclosure as
# GATES/SQRELU above.
export RWKV_FUSED_ADDLN="${RWKV_FUSED_ADDLN:-1}"          # fused residual-add + LayerNorm (all norm boundaries)
# F0065 small-T wide config for add_ln (512thr/row vs the pathological single
# 128-thr block at decode T=1). Tier note: a pure fp32-Welford REORDERING (tree
# shape), one tier above a numerics change — x_new stays byte-identical, LN y
# gated no-farther-from-fp32-truth than the parity config (bench/
# test_addln_wide.py) + greedy 24/24+8/8 EXACT under the full stack. Measured
# 7.2B bsz1: add_ln 426.6->254.9 us/step, e2e +2.4% (141.3 tok/s).
export RWKV_ADDLN_WIDE="${RWKV_ADDLN_WIDE:-1}"
export RWKV_FUSED_GNGC="${RWKV_FUSED_GNGC:-1}"           # fused GroupNorm + gate-corr epilogue (attn output)
export RWKV_FUSED_RELUSQ="${RWKV_FUSED_RELUSQ:-1}"         # fused relu(k)^2 on the M>1 dense ffn path
export RWKV_FUSED_VRESGATE="${RWKV_FUSED_VRESGATE:-1}"       # fused batched LoRA-gate activations (w/a/v)
# lm_head through the same shared-weight GEMV as every other projection, but ONLY at
# M<=8. It was the lone cuBLAS holdout, and only because speculative verify had to
# match it: the worker re-projected each of its bs*K rows one at a time to reproduce
# cuBLAS's M=1 reduction order, re-reading a 512 MiB weight per row (1.90 ms/round at
# M=6). Moving both sides here makes the invariance structural at ONE weight pass and
# lets that recompute go.
#
# The M<=8 cap is not a detail, it is the whole shape of the win. Our kernel does not
# beat cuBLAS -- at M<=8 they are within 2% (0.319 vs 0.325 ms on the 7.2B head). What
# it beats is M SEPARATE cuBLAS calls, which is what the invariance requirement forced.
# Above the cap a real GEMM reads the weight once for all rows and wins by a mile
# (0.345 vs 2.593 ms at M=64; 0.812 vs 12.968 at M=320), so large-batch decode keeps
# the GEMM it always had. Verified after capping: c1/c32/c128/c320 = 143.2 / 2,670 /
# 7,089 / 8,366, i.e. unchanged from before the flag existed.
#
# Gated at three tiers with the flag ON: numeric oracle (verify_batch.py, 1.5B fp16
# cuda-graph, full stack) OVERALL PASS all batches exact; greedy fixture 8/8 EXACT on
# the 7.2B plain AND speculative servers; spec_gate.py 10/10 token-identical with
# accept length unchanged (3.39). Measured 7.2B long-form: speculation 175.1 -> 193.5
# tok/s median (+10.5%), plain decode unchanged. The oracle was run at BOTH sizes with
# the flag off and on as its own control -- 1.5B and 7.2B, OVERALL PASS all batches
# exact in all four legs -- so the usual "verified at one size" scope note does not
# apply here.
export RWKV_FAST_LMHEAD="${RWKV_FAST_LMHEAD:-1}"
# NOT exported: RWKV_STATE_FP16 (fp16 temporal WKV state). It leaves the
# bitwise-oracle tier (a numerics change, not a reordering), so it stays a
# deliberate per-deployment opt-in despite passing its lossy-tier gates
# (lambada full delta +0.0002, compression N=300 delta +1e-6 bpb; see
# configs/rwkv7.py). Opt in for peak-throughput serving:
#   RWKV_STATE_FP16=1 bash scripts/serve.sh ...   # halves WKV state bytes

# sglang renames these, and by 0.5.17 both old spellings are deprecated CLI aliases whose
# dataclass field is already gone. Hard-coding either one dates the script: the old name
# warns today and breaks when the alias is dropped, the new name breaks on a box older
# than the rename. So ask the installed build which spelling it takes -- the same rule
# bench/_engine_args.py applies to Engine kwargs: honour what the caller asked for under
# whatever name this build accepts, or refuse, rather than serve a configuration nobody
# chose. The prefill-graph switch is not a tuning knob here: with prefill CUDA graphs on,
# RWKV-7 decodes from a state the graph never wrote.
pick_flag() {   # pick_flag <field> <older field>... -> prints the first this build has
  "$PYTHON" - "$@" <<'PYEOF'
import sys
from sglang.srt.server_args import ServerArgs
fields = ServerArgs.__dataclass_fields__
for name in sys.argv[1:]:
    if name in fields:
        print("--" + name.replace("_", "-")); break
else:
    sys.exit(1)
PYEOF
}

PREFILL_GRAPH_FLAG="$(pick_flag disable_prefill_cuda_graph disable_piecewise_cuda_graph)" || {
  echo "[serve] this sglang accepts neither --disable-prefill-cuda-graph nor --disable-piecewise-cuda-graph;" >&2
  echo "        RWKV-7 cannot be served correctly without it. Add the current spelling to pick_flag." >&2
  exit 1
}
MAXTOTALTOK_FLAG="$(pick_flag max_total_tokens)" || {
  echo "[serve] this sglang has no --max-total-tokens;" >&2
  echo "        without it the token pool falls back to one context length and the" >&2
  echo "        serving batch is retracted under load. Add the current spelling to pick_flag." >&2
  exit 1
}
CGMAXBS_FLAG="$(pick_flag cuda_graph_max_bs_decode cuda_graph_max_bs)" || {
  echo "[serve] this sglang accepts neither --cuda-graph-max-bs-decode nor --cuda-graph-max-bs;" >&2
  echo "        without it sglang caps decode graphs at 24 for this model." >&2
  exit 1
}

COMMON=(--model-path "$MODEL" --dtype "$DTYPE" --trust-remote-code
        --port "$PORT" --mem-fraction-static "$MEMFRAC"
        --page-size 1 --attention-backend triton "$PREFILL_GRAPH_FLAG"
        "$MAXTOTALTOK_FLAG" "$MAXTOTALTOK")

case "$MODE" in
  throughput)
    EXTRA=(--disable-radix-cache "$CGMAXBS_FLAG" "$CGMAXBS"
           --chunked-prefill-size 4096 --max-running-requests 512)
    ;;
  statecache)
    # MambaRadixCache (radix ON, enabled by the deploy.sh scheduler patch) +
    # cuda-graph OFF — the F0022-verified pairing (cuda-graph + mamba radix
    # co-existence is a separate follow-up).
    EXTRA=(--disable-cuda-graph)
    ;;
  *)
    echo "unknown MODE=$MODE (use throughput | statecache)"; exit 1 ;;
esac

# strip a leading `--` separator if the caller passed extra flags after it
[ "${1:-}" = "--" ] && shift
echo "[serve] MODE=$MODE dtype=$DTYPE port=$PORT ${CGMAXBS_FLAG#--}=$CGMAXBS ${MAXTOTALTOK_FLAG#--}=$MAXTOTALTOK prefill_graph=${PREFILL_GRAPH_FLAG#--} fast_linear=$RWKV_FAST_LINEAR sparse_ffn=$RWKV_SPARSE_FFN wkv_cuda=${RWKV_WKV_CUDA:-0}"
exec "$PYTHON" -m sglang.launch_server "${COMMON[@]}" "${EXTRA[@]}" "$@"
