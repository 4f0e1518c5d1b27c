"""checks/container_config/services.py: which services the container rules judge, and which of
them do GPU work (a web UI or database beside the GPU service is left out of the GPU rules)."""
from types import SimpleNamespace as NS

from rocmdoctor.checks.container_config.services import gpu_signs, services_of


def _settings(*artifacts):
    kinds = ("compose", "shell", "slurm", "kubernetes")
    return NS(of_kind=lambda *ks: [a for a in artifacts if a.kind in ks and a.kind in kinds])


def test_gpu_work_is_read_from_devices_requests_environment_builds_and_image_names():
    assert gpu_signs({"devices": ["/dev/kfd", "/dev/dri"]})
    assert gpu_signs({"environment": {"HIP_VISIBLE_DEVICES": "0"}})
    assert gpu_signs({"environment": ["HSA_OVERRIDE_GFX_VERSION=11.0.0"]})
    assert gpu_signs({"build": "."})
    assert gpu_signs({"image": "ollama/ollama:rocm"})
    assert gpu_signs({"image": "rocm/vllm:latest"})
    assert not gpu_signs({"image": "ghcr.io/open-webui/open-webui:main", "environment": {"OLLAMA_BASE_URL": "x"}})
    assert not gpu_signs({"image": "postgres:16"})


def test_gpu_only_leaves_out_the_services_beside_a_gpu_service_but_never_a_lone_one():
    both = NS(kind="compose", data={"services": {"ollama": {"image": "ollama/ollama:rocm"},
                                                 "webui": {"image": "ghcr.io/open-webui/open-webui:main"}}})
    assert [n for _, n, _ in services_of(_settings(both), gpu_only=True)] == ["ollama"]
    assert [n for _, n, _ in services_of(_settings(both))] == ["ollama", "webui"]
    lone = NS(kind="compose", data={"services": {"web": {"image": "nginx"}}})
    assert [n for _, n, _ in services_of(_settings(lone), gpu_only=True)] == ["web"]


def test_a_template_reached_only_through_extends_and_unreadable_data_are_not_services():
    tpl = NS(kind="compose", data={"services": {"base": {"image": "rocm/pytorch", "template": True},
                                                "app": {"image": "rocm/pytorch"}}})
    assert [n for _, n, _ in services_of(_settings(tpl))] == ["app"]
    assert list(services_of(_settings(NS(kind="compose", data=None)))) == []
    assert list(services_of(_settings(NS(kind="dockerfile", data={"services": {"x": {}}})))) == []
