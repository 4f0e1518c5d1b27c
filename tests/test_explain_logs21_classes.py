"""Classes of the spent fresh batch 21 (issue 24 §2), each with real instances and a real look-alike (source URL beside
each).

A. llama.cpp's perplexity tool printing NaN/inf as a chunk's running perplexity, or as its final estimate: the model's
   outputs are NaN (numerics); a perplexity run whose values are numbers is healthy.
"""
from __future__ import annotations

from tests.explain_helpers import corpus_lines, top


def test_a_perplexity_that_is_nan_is_numerics():
    # https://github.com/ggml-org/llama.cpp/pull/5631 (gemma-7b f16 on a Tesla P40)
    assert top(corpus_lines("ia-gemma-ppl-nan", "fresh/logs"))[0] == "numerics"
    # the final estimate in the same words (llama.cpp's perplexity.cpp prints "Final estimate: PPL = %.4lf +/- %.5lf")
    assert top(["perplexity: calculating perplexity over 580 chunks, n_ctx=512, batch_size=2048, n_seq=4",
                "Final estimate: PPL = nan +/- nan"])[0] == "numerics"
    # look-alike: https://github.com/ggml-org/llama.cpp/pull/1087, the ROCm port's perplexity run, numbers throughout
    assert top(["perplexity : calculating perplexity over 655 chunks, batch_size=512",
                "15.63 seconds per pass - ETA 2 hours 50 minutes",
                "[1]4.3801,[2]4.9556,[3]5.8270,[4]6.4693,[5]6.5437,[6]6.5414,[7]6.7176,[8]6.8070,[9]7.1757"]) == (None, None)
