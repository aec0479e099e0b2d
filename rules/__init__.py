"""Parlor's rules core: the engine every ruleset shares, and one package per ruleset."""
