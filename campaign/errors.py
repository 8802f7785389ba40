"""The one exception every service raises when it refuses a request."""


class Refused(Exception):
    """A request the rules or the turn's state do not allow.

    ``message`` is shown to the person as it is; ``field`` names the form field or API
    attribute it concerns, so the form can show it next to that field.
    """

    status = 400

    def __init__(self, message: str, *, field: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        if status is not None:
            self.status = status
