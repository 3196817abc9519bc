"""What every service shares, in pure Python (no torch, no service package):

- `settings`  the one `SettingsError` and the environment parser of every typed settings object
- `jobs`      the Redis queue helpers of the rq workers (connect, queue, job meta, worker loop,
              recovery of a dead worker's jobs)
- `metrics`   accuracy metrics, the one ECE (`ECE_BINS` bins) and the reliability diagram
- `factory`   `module:callable` factories named by a setting (the runtime factory)
- `datagen_scoring`  scoring of filled datagen records against their gold values
"""
