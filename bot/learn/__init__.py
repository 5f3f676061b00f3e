"""Learn: the guided first game. Who is learning, which tips they have seen, who has finished.

The tips themselves belong to each game's presentation (what to say in which situation); this
feature remembers, per member, so each tip appears once and a finished learner is left alone.
"""
