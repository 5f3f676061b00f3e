"""Ratings: openskill's Plackett-Luce model, shown on the familiar 1500 scale.

**The model.** :class:`openskill.models.PlackettLuce` with the library's documented defaults
(mu 25, sigma 25/3, beta 25/6, tau 25/300). It is the library's default and recommended model,
a Bayesian (Weng-Lin) rating with an uncertainty per player, like Glicko-2; for two players it is
the Bradley-Terry model, the logistic family Elo and Glicko belong to. A game is rated by its
finishing order (openskill's ranks: each team beat every team placed below it and tied with any
team sharing its place), whatever ended it (the last round, a resignation, a time-out); with two
teams that is a win and a loss. Partners are rated as one team, as openskill does natively.

**The scale.** In the model, a player beats another with probability
``1 / (1 + exp(-(mu_a - mu_b) / c))`` where ``c = sqrt(2 beta² + sigma_a² + sigma_b²)``. Glicko-2
works on the same logistic scale internally and shows ratings as ``1500 + 173.7178 × value``
(173.7178 = 400 / ln 10). For settled players ``c`` tends to ``beta √2``, so one model unit is
worth ``173.7178 / (beta √2) ≈ 29.5`` points: a 200-point gap means the same expected score
(about 76 %) here as on Lichess. A new player shows as 1500 ± 246 (the prior's sigma).

**Provisional.** A rating is provisional while the player has fewer than
:data:`PROVISIONAL_GAMES` rated games; it is shown with a question mark, as Lichess does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The rating model, with openskill's documented defaults."""

CENTRE = 1500.0
"""The shown rating of the prior (mu = 25)."""
SCALE = 400.0 / math.log(10) / (MODEL.beta * math.sqrt(2))
"""Shown points per model unit (≈ 29.48): Glicko-2's 173.7178 over ``beta √2``."""
PROVISIONAL_GAMES = 10
"""Rated games before a rating stops being provisional."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill as the model sees it: a normal belief N(mu, sigma²)."""

    mu: float = MODEL.mu
    """The model's mean skill."""
    sigma: float = MODEL.sigma
    """The model's uncertainty (a standard deviation)."""

    @property
    def points(self) -> float:
        """The rating on the 1500 scale."""
        return CENTRE + SCALE * (self.mu - MODEL.mu)

    @property
    def deviation(self) -> float:
        """The uncertainty on the 1500 scale (like Glicko's rating deviation)."""
        return SCALE * self.sigma

    @property
    def shown(self) -> int:
        """The rating as shown and ranked: whole points."""
        return round(self.points)

    def text(self, *, provisional: bool = False) -> str:
        """``1534 ± 120``, or ``1534? ± 120`` while provisional."""
        mark = "?" if provisional else ""
        return f"{self.shown}{mark} ± {round(self.deviation)}"


INITIAL = Rating()
"""Every player's rating before their first rated game."""


def rate(teams: Sequence[Sequence[Rating]], places: Sequence[int]) -> list[list[Rating]]:
    """Every team's ratings after a game in which team ``t`` finished in place ``places[t]``
    (1 the best; tied teams share a place).

    ``teams[t][i]`` is the rating of team ``t``'s ``i``-th player; the answer has the same shape.
    openskill rates teams natively (a team's strength is the sum of its players') and takes the
    finishing order as ranks, lower better, equal ranks a tie.
    """
    ranks = [float(place) for place in places]
    rated = MODEL.rate([[MODEL.rating(r.mu, r.sigma) for r in team] for team in teams], ranks=ranks)
    return [[Rating(p.mu, p.sigma) for p in team] for team in rated]


def is_provisional(games: int) -> bool:
    """Whether a rating after this many rated games is still provisional."""
    return games < PROVISIONAL_GAMES
