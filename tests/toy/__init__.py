"""High card: a three-seat toy game used only by the tests, to prove that a second game plays
through the service, storage, ladder and Discord glue with nothing but its own package and
one registry line (:func:`register`)."""
