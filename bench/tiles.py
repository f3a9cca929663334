"""NYT Tiles (NYT seed, section 5): larger runs than the test suite.

1. Theorem 4's parity test and greedy player, and Theorem 24's Eulerian-trail player, on planted instances
   of growing size: seconds per run against the size (the decision is linear in the size); every play
   is replayed by the simulator.
2. Theorems 4 and 24 against breadth-first search over game states on random instances bigger than the
   tests use.
3. The encoding's projected count (Ganak) against the depth-first brute force on bigger instances (Ganak
   needs seconds once counts reach the thousands: plans over time do not split into components).

    python bench/tiles.py [--instances 300] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time

from gadgetry.core.sat import count_ganak
from gadgetry.puzzles.tiles import (
    PROBLEMS,
    STANDARD,
    START,
    greedy_play,
    search_solvable,
    sharing_number,
    simulate,
    solvable,
    teleport_free_play,
)

PROB = PROBLEMS[0]


def scaling(seed: int) -> None:
    print("size   parity s   greedy s   | size (sharing 1)  euler s")
    for tiles in (50, 100, 200, 400):
        inst = PROB.generate_seeded({"tiles": tiles, "features": 40, "density": 30}, seed, "planted").instance
        t0 = time.perf_counter()
        assert solvable(inst)
        t1 = time.perf_counter()
        play = greedy_play(inst)
        t2 = time.perf_counter()
        assert play is not None and PROB.check(inst, play)
        sparse = PROB.generate_seeded({"tiles": tiles, "features": 40, "density": 10, "sharing": 1}, seed,
                                      "planted").instance
        t3 = time.perf_counter()
        teleport_free_play(sparse)
        t4 = time.perf_counter()
        print(f"{inst.size:5d}  {t1 - t0:8.5f}  {t2 - t1:9.5f}  | {sparse.size:16d}  {t4 - t3:7.5f}")


def theorems(instances: int, seed: int) -> None:
    rng = random.Random(seed)
    agree4 = agree24 = yes24 = 0
    for _ in range(instances):
        params = {"tiles": rng.randint(2, 8), "features": rng.randint(1, 6), "density": rng.choice((30, 50)),
                  "sharing": rng.choice((1, 1000))}
        inst = PROB.generate(PROB.resolve_params(params), rng, rng.choice((None, "planted"))).instance
        agree4 += solvable(inst) == search_solvable(inst)
        if sharing_number(inst) <= 1:
            play = teleport_free_play(inst)
            agree24 += (play is not None) == search_solvable(inst, teleports=False)
            if play is not None:
                replay = simulate(inst, play)
                assert replay.solved and all(m.kind in (START, STANDARD) for m in replay.moves)
                yes24 += 1
        else:
            agree24 += 1
    print(f"Theorem 4 agrees with search on {agree4}/{instances}; Theorem 24 on {agree24}/{instances} "
          f"({yes24} teleport-free plays replayed)")


def counts(instances: int, seed: int) -> None:
    rng = random.Random(seed)
    same = 0
    most = 0
    start = time.perf_counter()
    for _ in range(instances):
        params = {"tiles": rng.randint(3, 5), "features": rng.randint(2, 4), "density": 50}
        inst = PROB.generate(PROB.resolve_params(params), rng, "planted").instance
        cnf = PROB.encode(inst).cnf
        brute = sum(1 for _ in PROB.brute_force(inst))
        same += count_ganak(cnf.nvars, cnf.clauses, cnf.projection) == brute
        most = max(most, brute)
    print(f"Ganak = brute force on {same}/{instances} planted instances (largest count {most}, "
          f"{time.perf_counter() - start:.1f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instances", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    scaling(args.seed)
    theorems(args.instances, args.seed)
    counts(args.instances, args.seed)


if __name__ == "__main__":
    main()
