"""Printed documents and workbooks built from the JSON export (docs/export-schema.md).

No Qt, no database: every function takes the export `dict` and writes one file.
"""

from reports.build import EXCEL_KINDS, KINDS, build_report
from reports.errors import ReportError

__all__ = ["EXCEL_KINDS", "KINDS", "ReportError", "build_report"]
