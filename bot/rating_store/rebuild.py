"""Every rating rebuilt from the results: the rebuild, whether a database needs one, and the command's database."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict

from sqlalchemy import delete
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import Result
from bot.rating_models import PlayerRating, RatingHistory
from bot.rating_store.partial_play import partial_play, partial_tables
from bot.rating_store.update import RatingRow, rate_table

__all__ = ["needs_rebuild", "rebuild", "rebuild_database"]


async def rebuild(session: AsyncSession, guild_id: int | None = None) -> int:
    """Recompute every rating, level and history row from ``results`` (one server, or all).

    Tables are replayed in the order they finished (then by id), exactly as the incremental
    update saw them. Returns how many tables were rated. Runs in the caller's transaction.
    """
    ratings_delete = delete(PlayerRating)
    history_delete = delete(RatingHistory)
    query = select(Result)
    if guild_id is not None:
        ratings_delete = ratings_delete.where(col(PlayerRating.guild_id) == guild_id)
        history_delete = history_delete.where(col(RatingHistory.guild_id) == guild_id)
        query = query.where(Result.guild_id == guild_id)
    await session.exec(history_delete)
    await session.exec(ratings_delete)
    results = (
        await session.exec(query.order_by(col(Result.finished_at), col(Result.table_id), col(Result.seat)))
    ).all()
    tables: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        tables[result.table_id].append(result)
    partial, turn_based = await partial_tables(session)
    books: dict[tuple[int, str], dict[str, RatingRow]] = defaultdict(dict)
    for table_id, lines in tables.items():
        first = lines[0]
        history, _ = rate_table(
            books[(first.guild_id, first.game_key)],
            table_id=table_id,
            guild_id=first.guild_id,
            game_key=first.game_key,
            results=lines,
            finished_at=first.finished_at,
            plays=partial_play(partial.get(table_id, ()), table_id in turn_based),
        )
        session.add_all(RatingHistory(**line) for line in history)
    for book in books.values():
        session.add_all(PlayerRating(**asdict(row)) for row in book.values())
    return len(tables)


async def needs_rebuild(session: AsyncSession) -> bool:
    """True when results exist but no ratings do (a database from before migration 0004)."""
    has_results = (await session.exec(select(Result.id).limit(1))).first() is not None
    has_ratings = (await session.exec(select(PlayerRating.player).limit(1))).first() is not None
    return has_results and not has_ratings


async def rebuild_database(url: str, guild_id: int | None = None) -> int:
    """Open the bot's database at ``url`` (refusing one with no Parlour tables or a running bot: see
    bot.maintenance) and rebuild its ratings in one transaction."""
    from bot.maintenance import open_for_maintenance

    database = await open_for_maintenance(url)
    try:
        async with database.sessions.begin() as session:
            return await rebuild(session, guild_id)
    finally:
        await database.close()
