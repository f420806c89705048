"""Pairing: pure functions from a frozen snapshot of an event to a round.

Entry points: `engine.pair_round`, `checker.check_round` (absolute rules on any round),
`checker.colour_notes` (colour imbalances where the colour limits are a preference),
`report.explain` / `report.format_report` (why each table), the manual edits in `edits`,
Berger tables in `round_robin` and the Gomoku openings in `openings`.  The package itself
imports nothing, so a reader of `model` alone does not load the matching engine.
"""
