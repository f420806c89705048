"""Refresh the Chinese translation of the window: lupdate → fill → lrelease.

    .venv/bin/python resources/translations/update_translations.py

The source strings in ui/ are English (`self.tr("...")`); `finals_zh_CN.ts` holds their
Chinese, `finals_zh_CN.qm` is what the program loads (Chinese is the default language).
Strings new in the code are filled from ZH below when listed there; the script fails and
names any string still untranslated, so a release never shows English by accident.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TS = HERE / "finals_zh_CN.ts"
QM = HERE / "finals_zh_CN.qm"

ZH: dict[str, str] = {
    # the colour rule in force, pairing.colour_limits (issue 38 §3)
    "Colour limits are": "先后手限制",
    "Absolute rules (relaxed only when unavoidable, reported)": "绝对规则（无法满足时放宽并报告）",
    "A preference (colour balance as a cost; the check notes)": "编排偏好（先后手平衡计入编排代价，检查只作提示）",
    # the officials of the 秩序册 and the poster's network (issue 39)
    "Chief arbiter": "裁判长",
    "Deputy chief arbiters": "副裁判长",
    "Arbiters": "裁判员",
    "Venue Wi-Fi name (on the poster)": "赛场无线网络名称（印在海报上）",
    # the Help menu's quick start and keys (issue 41 §6)
    "Quick start and keys…": "快速入门与按键…",
    "Quick start and keys": "快速入门与按键",
    "Result entry keys": "成绩录入按键",
    # the window never waits (issue 40): writes queued, pages printed one a turn, no "="
    # offered in a final without draws
    "Saving No. %1…": "正在保存第%1号…",
    "Cancel": "取消",
    "Seen": "知道了",
    "Opening the settings…": "正在打开设置…",
    "Table %1: result NOT saved — %2": "第%1台的成绩未保存：%2",
    "Importing %1…": "正在导入 %1…",
    "Printing %1…": "正在打印 %1…",
    "Printing %1 was cancelled.": "%1 的打印已取消。",
    "Table, space, key, Enter: 12 1 · 12 0": "台号 空格 成绩键，回车：12 1 · 12 0",
    "Keys after the table number: 1 Black wins · 0 White wins · + White forfeits · "
    "- Black forfeits · -- both forfeit · 00 not played. Results in full work too: 1-0, 1:0, "
    "黑胜, 白弃权 …": (
        "台号后的成绩键：1 黑胜 · 0 白胜 · + 白弃权 · - 黑弃权 · -- 双方弃权 · 00 未赛。"
        "也可写完整成绩：1-0、1:0、黑胜、白弃权……"
    ),
    "Keys after the table number: 1 first mover wins · 0 second mover wins · + second mover "
    "forfeits · - first mover forfeits · -- both forfeit · 00 not played. Results in full "
    "work too: 1-0, 1:0, 先手胜, 后手弃权 …": (
        "台号后的成绩键：1 先手胜 · 0 后手胜 · + 后手弃权 · - 先手弃权 · -- 双方弃权 · 00 未赛。"
        "也可写完整成绩：1-0、1:0、先手胜、后手弃权……"
    ),
    # disqualification, 取消资格 (issue 38)
    "Disqualified": "取消资格",
    "Disqualify / undo…": "取消资格 / 撤销…",
    "Disqualify": "取消资格",
    "Disqualify %1": "取消%1的资格",
    "Undo the disqualification of %1?": "撤销%1的取消资格？",
    "Disqualify %1: he is paired no more and leaves the ranking, prizes, grades and "
    "certificates.\nReason (printed on the standings):": (
        "取消%1的资格：此后不再编排，退出名次、奖项、等级和证书。\n理由（印在名次表上）："
    ),
    # the stages of pairing a round, while a big field is paired (issue 30)
    "Round %1 of %2: reading the players…": "%2第%1轮：读取棋手…",
    "Round %1 of %2: computing the pairings…": "%2第%1轮：计算对阵…",
    "Round %1 of %2: computing the pairings (%3%)…": "%2第%1轮：计算对阵（%3%）…",
    "Round %1 of %2: saving…": "%2第%1轮：保存…",
    # the settings' prize and grade tables (issue 25 §4) and the standings' status column
    "Prizes and grades": "奖金与等级",
    "Prize table": "奖金表",
    "Grade table": "等级表",
    "The event itself": "本项目（不分组别）",
    "No table set": "尚未设置",
    "Import from sheet…": "从表格导入…",
    "A CSV or Excel sheet: 名次,奖项,奖金 (prizes) or 名次,等级 (grades)": (
        "CSV 或 Excel 表格：名次,奖项,奖金（奖金表）或 名次,等级（等级表）"
    ),
    "Remove table": "删除此表",
    "Undo last change": "撤销上次修改",
    "Import table": "导入表格",
    "Sheets (*.csv *.xlsx)": "表格 (*.csv *.xlsx)",
    "Places": "名次",
    "Prize": "奖项",
    "Amount (yuan, before tax)": "奖金（元，含税）",
    "Grade applied for": "申报等级",
    "Status": "状态",
    "Requested byes kept (not paired, points counted):": "已保留的请求轮空（不编排，计分）：",
    # what arbiters coming from Swiss-Manager or OpenGotha look for (issue 23 §5)
    "Print…": "打印…",
    "Print a PDF…": "打印 PDF 文件…",
    "Print a PDF": "打印 PDF 文件",
    "Print %1": "打印 %1",
    "Make a document first (Print menu), then print it.": "请先在“打印”菜单中生成文档，再打印。",
    "Preparing %1 for the printer…": "正在准备打印 %1…",
    "%1 sent to %2.": "%1 已送往 %2。",
    # pairing by hand (手工编排)
    "Pair by hand…": "手工编排…",
    "Pair by hand": "手工编排",
    "Build the round by hand: pick two players not yet paired and pair them, with the checker's word before and after. On a round with results: start the next round with no table.": (
        "手工编排本轮：从未编排的选手中选两人配对，配对前后都有检查结果。"
        "在已有成绩的轮次上：新建下一轮（不含任何对阵），再逐台手工编排。"
    ),
    "Only the last round (round %1) can be paired by hand: it is shown now.": (
        "只能手工编排最后一轮（第%1轮），现已显示该轮。"
    ),
    "Start round %1 of %2 with no table and pair it by hand? Each pairing is checked, recorded and can be undone.": (
        "新建%2第%1轮（不含任何对阵）并手工编排？每次配对都会检查、记入操作日志，并可撤销。"
    ),
    "%2 is planned for %3 rounds: round %1 is an extra round, and the planned number of rounds becomes %1.": (
        "%2计划%3轮：第%1轮是加赛轮，计划轮数将改为%1轮。"
    ),
    "Unpair table %1": "拆开第%1台",
    "Search: name, pinyin initials, unit or number": "搜索：姓名、拼音首字母、单位或序号",
    "Colours so far": "已执先后",
    "Click two players to pair them; click one for a bye": "点选两名选手配对；点选一名可给轮空",
    "Exchange colours": "交换先后手",
    "Pair them": "配对",
    "Give the bye": "给轮空",
    "The pair picked": "所选对局",
    "Unpair the table": "拆开所选台",
    "Clear all tables…": "清空全部对阵…",
    "Clear all tables": "清空全部对阵",
    "Black": "黑方",
    "White": "白方",
    "First": "先手",
    "Second": "后手",
    "B": "黑",
    "W": "白",
    "F": "先",
    "S": "后",
    "Pair round %1 by hand — %2": "手工编排第%1轮 — %2",
    "Not yet paired: %n player(s)": "尚未编排：%n 名选手",
    "Everyone is paired.": "全部选手均已编排。",
    "Unit (%1)": "%1单位",
    "Round %1: %n table(s)": "第%1轮：%n 台",
    "The checker found no problem at the tables made.": "已编的各台检查未发现问题。",
    "Pick two players, not %1.": "请选两名选手（现在选了%1名）。",
    "Pick two players to pair them, or one for the bye.": "选两名选手配对，或选一名给轮空。",
    "Colours exchanged by hand (the rules proposed: %1).": "先后手已手工交换（按规则应为：%1）。",
    "Colours by the rules: %1": "按规则定先后手：%1",
    "Table %1 would break a rule (it can still be paired):": "第%1台将违反规则（仍可配对）：",
    "Table %1: no rematch, no same unit, colours within the limits.": (
        "第%1台：无重复对局、非同单位、先后手符合限制。"
    ),
    "%1 pts": "%1分",
    "The round has its bye: unpair that table first.": "本轮已有轮空：请先拆开轮空台。",
    "Pair %1 with %2": "配对 %1 与 %2",
    "Take every table out of round %1 and pair it by hand? Undo puts them back.": (
        "拆开第%1轮的全部对阵，改为手工编排？“撤销”可以恢复。"
    ),
    "Clear all tables of round %1": "清空第%1轮全部对阵",
    # typing over a result on file asks first (issue 23)
    "Table %1 (%2) already has %3. Press Enter again (or Y) to change it to %4; Esc keeps %3.": (
        "第%1台（%2）已有成绩 %3。再按回车（或 Y）改为 %4；按 Esc 保留 %3。"
    ),
    # McMahon in the settings dialog and the round view (issue 18)
    "McMahon (starting score by grade)": "麦克马洪制（按段级位定起始分）",
    "McMahon bar": "麦克马洪上限",
    "McMahon floor": "麦克马洪下限",
    "e.g. 5段 (5d)": "如 5段（5d）",
    "e.g. 20级 (20k)": "如 20级（20k）",
    "Players at or above this grade start with the same McMahon score.": (
        "此段级位及以上的棋手起始分相同（麦克马洪上限 mcmahon.bar）。"
    ),
    "Players at or below this grade start at 0 (the floor group).": (
        "此段级位及以下的棋手起始分为 0（下限组，麦克马洪下限 mcmahon.floor）。"
    ),
    "MMS": "麦克马洪分",
    "Handicap": "让子",
    "Also open the players' pages": "同时开放选手查询页面",
    "Pairings, standings and each player's results for everyone on the venue network: "
    "read-only, no token, nothing private.": (
        "场馆网络中任何人都可查看对阵、排名和个人成绩：只读，无需令牌，不含任何个人隐私信息。"
    ),
    "Players' pages: %1": "选手查询页面：%1",
    "Players scan the venue poster (Print menu) or open this address.": "选手扫描场内海报（打印菜单）或打开此地址查询。",
    # display mode, file menu (save as, backups), TRF menus, audit words, pairing keys
    "Display": "大屏显示",
    "Display mode (projector)": "大屏显示（投影）",
    "P pairings · S standings · O order · Space pause · F11 full screen · Esc": "P 对阵 · S 排名 · O 排序 · 空格 暂停 · F11 全屏 · Esc 退出",
    "Change (before → after)": "改动（改前 → 改后）",
    "Save as…": "另存为…",
    "Save as": "另存为",
    "Open a backup…": "打开备份…",
    "TRF (FIDE report file)": "TRF（国际棋联成绩文件）",
    "Export this event as TRF…": "将本项目导出为 TRF…",
    "Import a TRF file as a new event…": "导入 TRF 文件为新项目…",
    "Saved as %1; the window now works on it.": "已另存为 %1；窗口现在使用这个文件。",
    "Save the backup as": "将备份另存为",
    "Replace %1 by the backup %2?\n\nThe current file is first saved as a backup of its own (you can restore it the same way); changes made after the backup are then not in the file.": "用备份 %2 替换 %1 吗？\n\n当前文件会先另存为一份备份（可以用同样的方法恢复它）；备份之后的改动将不在文件中。",
    "Restore from a backup": "从备份恢复",
    "Restored": "已恢复",
    "Export as TRF": "导出为 TRF",
    "TRF files (*.trf *.txt);;All files (*)": "TRF 文件 (*.trf *.txt);;所有文件 (*)",
    "%1 players exported to %2": "已导出 %1 名选手到 %2",
    "Import a TRF file": "导入 TRF 文件",
    "Imported event %1: %2 players, %3 rounds.": "已导入项目 %1：%2 名选手，%3 轮。",
    "Not imported:": "未导入：",
    "TRF import": "导入 TRF",
    "Backups of %1": "%1 的备份",
    "Taken": "备份时间",
    "Why": "原因",
    "Rounds paired": "已编排轮次",
    "Results entered": "已录成绩",
    "Last change in it": "其中最后一步操作",
    "State": "状态",
    "Reading the backups…": "正在读取备份…",
    "Restore from this backup…": "从此备份恢复…",
    "Save as a file and open it…": "另存为文件并打开…",
    "Close": "关闭",
    "sound": "完好",
    "%1 backups, newest first. Restoring first saves the current file as a backup.": "共 %1 份备份，最新的在前。恢复前会先把当前文件另存为一份备份。",
    "This file has no backups yet.": "这个文件还没有备份。",
    "Right-click for manual edits; Ctrl+click to pick two players. Keys: S swaps the two selected players (or the two selected tables), C exchanges colours on the selected table, A sets the two selected players against each other": "右键手动调整；按住 Ctrl 点选两名选手。按键：S 交换所选的两名选手（或所选的两台），C 交换所选台次的先后手，A 让所选的两名选手对阵",
    "Exchange tables %1 and %2": "交换第%1台与第%2台",
    "S: select two players (Ctrl+click two names) or two tables, then S.": "S：先选中两名选手（按住 Ctrl 点两个姓名）或两台，再按 S。",
    "A: select two players (Ctrl+click two names), then A.": "A：先选中两名选手（按住 Ctrl 点两个姓名），再按 A。",
    "C: select one table (not a bye), then C.": "C：先选中一台（不是轮空），再按 C。",
    "Print preview of the last document…": "打印预览（最近生成的文档）…",
    "Print preview of a PDF…": "打印预览 PDF 文件…",
    "Print preview": "打印预览",
    "PDF files (*.pdf)": "PDF 文件 (*.pdf)",
    "Make a document first (Print menu), then preview it.": "请先在“打印”菜单中生成文档，再预览。",
    "Print preview needs pdftoppm (poppler); the PDF opens in the viewer.": "打印预览需要 pdftoppm（poppler）；已改用系统查看器打开 PDF。",
    "Preparing the print preview…": "正在准备打印预览…",
    "Saving…": "正在保存…",
    "Saving… results can be typed when it is done": "正在保存……保存完成后即可继续录入成绩",
    "Still saving the previous change — press Enter again in a moment.": "上一项改动仍在保存——请稍候再按回车。",
    "The round is being read again — press Enter again in a moment.": "正在重新读取本轮——请稍候再按回车。",
    "Still saving the previous change — try again in a moment.": "上一项改动仍在保存——请稍候再试。",
    "Computing the standings…": "正在计算名次…",
    "already %1 (on the form)": "已有%1（仍列入申报表）",
    "already %1 (not on the form)": "已有%1（不列入申报表）",
    "No draws in this final: %1.": "本比赛不记和棋：%1。",
    ", %1 void after a pairing edit (dismiss with Reject)": "，%1 份因编排调整已作废（用“拒绝”移除）",
    "Extra round": "加赛轮",
    "%1 is planned for %2 rounds and all are paired. Pair round %3 as an extra round? The planned number of rounds becomes %3.": "%1计划 %2 轮，已全部编排。要把第%3轮作为加赛编排吗？计划轮数将改为 %3 轮。",
    "The file holds settings this program cannot use; the defaults are shown and OK stores them:": "文件中有本程序无法使用的设置值；下面显示的是默认值，按“确定”即保存：",
    "void: %1": "已作废：%1",
    " · round %1": " · 第%1轮",
    "%1 entries": "共 %1 个",
    "%1 entries (newest first)": "共 %1 条（最新的在前）",
    "%1 is not paired: team results are the sums of the members' games in %2.": "%1不单独编排：团体成绩由队员在 %2 的个人成绩相加。",
    "%1 of %2 shown": "显示 %1 / 共 %2",
    "%1 open": "未录 %1 台",
    "%1 tables": "%1 台",
    "%n problem(s) — fix them in the sheet and import again:": "%n 处问题——请在报名表中修改后重新导入：",
    "%n warning(s) from the checker": "检查发现 %n 处问题",
    "%v of %m entered": "已录 %v / %m 台",
    "&Edit": "编辑(&E)",
    "&File": "文件(&F)",
    "&Help": "帮助(&H)",
    "&Language": "语言(&L)",
    "&Print": "打印(&P)",
    "&View": "视图(&V)",
    "(no operator set)": "（未设置操作员）",
    "A bye adds nothing": "轮空不计入对手分",
    "A bye counts as a win": "轮空计为胜局",
    "A bye counts as an opponent with 0": "轮空按 0 分对手计",
    "A bye counts as the lowest opponent": "轮空按最低分对手计",
    "A forfeited game counts as met": "弃权局视为已相遇",
    "About": "关于",
    "Absent": "缺席",
    "Absent next round": "下轮请假",
    "Action": "操作",
    "Add player": "添加选手",
    "Add player…": "添加选手…",
    "Platform account (Yizhan username)": "平台账号（弈战用户名）",
    "Added as number %1.": "已添加，序号 %1。",
    "After": "修改后",
    "After round": "截至",
    "All events": "全部项目",
    "Always avoid": "始终回避",
    "Amount (yuan)": "金额（元）",
    "Any gender": "不限性别",
    "Any status": "不限状态",
    "Any unit": "不限单位",
    "Audit log": "操作日志",
    "Avoid in the first rounds": "前若干轮回避",
    "BYE": "轮空",
    "Before": "修改前",
    "Born": "出生日期",
    "Born (2010-05-03)": "出生日期（2010-05-03）",
    "Browse…": "浏览…",
    "By final colour (swap openings)": "按最终执子（交换开局）",
    "By lot": "抽签",
    "By seat": "按座次",
    "Bye": "轮空",
    "Byes": "轮空",
    "Cannot do that": "无法执行",
    "Category": "组别",
    "Checker": "检查",
    "Choose the output folder…": "选择输出文件夹…",
    "Choose the preset built from your regulations: events, scoring, prizes and grades. Every setting can be changed later.": "选择按竞赛规程制作的预设：项目、计分、奖项和等级称号。所有设置以后都可修改。",
    "Chosen by the first player": "由先手选择",
    "Close tournament": "关闭比赛",
    "Colours": "先后手说明",
    "Copy list": "复制列表",
    "Correct a result": "更正成绩",
    "Correct table %1 from %2 to %3 anyway?": "仍要把第%1台成绩由 %2 更正为 %3 吗？",
    "Cross-table": "对阵成绩表",
    "Delete pairing": "删除编排",
    "Delete the pairing of round %1?": "删除第%1轮的编排吗？",
    "Down": "下移",
    "Draw": "和",
    "Drawn by lot each round": "每轮抽签",
    "Dutch": "荷兰制",
    "Edit applied — the checker has warnings.": "已调整——检查发现问题，请看右侧提示。",
    "Edit player": "修改选手",
    "Edit…": "修改…",
    "Eligibility problems (from the checks and the last import):": "资格问题（检查结果及上次导入的错误）：",
    "Event": "项目",
    "Events": "项目",
    "Excel workbook (*.xlsx)": "Excel 工作簿 (*.xlsx)",
    "Exchange colours on table %1": "交换第%1台先后手",
    "Export to Excel": "导出 Excel",
    "Female": "女",
    "File": "文件",
    "File not found": "找不到文件",
    "Filter by action, target or operator": "按操作、对象或操作员筛选",
    "Finals Manager": "棋赛总决赛编排系统",
    "Finals Manager — Swiss pairing, results, standings, prizes and printing for Go and Gomoku finals. Works offline; every change is recorded in the audit log.": "棋赛总决赛编排系统——围棋、五子棋总决赛的积分编排、成绩录入、排名、奖项与打印。离线使用；每一项改动都记入操作日志。",
    "First (Black)": "先手（黑）",
    "First day": "开始日期",
    "First round": "第一轮",
    "Floats": "升降",
    "Forfeit opponents count in opponents' score": "弃权对手计入对手分",
    "Forfeit wins count as wins": "弃权胜计入胜局数",
    "Gender": "性别",
    "Give %1 the bye": "指定%1轮空",
    "Grade": "段位",
    "Grade awarded": "授予称号",
    "Grade certificates": "等级称号证书",
    "Grade list": "等级申报表",
    "Grades": "等级称号",
    "ID number": "身份证号",
    "Import from Excel…": "从 Excel 导入…",
    "Import registration sheet": "导入报名表",
    "Import registration sheet…": "导入报名表…",
    "Imported %1 players.": "已导入 %1 名选手。",
    "Largest colour surplus": "先后手差最大值",
    "Last day": "结束日期",
    "Last round: scores before colours": "末轮积分优先于先后手",
    "Latest": "最新",
    "Loss": "负",
    "Loss by forfeit": "弃权负",
    "Making %1…": "正在生成%1…",
    "Making the demo final…": "正在生成演示比赛…",
    "Male": "男",
    "Members": "队员",
    "Monrad": "蒙拉德制",
    "More certificates": "其他证书",
    "More layouts": "其他版式",
    "Check-in sheet by pinyin": "签到表（按姓名拼音）",
    "Table cards on A5": "台号牌（A5 单面）",
    "Entry list": "秩序册",
    "Check-in sheet": "签到表",
    "Table cards": "台号牌",
    "Team line-up sheet": "团体赛出场名单",
    "Prize ceremony order": "颁奖顺序表",
    "Player lookup poster": "选手查询海报",
    "McMahon start scores": "麦克马洪起始分",
    "Move table": "调整台号",
    "Move table %1 to %2": "第%1台移到第%2台",
    "Move table %1 to…": "移动第%1台到…",
    "Name": "姓名",
    "Name index": "姓名索引",
    "Neighbours (1-2, 3-4)": "相邻序号（1-2、3-4）",
    "Never avoid": "不回避",
    "Never repeat the previous round's opening": "不与上一轮开局重复",
    "New number for %1:": "%1的新序号：",
    "New table number for table %1:": "第%1台的新台号：",
    "New tournament": "新建比赛",
    "New tournament…": "新建比赛…",
    "No one gets the same colour three times running": "不连续三轮同一先后手",
    "No problem found.": "未发现问题。",
    # Teams (issue 13): registered before the final; an ineligible team is marked.
    "Note": "备注",
    "Teams are registered before the final": "队伍应在总决赛前报名",
    "Compose a team all the same (forced)?": "仍要强制组队吗？",
    "Dissolve %1 all the same (forced)?": "仍要强制解散“%1”吗？",
    "The forced change is written to the audit log and marked on the team list.": "强制变更将记入操作日志，并在队伍名单上标注。",
    "%1 not eligible: still ranked, prizes paid and marked": "%1 支不符合参赛条件：仍计名次，奖金照发并标注",
    "%1 not eligible: still ranked, prizes withheld": "%1 支不符合参赛条件：仍计名次，奖金不发",
    "No round is paired yet in this event.": "本项目还没有编排任何轮次。",
    "No round paired yet.": "尚未编排。",
    "No.": "序号",
    "None": "无",
    "Not changed.": "未更改。",
    "Only open tables": "只看未录台次",
    "Open file…": "打开文件…",
    "Open the demo": "打开演示比赛",
    "Connect to a server…": "连接数据库服务器…",
    "Connect to a server": "连接数据库服务器",
    "The final's database address, e.g.\npostgresql://arbiter@192.168.1.10/final\n"
    "(several stations work on it at once; each sees the others' changes)": (
        "比赛数据库的地址，例如\npostgresql://arbiter@192.168.1.10/final\n"
        "（多个站点可同时使用，各站点都能看到其他站点的改动）"
    ),
    "Changes made at another station are shown.": "已显示其他站点的改动。",
    "Station: %1 · %2": "站点：%1 · %2",
    "Cannot read the final: %1": "无法读取比赛数据：%1",
    "The final can be read again.": "已恢复与比赛数据的连接。",
    "Open the output folder": "打开输出文件夹",
    "Open tournament": "打开比赛",
    "Openings": "指定开局",
    "Open…": "打开…",
    "Operator": "操作员",
    "Station": "站点",
    "Operator (recorded in the audit log)": "操作员（记入操作日志）",
    "Operator: %1": "操作员：%1",
    "Organisers": "主办单位",
    "Output folder": "输出文件夹",
    "Overall": "总排名",
    "Pair next round": "编排下一轮",
    "Pair round %1 again? Manual edits of this round are replaced.": "重新编排第%1轮吗？本轮的手工调整将被替换。",
    "Pair standings": "双人赛成绩表",
    "Pairing": "编排",
    "Pairing list": "对阵表",
    "Pairing report": "编排说明",
    "Pairing round %1 of %2…": "正在编排%2第%1轮…",
    "Pairing system": "编排制度",
    "Pairs": "双人",
    "Participation certificates": "参赛证书",
    "Phone": "电话",
    "Place": "名次",
    "Players": "选手",
    "Playing": "参赛",
    "Points": "积分",
    "Points carried in (late entry)": "带入积分（迟到报名）",
    "Preset": "预设",
    "Print certificates": "打印证书",
    "Print cross-table": "打印对阵成绩表",
    "Print pairings": "打印对阵表",
    "Print prize sheet": "打印奖金发放表",
    "Print result slips": "打印成绩登记单",
    "Print standings": "打印排名表",
    "Printing": "打印",
    "Prize certificates": "奖状",
    "Prize sheet": "奖金发放表",
    "Prize category": "奖项",
    "Prizes": "奖项",
    "Problems": "问题",
    "Pts": "积分",
    "Qualified via": "来源",
    "Qualifier rank": "入围名次",
    "Quit": "退出",
    "Rank": "名次",
    "Rating": "等级分",
    "Re-pair": "重新编排",
    "Recent files": "最近的文件",
    "Recent files (double-click to open):": "最近的文件（双击打开）：",
    "Redo": "重做",
    "Refresh": "刷新",
    "Region": "地区",
    "Registration sheet not imported": "报名表未导入",
    "Registration sheets (*.xlsx *.csv)": "报名表 (*.xlsx *.csv)",
    "Regulations": "竞赛规程",
    "Result": "成绩",
    "Result slips": "成绩登记单",
    "Results": "成绩录入",
    "Right-click for manual edits; Ctrl+click to pick two players": "右键手工调整；按住 Ctrl 点选两名选手",
    "Round": "轮次",
    "Round %1": "第%1轮",
    "Round %1 has no table %2.": "第%1轮没有第%2台。",
    "Round %1 paired.": "第%1轮已编排。",
    "Round robin (Berger)": "循环赛（贝格尔）",
    "Rounds planned": "计划轮数",
    "Same unit": "同单位",
    "Same-unit avoidance": "同单位回避",
    "Save blank registration template…": "保存空白报名表模板…",
    "Save blank template": "保存空白模板",
    "Save blank template…": "保存空白模板…",
    "Saved %1": "已保存 %1",
    "Scoring": "计分",
    "Search: name, pinyin or initials (zs finds 张三), unit, number": "搜索：姓名、拼音或首字母（zs 可找到张三）、单位、序号",
    "Second (White)": "后手（白）",
    "Second mover": "后手判定",
    "Select a player first.": "请先选中一名选手。",
    "Separate several with 、 or commas": "多个单位用“、”或逗号分隔",
    "Set %1 against %2": "指定%1对%2",
    "Set number": "修改序号",
    "Set number…": "修改序号…",
    "Set two players against each other": "指定两名选手对阵",
    "Settings": "设置",
    "Settings of %1": "%1的设置",
    "Settings…": "设置…",
    "Shared place": "并列",
    "Size": "人数",
    "Something went wrong: %1": "出现错误：%1",
    "Split halves": "上下半区",
    "Standings": "排名",
    "Standings and prizes": "排名与奖项",
    "Status of %1": "%1的状态",
    "Swap %1 and %2": "交换%1与%2",
    "Swap two players (Ctrl+click two names)": "交换两名选手（按住 Ctrl 点选两人）",
    "Swiss (weighted matching)": "积分编排（加权匹配）",
    "Swiss finals for Go and Gomoku: pairing, results, standings, printing": "围棋、五子棋积分编排总决赛：编排、成绩、排名、打印",
    "Table": "台次",
    "Table %1: %2 (%3)": "第%1台：%2（%3）",
    "Table %1: %2 → %3": "第%1台：%2 → %3",
    "Sum of the members' individual results": "队员个人成绩之和",
    "Team matches, board by board": "团体对抗（逐台计分）",
    "Team event played as": "团体赛方式",
    "Table %1 board %2: %3 (board points %4:%5)": "第%1台第%2台次：%3（局分 %4:%5）",
    "Team standings": "团体成绩表",
    "Teams": "团体",
    "Teams and pairs": "团体与双人",
    "Teams and pairs are edited through their members.": "团体和双人组合请修改其队员。",
    "The checker found no problem.": "检查未发现问题。",
    "The tournament": "比赛信息",
    "Tie-break order after points (tick to use, drag or use the buttons):": "积分之后的小分顺序（勾选使用，拖动或用按钮排序）：",
    "Tie-breaks": "小分",
    "Time": "时间",
    "Title": "名称",
    "Top half against bottom half": "上半区对下半区",
    "Tournament file": "比赛文件",
    "Tournament files (*.finals)": "比赛文件 (*.finals)",
    "Tournament files (*.finals);;All files (*)": "比赛文件 (*.finals);;所有文件 (*)",
    "Unbroken ties": "小分全同",
    "Undo": "撤销",
    "Undo edit": "撤销调整",
    "Unit": "单位",
    "Unit (first)": "先手单位",
    "Unit (second)": "后手单位",
    "Up": "上移",
    "Venue": "地点",
    "What": "对象",
    "Win": "胜",
    "Win by forfeit": "弃权胜",
    "Withdraw": "退赛",
    "Withdraw %1 from the next round on?": "%1自下一轮起退赛吗？",
    "Withdraw / reinstate": "退赛 / 恢复",
    "Withdraw after forfeits": "弃权几次后退赛",
    "Start of each round (YYYY-MM-DD HH:MM; empty: none):": "各轮开赛时间（写成 YYYY-MM-DD HH:MM；留空表示未定）：",
    "Schedule": "赛程",
    "Start time": "开赛时间",
    "Withdrawn": "退赛",
    "Working…": "正在处理…",
    "e.g. 王裁判": "例如 王裁判",
    "lot seed %1": "抽签种子 %1",
    "opening %1": "开局 %1",
    "results %1/%2": "已录 %1/%2",
    "— corrected": "——已更正",
    "…for the first rounds": "…回避的轮数",
    "✔ Round complete": "✔ 本轮成绩已齐",
    # Result entry: table and key always separated; Ctrl+Z undoes results (issue 11)
    "Table, space, key, Enter: 12 1 · 12 0 · 12 =": "台号 空格 成绩键，回车：12 1 · 12 0 · 12 =",
    "Keys after the table number: 1 Black wins · 0 White wins · = draw · + White forfeits · - Black forfeits · -- both forfeit · 00 not played. Results in full work too: 1-0, 1:0, 黑胜, 白弃权 …": "台号后的成绩键：1 黑胜 · 0 白胜 · = 和棋 · + 白弃权 · - 黑弃权 · -- 双方弃权 · 00 未赛。也可写完整成绩：1-0、1:0、黑胜、白弃权……",
    "Keys after the table number: 1 first mover wins · 0 second mover wins · = draw · + second mover forfeits · - first mover forfeits · -- both forfeit · 00 not played. Results in full work too: 1-0, 1:0, 先手胜, 后手弃权 …": "台号后的成绩键：1 先手胜 · 0 后手胜 · = 和棋 · + 后手弃权 · - 先手弃权 · -- 双方弃权 · 00 未赛。也可写完整成绩：1-0、1:0、先手胜、后手弃权……",
    "Put a space between table and key: 12 1. A number alone (12) goes to that table; a key alone applies to the selected table. Ctrl+Z undoes the last result, Ctrl+Y redoes it.": "台号与成绩键之间加空格：12 1。只输入台号（12）跳到该台；只输入成绩键则录入选中的台次。Ctrl+Z 撤销上一个成绩，Ctrl+Y 重做。",
    "Type a table number, a space and a result key, e.g. 12 1": "请输入台号、空格和成绩键，例如 12 1",
    "Put a space between the table and the result: 12 1.": "台号与成绩之间请加空格，如 12 1。",
    "Table %1 (%2): type the result key, then Enter.": "第%1台（%2）：请输入成绩键，回车确认。",
    "Nothing to undo.": "没有可撤销的操作。",
    "Nothing to redo.": "没有可重做的操作。",
    "Undone: %1": "已撤销：%1",
    "Redone: %1": "已重做：%1",
    # Teams and pairs: composing and dissolving
    "Compose": "组建",
    "Compose a team": "组建团体",
    "Compose…": "组建…",
    "Dissolve": "解散",
    "Dissolve %1?": "解散%1吗？",
    "Members (seed numbers or names in the individual event, separated by commas):": "队员（个人项目中的序号或姓名，用逗号分隔）：",
    "Team name:": "队名：",
    "The two players' names, separated by a comma:": "两名选手的姓名，用逗号分隔：",
    # Phone entry: a table link locked after too many wrong referee PINs (issue 27 §4)
    "Locked table links": "已锁定的台次链接",
    "Too many wrong referee PINs were typed on these tables' links: their phones cannot submit, "
    "even with the right PIN, until you unlock them. Check with the table first.": (
        "这些台的链接上输错裁判口令次数过多：在解除锁定之前，其手机即使输入正确口令也无法提交。"
        "请先到该台核实。"
    ),
    "Locked since": "锁定时间",
    "Wrong PINs": "口令输错次数",
    "Unlock": "解除锁定",
    "Unlock the selected links (all of them when none is selected).": (
        "解除所选链接的锁定（未选择时解除全部）。"
    ),
    "Table %1 locked: its phone cannot submit.": "第%1台链接已锁定，手机无法提交。",
    "Table %1: too many wrong referee PINs, its link is locked.": (
        "第%1台：裁判口令输错次数过多，链接已锁定。"
    ),
    # Phone entry (现场录入): the server for the tables' phones and the arbiter's queue
    "%1 in conflict left for you to decide.": "另有 %1 条冲突，请逐条处理。",
    "%1 waiting for you": "待确认 %1 条",
    "%1, round %2": "%1 第%2轮",
    ", %1 in conflict": "，其中冲突 %1 条",
    "Accept (Enter)": "接受（Enter）",
    "Accept all without conflict": "接受全部无冲突",
    "Accept automatically when the table has no result": "本台尚无成绩时自动接受",
    "Accept it anyway?": "仍要接受吗？",
    "Accepted %1.": "已接受 %1 条。",
    "Accepted No. %1: round %2, table %3, %4.": "已接受第%1号：第%2轮第%3台，%4。",
    "Address": "地址",
    "Client address": "来源地址",
    "Conflict": "冲突",
    "Enter or A accepts the selected submission · R or Delete rejects it · a conflict (red) must be decided one by one": "Enter 或 A 接受选中的提交 · R 或 Delete 拒绝 · 冲突（红色）须逐条处理",
    "Fouls": "犯规",
    "Manner": "胜负方式",
    "No round of this event is paired.": "本项目尚未编排。",
    "No submission is waiting.": "没有待确认的提交。",
    "No. %1 (table %2, %3) is in conflict: %4.\n\nAccept it? Any other submission for this table is then rejected.": "第%1号（第%2台，%3）有冲突：%4。\n\n接受这条吗？本台的其他提交将被拒绝。",
    "Not running. Choose the address the phones can reach, then Start.": "未启动。请选择手机能访问的地址，再点“启动”。",
    "Open a tournament to start phone entry.": "请先打开比赛，再启动现场录入。",
    "Pair a round of an individual or pair event first: the server serves the current event's latest round.": "请先编排个人或双人项目的一轮：现场录入服务的是当前项目的最新一轮。",
    "Phone entry": "现场录入",
    "Phone entry (%1)": "现场录入（%1）",
    "Phones must be on the same Wi-Fi as this computer. Each result slip carries the QR code of its own table: print the slips after starting, so they carry this address. If phones cannot connect, allow Finals Manager through the firewall.": "手机须与本机连在同一 Wi-Fi。每张成绩登记单印有本台的二维码：请在启动后再打印登记单，登记单上才是这个地址。手机连不上时，请在防火墙中允许本程序。",
    "Port": "端口",
    "Referee PIN": "台裁口令",
    "Reject": "拒绝",
    "Reject (R)…": "拒绝（R）…",
    "Reject No. %1 (table %2, %3)? Reason (optional):": "拒绝第%1号（第%2台，%3）吗？原因（可不填）：",
    "Rejected No. %1 (table %2).": "已拒绝第%1号（第%2台）。",
    "Round served": "服务轮次",
    "Server on the venue network": "赛场局域网服务",
    "Start": "启动",
    "Stop": "停止",
    "Table %1: %2 accepted automatically.": "第%1台：%2 已自动接受。",
    "any free port": "自动选择",
    "both forfeit": "双方弃权",
    "conflict": "冲突",
    "draw": "和棋",
    "first forfeits": "先手弃权",
    "first wins": "先手胜",
    "optional: referees type it to submit": "可不设；设了则台裁提交时须输入",
    "second forfeits": "后手弃权",
    "second wins": "后手胜",
    "■ Stopped.": "■ 已停止。",
    "■ Stopped: every result of the round is in, so the table links no longer work.": "■ 已停止：本轮成绩已全部录入，各台链接随之失效。",
    "● Running — %1 received. Referees scan their table's slip or this code.": "● 运行中——已收到 %1 条。台裁扫描本台登记单或此二维码。",
    "Player card": "选手卡片",
    "Player card…": "选手卡片…",
    "Loading…": "正在读取…",
    "Opp. no.": "对手序号",
    "Opponent": "对手",
    "Colour": "执子",
    "Total": "累计积分",
    "rating %1": "等级分 %1",
    "place %1": "第 %1 名",
    "%1 points": "%1 分",
    "This round": "本轮得分",
    "Re-seed all": "重排全部序号",
    "Re-seed all…": "重排全部序号…",
    "Re-seed": "重排",
    "Re-seed %1": "重排序号：%1",
    "By rating (highest first)": "按等级分（高者在前）",
    "By grade (strongest first: 段 before 级)": "按段级位（强者在前：段在级前）",
    "By qualifier rank (1st first)": "按预选赛名次（第1名在前）",
    "Every number (序号) of %1's %2 entrants is given again; equal values keep their present order. Only before round 1 is paired. Edit → Undo puts the old numbers back.": "将重新编定%1全部 %2 个参赛单位的序号；相同者保持现有顺序。仅限第1轮编排之前。可用“编辑 → 撤销”恢复原序号。",
    "Tournament": "比赛信息",
    "Komi (Go)": "贴目（围棋）",
    "Certificate issuer": "证书落款",
    "Certificate number prefix": "证书编号前缀",
    "Certificate background image": "证书背景图片",
    "Server address for QR codes": "二维码使用的服务器地址",
    "YYYY-MM-DD": "YYYY-MM-DD",
    "separate with 、": "多个用“、”分隔",
    "e.g. 3又3/4子 or 7.5目": "如 3又3/4子 或 7.5目",
    "empty: the first organiser": "不填：用第一个主办单位",
    "a PNG or JPEG file; empty: none": "PNG 或 JPEG 图片文件；不填：无背景",
    "e.g. http://192.168.1.20:8765 (empty: set when the phone server starts)": "如 http://192.168.1.20:8765（不填：启动现场录入服务时自动记下）",
    "Empty: the standard wording. Placeholders such as {姓名} {名次} are filled in.": "不填：用标准文字。{姓名}、{名次} 等占位符会自动填入。",
    "Certificate text": "证书文字",
    "Team and pair prizes: a certificate per member": "团体、双人奖项每名队员各发一张证书",
    "Print a dashed circle where the seal goes": "印出盖章位置（虚线圆圈）",
    "These apply to the whole final (every event). Each round's start time is in the Schedule tab.": "以下设置适用于整个比赛（所有项目）。各轮开赛时间在“赛程”页设置。",
    # Issue 23 §4: everything from the window (backups, read-only files, draws, languages, words)
    "Black (first)": "黑方",
    "White (second)": "白方",
    "First to move": "先手",
    "Second to move": "后手",
    "Unit (Black)": "黑方单位",
    "Unit (White)": "白方单位",
    "Black and white": "黑白说明",
    "Team name": "队名",
    "Black wins": "黑胜",
    "White wins": "白胜",
    "White forfeits": "白弃权",
    "Black forfeits": "黑弃权",
    "Allow changes to this backup…": "允许修改这份备份…",
    "the phone server stops (the phones cannot submit until you start it again)": (
        "现场录入服务会停止（重新启动前，手机无法提交成绩）"
    ),
    "the undo history is emptied (%1 changes can no longer be undone)": (
        "撤销记录会清空（%1 项改动将不能再撤销）"
    ),
    "Switch language": "切换语言",
    "Switching the language opens the window again:": "切换语言会重新打开窗口：",
    "Your results and changes stay in the file. Switch now?": "已录入的成绩和改动都保存在文件中，不受影响。现在切换吗？",
    "BACKUP %1": "备份：%1",
    "READ-ONLY": "只读",
    "Backup": "备份",
    "Read-only": "只读",
    "Read-only: %1": "只读：%1",
    "Changes are saved in this backup of %1, not in the tournament file.": (
        "改动保存在 %1 的这份备份中，不会改到比赛文件。"
    ),
    "This file is a backup of %1 (%2), not the tournament file.\n\nChanges made now are saved in the backup only; the tournament file stays as it is. To bring the tournament file back to this backup, open it and restore from File → Open a backup… instead.\n\nChange this backup?": (
        "这个文件是 %1 的备份（%2），不是比赛文件。\n\n现在的改动只保存在这份备份中，比赛文件保持原样。"
        "要让比赛文件回到这份备份，请打开比赛文件，用“文件 → 打开备份…”恢复。\n\n确定要修改这份备份吗？"
    ),
    "Change a backup": "修改备份",
    "This file cannot be changed (see the note above the tabs): phone entry, which writes the phones' results into it, cannot start.": (
        "这个文件不能写入（见窗口上方的说明）：现场录入要把手机提交的成绩写入文件，因此不能启动。"
    ),
    "Allow draws": "允许和棋",
    "Record table %1 as a draw and allow draws in this final from now on (for example a triple ko)? The change of setting is written to the audit log; Settings… changes it back.": (
        "把第%1台记为和棋，并从现在起允许本比赛记和棋（如三劫循环）吗？设置的改动记入操作日志；"
        "可在“设置…”中改回。"
    ),
    "By the komi: none in Go with a half-point komi (3又3/4子)": "按贴目：围棋贴目不是整目（如 3又3/4子）时不能记和棋",
    "Allowed (e.g. a Go game drawn by triple ko)": "可以记和棋（如围棋三劫循环判和）",
    "No draws (never recorded)": "不能记和棋",
    "Draws": "和棋",
    # pairing by hand: two of one unit once the units are no longer kept apart (issue 38 §6)
    "Table %1: no rematch, colours within the limits; %2.": "第%1台：无重复对局、先后手符合限制；%2。",
    "same unit (not kept apart from round %1 on)": "同单位（第%1轮起不回避）",
    "same unit (units are not kept apart in this event)": "同单位（本项目不回避同单位）",
    # the medal list beside the prize sheet (issue 38 §6)
    "Medal list": "奖牌名单",
    # the prize and grade tabs say which results they hold (issue 38 §5)
    "before round 1": "开赛前",
    "after round %1": "第%1轮后",
    "%1 (final)": "%1（最终）",
    "Final results": "最终",
    "Provisional (%1)": "临时（%1）",
    "%1 %2": "%1%2",
    ", ": "、",
}


def tool(name: str) -> str:
    local = Path(sys.executable).parent / name
    found = str(local) if local.exists() else shutil.which(name)
    if not found:
        raise SystemExit(f"{name} not found: install PySide6 (it ships the Linguist tools)")
    return found


def main() -> int:
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py"))
    subprocess.run(
        [
            tool("pyside6-lupdate"),
            *sources,
            "-no-obsolete",
            "-locations",
            "none",
            "-target-language",
            "zh_CN",
            "-ts",
            str(TS),
        ],
        cwd=ROOT,
        check=True,
    )
    tree = ET.parse(TS)
    missing: list[str] = []
    for message in tree.iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        if translation is None:
            translation = ET.SubElement(message, "translation")
        text = ZH.get(source)
        if message.get("numerus") == "yes":
            forms = translation.findall("numerusform")
            if text is not None:
                for form in forms:
                    translation.remove(form)
                ET.SubElement(translation, "numerusform").text = text
                translation.attrib.pop("type", None)
            elif not any(f.text for f in forms):
                missing.append(source)
            continue
        if text is not None:
            translation.text = text
            translation.attrib.pop("type", None)
        elif not translation.text:
            missing.append(source)
    ET.indent(tree)
    tree.write(TS, encoding="utf-8", xml_declaration=True)
    with TS.open("r+", encoding="utf-8") as handle:  # lrelease wants the doctype back
        body = handle.read().replace(
            "<?xml version='1.0' encoding='utf-8'?>",
            '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>',
            1,
        )
        handle.seek(0)
        handle.write(body)
        handle.truncate()
    subprocess.run([tool("pyside6-lrelease"), str(TS), "-qm", str(QM)], check=True)
    if missing:
        print("untranslated:", *missing, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
