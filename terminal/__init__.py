"""The terminal face: `gong simulate` (bots against bots, with statistics: `simulate.py`) and
`gong play` (you against bots: `play.py`), with their commands in `cli.py`. Beside `server/`
and `printables/`, it speaks the referee's public API only."""
