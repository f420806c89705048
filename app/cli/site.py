"""`finals html` (the static site of the players' pages) and `finals report … poster`.

`html` writes what `finals serve --public` shows (the same renderer, `app.web.public`),
plus the cross-tables and the prize list, as plain files with relative links: the
organiser uploads the folder after each round. A folder is written only when it is new,
empty, or a site this command wrote before (it keeps a list of its files there,
`SITE_MARKER`); other files in it are never touched.

`report` is the `reports` module's command (same options, same handler) with one kind
added here: the poster, whose address (`--base-url`, else the one `serve` last ran on) the
command line knows and the document does not.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
from pathlib import Path
from typing import Any

from app.cli.common import opened
from app.errors import FinalsError

SITE_MARKER = ".finals-site.json"
GENERATOR = "finals-manager html"
POSTER_NO_ADDRESS = (
    "不知道选手查询页面的地址，海报无法印二维码。请加 --base-url http://本机地址:8765/，"
    "或先用 finals serve {file} --bind 本机地址 --public 启动一次服务（会记下它的地址），"
    "或 finals settings {file} --set remote_entry_url=http://本机地址:8765/。"
)


def _previous_files(folder: Path) -> set[str] | None:
    """The files an earlier `finals html` wrote into `folder` (None: not our site)."""
    try:
        data = json.loads((folder / SITE_MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("generator") != GENERATOR:
        return None
    files = data.get("files")
    if not isinstance(files, list):
        return None
    return {f for f in files if isinstance(f, str) and "/" not in f and "\\" not in f}


def write_site(files: dict[str, str], folder: Path) -> list[Path]:
    """Write the site's files into `folder` (created if missing); FinalsError (Chinese) when
    it holds anything that is not ours. Our files of an earlier run no longer made (a round
    removed) are deleted; nothing else is."""
    if folder.exists() and not folder.is_dir():
        raise FinalsError(f"“{folder}”是一个文件，不是文件夹。请换一个输出文件夹。")
    previous: set[str] = set()
    if folder.exists():
        present = {p.name for p in folder.iterdir()}
        if present:
            ours = _previous_files(folder)
            if ours is None:
                raise FinalsError(
                    f"文件夹“{folder}”不是空的，也不是本程序生成的网站。"
                    "为免覆盖其他文件，请指定一个新的或空的文件夹。"
                )
            strangers = sorted(set(files) & (present - ours - {SITE_MARKER}))
            if strangers:
                raise FinalsError(
                    f"文件夹“{folder}”中的 {strangers[0]} 等文件不是本程序生成的，"
                    "不予覆盖。请移走它们，或换一个输出文件夹。"
                )
            previous = ours & present
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for name, text in files.items():
            path = folder / name
            partial = folder / f".{name}.partial"
            partial.write_text(text, encoding="utf-8", newline="\n")
            os.replace(partial, path)
            written.append(path)
        for stale in sorted(previous - set(files)):
            (folder / stale).unlink(missing_ok=True)
        marker = {"generator": GENERATOR, "files": sorted(files)}
        (folder / SITE_MARKER).write_text(
            json.dumps(marker, ensure_ascii=False, indent=1), encoding="utf-8"
        )
    except OSError as exc:
        raise FinalsError(f"无法写入文件夹“{folder}”：{exc.strerror or exc}。") from exc
    return written


def cmd_html(args: argparse.Namespace) -> int:
    from app.readmodel.load import load_final
    from app.web.public import site_pages

    with opened(args) as db:
        final = load_final(db)
    folder = Path(args.output)
    written = write_site(site_pages(final), folder)
    print(f"已生成选手查询网站：{folder}（{len(written)} 个文件，首页 index.html）")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """`finals report`: the poster here, every other kind as `app.cli.reports` prints it."""
    from app.cli import reports

    if args.kind != "poster":
        return reports.cmd_report(args)
    from app.readmodel.load import load_final
    from app.services.remote_entry import remembered_base_url

    out = Path(args.output)
    if out.suffix.lower() != ".pdf":
        raise FinalsError(f"海报只能输出 PDF：输出文件 {out.name} 的扩展名应为 .pdf。")
    with opened(args) as db:
        url = args.base_url or remembered_base_url(db)
        if not url:
            raise FinalsError(POSTER_NO_ADDRESS.format(file=args.file))
        final = load_final(db)
    # The command line is the composition root: the reports are loaded by name at run time
    # (as the window is), the one place in `app` that reaches up to them.
    build = importlib.import_module("reports.build")
    errors = importlib.import_module("reports.errors")
    try:
        path = build.build_report(
            final,
            "poster",
            out,
            large=args.large,
            extras=build.PrintExtras(links={("", 0, 0): url}),
        )
    except errors.ReportError as exc:
        raise FinalsError(str(exc)) from exc
    print(f"已生成选手查询海报：{path}（二维码：{url}）")
    return 0


class _Capture:
    """The subparsers as `app.cli.reports.register` sees them, keeping what it adds."""

    def __init__(self, sub: Any) -> None:
        self._sub = sub
        self.parsers: dict[str, Any] = {}

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        parser = self._sub.add_parser(name, **kwargs)
        self.parsers[name] = parser
        return parser


def register(sub: Any) -> None:
    from app.cli import reports

    capture = _Capture(sub)
    reports.register(capture)
    report = capture.parsers.get("report")
    if isinstance(report, argparse.ArgumentParser):  # not the stand-in of another run
        report.set_defaults(handler=cmd_report)
        for action in report._actions:
            if action.dest == "kind" and action.help and "poster" not in action.help:
                action.help += " poster（选手查询海报：--base-url，--large 为 A3）"

    p = sub.add_parser("html", help="生成选手查询静态网站（对阵、排名、对阵成绩表、获奖名单）")
    p.add_argument("file")
    p.add_argument(
        "-o", "--output", required=True, help="输出文件夹（新的或空的，或上次生成的网站）"
    )
    p.set_defaults(handler=cmd_html)
