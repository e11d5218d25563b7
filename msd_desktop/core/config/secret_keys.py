"""Which settings are API keys, and why one typed as text is refused.

Below both the draft and the JSON text editing (which builds on the draft), so neither has to
import the other for these two facts."""

from __future__ import annotations

from functools import cache

from msd_desktop.core.common.text import Text
from msd_desktop.core.config import schema

__all__ = ["plaintext_secret_message", "secret_key_names"]


@cache
def secret_key_names() -> frozenset[str]:
    """The schema's secret keys (the API keys)."""
    return frozenset(key for key, spec in schema.SCHEMA.items() if spec.secret)


def plaintext_secret_message(key: str) -> str:
    """Why a key typed into the JSON text is refused."""
    return Text.of(
        "{key}: an API key is not written into config.json. Set it in the API keys tab (it "
        "goes to the OS keyring); here only true or false is allowed.", key=key,
    )
