"""Result entry by table referees from their phones: table tokens, the queue, the decision.

The use cases behind `app.web` (the local web server) and `finals serve`/`finals submissions`:

- `ensure_tokens` gives every table of a paired round a secret token (128 random bits);
  `tokens_for_round` reads them back (or the phone URLs) for the result slips' QR codes.
- `table_page` is what a phone may see for one token; `submit` queues what it sends.
- `list_submissions`, `accept`, `reject`, `accept_all` are the arbiter's side.

Rules: a token reaches its own table only and stops working when its round completes (or is
out of the server's scope): every such case is the same `TokenNotFound`. Two different
submissions for one table are a conflict and neither overwrites the other; a recorded result
is only ever changed by the arbiter accepting a submission (auto-accept only fills a table
that has no result and no rival submission). Accepting goes through
`app.services.results.record_result`, inside the same transaction that marks the submission
accepted, so a result is audited exactly as one typed by hand and is never half-accepted.

Writers serialise on a per-file lock and take SQLite's write lock up front (BEGIN
IMMEDIATE): the check "does this table have a result or a rival?" and the write that follows
are one atomic step, also against the window writing results at the same moment.

The package, one concept a module: `tokens` (the tables' secrets and their URLs), `phone`
(what a token may see and send), `queue` (the arbiter's queue and decisions), `decision`
(accepting a submission, shared by auto-accept and the arbiter; voiding on a pairing
edit), `writing` (the per-file write lock).  Every public name is importable from
`app.services.remote_entry`.
"""

from __future__ import annotations

from app.services.remote_entry.decision import (
    void_changed_tables,
)
from app.services.remote_entry.phone import (
    REFEREE,
    RESULT_CHOICES,
    Entry,
    Scope,
    Side,
    SubmitOutcome,
    TableChanged,
    TablePage,
    TokenNotFound,
    submit,
    table_page,
    validate_entry,
)
from app.services.remote_entry.queue import (
    AcceptedAll,
    SubmissionView,
    accept,
    accept_all,
    arbiter_queue,
    list_submissions,
    open_rounds,
    reject,
)
from app.services.remote_entry.tokens import (
    BASE_URL_SETTING,
    TOKEN_BYTES,
    add_missing_tokens,
    ensure_tokens,
    new_token,
    remember_base_url,
    remembered_base_url,
    slip_links,
    table_url,
    tokens_for_round,
)

__all__ = [
    "AcceptedAll",
    "BASE_URL_SETTING",
    "Entry",
    "REFEREE",
    "RESULT_CHOICES",
    "Scope",
    "Side",
    "SubmissionView",
    "SubmitOutcome",
    "TOKEN_BYTES",
    "TableChanged",
    "TablePage",
    "TokenNotFound",
    "accept",
    "accept_all",
    "add_missing_tokens",
    "arbiter_queue",
    "ensure_tokens",
    "list_submissions",
    "new_token",
    "open_rounds",
    "reject",
    "remember_base_url",
    "remembered_base_url",
    "slip_links",
    "submit",
    "table_page",
    "table_url",
    "tokens_for_round",
    "validate_entry",
    "void_changed_tables",
]
