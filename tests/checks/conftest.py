"""Fixtures shared by the check tests: tests/checks/test_<module>.py mirrors checks/<module>.py
(tests/checks/bench/test_<module>.py mirrors checks/bench/<module>.py). The fixtures every test
may use (`lint`, `sample`) are in tests/conftest.py."""
