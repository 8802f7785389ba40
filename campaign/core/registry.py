"""Registries: how the shared code (the turn pipeline, the chronicle) reaches each domain's
handlers without importing the domain. Each app fills them in its ``AppConfig.ready()``
(docs/architecture.md, "Registries")."""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
H = TypeVar("H", bound=Hashable)


class Unregistered(LookupError):
    """Asked for a key that no domain registered: the message names it."""


class Registry(Generic[K, V]):
    """Keys to values, kept in the order they were first registered, so that whatever runs
    them in turn runs them in the same order on every run.

    Registering the same value for a key again does nothing, so a ``ready()`` that runs twice
    is harmless; another value for a key already taken raises, so that two domains never
    silently compete for one key."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._items: dict[K, V] = {}

    def register(self, key: K, value: V) -> None:
        if key in self._items:
            if self._items[key] != value:
                raise ValueError(
                    f"{_name(key)} already has a {self.what}: {self._items[key]!r}, not {value!r}."
                )
            return
        self._items[key] = value

    def register_all(self, items: Mapping[K, V]) -> None:
        for key, value in items.items():
            self.register(key, value)

    def __getitem__(self, key: K) -> V:
        try:
            return self._items[key]
        except KeyError:
            raise Unregistered(f"No {self.what} is registered for {_name(key)}.") from None

    def get(self, key: K) -> V | None:
        return self._items.get(key)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def items(self) -> Iterator[tuple[K, V]]:
        return iter(self._items.items())


class Hooks(Generic[H]):
    """Functions that all run, one after the other, in the order they were first
    registered; registering one again does nothing."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._hooks: list[H] = []

    def register(self, hook: H) -> None:
        if hook not in self._hooks:
            self._hooks.append(hook)

    def __iter__(self) -> Iterator[H]:
        return iter(self._hooks)

    def __len__(self) -> int:
        return len(self._hooks)


def _name(key: object) -> str:
    """A class by its name (an event type), anything else as it prints."""
    return key.__name__ if isinstance(key, type) else repr(key)
