"""rocmdoctor/artifacts/readers/helm_values.py: a Helm chart's values file read for what its templates put in the pods
(images, GPU resource requests, NVIDIA node selectors), judged by RD-IMG-001/003 and RD-CTR-004. Shapes from real charts
(spent fresh sets: a vLLM chart's `image:` and `resources:`, an `images:` map, vLLM's production stack's
`modelSpec[].repository`, node affinity on nvidia.com/gpu.product)."""
import pytest

from rocmdoctor.artifacts.readers import detect, read_one
from tests.lintacc_helpers import flagged, scan, write

VLLM = ("image:\n  repository: vllm/vllm-openai\n  tag: v0.10.2\n\nresources:\n  requests:\n    cpu: 4\n"
        "    nvidia.com/gpu: \"1\"\n  limits:\n    nvidia.com/gpu: \"1\"\n")


def test_a_values_file_is_read_by_its_name_and_content(tmp_path):
    assert detect(str(tmp_path / "values.yaml"), VLLM) == "helm_values"
    assert detect(str(tmp_path / "values-amd.yaml"), VLLM) == "helm_values"
    assert detect(str(tmp_path / "qwen3-6-35b-values.yaml"), VLLM) == "helm_values"  # an override passed with -f
    assert detect(str(tmp_path / "myvalues.yaml"), VLLM) != "helm_values"
    # the same keys under another name, a compose file, a manifest: not a values file
    assert detect(str(tmp_path / "config.yaml"), VLLM) != "helm_values"
    assert detect(str(tmp_path / "values.yaml"), "services:\n  a:\n    image: x\n") != "helm_values"
    assert detect(str(tmp_path / "values.yaml"), "apiVersion: v1\nkind: Pod\nspec: {}\n") == "kubernetes"
    assert detect(str(tmp_path / "values.yaml"), "replicaCount: 1\nservice:\n  port: 80\n") != "helm_values"


def test_images_gpu_requests_and_node_selectors_are_read_at_their_lines(tmp_path):
    text = ("images:\n  vllm:\n    registry: ghcr.io\n    repository: org/app\n    tag: \"\"\n"
            "worker:\n  nodeSelector:\n    nvidia.com/gpu.product: NVIDIA-A100\n"
            "  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
            "        nodeSelectorTerms:\n        - matchExpressions:\n          - key: kubernetes.io/arch\n"
            "            operator: In\n            values: [amd64]\n"
            "chart:\n  repository: https://charts.example.com\n")
    a = read_one(write(tmp_path, "values.yaml", text))
    images = [(v.value, v.origin.line) for v in a.values if v.name == "image"]
    assert images == [("ghcr.io/org/app", 4)]  # an empty tag is the chart's appVersion: the name alone; a chart URL is none
    nodes = [(v.value, v.origin.line) for v in a.values if v.name == "nvidia_nodes"]
    assert nodes == [(["nvidia.com/gpu.product=NVIDIA-A100"], 8)]  # the arch term is no NVIDIA label


@pytest.mark.parametrize("text, codes", [
    (VLLM, {"RD-IMG-001", "RD-CTR-004"}),
    # AMD's own: the ROCm image with amd.com/gpu; a floating channel tag on it
    ("image:\n  repository: rocm/vllm\n  tag: rocm6.2_mi300_ubuntu20.04_py3.9_vllm_0.6.4\nresources:\n  limits:\n"
     "    amd.com/gpu: 1\n", set()),
    ("servingEngineSpec:\n  modelSpec:\n  - name: m\n    repository: rocm/vllm\n    tag: instinct_main\n"
     "    requestGPUType: amd.com/gpu\n", {"RD-IMG-003"}),
    # GKE's accelerator label names the NVIDIA board; a TPU value does not
    ("nodeSelector:\n  cloud.google.com/gke-accelerator: nvidia-l4\nimage:\n  repository: rocm/vllm\n  tag: rocm6.2_x\n",
     {"RD-CTR-004"}),
    ("nodeSelector:\n  cloud.google.com/gke-accelerator: tpu-v5\nimage:\n  repository: rocm/vllm\n  tag: rocm6.2_x\n",
     set()),
])
def test_values_files_judged_on_an_amd_node(tmp_path, text, codes):
    p = write(tmp_path, "values.yaml", text)
    got = {f.code for code in ("RD-IMG-001", "RD-IMG-003", "RD-CTR-004", "RD-CTR-005", "RD-CTR-003")
           for f in flagged(scan([p], code, "mi300x8"))}
    assert got == codes


def test_the_gpu_request_is_cited_at_its_first_line_and_every_line_a_fix_changes(tmp_path):
    p = write(tmp_path, "values.yaml", VLLM)
    [f] = flagged(scan([p], "RD-CTR-004", "mi300x8"))
    assert f.evidence[0].source == f"{p}:8"  # requests come first in this file
    assert [e.source for e in f.evidence] == [f"{p}:8", f"{p}:10"]


# the vLLM OpenShift chart's override file (fresh batch 118): the chart's own `nodeAffinity: {type, nodeSelectorTerms}`
AFFINITY = ("nodeAffinity:\n  enabled: true\n  type: {kind}DuringSchedulingIgnoredDuringExecution\n  nodeSelectorTerms:\n"
            "    - matchExpressions:\n        - key: nvidia.com/gpu.present\n          operator: In\n"
            "          values: [\"true\"]\n        - key: nvidia.com/gpu.product\n          operator: In\n"
            "          values: [NVIDIA-H200]\n")


def test_a_charts_own_required_node_affinity_on_nvidia_labels_is_cited_at_each_label(tmp_path):
    p = write(tmp_path, "h200-gpu-node-affinity-values.yaml", AFFINITY.format(kind="required"))
    [f] = flagged(scan([p], "RD-CTR-004", "mi300x8"))
    assert [e.source for e in f.evidence] == [f"{p}:6", f"{p}:9"]
    soft = write(tmp_path, "s/soft-values.yaml", AFFINITY.format(kind="preferred"))  # a preference schedules anywhere
    assert flagged(scan([soft], "RD-CTR-004", "mi300x8")) == []
    # the pod's own form in a values file is read once, not again as the chart's form (review of wave 27)
    pod = write(tmp_path, "p/values.yaml", "affinity:\n  nodeAffinity:\n    requiredDuringSchedulingIgnoredDuring"
                "Execution:\n      nodeSelectorTerms:\n      - matchExpressions:\n        - {key: nvidia.com/gpu.product, "
                "operator: In, values: [A100]}\n")
    assert len(flagged(scan([pod], "RD-CTR-004", "mi300x8"))) == 1


def test_a_mirror_of_the_vllm_cuda_image_is_a_cuda_image(tmp_path):
    for image, cuda in (("us-docker.pkg.dev/castai-hub/library/vllm-openai:v0.11.2", True),
                        ("ghcr.io/neuralmagic/nm-vllm-openai:v0.1.0", True),
                        ("registry.example.com/mirror/vllm-openai-rocm:v0.9", False),
                        ("registry.example.com/mirror/vllm-openai:rocm6.4_v0.9", False)):
        p = write(tmp_path, f"{abs(hash(image))}/values.yaml", f"image:\n  repository: {image.split(':')[0]}\n"
                  f"  tag: {image.split(':')[1]}\n")
        assert bool(flagged(scan([p], "RD-IMG-001", "mi300x8"))) is cuda, image


def test_a_zero_gpu_limit_asks_for_no_gpu(tmp_path, lint):
    # fresh batch 114: Open WebUI's chart for minikube sets its Ollama subchart's `nvidia.com/gpu: "0"` (CPU-only)
    p = write(tmp_path, "values.yaml", "ollama:\n  resources:\n    limits:\n      cpu: 4\n      nvidia.com/gpu: \"0\"\n"
              "  image:\n    repository: rocm/vllm\n    tag: rocm6.2_x\n")
    assert flagged(scan([p], "RD-CTR-004", "mi300x8")) == []
    pod = lint.write("pod.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n"
                     "    image: rocm/pytorch:latest\n    resources:\n      limits:\n        nvidia.com/gpu: 0\n")
    assert lint.flagged(lint([pod], "RD-CTR-004", "mi300x8")) == []
    assert lint.flagged(lint([lint.write("pod2.yaml", open(pod).read().replace("gpu: 0", "gpu: 1"))], "RD-CTR-004",
                             "mi300x8"))


@pytest.mark.parametrize("text, codes", [
    # review: a chart's own `services:` key does not make its values a compose file
    ("services:\n  api:\n    enabled: true\n    type: ClusterIP\nimage:\n  repository: vllm/vllm-openai\n  tag: v0.6.3\n"
     "resources:\n  limits:\n    nvidia.com/gpu: 1\n", {"RD-IMG-001", "RD-CTR-004"}),
    # a values file holding only `image: repo:tag`, or only a node selector
    ("image: vllm/vllm-openai:v0.6.3\n", {"RD-IMG-001"}),
    ("server:\n  nodeSelector:\n    nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3\n", {"RD-CTR-004"}),
    # a digest pins the image: no floating tag
    ("image:\n  repository: rocm/vllm\n  tag: \"\"\n  digest: sha256:" + "0" * 64 + "\n", set()),
    # a block the chart switches off renders nothing
    ("gpu:\n  enabled: false\n  resources:\n    limits:\n      nvidia.com/gpu: 1\n"
     "image:\n  repository: rocm/vllm\n  tag: rocm6.2_x\n", set()),
])
def test_values_files_the_review_found(tmp_path, text, codes):
    p = write(tmp_path, "values-prod.yaml", text)
    assert detect(p, text) == "helm_values"
    got = {f.code for code in ("RD-IMG-001", "RD-IMG-003", "RD-CTR-004", "RD-CTR-009", "RD-CTR-016")
           for f in flagged(scan([p], code, "mi300x8"))}
    assert got == codes


def test_a_source_repository_is_no_image(tmp_path):
    a = read_one(write(tmp_path, "values.yaml", "source:\n  repository: git@github.com:org/app.git\n  tag: v1\n"
                                              "image:\n  repository: rocm/vllm\n  tag: rocm6.2_x\n"))
    assert [v.value for v in a.values if v.name == "image"] == ["rocm/vllm:rocm6.2_x"]


# the otwld/ollama chart's values (fresh batch 150: ignaciylipm, two values files): its GPU switch
OLLAMA = ("ollama:\n  gpu:\n    # -- Enable GPU integration\n    enabled: true\n\n    # -- GPU type: 'nvidia' or 'amd'\n"
          "    type: 'nvidia'\n\n    number: 1\n  models:\n    pull:\n      - qwen2.5:14b\n")


@pytest.mark.parametrize("text, bad", [
    (OLLAMA, True),
    (OLLAMA.replace("'nvidia'", "'amd'"), False),            # the chart asks amd.com/gpu and the -rocm image
    (OLLAMA.replace("enabled: true", "enabled: false"), False),  # no GPU asked for at all
])
def test_a_charts_gpu_switch_set_to_nvidia_is_cited_at_its_type_line(tmp_path, text, bad):
    p = write(tmp_path, "values.yaml", text)
    fs = flagged(scan([p], "RD-CTR-004", "mi300x8"))
    assert [e.source for f in fs for e in f.evidence] == ([p + ":7"] if bad else [])
    if bad:
        assert "ollama.gpu.type: nvidia" in fs[0].title


def test_a_charts_own_resources_shape_and_an_image_written_by_name_are_read(tmp_path):
    # fresh batch 156: surajssd/llm-k8s takes `resources: {nvidia.com/gpu: "1"}` itself; opensourceaidev's vLLM chart
    # writes `image: {name: vllm/vllm-openai, tag: ""}`
    p = write(tmp_path, "values.yaml", "image:\n  name: \"vllm/vllm-openai\"\n  tag: \"\"\n\nresources:\n"
                                       "  nvidia.com/gpu: \"1\"\n  cpu: 4\n")
    assert detect(p, open(p).read()) == "helm_values"
    assert [e.source for f in flagged(scan([p], "RD-CTR-004", "mi300x8")) for e in f.evidence] == [p + ":6"]
    assert [e.source for f in flagged(scan([p], "RD-IMG-001", "mi300x8")) for e in f.evidence] == [p + ":2"]
    # look-alike: a mapping of CPU and memory only asks for no GPU
    q = write(tmp_path, "b/values.yaml", "image:\n  name: \"vllm/vllm-openai\"\nresources:\n  cpu: 4\n")
    assert not flagged(scan([q], "RD-CTR-004", "mi300x8"))
