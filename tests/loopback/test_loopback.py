"""An unmodified discord.py client against the loopback Discord, asserted through the recorder."""

from __future__ import annotations

import pytest

from tests.loopback.injection import InjectionError
from tests.loopback.limits import DiscordError, check_message
from tests.loopback.server import LoopbackDiscord
from tests.loopback.testbot import LoopbackBot, start_test_bot, stop_test_bot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _b(custom_id: str) -> dict:
    return {"type": 2, "style": 1, "label": custom_id, "custom_id": custom_id}


def _o(label: str) -> dict:
    return {"label": label, "value": label[:100]}


async def test_login_ready_guild_and_permissions(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    guild = loopback_bot.get_guild(loopback.guild.id)
    assert loopback_bot.user.id == loopback.bot.id
    assert loopback_bot.application_id == loopback.application_id
    assert guild is not None and guild.name == "Loopback Guild"
    general = guild.get_channel(loopback.channel("general").id)
    assert general.permissions_for(guild.me).create_public_threads
    assert general.permissions_for(guild.me).attach_files

    await loopback.deny_bot(loopback.channel("general"), "create_public_threads", "send_messages")
    await loopback.recorder.wait_for(lambda: not general.permissions_for(guild.me).send_messages)
    assert not general.permissions_for(guild.me).create_public_threads
    with pytest.raises(Exception, match="Missing Permissions"):
        await general.send("hello")
    [refused] = loopback.recorder.take_errors()
    assert (refused.status, refused.code) == (403, 50013)


async def test_commands_are_synced(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    names = {c["name"] for c in loopback.commands[None]}
    assert {"ping", "picture", "form", "gated", "break", "parlour"} <= names
    guild = loopback_bot.get_guild(loopback.guild.id)
    loopback_bot.tree.copy_global_to(guild=guild)
    await loopback_bot.tree.sync(guild=guild)
    assert {c["name"] for c in loopback.commands[loopback.guild.id]} == names


async def test_slash_command_with_subcommands_and_typed_options(
    loopback: LoopbackDiscord, loopback_bot: LoopbackBot
) -> None:
    alice, bob = loopback.user("alice"), loopback.user("bob")
    handle = await loopback.slash(alice, "parlour table open", seats=3, name="Friday", computer=True, who=bob)
    answer = await handle.answer()
    assert answer.callback_type == 4 and answer.ephemeral
    assert answer.content == "seats=3 name='Friday' computer=True who=bob"
    general = loopback.channel("general").id
    assert loopback.recorder.latest(general, visible_to=alice.id).content == answer.content
    assert loopback.recorder.latest(general, visible_to=bob.id) is None
    with pytest.raises(InjectionError, match="never synced"):
        await loopback.slash(alice, "unknown")
    with pytest.raises(InjectionError, match="outside"):
        await loopback.slash(alice, "parlour table open", seats=9, name="x")
    with pytest.raises(InjectionError, match="required"):
        await loopback.slash(alice, "parlour table open", seats=2)


async def test_buttons_selects_followups_and_edits(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    alice, bob = loopback.user("alice"), loopback.user("bob")
    ping = await loopback.slash(alice, "ping")
    message = await ping.message()
    assert message.content == "pong" and not message.ephemeral
    assert [b["label"] for b in message.buttons] == ["Again"]
    assert message.component(custom_id="ping:pick")["max_values"] == 2

    click = await loopback.click(bob, message, label="Again")
    update = await click.answer()
    assert update.callback_type == 7
    assert loopback.recorder.messages[message.id].content == "pressed by bob"

    choose = await loopback.select(bob, message, ["a", "c"])
    assert (await choose.answer()).callback_type == 6
    followup = await choose.next("followup")
    assert followup.content == "you picked a, c" and followup.ephemeral
    edit = await choose.next("edit_original")
    assert edit.message_id == message.id
    assert loopback.recorder.messages[message.id].content == "someone picked"
    assert [m.content for m in loopback.recorder.ephemeral_for(bob.id)] == ["you picked a, c"]
    assert loopback.recorder.ephemeral_for(alice.id) == []
    with pytest.raises(InjectionError, match="offers no"):
        await loopback.select(bob, message, ["z"])


async def test_picture_thread_and_deferred_answer(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    alice = loopback.user("alice")
    handle = await loopback.slash(alice, "picture")
    assert (await handle.answer()).callback_type == 5
    followup = await handle.next("followup")
    assert followup.files[0].filename == "hand.png" and followup.files[0].data.startswith(PNG_MAGIC)
    await handle.next("edit_original")
    thread = await loopback.recorder.wait_for(lambda: loopback.recorder.threads)
    assert thread[0].body["name"] == "Table 1"

    table = loopback.recorder.events_of("message")[0]
    assert table.content == "the table" and table.files[0].data.startswith(PNG_MAGIC)
    assert thread[0].message_id == table.message_id
    original = await handle.message()
    assert original.content == "table posted"  # the first follow-up filled the "thinking" message
    assert original.attachments[0].filename == "hand.png"
    # THREAD_CREATE reaches the bot through the gateway, a moment after the REST call made it.
    channel = await loopback.recorder.wait_for(lambda: loopback_bot.get_channel(thread[0].channel_id))
    assert channel.name == "Table 1"  # type: ignore[attr-defined]


async def test_modal(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    alice = loopback.user("alice")
    opened = await loopback.slash(alice, "form")
    modal = await opened.modal()
    assert modal["title"] == "Your name"
    submitted = await loopback.submit_modal(alice, opened, {"name": "Alice"})
    assert (await submitted.answer()).content == "hello Alice"


async def test_restart_gets_ready_again_and_keeps_messages(loopback: LoopbackDiscord) -> None:
    bot, task = await start_test_bot(loopback)
    message = await (await loopback.slash(loopback.user("alice"), "ping")).message()
    await stop_test_bot(bot, task)
    bot, task = await start_test_bot(loopback, sync=False)
    try:
        assert bot.get_guild(loopback.guild.id) is not None
        fetched = await bot.get_channel(message.channel_id).fetch_message(message.id)
        assert fetched.content == "pong"
        assert loopback.gateway.identify_count == 2
    finally:
        await stop_test_bot(bot, task)


@pytest.mark.parametrize(
    ("kind", "status", "code"),
    [
        ("custom_id", 400, 50035),
        ("rows", 400, 50035),
        ("options", 400, 50035),
        ("content", 400, 50035),
        ("double", 400, 40060),
    ],
)
async def test_limits_are_enforced(
    loopback: LoopbackDiscord, loopback_bot: LoopbackBot, kind: str, status: int, code: int
) -> None:
    handle = await loopback.slash(loopback.user("alice"), "break", kind=kind)
    await handle.answer()
    [refused] = await loopback.recorder.wait_for(lambda: loopback.recorder.take_errors())
    assert (refused.status, refused.code) == (status, code)
    # The bot reads the refusal a moment after the server sends it.
    [failure] = await loopback.recorder.wait_for(lambda: loopback_bot.cog.failures)
    assert failure.status == status and failure.code == code


async def test_file_size_limit(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    loopback.max_file_size = 1000
    handle = await loopback.slash(loopback.user("alice"), "break", kind="file")
    assert (await handle.answer()).content == "that failed"
    [refused] = loopback.recorder.take_errors()
    assert (refused.status, refused.code) == (413, 40005)


async def test_late_first_answer_is_refused(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    handle = await loopback.slash(loopback.user("alice"), "gated", mode="answer")
    loopback.clock.advance(3.01)
    loopback_bot.cog.gate.set()
    [refused] = await loopback.recorder.wait_for(lambda: loopback.recorder.take_errors())
    assert (refused.status, refused.code, refused.message) == (404, 10062, "Unknown interaction")
    assert handle.state.callback_type is None


async def test_expired_token_is_refused(loopback: LoopbackDiscord, loopback_bot: LoopbackBot) -> None:
    handle = await loopback.slash(loopback.user("alice"), "gated", mode="followup")
    assert (await handle.answer()).callback_type == 5
    loopback.clock.advance(15 * 60 + 1)
    loopback_bot.cog.gate.set()
    [refused] = await loopback.recorder.wait_for(lambda: loopback.recorder.take_errors())
    assert (refused.status, refused.code) == (401, 50027)
    [failure] = await loopback.recorder.wait_for(lambda: loopback_bot.cog.failures)
    assert failure.status == 401


@pytest.mark.parametrize(
    ("components", "path"),
    [
        ([{"type": 1, "components": [_b(f"b{i}") for i in range(6)]}], "components"),
        ([{"type": 1, "components": [_b("b"), {"type": 3, "custom_id": "s", "options": [_o("a")]}]}], "components"),
        ([{"type": 1, "components": [{**_b("b"), "label": "x" * 81}]}], "label"),
        ([{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [_o("x" * 101)]}]}], "label"),
        (
            [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [_o("a")], "max_values": 2}]}],
            "max_values",
        ),
        ([{"type": 1, "components": [_b("same"), _b("same")]}], "custom_id"),
    ],
)
def test_component_limits(components: list[dict], path: str) -> None:
    with pytest.raises(DiscordError) as refused:
        check_message({"content": "x", "components": components}, [])
    assert refused.value.status == 400 and path in str(refused.value.errors)


def test_embed_limits() -> None:
    with pytest.raises(DiscordError, match="10 or fewer"):
        check_message({"embeds": [{"title": "t"}] * 11}, [])
    check_message({"embeds": [{"title": "t"}] * 10, "content": "x" * 2000}, [])
