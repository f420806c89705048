import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_reports_load_without_qt_database_or_services():
    code = (
        "import sys, reports, reports.build, reports.excel, reports.certificates, reports.slips\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'sqlalchemy')"
        " or m.startswith(('app.store', 'app.services'))]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, encoding="utf-8", cwd=REPO, check=True
    )
    assert result.stdout.strip() == ""
