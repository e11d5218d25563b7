"""Survey mode: run many generated cases without stopping and group the differences.

The tests stop at the first failing example of each kind (and shrink it); for writing
docs/differential-findings.md it helps to see every kind at once, with counts and the
shortest example of each. Not collected by pytest.

    .venv/bin/python -m tests.differential.explore config-set -n 600
    .venv/bin/python -m tests.differential.explore resolve-model -n 200
    .venv/bin/python -m tests.differential.explore resolve-execution -n 300
"""

from __future__ import annotations

import argparse
import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from . import harness
from .conftest import Msd, Upstream, ensure_upstream
from .strategies import ALL_AGENTS, execution_flags, projects


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("verb", choices=["resolve-model", "resolve-execution", "config-set"])
    ap.add_argument("-n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--show-deviations", action="store_true")
    opts = ap.parse_args()
    up, msd = Upstream(ensure_upstream()), Msd()
    base = Path(tempfile.mkdtemp(prefix="msd-explore-"))
    seen: dict[str, list[str]] = {}

    def record(failures: list[harness.Failure]) -> None:
        for f in failures:
            seen.setdefault(f.kind, []).append(f.text)

    cfg = settings(
        max_examples=opts.n,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        derandomize=opts.seed is None,
    )

    if opts.verb == "config-set":
        from .strategies import D3_KEYS, SECRET_KEYS
        from .test_config_set import config_set_cases

        @cfg
        @given(case=config_set_cases())
        def run(case):  # type: ignore[no-untyped-def]
            root = Path(tempfile.mkdtemp(dir=base))
            try:
                secret = case.key in SECRET_KEYS or case.key in D3_KEYS
                record(harness.run_config_set(up, msd, root, case, msd_cli=secret))
            finally:
                shutil.rmtree(root, ignore_errors=True)
    else:
        if opts.verb == "resolve-model":
            calls = st.just([("resolve-model", a, []) for a in ALL_AGENTS])
        else:
            calls = st.lists(
                st.tuples(
                    st.just("resolve-execution"), st.sampled_from(ALL_AGENTS), execution_flags()
                ),
                min_size=4,
                max_size=10,
            )

        @cfg
        @given(project=projects(), calls=calls)
        def run(project, calls):  # type: ignore[no-untyped-def]
            root = Path(tempfile.mkdtemp(dir=base))
            try:
                record(harness.run_resolution(up, msd, root, project, calls))
            finally:
                shutil.rmtree(root, ignore_errors=True)

    if opts.seed is not None:
        from hypothesis import seed

        run = seed(opts.seed)(run)
    run()
    up.close()
    shutil.rmtree(base, ignore_errors=True)
    print(f"== {opts.verb}: {opts.n} examples")
    print(f"deviations (asserted): {harness.DEVIATION_COUNTS}; notes: {harness.NOTES}")
    if opts.show_deviations:
        for dev, samples in sorted(harness.DEVIATION_SAMPLES.items()):
            print(f"\n### deviation {dev}: {len(samples)} sample(s)")
            for smp in sorted(set(samples), key=len)[:40]:
                print("   ", smp[:400])
    for kind, texts in sorted(seen.items(), key=lambda kv: -len(kv[1])):
        print(f"\n### {kind}: {len(texts)} case(s); shortest:\n{min(texts, key=len)}")
        groups: dict[str, list[str]] = {}
        for t in texts:
            lines = t.splitlines()
            first = next((ln for ln in lines if ln.startswith("  ")), "")
            sig = re.sub(r"'[^']*'|\"[^\"]*\"", "…", first)[:160]
            groups.setdefault(sig, []).append(t)
        if len(groups) > 1:
            print(f"-- {len(groups)} signatures:")
            for ts in sorted(groups.values(), key=len, reverse=True)[:25]:
                ex = min(ts, key=len).splitlines()
                detail = next((ln for ln in ex if ln.startswith("  ")), "")[:400]
                print(f"   [{len(ts)}] {ex[0][:160]} | {ex[1][:100]}\n        {detail}")


if __name__ == "__main__":
    main()
