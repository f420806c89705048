"""Printed documents and workbooks built from the read model of a final (`app.readmodel`).

No Qt, no database: every function takes the typed `Final` and writes one file.
"""

from reports.build import EXCEL_KINDS, KINDS, PrintExtras, build_report
from reports.errors import ReportError

__all__ = ["EXCEL_KINDS", "KINDS", "PrintExtras", "ReportError", "build_report"]
