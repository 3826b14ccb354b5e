"""Small helpers for benchmark figures."""

from __future__ import annotations

import statistics


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by the nearest-rank method."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def summary(values: list[float]) -> str:
    return (
        f"median {ms(statistics.median(values))}, p95 {ms(percentile(values, 95))}, "
        f"p99 {ms(percentile(values, 99))}, worst {ms(max(values))}"
    )
