"""Classes of the twelfth wave (issue 24 §2), read from the spent fresh batches, each with real instances and a
look-alike (source URL beside each).

A. A native process dying is an error whatever the rest of the log says: C++'s "terminate called after throwing",
   a fatal signal (gdb's "Program received signal SIGILL", Go's "SIGABRT: abort"), a line that opens with "Error".
   Before, a log made only of such lines read "no error-like lines".
B. SIGILL / "Illegal instruction" is native code built for a newer CPU (packages); the GPU's own illegal instruction
   (HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION, CUDA's "an illegal instruction was encountered") and an assembler's
   "Illegal instruction detected" are not.
C. MIOpen's on-disk state failing (boost::filesystem errors on its database or temporary paths, SQLite errors in its
   kernel cache) is one runtime class; the benign "Unable to read system database file" and a boost::filesystem
   error on another program's path are not.
D. A paste whose numbers the user wrote over ("GPU node-N", "Agent handle: 0x...") still matches its signature.
"""
from __future__ import annotations

from rocmdoctor.logs.logscan import looks_like_error
from tests.explain_helpers import corpus_lines, run, top


def test_a_native_crash_lines_are_error_like():
    # https://github.com/ROCm/MIOpen/issues/1427, https://github.com/ollama/ollama (Go runtime), pytorch/pytorch#143718
    for line in ("terminate called after throwing an instance of 'c10::Error'",
                 "Program received signal SIGSEGV, Segmentation fault.",
                 "SIGABRT: abort",
                 "Error invalid device function at line 224 in file /src/csrc/ops.hip",
                 "Error! Bad return status for module build on kernel: 6.8.0-45-generic (x86_64)"):
        assert looks_like_error(line), line
    # look-alikes: prose and counts that merely contain the words
    for line in ("Errors: 0", "no errors found", "INFO: terminate called is printed by libstdc++ when an exception escapes",
                 "Error rate: 0.1%", "Error                 0", "Error bars show one standard deviation"):
        assert not looks_like_error(line), line


def test_a_a_log_of_only_a_native_abort_is_a_failure():
    # an uncaught C++ exception of an unknown library: not a healthy log any more
    lines = ["Loading model...", "terminate called after throwing an instance of 'foo::bar_error'",
             "  what():  something went wrong", "Aborted (core dumped)"]
    assert run(lines).exit_code() == 1
    assert run(["Loading model...", "Model loaded in 2.1 s"]).exit_code() == 0


def test_b_sigill_is_a_cpu_build_problem():
    # https://github.com/pytorch/pytorch/issues/125310 (librocblas host code using AVX-512 on an older CPU)
    assert top(corpus_lines("qc-torch-import-sigill-librocblas", "fresh/logs")) == ("packages", "native-illegal-instruction")
    assert top(["Illegal instruction (core dumped)"]) == ("packages", "native-illegal-instruction")
    assert top(["SIGILL: illegal instruction", "PC=0x5638d1a0 m=0 sigcode=2"])[1] == "native-illegal-instruction"
    # the kernel's record of the same (mudler/LocalAI#6508, spent fresh batch 36: rocBLAS host code on a CPU without AVX)
    assert top(["[36387.731300] traps: python[1082589] trap invalid opcode ip:7f0fef81fc28 sp:7ffc133f9d50 error:0 in "
                "librocblas.so[31329c28,7f0fef7c8000+de4000]"]) == ("packages", "native-illegal-instruction")


def test_b_the_gpus_illegal_instruction_is_not_a_cpu_build():
    # look-alikes: the GPU executing an instruction its ISA lacks, and LLVM's assembler refusing one
    for line in ("RuntimeError: CUDA error: an illegal instruction was encountered",
                 ":0:rocdevice.cpp :2614: HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: The agent attempted to execute an "
                 "illegal shader instruction.",
                 "error: Illegal instruction detected: Invalid dpp_ctrl value: broadcasts are not supported on GFX10+"):
        assert top([line])[1] != "native-illegal-instruction", line


def test_c_miopen_database_and_cache_failures_are_one_runtime_class():
    # https://github.com/ROCm/MIOpen/issues/1878 (kernel cache shared by Slurm jobs), RVC-Project #1200 (interim
    # code objects on a mounted drive), a gfx906 user database path (boost::filesystem::permissions)
    for name in ("up-miopen1878-slurm-kerndb-malformed", "qi-rvc-1200-miopen-interim-hsaco-remove-not-empty",
                 "uo-miopen-gfx906-userdb-boost-filesystem-terminate"):
        assert top(corpus_lines(name, "fresh/logs")) == ("runtime", "miopen-cache-unusable"), name


def test_c_benign_miopen_lines_and_other_boost_errors_are_not_this_class():
    # look-alikes: MIOpen's note that a system database is missing (performance only), and boost::filesystem failing
    # on a path that is not MIOpen's
    assert top(["MIOpen(HIP): Warning [SQLiteBase] Unable to read system database file:/opt/rocm/miopen/share/miopen/"
                "db/gfx906_60.kdb Performance may degrade"])[1] != "miopen-cache-unusable"
    assert top(["terminate called after throwing an instance of 'boost::filesystem::filesystem_error'",
                '  what():  boost::filesystem::create_directories: Permission denied: "/var/lib/app/models"'])[1] \
        != "miopen-cache-unusable"


def test_d_a_memory_access_fault_with_numbers_written_over_still_matches():
    # a paste with the node number and handle replaced (a ROCm/rccl report of two RX 7900 XTX)
    line = ("Memory access fault by GPU node-N (Agent handle: 0x...) on address (nil). Reason: Page not present or "
            "supervisor privilege.")
    assert top([line])[1] == "hsa-memory-access-fault"
    # the node of a real line is still read as a number
    assert top(["Memory access fault by GPU node-2 (Agent handle: 0x55d1) on address (nil). Reason: Page not "
                "present or supervisor privilege."])[1] == "hsa-memory-access-fault"


def test_a_a_native_crash_deep_in_a_large_log_is_still_read():
    # past the first 256 KiB only the catalog's anchors pick the lines to read: the crash words are anchors
    filler = [f"step {i}: loss 1.{i % 97:02d} lr 2e-5 tokens/s 1543" for i in range(9000)]
    for crash, sig in (("Illegal instruction (core dumped)", "native-illegal-instruction"),
                       ('  what():  boost::filesystem::remove: Directory not empty [system:39]: '
                        '"/tmp/miopen-interim-hsaco-14f9-265d"', "miopen-cache-unusable")):
        assert sum(len(x) + 1 for x in filler) > 300_000
        assert top(filler + [crash])[1] == sig, crash
    assert run(filler + ["terminate called after throwing an instance of 'foo::bar_error'"]).exit_code() == 1
