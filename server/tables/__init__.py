"""Tables people play in the browser: their ids and secrets (`ids`) and their store (`store`).

Routes and pages build on these; nothing here knows Flask or the referee's internals.
"""
