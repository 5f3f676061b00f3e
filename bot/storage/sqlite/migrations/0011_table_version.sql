-- The version of the game's state its latest table message shows, so that a restart can tell
-- a table left behind (the process stopped after saving a move and before posting the new
-- table) from a true one, and post the game's current table (cogs/ui/table.py).
ALTER TABLE games ADD COLUMN table_version INTEGER;

-- Tables already posted are taken as true: nothing can tell otherwise, and re-posting every
-- game's table at the first start would ping every player waited for at once.
UPDATE games SET table_version = version WHERE table_message_id IS NOT NULL;
