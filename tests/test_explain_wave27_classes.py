"""Classes the fresh batches of wave 27 (123, 129, 130, 136) missed, each fixed as a class: real lines with their source URL,
and for each a look-alike that must stay as it was.

A. The kernel's own oops (a page fault or NULL dereference in kernel mode) where the excerpt stops before the stack
   names a module: in a GPU program's log the driver is where it failed (kernel-oops).
B. The legacy radeon driver bound to the GPU (a FirePro S9150 under radeon): no KFD, no ROCm (radeon-driver-bound).
C. c10d's own bind warnings, errno 98: the rendezvous port is in use (dist-address-in-use).
D. NCCL 2.2-2.4's "Call to connect timeout : Connection refused" (nccl-socket-connect).
E. rdma-core probing a provider library the host lacks ("libibverbs: Warning: couldn't load driver"): benign; the
   error after it is the one read.
F. torch's GradScaler refusing gradients that are fp16 themselves (fp16-grads-unscale).
G. NVIDIA inline PTX compiled for an AMD GPU ("couldn't allocate output register for constraint 'f'").
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures.benign import is_benign
from tests.explain_helpers import top

# A. https://github.com/ROCm/legacy-rocm-build/issues/2198 (rocm-bandwidth-test on a 7900 XTX, kernel 6.2.16)
OOPS = ["[  110.623513] BUG: unable to handle page fault for address: ffffa92a3eaffff8",
        "[  110.623533] #PF: supervisor write access in kernel mode",
        "[  110.623543] #PF: error_code(0x0002) - not-present page",
        "[  110.623559] Oops: 0002 [#1] PREEMPT SMP NOPTI",
        "[  110.623568] CPU: 19 PID: 1639 Comm: rocm-bandwidth- Tainted: G        W          6.2.16-060216-generic"]


def test_a_kernel_oops_is_the_driver_and_an_amdgpu_stack_still_names_itself():
    assert top(OOPS) == ("driver", "kernel-oops")
    stack = OOPS + ["[  110.623600]  dcn32_validate_bandwidth+0x10b/0x320 [amdgpu 1c8ee10b17eefcbc699301d2ec79eb6f22974de5]"]
    assert top(stack) == ("driver", "amdgpu-kernel-stack")  # the frames name the module: that signature says it
    # look-alikes: an application's "Oops:" prose, a kernel's bad page state note
    assert top(["Oops: something went wrong, please try again"]) == (None, None)


# B. https://github.com/ROCm/legacy-rocm-build/issues/95 (hsa_init 0x1008 on a FirePro S9150)
RADEON = ["[    1.347605] [drm] radeon kernel modesetting enabled.",
          "[    1.357109] radeon 0000:02:00.0: VRAM: 16384M 0x0000000000000000 - 0x00000003FFFFFFFF (16384M used)",
          "[    1.378771] radeon 0000:02:00.0: WB enabled"]


def test_the_legacy_radeon_driver_holding_the_gpu_is_a_driver_cause():
    assert top(RADEON) == ("driver", "radeon-driver-bound")
    # look-alike (review of wave 27): radeon loads and leaves the card to amdgpu (cik_support=0): its load line alone
    assert top(["[    1.347605] [drm] radeon kernel modesetting enabled.",
                "[    1.350000] radeon 0000:03:00.0: CIK support disabled by module param",
                "[    1.400000] [drm] amdgpu kernel modesetting enabled."]) == (None, None)
    # look-alike: amdgpu's own lines of a working card
    assert top(["[    3.410000] [drm] amdgpu kernel modesetting enabled.",
                "[    3.500000] amdgpu 0000:03:00.0: amdgpu: VRAM: 24560M 0x0000008000000000 - 0x00000085FEFFFFFF"]) \
        == (None, None)


# C. https://github.com/hunto/DIST_KD/issues/10 (torchrun --master_port=25641 while another run held it)
BIND = ["[W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:25641 (errno: 98 - Address already in use).",
        "[W socket.cpp:426] [c10d] The server socket has failed to bind to 0.0.0.0:25641 (errno: 98 - Address already "
        "in use)."]


def test_c10d_failing_to_bind_its_port_is_the_port_in_use():
    assert top(BIND) == ("distributed", "dist-address-in-use")
    # look-alike: a client that cannot assign an address is no port in use
    assert top(["[W socket.cpp:697] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 - "
                "Cannot assign requested address)."])[1] != "dist-address-in-use"


# D. https://github.com/horovod/horovod/issues/584 (two nodes, NCCL bound to lo)
CONNECT = ["paigcr-b-gpu-1012:4152:4206 [0] NCCL INFO NET : Using interface lo:127.0.0.1<0>",
           "paigcr-b-gpu-1012:4153:4209 [1] include/socket.h:361 NCCL WARN Call to connect timeout : Connection refused",
           "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO transport/net_socket.cu:139 -> 2",
           "paigcr-b-gpu-1012:4153:4209 [1] NCCL INFO bootstrap.cu:19 -> 2"]


def test_nccls_older_connect_timeout_is_a_peer_it_cannot_reach():
    assert top(CONNECT) == ("distributed", "nccl-socket-connect")


# E. https://github.com/uccl-project/uccl/issues/301: the provider probe, then the real failure
PROBE = "libibverbs: Warning: couldn't load driver 'libvmw_pvrdma-rdmav34.so': libvmw_pvrdma-rdmav34.so: cannot open " \
        "shared object file: No such file or directory"


def test_an_rdma_provider_probe_is_benign_and_the_error_after_it_is_read():
    assert is_benign(PROBE)
    assert top([PROBE])[0] is None
    # look-alike: a library the program itself needs, missing, stays a failure
    assert not is_benign("python: error while loading shared libraries: libibverbs.so.1: cannot open shared object "
                         "file: No such file or directory")


# F. https://github.com/THUDM/CogVideo (a LoRA fine-tune under accelerate's fp16, fresh batch 130): GradScaler refuses
# fp16 gradients, the trainable parameters were cast to fp16
UNSCALE = ['  File "/home/u/envs/cogvideox/lib/python3.10/site-packages/torch/amp/grad_scaler.py", line 260, in '
           "_unscale_grads_",
           '    raise ValueError("Attempting to unscale FP16 gradients.")',
           "ValueError: Attempting to unscale FP16 gradients."]


def test_grad_scaler_refusing_fp16_gradients_is_a_precision_setup():
    assert top(UNSCALE) == ("numerics", "fp16-grads-unscale")
    # look-alike: GradScaler's ordinary inf/NaN skip is no such refusal
    assert top(["torch.cuda.amp.GradScaler: found inf, skipping step"])[1] != "fp16-grads-unscale"


# G. https://github.com/pytorch/pytorch/issues/98510 (inductor on MI250) and an SGLang kernel audit on gfx942 (fresh
# batch 136): NVIDIA inline PTX constraints handed to the AMDGPU backend
def test_inline_ptx_compiled_for_amd_is_a_cuda_only_kernel():
    assert top(["**error: couldn't allocate input reg for constraint 'l'"]) == ("packages", "ptx-constraint-on-amdgpu")
    assert top(["[ FAIL ] mul_rn_f32         common/numerics.py                  asm=mul.rn.f32             "
                "constraints==f,f,f", "           error: couldn't allocate output register for constraint 'f'"])[1] \
        == "ptx-constraint-on-amdgpu"
