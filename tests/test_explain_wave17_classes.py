"""Log classes of the spent fresh batches 52-53 (seventeenth wave), each with a look-alike that must not match.

A. An application that says torch gave it the CPU ("Using torch device: CPU", InvokeAI's ">> Using device_type cpu")
   on an AMD machine: torch without ROCm, or a GPU it cannot open (packages), 3 of 3 labels in three threads.
B. GPU-aware MPI failing to attach a peer rank's GPU buffer (Cray MPICH's GTL, hsa_amd_ipc_memory_attach) is a
   distributed failure, not the generic HSA error it prints.
C. AMD's RDC daemon asking for a health field the GPU does not serve prints ERROR lines while the GPUs work (healthy)."""
from __future__ import annotations

from tests.explain_helpers import corpus_lines, run, top


def test_a_an_application_that_runs_on_the_cpu_is_torch_without_a_gpu():
    assert top(corpus_lines("kz-invokeai-235-rocm-device-type-cpu", "fresh/logs")) == ("packages", "app-runs-on-cpu")
    assert top(["[2024-12-19 13:27:10,911]::[InvokeAI]::INFO --> Using torch device: CPU"])[1] == "app-runs-on-cpu"
    # look-alikes: a model offloaded to the CPU on purpose, and the GPU named as the device
    assert run(["[INFO] VAE load device: cuda:0, offload device: cpu, dtype: torch.bfloat16"]).exit_code() == 0
    assert run(["[InvokeAI]::INFO --> Using torch device: AMD Radeon RX 7900 XTX"]).exit_code() == 0


def test_b_a_gpu_aware_mpi_ipc_attach_failure_is_distributed():
    assert top(corpus_lines("kz-setonix-cray-mpich-gtl-ipc-attach", "fresh/logs")) == (
        "distributed", "mpi-gpu-ipc-attach-failed")
    # look-alike: the same HSA status from another call stays the runtime's
    assert top(["HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual arguments does not meet a precondition"])[1] \
        == "hsa-status-error"


def test_c_rdc_fetch_errors_for_unsupported_fields_are_no_failure():
    assert run(corpus_lines("hz-rdcd-unsupported-health-field-errors", "fresh/logs")).exit_code() == 0
    # look-alike: rdcd unable to start its ROCm SMI connection at all is an error
    assert run(["ERROR RdcMetricFetcherImpl.cc(1817): Fail to fetch 0:EEPROM_CONFIG_VALID with rsmi error code 1",
                "ERROR rdc_main.cc(120): rsmi_init failed: RSMI_STATUS_INIT_ERROR"]).exit_code() != 0
