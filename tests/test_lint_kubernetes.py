"""The Kubernetes manifest and conda environment readers (rocmdoctor/artifacts/readers/kubernetes.py,
requirements.read_conda_env): malformed input gives no exception, and only what the grammar says
is a container or a requirement is read as one."""
from __future__ import annotations

import os
import random

import pytest

from rocmdoctor.artifacts.readers import kubernetes, read_one, requirements
from tests.lintacc_helpers import flagged, scan, write

MALFORMED = [
    "apiVersion: v1\nkind: Pod\nspec: 3\n",
    "apiVersion: v1\nkind: Pod\nspec:\n  containers: 5\n",
    "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - 1\n  - {name: a, resources: 3, volumeMounts: 5, env: 7}\n"
    "  volumes: {a: 1}\n  securityContext: {supplementalGroups: 5}\n",
    "apiVersion: v1\nkind: Job\nspec:\n  template: []\n",
    "apiVersion: v1\nkind: Pod\n---\n---\n[1, 2]\n",
    "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    resources: {limits: [1]}\n",
    "apiVersion: v1\nkind: TrainJob\nspec:\n  trainer: [1]\n  template: {spec: {replicatedJobs: [3, {template: 4}]}}\n",
    "apiVersion: v1\nkind: TrainJob\nspec:\n  trainer: {resourcesPerNode: 3, env: 5}\n",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_manifests_read_without_error(text):
    a = kubernetes.read("x.yaml", text)
    assert all(not s.get("gpu_resources") for s in a.data["services"].values())


def test_training_operator_replicas_and_a_bad_replica():
    text = ("apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata:\n  name: ft\nspec:\n  pytorchReplicaSpecs:\n"
            "    Master: 3\n    Worker:\n      template:\n        spec:\n          containers:\n"
            "          - name: w\n            image: rocm/pytorch:latest\n")
    a = kubernetes.read("job.yaml", text)
    assert list(a.data["services"]) == ["ft/w"] and a.data["services"]["ft/w"]["line"] == 12


def test_random_edits_never_raise():
    base = ("apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    image: x\n    resources:\n"
            "      limits:\n        amd.com/gpu: 1\n    volumeMounts:\n    - {name: d, mountPath: /dev/shm}\n"
            "  volumes:\n  - name: d\n    emptyDir: {medium: Memory}\n")
    rnd = random.Random(7)
    for _ in range(300):
        s = list(base)
        for _ in range(rnd.randrange(1, 8)):
            s[rnd.randrange(len(s))] = rnd.choice(" :-\n[]{}a1#'\"&*!|>")
        kubernetes.read("x.yaml", "".join(s))
        requirements.read_conda_env("e.yml", "".join(s).replace("apiVersion", "dependencies"))


def test_a_yaml_without_kind_is_no_manifest_and_a_conda_env_without_pip_is_no_requirements(tmp_path):
    p = tmp_path / "values.yaml"
    p.write_text("apiVersion: v1\nreplicas: 3\n")
    assert read_one(str(p)).kind != "kubernetes"
    q = tmp_path / "environment.yml"
    q.write_text("name: x\ndependencies:\n  - python=3.10\n  - pytorch\n")
    assert read_one(str(q)).kind != "requirements"


def test_nvidias_runtime_class_is_nvidia_only_syntax(tmp_path, lint):
    # ciwooooo/vllm: runtimeClassName: nvidia with an nvidia.com/gpu limit, on an AMD machine
    d = os.path.join(os.path.dirname(__file__), "corpus", "fresh", "artifacts", "ciwooooo-vllm-nvidia-k8s")
    [f] = lint.flagged(lint([d], "RD-CTR-004", "rx7900xtx"))
    assert "runtime: nvidia" in f.title and "nvidia.com/gpu" in f.title


# ds2qdu/kai-scheduler-examples 03-training.yaml (spent fresh batch 13, ab-ds2qdu): Kubeflow Trainer's TrainingRuntime
# (a JobSet template: replicatedJobs[].template.spec.template.spec) and a TrainJob whose `trainer:` overrides the image,
# env and resourcesPerNode of the runtime's trainer container
TRAINER = """---
apiVersion: trainer.kubeflow.org/v1alpha1
kind: TrainingRuntime
metadata:
  name: mnist-runtime
spec:
  template:
    spec:
      replicatedJobs:
        - name: trainer
          template:
            spec:
              template:
                spec:
                  containers:
                    - name: trainer
                      image: nvcr.io/nvidia/pytorch:25.12-py3
---
apiVersion: trainer.kubeflow.org/v1alpha1
kind: TrainJob
metadata:
  name: mnist-training
spec:
  runtimeRef:
    name: mnist-runtime
  trainer:
    image: nvcr.io/nvidia/pytorch:25.12-py3
    resourcesPerNode:
      limits:
        nvidia.com/gpu: "1"
    env:
      - name: NCCL_DEBUG
        value: "INFO"
"""


def test_a_jobsets_pods_and_a_trainjobs_trainer_are_containers():
    a = kubernetes.read("t.yaml", TRAINER)
    svcs = a.data["services"]
    assert set(svcs) == {"mnist-runtime/trainer", "mnist-training/trainer"}
    assert [(v.value, v.origin.line) for v in a.values if v.name == "image"] == [
        ("nvcr.io/nvidia/pytorch:25.12-py3", 17), ("nvcr.io/nvidia/pytorch:25.12-py3", 27)]
    tj = svcs["mnist-training/trainer"]
    assert tj["gpu_resources"] == {"nvidia.com/gpu": "1"} and tj["environment"] == {"NCCL_DEBUG": "INFO"}
    # look-alike: a TrainJob with no trainer override (the runtime's image runs) adds no container, and a
    # `trainer:` key in another kind is not Kubeflow's
    bare = kubernetes.read("b.yaml", TRAINER.split("  trainer:")[0] + "  trainer:\n    numNodes: 2\n")
    assert set(bare.data["services"]) == {"mnist-runtime/trainer"}
    other = kubernetes.read("o.yaml", "apiVersion: v1\nkind: ConfigMap\nspec:\n  trainer:\n    image: x/y:1\n")
    assert other.data["services"] == {}


KSERVE = """apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata:
  name: llama3
spec:
  predictor:
    containers:
    - name: vllm-container
      image: example/vllm-rocm
      resources:
        limits:
          amd.com/gpu: "4"
"""
RAY = """apiVersion: ray.io/v1
kind: RayCluster
metadata:
  name: rc
spec:
  headGroupSpec:
    template:
      spec:
        containers:
        - name: head
          image: rocm/ray:2.9
  workerGroupSpecs:
  - groupName: gpu
    template:
      spec:
        containers:
        - name: worker
          image: rocm/ray:2.9
"""


def test_pod_specs_nested_in_any_resource_are_containers():
    # KServe's predictor and a RayCluster's head and worker groups hold pod specs where no workload path names them
    a = kubernetes.read("isvc.yaml", KSERVE)
    assert list(a.data["services"]) == ["llama3/vllm-container"]
    assert a.data["services"]["llama3/vllm-container"]["gpu_resources"] == {"amd.com/gpu": "4"}
    assert [(v.value, v.origin.line) for v in a.values if v.name == "image"] == [("example/vllm-rocm", 9)]
    r = kubernetes.read("ray.yaml", RAY)
    assert set(r.data["services"]) == {"rc/head", "rc/worker"}
    assert [v.origin.line for v in r.values if v.name == "image"] == [11, 18]
    # look-alike: a `containers` key that is no list of containers is no pod spec
    odd = kubernetes.read("o.yaml", "apiVersion: v1\nkind: Widget\nspec:\n  containers: 3\n  x: {containers: a}\n")
    assert odd.data["services"] == {}


# Custom resources that write their pod or their one container where no workload path does (fresh batch 115: KAITO's
# Workspace `inference.template.spec`, OME's ClusterServingRuntime `spec.engineConfig.runner`; Argo's `container:`)
WORKSPACE = """apiVersion: kaito.sh/v1beta1
kind: Workspace
metadata:
  name: ws
inference:
  template:
    spec:
      containers:
        - name: llm
          image: example/hf-runtime:0.2.0
"""
RUNNER = """apiVersion: ome.io/v1beta1
kind: ClusterServingRuntime
metadata:
  name: srt
spec:
  engineConfig:
    volumes:
      - name: dshm
        emptyDir:
          medium: Memory
    runner:
      name: engine
      image: lmsysorg/sglang:v0.5.5-cu129
      volumeMounts:
        - mountPath: /dev/shm
          name: dshm
      resources:
        requests:
          nvidia.com/gpu: 4
        limits:
          nvidia.com/gpu: 4
"""
ARGO = """apiVersion: argoproj.io/v1alpha1
kind: Workflow
metadata:
  name: wf
spec:
  templates:
  - name: train
    container:
      image: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0
      command: [torchrun, train.py]
"""


def test_pods_and_lone_containers_of_custom_resources_are_read_wherever_they_are_written():
    assert [(v.value, v.origin.line) for v in kubernetes.read("w.yaml", WORKSPACE).values if v.name == "image"] == [
        ("example/hf-runtime:0.2.0", 10)]
    r = kubernetes.read("r.yaml", RUNNER)
    (svc,) = r.data["services"].values()
    # the runner's pod is the mapping that holds it: its memory-backed volume is the runner's /dev/shm
    assert svc["gpu_resources"] == {"nvidia.com/gpu": 4} and svc["shm_size"] == "unlimited"
    assert svc["gpu_resource_lines"] == [21, 19] and svc["line"] == 12
    a = kubernetes.read("a.yaml", ARGO)
    assert [v.origin.line for v in a.values if v.name == "image"] == [9]
    # review of wave 27: two lone containers of one manifest stay two (named for their holder); a lone container
    # beside a pod's own containers list is read too; an image written as a mapping is joined (NVIDIA's NIMService)
    two = ARGO + "  - name: eval\n    container: {image: rocm/pytorch:latest, command: [python, eval.py]}\n"
    assert set(kubernetes.read("two.yaml", two).data["services"]) == {"wf/train", "wf/eval"}
    # a PyTorchJob's Master and Worker whose containers share a name (`pytorch`) stay two services (fresh batch 126)
    job = ("apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata: {name: j}\nspec:\n  pytorchReplicaSpecs:\n"
           + "".join(f"    {r}:\n      template:\n        spec:\n          containers:\n          - name: pytorch\n"
                     f"            image: rocm/pytorch:latest\n" for r in ("Master", "Worker")))
    assert list(kubernetes.read("job.yaml", job).data["services"]) == ["j/pytorch", "j/pytorch (line 16)"]
    both = KSERVE.replace("spec:\n  predictor:\n", "spec:\n  predictor:\n    model:\n      modelFormat: {name: hf}\n"
                          "      resources: {limits: {nvidia.com/gpu: 1}}\n")
    assert set(kubernetes.read("both.yaml", both).data["services"]) == {"llama3/vllm-container", "llama3/model"}
    nim = ("apiVersion: apps.nvidia.com/v1alpha1\nkind: NIMService\nmetadata: {name: llama}\nspec:\n"
           "  image: {repository: nvcr.io/nim/meta/llama-3.1-8b-instruct, tag: \"1.3.3\"}\n"
           "  resources: {limits: {nvidia.com/gpu: 1}}\n")
    assert [v.value for v in kubernetes.read("nim.yaml", nim).values if v.name == "image"] == [
        "nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3"]
    # look-alikes: a quota's resources (no image, no GPU), an image named in a mapping that runs nothing, metadata
    quiet = ("apiVersion: v1\nkind: Widget\nmetadata:\n  annotations: {image: a/b:1, command: x}\nspec:\n"
             "  quota:\n    resources:\n      limits: {cpu: 2}\n  build:\n    image: a/b:1\n")
    assert kubernetes.read("q.yaml", quiet).data["services"] == {}


def test_deeply_nested_manifests_stop_without_error():
    deep = "apiVersion: v1\nkind: Deep\nspec:\n" + "".join("  " * (i + 1) + f"k{i}:\n" for i in range(40)) \
        + "  " * 41 + "containers: [{name: c, image: a/b:1}]\n"
    assert kubernetes.read("d.yaml", deep).data["services"] == {}


def test_policy_patterns_and_trainjob_overrides_are_no_pods():
    # a Kyverno pattern and a TrainJob's podSpecOverrides hold pod-shaped YAML that runs nothing (review of wave 10)
    policy = ("apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nmetadata: {name: p}\nspec:\n  rules:\n  - name: r\n"
              "    validate:\n      pattern:\n        spec:\n          containers:\n          - image: \"rocm/pytorch:*\"\n")
    assert kubernetes.read("p.yaml", policy).data["services"] == {}
    tj = ("apiVersion: trainer.kubeflow.org/v1alpha1\nkind: TrainJob\nmetadata: {name: ft}\nspec:\n  runtimeRef: {name: r}\n"
          "  podSpecOverrides:\n  - targetJobs: [{name: node}]\n    containers:\n    - name: node\n      env: [{name: A, value: b}]\n")
    assert kubernetes.read("t.yaml", tj).data["services"] == {}
    # look-alike: the same containers under a workload's template are a pod
    dep = ("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  template:\n    spec:\n      containers:\n"
           "      - name: c\n        image: rocm/pytorch:latest\n")
    assert list(kubernetes.read("d.yaml", dep).data["services"]) == ["d/c"]


POD = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: vllm
spec:
  template:
    spec:
      containers:
      - name: vllm
        image: rocm/vllm:latest
        command: ["python", "-m", "vllm.entrypoints.openai.api_server"]
        args: ["--model", "m", "--tensor-parallel-size", "{tp}"]
{ports}        resources:
          limits:
            amd.com/gpu: {n}
"""


def test_a_pod_that_listens_is_a_server_and_its_args_are_its_command_line(lint):
    # fresh yo-yuamd-k8s-vllm: a vLLM Deployment with containerPort 8000, one GPU, --tensor-parallel-size 1 in args:
    # a server on one GPU makes no collectives (as a compose service with ports); TP 8 in args splits it
    ports = "        ports:\n        - containerPort: 8000\n"
    one = lint.write("vllm.yaml", POD.replace("{tp}", "1").replace("{ports}", ports).replace("{n}", "1"))
    assert lint.statuses(lint([one], "RD-CTR-005", "mi300x8")) == ["pass"]
    eight = lint.write("vllm.yaml", POD.replace("{tp}", "8").replace("{ports}", ports).replace("{n}", "8"))
    assert lint.statuses(lint([eight], "RD-CTR-005", "mi300x8")) == ["warn"]
    split = lint.write("vllm.yaml", POD.replace("{tp}", "8").replace("{ports}", ports).replace("{n}", "1"))
    assert lint.statuses(lint([split], "RD-CTR-005", "mi300x8")) == ["warn"]  # only args say it: still split
    # no port: not known to be a server, but it asks for one GPU and does not train: no collectives, no workers
    quiet = lint.write("vllm.yaml", POD.replace("{tp}", "1").replace("{ports}", "").replace("{n}", "1"))
    [f] = lint(quiet and [quiet], "RD-CTR-005", "mi300x8")
    assert f.status.value == "pass" and "the one GPU it asks for" in f.title
    trains = lint.write("train.yaml", POD.replace('"python", "-m", "vllm.entrypoints.openai.api_server"',
                                                  '"torchrun", "train.py"').replace("{ports}", "").replace("{n}", "1"))
    assert lint.statuses(lint([trains], "RD-CTR-005", "mi300x8")) == ["warn"]  # a trainer's DataLoader workers


def test_a_test_pod_that_sleeps_on_one_gpu_needs_no_shared_memory(lint):
    # fresh yo-yuamd-k8s-vllm gpu-test-pod.yaml (both labellers of the blind second labelling: nothing to flag)
    pod = ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: gpu-test-pod\nspec:\n  containers:\n  - name: gpu-container\n"
           "    image: rocm/pytorch:latest\n    command: [\"sleep\", \"3600\"]\n    resources:\n      limits:\n"
           "        amd.com/gpu: {n}\n")
    assert lint.statuses(lint([lint.write("p.yaml", pod.format(n=1))], "RD-CTR-005", "mi300x8")) == ["pass"]
    assert lint.statuses(lint([lint.write("p.yaml", pod.format(n=8))], "RD-CTR-005", "mi300x8")) == ["warn"]


def test_a_manifest_saved_with_windows_line_ends_splits_into_its_documents():
    # fresh batch 82 pw-mrcr100-k8s-ollama-nvidia (ollama.yaml, CRLF): a Namespace, `---`, then the Deployment; the
    # separator line ends in \r, and one unsplit stream is no single YAML document (nothing was read)
    text = ("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ollama\n---\napiVersion: apps/v1\nkind: Deployment\n"
            "metadata:\n  name: ollama\nspec:\n  template:\n    spec:\n      containers:\n      - name: ollama\n"
            "        image: ollama/ollama:latest\n        resources:\n          limits:\n            nvidia.com/gpu: 1\n")
    a = kubernetes.read("ollama.yaml", text.replace("\n", "\r\n"))
    assert not a.data.get("errors") and [s.get("image") for s in a.data["services"].values()] == ["ollama/ollama:latest"]
    assert [v.origin.line for v in a.values if v.name == "image"] == [15]


def test_a_pod_placed_only_on_nvidia_gpu_nodes_is_nvidia_only(tmp_path, lint):
    # spent fresh gx-troykerim (NRP): a Job's required node affinity on nvidia.com/gpu.product, above its containers;
    # eq-hanneshapke (GKE): nodeSelector cloud.google.com/gke-accelerator: nvidia-l4
    job = ("apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: train\nspec:\n  template:\n    spec:\n      affinity:\n"
           "        nodeAffinity:\n          requiredDuringSchedulingIgnoredDuringExecution:\n            nodeSelectorTerms:\n"
           "            - matchExpressions:\n              - key: nvidia.com/gpu.product\n                operator: In\n"
           "                values: [NVIDIA-A10]\n      containers:\n      - name: train\n        image: rocm/pytorch:latest\n")
    p = lint.write("job.yaml", job)
    [f] = lint.flagged(lint([p], "RD-CTR-004", "mi300x8"))
    assert f.evidence[0].source == f"{p}:13" and "nvidia.com/gpu.product" in f.title
    # the same term with NotIn keeps the pod off NVIDIA nodes: nothing NVIDIA-only
    p2 = lint.write("job2.yaml", job.replace("operator: In", "operator: NotIn"))
    assert lint.flagged(lint([p2], "RD-CTR-004", "mi300x8")) == []
    gke = ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: s\nspec:\n  nodeSelector:\n"
           "    cloud.google.com/gke-accelerator: nvidia-l4\n  containers:\n  - name: s\n    image: rocm/vllm:rocm6.2_x\n")
    [g] = lint.flagged(lint([lint.write("pod.yaml", gke)], "RD-CTR-004", "mi300x8"))
    assert g.evidence[0].source.endswith("pod.yaml:7")
    # a cloud's own NVIDIA label (CoreWeave's gpu.nvidia.com/model, fresh batch 133) and NFD's NVIDIA PCI vendor
    for key in ("gpu.nvidia.com/model", "feature.node.kubernetes.io/pci-10de.present"):
        p3 = lint.write(f"{key.split('/')[0]}.yaml", job.replace("nvidia.com/gpu.product", key))
        assert lint.flagged(lint([p3], "RD-CTR-004", "mi300x8")), key
    # look-alike: AMD's PCI vendor (1002) selects AMD nodes
    p4 = lint.write("amd.yaml", job.replace("nvidia.com/gpu.product", "feature.node.kubernetes.io/pci-1002.present"))
    assert lint.flagged(lint([p4], "RD-CTR-004", "mi300x8")) == []


# A Helm chart's template (civo's vLLM chart, helm/templates/deployment.yaml, fresh batch 134; LintasArta's and
# InfMonkeys' vLLM charts): Go template actions among the YAML, read for what the template writes literally
CHART = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "vllm.fullname" . }}
spec:
  template:
    spec:
      {{- with .Values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      runtimeClassName: nvidia
      containers:
        - name: {{ .Chart.Name }}
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          resources:
            limits:
              nvidia.com/gpu: "{{ index .Values.resources.limits "nvidia.com/gpu" }}"
"""


def test_a_helm_template_is_read_for_what_it_writes_literally(tmp_path, lint):
    a = kubernetes.read("deployment.yaml", CHART)
    assert not a.error and list(a.data["services"]) == ["Deployment/TEMPLATED"]
    (svc,) = a.data["services"].values()
    assert "image" not in svc and svc["runtime"] == "nvidia" and svc["gpu_resource_lines"] == [18]
    p = lint.write("deployment.yaml", CHART)
    [f] = lint.flagged(lint([p], "RD-CTR-004", "mi300x8"))
    assert [e.source.rsplit(":", 1)[1] for e in f.evidence] == ["12", "18"]
    # the template's image is the values' (judged there), not a reference Docker refuses; the file is judged
    assert not lint.flagged(lint([p], "RD-CTR-014", "mi300x8")) and not lint.flagged(lint([p], "RD-CFG-001", "mi300x8"))
    # look-alike: a manifest with no actions reads as it did
    assert kubernetes.untemplated("a: 1\nb: 2\n") == "a: 1\nb: 2\n"


# Fresh batch 233: operator and Helm templates of PyTorchJobs (NVIDIA's NeMo launcher chart, a topsail .yaml.j2, an AWS
# .yaml-template filled by envsubst) ask NVIDIA's device plugin for GPUs; a chart opening with `{{- define` is no JSON
JOB = ("apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata:\n  name: {{ job_name }}\nspec:\n  pytorchReplicaSpecs:\n"
       "    Master:\n      template:\n        spec:\n          containers:\n          - name: pytorch\n"
       "            image: {{ image }}\n{% if gpus %}\n            resources:\n              limits:\n"
       "                nvidia.com/gpu: \"{{ gpus }}\"\n{% endif %}\n            volumeMounts:\n"
       "            - name: shm\n              mountPath: /dev/shm\n          volumes:\n          - name: shm\n"
       "            emptyDir:\n              medium: Memory\n              sizeLimit: \"{{ shm }}Gi\"\n")


@pytest.mark.parametrize("name", ["job.yaml.j2", "fsdp.yaml-template", "job.yml.tpl"])
def test_a_templated_manifest_is_read_as_the_manifest(tmp_path, lint, name):
    p = lint.write(name, JOB)
    [f] = lint.flagged(lint([os.path.dirname(p)], "RD-CTR-004", "mi300x8"))  # found in a folder by its name too
    assert f.evidence[0].source.endswith(f"{name}:16")
    # a templated size is the deployment's: not read as 0 MiB
    assert not lint.flagged(lint([p], "RD-CTR-005", "mi300x8"))


def test_a_chart_opening_with_its_named_templates_is_a_manifest(tmp_path, lint):
    define = ('{{- define "c.mounts" -}}\n- mountPath: /dev/shm\n  name: dshm\n  {{- if .Values.x }}\n  readOnly: true\n'
              '  {{- end }}\n{{- end -}}\n')
    mounted = CHART + '          volumeMounts:\n            {{- include "c.mounts" . | nindent 12 }}\n'
    a = read_one(lint.write("peft.yaml", define + mounted))
    assert a.kind == "kubernetes" and a.data["services"]
    # its named template mounts /dev/shm into the pod that includes it; a pod that includes another (its labels), or
    # none, has the default
    assert [s.get("shm_size") for s in a.data["services"].values()] == ["unlimited"]
    assert [s.get("shm_size") for s in kubernetes.read("d.yaml", define + CHART).data["services"].values()] == [None]
    # a define closing on a line that goes on, and an end and an if on one line, keep the manifest
    same = kubernetes.read("e.yaml", '{{- define "x" }}{{- if .a }}y{{- end }}\n{{- end -}}' + CHART)
    assert list(same.data["services"]) == ["Deployment/TEMPLATED"]
    # Jinja tags alone (no {{ }}) are control flow too
    jinja = kubernetes.read("j.yaml", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n"
                            "  - name: c\n    image: rocm/pytorch:latest\n{% if gpus %}\n    resources:\n      limits:\n"
                            "        nvidia.com/gpu: 1\n{% endif %}\n")
    assert [s.get("gpu_resources") for s in jinja.data["services"].values()] == [{"nvidia.com/gpu": 1}]
    # look-alike: a JSON file is still JSON
    from rocmdoctor.artifacts.readers import detect
    assert detect("x.conf", '{"a": 1}') == "json" and detect("peft.yaml", define + mounted) == "kubernetes"


def test_a_templated_allocator_config_is_not_judged_as_an_option(tmp_path):
    # fresh batch 251 (a vLLM StatefulSet template): `value: {{ .params.pytorchCudaAllocConf }}` is set at install
    sts = ("apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: vllm\nspec:\n  template:\n    spec:\n"
           "      containers:\n        - name: vllm\n          image: rocm/vllm:latest\n          env:\n"
           "            - name: PYTORCH_CUDA_ALLOC_CONF\n              value: {{ .params.pytorchCudaAllocConf }}\n")
    assert flagged(scan([write(tmp_path, "sts.yaml", sts)], "RD-ENV-004", "mi300x8")) == []
    bad = sts.replace("{{ .params.pytorchCudaAllocConf }}", "expandable_segment:True")  # a real misspelling still is
    assert len(flagged(scan([write(tmp_path, "b/sts.yaml", bad)], "RD-ENV-004", "mi300x8"))) == 1
