"""Answering a waiting caller through its asyncio future."""

from __future__ import annotations

import asyncio
from typing import Any


def settle(future: asyncio.Future[Any], answer: object) -> None:
    """Give a waiting caller its answer (an exception is raised in it), unless it stopped waiting."""
    if future.done():  # its caller was cancelled
        return
    if isinstance(answer, Exception):
        future.set_exception(answer)
    else:
        future.set_result(answer)
