#!/bin/bash
#SBATCH --job-name=simclr-breast
#SBATCH --partition=nvidia
#SBATCH --account=civil
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=8
#SBATCH --gres=gpu:v100:1
#SBATCH --mem=64G
#SBATCH --time=96:00:00
#SBATCH --output=/scratch/gs4133/zhd/CP/outputs/slurm-log/simclr-breastmnist-%j.out
#SBATCH --error=/scratch/gs4133/zhd/CP/outputs/slurm-log/simclr-breastmnist-%j.err

echo "=========================================="
echo "SLURM Job ID: $SLURM_JOB_ID"
echo "Job Name: $SLURM_JOB_NAME"
echo "Node: $SLURM_NODELIST"
echo "Start Time: $(date)"
echo "=========================================="

module load miniconda/3-4.11.0
source $(conda info --base)/etc/profile.d/conda.sh
conda activate env

echo "Python: $(which python)"
python -c "import torch; print('torch:', torch.__version__, 'cuda:', torch.cuda.is_available())"
python -c "import wandb; print('wandb:', wandb.__version__)" || echo "wandb: not installed"

cd /scratch/gs4133/zhd/CP/continued-pretraining
export PYTHONPATH=$(pwd):$(pwd)/..:$PYTHONPATH
export PYTHONUNBUFFERED=1
export PYTHONFAULTHANDLER=1
export WANDB_CONSOLE="wrap"

echo "Working directory: $(pwd)"
echo "=========================================="
nvidia-smi

# ============================================================
# Paths
# ============================================================
DATA_DIR="/scratch/gs4133/zhd/CP/data"
BASE_CKPT_DIR="/scratch/gs4133/zhd/CP/outputs/ckpts/cp/SimCLR/BreastMNIST"
BASE_LOG_DIR="/scratch/gs4133/zhd/CP/outputs/logs/cp/SimCLR/BreastMNIST"
SLURM_LOG_DIR="/scratch/gs4133/zhd/CP/outputs/slurm-log"
mkdir -p ${DATA_DIR} ${SLURM_LOG_DIR}

# ============================================================
# Fixed parameters
# ============================================================
DATASET="breastmnist"
DISPLAY_NAME="BreastMNIST"
MODEL_SIZE="ViT-B"

EPOCHS=150
BATCH_SIZE=32
LR=1e-4
WEIGHT_DECAY=0.05
FREEZE_EPOCHS=15
NUM_TRAINED_BLOCKS=2
KNN_K=20
NUM_WORKERS=8
SEEDS=(42 43 44)

# SimCLR hyperparameters
TEMPERATURE=0.5
PROJ_DIM=128
HIDDEN_DIM=2048

# ============================================================
# Backbone definitions
# ============================================================
declare -A BACKBONE_TIMMS
BACKBONE_TIMMS[DINOv3]="vit_base_patch16_dinov3.lvd1689m"
BACKBONE_TIMMS[MAE]="vit_base_patch16_224.mae"
BACKBONE_TIMMS[CLIP]="vit_base_patch16_clip_224.openai"

declare -A BACKBONE_NSAMPLES
BACKBONE_NSAMPLES[DINOv3]="100 500 546"
BACKBONE_NSAMPLES[MAE]="100 546"
BACKBONE_NSAMPLES[CLIP]="100 546"

declare -A POOL_STRATEGIES
POOL_STRATEGIES[DINOv3]="cls"
POOL_STRATEGIES[MAE]="mean"
POOL_STRATEGIES[CLIP]="cls"

BACKBONES=(DINOv3 MAE CLIP)

# ============================================================
# Run a single experiment
# ============================================================
run_single() {
    local backbone_tag=$1
    local backbone_timm=$2
    local n_samples=$3
    local seed=$4
    local pool_strategy=$5

    local ckpt_dir="${BASE_CKPT_DIR}/${backbone_tag}"
    local log_dir="${BASE_LOG_DIR}/${backbone_tag}"
    mkdir -p "${ckpt_dir}" "${log_dir}"

    local results_file="${log_dir}/${backbone_tag}_${DATASET}_n${n_samples}_seed${seed}.json"

    if [ -f "$results_file" ]; then
        echo "[SKIP] ${backbone_tag} | ${DATASET} n=${n_samples} seed=${seed} (results file exists)"
        return 0
    fi

    echo "=========================================="
    echo "[RUN] SimCLR-CP ${backbone_tag} | ${DATASET} | n=${n_samples} | seed=${seed}"
    echo "  freeze_epochs=${FREEZE_EPOCHS} num_trained_blocks=${NUM_TRAINED_BLOCKS}"
    echo "  Start: $(date)"
    echo "=========================================="

    local wandb_project="simclr-cp-$(echo ${backbone_tag} | tr '[:upper:]' '[:lower:]')-${DATASET}"

    python -u continued_pretraining.py \
        --cp-method simclr \
        --post-cp-sft \
        --dataset ${DATASET} \
        --backbone ${backbone_timm} \
        --n-samples ${n_samples} \
        --epochs ${EPOCHS} \
        --batch-size ${BATCH_SIZE} \
        --lr ${LR} \
        --weight-decay ${WEIGHT_DECAY} \
        --freeze-epochs ${FREEZE_EPOCHS} \
        --num-trained-blocks ${NUM_TRAINED_BLOCKS} \
        --knn-k ${KNN_K} \
        --num-workers ${NUM_WORKERS} \
        --temperature ${TEMPERATURE} \
        --proj-dim ${PROJ_DIM} \
        --hidden-dim ${HIDDEN_DIM} \
        --pool-strategy ${pool_strategy} \
        --checkpoint-dir ${ckpt_dir} \
        --cache-dir ${DATA_DIR} \
        --project ${wandb_project} \
        --run-name "${backbone_tag}_${DATASET}_n${n_samples}_blk${NUM_TRAINED_BLOCKS}_s${seed}" \
        --seed ${seed} \
        --results-json ${results_file} 2>&1

    local exit_code=$?
    echo "  Exit Code: ${exit_code}"
    echo "  End: $(date)"

    if [ $exit_code -ne 0 ]; then
        echo "[FAIL] ${backbone_tag} | ${DATASET} n=${n_samples} seed=${seed}"
    fi

    return $exit_code
}

# ============================================================
# Aggregate results across seeds
# ============================================================
aggregate_results() {
    local backbone_tag=$1
    local n_samples=$2
    local csv_file=$3
    local log_dir="${BASE_LOG_DIR}/${backbone_tag}"

    python3 << PYEOF
import json, os, statistics

log_dir = "${log_dir}"
backbone_tag = "${backbone_tag}"
dataset = "${DATASET}"
n_samples = "${n_samples}"
display_name = "${DISPLAY_NAME}"
model_size = "${MODEL_SIZE}"
csv_file = "${csv_file}"
seeds = [42, 43, 44]

pre_knn_f1s = []
pre_linear_f1s = []
post_knn_f1s = []
post_linear_f1s = []
post_sft_f1s = []

for i, seed in enumerate(seeds):
    results_file = os.path.join(log_dir, f"{backbone_tag}_{dataset}_n{n_samples}_seed{seed}.json")
    if not os.path.exists(results_file):
        print(f"  Warning: {results_file} not found, skipping seed {seed}")
        continue

    with open(results_file) as f:
        data = json.load(f)

    for key, lst in [
        ("pre_knn_f1", pre_knn_f1s),
        ("pre_linear_f1", pre_linear_f1s),
        ("post_knn_f1", post_knn_f1s),
        ("post_linear_f1", post_linear_f1s),
        ("post_sft_f1", post_sft_f1s),
    ]:
        val = data.get(key)
        if val is not None:
            lst.append(val)

    def fmt(v):
        return f"{v:.6f}" if v is not None else ""

    with open(csv_file, "a") as f:
        f.write(f"{backbone_tag},{display_name},{n_samples},{model_size},{i},"
                f"{fmt(data.get('pre_knn_f1'))},,{fmt(data.get('pre_linear_f1'))},,"
                f"{fmt(data.get('post_knn_f1'))},,{fmt(data.get('post_linear_f1'))},,"
                f"{fmt(data.get('post_sft_f1'))},\n")

def mean_std(vals):
    if len(vals) == 0:
        return "", ""
    m = statistics.mean(vals)
    s = statistics.stdev(vals) if len(vals) > 1 else 0.0
    return f"{m:.6f}", f"{s:.6f}"

if any(len(l) > 0 for l in [pre_knn_f1s, pre_linear_f1s, post_knn_f1s, post_linear_f1s, post_sft_f1s]):
    pk_m, pk_s = mean_std(pre_knn_f1s)
    pl_m, pl_s = mean_std(pre_linear_f1s)
    ok_m, ok_s = mean_std(post_knn_f1s)
    ol_m, ol_s = mean_std(post_linear_f1s)
    sf_m, sf_s = mean_std(post_sft_f1s)

    with open(csv_file, "a") as f:
        f.write(f"{backbone_tag},{display_name},{n_samples},{model_size},average,"
                f"{pk_m},{pk_s},{pl_m},{pl_s},{ok_m},{ok_s},{ol_m},{ol_s},{sf_m},{sf_s}\n")

    print(f"  [{backbone_tag}] {display_name} n={n_samples}: "
          f"pre_knn={pk_m}+-{pk_s} pre_lp={pl_m}+-{pl_s} "
          f"post_knn={ok_m}+-{ok_s} post_lp={ol_m}+-{ol_s} post_sft={sf_m}+-{sf_s}")
else:
    print(f"  [{backbone_tag}] {display_name} n={n_samples}: no results available")

PYEOF
}

# ============================================================
# Main loop
# ============================================================
echo ""
echo "=========================================="
echo "Starting SimCLR-CP: ${DISPLAY_NAME} (All Backbones)"
echo "freeze_epochs=${FREEZE_EPOCHS} num_trained_blocks=${NUM_TRAINED_BLOCKS}"
echo "Seeds: ${SEEDS[*]}"
echo "=========================================="
echo ""

TOTAL_SUCCESS=0
TOTAL_FAIL=0

for backbone_tag in "${BACKBONES[@]}"; do
    backbone_timm="${BACKBONE_TIMMS[${backbone_tag}]}"
    nsamples_str="${BACKBONE_NSAMPLES[${backbone_tag}]}"
    pool_strategy="${POOL_STRATEGIES[${backbone_tag}]}"
    read -ra nsamples_arr <<< "${nsamples_str}"

    log_dir="${BASE_LOG_DIR}/${backbone_tag}"
    mkdir -p "${log_dir}"

    CSV_FILE="${log_dir}/${backbone_tag}_simclr_cp_results.csv"
    echo "backbone,dataset,n_samples,model_size,run,pre_knn_f1,pre_knn_f1_std,pre_linear_f1,pre_linear_f1_std,post_knn_f1,post_knn_f1_std,post_linear_f1,post_linear_f1_std,post_sft_f1,post_sft_f1_std" > ${CSV_FILE}

    echo ""
    echo "############################################################"
    echo "# Backbone: ${backbone_tag} (${backbone_timm})"
    echo "# n_samples: ${nsamples_str}"
    echo "############################################################"
    echo "CSV file: ${CSV_FILE}"

    for n_samples in "${nsamples_arr[@]}"; do
        echo ""
        echo "============================================================"
        echo "Experiment: ${backbone_tag} | ${DISPLAY_NAME} | n_samples=${n_samples}"
        echo "============================================================"

        for seed in "${SEEDS[@]}"; do
            run_single ${backbone_tag} ${backbone_timm} ${n_samples} ${seed} ${pool_strategy}
            if [ $? -eq 0 ]; then
                TOTAL_SUCCESS=$((TOTAL_SUCCESS + 1))
            else
                TOTAL_FAIL=$((TOTAL_FAIL + 1))
            fi
        done

        echo "--- Aggregating results for ${backbone_tag} n=${n_samples} ---"
        aggregate_results ${backbone_tag} ${n_samples} ${CSV_FILE}
    done
done

echo ""
echo "=========================================="
echo "All SimCLR-CP ${DISPLAY_NAME} experiments completed!"
echo "  Successful: ${TOTAL_SUCCESS}"
echo "  Failed: ${TOTAL_FAIL}"
echo "  Results: ${BASE_LOG_DIR}/"
echo "  End Time: $(date)"
echo "=========================================="
