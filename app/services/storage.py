"""The tournament file as the window sees it: the open file's type, how a storage failure
reads in Chinese, and who is told that a writer waits for another.

The window talks to use cases, never to the store (an import contract); these three are
what it needs of the file layer itself.
"""

from app.store.database import Database, describe_failure, set_wait_notice

__all__ = ["Database", "describe_failure", "set_wait_notice"]
