// Progressive enhancements; every page works without this file.
(function () {
  "use strict";

  // Keep the screen awake while a round is on, where the browser allows it.
  var lock = null;
  function wantLock() { return document.querySelector("[data-wake-lock]") !== null; }
  function requestLock() {
    if (!("wakeLock" in navigator) || !wantLock() || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) { lock = l; }).catch(function () {});
  }
  document.addEventListener("visibilitychange", requestLock);
  document.addEventListener("DOMContentLoaded", requestLock);
  document.addEventListener("htmx:afterSettle", function () {
    if (wantLock() && lock === null) requestLock();
  });

  // Tap-the-tiles: show the running total as tiles are tapped.
  function updateTotal(form) {
    var out = form.querySelector("[data-tiles-total]");
    if (!out) return;
    var pips = 0, count = 0, blank = false;
    form.querySelectorAll("input[name=tile]:checked").forEach(function (box) {
      pips += Number(box.dataset.pips); count++;
      if (box.value === "0-0") blank = true;
    });
    out.textContent = count + (count === 1 ? " tile, " : " tiles, ") + pips + " pips" + (blank ? " + 0-0" : "");
  }
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form[data-tiles]");
    if (form) updateTotal(form);
  });

  // Setup form: a number typed in the hand-size box is dealt instead of the
  // hand size picked, so typing clears the pick and picking clears the box;
  // emptying the box picks the suggestion again.
  document.addEventListener("input", function (e) {
    if (e.target.id !== "hand_other") return;
    var typed = e.target.value.trim() !== "";
    document.querySelectorAll("input[name=hand_size]").forEach(function (r) {
      r.checked = !typed && r.hasAttribute("data-suggested");
    });
  });
  document.addEventListener("change", function (e) {
    var box = document.getElementById("hand_other");
    if (e.target.name === "hand_size" && box) box.value = "";
  });

  // Faster entry: once a score is saved (or who set the double down is
  // tapped), focus the pips box of the next player without an entry, so
  // the numeric keyboard stays up; with every entry in, focus Close. A
  // refused entry keeps the focus in its own box.
  var focusedFor = null;
  function pipsOf(row) { return row && row.querySelector("input[name=pips]"); }
  function focusNext(seat) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("#round .entry"));
    var saved = document.getElementById("entry-" + seat);
    if (saved && saved.querySelector("[role=alert]")) { pipsOf(saved).focus(); return; }
    for (var i = 1; i <= rows.length; i++) {
      var row = rows[(Math.max(seat, -1) + i) % rows.length];
      // Not the row's class: htmx settles a swapped element's class later.
      if (!row.querySelector(".who .now") && pipsOf(row)) { pipsOf(row).focus(); return; }
    }
    var close = document.querySelector("#round [data-testid=close]:not([disabled])");
    if (close) close.focus();
  }
  document.addEventListener("htmx:afterSwap", function (e) {
    var d = e.detail;
    if (!d || !d.xhr || d.xhr === focusedFor || !d.requestConfig || d.requestConfig.verb !== "post") return;
    var path = d.pathInfo && d.pathInfo.requestPath || "";
    var m = /\/entries\/(\d+)$/.exec(path);
    if (!document.querySelector("#round [data-testid=round-actions]")) return; // a closed round's page
    var seat = m ? Number(m[1]) : /\/opening$/.test(path) ? -1 : null;
    if (seat === null) return;
    focusedFor = d.xhr;
    setTimeout(function () { focusNext(seat); }, 0); // after the out-of-band parts are swapped in too
  });

  // Noisy Wi-Fi: say so when a request fails, and keep what was typed.
  function toast(text) {
    var box = document.getElementById("toast");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    clearTimeout(box._t);
    box._t = setTimeout(function () { box.hidden = true; }, 6000);
  }
  document.addEventListener("htmx:sendError", function () {
    toast("No connection: nothing was saved. Check the Wi-Fi and tap again.");
  });
  document.addEventListener("htmx:responseError", function (e) {
    if (e.detail.xhr.status >= 500) toast("The server had a problem: nothing was saved. Tap again.");
  });
  // A refusal the page has no place for comes back as a message alone.
  document.addEventListener("htmx:afterRequest", function (e) {
    var xhr = e.detail.xhr;
    if (!xhr || xhr.status < 400 || xhr.status >= 500 || xhr.getResponseHeader("HX-Reswap") !== "none") return;
    var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
    toast(doc.body.textContent.trim() || "That was not accepted.");
  });
})();
