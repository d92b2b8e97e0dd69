"""Journeys in Middle-earth: the table (heroes, cards, items, enemies; table.py) and the world.

Foundations only for now: the components as data. ``GAME`` is not defined yet, so the registry
does not list the game until its rules engine exists.
"""
