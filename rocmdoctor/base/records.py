"""``@dataclass`` for rocmdoctor's own data model, without the standard decorator's cost at import.

The standard decorator compiles every generated method (``exec`` of ``__init__``, ``__repr__``,
``__eq__``, and for frozen classes ``__setattr__``, ``__delattr__``, ``__hash__``) when the class
is created: about 0.5 ms a class, 44 ms of a quick scan's 100 (73 classes), and ``import
dataclasses`` pulls in ``inspect`` (10 ms more). Here the same methods are shared functions
that read the class's field table, so creating a class compiles nothing (a class instantiated
often gets a compiled ``__init__`` like the standard one's, after 64 instances), and the standard
``__dataclass_fields__``/``__dataclass_params__`` are built (by the standard decorator, on a
copy of the class) only when something asks: ``dataclasses.fields``, ``asdict``, ``replace``
and ``is_dataclass`` work unchanged.

Supported: plain and ``frozen=True`` classes; ``field(default=, default_factory=, repr=,
compare=)``; ``__post_init__``. Anything else (other options, inheritance between dataclasses,
``ClassVar``/``InitVar``, a class that writes its own generated method) is handed to the
standard decorator, so the result is always a dataclass with the standard behaviour.
tests/test_records.py compares every class in the package with its standard twin.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # type checkers see constructors with checked fields; nothing is imported at run time
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_kw):
        return lambda f: f

__all__ = ["dataclass", "field", "replace", "MISSING"]

MISSING = type("MISSING", (), {"__repr__": lambda self: "MISSING"})()
_GENERATED = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


class _Field:
    """What :func:`field` returns in a class body, until the decorator reads it."""

    __slots__ = ("default", "default_factory", "repr", "compare", "other")

    def __init__(self, default, default_factory, repr, compare, other):
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.default, self.default_factory, self.repr, self.compare = default, default_factory, repr, compare
        self.other = other

    def standard(self):
        kw = dict(self.other, repr=self.repr, compare=self.compare)
        if self.default is not MISSING:
            kw["default"] = self.default
        if self.default_factory is not MISSING:
            kw["default_factory"] = self.default_factory
        return _std().field(**kw)


def field(*, default=MISSING, default_factory=MISSING, repr=True, compare=True, **other):
    """As :func:`dataclasses.field` (other keywords hand the class to the standard decorator)."""
    return _Field(default, default_factory, repr, compare, other)


@dataclass_transform(field_specifiers=(field,))
def dataclass(cls=None, /, *, frozen: bool = False, **options):
    """As :func:`dataclasses.dataclass` for plain and frozen classes (see the module's doc)."""

    def wrap(c):
        return _record(c, frozen) if not options and _simple(c) else _standard(c, frozen, options)

    return wrap if cls is None else wrap(cls)


def replace(obj, /, **changes):
    """As :func:`dataclasses.replace`; for these records without importing dataclasses."""
    t = type(obj).__dict__.get("__rocmdoctor_record__")
    if t is None:
        return _std().replace(obj, **changes)
    values = {n: getattr(obj, n) for n in t.names}
    values.update(changes)
    return type(obj)(**values)


def _annotations(cls) -> dict:
    return cls.__dict__.get("__annotations__", {})


def _simple(cls) -> bool:
    if any(hasattr(b, "__dataclass_fields__") for b in cls.__mro__[1:]):
        return False  # inheriting fields: the standard rules
    if any(name in cls.__dict__ for name in _GENERATED):
        return False
    for name, ann in _annotations(cls).items():
        text = ann if isinstance(ann, str) else repr(ann)
        if "ClassVar" in text or "InitVar" in text or "KW_ONLY" in text:
            return False
        spec = cls.__dict__.get(name)
        if isinstance(spec, _Field) and spec.other:
            return False
    return True


def _std():
    import dataclasses

    return dataclasses


def _standard(cls, frozen, options):
    for name in _annotations(cls):
        spec = cls.__dict__.get(name)
        if isinstance(spec, _Field):
            setattr(cls, name, spec.standard())
    return _std().dataclass(cls, frozen=frozen, **options)


class _Table:
    """A class's fields, in order, and what its generated methods need."""

    __slots__ = ("cls", "names", "defaults", "factories", "shown", "compared", "frozen", "post",
                 "specs", "calls")

    def __init__(self, cls, frozen):
        self.cls, self.frozen = cls, frozen
        names: list[str] = []
        self.defaults, self.factories, self.shown, self.compared, self.specs = [], [], [], [], {}
        seen_default = None
        for name in _annotations(cls):
            spec = cls.__dict__.get(name, MISSING)
            if isinstance(spec, _Field):
                default, factory, shown, compared = spec.default, spec.default_factory, spec.repr, spec.compare
            else:
                default, factory, shown, compared = spec, MISSING, True, True
            if default is not MISSING and type(default).__hash__ is None:  # list, dict, set: shared state
                raise ValueError(f"mutable default {type(default)} for field {name} is not allowed: "
                                 "use default_factory")
            if default is MISSING and factory is MISSING:
                if seen_default is not None:
                    raise TypeError(f"non-default argument {name!r} follows default argument")
            else:
                seen_default = name
            # The class attribute is the default, as the standard decorator leaves it.
            if default is not MISSING:
                setattr(cls, name, default)
            elif name in cls.__dict__:
                delattr(cls, name)
            names.append(name)
            self.defaults.append(default)
            self.factories.append(factory)
            if shown:
                self.shown.append(name)
            if compared:
                self.compared.append(name)
            self.specs[name] = _Field(default, factory, shown, compared, {})
        self.names = tuple(names)
        self.post = hasattr(cls, "__post_init__")
        self.calls = 0

    def compile_init(self):
        """The standard decorator's kind of ``__init__`` (Python binds the arguments), for a
        class instantiated often enough that compiling it once costs less than binding here."""
        ns, params, body = {"_rd_MISSING": MISSING}, [], []
        for name, default, factory in zip(self.names, self.defaults, self.factories):
            if default is not MISSING:
                ns[f"_rd_dflt_{name}"] = default
                params.append(f"{name}=_rd_dflt_{name}")
            elif factory is not MISSING:
                ns[f"_rd_factory_{name}"] = factory
                params.append(f"{name}=_rd_MISSING")
                body.append(f"    if {name} is _rd_MISSING: {name} = _rd_factory_{name}()")
            else:
                params.append(name)
        body.append("    self.__dict__.update({" + ", ".join(f"{n!r}: {n}" for n in self.names) + "})")
        if self.post:
            body.append("    self.__post_init__()")
        exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body), ns)
        fn = ns["__init__"]
        fn.__qualname__ = f"{self.cls.__qualname__}.__init__"
        self.cls.__init__ = fn

    def bind(self, args, kwargs) -> list:
        """The field values for a call, with defaults; the standard errors for bad calls."""
        names, qual = self.names, self.cls.__qualname__
        if len(args) > len(names):
            required = sum(d is MISSING and f is MISSING for d, f in zip(self.defaults, self.factories))
            takes = f"{len(names) + 1}" if required == len(names) else f"from {required + 1} to {len(names) + 1}"
            raise TypeError(f"{qual}.__init__() takes {takes} positional arguments but {len(args) + 1} were given")
        for key in kwargs:
            if key not in names:
                raise TypeError(f"{qual}.__init__() got an unexpected keyword argument {key!r}")
            if names.index(key) < len(args):
                raise TypeError(f"{qual}.__init__() got multiple values for argument {key!r}")
        values, missing = list(args), []
        for i in range(len(args), len(names)):
            name = names[i]
            if name in kwargs:
                values.append(kwargs[name])
            elif self.defaults[i] is not MISSING:
                values.append(self.defaults[i])
            elif self.factories[i] is not MISSING:
                values.append(self.factories[i]())
            else:
                missing.append(name)
                values.append(None)
        if missing:
            quoted = [repr(m) for m in missing]
            listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
            raise TypeError(f"{qual}.__init__() missing {len(missing)} required positional argument"
                            f"{'s' if len(missing) > 1 else ''}: {listed}")
        return values


_HOT = 64  # instances after which a class gets a compiled __init__


def _init(self, *args, **kwargs):
    t = type(self).__rocmdoctor_record__
    t.calls += 1
    if t.calls == _HOT:
        t.compile_init()  # the next instances use it; this one is made here
    # Writing __dict__ is what object.__setattr__ does for these (no slots, no descriptors on
    # fields), and it passes a frozen class's __setattr__ as the standard __init__ does.
    self.__dict__.update(zip(t.names, t.bind(args, kwargs) if kwargs or len(args) != len(t.names) else args))
    if t.post:
        self.__post_init__()


_repr_running: set[tuple[int, int]] = set()  # (id of the record, thread) being shown


def _repr(self):
    key = (id(self), threading.get_ident())
    if key in _repr_running:  # a record that contains itself, as reprlib.recursive_repr shows it
        return "..."
    _repr_running.add(key)
    try:
        t = type(self).__rocmdoctor_record__
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in t.shown)
    finally:
        _repr_running.discard(key)
    return f"{type(self).__qualname__}({inner})"


def _eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    names = type(self).__rocmdoctor_record__.compared
    return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)


def _hash(self):
    return hash(tuple(getattr(self, n) for n in type(self).__rocmdoctor_record__.compared))


def _frozen_error(what, name):
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(f"cannot {what} field {name!r}")


def _frozen_setattr(self, name, value):
    t = type(self).__rocmdoctor_record__
    if type(self) is t.cls or name in t.names:
        raise _frozen_error("assign to", name)
    object.__setattr__(self, name, value)


def _frozen_delattr(self, name):
    t = type(self).__rocmdoctor_record__
    if type(self) is t.cls or name in t.names:
        raise _frozen_error("delete", name)
    object.__delattr__(self, name)


class _Standard:
    """``__dataclass_fields__``/``__dataclass_params__`` on first use: the standard decorator run
    on a copy of the class (same annotations, defaults and options); the answer then replaces
    this descriptor on the class."""

    def __init__(self, attr):
        self.attr = attr

    def __get__(self, obj, owner):
        t = owner.__dict__["__rocmdoctor_record__"]
        body = {"__annotations__": dict(_annotations(owner)), "__module__": owner.__module__,
                "__qualname__": owner.__qualname__, "__doc__": owner.__doc__}
        body.update((name, spec.standard()) for name, spec in t.specs.items())
        twin = _std().dataclass(type(owner.__name__, (), body), frozen=t.frozen)
        for attr in ("__dataclass_fields__", "__dataclass_params__"):
            setattr(owner, attr, twin.__dict__[attr])
        return twin.__dict__[self.attr]


def _record(cls, frozen):
    t = _Table(cls, frozen)
    cls.__rocmdoctor_record__ = t
    cls.__init__, cls.__repr__, cls.__eq__ = _init, _repr, _eq
    # eq without frozen makes instances unhashable, as the standard decorator does.
    cls.__hash__ = _hash if frozen else None
    if frozen:
        cls.__setattr__, cls.__delattr__ = _frozen_setattr, _frozen_delattr
    # mypy forbids assigning __match_args__ anywhere; a class decorator must, as dataclasses does.
    cls.__match_args__ = t.names  # type: ignore[misc]
    cls.__dataclass_fields__ = _Standard("__dataclass_fields__")
    cls.__dataclass_params__ = _Standard("__dataclass_params__")
    if not cls.__dict__.get("__doc__"):
        cls.__doc__ = f"{cls.__name__}({', '.join(t.names)})"
    return cls
