"""checks/container_config/claims.py: the device classes a pod's DRA claims ask for, from the claim templates of any
manifest of the set (the template and the pod are often separate files: leo8a's gpu-operator validation jobs)."""
from rocmdoctor.artifacts.readers import read_all
from rocmdoctor.checks.container_config.claims import dra_classes

_TEMPLATE = ("apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata:\n  name: {name}\nspec:\n  spec:\n"
             "    devices:\n      requests:\n        - name: gpu\n          exactly:\n            deviceClassName: {cls}\n")
_POD = ("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  resourceClaims:\n    - name: gpu\n"
        "      {ref}: {name}\n  containers:\n    - name: c\n      image: rocm/pytorch:latest\n      resources:\n"
        "        claims:\n          - name: gpu\n")


def _svc(settings):
    k8s = next(a for a in settings.artifacts if a.kind == "kubernetes" and a.data.get("services"))
    return next(iter(k8s.data["services"].values()))


def test_the_class_comes_from_a_template_in_another_file(tmp_path):
    (tmp_path / "claim.yaml").write_text(_TEMPLATE.format(name="gpu-claim", cls="gpu.amd.com"))
    (tmp_path / "pod.yaml").write_text(_POD.format(ref="resourceClaimTemplateName", name="gpu-claim"))
    s = read_all([str(tmp_path)])
    assert dra_classes(s, _svc(s)) == ["gpu.amd.com"]


def test_a_claim_whose_template_is_not_in_the_files_and_a_container_without_claims(tmp_path):
    # v1alpha2 wrote the template's name under `source:`; the template itself is the deployment's, not here
    (tmp_path / "pod.yaml").write_text(_POD.format(ref="source:\n        resourceClaimTemplateName", name="other"))
    s = read_all([str(tmp_path)])
    svc = _svc(s)
    assert svc["gpu_claims"] == {"gpu": "other"} and dra_classes(s, svc) == []
    assert dra_classes(s, {"image": "x"}) is None
