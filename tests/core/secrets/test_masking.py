"""Masking vectors (spec §3): UTF-16 lengths, JS spellings, and the outputs that must use it.

The number spellings were checked against ``node -e 'console.log(String(x))'``.
"""

from __future__ import annotations

from typing import Any

import pytest

from msd_desktop.core.secrets.masking import UNSET, js_string, mask


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


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (True, "true"),
        (False, "false"),
        (None, "null"),
        (1.5, "1.5"),
        (100.0, "100"),
        (-0.0, "0"),
        (1e-7, "1e-7"),
        (1.234e-7, "1.234e-7"),
        (0.00001, "0.00001"),
        (0.000001, "0.000001"),
        (-1.5e-9, "-1.5e-9"),
        (1e20, "100000000000000000000"),
        (1.2345678901234567e20, "123456789012345670000"),
        (1e21, "1e+21"),
        (123456789012345678901234, "1.2345678901234569e+23"),
        (12345678901234567890, "12345678901234567000"),
        (5e-324, "5e-324"),
        (float("nan"), "NaN"),
        (float("inf"), "Infinity"),
        (float("-inf"), "-Infinity"),
        ([1, [2, None], "x"], "1,2,,x"),
        ({"a": 1}, "[object Object]"),
    ],
)
def test_js_string(value: Any, expected: str) -> None:
    assert js_string(value) == expected


def test_mask_of_long_float_uses_js_spelling() -> None:
    # Python's repr would give "1.234e-07" → "****e-07"; JS gives "1.234e-7".
    assert mask(1.234e-7) == "****4e-7"


def test_mask_never_contains_more_than_four_characters_of_the_value() -> None:
    secret = "BSA-very-secret-key-0123456789"
    masked = mask(secret)
    assert masked == "****6789"
    assert secret[:-4] not in masked
