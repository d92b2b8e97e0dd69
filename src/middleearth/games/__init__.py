"""The games, each in its own package exposing ``GAME``; found by middleearth.core.registry."""
