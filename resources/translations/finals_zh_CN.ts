<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>AuditModel</name>
    <message>
      <source>Time</source>
      <translation>时间</translation>
    </message>
    <message>
      <source>Operator</source>
      <translation>操作员</translation>
    </message>
    <message>
      <source>Station</source>
      <translation>站点</translation>
    </message>
    <message>
      <source>Action</source>
      <translation>操作</translation>
    </message>
    <message>
      <source>What</source>
      <translation>对象</translation>
    </message>
    <message>
      <source>Change (before → after)</source>
      <translation>改动（改前 → 改后）</translation>
    </message>
  </context>
  <context>
    <name>AuditView</name>
    <message>
      <source>Filter by action, target or operator</source>
      <translation>按操作、对象或操作员筛选</translation>
    </message>
    <message>
      <source>Refresh</source>
      <translation>刷新</translation>
    </message>
    <message>
      <source>%1 entries (newest first)</source>
      <translation>共 %1 条（最新的在前）</translation>
    </message>
  </context>
  <context>
    <name>BackupsDialog</name>
    <message>
      <source>Backups of %1</source>
      <translation>%1 的备份</translation>
    </message>
    <message>
      <source>Taken</source>
      <translation>备份时间</translation>
    </message>
    <message>
      <source>Why</source>
      <translation>原因</translation>
    </message>
    <message>
      <source>Rounds paired</source>
      <translation>已编排轮次</translation>
    </message>
    <message>
      <source>Results entered</source>
      <translation>已录成绩</translation>
    </message>
    <message>
      <source>Last change in it</source>
      <translation>其中最后一步操作</translation>
    </message>
    <message>
      <source>State</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Reading the backups…</source>
      <translation>正在读取备份…</translation>
    </message>
    <message>
      <source>Restore from this backup…</source>
      <translation>从此备份恢复…</translation>
    </message>
    <message>
      <source>Save as a file and open it…</source>
      <translation>另存为文件并打开…</translation>
    </message>
    <message>
      <source>Close</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>sound</source>
      <translation>完好</translation>
    </message>
    <message>
      <source>%1 backups, newest first. Restoring first saves the current file as a backup.</source>
      <translation>共 %1 份备份，最新的在前。恢复前会先把当前文件另存为一份备份。</translation>
    </message>
    <message>
      <source>This file has no backups yet.</source>
      <translation>这个文件还没有备份。</translation>
    </message>
  </context>
  <context>
    <name>DisplayWindow</name>
    <message>
      <source>Display</source>
      <translation>大屏显示</translation>
    </message>
    <message>
      <source>P pairings · S standings · O order · Space pause · F11 full screen · Esc</source>
      <translation>P 对阵 · S 排名 · O 排序 · 空格 暂停 · F11 全屏 · Esc 退出</translation>
    </message>
  </context>
  <context>
    <name>Errors</name>
    <message>
      <source>Something went wrong: %1</source>
      <translation>出现错误：%1</translation>
    </message>
    <message>
      <source>Cannot do that</source>
      <translation>无法执行</translation>
    </message>
  </context>
  <context>
    <name>FileActions</name>
    <message>
      <source>Open tournament</source>
      <translation>打开比赛</translation>
    </message>
    <message>
      <source>Tournament files (*.finals);;All files (*)</source>
      <translation>比赛文件 (*.finals);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Connect to a server</source>
      <translation>连接数据库服务器</translation>
    </message>
    <message>
      <source>The final's database address, e.g.
postgresql://arbiter@192.168.1.10/final
(several stations work on it at once; each sees the others' changes)</source>
      <translation>比赛数据库的地址，例如
postgresql://arbiter@192.168.1.10/final
（多个站点可同时使用，各站点都能看到其他站点的改动）</translation>
    </message>
    <message>
      <source>Making the demo final…</source>
      <translation>正在生成演示比赛…</translation>
    </message>
    <message>
      <source>Save as</source>
      <translation>另存为</translation>
    </message>
    <message>
      <source>Saved as %1; the window now works on it.</source>
      <translation>已另存为 %1；窗口现在使用这个文件。</translation>
    </message>
    <message>
      <source>Save the backup as</source>
      <translation>将备份另存为</translation>
    </message>
    <message>
      <source>Replace %1 by the backup %2?

The current file is first saved as a backup of its own (you can restore it the same way); changes made after the backup are then not in the file.</source>
      <translation>用备份 %2 替换 %1 吗？

当前文件会先另存为一份备份（可以用同样的方法恢复它）；备份之后的改动将不在文件中。</translation>
    </message>
    <message>
      <source>Restore from a backup</source>
      <translation>从备份恢复</translation>
    </message>
    <message>
      <source>Restored</source>
      <translation>已恢复</translation>
    </message>
  </context>
  <context>
    <name>GamesModel</name>
    <message>
      <source>BYE</source>
      <translation>轮空</translation>
    </message>
    <message>
      <source>Draw</source>
      <translation>和</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>台次</translation>
    </message>
    <message>
      <source>No.</source>
      <translation>序号</translation>
    </message>
    <message>
      <source>First (Black)</source>
      <translation>先手（黑）</translation>
    </message>
    <message>
      <source>Pts</source>
      <translation>积分</translation>
    </message>
    <message>
      <source>MMS</source>
      <translation>麦克马洪分</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>成绩</translation>
    </message>
    <message>
      <source>Second (White)</source>
      <translation>后手（白）</translation>
    </message>
    <message>
      <source>Colours</source>
      <translation>先后手说明</translation>
    </message>
    <message>
      <source>Floats</source>
      <translation>升降</translation>
    </message>
    <message>
      <source>Checker</source>
      <translation>检查</translation>
    </message>
    <message>
      <source>Unit (first)</source>
      <translation>先手单位</translation>
    </message>
    <message>
      <source>Handicap</source>
      <translation>让子</translation>
    </message>
    <message>
      <source>Unit (second)</source>
      <translation>后手单位</translation>
    </message>
    <message>
      <source>Black (first)</source>
      <translation>黑方</translation>
    </message>
    <message>
      <source>First to move</source>
      <translation>先手</translation>
    </message>
    <message>
      <source>White (second)</source>
      <translation>白方</translation>
    </message>
    <message>
      <source>Second to move</source>
      <translation>后手</translation>
    </message>
    <message>
      <source>Unit (Black)</source>
      <translation>黑方单位</translation>
    </message>
    <message>
      <source>Unit (White)</source>
      <translation>白方单位</translation>
    </message>
    <message>
      <source>Black and white</source>
      <translation>黑白说明</translation>
    </message>
    <message>
      <source>Same unit</source>
      <translation>同单位</translation>
    </message>
  </context>
  <context>
    <name>GradesModel</name>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Rank</source>
      <translation>名次</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Grade awarded</source>
      <translation>授予称号</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>备注</translation>
    </message>
    <message>
      <source>already %1 (on the form)</source>
      <translation>已有%1（仍列入申报表）</translation>
    </message>
    <message>
      <source>already %1 (not on the form)</source>
      <translation>已有%1（不列入申报表）</translation>
    </message>
  </context>
  <context>
    <name>GroupStandingsModel</name>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Rank</source>
      <translation>名次</translation>
    </message>
    <message>
      <source>Team name</source>
      <translation>队名</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Members</source>
      <translation>队员</translation>
    </message>
    <message>
      <source>Points</source>
      <translation>积分</translation>
    </message>
  </context>
  <context>
    <name>GroupsModel</name>
    <message>
      <source>No.</source>
      <translation>序号</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Size</source>
      <translation>人数</translation>
    </message>
    <message>
      <source>Members</source>
      <translation>队员</translation>
    </message>
    <message>
      <source>Problems</source>
      <translation>问题</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>备注</translation>
    </message>
    <message>
      <source>Team name</source>
      <translation>队名</translation>
    </message>
  </context>
  <context>
    <name>HandPairingDialog</name>
    <message>
      <source>Search: name, pinyin initials, unit or number</source>
      <translation>搜索：姓名、拼音首字母、单位或序号</translation>
    </message>
    <message>
      <source>No.</source>
      <translation>序号</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Pts</source>
      <translation>积分</translation>
    </message>
    <message>
      <source>Colours so far</source>
      <translation>已执先后</translation>
    </message>
    <message>
      <source>Byes</source>
      <translation>轮空</translation>
    </message>
    <message>
      <source>Click two players to pair them; click one for a bye</source>
      <translation>点选两名选手配对；点选一名可给轮空</translation>
    </message>
    <message>
      <source>Exchange colours</source>
      <translation>交换先后手</translation>
    </message>
    <message>
      <source>Pair them</source>
      <translation>配对</translation>
    </message>
    <message>
      <source>Give the bye</source>
      <translation>给轮空</translation>
    </message>
    <message>
      <source>The pair picked</source>
      <translation>所选对局</translation>
    </message>
    <message>
      <source>Unpair the table</source>
      <translation>拆开所选台</translation>
    </message>
    <message>
      <source>Clear all tables…</source>
      <translation>清空全部对阵…</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>撤销</translation>
    </message>
    <message>
      <source>Black</source>
      <translation>黑方</translation>
    </message>
    <message>
      <source>White</source>
      <translation>白方</translation>
    </message>
    <message>
      <source>First</source>
      <translation>先手</translation>
    </message>
    <message>
      <source>Second</source>
      <translation>后手</translation>
    </message>
    <message>
      <source>B</source>
      <translation>黑</translation>
    </message>
    <message>
      <source>W</source>
      <translation>白</translation>
    </message>
    <message>
      <source>F</source>
      <translation>先</translation>
    </message>
    <message>
      <source>S</source>
      <translation>后</translation>
    </message>
    <message>
      <source>Pair round %1 by hand — %2</source>
      <translation>手工编排第%1轮 — %2</translation>
    </message>
    <message numerus="yes">
      <source>Not yet paired: %n player(s)</source>
      <translation>
        <numerusform>尚未编排：%n 名选手</numerusform>
      </translation>
    </message>
    <message>
      <source>Everyone is paired.</source>
      <translation>全部选手均已编排。</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>台次</translation>
    </message>
    <message>
      <source>Unit (%1)</source>
      <translation>%1单位</translation>
    </message>
    <message>
      <source>BYE</source>
      <translation>轮空</translation>
    </message>
    <message numerus="yes">
      <source>Round %1: %n table(s)</source>
      <translation>
        <numerusform>第%1轮：%n 台</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n warning(s) from the checker</source>
      <translation>
        <numerusform>检查发现 %n 处问题</numerusform>
      </translation>
    </message>
    <message>
      <source>The checker found no problem at the tables made.</source>
      <translation>已编的各台检查未发现问题。</translation>
    </message>
    <message>
      <source>Pick two players, not %1.</source>
      <translation>请选两名选手（现在选了%1名）。</translation>
    </message>
    <message>
      <source>Pick two players to pair them, or one for the bye.</source>
      <translation>选两名选手配对，或选一名给轮空。</translation>
    </message>
    <message>
      <source>Colours exchanged by hand (the rules proposed: %1).</source>
      <translation>先后手已手工交换（按规则应为：%1）。</translation>
    </message>
    <message>
      <source>Colours by the rules: %1</source>
      <translation>按规则定先后手：%1</translation>
    </message>
    <message>
      <source>Table %1 would break a rule (it can still be paired):</source>
      <translation>第%1台将违反规则（仍可配对）：</translation>
    </message>
    <message>
      <source>Table %1: no rematch, colours within the limits; %2.</source>
      <translation>第%1台：无重复对局、先后手符合限制；%2。</translation>
    </message>
    <message>
      <source>Table %1: no rematch, no same unit, colours within the limits.</source>
      <translation>第%1台：无重复对局、非同单位、先后手符合限制。</translation>
    </message>
    <message>
      <source>same unit (units are not kept apart in this event)</source>
      <translation>同单位（本项目不回避同单位）</translation>
    </message>
    <message>
      <source>same unit (not kept apart from round %1 on)</source>
      <translation>同单位（第%1轮起不回避）</translation>
    </message>
    <message>
      <source>%1 pts</source>
      <translation>%1分</translation>
    </message>
    <message>
      <source>The round has its bye: unpair that table first.</source>
      <translation>本轮已有轮空：请先拆开轮空台。</translation>
    </message>
    <message>
      <source>Pair %1 with %2</source>
      <translation>配对 %1 与 %2</translation>
    </message>
    <message>
      <source>Give %1 the bye</source>
      <translation>指定%1轮空</translation>
    </message>
    <message>
      <source>Unpair table %1</source>
      <translation>拆开第%1台</translation>
    </message>
    <message>
      <source>Clear all tables</source>
      <translation>清空全部对阵</translation>
    </message>
    <message>
      <source>Take every table out of round %1 and pair it by hand? Undo puts them back.</source>
      <translation>拆开第%1轮的全部对阵，改为手工编排？“撤销”可以恢复。</translation>
    </message>
    <message>
      <source>Clear all tables of round %1</source>
      <translation>清空第%1轮全部对阵</translation>
    </message>
  </context>
  <context>
    <name>ImportErrorsDialog</name>
    <message>
      <source>Registration sheet not imported</source>
      <translation>报名表未导入</translation>
    </message>
    <message>
      <source>Copy list</source>
      <translation>复制列表</translation>
    </message>
    <message numerus="yes">
      <source>%n problem(s) — fix them in the sheet and import again:</source>
      <translation>
        <numerusform>%n 处问题——请在报名表中修改后重新导入：</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>LockedLinksBox</name>
    <message>
      <source>Locked table links</source>
      <translation>已锁定的台次链接</translation>
    </message>
    <message>
      <source>Too many wrong referee PINs were typed on these tables' links: their phones cannot submit, even with the right PIN, until you unlock them. Check with the table first.</source>
      <translation>这些台的链接上输错裁判口令次数过多：在解除锁定之前，其手机即使输入正确口令也无法提交。请先到该台核实。</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>台次</translation>
    </message>
    <message>
      <source>Locked since</source>
      <translation>锁定时间</translation>
    </message>
    <message>
      <source>Wrong PINs</source>
      <translation>口令输错次数</translation>
    </message>
    <message>
      <source>Unlock</source>
      <translation>解除锁定</translation>
    </message>
    <message>
      <source>Unlock the selected links (all of them when none is selected).</source>
      <translation>解除所选链接的锁定（未选择时解除全部）。</translation>
    </message>
    <message>
      <source>Table %1 locked: its phone cannot submit.</source>
      <translation>第%1台链接已锁定，手机无法提交。</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Finals Manager</source>
      <translation>棋赛总决赛编排系统</translation>
    </message>
    <message>
      <source>Players</source>
      <translation>选手</translation>
    </message>
    <message>
      <source>Teams and pairs</source>
      <translation>团体与双人</translation>
    </message>
    <message>
      <source>Pairing</source>
      <translation>编排</translation>
    </message>
    <message>
      <source>Results</source>
      <translation>成绩录入</translation>
    </message>
    <message>
      <source>Phone entry</source>
      <translation>现场录入</translation>
    </message>
    <message>
      <source>Standings and prizes</source>
      <translation>排名与奖项</translation>
    </message>
    <message>
      <source>Audit log</source>
      <translation>操作日志</translation>
    </message>
    <message>
      <source>Allow changes to this backup…</source>
      <translation>允许修改这份备份…</translation>
    </message>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Saving…</source>
      <translation>正在保存…</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>New tournament…</source>
      <translation>新建比赛…</translation>
    </message>
    <message>
      <source>Open…</source>
      <translation>打开…</translation>
    </message>
    <message>
      <source>Connect to a server…</source>
      <translation>连接数据库服务器…</translation>
    </message>
    <message>
      <source>Open the demo</source>
      <translation>打开演示比赛</translation>
    </message>
    <message>
      <source>Recent files</source>
      <translation>最近的文件</translation>
    </message>
    <message>
      <source>Save as…</source>
      <translation>另存为…</translation>
    </message>
    <message>
      <source>Open a backup…</source>
      <translation>打开备份…</translation>
    </message>
    <message>
      <source>Import registration sheet…</source>
      <translation>导入报名表…</translation>
    </message>
    <message>
      <source>Save blank registration template…</source>
      <translation>保存空白报名表模板…</translation>
    </message>
    <message>
      <source>TRF (FIDE report file)</source>
      <translation>TRF（国际棋联成绩文件）</translation>
    </message>
    <message>
      <source>Export this event as TRF…</source>
      <translation>将本项目导出为 TRF…</translation>
    </message>
    <message>
      <source>Import a TRF file as a new event…</source>
      <translation>导入 TRF 文件为新项目…</translation>
    </message>
    <message>
      <source>Close tournament</source>
      <translation>关闭比赛</translation>
    </message>
    <message>
      <source>Quit</source>
      <translation>退出</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>编辑(&amp;E)</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>撤销</translation>
    </message>
    <message>
      <source>Redo</source>
      <translation>重做</translation>
    </message>
    <message>
      <source>Settings…</source>
      <translation>设置…</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
    <message>
      <source>Display mode (projector)</source>
      <translation>大屏显示（投影）</translation>
    </message>
    <message>
      <source>&amp;Print</source>
      <translation>打印(&amp;P)</translation>
    </message>
    <message>
      <source>More certificates</source>
      <translation>其他证书</translation>
    </message>
    <message>
      <source>Grade certificates</source>
      <translation>等级称号证书</translation>
    </message>
    <message>
      <source>Participation certificates</source>
      <translation>参赛证书</translation>
    </message>
    <message>
      <source>More layouts</source>
      <translation>其他版式</translation>
    </message>
    <message>
      <source>Check-in sheet by pinyin</source>
      <translation>签到表（按姓名拼音）</translation>
    </message>
    <message>
      <source>Table cards on A5</source>
      <translation>台号牌（A5 单面）</translation>
    </message>
    <message>
      <source>Export to Excel</source>
      <translation>导出 Excel</translation>
    </message>
    <message>
      <source>Print preview of the last document…</source>
      <translation>打印预览（最近生成的文档）…</translation>
    </message>
    <message>
      <source>Print…</source>
      <translation>打印…</translation>
    </message>
    <message>
      <source>Print preview of a PDF…</source>
      <translation>打印预览 PDF 文件…</translation>
    </message>
    <message>
      <source>Print a PDF…</source>
      <translation>打印 PDF 文件…</translation>
    </message>
    <message>
      <source>Open the output folder</source>
      <translation>打开输出文件夹</translation>
    </message>
    <message>
      <source>Choose the output folder…</source>
      <translation>选择输出文件夹…</translation>
    </message>
    <message>
      <source>&amp;Language</source>
      <translation>语言(&amp;L)</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>Quick start and keys…</source>
      <translation>快速入门与按键…</translation>
    </message>
    <message>
      <source>About</source>
      <translation>关于</translation>
    </message>
    <message>
      <source>the phone server stops (the phones cannot submit until you start it again)</source>
      <translation>现场录入服务会停止（重新启动前，手机无法提交成绩）</translation>
    </message>
    <message>
      <source>the undo history is emptied (%1 changes can no longer be undone)</source>
      <translation>撤销记录会清空（%1 项改动将不能再撤销）</translation>
    </message>
    <message>
      <source>Switch language</source>
      <translation>切换语言</translation>
    </message>
    <message>
      <source>Switching the language opens the window again:</source>
      <translation>切换语言会重新打开窗口：</translation>
    </message>
    <message>
      <source>Your results and changes stay in the file. Switch now?</source>
      <translation>已录入的成绩和改动都保存在文件中，不受影响。现在切换吗？</translation>
    </message>
    <message>
      <source>Pairing list</source>
      <translation>对阵表</translation>
    </message>
    <message>
      <source>Name index</source>
      <translation>姓名索引</translation>
    </message>
    <message>
      <source>Result slips</source>
      <translation>成绩登记单</translation>
    </message>
    <message>
      <source>Standings</source>
      <translation>排名</translation>
    </message>
    <message>
      <source>Cross-table</source>
      <translation>对阵成绩表</translation>
    </message>
    <message>
      <source>Team standings</source>
      <translation>团体成绩表</translation>
    </message>
    <message>
      <source>Pair standings</source>
      <translation>双人赛成绩表</translation>
    </message>
    <message>
      <source>Prize sheet</source>
      <translation>奖金发放表</translation>
    </message>
    <message>
      <source>Medal list</source>
      <translation>奖牌名单</translation>
    </message>
    <message>
      <source>Prize certificates</source>
      <translation>奖状</translation>
    </message>
    <message>
      <source>Grade list</source>
      <translation>等级申报表</translation>
    </message>
    <message>
      <source>Entry list</source>
      <translation>秩序册</translation>
    </message>
    <message>
      <source>Check-in sheet</source>
      <translation>签到表</translation>
    </message>
    <message>
      <source>Table cards</source>
      <translation>台号牌</translation>
    </message>
    <message>
      <source>Team line-up sheet</source>
      <translation>团体赛出场名单</translation>
    </message>
    <message>
      <source>Prize ceremony order</source>
      <translation>颁奖顺序表</translation>
    </message>
    <message>
      <source>Player lookup poster</source>
      <translation>选手查询海报</translation>
    </message>
    <message>
      <source>McMahon start scores</source>
      <translation>麦克马洪起始分</translation>
    </message>
    <message>
      <source>BACKUP %1</source>
      <translation>备份：%1</translation>
    </message>
    <message>
      <source>READ-ONLY</source>
      <translation>只读</translation>
    </message>
    <message>
      <source>Backup</source>
      <translation>备份</translation>
    </message>
    <message>
      <source>Changes are saved in this backup of %1, not in the tournament file.</source>
      <translation>改动保存在 %1 的这份备份中，不会改到比赛文件。</translation>
    </message>
    <message>
      <source>Read-only</source>
      <translation>只读</translation>
    </message>
    <message>
      <source>Read-only: %1</source>
      <translation>只读：%1</translation>
    </message>
    <message>
      <source>This file is a backup of %1 (%2), not the tournament file.

Changes made now are saved in the backup only; the tournament file stays as it is. To bring the tournament file back to this backup, open it and restore from File → Open a backup… instead.

Change this backup?</source>
      <translation>这个文件是 %1 的备份（%2），不是比赛文件。

现在的改动只保存在这份备份中，比赛文件保持原样。要让比赛文件回到这份备份，请打开比赛文件，用“文件 → 打开备份…”恢复。

确定要修改这份备份吗？</translation>
    </message>
    <message>
      <source>Change a backup</source>
      <translation>修改备份</translation>
    </message>
    <message>
      <source> · round %1</source>
      <translation> · 第%1轮</translation>
    </message>
    <message>
      <source>(no operator set)</source>
      <translation>（未设置操作员）</translation>
    </message>
    <message>
      <source>Operator: %1</source>
      <translation>操作员：%1</translation>
    </message>
    <message>
      <source>Station: %1 · %2</source>
      <translation>站点：%1 · %2</translation>
    </message>
    <message>
      <source>Phone entry (%1)</source>
      <translation>现场录入（%1）</translation>
    </message>
    <message>
      <source>Opening the settings…</source>
      <translation>正在打开设置…</translation>
    </message>
    <message>
      <source>Settings of %1</source>
      <translation>%1的设置</translation>
    </message>
    <message>
      <source>Finals Manager — Swiss pairing, results, standings, prizes and printing for Go and Gomoku finals. Works offline; every change is recorded in the audit log.</source>
      <translation>棋赛总决赛编排系统——围棋、五子棋总决赛的积分编排、成绩录入、排名、奖项与打印。离线使用；每一项改动都记入操作日志。</translation>
    </message>
  </context>
  <context>
    <name>NewTournamentWizard</name>
    <message>
      <source>New tournament</source>
      <translation>新建比赛</translation>
    </message>
    <message>
      <source>Regulations</source>
      <translation>竞赛规程</translation>
    </message>
    <message>
      <source>Choose the preset built from your regulations: events, scoring, prizes and grades. Every setting can be changed later.</source>
      <translation>选择按竞赛规程制作的预设：项目、计分、奖项和等级称号。所有设置以后都可修改。</translation>
    </message>
    <message>
      <source>Preset</source>
      <translation>预设</translation>
    </message>
    <message>
      <source>Events</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>The tournament</source>
      <translation>比赛信息</translation>
    </message>
    <message>
      <source>Browse…</source>
      <translation>浏览…</translation>
    </message>
    <message>
      <source>Separate several with 、 or commas</source>
      <translation>多个单位用“、”或逗号分隔</translation>
    </message>
    <message>
      <source>File</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Title</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>First day</source>
      <translation>开始日期</translation>
    </message>
    <message>
      <source>Last day</source>
      <translation>结束日期</translation>
    </message>
    <message>
      <source>Venue</source>
      <translation>地点</translation>
    </message>
    <message>
      <source>Organisers</source>
      <translation>主办单位</translation>
    </message>
    <message>
      <source>Tournament file</source>
      <translation>比赛文件</translation>
    </message>
    <message>
      <source>Tournament files (*.finals)</source>
      <translation>比赛文件 (*.finals)</translation>
    </message>
  </context>
  <context>
    <name>PlayerCardDialog</name>
    <message>
      <source>Player card</source>
      <translation>选手卡片</translation>
    </message>
    <message>
      <source>Loading…</source>
      <translation>正在读取…</translation>
    </message>
    <message>
      <source>Round</source>
      <translation>轮次</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>台次</translation>
    </message>
    <message>
      <source>Opp. no.</source>
      <translation>对手序号</translation>
    </message>
    <message>
      <source>Opponent</source>
      <translation>对手</translation>
    </message>
    <message>
      <source>Colour</source>
      <translation>执子</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>成绩</translation>
    </message>
    <message>
      <source>This round</source>
      <translation>本轮得分</translation>
    </message>
    <message>
      <source>Total</source>
      <translation>累计积分</translation>
    </message>
    <message>
      <source>Tie-breaks</source>
      <translation>小分</translation>
    </message>
    <message>
      <source>rating %1</source>
      <translation>等级分 %1</translation>
    </message>
    <message>
      <source>place %1</source>
      <translation>第 %1 名</translation>
    </message>
    <message>
      <source>%1 points</source>
      <translation>%1 分</translation>
    </message>
    <message>
      <source>Withdrawn</source>
      <translation>退赛</translation>
    </message>
  </context>
  <context>
    <name>PlayerDialog</name>
    <message>
      <source>Edit player</source>
      <translation>修改选手</translation>
    </message>
    <message>
      <source>Add player</source>
      <translation>添加选手</translation>
    </message>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Born (2010-05-03)</source>
      <translation>出生日期（2010-05-03）</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Region</source>
      <translation>地区</translation>
    </message>
    <message>
      <source>Grade</source>
      <translation>段位</translation>
    </message>
    <message>
      <source>Rating</source>
      <translation>等级分</translation>
    </message>
    <message>
      <source>Qualified via</source>
      <translation>来源</translation>
    </message>
    <message>
      <source>Qualifier rank</source>
      <translation>入围名次</translation>
    </message>
    <message>
      <source>ID number</source>
      <translation>身份证号</translation>
    </message>
    <message>
      <source>Phone</source>
      <translation>电话</translation>
    </message>
    <message>
      <source>Platform account (Yizhan username)</source>
      <translation>平台账号（弈战用户名）</translation>
    </message>
    <message>
      <source>Male</source>
      <translation>男</translation>
    </message>
    <message>
      <source>Female</source>
      <translation>女</translation>
    </message>
    <message>
      <source>Gender</source>
      <translation>性别</translation>
    </message>
    <message>
      <source>Points carried in (late entry)</source>
      <translation>带入积分（迟到报名）</translation>
    </message>
  </context>
  <context>
    <name>PlayersModel</name>
    <message>
      <source>Male</source>
      <translation>男</translation>
    </message>
    <message>
      <source>Female</source>
      <translation>女</translation>
    </message>
    <message>
      <source>Playing</source>
      <translation>参赛</translation>
    </message>
    <message>
      <source>Withdrawn</source>
      <translation>退赛</translation>
    </message>
    <message>
      <source>Disqualified</source>
      <translation>取消资格</translation>
    </message>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>No.</source>
      <translation>序号</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Gender</source>
      <translation>性别</translation>
    </message>
    <message>
      <source>Born</source>
      <translation>出生日期</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Region</source>
      <translation>地区</translation>
    </message>
    <message>
      <source>Grade</source>
      <translation>段位</translation>
    </message>
    <message>
      <source>Rating</source>
      <translation>等级分</translation>
    </message>
    <message>
      <source>Qualified via</source>
      <translation>来源</translation>
    </message>
    <message>
      <source>Members</source>
      <translation>队员</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
  </context>
  <context>
    <name>PlayersView</name>
    <message>
      <source>Search: name, pinyin or initials (zs finds 张三), unit, number</source>
      <translation>搜索：姓名、拼音或首字母（zs 可找到张三）、单位、序号</translation>
    </message>
    <message>
      <source>Any gender</source>
      <translation>不限性别</translation>
    </message>
    <message>
      <source>Male</source>
      <translation>男</translation>
    </message>
    <message>
      <source>Female</source>
      <translation>女</translation>
    </message>
    <message>
      <source>Any status</source>
      <translation>不限状态</translation>
    </message>
    <message>
      <source>Playing</source>
      <translation>参赛</translation>
    </message>
    <message>
      <source>Withdrawn</source>
      <translation>退赛</translation>
    </message>
    <message>
      <source>Add player…</source>
      <translation>添加选手…</translation>
    </message>
    <message>
      <source>Edit…</source>
      <translation>修改…</translation>
    </message>
    <message>
      <source>Player card…</source>
      <translation>选手卡片…</translation>
    </message>
    <message>
      <source>Disqualified</source>
      <translation>取消资格</translation>
    </message>
    <message>
      <source>Withdraw / reinstate</source>
      <translation>退赛 / 恢复</translation>
    </message>
    <message>
      <source>Absent next round</source>
      <translation>下轮请假</translation>
    </message>
    <message>
      <source>Disqualify / undo…</source>
      <translation>取消资格 / 撤销…</translation>
    </message>
    <message>
      <source>Set number…</source>
      <translation>修改序号…</translation>
    </message>
    <message>
      <source>Re-seed all…</source>
      <translation>重排全部序号…</translation>
    </message>
    <message>
      <source>Import from Excel…</source>
      <translation>从 Excel 导入…</translation>
    </message>
    <message>
      <source>Save blank template…</source>
      <translation>保存空白模板…</translation>
    </message>
    <message>
      <source>All events</source>
      <translation>全部项目</translation>
    </message>
    <message>
      <source>Any unit</source>
      <translation>不限单位</translation>
    </message>
    <message>
      <source>%1 of %2 shown</source>
      <translation>显示 %1 / 共 %2</translation>
    </message>
    <message>
      <source>Players</source>
      <translation>选手</translation>
    </message>
    <message>
      <source>Select a player first.</source>
      <translation>请先选中一名选手。</translation>
    </message>
    <message>
      <source>Added as number %1.</source>
      <translation>已添加，序号 %1。</translation>
    </message>
    <message>
      <source>Teams and pairs are edited through their members.</source>
      <translation>团体和双人组合请修改其队员。</translation>
    </message>
    <message>
      <source>Withdraw</source>
      <translation>退赛</translation>
    </message>
    <message>
      <source>Withdraw %1 from the next round on?</source>
      <translation>%1自下一轮起退赛吗？</translation>
    </message>
    <message>
      <source>Disqualify</source>
      <translation>取消资格</translation>
    </message>
    <message>
      <source>Undo the disqualification of %1?</source>
      <translation>撤销%1的取消资格？</translation>
    </message>
    <message>
      <source>Disqualify %1: he is paired no more and leaves the ranking, prizes, grades and certificates.
Reason (printed on the standings):</source>
      <translation>取消%1的资格：此后不再编排，退出名次、奖项、等级和证书。
理由（印在名次表上）：</translation>
    </message>
    <message>
      <source>Disqualify %1</source>
      <translation>取消%1的资格</translation>
    </message>
    <message>
      <source>Status of %1</source>
      <translation>%1的状态</translation>
    </message>
    <message>
      <source>Set number</source>
      <translation>修改序号</translation>
    </message>
    <message>
      <source>New number for %1:</source>
      <translation>%1的新序号：</translation>
    </message>
    <message>
      <source>Re-seed %1</source>
      <translation>重排序号：%1</translation>
    </message>
    <message>
      <source>Import registration sheet</source>
      <translation>导入报名表</translation>
    </message>
    <message>
      <source>Registration sheets (*.xlsx *.csv)</source>
      <translation>报名表 (*.xlsx *.csv)</translation>
    </message>
    <message>
      <source>Imported %1 players.</source>
      <translation>已导入 %1 名选手。</translation>
    </message>
    <message>
      <source>Importing %1…</source>
      <translation>正在导入 %1…</translation>
    </message>
    <message>
      <source>Save blank template</source>
      <translation>保存空白模板</translation>
    </message>
    <message>
      <source>Excel workbook (*.xlsx)</source>
      <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
  </context>
  <context>
    <name>PrintActions</name>
    <message>
      <source>No round is paired yet in this event.</source>
      <translation>本项目还没有编排任何轮次。</translation>
    </message>
    <message>
      <source>Making %1…</source>
      <translation>正在生成%1…</translation>
    </message>
    <message>
      <source>Printing</source>
      <translation>打印</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>已保存 %1</translation>
    </message>
    <message>
      <source>Print preview</source>
      <translation>打印预览</translation>
    </message>
    <message>
      <source>PDF files (*.pdf)</source>
      <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
      <source>Make a document first (Print menu), then preview it.</source>
      <translation>请先在“打印”菜单中生成文档，再预览。</translation>
    </message>
    <message>
      <source>Preparing the print preview…</source>
      <translation>正在准备打印预览…</translation>
    </message>
    <message>
      <source>Print a PDF</source>
      <translation>打印 PDF 文件</translation>
    </message>
    <message>
      <source>Make a document first (Print menu), then print it.</source>
      <translation>请先在“打印”菜单中生成文档，再打印。</translation>
    </message>
    <message>
      <source>Preparing %1 for the printer…</source>
      <translation>正在准备打印 %1…</translation>
    </message>
    <message>
      <source>Print %1</source>
      <translation>打印 %1</translation>
    </message>
    <message>
      <source>Printing %1…</source>
      <translation>正在打印 %1…</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Printing %1 was cancelled.</source>
      <translation>%1 的打印已取消。</translation>
    </message>
    <message>
      <source>%1 sent to %2.</source>
      <translation>%1 已送往 %2。</translation>
    </message>
    <message>
      <source>Output folder</source>
      <translation>输出文件夹</translation>
    </message>
  </context>
  <context>
    <name>PrizesModel</name>
    <message>
      <source>Prize category</source>
      <translation>奖项</translation>
    </message>
    <message>
      <source>Place</source>
      <translation>名次</translation>
    </message>
    <message>
      <source>Title</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Members</source>
      <translation>队员</translation>
    </message>
    <message>
      <source>Amount (yuan)</source>
      <translation>金额（元）</translation>
    </message>
  </context>
  <context>
    <name>QuickHelpDialog</name>
    <message>
      <source>Quick start and keys</source>
      <translation>快速入门与按键</translation>
    </message>
    <message>
      <source>Result entry keys</source>
      <translation>成绩录入按键</translation>
    </message>
  </context>
  <context>
    <name>RemoteEntryView</name>
    <message>
      <source>any free port</source>
      <translation>自动选择</translation>
    </message>
    <message>
      <source>optional: referees type it to submit</source>
      <translation>可不设；设了则台裁提交时须输入</translation>
    </message>
    <message>
      <source>Accept automatically when the table has no result</source>
      <translation>本台尚无成绩时自动接受</translation>
    </message>
    <message>
      <source>Also open the players' pages</source>
      <translation>同时开放选手查询页面</translation>
    </message>
    <message>
      <source>Pairings, standings and each player's results for everyone on the venue network: read-only, no token, nothing private.</source>
      <translation>场馆网络中任何人都可查看对阵、排名和个人成绩：只读，无需令牌，不含任何个人隐私信息。</translation>
    </message>
    <message>
      <source>Address</source>
      <translation>地址</translation>
    </message>
    <message>
      <source>Port</source>
      <translation>端口</translation>
    </message>
    <message>
      <source>Referee PIN</source>
      <translation>台裁口令</translation>
    </message>
    <message>
      <source>Round served</source>
      <translation>服务轮次</translation>
    </message>
    <message>
      <source>Start</source>
      <translation>启动</translation>
    </message>
    <message>
      <source>Stop</source>
      <translation>停止</translation>
    </message>
    <message>
      <source>Server on the venue network</source>
      <translation>赛场局域网服务</translation>
    </message>
    <message>
      <source>Phones must be on the same Wi-Fi as this computer. Each result slip carries the QR code of its own table: print the slips after starting, so they carry this address. If phones cannot connect, allow Finals Manager through the firewall.</source>
      <translation>手机须与本机连在同一 Wi-Fi。每张成绩登记单印有本台的二维码：请在启动后再打印登记单，登记单上才是这个地址。手机连不上时，请在防火墙中允许本程序。</translation>
    </message>
    <message>
      <source>Accept (Enter)</source>
      <translation>接受（Enter）</translation>
    </message>
    <message>
      <source>Reject (R)…</source>
      <translation>拒绝（R）…</translation>
    </message>
    <message>
      <source>Accept all without conflict</source>
      <translation>接受全部无冲突</translation>
    </message>
    <message>
      <source>Enter or A accepts the selected submission · R or Delete rejects it · a conflict (red) must be decided one by one</source>
      <translation>Enter 或 A 接受选中的提交 · R 或 Delete 拒绝 · 冲突（红色）须逐条处理</translation>
    </message>
    <message>
      <source>No round of this event is paired.</source>
      <translation>本项目尚未编排。</translation>
    </message>
    <message>
      <source>%1, round %2</source>
      <translation>%1 第%2轮</translation>
    </message>
    <message>
      <source>Pair a round of an individual or pair event first: the server serves the current event's latest round.</source>
      <translation>请先编排个人或双人项目的一轮：现场录入服务的是当前项目的最新一轮。</translation>
    </message>
    <message>
      <source>Table %1: too many wrong referee PINs, its link is locked.</source>
      <translation>第%1台：裁判口令输错次数过多，链接已锁定。</translation>
    </message>
    <message>
      <source>Players' pages: %1</source>
      <translation>选手查询页面：%1</translation>
    </message>
    <message>
      <source>Players scan the venue poster (Print menu) or open this address.</source>
      <translation>选手扫描场内海报（打印菜单）或打开此地址查询。</translation>
    </message>
    <message>
      <source>● Running — %1 received. Referees scan their table's slip or this code.</source>
      <translation>● 运行中——已收到 %1 条。台裁扫描本台登记单或此二维码。</translation>
    </message>
    <message>
      <source>Open a tournament to start phone entry.</source>
      <translation>请先打开比赛，再启动现场录入。</translation>
    </message>
    <message>
      <source>This file cannot be changed (see the note above the tabs): phone entry, which writes the phones' results into it, cannot start.</source>
      <translation>这个文件不能写入（见窗口上方的说明）：现场录入要把手机提交的成绩写入文件，因此不能启动。</translation>
    </message>
    <message>
      <source>■ Stopped: every result of the round is in, so the table links no longer work.</source>
      <translation>■ 已停止：本轮成绩已全部录入，各台链接随之失效。</translation>
    </message>
    <message>
      <source>■ Stopped.</source>
      <translation>■ 已停止。</translation>
    </message>
    <message>
      <source>Not running. Choose the address the phones can reach, then Start.</source>
      <translation>未启动。请选择手机能访问的地址，再点“启动”。</translation>
    </message>
    <message>
      <source>Table %1: %2 accepted automatically.</source>
      <translation>第%1台：%2 已自动接受。</translation>
    </message>
    <message>
      <source>No submission is waiting.</source>
      <translation>没有待确认的提交。</translation>
    </message>
    <message>
      <source>%1 waiting for you</source>
      <translation>待确认 %1 条</translation>
    </message>
    <message>
      <source>, %1 in conflict</source>
      <translation>，其中冲突 %1 条</translation>
    </message>
    <message>
      <source>, %1 void after a pairing edit (dismiss with Reject)</source>
      <translation>，%1 份因编排调整已作废（用“拒绝”移除）</translation>
    </message>
    <message>
      <source>No. %1 (table %2, %3) is in conflict: %4.

Accept it? Any other submission for this table is then rejected.</source>
      <translation>第%1号（第%2台，%3）有冲突：%4。

接受这条吗？本台的其他提交将被拒绝。</translation>
    </message>
    <message>
      <source>Accept it anyway?</source>
      <translation>仍要接受吗？</translation>
    </message>
    <message>
      <source>Accepted No. %1: round %2, table %3, %4.</source>
      <translation>已接受第%1号：第%2轮第%3台，%4。</translation>
    </message>
    <message>
      <source>Saving No. %1…</source>
      <translation>正在保存第%1号…</translation>
    </message>
    <message>
      <source>Rejected No. %1 (table %2).</source>
      <translation>已拒绝第%1号（第%2台）。</translation>
    </message>
    <message>
      <source>Accepted %1.</source>
      <translation>已接受 %1 条。</translation>
    </message>
    <message>
      <source>%1 in conflict left for you to decide.</source>
      <translation>另有 %1 条冲突，请逐条处理。</translation>
    </message>
    <message>
      <source>Saving…</source>
      <translation>正在保存…</translation>
    </message>
    <message>
      <source>Phone entry</source>
      <translation>现场录入</translation>
    </message>
    <message>
      <source>Reject</source>
      <translation>拒绝</translation>
    </message>
    <message>
      <source>Reject No. %1 (table %2, %3)? Reason (optional):</source>
      <translation>拒绝第%1号（第%2台，%3）吗？原因（可不填）：</translation>
    </message>
  </context>
  <context>
    <name>ReseedDialog</name>
    <message>
      <source>Re-seed all</source>
      <translation>重排全部序号</translation>
    </message>
    <message>
      <source>By rating (highest first)</source>
      <translation>按等级分（高者在前）</translation>
    </message>
    <message>
      <source>By grade (strongest first: 段 before 级)</source>
      <translation>按段级位（强者在前：段在级前）</translation>
    </message>
    <message>
      <source>By qualifier rank (1st first)</source>
      <translation>按预选赛名次（第1名在前）</translation>
    </message>
    <message>
      <source>Re-seed</source>
      <translation>重排</translation>
    </message>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Every number (序号) of %1's %2 entrants is given again; equal values keep their present order. Only before round 1 is paired. Edit → Undo puts the old numbers back.</source>
      <translation>将重新编定%1全部 %2 个参赛单位的序号；相同者保持现有顺序。仅限第1轮编排之前。可用“编辑 → 撤销”恢复原序号。</translation>
    </message>
  </context>
  <context>
    <name>ResultsView</name>
    <message>
      <source>Only open tables</source>
      <translation>只看未录台次</translation>
    </message>
    <message>
      <source>%v of %m entered</source>
      <translation>已录 %v / %m 台</translation>
    </message>
    <message>
      <source>Print result slips</source>
      <translation>打印成绩登记单</translation>
    </message>
    <message>
      <source>Round</source>
      <translation>轮次</translation>
    </message>
    <message>
      <source>Round %1</source>
      <translation>第%1轮</translation>
    </message>
    <message>
      <source>✔ Round complete</source>
      <translation>✔ 本轮成绩已齐</translation>
    </message>
    <message>
      <source>%1 open</source>
      <translation>未录 %1 台</translation>
    </message>
    <message>
      <source>Table %1 (%2): type the result key, then Enter.</source>
      <translation>第%1台（%2）：请输入成绩键，回车确认。</translation>
    </message>
    <message>
      <source>Table %1 board %2: %3 (board points %4:%5)</source>
      <translation>第%1台第%2台次：%3（局分 %4:%5）</translation>
    </message>
    <message>
      <source>Round %1 has no table %2.</source>
      <translation>第%1轮没有第%2台。</translation>
    </message>
    <message>
      <source>Table, space, key, Enter: 12 1 · 12 0 · 12 =</source>
      <translation>台号 空格 成绩键，回车：12 1 · 12 0 · 12 =</translation>
    </message>
    <message>
      <source>Put a space between table and key: 12 1. A number alone (12) goes to that table; a key alone applies to the selected table. Ctrl+Z undoes the last result, Ctrl+Y redoes it.</source>
      <translation>台号与成绩键之间加空格：12 1。只输入台号（12）跳到该台；只输入成绩键则录入选中的台次。Ctrl+Z 撤销上一个成绩，Ctrl+Y 重做。</translation>
    </message>
    <message>
      <source>No draws in this final: %1.</source>
      <translation>本比赛不记和棋：%1。</translation>
    </message>
    <message>
      <source>Seen</source>
      <translation>知道了</translation>
    </message>
    <message>
      <source>Table, space, key, Enter: 12 1 · 12 0</source>
      <translation>台号 空格 成绩键，回车：12 1 · 12 0</translation>
    </message>
    <message>
      <source>Keys after the table number: 1 Black wins · 0 White wins · + White forfeits · - Black forfeits · -- both forfeit · 00 not played. Results in full work too: 1-0, 1:0, 黑胜, 白弃权 …</source>
      <translation>台号后的成绩键：1 黑胜 · 0 白胜 · + 白弃权 · - 黑弃权 · -- 双方弃权 · 00 未赛。也可写完整成绩：1-0、1:0、黑胜、白弃权……</translation>
    </message>
    <message>
      <source>Keys after the table number: 1 first mover wins · 0 second mover wins · + second mover forfeits · - first mover forfeits · -- both forfeit · 00 not played. Results in full work too: 1-0, 1:0, 先手胜, 后手弃权 …</source>
      <translation>台号后的成绩键：1 先手胜 · 0 后手胜 · + 后手弃权 · - 先手弃权 · -- 双方弃权 · 00 未赛。也可写完整成绩：1-0、1:0、先手胜、后手弃权……</translation>
    </message>
    <message>
      <source>Keys after the table number: 1 Black wins · 0 White wins · = draw · + White forfeits · - Black forfeits · -- both forfeit · 00 not played. Results in full work too: 1-0, 1:0, 黑胜, 白弃权 …</source>
      <translation>台号后的成绩键：1 黑胜 · 0 白胜 · = 和棋 · + 白弃权 · - 黑弃权 · -- 双方弃权 · 00 未赛。也可写完整成绩：1-0、1:0、黑胜、白弃权……</translation>
    </message>
    <message>
      <source>Keys after the table number: 1 first mover wins · 0 second mover wins · = draw · + second mover forfeits · - first mover forfeits · -- both forfeit · 00 not played. Results in full work too: 1-0, 1:0, 先手胜, 后手弃权 …</source>
      <translation>台号后的成绩键：1 先手胜 · 0 后手胜 · = 和棋 · + 后手弃权 · - 先手弃权 · -- 双方弃权 · 00 未赛。也可写完整成绩：1-0、1:0、先手胜、后手弃权……</translation>
    </message>
    <message>
      <source>Type a table number, a space and a result key, e.g. 12 1</source>
      <translation>请输入台号、空格和成绩键，例如 12 1</translation>
    </message>
    <message>
      <source>Put a space between the table and the result: 12 1.</source>
      <translation>台号与成绩之间请加空格，如 12 1。</translation>
    </message>
    <message>
      <source>Nothing to undo.</source>
      <translation>没有可撤销的操作。</translation>
    </message>
    <message>
      <source>Undone: %1</source>
      <translation>已撤销：%1</translation>
    </message>
    <message>
      <source>Nothing to redo.</source>
      <translation>没有可重做的操作。</translation>
    </message>
    <message>
      <source>Redone: %1</source>
      <translation>已重做：%1</translation>
    </message>
    <message>
      <source>Saving… results can be typed when it is done</source>
      <translation>正在保存……保存完成后即可继续录入成绩</translation>
    </message>
    <message>
      <source>Still saving the previous change — press Enter again in a moment.</source>
      <translation>上一项改动仍在保存——请稍候再按回车。</translation>
    </message>
    <message>
      <source>The round is being read again — press Enter again in a moment.</source>
      <translation>正在重新读取本轮——请稍候再按回车。</translation>
    </message>
    <message>
      <source>Table %1 (%2) already has %3. Press Enter again (or Y) to change it to %4; Esc keeps %3.</source>
      <translation>第%1台（%2）已有成绩 %3。再按回车（或 Y）改为 %4；按 Esc 保留 %3。</translation>
    </message>
    <message>
      <source>Correct a result</source>
      <translation>更正成绩</translation>
    </message>
    <message>
      <source>Correct table %1 from %2 to %3 anyway?</source>
      <translation>仍要把第%1台成绩由 %2 更正为 %3 吗？</translation>
    </message>
    <message>
      <source>Table %1: result NOT saved — %2</source>
      <translation>第%1台的成绩未保存：%2</translation>
    </message>
    <message>
      <source>Not changed.</source>
      <translation>未更改。</translation>
    </message>
    <message>
      <source>Table %1: %2 → %3</source>
      <translation>第%1台：%2 → %3</translation>
    </message>
    <message>
      <source>Table %1: %2 (%3)</source>
      <translation>第%1台：%2（%3）</translation>
    </message>
    <message>
      <source>— corrected</source>
      <translation>——已更正</translation>
    </message>
    <message>
      <source>Allow draws</source>
      <translation>允许和棋</translation>
    </message>
    <message>
      <source>Record table %1 as a draw and allow draws in this final from now on (for example a triple ko)? The change of setting is written to the audit log; Settings… changes it back.</source>
      <translation>把第%1台记为和棋，并从现在起允许本比赛记和棋（如三劫循环）吗？设置的改动记入操作日志；可在“设置…”中改回。</translation>
    </message>
  </context>
  <context>
    <name>RoundBoard</name>
    <message>
      <source>Pair next round</source>
      <translation>编排下一轮</translation>
    </message>
    <message>
      <source>Pair by hand…</source>
      <translation>手工编排…</translation>
    </message>
    <message>
      <source>Build the round by hand: pick two players not yet paired and pair them, with the checker's word before and after. On a round with results: start the next round with no table.</source>
      <translation>手工编排本轮：从未编排的选手中选两人配对，配对前后都有检查结果。在已有成绩的轮次上：新建下一轮（不含任何对阵），再逐台手工编排。</translation>
    </message>
    <message>
      <source>Re-pair</source>
      <translation>重新编排</translation>
    </message>
    <message>
      <source>Delete pairing</source>
      <translation>删除编排</translation>
    </message>
    <message>
      <source>Undo edit</source>
      <translation>撤销调整</translation>
    </message>
    <message>
      <source>Print pairings</source>
      <translation>打印对阵表</translation>
    </message>
    <message>
      <source>Round</source>
      <translation>轮次</translation>
    </message>
    <message>
      <source>Checker</source>
      <translation>检查</translation>
    </message>
    <message>
      <source>Pairing report</source>
      <translation>编排说明</translation>
    </message>
    <message>
      <source>Round %1</source>
      <translation>第%1轮</translation>
    </message>
    <message>
      <source>%1 is not paired: team results are the sums of the members' games in %2.</source>
      <translation>%1不单独编排：团体成绩由队员在 %2 的个人成绩相加。</translation>
    </message>
    <message>
      <source>No round paired yet.</source>
      <translation>尚未编排。</translation>
    </message>
    <message>
      <source>%1 tables</source>
      <translation>%1 台</translation>
    </message>
    <message>
      <source>results %1/%2</source>
      <translation>已录 %1/%2</translation>
    </message>
    <message>
      <source>opening %1</source>
      <translation>开局 %1</translation>
    </message>
    <message>
      <source>lot seed %1</source>
      <translation>抽签种子 %1</translation>
    </message>
    <message numerus="yes">
      <source>%n warning(s) from the checker</source>
      <translation>
        <numerusform>检查发现 %n 处问题</numerusform>
      </translation>
    </message>
    <message>
      <source>The checker found no problem.</source>
      <translation>检查未发现问题。</translation>
    </message>
    <message>
      <source>Extra round</source>
      <translation>加赛轮</translation>
    </message>
    <message>
      <source>%1 is planned for %2 rounds and all are paired. Pair round %3 as an extra round? The planned number of rounds becomes %3.</source>
      <translation>%1计划 %2 轮，已全部编排。要把第%3轮作为加赛编排吗？计划轮数将改为 %3 轮。</translation>
    </message>
    <message>
      <source>Pairing round %1 of %2…</source>
      <translation>正在编排%2第%1轮…</translation>
    </message>
    <message>
      <source>Round %1 of %2: reading the players…</source>
      <translation>%2第%1轮：读取棋手…</translation>
    </message>
    <message>
      <source>Round %1 of %2: saving…</source>
      <translation>%2第%1轮：保存…</translation>
    </message>
    <message>
      <source>Round %1 of %2: computing the pairings…</source>
      <translation>%2第%1轮：计算对阵…</translation>
    </message>
    <message>
      <source>Round %1 of %2: computing the pairings (%3%)…</source>
      <translation>%2第%1轮：计算对阵（%3%）…</translation>
    </message>
    <message>
      <source>Round %1 paired.</source>
      <translation>第%1轮已编排。</translation>
    </message>
    <message>
      <source>Only the last round (round %1) can be paired by hand: it is shown now.</source>
      <translation>只能手工编排最后一轮（第%1轮），现已显示该轮。</translation>
    </message>
    <message>
      <source>Start round %1 of %2 with no table and pair it by hand? Each pairing is checked, recorded and can be undone.</source>
      <translation>新建%2第%1轮（不含任何对阵）并手工编排？每次配对都会检查、记入操作日志，并可撤销。</translation>
    </message>
    <message>
      <source>%2 is planned for %3 rounds: round %1 is an extra round, and the planned number of rounds becomes %1.</source>
      <translation>%2计划%3轮：第%1轮是加赛轮，计划轮数将改为%1轮。</translation>
    </message>
    <message>
      <source>Pair by hand</source>
      <translation>手工编排</translation>
    </message>
    <message>
      <source>Pair round %1 again? Manual edits of this round are replaced.</source>
      <translation>重新编排第%1轮吗？本轮的手工调整将被替换。</translation>
    </message>
    <message>
      <source>Delete the pairing of round %1?</source>
      <translation>删除第%1轮的编排吗？</translation>
    </message>
    <message>
      <source>Exchange tables %1 and %2</source>
      <translation>交换第%1台与第%2台</translation>
    </message>
    <message>
      <source>S: select two players (Ctrl+click two names) or two tables, then S.</source>
      <translation>S：先选中两名选手（按住 Ctrl 点两个姓名）或两台，再按 S。</translation>
    </message>
    <message>
      <source>A: select two players (Ctrl+click two names), then A.</source>
      <translation>A：先选中两名选手（按住 Ctrl 点两个姓名），再按 A。</translation>
    </message>
    <message>
      <source>C: select one table (not a bye), then C.</source>
      <translation>C：先选中一台（不是轮空），再按 C。</translation>
    </message>
    <message>
      <source>Still saving the previous change — try again in a moment.</source>
      <translation>上一项改动仍在保存——请稍候再试。</translation>
    </message>
    <message>
      <source>Edit applied — the checker has warnings.</source>
      <translation>已调整——检查发现问题，请看右侧提示。</translation>
    </message>
    <message>
      <source>Swap %1 and %2</source>
      <translation>交换%1与%2</translation>
    </message>
    <message>
      <source>Swap two players (Ctrl+click two names)</source>
      <translation>交换两名选手（按住 Ctrl 点选两人）</translation>
    </message>
    <message>
      <source>Set %1 against %2</source>
      <translation>指定%1对%2</translation>
    </message>
    <message>
      <source>Set two players against each other</source>
      <translation>指定两名选手对阵</translation>
    </message>
    <message>
      <source>Exchange colours on table %1</source>
      <translation>交换第%1台先后手</translation>
    </message>
    <message>
      <source>Right-click for manual edits; Ctrl+click to pick two players. Keys: S swaps the two selected players (or the two selected tables), C exchanges colours on the selected table, A sets the two selected players against each other</source>
      <translation>右键手动调整；按住 Ctrl 点选两名选手。按键：S 交换所选的两名选手（或所选的两台），C 交换所选台次的先后手，A 让所选的两名选手对阵</translation>
    </message>
    <message>
      <source>Move table %1 to…</source>
      <translation>移动第%1台到…</translation>
    </message>
    <message>
      <source>Unpair table %1</source>
      <translation>拆开第%1台</translation>
    </message>
    <message>
      <source>Give %1 the bye</source>
      <translation>指定%1轮空</translation>
    </message>
    <message>
      <source>Move table</source>
      <translation>调整台号</translation>
    </message>
    <message>
      <source>New table number for table %1:</source>
      <translation>第%1台的新台号：</translation>
    </message>
    <message>
      <source>Move table %1 to %2</source>
      <translation>第%1台移到第%2台</translation>
    </message>
  </context>
  <context>
    <name>SettingsDialog</name>
    <message>
      <source>Settings</source>
      <translation>设置</translation>
    </message>
    <message>
      <source>Win</source>
      <translation>胜</translation>
    </message>
    <message>
      <source>Draw</source>
      <translation>和</translation>
    </message>
    <message>
      <source>Loss</source>
      <translation>负</translation>
    </message>
    <message>
      <source>Bye</source>
      <translation>轮空</translation>
    </message>
    <message>
      <source>Win by forfeit</source>
      <translation>弃权胜</translation>
    </message>
    <message>
      <source>Loss by forfeit</source>
      <translation>弃权负</translation>
    </message>
    <message>
      <source>Scoring</source>
      <translation>计分</translation>
    </message>
    <message>
      <source>Swiss (weighted matching)</source>
      <translation>积分编排（加权匹配）</translation>
    </message>
    <message>
      <source>Dutch</source>
      <translation>荷兰制</translation>
    </message>
    <message>
      <source>Split halves</source>
      <translation>上下半区</translation>
    </message>
    <message>
      <source>Monrad</source>
      <translation>蒙拉德制</translation>
    </message>
    <message>
      <source>Round robin (Berger)</source>
      <translation>循环赛（贝格尔）</translation>
    </message>
    <message>
      <source>McMahon (starting score by grade)</source>
      <translation>麦克马洪制（按段级位定起始分）</translation>
    </message>
    <message>
      <source>e.g. 5段 (5d)</source>
      <translation>如 5段（5d）</translation>
    </message>
    <message>
      <source>Players at or above this grade start with the same McMahon score.</source>
      <translation>此段级位及以上的棋手起始分相同（麦克马洪上限 mcmahon.bar）。</translation>
    </message>
    <message>
      <source>e.g. 20级 (20k)</source>
      <translation>如 20级（20k）</translation>
    </message>
    <message>
      <source>Players at or below this grade start at 0 (the floor group).</source>
      <translation>此段级位及以下的棋手起始分为 0（下限组，麦克马洪下限 mcmahon.floor）。</translation>
    </message>
    <message>
      <source>Top half against bottom half</source>
      <translation>上半区对下半区</translation>
    </message>
    <message>
      <source>Neighbours (1-2, 3-4)</source>
      <translation>相邻序号（1-2、3-4）</translation>
    </message>
    <message>
      <source>By lot</source>
      <translation>抽签</translation>
    </message>
    <message>
      <source>Never avoid</source>
      <translation>不回避</translation>
    </message>
    <message>
      <source>Avoid in the first rounds</source>
      <translation>前若干轮回避</translation>
    </message>
    <message>
      <source>Always avoid</source>
      <translation>始终回避</translation>
    </message>
    <message>
      <source>No one gets the same colour three times running</source>
      <translation>不连续三轮同一先后手</translation>
    </message>
    <message>
      <source>Absolute rules (relaxed only when unavoidable, reported)</source>
      <translation>绝对规则（无法满足时放宽并报告）</translation>
    </message>
    <message>
      <source>A preference (colour balance as a cost; the check notes)</source>
      <translation>编排偏好（先后手平衡计入编排代价，检查只作提示）</translation>
    </message>
    <message>
      <source>Last round: scores before colours</source>
      <translation>末轮积分优先于先后手</translation>
    </message>
    <message>
      <source>A forfeited game counts as met</source>
      <translation>弃权局视为已相遇</translation>
    </message>
    <message>
      <source>None</source>
      <translation>无</translation>
    </message>
    <message>
      <source>Drawn by lot each round</source>
      <translation>每轮抽签</translation>
    </message>
    <message>
      <source>Chosen by the first player</source>
      <translation>由先手选择</translation>
    </message>
    <message>
      <source>Never repeat the previous round's opening</source>
      <translation>不与上一轮开局重复</translation>
    </message>
    <message>
      <source>Sum of the members' individual results</source>
      <translation>队员个人成绩之和</translation>
    </message>
    <message>
      <source>Team matches, board by board</source>
      <translation>团体对抗（逐台计分）</translation>
    </message>
    <message>
      <source>Team event played as</source>
      <translation>团体赛方式</translation>
    </message>
    <message>
      <source>Rounds planned</source>
      <translation>计划轮数</translation>
    </message>
    <message>
      <source>Pairing system</source>
      <translation>编排制度</translation>
    </message>
    <message>
      <source>McMahon bar</source>
      <translation>麦克马洪上限</translation>
    </message>
    <message>
      <source>McMahon floor</source>
      <translation>麦克马洪下限</translation>
    </message>
    <message>
      <source>First round</source>
      <translation>第一轮</translation>
    </message>
    <message>
      <source>Same-unit avoidance</source>
      <translation>同单位回避</translation>
    </message>
    <message>
      <source>…for the first rounds</source>
      <translation>…回避的轮数</translation>
    </message>
    <message>
      <source>Largest colour surplus</source>
      <translation>先后手差最大值</translation>
    </message>
    <message>
      <source>Colour limits are</source>
      <translation>先后手限制</translation>
    </message>
    <message>
      <source>Openings</source>
      <translation>指定开局</translation>
    </message>
    <message>
      <source>Withdraw after forfeits</source>
      <translation>弃权几次后退赛</translation>
    </message>
    <message>
      <source>Pairing</source>
      <translation>编排</translation>
    </message>
    <message>
      <source>Tie-break order after points (tick to use, drag or use the buttons):</source>
      <translation>积分之后的小分顺序（勾选使用，拖动或用按钮排序）：</translation>
    </message>
    <message>
      <source>Up</source>
      <translation>上移</translation>
    </message>
    <message>
      <source>Down</source>
      <translation>下移</translation>
    </message>
    <message>
      <source>A bye adds nothing</source>
      <translation>轮空不计入对手分</translation>
    </message>
    <message>
      <source>A bye counts as an opponent with 0</source>
      <translation>轮空按 0 分对手计</translation>
    </message>
    <message>
      <source>A bye counts as the lowest opponent</source>
      <translation>轮空按最低分对手计</translation>
    </message>
    <message>
      <source>Forfeit opponents count in opponents' score</source>
      <translation>弃权对手计入对手分</translation>
    </message>
    <message>
      <source>Forfeit wins count as wins</source>
      <translation>弃权胜计入胜局数</translation>
    </message>
    <message>
      <source>Shared place</source>
      <translation>并列</translation>
    </message>
    <message>
      <source>By seat</source>
      <translation>按座次</translation>
    </message>
    <message>
      <source>By final colour (swap openings)</source>
      <translation>按最终执子（交换开局）</translation>
    </message>
    <message>
      <source>A bye counts as a win</source>
      <translation>轮空计为胜局</translation>
    </message>
    <message>
      <source>Byes</source>
      <translation>轮空</translation>
    </message>
    <message>
      <source>Unbroken ties</source>
      <translation>小分全同</translation>
    </message>
    <message>
      <source>Second mover</source>
      <translation>后手判定</translation>
    </message>
    <message>
      <source>Tie-breaks</source>
      <translation>小分</translation>
    </message>
    <message>
      <source>Prizes and grades</source>
      <translation>奖金与等级</translation>
    </message>
    <message>
      <source>Tournament</source>
      <translation>比赛信息</translation>
    </message>
    <message>
      <source>e.g. 王裁判</source>
      <translation>例如 王裁判</translation>
    </message>
    <message>
      <source>Operator (recorded in the audit log)</source>
      <translation>操作员（记入操作日志）</translation>
    </message>
    <message>
      <source>Operator</source>
      <translation>操作员</translation>
    </message>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>The file holds settings this program cannot use; the defaults are shown and OK stores them:</source>
      <translation>文件中有本程序无法使用的设置值；下面显示的是默认值，按“确定”即保存：</translation>
    </message>
    <message>
      <source>Start of each round (YYYY-MM-DD HH:MM; empty: none):</source>
      <translation>各轮开赛时间（写成 YYYY-MM-DD HH:MM；留空表示未定）：</translation>
    </message>
    <message>
      <source>Schedule</source>
      <translation>赛程</translation>
    </message>
    <message>
      <source>Start time</source>
      <translation>开赛时间</translation>
    </message>
    <message>
      <source>Round</source>
      <translation>轮次</translation>
    </message>
  </context>
  <context>
    <name>StandingsModel</name>
    <message>
      <source>Rank</source>
      <translation>名次</translation>
    </message>
    <message>
      <source>Overall</source>
      <translation>总排名</translation>
    </message>
    <message>
      <source>No.</source>
      <translation>序号</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>姓名</translation>
    </message>
    <message>
      <source>Team name</source>
      <translation>队名</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>单位</translation>
    </message>
    <message>
      <source>Members</source>
      <translation>队员</translation>
    </message>
    <message>
      <source>Points</source>
      <translation>积分</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
  </context>
  <context>
    <name>StandingsView</name>
    <message>
      <source>After round</source>
      <translation>截至</translation>
    </message>
    <message>
      <source>Category</source>
      <translation>组别</translation>
    </message>
    <message>
      <source>Print standings</source>
      <translation>打印排名表</translation>
    </message>
    <message>
      <source>Print cross-table</source>
      <translation>打印对阵成绩表</translation>
    </message>
    <message>
      <source>Print prize sheet</source>
      <translation>打印奖金发放表</translation>
    </message>
    <message>
      <source>Print certificates</source>
      <translation>打印证书</translation>
    </message>
    <message>
      <source>Standings</source>
      <translation>排名</translation>
    </message>
    <message>
      <source>Teams</source>
      <translation>团体</translation>
    </message>
    <message>
      <source>Pairs</source>
      <translation>双人</translation>
    </message>
    <message>
      <source>Prizes</source>
      <translation>奖项</translation>
    </message>
    <message>
      <source>Grades</source>
      <translation>等级称号</translation>
    </message>
    <message>
      <source>before round 1</source>
      <translation>开赛前</translation>
    </message>
    <message>
      <source>after round %1</source>
      <translation>第%1轮后</translation>
    </message>
    <message>
      <source>%1 (final)</source>
      <translation>%1（最终）</translation>
    </message>
    <message>
      <source>Final results</source>
      <translation>最终</translation>
    </message>
    <message>
      <source>Provisional (%1)</source>
      <translation>临时（%1）</translation>
    </message>
    <message>
      <source>%1 %2</source>
      <comment>an event, after round N</comment>
      <translation>%1%2</translation>
    </message>
    <message>
      <source>, </source>
      <translation>、</translation>
    </message>
    <message>
      <source>Latest</source>
      <translation>最新</translation>
    </message>
    <message>
      <source>Round %1</source>
      <translation>第%1轮</translation>
    </message>
    <message>
      <source>Computing the standings…</source>
      <translation>正在计算名次…</translation>
    </message>
    <message>
      <source>Overall</source>
      <translation>总排名</translation>
    </message>
  </context>
  <context>
    <name>StartView</name>
    <message>
      <source>Finals Manager</source>
      <translation>棋赛总决赛编排系统</translation>
    </message>
    <message>
      <source>Swiss finals for Go and Gomoku: pairing, results, standings, printing</source>
      <translation>围棋、五子棋积分编排总决赛：编排、成绩、排名、打印</translation>
    </message>
    <message>
      <source>New tournament…</source>
      <translation>新建比赛…</translation>
    </message>
    <message>
      <source>Open file…</source>
      <translation>打开文件…</translation>
    </message>
    <message>
      <source>Open the demo</source>
      <translation>打开演示比赛</translation>
    </message>
    <message>
      <source>Recent files (double-click to open):</source>
      <translation>最近的文件（双击打开）：</translation>
    </message>
    <message>
      <source>File not found</source>
      <translation>找不到文件</translation>
    </message>
  </context>
  <context>
    <name>SubmissionsModel</name>
    <message>
      <source>first wins</source>
      <translation>先手胜</translation>
    </message>
    <message>
      <source>second wins</source>
      <translation>后手胜</translation>
    </message>
    <message>
      <source>draw</source>
      <translation>和棋</translation>
    </message>
    <message>
      <source>second forfeits</source>
      <translation>后手弃权</translation>
    </message>
    <message>
      <source>first forfeits</source>
      <translation>先手弃权</translation>
    </message>
    <message>
      <source>both forfeit</source>
      <translation>双方弃权</translation>
    </message>
    <message>
      <source>No.</source>
      <translation>序号</translation>
    </message>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Round</source>
      <translation>轮次</translation>
    </message>
    <message>
      <source>Table</source>
      <translation>台次</translation>
    </message>
    <message>
      <source>Players</source>
      <translation>选手</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>成绩</translation>
    </message>
    <message>
      <source>Manner</source>
      <translation>胜负方式</translation>
    </message>
    <message>
      <source>Fouls</source>
      <translation>犯规</translation>
    </message>
    <message>
      <source>Client address</source>
      <translation>来源地址</translation>
    </message>
    <message>
      <source>Time</source>
      <translation>时间</translation>
    </message>
    <message>
      <source>Conflict</source>
      <translation>冲突</translation>
    </message>
    <message>
      <source>Black wins</source>
      <translation>黑胜</translation>
    </message>
    <message>
      <source>White wins</source>
      <translation>白胜</translation>
    </message>
    <message>
      <source>White forfeits</source>
      <translation>白弃权</translation>
    </message>
    <message>
      <source>Black forfeits</source>
      <translation>黑弃权</translation>
    </message>
    <message>
      <source>void: %1</source>
      <translation>已作废：%1</translation>
    </message>
    <message>
      <source>conflict</source>
      <translation>冲突</translation>
    </message>
  </context>
  <context>
    <name>TablesTab</name>
    <message>
      <source>Prize table</source>
      <translation>奖金表</translation>
    </message>
    <message>
      <source>Grade table</source>
      <translation>等级表</translation>
    </message>
    <message>
      <source>Import from sheet…</source>
      <translation>从表格导入…</translation>
    </message>
    <message>
      <source>A CSV or Excel sheet: 名次,奖项,奖金 (prizes) or 名次,等级 (grades)</source>
      <translation>CSV 或 Excel 表格：名次,奖项,奖金（奖金表）或 名次,等级（等级表）</translation>
    </message>
    <message>
      <source>Remove table</source>
      <translation>删除此表</translation>
    </message>
    <message>
      <source>Undo last change</source>
      <translation>撤销上次修改</translation>
    </message>
    <message>
      <source>The event itself</source>
      <translation>本项目（不分组别）</translation>
    </message>
    <message>
      <source>Places</source>
      <translation>名次</translation>
    </message>
    <message>
      <source>Prize</source>
      <translation>奖项</translation>
    </message>
    <message>
      <source>Amount (yuan, before tax)</source>
      <translation>奖金（元，含税）</translation>
    </message>
    <message>
      <source>Grade applied for</source>
      <translation>申报等级</translation>
    </message>
    <message>
      <source>No table set</source>
      <translation>尚未设置</translation>
    </message>
    <message>
      <source>Import table</source>
      <translation>导入表格</translation>
    </message>
    <message>
      <source>Sheets (*.csv *.xlsx)</source>
      <translation>表格 (*.csv *.xlsx)</translation>
    </message>
  </context>
  <context>
    <name>TeamsView</name>
    <message>
      <source>Event</source>
      <translation>项目</translation>
    </message>
    <message>
      <source>Compose…</source>
      <translation>组建…</translation>
    </message>
    <message>
      <source>Dissolve</source>
      <translation>解散</translation>
    </message>
    <message>
      <source>Eligibility problems (from the checks and the last import):</source>
      <translation>资格问题（检查结果及上次导入的错误）：</translation>
    </message>
    <message>
      <source>No problem found.</source>
      <translation>未发现问题。</translation>
    </message>
    <message>
      <source>%1 entries</source>
      <translation>共 %1 个</translation>
    </message>
    <message>
      <source>%1 not eligible: still ranked, prizes withheld</source>
      <translation>%1 支不符合参赛条件：仍计名次，奖金不发</translation>
    </message>
    <message>
      <source>%1 not eligible: still ranked, prizes paid and marked</source>
      <translation>%1 支不符合参赛条件：仍计名次，奖金照发并标注</translation>
    </message>
    <message>
      <source>Teams are registered before the final</source>
      <translation>队伍应在总决赛前报名</translation>
    </message>
    <message>
      <source>The forced change is written to the audit log and marked on the team list.</source>
      <translation>强制变更将记入操作日志，并在队伍名单上标注。</translation>
    </message>
    <message>
      <source>Compose a team all the same (forced)?</source>
      <translation>仍要强制组队吗？</translation>
    </message>
    <message>
      <source>Compose a team</source>
      <translation>组建团体</translation>
    </message>
    <message>
      <source>Team name:</source>
      <translation>队名：</translation>
    </message>
    <message>
      <source>Members (seed numbers or names in the individual event, separated by commas):</source>
      <translation>队员（个人项目中的序号或姓名，用逗号分隔）：</translation>
    </message>
    <message>
      <source>The two players' names, separated by a comma:</source>
      <translation>两名选手的姓名，用逗号分隔：</translation>
    </message>
    <message>
      <source>Compose</source>
      <translation>组建</translation>
    </message>
    <message>
      <source>Dissolve %1 all the same (forced)?</source>
      <translation>仍要强制解散“%1”吗？</translation>
    </message>
    <message>
      <source>Dissolve %1?</source>
      <translation>解散%1吗？</translation>
    </message>
  </context>
  <context>
    <name>TournamentContext</name>
    <message>
      <source>Cannot read the final: %1</source>
      <translation>无法读取比赛数据：%1</translation>
    </message>
    <message>
      <source>The final can be read again.</source>
      <translation>已恢复与比赛数据的连接。</translation>
    </message>
    <message>
      <source>Changes made at another station are shown.</source>
      <translation>已显示其他站点的改动。</translation>
    </message>
  </context>
  <context>
    <name>TournamentTab</name>
    <message>
      <source>Title</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>First day</source>
      <translation>开始日期</translation>
    </message>
    <message>
      <source>Last day</source>
      <translation>结束日期</translation>
    </message>
    <message>
      <source>Venue</source>
      <translation>地点</translation>
    </message>
    <message>
      <source>Organisers</source>
      <translation>主办单位</translation>
    </message>
    <message>
      <source>Komi (Go)</source>
      <translation>贴目（围棋）</translation>
    </message>
    <message>
      <source>Certificate issuer</source>
      <translation>证书落款</translation>
    </message>
    <message>
      <source>Certificate number prefix</source>
      <translation>证书编号前缀</translation>
    </message>
    <message>
      <source>Certificate background image</source>
      <translation>证书背景图片</translation>
    </message>
    <message>
      <source>Server address for QR codes</source>
      <translation>二维码使用的服务器地址</translation>
    </message>
    <message>
      <source>Chief arbiter</source>
      <translation>裁判长</translation>
    </message>
    <message>
      <source>Deputy chief arbiters</source>
      <translation>副裁判长</translation>
    </message>
    <message>
      <source>Arbiters</source>
      <translation>裁判员</translation>
    </message>
    <message>
      <source>Venue Wi-Fi name (on the poster)</source>
      <translation>赛场无线网络名称（印在海报上）</translation>
    </message>
    <message>
      <source>YYYY-MM-DD</source>
      <translation>YYYY-MM-DD</translation>
    </message>
    <message>
      <source>separate with 、</source>
      <translation>多个用“、”分隔</translation>
    </message>
    <message>
      <source>e.g. 3又3/4子 or 7.5目</source>
      <translation>如 3又3/4子 或 7.5目</translation>
    </message>
    <message>
      <source>empty: the first organiser</source>
      <translation>不填：用第一个主办单位</translation>
    </message>
    <message>
      <source>e.g. http://192.168.1.20:8765 (empty: set when the phone server starts)</source>
      <translation>如 http://192.168.1.20:8765（不填：启动现场录入服务时自动记下）</translation>
    </message>
    <message>
      <source>No draws (never recorded)</source>
      <translation>不能记和棋</translation>
    </message>
    <message>
      <source>a PNG or JPEG file; empty: none</source>
      <translation>PNG 或 JPEG 图片文件；不填：无背景</translation>
    </message>
    <message>
      <source>By the komi: none in Go with a half-point komi (3又3/4子)</source>
      <translation>按贴目：围棋贴目不是整目（如 3又3/4子）时不能记和棋</translation>
    </message>
    <message>
      <source>Allowed (e.g. a Go game drawn by triple ko)</source>
      <translation>可以记和棋（如围棋三劫循环判和）</translation>
    </message>
    <message>
      <source>Draws</source>
      <translation>和棋</translation>
    </message>
    <message>
      <source>Empty: the standard wording. Placeholders such as {姓名} {名次} are filled in.</source>
      <translation>不填：用标准文字。{姓名}、{名次} 等占位符会自动填入。</translation>
    </message>
    <message>
      <source>Certificate text</source>
      <translation>证书文字</translation>
    </message>
    <message>
      <source>Team and pair prizes: a certificate per member</source>
      <translation>团体、双人奖项每名队员各发一张证书</translation>
    </message>
    <message>
      <source>Print a dashed circle where the seal goes</source>
      <translation>印出盖章位置（虚线圆圈）</translation>
    </message>
    <message>
      <source>These apply to the whole final (every event). Each round's start time is in the Schedule tab.</source>
      <translation>以下设置适用于整个比赛（所有项目）。各轮开赛时间在“赛程”页设置。</translation>
    </message>
  </context>
  <context>
    <name>TrfActions</name>
    <message>
      <source>Export as TRF</source>
      <translation>导出为 TRF</translation>
    </message>
    <message>
      <source>TRF files (*.trf *.txt);;All files (*)</source>
      <translation>TRF 文件 (*.trf *.txt);;所有文件 (*)</translation>
    </message>
    <message>
      <source>%1 players exported to %2</source>
      <translation>已导出 %1 名选手到 %2</translation>
    </message>
    <message>
      <source>Import a TRF file</source>
      <translation>导入 TRF 文件</translation>
    </message>
    <message>
      <source>Imported event %1: %2 players, %3 rounds.</source>
      <translation>已导入项目 %1：%2 名选手，%3 轮。</translation>
    </message>
    <message>
      <source>Requested byes kept (not paired, points counted):</source>
      <translation>已保留的请求轮空（不编排，计分）：</translation>
    </message>
    <message>
      <source>Not imported:</source>
      <translation>未导入：</translation>
    </message>
    <message>
      <source>TRF import</source>
      <translation>导入 TRF</translation>
    </message>
  </context>
</TS>