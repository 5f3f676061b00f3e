"""The conformance suite: every registered game keeps the platform's contracts."""
