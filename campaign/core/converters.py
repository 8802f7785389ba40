"""URL path converters of the project."""


class SignedIntConverter:
    """A whole number that may be negative: axial hex coordinates run both ways (E-39).
    Django's own ``int`` converter takes no sign."""

    regex = r"-?\d+"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
