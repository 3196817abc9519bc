"""Optimal one-to-one matching of array items (gold rows vs predicted rows).

ExtractBench judges a whole array with an LLM (`array_llm`) that pairs gold and predicted
items and reports matched / missed / spurious counts with precision, recall and F1. The
deterministic stand-in here pairs items by maximising the summed pair similarity (the
assignment problem, solved exactly with the Hungarian algorithm in O(n^3)), so the pairing
never depends on item order. Ties are broken by the lowest (gold, predicted) indices, which
keeps the result a pure function of the inputs.

No scipy here on purpose: the algorithm is small, and the service must not pull a
scientific stack for one function.
"""
from __future__ import annotations

from collections.abc import Sequence


def best_assignment(similarity: Sequence[Sequence[float]]) -> list[tuple[int, int]]:
    """Pairs (row, col) maximising the total similarity; every row or every col is used.

    `similarity` is a rectangular [n_rows, n_cols] table of values in [0, 1]. Returns the
    pairs sorted by row. An empty side gives no pairs.
    """
    n_rows = len(similarity)
    n_cols = len(similarity[0]) if n_rows else 0
    for row in similarity:
        if len(row) != n_cols:
            raise ValueError("similarity table is not rectangular")
    if n_rows == 0 or n_cols == 0:
        return []
    transposed = n_rows > n_cols
    # The Hungarian routine below wants rows <= cols; it minimises cost = -similarity.
    table = [list(col) for col in zip(*similarity)] if transposed else [list(r) for r in similarity]
    rows, cols = len(table), len(table[0])
    cost = [[-value for value in row] for row in table]
    inf = float("inf")
    u = [0.0] * (rows + 1)
    v = [0.0] * (cols + 1)
    match_of_col = [0] * (cols + 1)  # 1-based row matched to each column, 0 = free
    way = [0] * (cols + 1)
    for row in range(1, rows + 1):
        match_of_col[0] = row
        col0 = 0
        min_slack = [inf] * (cols + 1)
        used = [False] * (cols + 1)
        while True:
            used[col0] = True
            row0 = match_of_col[col0]
            delta, col1 = inf, 0
            for col in range(1, cols + 1):
                if used[col]:
                    continue
                slack = cost[row0 - 1][col - 1] - u[row0] - v[col]
                if slack < min_slack[col]:
                    min_slack[col], way[col] = slack, col0
                if min_slack[col] < delta:  # strict: the lowest index wins a tie
                    delta, col1 = min_slack[col], col
            for col in range(cols + 1):
                if used[col]:
                    u[match_of_col[col]] += delta
                    v[col] -= delta
                else:
                    min_slack[col] -= delta
            col0 = col1
            if match_of_col[col0] == 0:
                break
        while col0:
            col1 = way[col0]
            match_of_col[col0] = match_of_col[col1]
            col0 = col1
    pairs = [(match_of_col[col] - 1, col - 1) for col in range(1, cols + 1) if match_of_col[col]]
    if transposed:
        pairs = [(col, row) for row, col in pairs]
    return sorted(pairs)
