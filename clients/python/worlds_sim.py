"""A Gymnasium-style client of a Programmable Worlds simulation runner.

Start a runner next to your trainer (``npm run worlds -- sim serve --world FILE``), then::

    from worlds_sim import Env
    env = Env("http://127.0.0.1:8765", seed=0)
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

Observations are dicts of numpy arrays with the shapes and dtypes ``GET /spec`` gives;
``observation_space`` and ``action_space`` are built from it. ``Env`` subclasses
``gymnasium.Env`` (and its spaces are Gymnasium's) when gymnasium is installed, and works the
same without it. Only the standard library and numpy are needed.
"""

from __future__ import annotations

import base64
import http.client
import json
import urllib.parse
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

try:  # Gymnasium is optional.
    import gymnasium as _gym
    from gymnasium import spaces as _gym_spaces
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None
    _gym_spaces = None

__all__ = ["Env", "Runner", "RunnerError", "spaces_from_spec", "HAS_GYMNASIUM"]

HAS_GYMNASIUM = _gym is not None


class RunnerError(Exception):
    """The runner refused a request: its HTTP status, ``code``, ``detail`` and ``errors``."""

    def __init__(self, status: int, code: str, detail: str, errors: Optional[List[str]] = None):
        self.status, self.code, self.detail, self.errors = status, code, detail, list(errors or [])
        super().__init__(f"{status} {code}: {detail}" + (f" ({'; '.join(self.errors)})" if self.errors else ""))


class Runner:
    """JSON over one kept-alive HTTP connection to a runner (reconnects when it drops)."""

    def __init__(self, url: str = "http://127.0.0.1:8765", timeout: float = 30.0):
        parsed = urllib.parse.urlsplit(url)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ValueError(f"not an http(s) URL: {url!r}")
        self._https = parsed.scheme == "https"
        self._host, self._port = parsed.hostname, parsed.port
        self._prefix = parsed.path.rstrip("/")
        self._timeout = timeout
        self._conn: Optional[http.client.HTTPConnection] = None

    def _connect(self) -> http.client.HTTPConnection:
        if self._conn is None:
            cls = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
            self._conn = cls(self._host, self._port, timeout=self._timeout)
        return self._conn

    def call(self, method: str, path: str, body: Any = None) -> Dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json"} if data is not None else {}
        for attempt in (0, 1):
            conn = self._connect()
            try:
                conn.request(method, self._prefix + path, body=data, headers=headers)
                res = conn.getresponse()
                raw = res.read()
                break
            except (ConnectionError, http.client.HTTPException):
                # A kept-alive connection the runner closed: once more on a fresh one.
                self.close()
                if attempt == 1:
                    raise
        try:
            parsed = json.loads(raw) if raw else {}
        except ValueError:
            parsed = {"detail": raw.decode(errors="replace")}
        if res.status >= 400:
            raise RunnerError(res.status, str(parsed.get("code", "error")), str(parsed.get("detail", "")), parsed.get("errors"))
        return parsed

    def spec(self) -> Dict[str, Any]:
        return self.call("GET", "/spec")

    def create_env(self, seed: Optional[int] = None, camera: Optional[int] = None, jitter: Optional[bool] = None) -> str:
        body = {k: v for k, v in (("seed", seed), ("camera", camera), ("jitter", jitter)) if v is not None}
        return self.call("POST", "/envs", body)["envId"]

    def step_many(self, steps: Sequence[Tuple[str, int]]) -> List[Dict[str, Any]]:
        """One request stepping many environments: ``[(env_id, action), ...]`` -> raw results, same order."""
        body = {"steps": [{"envId": env_id, "action": int(action)} for env_id, action in steps]}
        return self.call("POST", "/envs/step", body)["results"]

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


# Spaces: Gymnasium's when it is installed, else small stand-ins with the same attributes.
class _Space:
    def __init__(self, shape: Tuple[int, ...], dtype: Any):
        self.shape, self.dtype = tuple(shape), np.dtype(dtype)
        self.np_random = np.random.default_rng()

    def seed(self, seed: Optional[int] = None) -> None:
        self.np_random = np.random.default_rng(seed)


class Box(_Space):
    def __init__(self, low: float, high: float, shape: Sequence[int], dtype: Any):
        super().__init__(tuple(shape), dtype)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self) -> np.ndarray:
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high, endpoint=True).astype(self.dtype)
        return self.np_random.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))


class Discrete(_Space):
    def __init__(self, n: int, dtype: Any = np.int64):
        super().__init__((), dtype)
        self.n = int(n)

    def sample(self) -> Any:
        return self.dtype.type(self.np_random.integers(self.n))

    def contains(self, x: Any) -> bool:
        x = np.asarray(x)
        return x.shape == () and np.issubdtype(x.dtype, np.integer) and 0 <= int(x) < self.n


class MultiBinary(_Space):
    def __init__(self, n: int):
        super().__init__((int(n),), np.uint8)
        self.n = int(n)

    def sample(self) -> np.ndarray:
        return self.np_random.integers(0, 2, self.shape).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all((x == 0) | (x == 1)))


class Dict_(_Space):
    def __init__(self, spaces: Dict[str, _Space]):
        super().__init__((), np.object_)
        self.spaces = spaces

    def __getitem__(self, key: str) -> _Space:
        return self.spaces[key]

    def sample(self) -> Dict[str, Any]:
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(s.contains(x[k]) for k, s in self.spaces.items())

    def seed(self, seed: Optional[int] = None) -> None:
        for i, s in enumerate(self.spaces.values()):
            s.seed(None if seed is None else seed + i)


def _space(desc: Dict[str, Any]) -> Any:
    kind, dtype = desc["type"], np.dtype(desc.get("dtype", "float32"))
    if kind == "Box":
        return _gym_spaces.Box(desc["low"], desc["high"], tuple(desc["shape"]), dtype) if _gym_spaces else Box(desc["low"], desc["high"], desc["shape"], dtype)
    if kind == "Discrete":
        if _gym_spaces is None:
            return Discrete(desc["n"], dtype)
        try:
            return _gym_spaces.Discrete(desc["n"], dtype=dtype)
        except TypeError:  # Gymnasium before 1.0 has no dtype for Discrete
            return _gym_spaces.Discrete(desc["n"])
    if kind == "MultiBinary":
        return _gym_spaces.MultiBinary(desc["n"]) if _gym_spaces else MultiBinary(desc["n"])
    if kind == "Dict":
        inner = {k: _space(v) for k, v in desc["spaces"].items()}
        return _gym_spaces.Dict(inner) if _gym_spaces else Dict_(inner)
    raise ValueError(f"unknown space type {kind!r}")


def spaces_from_spec(spec: Dict[str, Any]) -> Tuple[Any, Any]:
    """``(observation_space, action_space)`` of a runner's ``GET /spec``."""
    return _space(spec["observationSpace"]), _space(spec["actionSpace"])


def decode_observation(raw: Dict[str, Any], spec: Dict[str, Any]) -> Dict[str, Any]:
    """A runner's JSON observation as numpy, with the dtypes and shapes of ``spec``."""
    out: Dict[str, Any] = {}
    for key, desc in spec["observationSpace"]["spaces"].items():
        dtype = np.dtype(desc["dtype"])
        value = raw[key]
        if desc.get("encoding") == "base64":
            out[key] = np.frombuffer(base64.b64decode(value), dtype=dtype).reshape(desc["shape"])
        elif desc["type"] == "Discrete":
            out[key] = dtype.type(value)
        else:
            out[key] = np.asarray(value, dtype=dtype).reshape(desc.get("shape", [len(value)]))
    return out


_Base = _gym.Env if _gym is not None else object


class Env(_Base):  # type: ignore[misc, valid-type]
    """One environment of a runner, with Gymnasium's ``reset`` and ``step``."""

    metadata: Dict[str, Any] = {"render_modes": []}

    def __init__(self, url: str = "http://127.0.0.1:8765", seed: Optional[int] = None, camera: Optional[int] = None, jitter: Optional[bool] = None, runner: Optional[Runner] = None):
        self.runner = runner or Runner(url)
        env_id = self.runner.create_env(seed=seed, camera=camera, jitter=jitter)
        # The spec with this environment's camera (the runner's default may differ).
        spec = self.runner.spec()
        spaces = dict(spec["observationSpace"]["spaces"])
        size = spec["sensors"].get("camera") if camera is None else camera
        spaces.pop("camera", None)
        if size:
            spaces["camera"] = {"type": "Box", "low": 0, "high": 255, "shape": [size, size, 3], "dtype": "uint8", "encoding": "base64"}
        spec["observationSpace"] = {**spec["observationSpace"], "spaces": spaces}
        self.runner_spec = spec
        self.env_id = env_id
        self.labels: List[str] = list(spec["labels"])
        self.observation_space, self.action_space = spaces_from_spec(spec)

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        if _gym is not None:
            super().reset(seed=seed)
        r = self.runner.call("POST", f"/envs/{self.env_id}/reset", {} if seed is None else {"seed": int(seed)})
        return decode_observation(r["observation"], self.runner_spec), r["info"]

    def step(self, action: Any) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        r = self.runner.call("POST", f"/envs/{self.env_id}/step", {"action": int(action)})
        return self._result(r)

    def _result(self, r: Dict[str, Any]) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        return decode_observation(r["observation"], self.runner_spec), float(r["reward"]), bool(r["terminated"]), bool(r["truncated"]), r["info"]

    def close(self) -> None:
        if self.env_id is not None:
            try:
                self.runner.call("DELETE", f"/envs/{self.env_id}")
            except (RunnerError, OSError):
                pass
            self.env_id = None
        self.runner.close()
