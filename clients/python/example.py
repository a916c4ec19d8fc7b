#!/usr/bin/env python3
"""The Python client at work, and a check of the runner's and exporter's promises.

    npm run worlds -- sim serve --world world.json --port 8765 &
    npm run worlds -- sim export --world world.json --episodes 3 --camera 8 --out /tmp/ds
    python3 clients/python/example.py --url http://127.0.0.1:8765 --dataset /tmp/ds

1. reset, then 1,000 random steps: every observation key has the shape and dtype /spec gives;
2. a scripted path (no start jitter; straight ahead through each room's first exit) reaches
   `terminated`: on the small test world this walks a -> b -> end;
3. with --dataset DIR (an export of the same world): numpy.load of DIR/dataset.npz gives the
   documented shapes and dtypes, and DIR/episodes.jsonl agrees with it step for step.
Needs python3 and numpy only (gymnasium is used when installed). Exits 1 on the first failure.
"""

import argparse
import base64
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from worlds_sim import HAS_GYMNASIUM, Env, Runner  # noqa: E402


def expected_shape(desc):
    if desc["type"] == "Discrete":
        return ()
    if desc["type"] == "MultiBinary":
        return (desc["n"],)
    return tuple(desc["shape"])


def check_observation(obs, env, where):
    spaces = env.runner_spec["observationSpace"]["spaces"]
    assert set(obs) == set(spaces), f"{where}: keys {sorted(obs)} != {sorted(spaces)}"
    for key, desc in spaces.items():
        value = np.asarray(obs[key])
        assert value.shape == expected_shape(desc), f"{where}: {key} has shape {value.shape}, /spec says {expected_shape(desc)}"
        assert value.dtype == np.dtype(desc["dtype"]), f"{where}: {key} has dtype {value.dtype}, /spec says {desc['dtype']}"
    assert env.observation_space.contains(obs), f"{where}: observation outside observation_space"


def random_steps(url, steps, seed):
    env = Env(url, seed=seed)
    try:
        obs, info = env.reset(seed=seed)
        check_observation(obs, env, "reset")
        env.action_space.seed(seed)
        episodes, total, in_episode = 1, 0.0, 0
        for t in range(steps):
            obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
            check_observation(obs, env, f"step {t}")
            assert isinstance(reward, float) and isinstance(terminated, bool) and isinstance(truncated, bool)
            in_episode += 1
            assert isinstance(info["state"], str) and info["steps"] == in_episode, f"step {t}: info {info}"
            total += reward
            if terminated or truncated:
                obs, info = env.reset()
                check_observation(obs, env, f"reset after step {t}")
                episodes += 1
                in_episode = 0
        print(f"random: {steps} steps over {episodes} episode(s), return {total:.2f}; keys {', '.join(f'{k} {np.asarray(v).shape} {np.asarray(v).dtype}' for k, v in obs.items())}")
    finally:
        env.close()


def scripted_path(url, limit=400):
    env = Env(url, jitter=False)
    try:
        forward = env.runner_spec["actionSpace"]["actions"].index("forward")
        env.reset(seed=0)
        visited, reward, terminated = [], 0.0, False
        for _ in range(limit):
            obs, reward, terminated, truncated, info = env.step(forward)
            if info["event"]:
                visited.append(f"{info['event']} -> {info['state']}")
            if terminated or truncated:
                break
        assert terminated, f"the scripted path did not reach an ending in {limit} steps (visited {visited})"
        rewards = env.runner_spec["rewards"]
        assert reward in (rewards["step"] + rewards["win"], rewards["step"] + rewards["lose"], rewards["step"]), reward
        print(f"scripted: terminated in {info['steps']} steps at {info['state']!r} ({'; '.join(visited)}), last reward {reward:+.2f}")
    finally:
        env.close()


def batch_steps(url):
    runner = Runner(url)
    try:
        ids = [runner.create_env(seed=s) for s in (1, 2)]
        for env_id in ids:
            runner.call("POST", f"/envs/{env_id}/reset", {})
        for _ in range(10):
            results = runner.step_many([(env_id, 3) for env_id in ids])
            assert [r["envId"] for r in results] == ids
        for env_id in ids:
            runner.call("DELETE", f"/envs/{env_id}")
        print(f"batch: {len(ids)} environments stepped 10 times in one request each")
    finally:
        runner.close()


def check_dataset(directory, labels):
    data = np.load(os.path.join(directory, "dataset.npz"))
    with open(os.path.join(directory, "episodes.jsonl")) as f:
        rows = [json.loads(line) for line in f]
    T, K = len(rows), len(labels)
    want = {"proximity": ((T, 2), "float32"), "collision": ((T,), "uint8"), "labels": ((T, 2), "int16"), "visible": ((T, K), "uint8"),
            "actions": ((T,), "int64"), "rewards": ((T,), "float32"), "terminations": ((T,), "bool"), "truncations": ((T,), "bool"), "episode": ((T,), "int32")}
    if "camera" in data.files:
        size = data["camera"].shape[1]
        want["camera"] = ((T, size, size, 3), "uint8")
    got = {k: (data[k].shape, str(data[k].dtype)) for k in data.files}
    assert got == want, f"dataset.npz arrays {got} != documented {want}"
    for t, r in enumerate(rows):
        o = r["observation"]
        assert np.allclose(data["proximity"][t], o["proximity"], atol=1e-6), t
        assert data["collision"][t] == o["collision"] and list(data["labels"][t]) == o["labels"] and list(data["visible"][t]) == o["visible"], t
        if "camera" in want:
            assert data["camera"][t].tobytes() == base64.b64decode(o["camera"]), t
        assert data["actions"][t] == r["action"] and abs(float(data["rewards"][t]) - r["reward"]) < 1e-6, t
        assert bool(data["terminations"][t]) == r["terminated"] and bool(data["truncations"][t]) == r["truncated"], t
        assert data["episode"][t] == r["episode"], t
    ends = int(data["terminations"].sum() + data["truncations"].sum())
    assert ends == int(data["episode"][-1]) + 1, "every episode ends in exactly one terminated or truncated row"
    print(f"dataset: {T} steps in {ends} episode(s), {len(want)} arrays as documented; JSONL and NPZ agree step for step")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default="http://127.0.0.1:8765")
    parser.add_argument("--dataset", help="a `sim export` output folder of the runner's world")
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"runner {args.url}; gymnasium {'installed' if HAS_GYMNASIUM else 'not installed (built-in spaces)'}")
    try:
        random_steps(args.url, args.steps, args.seed)
        scripted_path(args.url)
        batch_steps(args.url)
        if args.dataset:
            check_dataset(args.dataset, Runner(args.url).spec()["labels"])
    except AssertionError as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    print("example: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
