"""checks/health/fold.py: per-GPU findings folded into one line that names the GPUs."""


def test_folded_gpu_lists_name_ranges_and_gaps():
    from types import SimpleNamespace as NS

    from rocmdoctor.checks.health.fold import gpu_list

    assert gpu_list([NS(index=i) for i in range(8)]) == "GPUs 0-7"
    assert gpu_list([NS(index=0), NS(index=1)]) == "GPUs 0, 1"  # two are listed, not a range
    assert gpu_list([NS(index=0), NS(index=2), NS(index=3)]) == "GPUs 0, 2, 3"
    assert gpu_list([NS(index=5)]) == "GPU 5"
