"""Which processes of a stalled job hold a GPU, read through the source layer (a --root tree
stands in for /proc here, as it would in a snapshot of a hung job)."""
import os

from rocmdoctor.logs.watch import gpu_holders, process_info
from rocmdoctor.machine.sources import RootSource


def _proc(root, pid, fds):
    d = root / "proc" / str(pid) / "fd"
    d.mkdir(parents=True)
    for n, target in enumerate(fds):
        os.symlink(target, d / str(n))


def test_a_process_with_a_gpu_node_open_holds_the_gpu_and_one_with_only_pipes_does_not(tmp_path):
    _proc(tmp_path, 10, ["/dev/null", "pipe:[123]", "/dev/kfd"])
    _proc(tmp_path, 11, ["/dev/null", "socket:[9]"])
    _proc(tmp_path, 12, ["/dev/dri/renderD128"])
    _proc(tmp_path, 13, ["/dev/nvidia0"])
    _proc(tmp_path, 14, ["/dev/dri/by-path/x"])  # not a node a process computes through
    assert gpu_holders([10, 11, 12, 13, 14], RootSource(str(tmp_path))) == {10, 12, 13}


def test_a_descriptor_table_that_lists_nothing_counts_as_a_holder_and_a_gone_process_does_not(tmp_path):
    (tmp_path / "proc" / "20" / "fd").mkdir(parents=True)  # there, but unreadable to us
    assert gpu_holders([20, 21], RootSource(str(tmp_path))) == {20}


def test_the_wait_channel_is_read_through_the_source(tmp_path):
    pid = os.getpid()  # a real process (psutil names it); its wait channel comes from the tree
    (tmp_path / "proc" / str(pid)).mkdir(parents=True)
    (tmp_path / "proc" / str(pid) / "wchan").write_text("futex_wait_queue\n")
    info = process_info([pid], RootSource(str(tmp_path)))
    assert [i["wchan"] for i in info] == ["futex_wait_queue"]
    assert process_info([pid], RootSource(str(tmp_path / "proc" / str(pid))))[0]["wchan"] == ""
