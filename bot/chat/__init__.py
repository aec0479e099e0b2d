"""The chat: the half of the bot that speaks Discord.

The client (``client``), the commands' desks (``frontend``, ``lobby_desk``, ``guide_desk``,
``admin_desk``), controls and views (``controls``, ``views``, ``typed``) and the presenter
(``presenter``), which shows what the table committed and keeps its own record of the messages
it sent. Its words come from ``bot.texts``. It calls into the table; the table never calls back.
"""
