"""The table: the half of the bot behind the match lock.

Matches (``service``), lobbies (``lobby``), turn clocks (``clock``, ``scheduler``), servers'
defaults (``guilds``) and storage (``storage``). It imports nothing from Discord: what it
committed it hands, as a value (``live``), to whatever presents it.
"""
