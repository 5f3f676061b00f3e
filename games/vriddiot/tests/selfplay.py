"""Games played by the independent reading itself, with random choices, written as records.

They are not evidence that the rules are read right (the checker agrees with itself); they
exercise the checker's own machinery (offers, returns, forfeits, forced pick-ups, the cap) and
its invariants (every card accounted for; R6.8), and give tests a record to tamper with.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from games.vriddiot.tests.independent import (
    FORMAT,
    PLAY_CTXS,
    RECOMMENDED,
    Ask,
    Game,
    NeedReturn,
    Offers,
    canonical,
    deal,
    find_starter,
    make_deck,
)


def conserved(game: Game) -> bool:
    cards = game.stock + game.pile_cards() + game.burnt + game.grave + game.gone
    if isinstance(game.waiting, Ask) and game.waiting.ctx == "joker":
        cards.append("X")  # revealed, not yet declared
    for player in game.seats:
        cards += player.hand + player.up + [c for c in player.down if c is not None]
    return Counter(cards) == Counter(game.deck)


def self_play(
    seed: int,
    players: int,
    deck: str = "single",
    forfeits: float = 0.0,
    stop_at: int | None = None,
    weights: dict[str, float] | None = None,
) -> dict[str, Any]:
    """One random game. ``forfeits``: the chance, before each decision, that someone forfeits;
    ``stop_at``: abandon after that many events; ``weights``: how much likelier an action
    starting with a word is (``{"chance": 0.1}`` makes chance rare)."""
    rng = random.Random(seed)
    jokers = 2 if deck == "single" else 4
    shuffle = make_deck(deck, jokers)
    rng.shuffle(shuffle)
    dealer = rng.randrange(players)
    seats, stock = deal(shuffle, players, dealer)
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": [f"p{s}" for s in range(players)],
        "deck": deck,
        "jokers": jokers,
        "dealer": dealer,
        "shuffle": shuffle,
        "deal": [
            {"face_down": list(s.down), "face_up": list(s.up), "hand": list(s.hand)} for s in seats
        ],
        "autos": list(RECOMMENDED),
        "arrange": [],
    }
    for s, dealt in enumerate(seats):
        six = dealt.hand + dealt.up
        legal = sorted({"arrange " + " ".join(canonical(c)) for c in _threes(six)})
        act = rng.choice(legal)
        record["arrange"].append({"seat": s, "act": act, "legal": legal})
        dealt.up = act.split()[1:]
        dealt.hand = list(six)
        for card in dealt.up:
            dealt.hand.remove(card)
    game = Game(players, dealer, list(make_deck(deck, jokers)), seats, stock)
    record["starter"] = starter = find_starter(game)
    game.ask_play(starter, "turn")
    events: list[dict[str, Any]] = []
    record["events"] = events

    def pick(options: list[str]) -> str:
        if not weights:
            return rng.choice(options)
        w = [weights.get(a.split()[0], 1.0) for a in options]
        return rng.choices(options, weights=w)[0]

    while not game.over:
        assert conserved(game), f"seed {seed}: cards lost after {events[-8:]}"
        events += game.take_autos()
        if stop_at is not None and len(events) >= stop_at:
            break
        waiting = game.waiting
        if isinstance(waiting, NeedReturn):
            order = list(game.burnt)
            rng.shuffle(order)
            events.append({"auto": "return", "order": order})
            waiting.then(order)
            continue
        forced = isinstance(waiting, Ask) and waiting.forced  # applied at once (A13)
        if forfeits and not forced and rng.random() < forfeits:
            leaver = rng.choice(game.active_seats())
            events.append({"auto": "forfeit", "seat": leaver})
            game.forfeit(leaver)
            continue
        if isinstance(waiting, Ask):
            if waiting.ctx in PLAY_CTXS and game.stock:
                short = [s for s in game.active_seats() if len(game.seats[s].hand) < 3]
                assert not short, f"seed {seed}: R6.8 broken for {short}"
            legal = sorted(waiting.options)
            act = pick(legal)
            if not (waiting.forced and rng.random() < 0.5):
                events.append(
                    {"seat": waiting.seat, "ctx": waiting.ctx, "act": act, "legal": legal}
                )
            waiting.options[act]()
            continue
        assert isinstance(waiting, Offers)
        answers = {}
        for asked in rng.sample(sorted(waiting.options), len(waiting.options)):  # any order
            legal = sorted(waiting.options[asked])
            answers[asked] = act = pick(legal)
            events.append({"seat": asked, "ctx": waiting.ctx, "act": act, "legal": legal})
        waiting.then(answers)
    events += game.take_autos()
    if game.over:
        record.update(result=game.result, finish=game.ranking, idiot=game.idiot)
    else:
        record.update(result="abandoned", finish=list(game.finish), idiot=None)
    record["plays"] = game.plays
    return record


def _threes(cards: list[str]) -> list[list[str]]:
    return [list(c) for c in itertools.combinations(cards, 3)]
