"""service_env / env_entries (rocmdoctor/artifacts/readers/compose.py): a compose service's `environment:` in
either form Compose accepts (https://docs.docker.com/reference/compose-file/services/#environment), read once
for the reader and every rule that asks what a service sets. Real text from the corpus (source URL on each)."""
import yaml

from rocmdoctor.artifacts.readers import read_one
from rocmdoctor.artifacts.readers.compose import env_entries, service_env
from rocmdoctor.artifacts.settings import ENV

# https://github.com/FunCyRanger/AI4All/blob/3faedbb7f7c5c58966a53882c3ccfcf20a590be0/docker-compose.amd.yml:35-51
AI4ALL = """services:
  ollama:
    environment:
      # ROCm GPU visibility
      - HIP_VISIBLE_DEVICES=0         # change to "0,1" for multiple GPUs
      - ROCR_VISIBLE_DEVICES=0
      - HSA_OVERRIDE_GFX_VERSION=11.0.0
      - OLLAMA_KEEP_ALIVE=30m
      - OLLAMA_GPU_MEMORY_FRACTION=0.85
"""
# https://github.com/Wuodan/mindcraft-demo/blob/64688c612f71613ade91bdfe67ae5633d8149dd4/docker-compose.amd.yml:1-12
MINDCRAFT = """services:
  ollama:
    image: ollama/ollama:rocm
    environment:
      OLLAMA_KV_CACHE_TYPE: q8_0
      OLLAMA_MAX_LOADED_MODELS: 1
"""


def _svc(text):
    return yaml.safe_load(text)["services"]["ollama"]


def test_the_list_form_splits_each_item_at_its_first_equals_sign():
    assert service_env(_svc(AI4ALL)) == {"HIP_VISIBLE_DEVICES": "0", "ROCR_VISIBLE_DEVICES": "0",
                                         "HSA_OVERRIDE_GFX_VERSION": "11.0.0", "OLLAMA_KEEP_ALIVE": "30m",
                                         "OLLAMA_GPU_MEMORY_FRACTION": "0.85"}
    svc = {"environment": ["OLLAMA_HOST=http://ollama:11434", "EXTRA=--opt=a=b", "EMPTY=", "DISPLAY"]}
    assert service_env(svc) == {"OLLAMA_HOST": "http://ollama:11434", "EXTRA": "--opt=a=b", "EMPTY": "",
                                "DISPLAY": None}  # a bare name passes the host's value; `NAME=` sets it empty


def test_the_mapping_form_gives_numbers_and_booleans_as_the_container_gets_them():
    assert service_env(_svc(MINDCRAFT)) == {"OLLAMA_KV_CACHE_TYPE": "q8_0", "OLLAMA_MAX_LOADED_MODELS": "1"}
    svc = yaml.safe_load("environment:\n  A: true\n  B: False\n  C: 0.85\n  D:\n  E: ''\n  F: a=b\n  7: x\n")
    assert service_env(svc) == {"A": "true", "B": "false", "C": "0.85", "D": None, "E": "", "F": "a=b", "7": "x"}


def test_entries_compose_refuses_are_left_out():
    svc = {"environment": ["", "=value", {"NESTED": "x"}, 5, None, "OK=1"]}
    assert service_env(svc) == {"OK": "1"}
    assert service_env({"environment": {"LIST": ["a"], "MAP": {"a": 1}, "OK": "1", "": "x"}}) == {"OK": "1"}
    for svc in ({"environment": "A=1"}, {"environment": None}, {}, None, "ollama", ["A=1"]):
        assert service_env(svc) == {}


def test_each_entry_keeps_its_place_for_the_line_and_a_repeated_name_ends_with_the_last():
    svc = {"environment": ["A=1", "B", "A=2"]}
    assert env_entries(svc) == [("A", "1", 0), ("B", None, 1), ("A", "2", 2)]
    assert service_env(svc) == {"A": "2", "B": None}
    assert env_entries({"environment": {"A": 1}}) == [("A", "1", "A")]


def test_the_reader_sets_env_values_at_each_entrys_line(tmp_path):
    p = tmp_path / "docker-compose.amd.yml"
    p.write_text(AI4ALL + "      - DISPLAY\n      - FROM_SHELL=${FROM_SHELL}\n"
                 "  ui:\n    environment:\n      SHOW: true\n      PORT: 8080\n")
    got = {v.name: (v.value, v.origin.line) for v in read_one(str(p)).values if v.kind == ENV}
    assert got == {"HIP_VISIBLE_DEVICES": ("0", 5), "ROCR_VISIBLE_DEVICES": ("0", 6),
                   "HSA_OVERRIDE_GFX_VERSION": ("11.0.0", 7), "OLLAMA_KEEP_ALIVE": ("30m", 8),
                   "OLLAMA_GPU_MEMORY_FRACTION": ("0.85", 9), "SHOW": ("true", 14), "PORT": ("8080", 15)}
