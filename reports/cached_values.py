"""Each formula of a saved workbook with its computed value, as Excel itself saves it.

openpyxl writes a formula cell as `<c r="F9"><f>SUM(F2:F8)</f><v/></c>`: an empty value, so a
viewer that does not recalculate (a phone's preview, a file manager's, a reader library)
shows an empty total. openpyxl cannot store a formula and its value in one cell, and writing
the values alone would lose the live totals the prize desk edits. So the workbook is saved
to memory and each formula cell of the program's own (`Book.formula`, which knows the value
it computed) gets its `<v>` in the sheet's XML before the file is written: Excel and WPS
still recompute on opening (`fullCalcOnLoad`), and a viewer shows the same number.

The XML is edited as text, not parsed and written again, so that nothing else of what openpyxl
wrote changes (namespaces, prefixes, order). A cell whose markup is not the one expected is
left as openpyxl wrote it: a formula without its value, never a damaged file.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Mapping
from decimal import Decimal
from posixpath import join, normpath

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELATIONSHIP = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"

Number = int | Decimal


def number_text(value: Number) -> str:
    """A value as the XML of a number cell holds it: 36666, 1234.5."""
    if isinstance(value, Decimal):
        text = format(value.normalize(), "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    return str(int(value))


def sheet_paths(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each sheet's name → the path of its XML in the archive."""
    book = ET.fromstring(archive.read("xl/workbook.xml"))
    rels = ET.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels}
    paths = {}
    for sheet in book.iter(f"{MAIN}sheet"):
        target = targets.get(sheet.get(RELATIONSHIP), "")
        if target:
            path = target.lstrip("/") if target.startswith("/") else join("xl", target)
            paths[sheet.get("name", "")] = normpath(path)
    return paths


def with_values(xml: str, values: Mapping[str, Number]) -> str:
    """The sheet `xml` with the value of each formula cell of `values` (by its A1 name)."""
    for ref, value in values.items():
        cell = re.compile(
            rf'(<c r="{ref}"(?: [^>]*)?>)(<f>[^<]*</f>)(?:<v\s*/>|<v>[^<]*</v>)?(</c>)'
        )
        xml = cell.sub(rf"\g<1>\g<2><v>{number_text(value)}</v>\g<3>", xml, count=1)
    return xml


def add_cached_values(data: bytes, values: Mapping[tuple[str, str], Number]) -> bytes:
    """The workbook `data` (an .xlsx) with each (sheet, cell) formula given its value."""
    by_sheet: dict[str, dict[str, Number]] = {}
    for (sheet, ref), value in values.items():
        by_sheet.setdefault(sheet, {})[ref] = value
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        paths = {
            path: by_sheet[name] for name, path in sheet_paths(source).items() if name in by_sheet
        }
        for info in source.infolist():
            content = source.read(info)
            if info.filename in paths:
                content = with_values(content.decode("utf-8"), paths[info.filename]).encode("utf-8")
            target.writestr(info, content)
    return out.getvalue()
