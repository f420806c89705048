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
import json
from pathlib import Path
from typing import Any

from app.cli.common import add_file, opened
from app.cli.outputs import add_output
from app.errors import FinalsError

SITE_MARKER = ".finals-site.json"
GENERATOR = "finals-manager html"


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
    # Every page (and the list of them) under a temporary name first, renamed only when all
    # are whole: a full disk leaves the site as it was, never half of a new one.
    marker = {"generator": GENERATOR, "files": sorted(files)}
    texts = {**files, SITE_MARKER: json.dumps(marker, ensure_ascii=False, indent=1)}
    from app.services.outputs import written_outputs

    made = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FinalsError(f"无法建立文件夹“{folder}”：{exc.strerror or exc}。") from exc
    from app.io.folder_files import inside  # `finals --help` loads no app.io

    paths = [inside(folder, name) for name in texts]  # no name leaves the folder
    try:
        with written_outputs(paths) as temps:
            for temp, text in zip(temps, texts.values(), strict=True):
                temp.write_text(text, encoding="utf-8", newline="\n")
    except FinalsError:
        if made:  # the folder this run made, empty again
            try:
                folder.rmdir()
            except OSError:
                pass
        raise
    for stale in sorted(previous - set(files)):
        try:
            inside(folder, stale).unlink(missing_ok=True)
        except OSError:
            pass  # a page of an earlier run left: the next run removes it
    return [folder / name for name in files]


def cmd_html(args: argparse.Namespace) -> int:
    from app.services.read_model import load_final
    from app.web.public import site_pages

    with opened(args) as db:
        final = load_final(db)
    folder = Path(args.output)
    written = write_site(site_pages(final), folder)
    print(f"已生成选手查询网站：{folder}（{len(written)} 个文件，首页 index.html）")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("html", help="生成选手查询静态网站（对阵、排名、对阵成绩表、获奖名单）")
    add_file(p)
    add_output(
        p,
        "-o",
        "--output",
        folder=True,
        required=True,
        help="输出文件夹（新的或空的，或上次生成的网站）",
    )
    p.set_defaults(handler=cmd_html)
