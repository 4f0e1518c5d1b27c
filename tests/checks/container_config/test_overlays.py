"""checks/container_config/overlays.py: which compose files and layers a deployment starts (an override or an
AMD-named layer merged onto its base, a script that picks the service per backend, profiles per vendor), read
through services_of."""
from types import SimpleNamespace as NS

import pytest

from rocmdoctor.checks.container_config.services import services_of
from tests.checks.container_config.test_services import _settings


def test_a_script_that_picks_the_service_per_backend_never_starts_the_cuda_variant():
    # fresh fryinggorilla-cfgraph: run.sh runs `docker compose up --build "$SERVICE"` with SERVICE from BACKEND
    svcs = {"app-cpu": {"build": "."}, "app-rocm": {"build": ".", "devices": ["/dev/kfd"]},
            "app-cuda": {"build": ".", "environment": ["NVIDIA_VISIBLE_DEVICES=all"]}}
    doc = NS(kind="compose", data={"services": svcs})
    script = NS(kind="shell", data={}, text='SERVICE=app-rocm\ndocker compose up --build "$SERVICE"\n')
    assert [n for _, n, _ in services_of(_settings(doc, script))] == ["app-cpu", "app-rocm"]
    named = NS(kind="shell", data={}, text="docker compose up -d app-rocm\n")  # by name: that one only
    assert [n for _, n, _ in services_of(_settings(doc, named))] == ["app-rocm"]
    assert [n for _, n, _ in services_of(_settings(doc))] == ["app-cpu", "app-rocm", "app-cuda"]
    # a script that starts only a database by name says nothing about how the GPU service starts
    db = NS(kind="compose", data={"services": {**svcs, "db": {"image": "postgres:16"}}})
    tests = NS(kind="shell", data={}, text="docker compose up -d db\npytest\n")
    assert [n for _, n, _ in services_of(_settings(db, tests))] == ["app-cpu", "app-rocm", "app-cuda", "db"]


def test_an_override_merges_onto_its_base_lists_add_mappings_merge_values_replace():
    base = NS(kind="compose", data={"services": {"app": {"build": ".", "devices": ["/dev/kfd"], "ipc": "private",
                                                         "environment": {"A": "1"}}}})
    over = NS(kind="compose", data={"services": {"app": {"devices": ["/dev/kfd", "/dev/dri"], "ipc": "host",
                                                         "environment": {"B": "2"}}}})
    ((a, name, svc),) = services_of(_settings(base, over))
    assert a is over and name == "app" and svc["build"] == "."
    assert svc["devices"] == ["/dev/kfd", "/dev/dri"] and svc["ipc"] == "host"
    assert svc["environment"] == {"A": "1", "B": "2"}
    # alone, the override is no file of its own
    assert [s for _, _, s in services_of(_settings(over))] == [over.data["services"]["app"]]


def test_an_amd_named_layer_completes_the_base_service_even_when_it_swaps_the_image():
    base = NS(kind="compose", path="/p/docker-compose.ai.yml",
              data={"services": {"ollama": {"image": "ollama/ollama:latest", "ports": ["11434:11434"]}}})
    amd = NS(kind="compose", path="/p/docker-compose.amd.yml",
             data={"services": {"ollama": {"image": "ollama/ollama:rocm", "devices": ["/dev/kfd", "/dev/dri"]}}})
    [(a, name, svc)] = list(services_of(_settings(base, amd)))
    assert a is amd and name == "ollama"
    assert svc["image"] == "ollama/ollama:rocm" and svc["ports"] == ["11434:11434"] and "/dev/kfd" in svc["devices"]
    other = NS(kind="compose", path="/q/docker-compose.yml", data={"services": {"ollama": {"image": "x"}}})
    assert len(list(services_of(_settings(other, amd)))) == 2  # another folder: not its base


def test_a_service_profiled_for_nvidia_is_the_other_vendors_variant_beside_an_amd_profile():
    # lauralivers/mlops: hp-tuning-amd (profiles: [amd]) and hp-tuning-nvidia (profiles: [nvidia])
    both = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {
        "hp-tuning-amd": {"profiles": ["amd"], "devices": ["/dev/kfd", "/dev/dri"], "image": "x"},
        "hp-tuning-nvidia": {"profiles": ["nvidia"], "image": "x", "deploy": {}}}})
    assert [n for _, n, _ in services_of(_settings(both))] == ["hp-tuning-amd"]
    alone = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {
        "gpu": {"profiles": ["nvidia"], "image": "x"}}})
    assert [n for _, n, _ in services_of(_settings(alone))] == ["gpu"]  # no AMD variant: it is what runs


def test_compose_merge_tags_reset_and_override_are_read_and_merged(tmp_path):
    # fresh foreztgump-rehearsal: the AMD layer clears the base's NVIDIA reservation with `!reset []`;
    # before, the tag made the layer unreadable and the base's NVIDIA service was judged alone
    from rocmdoctor.artifacts.readers import compose

    base = compose.read(str(tmp_path / "docker-compose.yml"), (
        "services:\n  ollama:\n    image: ollama/ollama:latest\n    ports: ['11434:11434']\n"
        "    deploy:\n      resources:\n        limits: {memory: 8g}\n        reservations:\n"
        "          devices:\n            - driver: nvidia\n              capabilities: [gpu]\n"))
    layer = compose.read(str(tmp_path / "docker-compose.amd.yml"), (
        "services:\n  ollama:\n    image: ollama/ollama:rocm\n    devices: [/dev/kfd, /dev/dri]\n"
        "    ports: !override ['8080:11434']\n"
        "    deploy:\n      resources:\n        reservations:\n          devices: !reset []\n"))
    assert not getattr(layer, "error", None)
    [(a, name, svc)] = list(services_of(_settings(base, layer)))
    assert a is layer and svc["image"] == "ollama/ollama:rocm"
    assert svc["deploy"] == {"resources": {"limits": {"memory": "8g"}, "reservations": {}}}  # deep merge, reset key gone
    assert svc["ports"] == ["8080:11434"]  # replaced, not added to the base's
    assert "/dev/kfd" in svc["devices"]


def test_profiled_services_no_script_turns_on_are_left_out_beside_a_default_gpu_service():
    # fresh foreztgump-rehearsal: nemo-stt (profiles: [stt-gpu]) is opt-in; a plain `up` starts ollama only
    doc = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {
        "ollama": {"image": "ollama/ollama:rocm", "devices": ["/dev/kfd", "/dev/dri"]},
        "nemo-stt": {"profiles": ["stt-gpu"], "image": "nvcr.io/nemo", "deploy": {"resources": {}}, "gpus": "all"}}})
    assert [n for _, n, _ in services_of(_settings(doc))] == ["ollama"]
    on = NS(kind="shell", data={}, text="docker compose --profile stt-gpu up -d\n")
    assert [n for _, n, _ in services_of(_settings(doc, on))] == ["ollama", "nemo-stt"]
    env = NS(kind="shell", data={}, text="COMPOSE_PROFILES=x,stt-gpu docker compose up -d\n")
    assert [n for _, n, _ in services_of(_settings(doc, env))] == ["ollama", "nemo-stt"]
    said = NS(kind="shell", data={}, text="# docker compose --profile stt-gpu up\ndocker compose up -d\n")
    assert [n for _, n, _ in services_of(_settings(doc, said))] == ["ollama"]  # a comment turns nothing on
    picked = NS(kind="shell", data={}, text='docker compose --profile "$PROFILE" up -d\n')
    assert [n for _, n, _ in services_of(_settings(doc, picked))] == ["ollama", "nemo-stt"]
    # no unprofiled service passes AMD devices: the profiles are how the GPU work starts, all are judged
    web = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {
        "web": {"image": "nginx"}, "gpu": {"profiles": ["gpu"], "image": "rocm/pytorch", "gpus": "all"}}})
    assert [n for _, n, _ in services_of(_settings(web))] == ["web", "gpu"]
    # fresh qa-brunopmartins-kinship: a profiled interactive `shell` with the AMD devices is `docker compose run shell`
    # AMD work; fresh qb-cloudlyio-torchbridge: `inference-amd` (profiles: [amd]) beside an unprofiled NVIDIA service
    amd = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {
        "pipeline": {"build": ".", "devices": ["/dev/kfd", "/dev/dri"]},
        "shell": {"profiles": ["shell"], "build": ".", "devices": ["/dev/kfd", "/dev/dri"], "command": "bash"},
        "bench": {"profiles": ["rocm-bench"], "image": "x", "gpus": "all"}}})
    assert [n for _, n, _ in services_of(_settings(amd))] == ["pipeline", "shell", "bench"]


def test_an_nvidia_reservation_an_amd_layer_cannot_empty_is_cited_where_the_base_writes_it(tmp_path):
    # fresh batch 45 zq-steffenhebestreit-ttsstt-rocm: the ROCm layer's `reservations: devices: []` is appended to the
    # base's NVIDIA reservation (only `!reset` removes it): RD-CTR-004 cites the base's deploy line and the layer's
    from tests.lintacc_helpers import flagged, scan, write
    base = write(tmp_path, "docker-compose.yml", "services:\n  stt:\n    build: .\n    deploy:\n      resources:\n"
                 "        reservations:\n          devices:\n            - driver: nvidia\n              count: 1\n"
                 "              capabilities: [gpu]\n")
    layer = write(tmp_path, "docker-compose.rocm.yml", "services:\n  stt:\n    devices:\n      - /dev/kfd\n      - /dev/dri\n"
                  "    deploy:\n      resources:\n        reservations:\n          devices: []\n")
    [f] = flagged(scan([base, layer], "RD-CTR-004", "rx7900xtx"))
    assert {e.source.rsplit("/", 1)[1] for e in f.evidence} >= {"docker-compose.yml:4", "docker-compose.rocm.yml:6"}
    # `!reset []` takes the base's reservation out: nothing left to flag
    reset = write(tmp_path, "docker-compose.rocm.yml", "services:\n  stt:\n    devices:\n      - /dev/kfd\n"
                  "    deploy:\n      resources:\n        reservations:\n          devices: !reset []\n")
    assert flagged(scan([base, reset], "RD-CTR-004", "rx7900xtx")) == []


def test_a_gpu_override_missing_device_nodes_or_shm_cites_the_base_service_too(tmp_path):
    # fresh batch 286 (lukaud ollama-webui, txanton llama-cpp-docker): `docker-compose.gpu.yaml` asks NVIDIA's
    # runtime for the GPU of a service docker-compose.yaml defines; the fix may go in either file, so both are cited
    from tests.lintacc_helpers import flagged, scan, write
    base = write(tmp_path, "docker-compose.yaml", "services:\n  ollama:\n    image: ollama/ollama:rocm\n"
                 "    command: serve\n")
    gpu = write(tmp_path, "docker-compose.gpu.yaml", "services:\n  ollama:\n    deploy:\n      resources:\n"
                "        reservations:\n          devices:\n            - driver: nvidia\n              count: all\n"
                "              capabilities: [gpu]\n")
    [f] = flagged(scan([base, gpu], "RD-CTR-003", "rx7900xtx"))
    cited = [e.source.rsplit("/", 1)[1] for e in f.evidence]
    assert cited[0] == "docker-compose.gpu.yaml:2" and "docker-compose.yaml:2" in cited
    train = write(tmp_path, "t/compose.yml", "services:\n  trainer:\n    image: rocm/pytorch:latest\n"
                  "    command: torchrun --nproc_per_node 8 train.py\n")
    over = write(tmp_path, "t/compose.override.yml", "services:\n  trainer:\n    devices:\n      - /dev/kfd\n"
                 "      - /dev/dri\n")
    [f] = flagged(scan([train, over], "RD-CTR-005", "mi300x8"))
    assert [e.source.rsplit("/", 1)[1] for e in f.evidence] == ["compose.override.yml:2", "compose.yml:2"]
    # a service defined in one file alone cites that file only
    [f] = flagged(scan([train], "RD-CTR-005", "mi300x8"))
    assert [e.source.rsplit("/", 1)[1] for e in f.evidence] == ["compose.yml:2"]


def test_services_named_for_a_cuda_release_are_the_other_vendors_twins(tmp_path):
    # spent fresh fz-kagurazaka: services rocm, therock, cu126, cu128, cu130 publishing one host port (start one):
    # cuXXX is a CUDA release in PyTorch's wheel-tag form, the NVIDIA variants of the AMD services
    from tests.lintacc_helpers import flagged, scan, write
    svc = ("  {n}:\n    image: x/comfyui:{n}\n    build:\n      context: .\n      dockerfile: {n}.dockerfile\n"
           "    ports: ['8188:8188']\n{extra}")
    amd = "    devices: [/dev/kfd, /dev/dri]\n"
    nv = "    deploy:\n      resources:\n        reservations:\n          devices:\n            - driver: nvidia\n" \
         "              count: all\n              capabilities: [gpu]\n"
    p = write(tmp_path, "docker-compose.yml", "services:\n" + svc.format(n="rocm", extra=amd)
              + svc.format(n="cu128", extra=nv) + svc.format(n="cu130", extra=nv))
    for code in ("RD-CTR-003", "RD-CTR-004"):
        assert flagged(scan([p], code, "rx7900xtx")) == [], code
    # a service named `cute` or `cu` is no CUDA release: judged as written
    q = write(tmp_path, "b/docker-compose.yml", "services:\n" + svc.format(n="rocm", extra=amd) + svc.format(n="cute", extra=nv))
    assert flagged(scan([q], "RD-CTR-004", "rx7900xtx"))


# MBARI's deepsea-track (spent fresh batch 56): the compose file names two builds for `docker buildx bake`, which reads
# it as build targets; nothing runs a container, so no device or shm rule has a service to judge
BAKE_COMPOSE = ("services:\n  amd64:\n    image: org/app:cuda11.3.1-amd64\n    build:\n      context: .\n"
                "      dockerfile: ./Dockerfile.amd\n")


@pytest.mark.parametrize("script,judged", [
    ("#!/bin/sh\ndocker buildx bake -f docker-compose.yml --load amd64\n", False),
    ("#!/bin/sh\ndocker buildx bake --file=docker-compose.yml\n", False),
    ("#!/bin/sh\ndocker buildx bake\n", False),  # Compose's default file names
    ("#!/bin/sh\n#docker buildx bake -f docker-compose.yml\ndocker compose up -d\n", True),  # commented; started
    ("#!/bin/sh\ndocker buildx bake -f other.yml\n", True),  # another file baked
    ("#!/bin/sh\ndocker buildx bake -f docker-compose.yml\ndocker compose run amd64 python x.py\n", True),
])
def test_a_compose_file_only_bake_reads_is_never_started(lint, script, judged):
    c = lint.write("docker-compose.yml", BAKE_COMPOSE)
    b = lint.write("docker_build.sh", script)
    assert bool(lint.flagged(lint([c, b], "RD-CTR-003", "rx7900xtx"))) is judged


# labdogx/imagemagick-webui (spent fresh batch 56): profiles `gpu` (runtime: nvidia) and `amd` (/dev/kfd) beside a
# CPU service; `--profile amd` never starts the NVIDIA one, whatever its profile is called
PROFILES = """services:
  app-gpu:
    profiles: ["gpu"]
    image: web:gpu
    runtime: nvidia
  app-amd:
    profiles: ["amd"]
    image: web:amd
    devices: [/dev/kfd, /dev/dri]
  worker:
    profiles: ["gpu"]
    image: worker:latest
    build: .
"""


def test_a_profile_that_asks_nvidia_alone_is_the_other_vendors(lint):
    (lint.tmp_path / "a").mkdir()
    (lint.tmp_path / "b").mkdir()
    p = lint.write("a/docker-compose.yml", PROFILES)
    assert not lint.flagged(lint([p], "RD-CTR-004", "rx7900xtx"))
    assert not lint.flagged(lint([p], "RD-CTR-003", "rx7900xtx"))
    # without an AMD-profiled service the NVIDIA syntax is this machine's problem
    q = lint.write("b/docker-compose.yml", PROFILES.replace('profiles: ["amd"]', 'profiles: ["web"]'))
    assert lint.flagged(lint([q], "RD-CTR-004", "rx7900xtx"))
    assert lint.flagged(lint([q], "RD-CTR-003", "rx7900xtx"))
