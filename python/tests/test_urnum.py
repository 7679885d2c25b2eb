"""pytest suite of the urnum Python package: the Hoon's bits through numpy.

Run from anywhere after `pip install ./python`: `pytest python/tests`.
The golden vectors are read from the repository's `vectors/` (or the
directory in `URNUM_VECTORS`).
"""

import json
import os
from pathlib import Path

import numpy as np
import pytest

import urnum

VECTORS = Path(os.environ.get("URNUM_VECTORS", Path(__file__).resolve().parents[2] / "vectors"))

FLOAT = {4: np.float16, 5: np.float32, 6: np.float64}
UINT = {3: np.uint8, 4: np.uint16, 5: np.uint32, 6: np.uint64}


def records(pred):
    """The vectors of every file in VECTORS for which `pred` holds."""
    out = []
    for f in sorted(VECTORS.glob("*.jsonl")):
        for line in f.read_text().splitlines():
            if line.strip():
                v = json.loads(line)
                if pred(v):
                    out.append(v)
    return out


def is_literal_ray(a):
    return isinstance(a, dict) and "ray" in a and "elems_hex" in a["ray"]


def mmul_z(v):
    return (
        v.get("arm") == "mmul:la"
        and v.get("compare") == "exact"
        and v.get("rounding_effective") == "z"
        and len(v.get("args", [])) == 2
        and all(is_literal_ray(a) for a in v["args"])
        and is_literal_ray(v.get("expected"))
        and not v.get("post")
    )


def tail_of(r):
    t = r.get("tail", {})
    if t.get("null"):
        return None
    a, b = t["tuple"]
    return (int(a["atom"], 16), int(b["atom"], 16))


def operand(r):
    """The vector's ray: a numpy array where a dtype holds it (so the
    numpy path is what is tested), else a urnum.Ray from the bits."""
    bits = [int(h, 16) for h in r["elems_hex"]]
    kind, bloq, shape = r["kind"], r["bloq"], tuple(r["shape"])
    if kind == "i754" and bloq in FLOAT:
        return np.array(bits, dtype=UINT[bloq]).view(FLOAT[bloq]).reshape(shape)
    if kind == "uint" and bloq in UINT:
        return np.array(bits, dtype=UINT[bloq]).reshape(shape)
    arr = np.empty(len(bits), dtype=object)
    arr[:] = bits
    return urnum.Ray(arr.reshape(shape), kind=kind, bloq=bloq, tail=tail_of(r))


def result_bits(x, bloq):
    """The elements' bits of a result, numpy array or Ray, as Python ints."""
    if isinstance(x, urnum.Ray):
        return [int(b) for b in x.bits().ravel()]
    return [int(b) for b in x.view(UINT[max(bloq, 3)]).ravel()]


MMUL = records(mmul_z)


def test_the_vectors_hold_mmul_records_in_z_at_every_ieee_bloq():
    bloqs = {v["args"][0]["ray"]["bloq"] for v in MMUL if v["args"][0]["ray"]["kind"] == "i754"}
    assert bloqs == {4, 5, 6, 7}, bloqs
    assert len(MMUL) >= 20


@pytest.mark.parametrize("v", MMUL, ids=[v["id"] for v in MMUL])
def test_mmul_in_z_is_bit_for_bit_the_vectors(v):
    a, b = (operand(x["ray"]) for x in v["args"])
    door = urnum.la if v["rounding"] == "default" else urnum.lake(v["rounding_effective"])
    out = door.mmul(a, b)
    want = v["expected"]["ray"]
    assert tuple(out.shape) == tuple(want["shape"])
    assert result_bits(out, want["bloq"]) == [int(h, 16) for h in want["elems_hex"]]
    # The whole ray too: its meta and its data atom (pin included).
    r = out if isinstance(out, urnum.Ray) else urnum.Ray(out)
    assert (r.kind, r.bloq) == (want["kind"], want["bloq"])
    assert r.data == int(want["data_hex"], 16)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_numpy_floats_round_trip_bit_exact(dtype):
    u = UINT[{np.float16: 4, np.float32: 5, np.float64: 6}[dtype]]
    info = np.finfo(dtype)
    xs = np.array(
        [0.0, -0.0, 1.0, -1.5, info.max, -info.max, info.tiny, info.smallest_subnormal, np.inf, -np.inf],
        dtype=dtype,
    )
    # Two NaNs with payloads: moving bits keeps them.
    nans = (np.array([np.nan, np.nan], dtype=dtype).view(u) | np.array([1, 3], dtype=u)).view(dtype)
    xs = np.concatenate([xs, nans]).reshape(3, 4)
    r = urnum.Ray(xs)
    assert (r.kind, r.bloq, r.shape) == ("i754", {np.float16: 4, np.float32: 5, np.float64: 6}[dtype], (3, 4))
    back = r.numpy()
    assert back.dtype == dtype
    assert np.array_equal(back.view(u), xs.view(u))
    assert np.array_equal(np.asarray(r).view(u), xs.view(u))
    # And through an arm that moves bits only.
    t = urnum.la.transpose(xs)
    assert np.array_equal(t.view(u), xs.T.copy().view(u))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_lib_math_add_to_nearest_is_ieee_addition(dtype):
    rng = np.random.default_rng(7)
    a = rng.standard_normal(200).astype(dtype)
    b = (rng.standard_normal(200) * 1e-3).astype(dtype)
    got = urnum.Math("n").add(a, b)
    assert got.dtype == dtype
    assert np.array_equal(got, a + b)
    # %z rounds toward zero: never larger in magnitude than to nearest.
    z = urnum.math.add(a, b)
    assert np.all(np.abs(z) <= np.abs(a + b))


def test_lib_math_at_rq_through_a_ray():
    one = 0x3FFF_0000_0000_0000_0000_0000_0000_0000  # 1.0 as @rq
    arr = np.empty(2, dtype=object)
    arr[:] = [one, one]
    r = urnum.Ray(arr, kind="i754", bloq=7)
    two = urnum.Math("n").add(r, r)
    assert [int(b) for b in two.bits()] == [0x4000 << 112] * 2
    assert str(two) == str(urnum.Ray(two.bits(), kind="i754", bloq=7))
    assert urnum.Math("n").lth(r, two).tolist() == [True, True]


def test_the_mode_is_the_doors():
    a = np.array([1.0, 2.0], dtype=np.float32)
    b = np.array([1e-8, 1e-8], dtype=np.float32)
    assert urnum.lake("n").add(a, b).tolist() == [1.0, 2.0]
    assert urnum.lake("u").add(a, b).tolist() == [np.float32(1.0000001), np.float32(2.0000002)]


def test_str_and_repr_are_the_dojos():
    r = urnum.Ray(np.array([1.0, 2.0], dtype=np.float32))
    text = "[meta=[shape=~[2] bloq=5 kind=%i754 tail=0] data=0x1.4000.0000.3f80.0000]"
    assert str(r) == text and repr(r) == text
    # The same printer as `urnum eval`.
    ones = urnum.la.ones(((2, 2), 5, "i754"))
    assert str(ones) == urnum.eval("(ones:la [~[2 2] 5 %i754 ~])")
    assert r.matrix() == ".1 .2"


def test_kinds_beyond_floats():
    u = urnum.la.add(np.array([250, 3], dtype=np.uint8), np.array([10, 4], dtype=np.uint8))
    assert u.dtype == np.uint8
    i = urnum.la.sub(np.array([1, -5], dtype=np.int32), np.array([3, 2], dtype=np.int32))
    assert i.tolist() == [-2, -7]
    c = urnum.la.mul(np.array([1 + 2j], dtype=np.complex64), np.array([1 - 1j], dtype=np.complex64))
    assert c.tolist() == [3 + 1j]
    assert urnum.la.argmax(np.array([1.0, 7.0, 3.0])) == 1
    s = urnum.la.sum_dim(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32), 0)
    assert s.tolist() == [4.0, 6.0]


def test_saloon_arms():
    a = np.array([[2.0, 0.0], [0.0, 3.0]])
    vals, vecs = urnum.sa.eig(a)
    assert vals.tolist() == [2.0, 3.0] and vecs.shape == (2, 2)
    q, r = urnum.sa.qr(np.array([[3.0, 0.0], [4.0, 5.0]]))
    assert q.shape == r.shape == (2, 2)
    x = urnum.sa.lstsq(np.array([[1.0, 0.0], [0.0, 2.0], [0.0, 0.0]]), np.array([1.0, 4.0, 0.0]))
    assert np.allclose(x, [1.0, 2.0], rtol=1e-15)
    assert urnum.sa.exp(np.array([0.0], dtype=np.float32)).tolist() == [1.0]


def test_check_runs_a_vector_file_and_one_record():
    report = urnum.check(VECTORS / "lagoon-linalg.jsonl")
    assert report["failed"] == 0 and report["passed"] > 0
    v = MMUL[0]
    assert urnum.check_record(v) == ("passed", None)
    bad = json.loads(json.dumps(v))
    bad["expected"]["ray"]["data_hex"] = hex(int(bad["expected"]["ray"]["data_hex"], 16) ^ 1)
    bad["expected"]["ray"]["elems_hex"][0] = hex(int(bad["expected"]["ray"]["elems_hex"][0], 16) ^ 1)
    verdict, detail = urnum.check_record(bad)
    assert verdict == "failed" and detail


def test_eval():
    # Both sample forms, and the bits /lib/math gives on arrays (bare rs: %z).
    one_cell = urnum.eval("(add:rs:math [.0.1 .0.2])")
    assert one_cell == urnum.eval("(add:rs:math .0.1 .0.2)")
    z = urnum.math.add(np.float32(0.1), np.float32(0.2))
    assert one_cell == urnum.Ray(np.array([z])).matrix()


# One error case per exception class.


def test_crash_names_the_operands_shapes():
    with pytest.raises(urnum.Crash, match=r"mmul.*~\[2 3\].*~\[2 3\]"):
        urnum.la.mmul(np.ones((2, 3)), np.ones((2, 3)))


def test_unsupported_is_its_own_class():
    # vere's bounds refuse a 272 x 272 +qr from its shape, before any work.
    with pytest.raises(urnum.Unsupported):
        urnum.Saloon("n", limits="jet").qr(np.ones((272, 272)))


def test_argument_errors():
    with pytest.raises(urnum.ArgumentError, match="takes 2"):
        urnum.la.add(np.ones(2))
    with pytest.raises(urnum.ArgumentError, match="no Lagoon kind"):
        urnum.Ray(np.array(["a"]))
    with pytest.raises(urnum.ArgumentError):
        urnum.lake("x").add(np.ones(2), np.ones(2))


def test_all_are_urnum_errors_and_unknown_arms_name_the_nearest():
    for cls in (urnum.Crash, urnum.Unsupported, urnum.ArgumentError):
        assert issubclass(cls, urnum.UrnumError)
    with pytest.raises(urnum.Crash, match="find"):
        urnum.eval("(sum:la 1)")
    with pytest.raises(AttributeError, match="cumsum"):
        urnum.la.cumsun
