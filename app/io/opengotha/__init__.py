"""OpenGotha XML tournament files (issue 18): one event out, a tournament in.

The structure, as OpenGotha 3.x writes and reads it (`info.vannier.gotha.ExternalDocument`:
`generateXMLFile`, `importPlayersFromXMLFile`, `importGamesFromXMLFile`,
`importByePlayersFromXMLFile`, `importTournamentParameterSetFromXMLFile`; `Player`,
`Gotha`, `PlacementParameterSet`):

    <Tournament dataVersion="201" ...>
      <Players>   <Player name firstName country club egfPin ffgLicence ffgLicenceStatus
                          agaId agaExpirationDate rank rating ratingOrigin grade
                          smmsCorrection participating registeringStatus/> ...
      <Games>     <Game roundNumber tableNumber whitePlayer blackPlayer knownColor handicap
                        result/> ...
      <ByePlayers><ByePlayer roundNumber player/> ...        (only when there are byes)
      <TournamentParameterSet>
         <GeneralParameterSet shortName name location director beginDate endDate size komi
              ... numberOfRounds ... genMMFloor genMMBar genMMZero .../>
         <HandicapParameterSet .../> <PlacementParameterSet><PlacementCriteria>
         <PlacementCriterion number name/> ... <PairingParameterSet .../>
         <DPParameterSet .../> <PublishParameterSet .../>
      <TeamTournamentParameterSet> ...

* A player's key (what a game names) is `(name + firstName)` without spaces, upper-cased;
  two players with the same key are one player to OpenGotha.
* `rank` is "5D" (5段) or "10K" (10级), from 30K to 9D; rank value 1D = 0, 1K = −1.
  `rating` runs from −900 to 2949; `ratingOrigin` "INI" means computed from the rank.
* `participating` has one character per round (20 rounds), "0" = does not play that round.
* `registeringStatus` "FIN" (final) or "PRE" (pre-registered, not paired).
* `result` is one of RESULT_UNKNOWN, RESULT_WHITEWINS, RESULT_BLACKWINS, RESULT_EQUAL,
  RESULT_BOTHWIN, RESULT_BOTHLOSE and the same five with _BYDEF (by default = forfeit).
* OpenGotha refuses a player whose name or first name is empty, whose country is not empty
  or two letters, or whose club has more than 4 characters; it needs GeneralParameterSet,
  HandicapParameterSet, PlacementParameterSet and PairingParameterSet to be present.
* It writes `knownColor` and reads back `strKnownColor` (both are read here).
* Pairgoth writes the byes inside a `<ByePlayer>` wrapper instead of `<ByePlayers>`, with
  keys not upper-cased; OpenGotha skips them, this reader takes them as byes.

This program's side: Black moves first in Go, so our first mover (`first`) is
`blackPlayer`.  A Chinese name goes as name = surname (复姓 kept whole), firstName = the
given name, in Chinese; two entrants with one name get their seed number after the given
name ("伟(12)") so that their keys differ, and lose it again on import.  The unit goes to
`club` (its first 4 characters: OpenGotha allows no more), the country is "CN".  A player
without a grade is written as 30K with rating −900 (OpenGotha's own floor) and read back
without a grade.

Reading refuses what is not plain data: a DOCTYPE or an entity declaration is refused
outright (no entity is ever expanded).  The parser is expat, ElementTree's own, used
directly for the line number of every element; writing uses ElementTree.  Pure: no store.

The package, one concept a module (as sgfmill splits grammar, properties and tree):
`model` (the file's limits and the tournament's data), `names` (keys, Chinese names),
`ranks` (ranks, ratings, results), `export` (an event as a tournament), `writer`,
`reader` (the hardened parser).  Every name is importable from `app.io.opengotha`.
"""

from __future__ import annotations

from app.io.opengotha.export import KEPT_KEY, event_tournament, kept_facts, kept_parameter_set
from app.io.opengotha.model import (
    CLUB_MAX,
    DATA_VERSION,
    DEFAULT_COUNTRY,
    GOTHA_ROUNDS,
    GOTHA_VERSION,
    KEPT_TREES,
    MAX_BYTES,
    MAX_RANK,
    MAX_RATING,
    MAX_TABLES,
    MCMAHON_PLACEMENT,
    MIN_RANK,
    MIN_RATING,
    NO_GRADE_RANK,
    PLACEMENT_NAMES,
    PLAYER_EXTRA,
    SWISS_PLACEMENT,
    UNSUPPORTED_RESULTS,
    GothaBye,
    GothaError,
    GothaGame,
    GothaParameters,
    GothaPlayer,
    GothaResult,
    GothaTournament,
    KeptNode,
)
from app.io.opengotha.names import (
    COMPOUND_SURNAMES,
    join_name,
    player_key,
    split_name,
    strip_seed_suffix,
)
from app.io.opengotha.ranks import (
    gotha_result,
    grade_of_rank,
    parse_rank,
    rank_of_grade,
    rank_text,
    rank_value,
    rating_of_rank,
    result_of,
)
from app.io.opengotha.reader import describe_unsupported, iter_rounds, parse_opengotha
from app.io.opengotha.writer import write_opengotha

__all__ = [
    "CLUB_MAX",
    "COMPOUND_SURNAMES",
    "DATA_VERSION",
    "DEFAULT_COUNTRY",
    "GOTHA_ROUNDS",
    "GOTHA_VERSION",
    "GothaBye",
    "GothaError",
    "GothaGame",
    "GothaParameters",
    "GothaPlayer",
    "GothaResult",
    "GothaTournament",
    "KEPT_KEY",
    "KEPT_TREES",
    "KeptNode",
    "MAX_BYTES",
    "MAX_RANK",
    "MAX_RATING",
    "MAX_TABLES",
    "MCMAHON_PLACEMENT",
    "MIN_RANK",
    "MIN_RATING",
    "NO_GRADE_RANK",
    "PLACEMENT_NAMES",
    "PLAYER_EXTRA",
    "SWISS_PLACEMENT",
    "UNSUPPORTED_RESULTS",
    "describe_unsupported",
    "event_tournament",
    "gotha_result",
    "grade_of_rank",
    "iter_rounds",
    "join_name",
    "kept_facts",
    "kept_parameter_set",
    "parse_opengotha",
    "parse_rank",
    "player_key",
    "rank_of_grade",
    "rank_text",
    "rank_value",
    "rating_of_rank",
    "result_of",
    "split_name",
    "strip_seed_suffix",
    "write_opengotha",
]
