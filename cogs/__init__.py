"""Slash-command cogs: thin. Each callback parses its options and hands them to the bot's
frontend (``bot.frontend``); docstrings are the commands' help in Discord."""
