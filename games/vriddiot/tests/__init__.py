"""Vriddiot: the rules engine, its records and its views."""
