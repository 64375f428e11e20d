"""The one error type of the reference (SPEC §6.1)."""


class FormatError(Exception):
    """A spec error (SPEC §6.1): kind, field path, message with both numbers."""

    def __init__(self, kind, path, message):
        super().__init__(f"{kind} at {path or '<row>'}: {message}")
        self.kind, self.path, self.message = kind, path, message
