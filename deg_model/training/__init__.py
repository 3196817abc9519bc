"""What training and calibration of deg's heads share (torch).

- `features`  cached frozen-backbone feature records (`FeatureRecord`), their cache on disk
- `losses`    the contract 12.4 loss terms, pure functions of head logits
- `objective` head logits of a cached question (`raw_logits`) and the batch loss
- `adapted`   a cached record's questions re-read through LoRA-adapted layers

The training service builds the caches and trains; the calibration service fits the
temperatures on them. Both import this library, neither imports the other.
"""
