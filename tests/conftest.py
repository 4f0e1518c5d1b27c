import os
import shutil

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


# ---------------------------------------------------------------- config lint (scan --config)
# `lint(paths, code, example=..., snapshot=..., **options)` runs one config-lint check on files
# against an example machine or a snapshot; `lint.write` puts a file in the test's tmp_path,
# `lint.seeds` copies the seeds' files there (tests/data/seeds), `lint.statuses` and
# `lint.flagged` sum up the findings.
SEEDS = os.path.join(SAMPLES, "seeds")


def need(example: str) -> None:
    """Skip where the example snapshot was not built (a source tree without examples)."""
    import rocmdoctor  # here, not at the top: the session fixtures above run before the package is imported

    if example not in rocmdoctor.examples():
        pytest.skip(f"example {example} not built")


class Lint:
    def __init__(self, tmp_path):
        self.tmp_path = tmp_path

    def __call__(self, paths, code, example="mi50x2-xeon", snapshot=None, **options):
        """The findings of ``code`` on the files (and directories) ``paths``, scanned against the
        example machine, or against ``snapshot`` when given."""
        import rocmdoctor

        if snapshot is None:
            need(example)
        r = rocmdoctor.scan(example=None if snapshot else example, snapshot=snapshot, select=[code],
                            options={"config": [str(p) for p in paths], **options})
        return r.by_code(code)

    def write(self, name: str, text: str) -> str:
        p = self.tmp_path / name
        p.write_text(text)
        return str(p)

    def seeds(self, *names: str) -> list[str]:
        """Copies of the seeds' files in tmp_path (a check may name them in a fix plan)."""
        for n in names:
            shutil.copy(os.path.join(SEEDS, n), self.tmp_path / n)
        return [str(self.tmp_path / n) for n in names]

    need = staticmethod(need)

    @staticmethod
    def statuses(fs) -> list[str]:
        return sorted(f.status.value for f in fs)

    @staticmethod
    def flagged(fs) -> list:
        return [f for f in fs if f.status.value in ("warn", "fail")]


@pytest.fixture
def lint(tmp_path):
    return Lint(tmp_path)
