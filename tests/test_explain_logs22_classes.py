"""Classes of the spent fresh batch 74's log misses (issue 24, wave 22), fixed as classes: real lines with their
source, and for each a look-alike that must stay as it was.

A. amdgpu's page-fault status dump pasted without its header line (the decoded GCVM_L2_PROTECTION_FAULT_STATUS
   fields, one a line): a GPU page fault (driver).
B. torch's caching allocator at its allowed limit ("Allocation on device 0 would exceed allowed memory"), which
   ComfyUI prints cut after its first words: GPU out of memory.
C. (batches 78-79) the NVIDIA container hook's missing NVML is the container's cause, not a package's missing
   library; a library's error printed onto a progress bar's line (no newline between) is read as its own line.
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures import ANCHORS
from tests.explain_helpers import run

# https://github.com/ROCm/legacy-rocm-build/issues/4515 (Radeon 780M, SAM2 over hours)
FAULT_FIELDS = ["[126908.873184] amdgpu 0000:c5:00.0: amdgpu:     MORE_FAULTS: 0x1",
                "[126908.873191] amdgpu 0000:c5:00.0: amdgpu:     WALKER_ERROR: 0x1",
                "[126908.873198] amdgpu 0000:c5:00.0: amdgpu:     PERMISSION_FAULTS: 0x5",
                "[126908.873206] amdgpu 0000:c5:00.0: amdgpu:     MAPPING_ERROR: 0x1",
                "[126908.873213] amdgpu 0000:c5:00.0: amdgpu:     RW: 0x1"]

# https://github.com/Comfy-Org/ComfyUI/issues/7761 (Wan VAE encode)
COMFY = ["Warning: Ran out of memory when regular VAE encoding, retrying with tiled VAE encoding.",
         "!!! Exception during processing !!! Allocation on device ",
         "Traceback (most recent call last):",
         '  File "/x/ComfyUI/comfy/sd.py", line 641, in encode',
         "    out = self.first_stage_model.encode(pixels_in).to(self.output_device).float()"]


def _ids(lines: list[str]) -> list[str]:
    return [d.signature.id for d in run(lines).diagnoses if d.is_problem]


def test_a_page_faults_status_fields_alone_are_a_page_fault():
    assert _ids(FAULT_FIELDS)[:1] == ["amdgpu-page-fault"]
    assert _ids(FAULT_FIELDS[2:3]) == ["amdgpu-page-fault"]  # one field line is enough: it prints only there
    assert all(any(a in x.lower() for a in ANCHORS) for x in FAULT_FIELDS[:4])  # the scanner admits the lines


def test_field_names_outside_amdgpus_dump_are_not_a_fault():
    for line in ("PERMISSION_FAULTS: 0x5 (a register table in a test)", "config: WALKER_ERROR: 0x1 # a made-up enum",
                 "stats: walker_error: 0x0, mapping_error: 0x0"):
        assert "amdgpu-page-fault" not in _ids([line])
    assert _ids(["[  1.0] amdgpu 0000:c5:00.0: amdgpu:     RW: 0x1"]) == []  # RW alone is any register's field


def test_an_allocation_over_the_allowed_memory_is_gpu_oom():
    assert _ids(COMFY)[:1] == ["hip-oom"]
    assert _ids(["torch.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)"]) == [
        "hip-oom"]
    # the tiled retry's own warning, alone, is ComfyUI recovering; an allocation that succeeded is no failure
    assert "hip-oom" not in _ids(COMFY[:1]) and _ids(["Allocation on device 0 succeeded after retry"]) == []


# https://github.com/n8n-io/self-hosted-ai-starter-kit/issues/11 (compose with NVIDIA's runtime, no NVIDIA driver)
N8N = ["Attaching to n8n, n8n-import, ollama, ollama-pull-llama, qdrant, self-hosted-ai-starter-kit-postgres-1",
       "Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime "
       "create failed: runc create failed: unable to start container process: error during container init: error "
       "running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
       "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared "
       "object file: no such file or directory: unknown"]

# https://github.com/ROCm/MIOpen/issues/3077 (YOLOv8 validation)
MIOPEN = ["                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95):  76%|###   | "
          "119/157 [00:16<00:06,  6.32it/s]MIOpen Error: /src/ocl/convolutionocl.cpp:526: No invoker was registered "
          "for convolution forward. Was find executed?",
          "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95):  76%|###   | "
          "119/157 [00:16<00:05,  7.39it/s]",
          "Traceback (most recent call last):"]


def test_the_nvidia_hooks_missing_nvml_is_the_containers_cause():
    ids = _ids(N8N)
    assert "shared-library-missing" not in ids and "container-nvml-missing" in ids
    # a package's own missing library stays a package's
    assert _ids(["ImportError: libMIOpen.so.1: cannot open shared object file: No such file or directory"])[:1] == [
        "shared-library-missing"]


def test_an_error_printed_onto_a_progress_bars_line_is_read():
    assert _ids(MIOPEN)[:1] == ["exc-gpu-runtime"]
    # a bar followed by a plain note, or alone, stays a progress line
    assert _ids([MIOPEN[1] + "Validating batch 3", MIOPEN[1]]) == []
    assert _ids([MIOPEN[1], MIOPEN[2]]) != _ids(MIOPEN)  # the glued line is what names the cause


def test_a_glued_error_keeps_the_rank_prefix_and_a_leading_keyword():
    from rocmdoctor.logs.logscan.lines import parse

    line = parse("[rank3]: 76%|###6  | 119/157 [00:16<00:06,  6.32it/s]RuntimeError: HIP error: invalid device function", 1)
    assert (line.rank, line.text) == (3, "RuntimeError: HIP error: invalid device function")
    assert parse(" 3.20it/s]Traceback (most recent call last):", 1).text == "Traceback (most recent call last):"
    assert parse(" 3.2it/s]Validating", 1).text == " 3.2it/s]Validating"
