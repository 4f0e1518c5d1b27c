import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite tests/golden/* from the current output instead of comparing")


@pytest.fixture
def update_golden(request):
    return request.config.getoption("--update-golden")


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory):
    # rocmdoctor.machine.envcache writes under XDG_CACHE_HOME: never the developer's own cache.
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if old is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = old


@pytest.fixture(autouse=True)
def _no_plugins(monkeypatch):
    # Tests see only built-in checks unless a test turns plugins on itself.
    monkeypatch.setenv("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", "1")
    # Text output wraps at $COLUMNS when it is set (a CI runner or a terminal may set it):
    # the expected texts are unwrapped, as piped output is without it.
    monkeypatch.delenv("COLUMNS", raising=False)


_GPU: list = []


def _gpu_visible() -> bool:
    # Asked once per session, and only when a gpu-marked test is collected.
    if not _GPU:
        try:
            import torch

            _GPU.append(bool(torch.cuda.is_available()))
        except ImportError:
            _GPU.append(False)
    return _GPU[0]


def pytest_runtest_setup(item):
    """Tests marked `gpu` need a GPU visible to torch (ROCm or CUDA); skip them elsewhere."""
    if item.get_closest_marker("gpu") and not _gpu_visible():
        pytest.skip("no GPU visible to torch")


SAMPLES = os.path.join(os.path.dirname(__file__), "data")


@pytest.fixture
def sample():
    def read(name: str) -> str:
        with open(os.path.join(SAMPLES, name), encoding="utf-8") as fh:
            return fh.read()
    return read
