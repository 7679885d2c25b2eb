"""urnum from Python: the bits Urbit's numerics Hoon computes (Lagoon arrays,
Saloon, /lib/math), on numpy arrays, without a ship.

Doors carry their rounding mode as the Hoon's do: ``la`` is Lagoon's bare
door (``%z``), ``lake("n")`` is ``(lake %n)``; ``sa`` is Saloon's bare door
(``%n``), ``sake("n", rtol)`` is ``(sake %n rtol)``; ``math`` is /lib/math's
bare doors (``%z``), ``Math("n")`` rounds to nearest and picks ``rh rs rd``
from the dtype (``rq`` from a ``Ray`` of bloq 7). Arms are methods named as
the Hoon arms, ``-`` written ``_`` (``la.sum_dim(a, 0)``).

An arm given numpy arrays returns numpy arrays; given ``Ray`` values it
returns ``Ray`` values. ``str`` and ``repr`` of a ``Ray`` are the dojo's text.

    >>> import numpy as np, urnum
    >>> a = np.array([[1, 2], [3, 4]], dtype=np.float32)
    >>> urnum.la.mmul(a, a)
    array([[ 7., 10.],
           [15., 22.]], dtype=float32)
    >>> print(urnum.Ray(np.array([1.0, 2.0], dtype=np.float32)))
    [meta=[shape=~[2] bloq=5 kind=%i754 tail=0] data=0x1.4000.0000.3f80.0000]

Errors are ``UrnumError``s: ``Crash`` where the Hoon crashes (the message
names the arm and the operands' shapes or kinds), ``Unsupported`` where
urnum declines an input, ``ArgumentError`` for arguments that do not fit an
arm's sample.
"""

from __future__ import annotations

import difflib
import json
import os

import numpy as np

from . import _native
from ._native import ArgumentError, Crash, Unsupported, UrnumError

__all__ = [
    "Ray",
    "Lagoon",
    "Saloon",
    "Math",
    "la",
    "sa",
    "math",
    "lake",
    "sake",
    "arms",
    "check",
    "check_record",
    "eval",
    "UrnumError",
    "Crash",
    "Unsupported",
    "ArgumentError",
]

# The element kind and bloq of each numpy dtype a ray is made from.
# Each kind's dtypes run up from its least bloq, one bloq a step.
_OF_DTYPE = {
    np.dtype(t): (kind, least + i)
    for kind, least, types in (
        ("i754", 4, (np.float16, np.float32, np.float64)),
        ("uint", 3, (np.uint8, np.uint16, np.uint32, np.uint64)),
        ("int2", 3, (np.int8, np.int16, np.int32, np.int64)),
        ("cplx", 6, (np.complex64, np.complex128)),
    )
    for i, t in enumerate(types)
}

_UINT = {3: np.uint8, 4: np.uint16, 5: np.uint32, 6: np.uint64}


def _elem_bytes(bloq: int) -> int:
    return 1 if bloq <= 3 else 1 << (bloq - 3)


def _dtype_of(kind: str, bloq: int):
    """The numpy dtype that holds elements of `kind` at `bloq` exactly, or
    None (then elements are Python ints holding their bits)."""
    for dt, kb in _OF_DTYPE.items():
        if kb == (kind, bloq):
            return dt
    if kind in ("uint", "unum", "fixp") and bloq <= 6:
        return np.dtype(_UINT[max(bloq, 3)])
    if kind == "int2" and bloq <= 3:
        return np.dtype(np.uint8)
    return None


def _native_ray(x, kind=None, bloq=None, tail=None):
    """The native ray of `x`: a Ray, or anything numpy makes an array of."""
    if isinstance(x, Ray):
        return x._r
    if isinstance(x, _native.Ray):
        return x
    a = np.asarray(x)
    if kind is None:
        if a.dtype not in _OF_DTYPE:
            raise ArgumentError(
                f"a {a.dtype} array has no Lagoon kind: pass kind= and bloq= "
                "(float16/32/64, uint8..64, int8..64, complex64/128 have one)"
            )
        kind, bloq = _OF_DTYPE[a.dtype]
    elif bloq is None:
        if a.dtype == object:
            raise ArgumentError(f"an array of Python ints needs bloq= for kind {kind}")
        bloq = (a.dtype.itemsize * 8).bit_length() - 1
    w = _elem_bytes(bloq)
    if a.dtype == object or (a.dtype.kind in "iu" and a.dtype.itemsize != w):
        data = b"".join(int(v).to_bytes(w, "little") for v in a.ravel())
    else:
        if a.dtype.itemsize != w:
            raise ArgumentError(
                f"{a.dtype} elements are {a.dtype.itemsize} bytes; bloq {bloq} needs {w}"
            )
        data = np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<"), copy=False).tobytes()
    return _native.Ray.from_elements(data, list(a.shape), kind, bloq, tail)


def _native_field(name, doc):
    """A read-only property: the field ``name`` of the native ray."""
    return property(lambda self: getattr(self._r, name), doc=doc)


def _to_numpy(r):
    """The elements of the native ray `r` as a numpy array of its shape."""
    data = r.elements()
    dt = _dtype_of(r.kind, r.bloq)
    if dt is None:
        w = _elem_bytes(r.bloq)
        vals = [int.from_bytes(data[i : i + w], "little") for i in range(0, len(data), w)]
        if r.kind == "int2":
            top = 1 << ((1 << r.bloq) - 1)
            vals = [v - 2 * top if v >= top else v for v in vals]
        out = np.empty(len(vals), dtype=object)
        out[:] = vals
    else:
        out = np.frombuffer(data, dtype=dt.newbyteorder("<")).astype(dt)
    return out.reshape(r.shape)


class Ray:
    """A Lagoon ray: shape, bloq, kind (and ``%fixp`` tail) and its elements.

    ``Ray(array)`` takes the kind and bloq from the dtype (float16/32/64 are
    ``%i754`` at bloq 4/5/6, uint8..64 ``%uint``, int8..64 ``%int2``,
    complex64/128 ``%cplx`` at bloq 6/7). ``Ray(bits, kind=, bloq=, tail=)``
    makes any other ray from the elements' bits: unsigned ints, or Python
    ints (an object array) for bloq 7 and above, e.g. ``@rq``.
    """

    __slots__ = ("_r",)

    def __init__(self, x, kind=None, bloq=None, tail=None):
        self._r = _native_ray(x, kind, bloq, tail)

    @classmethod
    def _of(cls, r):
        out = cls.__new__(cls)
        out._r = r
        return out

    @property
    def shape(self):
        """The shape, outermost dimension first."""
        return tuple(self._r.shape)

    kind = _native_field("kind", "The element kind (``i754`` ``uint`` ``int2`` ``unum`` ``cplx`` ``fixp``).")
    bloq = _native_field("bloq", "Each element is ``2**bloq`` bits.")
    tail = _native_field("tail", "The ``%fixp`` precision ``(a, b)``, else None.")
    data = _native_field("data", "The data atom (the elements under their pin bit) as an int.")

    def numpy(self):
        """The elements as a numpy array of the ray's shape: floats, ints or
        complex numbers where a dtype holds them exactly, the unsigned bits
        for posits and fixed point, Python ints for bloq 7 and above."""
        return _to_numpy(self._r)

    def bits(self):
        """The elements' bits as unsigned ints (Python ints from bloq 7 on)."""
        data = self._r.elements()
        w = _elem_bytes(self.bloq)
        if w <= 8:
            return np.frombuffer(data, dtype=np.dtype(_UINT[max(self.bloq, 3)]).newbyteorder("<")).astype(
                _UINT[max(self.bloq, 3)]
            ).reshape(self.shape)
        out = np.empty(len(data) // w, dtype=object)
        out[:] = [int.from_bytes(data[i : i + w], "little") for i in range(0, len(data), w)]
        return out.reshape(self.shape)

    def __array__(self, dtype=None, copy=None):
        a = self.numpy()
        return a if dtype is None else a.astype(dtype)

    def matrix(self):
        """The elements as a matrix, each as the dojo prints its scalar."""
        return self._r.matrix()

    def __str__(self):
        return str(self._r)

    def __repr__(self):
        return repr(self._r)

    def __eq__(self, other):
        return isinstance(other, Ray) and self._r == other._r

    def __hash__(self):
        return hash((self.shape, self.kind, self.bloq, self.data))


def _catalogue(library):
    return {name: params for name, params in _native.arms(library)}


_LA = _catalogue("la")
_SA = _catalogue("sa")
_MATH = _catalogue("math")


def arms(library="la"):
    """The arms of ``la``, ``sa`` or ``math`` with their samples' parts."""
    return dict(_catalogue(library))


def _missing(door, name, names):
    near = difflib.get_close_matches(name, names, n=3)
    hint = f"; the nearest: {' '.join(near)}" if near else ""
    return AttributeError(f"{door} has no arm {name}{hint}")


def _atom(x, like):
    """The bits of an atom argument: an int as given, a numpy scalar's bits,
    a Python float or complex in the dtype of the ray `like`."""
    if isinstance(x, (bool, np.bool_)):
        raise ArgumentError("an atom argument is an int or a number, not a bool")
    if isinstance(x, int):
        return x
    if isinstance(x, np.generic):
        return int.from_bytes(_native_ray(np.asarray(x).reshape(1)).elements(), "little")
    if isinstance(x, (float, complex)):
        dt = _dtype_of(like.kind, like.bloq) if like is not None else None
        if dt is None or dt.kind not in "fc":
            raise ArgumentError(
                f"a Python {type(x).__name__} has no width here: pass an int of its bits "
                "or a numpy scalar"
            )
        return int.from_bytes(_native_ray(np.array([x], dtype=dt)).elements(), "little")
    return x


def _call(native_call, name, params, args):
    """Runs `native_call` on `args` made native as `params` say; results are
    numpy arrays when a ray argument was not a Ray."""
    if len(args) != len(params):
        raise ArgumentError(
            f"{name} takes {len(params)} argument(s) ({', '.join(params)}), {len(args)} given"
        )
    native, to_numpy, first = [], False, None
    for p, x in zip(params, args):
        if p == "ray":
            if not isinstance(x, (Ray, _native.Ray)):
                to_numpy = True
            r = _native_ray(x)
            first = first or r
            native.append(r)
        elif p == "atom":
            native.append(_atom(x, first))
        elif p.startswith("meta") and isinstance(x, (Ray, _native.Ray)):
            r = x._r if isinstance(x, Ray) else x
            native.append((list(r.shape), r.bloq, r.kind, r.tail))
        elif p.startswith("meta"):
            native.append(tuple(x))
        elif p.startswith(("shape", "index", "values")):
            native.append([int(v) for v in x])
        else:
            native.append(x)
    out = native_call(native)

    def wrap(v):
        if isinstance(v, _native.Ray):
            return _to_numpy(v) if to_numpy else Ray._of(v)
        if isinstance(v, tuple):
            return tuple(wrap(i) for i in v)
        return v

    return wrap(out)


class _Door:
    """A door whose catalogued arms are methods: ``_arms`` is its catalogue,
    ``_library`` names it in docstrings, ``_door()`` is its Hoon text and
    ``_run(name, args)`` runs one arm."""

    _arms = {}
    _library = ""

    def __getattr__(self, attr):
        name = attr.replace("_", "-")
        if name not in self._arms:
            raise _missing(self._door(), name, self._arms)
        params = self._arms[name]

        def arm(*args):
            return _call(lambda a: self._run(name, a), name, params, args)

        arm.__name__ = attr
        arm.__doc__ = f"{self._library}'s +{name} under {self._door()}: {', '.join(params)}."
        return arm

    def __dir__(self):
        return sorted(n.replace("-", "_") for n in self._arms)


class Lagoon(_Door):
    """Lagoon's door ``(lake mode)``: every catalogued arm as a method."""

    _arms = _LA
    _library = "Lagoon"

    def __init__(self, mode="z"):
        self.mode = mode

    def _door(self):
        return f"(lake %{self.mode})"

    def _run(self, name, args):
        return _native.la_call(self.mode, name, args)

    def __repr__(self):
        return f"urnum.Lagoon({self.mode!r})"


class Saloon(_Door):
    """Saloon's door ``(sake mode rtol)`` with work bounds ``limits``
    (``"none"``, the default, or ``"jet"``, vere's): every catalogued arm as a
    method; a tuple product (``eig``'s ``[vals vecs]``) is a tuple."""

    _arms = _SA
    _library = "Saloon"

    def __init__(self, mode="n", rtol=None, limits=None):
        self.mode, self.rtol, self.limits = mode, rtol, limits

    def _door(self):
        return f"(sake %{self.mode})"

    def _run(self, name, args):
        return _native.sa_call(self.mode, name, args, self.rtol, self.limits)

    def __repr__(self):
        return f"urnum.Saloon({self.mode!r}, rtol={self.rtol!r}, limits={self.limits!r})"


class Math:
    """/lib/math's doors ``~(. r? [mode rtol atol])`` element by element on
    arrays: float16/32/64 arrays pick ``rh rs rd``, a ``Ray`` of ``%i754`` at
    bloq 7 picks ``rq``. Operands broadcast as numpy's do; a flag product
    (``lth``, ``is-close``) is a bool array, True for ``%.y``."""

    def __init__(self, mode="z", rtol=None, atol=None):
        self.mode, self.rtol, self.atol = mode, rtol, atol

    def __getattr__(self, attr):
        name = attr.replace("_", "-")
        if name not in _MATH:
            raise _missing("/lib/math", name, _MATH)

        def arm(*xs):
            return self._run(name, xs)

        arm.__name__ = attr
        arm.__doc__ = f"/lib/math's +{name} under %{self.mode}, element by element."
        return arm

    def _run(self, name, xs):
        rays = [x for x in xs if isinstance(x, (Ray, _native.Ray))]
        if rays:
            rs = [_native_ray(x) for x in xs]
            if any((r.kind, r.bloq, r.shape) != (rs[0].kind, rs[0].bloq, rs[0].shape) for r in rs):
                raise ArgumentError(f"{name}: the operands' shapes, kinds or bloqs differ")
            if rs[0].kind != "i754":
                raise ArgumentError(f"{name}: /lib/math takes %i754, not %{rs[0].kind}")
            bloq, shape = rs[0].bloq, rs[0].shape
            data, flag = _native.math_call(
                bloq, self.mode, name, [r.elements() for r in rs], self.rtol, self.atol
            )
            if flag:
                return np.frombuffer(data, dtype=np.uint8).astype(bool).reshape(shape)
            return Ray._of(_native.Ray.from_elements(data, list(shape), "i754", bloq))
        arrs = np.broadcast_arrays(*[np.asarray(x) for x in xs]) if xs else []
        dts = {a.dtype for a in arrs}
        if len(dts) > 1:
            raise ArgumentError(f"{name}: the operands' dtypes differ ({', '.join(map(str, dts))})")
        dt = dts.pop() if dts else np.dtype(np.float64)
        if _OF_DTYPE.get(dt, ("", 0))[0] != "i754":
            raise ArgumentError(f"{name}: /lib/math takes float16, float32 or float64, not {dt}")
        bloq = _OF_DTYPE[dt][1]
        shape = arrs[0].shape if arrs else ()
        data, flag = _native.math_call(
            bloq,
            self.mode,
            name,
            [np.ascontiguousarray(a).astype(dt.newbyteorder("<")).tobytes() for a in arrs],
            self.rtol,
            self.atol,
        )
        out = np.frombuffer(data, dtype=np.uint8 if flag else dt.newbyteorder("<"))
        out = (out.astype(bool) if flag else out.astype(dt)).reshape(shape)
        return out[()] if out.ndim == 0 else out

    def __dir__(self):
        return sorted(n.replace("-", "_") for n in _MATH)

    def __repr__(self):
        return f"urnum.Math({self.mode!r})"


def lake(mode):
    """Lagoon's ``(lake mode)``."""
    return Lagoon(mode)


def sake(mode, rtol=None, limits=None):
    """Saloon's ``(sake mode rtol)``."""
    return Saloon(mode, rtol, limits)


#: Lagoon's bare door ``la``: ``%z``.
la = Lagoon("z")
#: Saloon's bare door ``sa``: ``%n``, ``rtol = 0x1``.
sa = Saloon("n")
#: /lib/math's bare doors ``rh rs rd rq``: ``%z``.
math = Math("z")


def check(paths, filter=None):
    """``urnum check`` over vector files or directories: a dict of the counts
    ``passed``, ``failed``, ``unsupported`` and ``results``, one
    ``(id, arm, verdict, detail)`` per vector that did not pass."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    return _native.check([os.fspath(p) for p in paths], filter)


def check_record(record):
    """One vector (a JSON line or its dict) judged as ``urnum check`` judges
    it: ``(verdict, detail)``, the verdict ``passed``, ``failed``,
    ``unsupported`` or ``divergent``."""
    if not isinstance(record, str):
        record = json.dumps(record)
    return _native.check_record(record)


def eval(text):
    """``urnum eval``: the dojo's text of the Hoon expression ``text``.
    Raises ``Crash`` where the Hoon fails (the message is the dojo's),
    ``ArgumentError`` for a syntax error, ``Unsupported`` where urnum does
    not evaluate the expression."""
    status, out = _native.eval(text)
    if status == 0:
        return out
    raise {1: Crash, 2: ArgumentError}.get(status, Unsupported)(out)
