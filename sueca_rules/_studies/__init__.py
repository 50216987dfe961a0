"""Studies: bots playing many deals or matches under one variant or several, on duplicate deals.

The layers, lowest first:

- `._stats`: intervals (Wilson, normal, ratio) from running sums.
- `._play`: what a study is (`Study`) and playing one unit of it (a deal or a match, once or in
  duplicate, under each of its variants).
- `._summary`: running summaries that units stream into; exact integer and rational sums, so that
  merging them in any order gives the same figures (constant memory whatever the number of deals).
- `._runner`: shards the units by index over this process, worker processes or a Ray cluster; Ctrl-C
  and checkpoints.
- `._simulate` and `._compare`: the public faces, `simulate` and `compare`, which turn
  summaries into reports.
"""
