"""Result entry from the tables' phones over the venue's local network (no Qt here).

The window's API:

    server = RemoteEntryServer(db, "192.168.1.10", 8765, pin=None, auto_accept=False,
                               operator="裁判长", on_submission=callback)
    url = server.start()          # raises FinalsError (Chinese) when it cannot listen
    server.qr_png() / qr_svg()    # the address as a QR code
    server.pending()              # SubmissionView list, oldest first, conflicts marked
    server.accept(id) / reject(id, reason=...)
    server.auto_accept = True     # may change while running
    server.stop()

See `app.services.remote_entry` for the use cases it runs.
"""

from app.web.limits import Limits
from app.web.qr import qr_png, qr_svg
from app.web.server import DEFAULT_PORT, RemoteEntryServer, local_addresses

__all__ = ["DEFAULT_PORT", "Limits", "RemoteEntryServer", "local_addresses", "qr_png", "qr_svg"]
