"""A small seeded random generator whose whole state is one integer.

The state lives in the game state and in its JSON, so a game restored with `from_json`
continues with exactly the same shuffles, draws and mission picks, in any process and any
Python version (unlike `random.Random`, whose algorithms may change between versions).
The generator is SplitMix64: fast, well mixed, and enough for a card game.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            # A text seed is folded into an integer with a fixed hash (never hash()).
            value = 0
            for byte in seed.encode():
                value = (value * 1_099_511_628_211 + byte) & _MASK
            seed = value
        self.state = int(seed) & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1 (multiply-shift; the bias is below 2**-50)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
