"""checks/container_config/memo.py: services_of answers once per settings, and again whenever what it reads
changed: the other argument (gpu_only), the artifacts held (a launch script that adds no value still turns a
profile on), an artifact's data; never another settings' answer."""
import gc

from rocmdoctor.artifacts.settings import Artifact, Settings
from rocmdoctor.checks.container_config import services
from rocmdoctor.checks.container_config.services import services_of


def _compose(svcs: dict, path: str = "/p/docker-compose.yml") -> Artifact:
    return Artifact(path, "compose", data={"services": svcs})


def _names(settings, **kw) -> list[str]:
    return [n for _, n, _ in services_of(settings, **kw)]


def test_gpu_only_and_every_service_are_two_answers_of_one_settings():
    s = Settings([_compose({"ollama": {"image": "ollama/ollama:rocm"},
                            "webui": {"image": "ghcr.io/open-webui/open-webui:main"}})])
    assert _names(s, gpu_only=True) == ["ollama"]
    assert _names(s) == ["ollama", "webui"]
    assert [n for _, n, _ in services_of(s, True)] == ["ollama"]  # positional or keyword: one argument
    assert _names(s, gpu_only=False) == ["ollama", "webui"]


def test_a_launch_script_added_without_a_value_still_changes_which_services_start():
    # fresh foreztgump-rehearsal's shape: nemo-stt is opt-in behind a profile; a script that turns the profile
    # on sets no variable, so the settings' value count (the first memo's key) does not move
    s = Settings([_compose({"ollama": {"image": "ollama/ollama:rocm", "devices": ["/dev/kfd", "/dev/dri"]},
                            "nemo-stt": {"profiles": ["stt-gpu"], "image": "nvcr.io/nemo", "gpus": "all"}})])
    assert _names(s) == ["ollama"]
    count = len(s.values())
    s.artifacts.append(Artifact("/p/up.sh", "shell", text="docker compose --profile stt-gpu up -d\n"))
    assert len(s.values()) == count
    assert _names(s) == ["ollama", "nemo-stt"]


def test_an_artifact_whose_data_is_replaced_is_read_again():
    a = _compose({"app": {"image": "rocm/pytorch"}})
    s = Settings([a])
    assert _names(s) == ["app"]
    a.data = {"services": {"trainer": {"image": "rocm/pytorch"}}}
    assert _names(s) == ["trainer"]


def test_settings_with_equal_value_counts_never_share_an_answer():
    # one settings per corpus set, each freed before the next: a memo keyed on the value count, or on
    # id(settings) (reused once freed), answered the previous set's services
    for i in range(20):
        s = Settings([_compose({f"svc{i}": {"image": "rocm/pytorch"}})])
        assert _names(s) == [f"svc{i}"]
        del s
        gc.collect()
    one, two = Settings([_compose({"a": {"image": "x"}})]), Settings([_compose({"b": {"image": "x"}})])
    assert (_names(one), _names(two)) == (["a"], ["b"])


def test_the_same_settings_is_answered_once(monkeypatch):
    calls = []
    real = services.overlays
    monkeypatch.setattr(services, "overlays", lambda *a, **k: calls.append(1) or real(*a, **k))
    s = Settings([_compose({"app": {"image": "rocm/pytorch", "devices": ["/dev/kfd"]}})])
    first = list(services_of(s))
    assert list(services_of(s)) == first and list(services_of(s, gpu_only=False)) == first
    assert len(calls) == 1
    assert _names(s, gpu_only=True) == ["app"] and len(calls) == 2
