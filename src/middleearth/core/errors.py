"""Errors a user can meet. Each carries a message written for a person, never a stack trace."""

from __future__ import annotations


class MiddleEarthError(Exception):
    """Base of every error the project raises on purpose for bad input."""


class IllegalAction(MiddleEarthError, ValueError):
    """An action that does not parse, or that the rules do not allow now.

    The state it was applied to is unchanged. ``legal`` lists the legal actions' texts,
    so a caller can show the player what is allowed.
    """

    def __init__(self, message: str, legal: list[str] | None = None):
        self.reason = message
        self.legal = list(legal or [])
        if self.legal:
            shown = ", ".join(self.legal[:12])
            more = f" (and {len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
            message = f"{message}. Legal now: {shown}{more}"
        super().__init__(message)


class BadOption(MiddleEarthError, ValueError):
    """A game option that is unknown or out of range."""


class DataError(MiddleEarthError):
    """A content file (packaged or a user's data folder) that is missing or breaks its schema."""


class RecordError(MiddleEarthError):
    """A record file that cannot be read, or whose actions break the rules."""

    def __init__(self, message: str, action_number: int | None = None):
        self.action_number = action_number
        super().__init__(message)
