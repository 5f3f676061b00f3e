-- Reviews of finished games and hints while learning (issue 25). 0013 and 0014 are other
-- branches'; this one only adds tables, so it applies the same whichever is first.
--
-- A finished game's review, weighed once by the strongest computer level and kept: its
-- marks as JSON (bot/review/model.py), one row per game.
CREATE TABLE game_reviews (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id),
    review     TEXT    NOT NULL,
    created_at REAL    NOT NULL
);

-- The members who asked for hints in a game against the computer (play-bot hints:).
CREATE TABLE game_hints (
    game_id INTEGER NOT NULL REFERENCES games(id),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
