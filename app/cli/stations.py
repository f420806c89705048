"""Commands for several stations on one final: `finals copy SRC DEST` moves a final between
a tournament file and a PostgreSQL server, either way, losslessly."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.cli.common import store_target
from app.cli.outputs import add_output
from app.errors import FinalsError


def cmd_copy(args: argparse.Namespace) -> int:
    from app.services.tournament import open_tournament
    from app.store.address import is_server_url
    from app.store.copy import copy_into_new_file
    from app.store.server import copy_to_server

    source_target, dest_target = store_target(args.source), store_target(args.dest)
    if not is_server_url(dest_target) and Path(dest_target).exists():
        raise FinalsError(
            f"文件 {dest_target} 已存在，没有改动它。finals copy 只写入新文件；"
            "请换一个文件名（如加上日期）。"
        )
    source = open_tournament(source_target)
    try:
        if is_server_url(dest_target):
            assert isinstance(dest_target, str)
            copied = copy_to_server(source, dest_target)
        else:
            copied = copy_into_new_file(source, Path(dest_target))
    finally:
        source.close()
    print(
        f"已把 {source.label} 复制到 {copied.target}：{len(copied.rows)} 个表，共 {copied.total} 行。"
    )
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser(
        "copy",
        help="把比赛在文件与数据库服务器之间复制（如 finals copy 比赛.finals postgresql://…）",
    )
    p.add_argument(
        "source",
        metavar="SOURCE",
        help="来源：比赛文件，或数据库地址 postgresql://用户@服务器/库名",
    )
    add_output(
        p, "dest", replace=False, metavar="DEST", help="目的：新的比赛文件（.finals），或空的数据库"
    )
    p.set_defaults(handler=cmd_copy)
