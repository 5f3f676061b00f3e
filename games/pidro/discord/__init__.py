"""Pidro in Discord: its presentation and illustrated guide."""
