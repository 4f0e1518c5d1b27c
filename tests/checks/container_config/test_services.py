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


def test_gpu_only_leaves_out_the_services_beside_a_gpu_service_and_a_lone_one_with_no_gpu_sign():
    both = NS(kind="compose", data={"services": {"ollama": {"image": "ollama/ollama:rocm"},
                                                 "webui": {"image": "ghcr.io/open-webui/open-webui:main"}}})
    assert [n for _, n, _ in services_of(_settings(both), gpu_only=True)] == ["ollama"]
    assert [n for _, n, _ in services_of(_settings(both))] == ["ollama", "webui"]
    # fresh serge-cpu-llama-compose: a chat UI on llama.cpp's CPU build, nothing asks for a GPU
    lone = NS(kind="compose", data={"services": {"serge": {"image": "ghcr.io/serge-chat/serge:latest",
                                                           "ports": ["8008:8008"]}}})
    assert [n for _, n, _ in services_of(_settings(lone), gpu_only=True)] == []
    assert [n for _, n, _ in services_of(_settings(lone))] == ["serge"]
    built = NS(kind="compose", data={"services": {"app": {"build": "."}}})  # a build of its own: may be GPU work
    assert [n for _, n, _ in services_of(_settings(built), gpu_only=True)] == ["app"]


def test_application_settings_named_gpu_or_amd_are_not_runtime_variables():
    # fresh asurelia-jarvis: a stats page's GPU_POLLING_INTERVAL; the runtime's own GPU_MAX_HW_QUEUES is one
    assert not gpu_signs({"environment": ["GPU_POLLING_INTERVAL=1", "AMD_GPU_ENABLED=true"]})
    assert gpu_signs({"environment": ["GPU_MAX_HW_QUEUES=2"]})
    assert gpu_signs({"environment": {"AMD_LOG_LEVEL": "3"}})
    assert not gpu_signs({"image": "ghcr.io/open-webui/open-webui:cuda"})  # the chat UI's CUDA tag: no GPU work


def test_a_client_of_the_gpu_service_is_not_a_gpu_service():
    # fresh whishper-rocm-transcription (ASR_ENDPOINT) and moriarty-ollama (OLLAMA_HOST, `ollama pull`)
    svcs = {"asr": {"build": {"context": "x", "dockerfile": "Dockerfile.rocm"}, "devices": ["/dev/kfd", "/dev/dri"]},
            "front": {"image": "pluja/whishper:latest-gpu", "environment": {"ASR_ENDPOINT": "asr:8000"}},
            "pull": {"image": "ollama/ollama:latest", "environment": ["OLLAMA_HOST=http://asr:11434"]},
            "other": {"image": "rocm/pytorch:latest", "environment": {"NOTE": "asrx:1"}}}
    doc = NS(kind="compose", data={"services": svcs})
    assert [n for _, n, _ in services_of(_settings(doc), gpu_only=True)] == ["asr", "other"]


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


def test_a_template_reached_only_through_extends_and_unreadable_data_are_not_services():
    tpl = NS(kind="compose", data={"services": {"base": {"image": "rocm/pytorch", "template": True},
                                                "app": {"image": "rocm/pytorch"}}})
    assert [n for _, n, _ in services_of(_settings(tpl))] == ["app"]
    assert list(services_of(_settings(NS(kind="compose", data=None)))) == []
    assert list(services_of(_settings(NS(kind="dockerfile", data={"services": {"x": {}}})))) == []


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


def test_a_build_counts_as_a_gpu_sign_only_where_no_service_says_so_outright():
    assert gpu_signs({"build": "."}) and not gpu_signs({"build": "."}, built=False)
    assert gpu_signs({"build": {"context": ".", "dockerfile": "Dockerfile.rocm"}}, built=False)


def test_an_application_name_is_a_gpu_sign_only_where_no_service_says_it_outright():
    # https://github.com/derBerliner1983/self-hosted-llm-stack/blob/71f03994ac651d7e27eca9c8b7b755e56fbbc7e0/docker-compose.rocm.yml:
    # ollama gets /dev/kfd and /dev/dri; the whisper web service beside it is the CPU image (its GPU build is -gpu)
    whisper = {"image": "onerahmet/openai-whisper-asr-webservice:v1.8.2", "environment": ["ASR_ENGINE=faster_whisper"]}
    both = NS(kind="compose", data={"services": {"ollama": {"image": "ollama/ollama:rocm",
                                                            "devices": ["/dev/kfd", "/dev/dri"]},
                                                 "whisper": whisper}})
    assert [n for _, n, _ in services_of(_settings(both), gpu_only=True)] == ["ollama"]
    alone = NS(kind="compose", data={"services": {"whisper": whisper, "db": {"image": "postgres:16"}}})
    assert [n for _, n, _ in services_of(_settings(alone), gpu_only=True)] == ["whisper"]
    # a GPU stack's name stays a sign beside an explicit GPU service (vLLM without devices is a miss to flag)
    vllm = NS(kind="compose", data={"services": {"ollama": {"image": "ollama/ollama:rocm", "devices": ["/dev/kfd"]},
                                                 "vllm": {"image": "rocm/vllm:latest"}}})
    assert [n for _, n, _ in services_of(_settings(vllm), gpu_only=True)] == ["ollama", "vllm"]


def test_a_file_without_gpu_services_judges_no_database_proxy_or_chat_front_end():
    # https://github.com/Modulus/ai-tools (open-webui/docker-compose.yaml): Open WebUI and SearXNG, Ollama commented out
    web = NS(kind="compose", data={"services": {"open-webui": {"image": "ghcr.io/open-webui/open-webui:main"},
                                                "searxng": {"image": "searxng/searxng:latest"}}})
    assert list(services_of(_settings(web), gpu_only=True)) == []
    assert len(list(services_of(_settings(web)))) == 2  # the other rules still see them
    app = NS(kind="compose", data={"services": {"app": {"image": "me/myapp:1"}, "db": {"image": "postgres:16"}}})
    # an image whose name says nothing, and nothing else that does (fresh serge, coqui-tts prepare): not judged
    assert [n for _, n, _ in services_of(_settings(app), gpu_only=True)] == []
    trains = NS(kind="compose", data={"services": {"app": {"image": "me/myapp:1", "command": "python train.py"},
                                                   "db": {"image": "postgres:16"}}})
    assert [n for _, n, _ in services_of(_settings(trains), gpu_only=True)] == ["app"]


def test_a_gpu_service_in_one_file_of_a_deployment_makes_the_others_front_ends_not_gpu_services():
    # billstewrod/ai-stack: docker-compose.yml (web UI, proxy) + docker-compose.amd-linux.yml (ollama on the GPU),
    # started together by its script; the proxy in the base file is no GPU service
    base = NS(kind="compose", path="/p/docker-compose.yml",
              data={"services": {"nginx-proxy-manager": {"image": "jc21/nginx-proxy-manager:latest"}}})
    amd = NS(kind="compose", path="/p/docker-compose.amd-linux.yml",
             data={"services": {"ollama": {"image": "ollama/ollama:rocm", "devices": ["/dev/kfd", "/dev/dri"]}}})
    assert [n for _, n, _ in services_of(_settings(base, amd), gpu_only=True)] == ["ollama"]
    assert [n for _, n, _ in services_of(_settings(base), gpu_only=True)] == []  # a proxy alone is no GPU service


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


def test_variants_of_non_gpu_images_are_not_gpu_services():
    from rocmdoctor.checks.container_config.services import NON_GPU_IMAGE

    for image in ("nginx-proxy-manager:latest", "postgres-pgvector:16", "redis:7"):
        assert NON_GPU_IMAGE.search(image), image
    assert not NON_GPU_IMAGE.search("nginxgpu:1") and not NON_GPU_IMAGE.search("vllm-rocm:latest")


def test_a_service_profiled_for_nvidia_is_the_other_vendors_variant_beside_an_amd_profile():
    # lauralivers/mlops: hp-tuning-amd (profiles: [amd]) and hp-tuning-nvidia (profiles: [nvidia])
    both = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {
        "hp-tuning-amd": {"profiles": ["amd"], "devices": ["/dev/kfd", "/dev/dri"], "image": "x"},
        "hp-tuning-nvidia": {"profiles": ["nvidia"], "image": "x", "deploy": {}}}})
    assert [n for _, n, _ in services_of(_settings(both))] == ["hp-tuning-amd"]
    alone = NS(kind="compose", path="/p/docker-compose.yml", data={"services": {
        "gpu": {"profiles": ["nvidia"], "image": "x"}}})
    assert [n for _, n, _ in services_of(_settings(alone))] == ["gpu"]  # no AMD variant: it is what runs
