"""Vriddiot: Idiot with the suit-changing 8 of Vri åtter (rules: ``docs/rules.md``)."""
