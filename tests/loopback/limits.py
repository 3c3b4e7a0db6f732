"""Discord's documented limits, checked on everything the bot sends.

A breach raises `DiscordError` carrying the status and JSON body real Discord answers with
(400 / 50035 "Invalid Form Body" with an `errors` tree, 413 / 40005 for large files, ...), so the
client sees what it would see in production and the server records the failure.
Sources: discord.com/developers/docs — Message Resource, Embed Limits, Component Reference,
Interactions (Receiving and Responding), Uploading Files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_ATTACHMENTS = 10
DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024
MAX_MODAL_TITLE = 45
MAX_TEXT_INPUT_LABEL = 45
MAX_TEXT_INPUT_VALUE = 4000

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECTS = (3, 5, 6, 7, 8)
LINK_STYLE, PREMIUM_STYLE = 5, 6


@dataclass
class DiscordError(Exception):
    """An error answer of the Discord API: HTTP status, JSON error code and message."""

    status: int
    code: int
    message: str
    errors: dict[str, Any] = field(default_factory=dict)

    def body(self) -> dict:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body

    def __str__(self) -> str:
        detail = f" {self.errors}" if self.errors else ""
        return f"{self.status} {self.message} (code {self.code}){detail}"


class _Form:
    """Collects form-body errors by dotted path, as Discord's nested `errors` object."""

    def __init__(self) -> None:
        self.errors: dict[str, Any] = {}

    def add(self, path: str, code: str, message: str) -> None:
        node = self.errors
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_length(self, path: str, value: Any, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def raise_if_any(self) -> None:
        if self.errors:
            raise DiscordError(400, 50035, "Invalid Form Body", self.errors)


def check_message(body: dict, files: list[bytes], *, max_file_size: int = DEFAULT_MAX_FILE_SIZE) -> None:
    """Check a message create/edit body (content, embeds, components) and its uploaded files."""
    for data in files:
        if len(data) > max_file_size:
            raise DiscordError(413, 40005, "Request entity too large")
    form = _Form()
    form.max_length("content", body.get("content"), MAX_CONTENT)
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        form.add("embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
    for i, embed in enumerate(embeds):
        _check_embed(form, f"embeds.{i}", embed)
    if sum(_embed_text_length(e) for e in embeds) > MAX_EMBED_TOTAL:
        form.add("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
    attachments = body.get("attachments") or []
    if len(attachments) > MAX_ATTACHMENTS or len(files) > MAX_ATTACHMENTS:
        form.add("attachments", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ATTACHMENTS} or fewer in length.")
    components = body.get("components")
    if components:
        check_components(form, components, v2=bool((body.get("flags") or 0) & (1 << 15)))
    form.raise_if_any()


def _check_embed(form: _Form, path: str, embed: dict) -> None:
    form.max_length(f"{path}.title", embed.get("title"), 256)
    form.max_length(f"{path}.description", embed.get("description"), 4096)
    form.max_length(f"{path}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
    form.max_length(f"{path}.author.name", (embed.get("author") or {}).get("name"), 256)
    fields = embed.get("fields") or []
    if len(fields) > 25:
        form.add(f"{path}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for j, embed_field in enumerate(fields):
        form.max_length(f"{path}.fields.{j}.name", embed_field.get("name"), 256)
        form.max_length(f"{path}.fields.{j}.value", embed_field.get("value"), 1024)


def _embed_text_length(embed: dict) -> int:
    parts = [
        embed.get("title"),
        embed.get("description"),
        (embed.get("footer") or {}).get("text"),
        (embed.get("author") or {}).get("name"),
    ]
    for embed_field in embed.get("fields") or []:
        parts += [embed_field.get("name"), embed_field.get("value")]
    return sum(len(p) for p in parts if isinstance(p, str))


def check_components(form: _Form, rows: list[dict], *, v2: bool = False) -> None:
    """Action rows: <= 5 per message, <= 5 buttons per row, a select alone in its row."""
    if not v2 and len(rows) > MAX_ROWS:
        form.add("components", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_ROWS} or fewer in length.")
    seen: set[str] = set()
    for i, row in enumerate(rows):
        path = f"components.{i}"
        if row.get("type") != 1:
            if not v2:
                form.add(f"{path}.type", "UNION_TYPE_CHOICES", "Top-level components must be action rows.")
            continue
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") in SELECTS]
        if not children:
            form.add(f"{path}.components", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        if selects and len(children) > 1:
            form.add(f"{path}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu must be alone in its row.")
        if len(children) > MAX_BUTTONS_PER_ROW:
            form.add(f"{path}.components", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_BUTTONS_PER_ROW} or fewer in length.")
        for j, child in enumerate(children):
            _check_child(form, f"{path}.components.{j}", child, seen)


def _check_child(form: _Form, path: str, child: dict, seen: set[str]) -> None:
    custom_id = child.get("custom_id")
    if custom_id is not None:
        form.max_length(f"{path}.custom_id", custom_id, MAX_CUSTOM_ID)
        if custom_id in seen:
            form.add(f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        seen.add(custom_id)
    kind = child.get("type")
    if kind == BUTTON:
        form.max_length(f"{path}.label", child.get("label"), MAX_BUTTON_LABEL)
        style = child.get("style")
        if style == LINK_STYLE and (custom_id is not None or not child.get("url")):
            form.add(path, "BUTTON_COMPONENT_INVALID", "A link button needs a url and no custom_id.")
        if style not in (LINK_STYLE, PREMIUM_STYLE) and not custom_id:
            form.add(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
    elif kind in SELECTS:
        _check_select(form, path, child)
    else:
        form.add(f"{path}.type", "COMPONENT_TYPE_INVALID", f"Component type {kind} is not allowed in an action row.")


def _check_select(form: _Form, path: str, select: dict) -> None:
    if not select.get("custom_id"):
        form.add(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
    form.max_length(f"{path}.placeholder", select.get("placeholder"), MAX_PLACEHOLDER)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= MAX_SELECT_OPTIONS:
        form.add(f"{path}.min_values", "NUMBER_TYPE_MAX", "min_values must be between 0 and 25.")
    if not 1 <= high <= MAX_SELECT_OPTIONS:
        form.add(f"{path}.max_values", "NUMBER_TYPE_MAX", "max_values must be between 1 and 25.")
    if low > high:
        form.add(f"{path}.min_values", "SELECT_COMPONENT_MIN_MAX_INVALID", "min_values exceeds max_values.")
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        form.add(f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
    if high > len(options):
        form.add(f"{path}.max_values", "SELECT_COMPONENT_MAX_VALUES_EXCEEDED", "max_values exceeds the options.")
    values: set[str] = set()
    for k, option in enumerate(options):
        form.max_length(f"{path}.options.{k}.label", option.get("label"), MAX_OPTION_TEXT)
        form.max_length(f"{path}.options.{k}.value", option.get("value"), MAX_OPTION_TEXT)
        form.max_length(f"{path}.options.{k}.description", option.get("description"), MAX_OPTION_TEXT)
        if option.get("value") in values:
            form.add(f"{path}.options.{k}.value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Duplicate value.")
        values.add(option.get("value"))


def check_modal(data: dict) -> None:
    """A modal (callback type 9): title, custom_id, 1-5 rows of one text input each."""
    form = _Form()
    form.max_length("data.title", data.get("title"), MAX_MODAL_TITLE)
    form.max_length("data.custom_id", data.get("custom_id"), MAX_CUSTOM_ID)
    if not data.get("title") or not data.get("custom_id"):
        form.add("data", "BASE_TYPE_REQUIRED", "A modal needs a title and a custom_id.")
    rows = data.get("components") or []
    if not 1 <= len(rows) <= MAX_ROWS:
        form.add("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
    for i, row in enumerate(rows):
        inner = row.get("components") or ([row["component"]] if "component" in row else [])
        form.max_length(f"data.components.{i}.description", row.get("description"), MAX_OPTION_TEXT)  # a Label's
        for j, text in enumerate(inner):
            path = f"data.components.{i}.components.{j}"
            form.max_length(f"{path}.custom_id", text.get("custom_id"), MAX_CUSTOM_ID)
            form.max_length(f"{path}.label", text.get("label") or row.get("label"), MAX_TEXT_INPUT_LABEL)
            form.max_length(f"{path}.value", text.get("value"), MAX_TEXT_INPUT_VALUE)
            if text.get("type") in SELECTS:
                _check_select(form, path, text)
    form.raise_if_any()


def check_autocomplete(data: dict) -> None:
    if len(data.get("choices") or []) > MAX_SELECT_OPTIONS:
        raise DiscordError(400, 50035, "Invalid Form Body", {"data": {"choices": {"_errors": []}}})
