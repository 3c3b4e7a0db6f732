"""Issue 15 through Discord: finished games change ratings (announced on the table message),
then /leaderboard, /profile and /replay work for the players and for someone who did not play."""

from __future__ import annotations

import io

from PIL import Image

from render.text import recording
from tests.e2e.harness import Parlour
from tests.e2e.test_highcard_game import play_out


async def test_ratings_leaderboard_profile_and_replay(parlour: Parlour) -> None:
    server = parlour.server
    alice, bob, dave = server.user("alice"), server.user("bob"), server.user("dave")
    people = {alice.id: alice, bob.id: bob}
    table_id = await parlour.start_game(alice, [bob], computers=1)
    await play_out(parlour, table_id, people)
    await parlour.settle()

    final = parlour.table_message(table_id)
    assert "Game over" in final.content
    assert "Ratings: " in final.content and "alice" in final.content and "provisional" in final.content

    # The leaderboard: a picture with every player of the game, the computer included by rating.
    with recording() as drawn:
        board = await (await server.slash(dave, "leaderboard", game="highcard")).message()
    assert board.attachments[0].filename == "leaderboard.png"
    lines = " | ".join(line.content for line in drawn)
    assert "alice" in lines and "bob" in lines and "Computer" in lines

    # A profile: one's own, and another person's; someone who never played is told so.
    with recording() as drawn:
        card = await (await parlour.slash(dave, "profile", {"user": bob})).message()
    assert card.attachments[0].filename == "profile.png"
    assert "High Card" in " | ".join(line.content for line in drawn)
    nobody = await (await parlour.slash(alice, "profile", {"user": dave})).message()
    assert "has not finished a game" in nobody.content

    # The replay: an animation anyone can watch, and private steps for whoever steps through.
    handle = await parlour.slash(dave, "replay", {"table": table_id})
    await handle.answer()
    posted = await handle.next("followup")
    replay = server.recorder.messages[posted.message_id or 0]
    animation = Image.open(io.BytesIO(replay.attachments[0].data))
    assert animation.format == "GIF" and getattr(animation, "n_frames", 1) > 2
    kind, steps = await parlour.press(dave, replay, "Step through ▶")
    assert kind == "message" and steps is not None and steps.ephemeral and "Move 0" in steps.content
    kind, after = await parlour.press(dave, steps, "Next ▶")
    assert kind == "update" and after is not None and "Move 1" in after.content

    # Levels stand beside names in the next lobby.
    lobby = await parlour.open_table(alice)
    assert (await parlour.press(bob, lobby, "Join"))[0] == "update"
    seats = server.recorder.messages[lobby.id].embeds[0]["description"]
    assert f"<@{alice.id}> · level " in seats and f"<@{bob.id}> · level " in seats
    assert (await parlour.press(alice, lobby, "Cancel"))[0] == "update"

    # A table still in play cannot be replayed yet.
    open_id = await parlour.start_game(alice, [bob], computers=1)
    said = await parlour.sentence(await parlour.slash(dave, "replay", {"table": open_id}))
    assert said == f"Table {open_id} is still being played; it can be replayed once its game is over."
    # A table its host ended says so (not "not finished … yet": it never will be).
    await parlour.sentence(await server.slash(alice, "table end", table=open_id))
    said = await parlour.sentence(await parlour.slash(dave, "replay", {"table": open_id}))
    assert said == f"Table {open_id} was ended before its game was over, so there is no finished game to replay."
