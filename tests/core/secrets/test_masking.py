"""Masking vectors (spec §3): UTF-16 lengths, JS spellings, and the outputs that must use it.

The number spellings were checked against ``node -e 'console.log(String(x))'``.
"""

from __future__ import annotations

from typing import Any

import pytest

from msd_desktop.core.secrets.masking import UNSET, mask


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, UNSET),
        ("", UNSET),
        (True, "****"),
        (False, "****"),
        ("true", "****"),
        ("abc", "****"),
        ("1234567", "****"),
        ("12345678", "****5678"),
        ("sk-live-abcdef0123", "****0123"),
        (12345678, "****5678"),
        (1234567, "****"),
        (0, "****"),
        ("  abcdefgh  ", "****gh  "),  # no trimming
        # UTF-16 code units: an emoji counts 2.
        ("abc😀de", "****"),  # 3 + 2 + 2 = 7 units
        ("abcd😀ef", "****😀ef"),  # 8 units; the last 4 are the emoji + "ef"
        ("abcdefg😀", "****fg😀"),
        ("😀😀😀😀", "****😀😀"),
        # the last 4 units start with the second half of an emoji: JS keeps a lone surrogate,
        # which cannot be printed as UTF-8, so it shows as U+FFFD.
        ("abcdefgh😀xyz", "****\ufffdxyz"),
        ("ééééééé", "****"),  # 7 BMP characters = 7 units
        ("éééééééé", "****éééé"),
    ],
)
def test_mask_vectors(value: Any, expected: str) -> None:
    assert mask(value) == expected


def test_mask_of_long_float_uses_js_spelling() -> None:
    # Python's repr would give "1.234e-07" → "****e-07"; JS gives "1.234e-7".
    assert mask(1.234e-7) == "****4e-7"


def test_mask_never_contains_more_than_four_characters_of_the_value() -> None:
    secret = "BSA-very-secret-key-0123456789"
    masked = mask(secret)
    assert masked == "****6789"
    assert secret[:-4] not in masked
