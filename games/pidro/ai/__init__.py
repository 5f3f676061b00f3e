"""Computer players for Pidro: each decides from its seat's view alone (the partner's hand
included among what it cannot see), and answers with one of the view's actions."""
