"""The Discord bot: settings, storage, the match service, the presenter and the turn clock.

``python -m bot`` runs it (``bot.__main__``); ``bot.chat.client.create_bot`` builds it with its
dependencies. The rules live in ``rules/`` and the pictures in ``rendering/``; nothing here holds
game logic.
"""
