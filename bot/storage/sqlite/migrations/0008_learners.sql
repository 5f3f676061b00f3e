-- The guided first game (/vidrasso learn): who is learning, which of its tips each member has
-- seen (each is shown once), who pressed Skip hints, who has played a guided game to its end.
CREATE TABLE learners (
    user_id     INTEGER PRIMARY KEY,
    hints_off   INTEGER NOT NULL DEFAULT 0,
    finished_at REAL                          -- NULL until a guided game is played to its end
);

CREATE TABLE learner_tips (
    user_id INTEGER NOT NULL,
    tip     TEXT    NOT NULL,
    PRIMARY KEY (user_id, tip)
) WITHOUT ROWID;

-- A guided game and the member it teaches.
CREATE TABLE learn_games (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    user_id INTEGER NOT NULL
);
