"""The Lord of the Rings Trivia Game (2003): so far its question bank only.

``questions`` reads, checks, imports and exports question packs; the packaged pack
``middleearth`` lives in ``data/questions/``. The game itself (board, chips, location cards)
is not built yet, so this package defines no ``GAME`` and the registry does not list it.
"""
