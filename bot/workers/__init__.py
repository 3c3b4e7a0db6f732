"""The bot's worker processes: they draw pictures and work out computers' moves off the event loop.

:mod:`bot.workers.pool` runs the processes; :mod:`bot.workers.scheduler` is the one line of work
in front of them (what is drawn first). Nothing here knows Discord.
"""
