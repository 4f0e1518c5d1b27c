"""What a check author imports: the decorator and the result helpers.

    from rocmdoctor.engine.check import check, ok, warn, fail, skip, ev

    @check("RD-OS-001", area="os", title="Kernel command line readable")
    def cmdline_readable(cmdline):
        return ok("kernel command line read", evidence=[ev("/proc/cmdline", cmdline.text)])

Parameters name facts (rocmdoctor/facts/); a parameter with a default is optional.
Return one finding or a list. Code, area and the check's name are filled in by the
engine, so the helpers take only what differs per outcome.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, TypedDict, TypeVar

from .model import Action, Applicability, Evidence, Finding, FixPlan, Status
from ..base.records import dataclass

if TYPE_CHECKING:
    from typing import Unpack  # Python 3.11; only read by the type checker

__all__ = ["check", "ok", "warn", "fail", "skip", "ev", "Action", "Applicability", "FixPlan",
           "CheckSpec"]


@dataclass(frozen=True)
class CheckSpec:
    code: str
    area: str
    title: str  # one line: what the check verifies (shown by `rocmdoctor list`)
    level: str
    sources: tuple[str, ...]
    func: Callable
    plugin: str = "rocmdoctor"
    option: str | None = None  # runs only when the scan was given this option (e.g. "config")

    @property
    def name(self) -> str:
        return f"{self.func.__module__}.{self.func.__qualname__}"

    @property
    def facts(self) -> tuple[str, ...]:
        """The facts the check names (its parameters): what it needs, and so whether it
        may wait for the runtime Python probe (facts/python_env.py RUNTIME_FACTS)."""
        return tuple(name for name, _ in parameters(self.func))


_PARAMS: dict = {}
NO_DEFAULT = object()
_F = TypeVar("_F", bound=Callable[..., Any])


def parameters(func: Callable) -> tuple[tuple[str, object], ...]:
    """(name, default or NO_DEFAULT) for each parameter of a check, cached per function:
    the engine asks for every check on every scan, and inspect.signature is slow."""
    p = _PARAMS.get(func)
    if p is None:
        code = getattr(func, "__code__", None)
        if code is not None and not hasattr(func, "__wrapped__") and not code.co_kwonlyargcount \
                and not code.co_flags & 0x0C:  # plain positional parameters, no *args/**kwargs
            names = code.co_varnames[:code.co_argcount]
            defaults = tuple(func.__defaults__ or ())
            first = len(names) - len(defaults)
            p = tuple((n, defaults[i - first] if i >= first else NO_DEFAULT) for i, n in enumerate(names))
        else:
            import inspect

            p = tuple((n, NO_DEFAULT if q.default is inspect.Parameter.empty else q.default)
                      for n, q in inspect.signature(func).parameters.items())
        _PARAMS[func] = p
    return p


def check(code: str, *, area: str, title: str, level: str = "quick",
          sources: Iterable[str] = (), option: str | None = None) -> Callable[[_F], _F]:
    """Mark a function as a check. It is discovered, not registered: no global state.

    ``option="config"`` makes a check that lints a user input run only when the scan was
    given that input (``scan --config FILE``), instead of skipping on every other scan.
    """

    def deco(fn: _F) -> _F:
        # A plain attribute (registry.py finds it with getattr): the function itself is returned
        # unchanged, so a check keeps its signature for callers and for the type checker.
        setattr(fn, "__rocmdoctor_check__", CheckSpec(code, area, title, level, tuple(sources), fn, option=option))  # noqa: B010
        return fn

    return deco


def ev(source: str, text: object) -> Evidence:
    text = "" if text is None else str(text)
    if len(text) > 2000:
        text = text[:2000] + " …(truncated)"
    return Evidence(source, text.strip())


class Extras(TypedDict, total=False):
    """The keywords ok, warn, fail and skip take beside the title and detail."""

    evidence: Iterable[Evidence]
    fix: FixPlan | None
    subject: str | None
    sources: Iterable[str]
    data: Mapping[str, Any] | None
    missing: Iterable[str]


def _finding(status: Status, title: str, detail: str = "", *, evidence: Iterable[Evidence] = (),
             fix: FixPlan | None = None, subject: str | None = None, sources: Iterable[str] = (),
             data: Mapping[str, Any] | None = None, missing: Iterable[str] = ()) -> Finding:
    return Finding(code="", status=status, title=title, detail=detail, subject=subject,
                   evidence=tuple(evidence), sources=tuple(sources), fix=fix,
                   data=dict(data or {}), missing=tuple(missing))


def ok(title: str, detail: str = "", **kw: Unpack[Extras]) -> Finding:
    return _finding(Status.PASS, title, detail, **kw)


def warn(title: str, detail: str = "", **kw: Unpack[Extras]) -> Finding:
    return _finding(Status.WARN, title, detail, **kw)


def fail(title: str, detail: str = "", **kw: Unpack[Extras]) -> Finding:
    return _finding(Status.FAIL, title, detail, **kw)


def skip(title: str, detail: str = "", **kw: Unpack[Extras]) -> Finding:
    return _finding(Status.SKIP, title, detail, **kw)
