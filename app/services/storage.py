"""The tournament file as the window sees it: the open file's type, how a storage failure
reads in Chinese, and who is told that a writer waits for another.

The window talks to use cases, never to the store (an import contract); these three are
what it needs of the file layer itself (and how a server's URL is told from a file's path).
"""

from app.store.address import is_server_url
from app.store.database import Database, set_wait_notice
from app.store.failures import describe_failure

__all__ = ["Database", "describe_failure", "is_server_url", "set_wait_notice"]
