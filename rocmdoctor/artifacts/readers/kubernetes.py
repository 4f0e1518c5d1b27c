"""Kubernetes manifests (Pod, Job, Deployment, PyTorchJob ...) as container services: per
container, its image, environment, the GPUs it requests through a device plugin
(``resources.limits``: amd.com/gpu, hygon.com/dcu, nvidia.com/gpu), the user it runs as and the
size of its /dev/shm (a memory-backed emptyDir mounted there; else the runtime's 64 MiB).

The container rules (checks/container_config/) judge these services as they judge compose
services. Documents are split on ``---`` and each parsed with the one YAML loader of configfiles
(bounded); the line of each value comes from the parser's node marks.
"""
from __future__ import annotations

import re
from types import SimpleNamespace

from ...knowledge.artifacts import K8S_AMD_GPU_RESOURCES as AMD_RESOURCES
from ...knowledge.artifacts import K8S_NVIDIA_GPU_RESOURCES as NVIDIA_RESOURCES
from ..settings import CONTAINER, ENV, Artifact
from . import container_script
from .container_script import node_at

KUBERNETES = "kubernetes"
_DOC = re.compile(r"(?m)^---[ \t]*(?:#[^\r\n]*)?\r?$")
MAX_DOCS = 50


def asks_for(value) -> bool:
    """A resource quantity above zero (`nvidia.com/gpu: "0"` asks for none: the pod schedules anywhere)."""
    return str(value).strip().strip("\"'") not in ("0", "0.0", "")


def gpu_resource(name: str) -> bool:
    """A device plugin's GPU resource: AMD's and Hygon's, or any of NVIDIA's (nvidia.com/gpu, MIG slices
    nvidia.com/mig-1g.10gb, a cluster's per-model names such as NRP's nvidia.com/a100)."""
    return name in AMD_RESOURCES + NVIDIA_RESOURCES or name.startswith("nvidia.com/")


# NVIDIA's GPU feature-discovery labels (nvidia.com/gpu.product, .count, .present; nvidia.com/cuda.driver ...), a
# cloud's own NVIDIA labels (CoreWeave's gpu.nvidia.com/model, /class), node-feature-discovery's PCI vendor 10de
# (NVIDIA) and GKE's accelerator label with an NVIDIA value: only NVIDIA GPU nodes carry them
NVIDIA_NODE = re.compile(r"^nvidia\.com/(?:gpu|cuda|mig)\b|^gpu\.nvidia\.com/|^feature\.node\.kubernetes\.io/pci-10de\.|"
                         r"^cloud\.google\.com/gke-accelerator$")


def _nvidia_label(key, values) -> bool:
    if not NVIDIA_NODE.match(str(key)):
        return False
    return not str(key).startswith("cloud.") or any("nvidia" in str(v).lower() for v in values)


def nvidia_nodes(spec: dict) -> list[tuple[str, tuple]]:
    """(label, its key path under ``spec``) for each NVIDIA node label a pod spec's nodeSelector, or a term of its
    required node affinity, asks for."""
    sel = _dict(spec.get("nodeSelector"))
    out: list[tuple[str, tuple]] = [(f"{k}={v}", ("nodeSelector", k)) for k, v in sel.items() if _nvidia_label(k, [v])]
    req = "requiredDuringSchedulingIgnoredDuringExecution"
    required = _dict(_dict(_dict(spec.get("affinity")).get("nodeAffinity")).get(req))
    return out + nvidia_terms(required, ("affinity", "nodeAffinity", req))


def nvidia_terms(required: dict, at: tuple) -> list[tuple[str, tuple]]:
    """(label, key path) for each match expression on an NVIDIA node label in a required node affinity's
    `nodeSelectorTerms` (``required`` holds them; ``at`` is its own key path)."""
    out = []
    for i, term in enumerate(_list(required.get("nodeSelectorTerms"))):
        for j, e in enumerate(_list(_dict(term).get("matchExpressions"))):
            e = _dict(e)
            vals = _list(e.get("values"))
            if str(e.get("operator")) in ("In", "Exists") and _nvidia_label(e.get("key"), vals or ["nvidia"]):
                out.append((f"{e.get('key')} {e.get('operator')} {', '.join(map(str, vals))}".strip(),
                            at + ("nodeSelectorTerms", i, "matchExpressions", j, "key")))
    return out


def _list(x) -> list:
    return x if isinstance(x, list) else []


def _dict(x) -> dict:
    return x if isinstance(x, dict) else {}


# A Helm chart's template (templates/deployment.yaml): Go template actions among the YAML. A line that is only an
# action (`{{- if .Values.gpu }}`, `{{- toYaml .Values.resources | nindent 12 }}`) renders to structure this reader
# cannot know: blanked; an action inside a value (`image: "{{ .Values.image }}"`) to a value it cannot know: a
# placeholder. What the template writes literally (`nvidia.com/gpu:`, a node selector's key) is read; line numbers stay.
# Helm's and Jinja's actions: `{{ .Values.x }}` stands for a value; a line of `{{- if ... }}` / `{% for ... %}`
# tags only is control flow, dropped (Ansible and operator templates are Jinja: job.yaml.j2)
_ACTION = re.compile(r"\{\{-?.{0,400}?-?\}\}")
_ACTION_LINE = re.compile(r"^[ \t]*(?:(?:\{\{-?.{0,400}?-?\}\}|\{%-?.{0,400}?-?%\}|\{#.{0,400}?#\})[ \t]*)+$")
TEMPLATED = "TEMPLATED"


_BLOCK_TAG = re.compile(r"\{\{-?\s{0,4}(?P<tag>define|if|range|with|block|end)\b(?:[^}]|\}(?!\})){0,400}\}\}")


def _split_defines(lines: list[str]) -> tuple[list[str], dict[str, list[int]]]:
    """The lines without the text of the file's named templates (`{{- define "c.mounts" -}} ... {{- end -}}`, nesting
    counted tag by tag; a named template renders where it is included, and text beside its define or end on a shared
    line, `{{- end -}}apiVersion: v1`, is kept), and each template's name -> the lines it spans."""
    out: list[str] = []
    spans: dict[str, list[int]] = {}
    depth, name = 0, ""
    for i, line in enumerate(lines):
        keep, pos = [], 0
        if depth:
            spans[name].append(i)
        for m in _BLOCK_TAG.finditer(line):
            if depth == 0:
                if m.group("tag") == "define":
                    keep.append(line[pos:m.start()])
                    depth, name = 1, (re.findall(r'"([^"]{1,120})"', m.group(0)) or ["?"])[0]
                    spans[name] = [i]
                continue
            depth += -1 if m.group("tag") == "end" else 1
            if depth == 0:
                pos = m.end()
        keep.append(line[pos:] if depth == 0 else "")
        out.append("".join(keep))
    return out, spans


def untemplated(text: str) -> str:
    if "{{" not in text and "{%" not in text:
        return text
    lines = _split_defines(text.split("\n"))[0] if "define" in text else text.split("\n")
    return "\n".join("" if _ACTION_LINE.match(line) else _ACTION.sub(TEMPLATED, line) for line in lines)


def shm_templates(text: str) -> set[str]:
    """The names of the file's named templates that mount /dev/shm."""
    lines = text.split("\n")
    return {n for n, span in _split_defines(lines)[1].items()
            if any(re.search(r"mountPath:\s{0,4}[\"']?/dev/shm\b", lines[i]) for i in span)}


def looks_like(text: str) -> bool:
    if "{{-" in text and "define" in text:  # a chart's named templates end where its manifest begins
        text = untemplated(text)
    return bool(re.search(r"(?m)^apiVersion\s*:", text) and re.search(r"(?m)^kind\s*:", text))


# Keys whose pod-shaped contents run nothing: an admission policy's patterns, patches and a TrainJob's overrides of
# its runtime's pods (judged with the runtime)
_NOT_PODS = {"pattern", "anyPattern", "patchStrategicMerge", "patchesJson6902", "podSpecOverrides",
             "podTemplateOverrides", "match", "exclude"}
_POLICY_GROUPS = re.compile(r"(?:^|\.)(?:kyverno\.io|gatekeeper\.sh|admissionregistration\.k8s\.io)/", re.I)


def _pods_within(d, n, depth: int = 0) -> list[tuple[dict, object]]:
    """Every mapping under ``d`` that holds a `containers` list: a workload's spec.template.spec, a CronJob's
    jobTemplate, training-operator replica templates, a JobSet's replicated Jobs, and the pod specs of any other
    resource the same way (KServe's predictor, a RayCluster's head and worker groups, a LeaderWorkerSet)."""
    if depth > 12 or n is None:
        return []
    if isinstance(d, dict):
        pod = isinstance(d.get("containers"), list) and any(isinstance(c, dict) and c.get("image")
                                                            for c in d["containers"])
        out: list[tuple[dict, object]] = [(d, n)] if pod else []
        for k, v in getattr(n, "value", []) or []:
            key = getattr(k, "value", None)
            if not isinstance(key, str) or key not in d or key in _NOT_PODS:
                continue
            if _one_container(d[key]) and v is not None:
                out.append(_lone_pod(d, n, key, v))
            elif not pod:  # a pod spec's other keys hold no pods (initContainers, volumes ...)
                out.extend(_pods_within(d[key], v, depth + 1))
        return out
    if isinstance(d, list) and isinstance(getattr(n, "value", None), list):
        return [x for item, sub in zip(d, n.value) for x in _pods_within(item, sub, depth + 1)]
    return []


def _lone_pod(d: dict, n, key: str, v) -> tuple[dict, object]:
    """`runner:` (OME), `container:` (Argo), `model:` (KServe): one container written outside a `containers` list, as
    a pod whose other settings (volumes, node selector) are its holder's. Named for its holder (an Argo template's
    name) or its key, so two of one manifest stay two; an image written as a mapping is joined into a reference."""
    c = dict(d[key])
    c["name"] = c.get("name") or (d["name"] if isinstance(d.get("name"), str) else key)
    if "image" in c:
        c["image"] = image_ref(c["image"])
    pairs = [(k, x) for k, x in n.value if getattr(k, "value", None) != "containers"]
    node = SimpleNamespace(value=[*pairs, (SimpleNamespace(value="containers"), SimpleNamespace(
        value=[v], start_mark=v.start_mark))], start_mark=n.start_mark)
    return {**{k: x for k, x in d.items() if k != "containers"}, "containers": [c], "lone": (id(d), key)}, node


def image_ref(img) -> str | None:
    """An image as written: a string, or a `{registry, repository (or name), tag, digest}` mapping (NVIDIA's NIMService,
    Helm values) joined into `registry/repository:tag@digest` (an empty tag: the repository alone, judged by name; a
    digest pins the image whatever the tag says); a value a template fills in (`{{ }}`) is none."""
    if isinstance(img, str):
        return img.strip() if img.strip() and "{{" not in img else None
    if not isinstance(img, dict):
        return None
    repo = img.get("repository") or img.get("name")
    if not isinstance(repo, str) or not repo.strip() or "{{" in repo:
        return None
    reg = img.get("registry")
    ref = f"{reg.strip().rstrip('/')}/{repo.strip()}" if isinstance(reg, str) and reg.strip() else repo.strip()
    tag = img.get("tag")
    ref = f"{ref}:{tag}" if isinstance(tag, (str, int, float)) and str(tag).strip() and "{{" not in str(tag) else ref
    digest = img.get("digest")
    return f"{ref}@{digest.strip()}" if isinstance(digest, str) and digest.strip().startswith("sha256:") else ref


_CONTAINER_KEYS = ("resources", "command", "args", "ports", "env", "volumeMounts")


def _one_container(d) -> bool:
    """A container's fields (an image and what it runs or asks for, or a GPU request) in a mapping of their own."""
    if not isinstance(d, dict) or "containers" in d:
        return False
    res = _dict(d.get("resources"))
    asks = any(gpu_resource(str(k)) for part in ("limits", "requests") for k in _dict(res.get(part)))
    return asks or (isinstance(d.get("image"), str) and any(k in d for k in _CONTAINER_KEYS))


def _pod_specs(doc: dict, node) -> list[tuple[dict, object]]:
    """(pod spec, its node) of a manifest: a Pod's spec, every pod spec nested in another resource's spec
    (_pods_within), and a Kubeflow TrainJob's trainer (one container)."""
    def get(d, n, key):
        if not isinstance(d, dict) or n is None:
            return None, None
        sub = next((v for k, v in getattr(n, "value", []) if getattr(k, "value", None) == key), None)
        return d.get(key), sub

    out = []
    spec, sn = get(doc, node, "spec")
    if doc.get("kind") == "Pod":
        return [(spec, sn)] if isinstance(spec, dict) else []
    if not _POLICY_GROUPS.search(f"{doc.get('apiVersion') or ''}/"):  # a policy's pod patterns run nothing
        # under spec, or elsewhere in a custom resource (KAITO's Workspace writes `inference.template.spec`)
        out.extend(_pods_within({k: v for k, v in doc.items() if k not in ("metadata", "status")}, node))
    trainer, tn = get(spec, sn, "trainer")
    if doc.get("kind") == "TrainJob" and isinstance(trainer, dict) and tn is not None and \
            any(k in trainer for k in ("image", "env", "resourcesPerNode")):
        out = [(p, pn) for p, pn in out if p.get("lone") != (id(spec), "trainer")]  # read below, with resourcesPerNode
        # Kubeflow Trainer's TrainJob overrides the runtime's trainer container: image, env, resourcesPerNode
        pairs = [(SimpleNamespace(value="resources" if k.value == "resourcesPerNode" else k.value), v)
                 for k, v in tn.value]
        c = {("resources" if k == "resourcesPerNode" else k): v for k, v in trainer.items()}
        c.setdefault("name", "trainer")
        node = SimpleNamespace(value=[(SimpleNamespace(value="containers"), SimpleNamespace(
            value=[SimpleNamespace(value=pairs, start_mark=tn.start_mark)]))])
        out.append(({"containers": [c]}, node))
    return out


def _line(node, keys: tuple, offset: int) -> int | None:
    """The 1-based file line of the value at ``keys`` (the document starting ``offset`` lines into the file)."""
    found = node_at(node, keys)
    return found.start_mark.line + 1 + offset if found is not None else None


def _shm_volumes(spec: dict) -> dict[str, object]:
    """Volume name -> its sizeLimit (or "" without one) for memory-backed emptyDir volumes."""
    out: dict[str, object] = {}
    for v in _list(spec.get("volumes")):
        ed = v.get("emptyDir") if isinstance(v, dict) else None
        if isinstance(ed, dict) and str(ed.get("medium", "")).lower() == "memory":
            size = ed.get("sizeLimit") or ""
            out[str(v.get("name"))] = "" if TEMPLATED in str(size) else size  # a chart's value: the deployment's
    return out


def _claim_source(spec: dict, name: str) -> str:
    """The ResourceClaimTemplate (or ResourceClaim) a pod's claim ``name`` is made from ("" when not written)."""
    for rc in _list(spec.get("resourceClaims")):
        if isinstance(rc, dict) and str(rc.get("name")) == name:
            src = _dict(rc.get("source")) or rc  # v1alpha2 wrote the names under `source:`
            return str(src.get("resourceClaimTemplateName") or src.get("resourceClaimName") or "")
    return ""


def _device_classes(node, depth: int = 0) -> list[str]:
    """Every deviceClassName under a ResourceClaim(Template)'s spec (v1's `exactly:`, v1beta1's requests)."""
    if depth > 12:
        return []
    if isinstance(node, dict):
        own = [str(node["deviceClassName"])] if isinstance(node.get("deviceClassName"), str) else []
        return own + [c for v in node.values() for c in _device_classes(v, depth + 1)]
    if isinstance(node, list):
        return [c for v in node for c in _device_classes(v, depth + 1)]
    return []


def read(path: str, text: str) -> Artifact:
    from .. import configfiles as cf

    art = Artifact(path, KUBERNETES, text, data={"services": {}})
    offset = 0
    chunks: list[tuple[str, int]] = []
    pos = 0
    for m in _DOC.finditer(text):
        chunks.append((text[pos:m.start()], offset))
        offset += text[pos:m.end()].count("\n")
        pos = m.end()
    chunks.append((text[pos:], offset))
    errors = []
    # named templates of the file that mount /dev/shm: a pod that includes one gets it, though the include itself
    # renders to nothing this reader can parse
    shm_named = shm_templates(text) if "define" in text else set()
    for chunk, off in chunks[:MAX_DOCS]:
        if not chunk.strip() or not looks_like(chunk):
            continue
        try:
            plain = untemplated(chunk)
            doc, root = cf.parse_yaml_node(plain, path)
        except cf.ConfigError as exc:
            errors.append(str(exc))
            continue
        name = str(((doc.get("metadata") or {}) if isinstance(doc.get("metadata"), dict) else {}).get("name")
                   or doc.get("kind") or "manifest")
        name = str(doc.get("kind") or "manifest") if TEMPLATED in name else name  # a chart's `{{ include "x.fullname" }}`
        if doc.get("kind") in ("ResourceClaimTemplate", "ResourceClaim"):  # which devices a DRA claim asks for
            art.data.setdefault("claim_classes", {})[name] = _device_classes(doc.get("spec"))
        for spec, sn in _pod_specs(doc, root):
            shm = _shm_volumes(spec)
            sc = spec.get("securityContext")
            sc = sc if isinstance(sc, dict) else {}
            for i, c in enumerate(_list(spec.get("containers"))):
                if not isinstance(c, dict):
                    continue
                lo = _line(sn, ("containers", i), off) or off + 1
                first = len(art.values)
                svc: dict = {"line": lo, "last": lo, "kubernetes": doc.get("kind")}
                cname = f"{name}/{c.get('name') or i}"
                if cname in art.data["services"]:  # a PyTorchJob's Master and Worker both name theirs `pytorch`
                    cname = f"{cname} (line {lo})"
                runtime_line = _line(sn, ("runtimeClassName",), off)
                if isinstance(spec.get("runtimeClassName"), str):  # `nvidia`: NVIDIA's container runtime
                    svc["runtime"] = spec["runtimeClassName"]
                    art.add(CONTAINER, "runtime", svc["runtime"], runtime_line or lo)
                if isinstance(c.get("image"), str) and c["image"] and TEMPLATED not in c["image"]:  # not a chart's
                    svc["image"] = c["image"]
                    art.add(CONTAINER, "image", svc["image"], _line(sn, ("containers", i, "image"), off) or lo)
                nodes = nvidia_nodes(spec)
                node_line = _line(sn, nodes[0][1], off) if nodes else None  # pod-level: above the container
                if nodes:  # the pod is placed only on NVIDIA GPU nodes (a selector on their feature labels)
                    svc["nvidia_nodes"] = [label for label, _ in nodes]
                    svc["node_lines"] = [n for _, at in nodes if (n := _line(sn, at, off))]
                    art.add(CONTAINER, "nvidia_nodes", svc["nvidia_nodes"], node_line or lo)
                res = _dict(c.get("resources"))
                at: list[int] = []  # each line that asks: a fix changes the limit and the request alike
                for part in ("limits", "requests"):  # an extended resource is asked for in either (both must agree)
                    gpus = {str(k): v for k, v in _dict(res.get(part)).items() if gpu_resource(str(k)) and asks_for(v)}
                    if gpus and "gpu_resources" not in svc:
                        svc["gpu_resources"] = gpus
                        art.add(CONTAINER, "gpu_resources", gpus,
                                _line(sn, ("containers", i, "resources", part), off) or lo)
                    at += [n for k in gpus if k in NVIDIA_RESOURCES or k.startswith("nvidia.com/")  # what a fix drops
                           if (n := _line(sn, ("containers", i, "resources", part, k), off))]
                if at:
                    svc["gpu_resource_lines"] = at
                claims = [str(x.get("name")) for x in _list(res.get("claims")) if isinstance(x, dict) and x.get("name")]
                if claims:  # Dynamic Resource Allocation: the pod's resourceClaims name the device class (gpu.amd.com)
                    svc["gpu_claims"] = {n: _claim_source(spec, n) for n in claims}
                    art.add(CONTAINER, "gpu_claims", svc["gpu_claims"],
                            _line(sn, ("containers", i, "resources", "claims"), off) or lo)
                mounts = [m for m in _list(c.get("volumeMounts")) if isinstance(m, dict)]
                at_shm = [m for m in mounts if str(m.get("mountPath", "")).rstrip("/") == "/dev/shm"]
                if at_shm and str(at_shm[0].get("name")) in shm:
                    svc["shm_size"] = shm[str(at_shm[0].get("name"))] or "unlimited"
                elif not at_shm and any(f'include "{n}"' in chunk for n in shm_named):
                    svc["shm_size"] = "unlimited"  # the chart's own named template that mounts it is included here
                csc = c.get("securityContext")
                csc = csc if isinstance(csc, dict) else {}
                if csc.get("privileged") is True:
                    svc["privileged"] = True
                user = csc.get("runAsUser", sc.get("runAsUser"))
                # pod-level settings sit above the container: where each is
                lines: dict = {"nvidia_nodes": node_line, "runtime": runtime_line if "runtime" in svc else None}
                if user is not None:
                    svc["user"] = str(user)
                    lines["user"] = _line(sn, ("containers", i, "securityContext", "runAsUser"), off) \
                        if "runAsUser" in csc else _line(sn, ("securityContext", "runAsUser"), off)
                if isinstance(sc.get("supplementalGroups"), list):
                    svc["group_add"] = [str(g) for g in sc["supplementalGroups"]]
                    lines["group_add"] = _line(sn, ("securityContext", "supplementalGroups"), off) or lo
                    art.add(CONTAINER, "group_add", svc["group_add"], lines["group_add"])
                svc["lines"] = {k: v for k, v in lines.items() if v}
                env = {}
                for j, e in enumerate(_list(c.get("env"))):
                    if isinstance(e, dict) and isinstance(e.get("name"), str) and "value" in e:
                        env[e["name"]] = str(e["value"])
                        art.add(ENV, e["name"], str(e["value"]), _line(sn, ("containers", i, "env", j), off) or lo)
                svc["environment"] = env
                for k in ("command", "args"):
                    if k in c:
                        svc["command" if k == "command" else "args"] = c[k]
                # what the container runs (a vLLM server's parallel size, an export in its `sh -c` script)
                ran = container_script.values(path, [node_at(sn, ("containers", i, k)) for k in ("command", "args")],
                                              plain.splitlines(), str(svc.get("image") or ""), off)
                art.values += ran
                if ran:  # where its script starts and ends (RD-LCH-001 reads the environment a launch runs with)
                    svc["command_lines"] = [min(v.origin.line or lo for v in ran), max(v.origin.line or lo for v in ran)]
                ports = [p.get("containerPort") for p in _list(c.get("ports")) if isinstance(p, dict)]
                if any(isinstance(p, (int, str)) and p for p in ports):  # it listens: a server, as compose `ports:`
                    svc["ports"] = [str(p) for p in ports if p]
                svc["last"] = max([lo] + [v.origin.line for v in art.values[first:] if v.origin.line])
                art.data["services"][cname] = svc
    if not art.data["services"] and errors:
        art.error = errors[0]
    return art
