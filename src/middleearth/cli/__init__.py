"""The `middleearth` command."""
