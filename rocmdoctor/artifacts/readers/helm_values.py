"""A Helm chart's values file (values.yaml, values-*.yaml): what its templates put into the pods.

The templates are not read (they are Go templates); the values carry what the container rules judge: each image
(`image: {registry, repository, tag}` or `image: repo:tag`, at any depth), each `resources` block that asks a device
plugin for GPUs (`nvidia.com/gpu: 1`), and node selectors or affinities on NVIDIA's GPU node labels
(`nvidia.com/gpu.product`, GKE's `cloud.google.com/gke-accelerator: nvidia-...`), and a chart's own GPU switch
(`gpu: {enabled: true, type: nvidia}`: the otwld/ollama chart asks nvidia.com/gpu then). Images become container values
(RD-IMG-001/003 judge them); each GPU block or NVIDIA node constraint becomes a service of kind "HelmValues"
(RD-CTR-004 judges it; rules that need the pod spec itself, its /dev/shm or its user, leave it to the templates).
"""
from __future__ import annotations

import os
import re

from ..settings import CONTAINER, Artifact
from .kubernetes import KUBERNETES, _line, asks_for, gpu_resource, image_ref, nvidia_nodes, nvidia_terms

HELM = "HelmValues"
# values.yaml, values-amd.yaml, and the override files passed with -f (qwen3-values.yaml, h200_gpu_values.yml)
_NAME = re.compile(r"^(?:[\w.-]{0,80}[-_.])?values(?:[-_.][\w.-]{0,80})?\.ya?ml$", re.I)
_SIGNS = re.compile(r"(?m)^\s{0,40}(?:[\"']?repository[\"']?\s*:|[\"']?(?:nvidia|amd)\.com/gpu[\"']?\s*:|"
                    r"type\s*:\s*[\"']?nvidia[\"']?\s*(?:#.*)?$|image\s*:\s*\n\s{1,40}[\"']?name[\"']?\s*:\s*\S|"
                    r"(?:nodeSelector|nodeAffinity)\s*:|image\s*:\s*[\"']?[\w.-]+(?:/[\w.-]+)*[:@]\S)")
# a repository that is source code, not an image (`source: {repository: git@github.com:org/app.git}`)
_SOURCE_REPO = re.compile(r"^git@|\.git$|://")
MAX_DEPTH = 12


def looks_like(path: str, text: str) -> bool:
    """A values file by its name, holding an image repository or a GPU resource (not a manifest: no kind)."""
    return bool(_NAME.match(os.path.basename(path))) and _SIGNS.search(text) is not None


def _image_of(d: dict, keys: tuple = ()) -> str | None:
    """The image reference an `image:` value holds: `repo:tag`, or `{registry, repository, tag}` joined (an empty tag is
    the chart's appVersion: the repository alone, judged by name). Under an `images:` map (`images: {vllm: {repository:
    ...}}`) each entry is such a mapping itself."""
    img = d.get("image")
    if img is None and isinstance(d.get("repository"), str) and not _SOURCE_REPO.search(d["repository"]) and (
            "tag" in d or any("image" in str(k).lower() for k in keys[-2:])):
        img = d  # a `repository:`/`tag:` pair at any key (vLLM's production stack: modelSpec[].repository)
    if isinstance(img, dict) and _SOURCE_REPO.search(str(img.get("repository") or img.get("name") or "")):
        return None
    return image_ref(img)


def read(path: str, text: str) -> Artifact:
    from .. import configfiles as cf

    art = Artifact(path, KUBERNETES, text, data={"services": {}})
    try:
        doc, root = cf.parse_yaml_node(text, path)
    except cf.ConfigError as exc:
        art.error = str(exc)
        return art

    def walk(d, keys: tuple, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(d, list):
            for i, x in enumerate(d[:200]):
                walk(x, keys + (i,), depth + 1)
            return
        if not isinstance(d, dict) or d.get("enabled") is False:
            return  # a block the chart switches off renders nothing
        image = _image_of(d, keys)
        own = "image" in d  # else, with an image, this mapping is the image itself (an entry of `images:`)
        if image:
            img = d["image"] if own else d
            at = _line(root, keys + (("image",) if own else ()) + (("repository",) if isinstance(img, dict) and
                                                                   "repository" in img else ()), 0)
            art.add(CONTAINER, "image", image, at or 1)
        name = ".".join(str(k) for k in keys) or "values"
        res = d["resources"] if isinstance(d.get("resources"), dict) else {}
        asked = [(part, {str(k): v for k, v in res[part].items() if gpu_resource(str(k)) and asks_for(v)})
                 for part in ("limits", "requests") if isinstance(res.get(part), dict)]
        asked = [(part, gpus) for part, gpus in asked if gpus]
        direct = {str(k): v for k, v in res.items() if gpu_resource(str(k)) and asks_for(v)}
        if direct and not asked:  # a chart that takes the request itself (`resources: {nvidia.com/gpu: 1}`) and puts
            asked = [("", direct)]  # it under the pod's limits: cited at its own line
        if asked:  # cited at the GPU resource's own lines (`nvidia.com/gpu: 1`), under limits and requests
            lines = sorted(n for part, gpus in asked for k in gpus
                           if (n := _line(root, keys + ("resources",) + ((part,) if part else ()) + (k,), 0)))
            service(f"{name}/resources", "gpu_resources", asked[0][1], lines[0] if lines else 1)
            art.data["services"][f"{name}/resources"]["gpu_resource_lines"] = lines
        if keys and keys[-1] == "gpu" and d.get("enabled") is True and str(d.get("type") or "").lower() == "nvidia":
            # a chart's GPU switch (the otwld/ollama chart: `ollama.gpu: {enabled: true, type: nvidia, number: 1}`):
            # its templates then ask NVIDIA's device plugin for `number` GPUs, cited at the `type:` line a fix changes
            at = _line(root, keys + ("type",), 0) or 1
            service(f"{name}/type", "gpu_resources", {"nvidia.com/gpu": d.get("number") or 1}, at)
            art.data["services"][f"{name}/type"].update(gpu_resource_lines=[at], asked_as=(
                f"{name}.type: nvidia (the chart then asks NVIDIA's device plugin for nvidia.com/gpu)"))
        nodes = nvidia_nodes(d)
        if keys and keys[-1] == "nodeAffinity" and "preferred" not in str(d.get("type") or "").lower():
            nodes += nvidia_terms(d, ())  # a chart's own `nodeAffinity: {type, nodeSelectorTerms}` (the pod's form: above)
        if nodes:
            lines = [n for _, at in nodes if (n := _line(root, keys + at, 0))]
            service(f"{name}/{nodes[0][1][0]}", "nvidia_nodes", [label for label, _ in nodes], lines[0] if lines else 1)
            art.data["services"][f"{name}/{nodes[0][1][0]}"]["node_lines"] = lines
        if image and not own:
            return  # an image's own mapping holds nothing more to read
        for k, v in d.items():
            if k != "image":
                walk(v, keys + (k,), depth + 1)

    def service(name: str, key: str, value, at: int) -> None:
        """One setting the chart's pods get, as a service RD-CTR-004 judges, cited at its line."""
        art.data["services"][name] = {"kubernetes": HELM, key: value, "line": at, "last": at, "environment": {},
                                      "lines": {}}
        art.add(CONTAINER, key, value, at)

    walk(doc, (), 0)
    return art
