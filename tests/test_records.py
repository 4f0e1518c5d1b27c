"""rocmdoctor.base.records.dataclass behaves as the standard decorator: each test builds the same
class body twice, once with each decorator, and compares what users of the classes see."""
import copy
import dataclasses
import importlib
import pickle
import pkgutil
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocmdoctor
from rocmdoctor.base import records


def _pair(body: dict, frozen: bool = False, name: str = "Rec"):
    """(ours, standard) for one class body; `records.field` specs become `dataclasses.field`."""
    std_body = {k: (v.standard() if isinstance(v, records._Field) else v) for k, v in body.items()}
    ours = records.dataclass(type(name, (), dict(body, __qualname__=name)), frozen=frozen)
    std = dataclasses.dataclass(type(name, (), dict(std_body, __qualname__=name)), frozen=frozen)
    return ours, std


def _body(*fields, **extra):
    """fields: (name, spec) where spec is records.MISSING (required), a value, or a records.field."""
    body = {"__annotations__": {n: "typing.Any" for n, _ in fields}, "__module__": __name__}
    body.update((n, s) for n, s in fields if s is not records.MISSING)
    body.update(extra)
    return body


M = records.MISSING
BODY = _body(("a", M), ("b", M), ("c", 3), ("d", records.field(default_factory=list)),
             ("e", records.field(default=None, repr=False, compare=False)))


def _error(fn):
    try:
        fn()
    except Exception as exc:
        return type(exc), str(exc)
    return None


@pytest.mark.parametrize("hot", [False, True])
@pytest.mark.parametrize("frozen", [False, True])
def test_construction_defaults_and_call_errors_match(frozen, hot):
    """Both kinds of __init__: the shared one, and the compiled one a class gets once it has
    been instantiated often (hot)."""
    ours, std = _pair(BODY, frozen)
    for _ in range(records._HOT if hot else 0):
        ours(1, 2)
    assert (ours.__init__ is records._init) is not hot
    for args, kwargs in [((1, 2), {}), ((1,), {"b": 2}), ((), {"a": 1, "b": 2, "c": 4, "e": 5}),
                         ((1, 2, 3, [9], 5), {})]:
        x, y = ours(*args, **kwargs), std(*args, **kwargs)
        assert repr(x) == repr(y) and vars(x) == vars(y)
    # default_factory: a fresh list for every instance
    assert ours(1, 2).d is not ours(1, 2).d
    for args, kwargs in [((), {}), ((1,), {}), ((1, 2, 3, 4, 5, 6), {}), ((1, 2), {"zz": 1}),
                         ((1, 2), {"a": 1})]:
        assert _error(lambda: ours(*args, **kwargs)) == _error(lambda: std(*args, **kwargs)), (args, kwargs)  # noqa: B023


@pytest.mark.parametrize("frozen", [False, True])
def test_repr_eq_hash_and_frozen_match(frozen):
    ours, std = _pair(BODY, frozen)
    x1, x2, x3 = ours(1, "b"), ours(1, "b", e="ignored by eq"), ours(2, "b")
    y1, y2, y3 = std(1, "b"), std(1, "b", e="ignored by eq"), std(2, "b")
    assert repr(x1) == repr(y1) == "Rec(a=1, b='b', c=3, d=[])"
    assert (x1 == x2, x1 == x3, x1 != x3) == (y1 == y2, y1 == y3, y1 != y3) == (True, False, True)
    assert x1.__eq__(y1) is NotImplemented and (x1 == (1, "b")) is False
    assert ours.__match_args__ == std.__match_args__ == ("a", "b", "c", "d", "e")
    if frozen:
        h = ours(1, ("t",), 3, ())
        assert hash(h) == hash(std(1, ("t",), 3, ())) == hash(ours(1, ("t",), 3, (), e=[]))
        assert _error(lambda: hash(x1)) == _error(lambda: hash(y1))  # a list field: unhashable in both
        for op in (lambda o: setattr(o, "a", 5), lambda o: delattr(o, "a"), lambda o: setattr(o, "new", 1)):
            assert _error(lambda: op(h)) == _error(lambda: op(std(1, ("t",))))  # noqa: B023
        with pytest.raises(dataclasses.FrozenInstanceError):
            h.a = 2
    else:
        assert ours.__hash__ is None and std.__hash__ is None
        x1.a = 7
        assert x1.a == 7


def test_recursive_repr_and_class_attributes_match():
    ours, std = _pair(_body(("a", M), ("b", 1), ("k", records.field(default_factory=dict))))
    x, y = ours([]), std([])
    x.a.append(x)
    y.a.append(y)
    assert repr(x) == repr(y) == "Rec(a=[...], b=1, k={})"
    # The default stays a class attribute; a factory's name does not, as with the standard one.
    assert ours.b == std.b == 1 and not hasattr(ours, "k") and not hasattr(std, "k")


@pytest.mark.parametrize("frozen", [False, True])
def test_dataclasses_functions_work_on_records(frozen):
    ours, std = _pair(BODY, frozen)
    x, y = ours(1, {"k": [1]}), std(1, {"k": [1]})
    assert dataclasses.is_dataclass(ours) and dataclasses.is_dataclass(x)
    fo, fs = dataclasses.fields(x), dataclasses.fields(y)
    assert [(f.name, f.type, f.default, f.default_factory, f.repr, f.compare, f.init) for f in fo] == \
           [(f.name, f.type, f.default, f.default_factory, f.repr, f.compare, f.init) for f in fs]
    assert ours.__dataclass_params__.frozen == std.__dataclass_params__.frozen == frozen
    assert dataclasses.asdict(x) == dataclasses.asdict(y)
    assert dataclasses.astuple(x) == dataclasses.astuple(y)
    for replace in (dataclasses.replace, records.replace):
        r = replace(x, c=9)
        assert type(r) is ours and vars(r) == dict(vars(x), c=9)
    assert records.replace(y, c=9) == dataclasses.replace(y, c=9)  # a standard one: handed over
    assert _error(lambda: records.replace(x, nope=1))[0] is TypeError
    assert copy.deepcopy(x) == x and copy.copy(x) == x


def test_pickle_round_trip():
    x = PickledFrozen(1, [2])
    assert pickle.loads(pickle.dumps(x)) == x


@records.dataclass(frozen=True)
class PickledFrozen:
    a: int
    b: list = records.field(default_factory=list)


@pytest.mark.parametrize("hot", [False, True])
def test_post_init_runs_after_the_fields_are_set(hot):
    seen = []
    body = _body(("a", M), ("b", 2), __post_init__=lambda self: seen.append((self.a, self.b)))
    ours, std = _pair(body, frozen=True)
    for _ in range(records._HOT if hot else 0):
        ours(0)
    seen.clear()
    ours(1)
    std(1)
    assert seen == [(1, 2), (1, 2)]


def test_class_definition_errors_match():
    bad_default = _body(("a", []))
    assert _error(lambda: _pair(bad_default)[0]) is not None
    assert _error(lambda: records.dataclass(type("Rec", (), bad_default))) == \
           _error(lambda: dataclasses.dataclass(type("Rec", (), _body(("a", [])))))
    order = _body(("a", 1), ("b", M))
    assert _error(lambda: records.dataclass(type("Rec", (), dict(order))))[0] is TypeError
    assert _error(lambda: dataclasses.dataclass(type("Rec", (), dict(order))))[0] is TypeError
    assert _error(lambda: records.field(default=1, default_factory=list)) == \
           _error(lambda: dataclasses.field(default=1, default_factory=list))


@pytest.mark.parametrize("make", [
    lambda: records.dataclass(order=True)(type("R", (), _body(("a", M)))),  # another option
    lambda: records.dataclass(type("R", (), _body(("a", M), ("b", records.field(default=0, init=False))))),
    lambda: records.dataclass(type("R", (), {"__annotations__": {"a": "int", "k": "typing.ClassVar[int]"},
                                             "k": 3, "__module__": __name__})),
    lambda: records.dataclass(type("R", (PickledFrozen,), _body(("c", 0))), frozen=True),  # inherits fields
    lambda: records.dataclass(type("R", (), _body(("a", M), __repr__=lambda self: "mine"))),
])
def test_what_it_does_not_model_goes_to_the_standard_decorator(make):
    cls = make()
    assert "__rocmdoctor_record__" not in vars(cls)
    assert "__dataclass_fields__" in vars(cls) and isinstance(vars(cls)["__dataclass_fields__"], dict)


def _package_dataclasses():
    for info in pkgutil.walk_packages(rocmdoctor.__path__, "rocmdoctor."):
        if info.name.endswith("__main__") or ".childprobes" in info.name:
            continue
        importlib.import_module(info.name)
    for name, mod in sorted(sys.modules.items()):
        if name.startswith("rocmdoctor."):
            for obj in vars(mod).values():
                if isinstance(obj, type) and obj.__module__ == name and "__rocmdoctor_record__" in vars(obj):
                    yield obj


def test_every_record_in_the_package_matches_its_standard_twin():
    """Each class the package defines with records.dataclass, rebuilt with the standard
    decorator from the same source: the same fields, options and generated behaviour."""
    seen = 0
    for cls in _package_dataclasses():
        t = cls.__rocmdoctor_record__
        body = {"__annotations__": dict(cls.__annotations__), "__module__": cls.__module__}
        body.update((n, s.standard()) for n, s in t.specs.items())
        twin = dataclasses.dataclass(type(cls.__name__, (), body), frozen=t.frozen)
        assert [(f.name, f.type, f.default, f.default_factory, f.repr, f.compare)
                for f in dataclasses.fields(cls)] == \
               [(f.name, f.type, f.default, f.default_factory, f.repr, f.compare)
                for f in dataclasses.fields(twin)], cls
        assert cls.__dataclass_params__.frozen == twin.__dataclass_params__.frozen
        assert cls.__match_args__ == twin.__match_args__
        assert (cls.__hash__ is None) == (twin.__hash__ is None), cls
        seen += 1
    assert seen >= 100  # the model, facts, parsers, knowledge tables, ...


_values = st.one_of(st.none(), st.integers(), st.text(max_size=5), st.tuples(st.integers()))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 6), n_default=st.integers(0, 6), frozen=st.booleans(),
       hidden=st.sets(st.integers(0, 5)), values=st.lists(_values, min_size=12, max_size=12))
def test_random_classes_behave_as_standard_ones(n, n_default, frozen, hidden, values):
    n_default = min(n_default, n)
    fields = []
    for i in range(n):
        spec = M if i < n - n_default else values[6 + i]
        if i in hidden:
            spec = records.field(repr=False, compare=False) if spec is M else \
                records.field(default=spec, repr=False, compare=False)
        fields.append((f"f{i}", spec))
    ours, std = _pair(_body(*fields), frozen)
    args = values[: n - n_default]
    x, y, x2, y2 = ours(*args), std(*args), ours(*values[:n]), std(*values[:n])
    assert repr(x) == repr(y) and repr(x2) == repr(y2)
    assert (x == x2) == (y == y2)
    if frozen:
        assert (hash(x) == hash(x2)) == (hash(y) == hash(y2))
    assert dataclasses.asdict(x2) == dataclasses.asdict(y2)
