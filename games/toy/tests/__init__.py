"""High card's tests: its rules, and whole games of 2 to 5 seats through the platform."""
