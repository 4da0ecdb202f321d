"""The GONG deck printer: card faces and back (PNG), print sheets (PDF), verified QR codes.

`gong print` (printables.cli) is the command; `printables.deck.print_deck` does the work.
"""
