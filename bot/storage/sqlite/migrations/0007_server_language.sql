-- The language of a server's public messages (tables, challenges, reminders, ends of rounds and
-- games), chosen by its managers with /vidrasso settings: a language code of the bot's
-- ('en', 'ja'). NULL, as for every existing server: the server's own Discord language.
ALTER TABLE guild_settings ADD COLUMN language TEXT;
