// The table's phone page: choose a result, optionally a manner and fouls, submit.
// Data comes from data-* attributes; every text is written with textContent.
(function () {
  "use strict";
  var app = document.getElementById("app");
  if (!app) { return; }
  var form = document.getElementById("entry");
  var send = document.getElementById("send");
  var status = document.getElementById("status");
  var manner = document.getElementById("manner");
  var pinBox = document.getElementById("pinbox");
  var pin = document.getElementById("pin");
  var words = {};  // each result's words, as the server wrote them on its button
  Array.prototype.forEach.call(document.querySelectorAll(".res"), function (button) {
    words[button.dataset.result] = button.dataset.words;
  });
  var chosen = null;
  var fouls = [0, 0];
  var busy = false;
  var polls = 0;

  if (app.dataset.recorded) { document.getElementById("onfile").hidden = false; }
  if (app.dataset.pin) { pinBox.hidden = false; }

  function say(text, kind) {
    status.textContent = text;
    status.className = "status" + (kind ? " " + kind : "");
    if (text && status.scrollIntoView) { status.scrollIntoView({ block: "nearest" }); }
  }

  function refresh() {
    if (!chosen) {
      send.disabled = true;
      send.textContent = "请先选择结果";
      return;
    }
    var who = "";
    if (chosen === "1-0") { who = "（" + app.dataset.first + " 胜）"; }
    if (chosen === "0-1") { who = "（" + app.dataset.second + " 胜）"; }
    send.disabled = busy;
    send.textContent = busy ? "正在提交…" : "提交：" + words[chosen] + who;
  }

  Array.prototype.forEach.call(document.querySelectorAll(".res"), function (button) {
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", function () {
      chosen = button.dataset.result;
      Array.prototype.forEach.call(document.querySelectorAll(".res"), function (other) {
        other.setAttribute("aria-pressed", other === button ? "true" : "false");
      });
      say("", "");
      refresh();
    });
  });

  Array.prototype.forEach.call(document.querySelectorAll(".chip"), function (chip) {
    chip.setAttribute("aria-pressed", "false");
    chip.addEventListener("click", function () {
      var on = chip.getAttribute("aria-pressed") !== "true";
      Array.prototype.forEach.call(document.querySelectorAll(".chip"), function (other) {
        other.setAttribute("aria-pressed", "false");
      });
      chip.setAttribute("aria-pressed", on ? "true" : "false");
      manner.value = on ? chip.dataset.manner : "";
    });
  });

  Array.prototype.forEach.call(document.querySelectorAll(".step"), function (step) {
    step.addEventListener("click", function () {
      var side = Number(step.dataset.side);
      fouls[side] = Math.max(0, Math.min(20, fouls[side] + Number(step.dataset.step)));
      document.getElementById("foul" + side).textContent = String(fouls[side]);
    });
  });

  function poll() {
    if (polls++ > 60) { return; }
    window.setTimeout(function () {
      fetch(location.pathname + "/state", { cache: "no-store" }).then(function (r) {
        return r.ok ? r.json() : null;
      }).then(function (state) {
        if (!state) { say("本轮已结束，本台成绩已确认。", "ok"); return; }
        if (state.seats !== app.dataset.seats) {
          say("本台对阵已调整，之前的提交已作废。请刷新页面，核对选手后重新提交。", "err");
          return;
        }
        if (state.pending === 0 && state.recorded) {
          say("裁判长已确认：" + (words[state.recorded] || state.recorded) + "（" + state.recorded + "）", "ok");
        } else if (state.pending > 0) {
          poll();
        }
      }).catch(function () { poll(); });
    }, 5000);
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (!chosen || busy) { return; }
    if (app.dataset.pin && !pin.value) { say("请输入裁判口令。", "err"); pin.focus(); return; }
    busy = true;
    refresh();
    say("", "");
    var body = { result: chosen, manner: manner.value.trim(), fouls: fouls.slice(),
                 seats: app.dataset.seats };
    if (app.dataset.pin) { body.pin = pin.value; }
    post(body, 0);
  });

  // The answer may be lost after the server stored the result (it died, the Wi-Fi dropped):
  // the page never says "not submitted" then, it sends the same again (a repeat is never
  // stored twice, and its answer says the result was received or is on file).
  var RESENDS = 4;
  // How long to wait for an answer: the server says (longer than it takes to give one).
  var WAIT = Number(app.dataset.wait) || 30000;
  var ASKS = 200;  // a held result's receipt asked about at most this often (every 1.5 s)

  function fetched(request) {
    return request.then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        return { code: response.status, data: data };
      });
    });
  }

  function post(body, tries) {
    var controller = window.AbortController ? new AbortController() : null;
    var timer = window.setTimeout(function () { if (controller) { controller.abort(); } }, WAIT);
    fetched(fetch(location.pathname, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
      signal: controller ? controller.signal : undefined
    })).then(function (answer) { answered(answer, 0); }).catch(function () {
      if (tries < RESENDS) {
        say("未收到服务器的回复，正在核对成绩是否已送达……", "warn");
        window.setTimeout(function () { post(body, tries + 1); }, 2000);
        return;
      }
      busy = false;
      say("网络不通，未能确认成绩是否已送达。请检查 Wi-Fi 后再次提交（同一成绩不会重复记录）。", "err");
      refresh();
    }).then(function () { window.clearTimeout(timer); });
  }

  // 202: the server holds the result and saves it when the file is free; ask until it says.
  function ask(receipt, asks, misses) {
    window.setTimeout(function () {
      fetched(fetch(location.pathname + "/saving/" + receipt, { cache: "no-store" }))
        .then(function (answer) { answered(answer, asks + 1); })
        .catch(function () {
          if (misses < RESENDS) { ask(receipt, asks + 1, misses + 1); return; }
          busy = false;
          say("未能确认成绩已保存。请检查 Wi-Fi 后再次提交（同一成绩不会重复记录）。", "err");
          refresh();
        });
    }, 1500);
  }

  function answered(answer, asks) {
    var data = answer.data || {};
    if (answer.code === 202 && data.receipt) {
      say(data.message || "已收到，正在保存……", "warn");
      if (asks < ASKS) { ask(data.receipt, asks, 0); return; }
      busy = false;
      say("成绩仍未保存，请联系裁判长。", "err");
      refresh();
      return;
    }
    busy = false;
    if (answer.code === 200) {
      var kind = data.status === "conflict" ? "warn" : "ok";
      say(data.message || "已提交。", kind);
      send.textContent = "已提交（如需更正可再次提交）";
      send.disabled = true;
      chosen = null;
      Array.prototype.forEach.call(document.querySelectorAll(".res"), function (b) {
        b.setAttribute("aria-pressed", "false");
      });
      if (data.status === "pending" || data.status === "conflict") { polls = 0; poll(); }
    } else if (answer.code === 409) {
      say(data.error || "本台对阵已调整，请刷新页面后重新提交。", "err");
      send.textContent = "本台对阵已调整：请刷新页面";
      send.disabled = true;
    } else if (answer.code === 404) {
      say("链接无效或本轮已结束，成绩未提交。请联系裁判长。", "err");
      refresh();
    } else {
      say(data.error || ("提交失败（" + answer.code + "），请重试。"), "err");
      refresh();
    }
  }

  refresh();
})();
