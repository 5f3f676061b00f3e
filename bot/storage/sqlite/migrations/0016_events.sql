-- Events (tournaments) and seasons (issue 26).
--
-- An event's entrants are its members in order of sign-up (`position`); what the pairing
-- seats is an entrant's unit (a member, or a fixed pair of members). Every table of every
-- round is a row of event_tables: its game (none for a bye), its units in seat order with
-- their sides, its members per seat, and once the game ends each unit's place (JSON). The
-- audit log keeps who removed, replaced or cancelled what.
CREATE TABLE events (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,
    message_id     INTEGER,
    organiser_id   INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    format         TEXT    NOT NULL,
    rounds         INTEGER NOT NULL,
    time_per_move  REAL    NOT NULL,
    seats          INTEGER NOT NULL,
    partners       TEXT    NOT NULL,
    target         INTEGER NOT NULL,
    status         TEXT    NOT NULL DEFAULT 'signup',
    round          INTEGER NOT NULL DEFAULT 0,
    round_deadline REAL,
    starts_at      REAL,
    seeds          TEXT,
    created_at     REAL    NOT NULL,
    finished_at    REAL
);
CREATE INDEX events_due ON events (status, guild_id);

CREATE TABLE event_players (
    event_id INTEGER NOT NULL REFERENCES events(id),
    user_id  INTEGER NOT NULL,
    position INTEGER NOT NULL,
    rating   INTEGER NOT NULL DEFAULT 0,
    computer TEXT,
    removed  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, user_id)
);

CREATE TABLE event_tables (
    event_id INTEGER NOT NULL REFERENCES events(id),
    round    INTEGER NOT NULL,
    number   INTEGER NOT NULL,
    game_id  INTEGER REFERENCES games(id),
    units    TEXT    NOT NULL,
    sides    TEXT    NOT NULL,
    players  TEXT    NOT NULL,
    places   TEXT,
    status   TEXT    NOT NULL,
    PRIMARY KEY (event_id, round, number)
);
CREATE INDEX event_tables_game ON event_tables (game_id);

CREATE TABLE event_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id INTEGER NOT NULL REFERENCES events(id),
    at       REAL    NOT NULL,
    user_id  INTEGER NOT NULL,
    action   TEXT    NOT NULL,
    subject  INTEGER
);

-- A season: the ladder of a server viewed between its start and its end.
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    started_at REAL    NOT NULL,
    ended_at   REAL,
    started_by INTEGER NOT NULL,
    ended_by   INTEGER
);
CREATE INDEX seasons_guild ON seasons (guild_id, started_at);

-- Who may run events in a server: a permission of Discord's, by name (none: Manage Server).
CREATE TABLE event_settings (
    guild_id   INTEGER PRIMARY KEY,
    permission TEXT NOT NULL
);
