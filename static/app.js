// Progressive enhancements; every page works without this file.
(function () {
  "use strict";

  // The words this file shows or says come from the page, in its language:
  // data-msg-* attributes of <body>, with {name} for what is filled in.
  function msg(name, fill) {
    var text = (document.body && document.body.getAttribute("data-msg-" + name)) || "";
    Object.keys(fill || {}).forEach(function (k) { text = text.split("{" + k + "}").join(fill[k]); });
    return text;
  }
  var plurals = null;
  function counted(name, n) {
    var form = n === 1 ? "one" : "other";
    try {
      plurals = plurals || new Intl.PluralRules(document.documentElement.lang || "en");
      form = plurals.select(n);
    } catch (e) { /* no Intl: one and other */ }
    var text = msg(name + "-" + form, { n: n });
    return text || msg(name + "-other", { n: n });
  }

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
    var tally = msg("tally", { tiles: counted("tiles", count), pips: counted("pips", pips) });
    out.textContent = blank ? msg("tally-blank", { tally: tally }) : tally;
  }
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form[data-tiles]");
    if (form) updateTotal(form);
  });

  // Spots tapped tile by tile at the end of a Straight hand: the tiles'
  // pips fill the hand's box as they are tapped; typing in the box lets
  // the tiles go; "take back" unticks the last tile tapped, "clear" all.
  var tapped = [];
  function spotsBox(spots) { return document.getElementById(spots.getAttribute("data-spots")); }
  function spotsTally(spots, fill) {
    var pips = 0, count = 0;
    spots.querySelectorAll("input[type=checkbox]:checked").forEach(function (t) { pips += Number(t.dataset.pips); count++; });
    var box = spotsBox(spots);
    if (fill && box) box.value = count ? String(pips) : "";
    var out = spots.querySelector("[data-spots-total]");
    if (out && count) out.textContent = msg("tally", { tiles: counted("tiles", count), pips: counted("pips", pips) });
    spots.querySelectorAll("[data-spots-back], [data-spots-clear]").forEach(function (b) { b.hidden = count === 0; });
  }
  document.addEventListener("change", function (e) {
    var spots = e.target.closest && e.target.closest("[data-spots]");
    if (!spots || e.target.type !== "checkbox") return;
    tapped = tapped.filter(function (t) { return t !== e.target && document.contains(t); });
    if (e.target.checked) tapped.push(e.target);
    spotsTally(spots, true);
  });
  document.addEventListener("input", function (e) {
    if (!e.target.matches || !e.target.matches("[data-spots-box]")) return;
    var spots = document.querySelector('[data-spots="' + CSS.escape(e.target.id) + '"]');
    if (!spots) return;
    spots.querySelectorAll("input[type=checkbox]:checked").forEach(function (t) { t.checked = false; });
    spotsTally(spots, false);
  });
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-spots-back], [data-spots-clear]");
    if (!b) return;
    var spots = b.closest("[data-spots]");
    var ticked = Array.prototype.slice.call(spots.querySelectorAll("input[type=checkbox]:checked"));
    if (b.hasAttribute("data-spots-back")) {
      var mine = tapped.filter(function (t) { return spots.contains(t) && t.checked; });
      ticked = mine.length ? [mine[mine.length - 1]] : ticked.slice(-1);
    }
    ticked.forEach(function (t) { t.checked = false; });
    tapped = tapped.filter(function (t) { return t.checked; });
    spotsTally(spots, true);
  });

  // A part the player opened or closed (data-remember: the Straight
  // sheet's houses and its lines) stays so when the part is drawn again,
  // and on the next visit.
  function remembered() {
    document.querySelectorAll("details[data-remember]").forEach(function (d) {
      var v = null;
      try { v = localStorage.getItem("open:" + d.getAttribute("data-remember")); } catch (e) { /* no storage */ }
      if (v !== null) d.open = v === "1";
    });
  }
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (!d.matches || !d.matches("details[data-remember]")) return;
    try { localStorage.setItem("open:" + d.getAttribute("data-remember"), d.open ? "1" : "0"); } catch (err) { /* no storage */ }
  }, true);
  document.addEventListener("DOMContentLoaded", remembered);
  document.addEventListener("htmx:afterSettle", remembered);

  // Printed, the parts marked data-print-open are opened, and closed
  // again after as they were.
  var reopen = [];
  window.addEventListener("beforeprint", function () {
    reopen = [];
    document.querySelectorAll("details[data-print-open]:not([open])").forEach(function (d) { d.open = true; reopen.push(d); });
  });
  window.addEventListener("afterprint", function () {
    reopen.forEach(function (d) { d.open = false; });
    reopen = [];
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

  // A game night's links: copy and share where the browser can (both need
  // a secure page), and ask before a form that can't be undone is sent.
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-copy]").forEach(function (b) {
      if (navigator.clipboard && window.isSecureContext) b.hidden = false;
    });
    document.querySelectorAll("[data-share]").forEach(function (b) {
      if (navigator.share) b.hidden = false;
    });
  });
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-copy],[data-share]");
    if (!b) return;
    if (b.hasAttribute("data-copy")) {
      navigator.clipboard.writeText(b.getAttribute("data-copy")).then(function () {
        b.firstChild.textContent = msg("copied");
        var region = document.getElementById("said");
        if (region) region.textContent = msg("link-copied");
      }).catch(function () {});
    } else {
      navigator.share({ url: b.getAttribute("data-share") }).catch(function () {});
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-print]").forEach(function (b) { b.hidden = false; });
  });
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-print]")) window.print();
  });
  document.addEventListener("submit", function (e) {
    var msg = e.target.getAttribute && e.target.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) e.preventDefault();
  });

  // Faster entry: once a score is saved (or who set the double down is
  // tapped), focus the pips box of the next player without an entry, so
  // the numeric keyboard stays up; with every entry in, focus Close. A
  // refused entry keeps the focus in its own box.
  var focusedFor = null;
  // The box focused for the player, until they type or go elsewhere: it
  // holds nothing of theirs yet, so another phone's news for its card is
  // still drawn (see busy), the focus kept.
  var autoFocused = null;
  function pipsOf(row) { return row && row.querySelector("input[name=pips]"); }
  function focusPips(row) { autoFocused = pipsOf(row); autoFocused.focus(); }
  document.addEventListener("focusin", function (e) { if (e.target !== autoFocused) autoFocused = null; });
  function focusNext(seat) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("#round .entry"));
    var saved = document.getElementById("entry-" + seat);
    if (saved && saved.querySelector("[role=alert]")) { pipsOf(saved).focus(); return; }
    // Rows go in the card's order (this phone's player may come first).
    var at = saved ? rows.indexOf(saved) : -1;
    for (var i = 1; i <= rows.length; i++) {
      var row = rows[(at + i) % rows.length];
      // Not the row's class: htmx settles a swapped element's class later.
      if (!row.querySelector(".who .now, [data-waiting]") && pipsOf(row)) { focusPips(row); return; }
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

  // After an update, one polite live region outside the swapped parts says
  // what it did (the score saved, who set the double down, the table's
  // banner, the replay step), and the focus stays where it was or, when
  // that control is gone, moves to what was said. Parts marked data-say
  // are said once, when they arrive; a notice (an undo, a correction) is
  // said on its own, and a refusal (a 409, a 422) alone: an alert swapped
  // in with the part around it is not read out everywhere.
  var seen = new WeakSet();
  function markSeen() {
    document.querySelectorAll("[data-say], [role=alert]").forEach(function (el) { seen.add(el); });
  }
  document.addEventListener("DOMContentLoaded", markSeen);
  // A page that follows a form sent without htmx (the tiles saved, a
  // player joined, a correction) says what the form did, as an update in
  // place does: its refusal, else its notice, else the card it came back
  // to. A form's success comes back through a redirect, its refusal
  // straight; a page reloaded, or opened from a link, has no news.
  window.addEventListener("load", function () {
    var nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    if (!nav || nav.type !== "navigate") return;
    var shown = function (els) { return Array.prototype.filter.call(els, function (el) { return !el.hidden && el.getClientRects().length > 0; }); };
    var alerts = shown(document.querySelectorAll("main [role=alert]"));
    var notices = shown(document.querySelectorAll("main .notice[data-say], main [role=status][data-say]"));
    var card = location.hash.length > 1 && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    var back = card ? shown(card.querySelectorAll("[data-say]")) : [];
    if (alerts.length) say(alerts);
    else if (nav.redirectCount > 0 && (notices.length || back.length)) say(notices.length ? notices : back);
  });
  function fresh(sel) {
    return Array.prototype.filter.call(document.querySelectorAll(sel), function (el) {
      return !seen.has(el) && !el.hidden;
    });
  }
  function say(els) {
    var region = document.getElementById("said");
    var text = els.map(function (el) {
      return typeof el === "string" ? el : el.getAttribute("data-say") || el.textContent;
    })
      .join(" ").replace(/\s+/g, " ").trim();
    if (!region || !text) return;
    region.textContent = ""; // the same words again are still news
    setTimeout(function () { region.textContent = text; }, 50);
  }
  var before = null; // the focused control, as it can be found again
  var ownSwap = false; // a swap this player asked for, not another phone's change
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!isLive(e.detail)) ownSwap = true;
    var a = document.activeElement;
    // With the focus nowhere, an earlier swap of the same burst may have
    // taken the control away: that one is still the one to find again.
    if (!a || a === document.body) {
      if (before && before.node.isConnected) before = null;
      return;
    }
    var card = a.closest("section[id]");
    before = {
      node: a, id: a.id, tag: a.tagName.toLowerCase(), testid: a.getAttribute("data-testid"),
      name: a.getAttribute("name"), value: a.getAttribute("value"), href: a.getAttribute("href"),
      tabindex: a.getAttribute("tabindex"), card: card && card.id,
    };
  });
  function findAgain(d) {
    if (!d) return null;
    if (d.id && document.getElementById(d.id)) return document.getElementById(d.id);
    if (!d.testid && !d.name && !d.href) return null;
    var sel = d.tag;
    [["data-testid", d.testid], ["name", d.name], ["value", d.value], ["href", d.href]].forEach(function (kv) {
      if (kv[1] !== null && kv[1] !== "") sel += "[" + kv[0] + '="' + CSS.escape(kv[1]) + '"]';
    });
    return document.querySelector(sel);
  }
  function usable(el) { return el && !el.disabled && el.getClientRects().length > 0; }
  // Where a control that is gone for good leaves the focus: the heading of
  // the card it was in, or of the page, so a keyboard goes on from there
  // rather than from the top.
  function heading(d) {
    if (!d) return null; // the focus was nowhere to begin with
    var card = d.card && document.getElementById(d.card);
    return (card && card.querySelector("h2, h3")) || document.querySelector("#main h1");
  }
  // While that is pending the page carries data-settling, so whatever
  // waits for the page to be still (a test's next tap) knows it isn't yet.
  var settled = null;
  document.addEventListener("htmx:afterSettle", function () {
    clearTimeout(settled);
    document.documentElement.setAttribute("data-settling", "");
    settled = setTimeout(function () {
      document.documentElement.removeAttribute("data-settling");
      var alerts = fresh("[role=alert]"), told = fresh("[data-say]");
      var notices = told.filter(function (el) { return el.classList.contains("notice"); });
      if (notices.length) told = notices;
      markSeen();
      say(alerts.length ? alerts : told);
      var own = ownSwap;
      ownSwap = false;
      var a = document.activeElement, was = before;
      before = null;
      if (a && a !== document.body && document.contains(a)) return;
      var back = findAgain(was);
      if (usable(back)) { // it was in view, where it was
        if (was.tabindex !== null && !back.hasAttribute("tabindex")) back.setAttribute("tabindex", was.tabindex);
        var auto = was.node === autoFocused;
        back.focus({ preventScroll: true });
        if (auto) autoFocused = back;
        return;
      }
      // Another phone's change moves the focus only off a control it took
      // away, and never scrolls the page.
      var to = own ? alerts[0] || told[0] || heading(was) : heading(was);
      if (!to) return;
      if (!to.matches("a, button, input, select, textarea")) to.setAttribute("tabindex", "-1");
      to.focus({ preventScroll: !own });
    }, 30);
  });

  // The live table's keypad holds every tile of the set and stays on the
  // page from move to move (hx-preserve): each request says which keypad
  // the page holds, and an answer for that keypad brings only its state,
  // which is applied here. A laid tile is hidden, a tile that fits now is
  // marked and named so, and a pick is dropped once the table has moved on.
  function keypadHeld() {
    var pad = document.querySelector("[data-keypad]");
    return pad && pad.querySelector("input[name=tile]") ? pad.id : "";
  }
  document.addEventListener("htmx:configRequest", function (e) {
    var held = keypadHeld();
    if (held) e.detail.headers["X-Keypad"] = held;
  });
  function applyKeypad() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-keypad-state]"), function (st) {
      var pad = document.getElementById(st.getAttribute("data-keypad-state"));
      if (!pad) return;
      var laid = " " + st.getAttribute("data-laid") + " ", fits = " " + st.getAttribute("data-fits") + " ";
      var label = st.getAttribute("data-fits-label"), seq = st.getAttribute("data-seq");
      var moved = pad.getAttribute("data-seq") !== seq;
      pad.setAttribute("data-seq", seq);
      Array.prototype.forEach.call(pad.querySelectorAll("input[name=tile]"), function (input) {
        var box = input.parentNode, face = box.querySelector(".t"), tile = " " + input.value + " ";
        var fit = fits.indexOf(tile) >= 0;
        box.hidden = laid.indexOf(tile) >= 0;
        if (box.hidden || moved) input.checked = false;
        if (face) face.classList.toggle("fits", fit);
        input.setAttribute("aria-label", fit ? label.split("{tile}").join(input.value) : input.value);
      });
    });
  }
  document.addEventListener("DOMContentLoaded", applyKeypad);
  document.addEventListener("htmx:afterSwap", applyKeypad);

  // A tile picked with no place picked yet, that can go in one place only,
  // has that place picked for it. A place picked already is the player's
  // question and is left alone.
  document.addEventListener("change", function (e) {
    var pick = e.target;
    if (pick.name !== "tile" || !pick.closest("[data-keypad]")) return;
    var form = pick.form, halves = pick.value.split("-");
    if (!form || form.querySelector("input[name=on]:checked")) return;
    var places = Array.prototype.filter.call(form.querySelectorAll("input[name=on][data-pips]"), function (end) {
      return halves.indexOf(end.getAttribute("data-pips")) >= 0;
    });
    if (places.length === 1) places[0].checked = true;
  });

  // The whole table, zoomed, opens on what matters: the double the table
  // owes, or else the last tile laid, in the middle of the frame, not on
  // the drawing's top-left corner. After a move it follows the new tile.
  function centreZoomed() {
    var view = document.querySelector(".table-view.zoomed");
    if (!view || view.hasAttribute("data-centred")) return;
    var mark = view.querySelector(".tile.owed") || view.querySelector(".tile.last");
    view.setAttribute("data-centred", "");
    if (!mark) return;
    var v = view.getBoundingClientRect(), m = mark.getBoundingClientRect();
    view.scrollLeft += m.left + m.width / 2 - (v.left + v.width / 2);
    view.scrollTop += m.top + m.height / 2 - (v.top + v.height / 2);
  }
  document.addEventListener("DOMContentLoaded", centreZoomed);
  document.addEventListener("htmx:afterSettle", centreZoomed);

  // A tile this player laid (or took back) is looked for in the drawing,
  // which on a phone is far above the keypad: bring the tile laid, or the
  // drawing, on to the screen, gliding unless motion is unwelcome, and
  // only when it is off it. A draw or a pass leaves the page where it is,
  // by the buttons for what comes next; another phone's move never
  // scrolls it.
  var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  function showDrawing(table) {
    var view = table.querySelector(".table-view");
    if (!view) return;
    var mark = view.querySelector(".tile.last") || view, r = mark.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= window.innerHeight) return;
    var whole = view.getBoundingClientRect().height <= window.innerHeight, root = document.documentElement;
    // While it glides the page carries data-scrolling: not still yet.
    var done = function () { clearTimeout(root._glide); root.removeAttribute("data-scrolling"); };
    root.setAttribute("data-scrolling", "");
    window.addEventListener("scrollend", done, { once: true });
    root._glide = setTimeout(done, 1500); // a browser without scrollend
    (whole ? view : mark).scrollIntoView({
      block: whole ? "nearest" : "center", behavior: calm && calm.matches ? "auto" : "smooth",
    });
  }
  document.addEventListener("htmx:afterSettle", function (e) {
    var d = e.detail, kind = d && d.requestConfig && d.requestConfig.elt &&
      d.requestConfig.elt.querySelector && d.requestConfig.elt.querySelector("input[name=kind]");
    if (e.target.id !== "table" || isLive(d) || !d.xhr || d.xhr.status !== 200 || !kind) return;
    if (kind.value === "play" || kind.value === "take-back") showDrawing(e.target);
  });

  // A score sheet of many players says it scrolls sideways only where it
  // does: on a phone, not on a screen wide enough for it.
  // Swiped to its end, it rests on a whole column too (the style snaps
  // to one everywhere else): the room after the last column is made up to
  // where a column's start meets the sticky first column.
  function hintScroll() {
    var hint = document.getElementById("sheet-scrolls");
    var wrap = hint && hint.nextElementSibling;
    if (!wrap) return;
    wrap.style.paddingRight = "";
    hint.hidden = wrap.scrollWidth <= wrap.clientWidth;
    var row = wrap.querySelector("tbody tr");
    if (hint.hidden || !row || row.cells.length < 2) return;
    var left = wrap.getBoundingClientRect().left + wrap.clientLeft - wrap.scrollLeft;
    var sticky = row.cells[0].getBoundingClientRect().width;
    var end = wrap.scrollWidth - wrap.clientWidth;
    for (var i = 1; i < row.cells.length; i++) {
      var at = row.cells[i].getBoundingClientRect().left - left - sticky;
      if (at >= end - 0.5) {
        wrap.style.paddingRight = Math.ceil(at - end) + "px";
        return;
      }
    }
  }
  document.addEventListener("DOMContentLoaded", hintScroll);
  document.addEventListener("htmx:afterSettle", hintScroll);
  window.addEventListener("resize", hintScroll);

  // Noisy Wi-Fi: say so when a request fails, and keep what was typed.
  function toast(text) {
    var box = document.getElementById("toast");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    clearTimeout(box._t);
    box._t = setTimeout(function () { box.hidden = true; }, 6000);
  }
  document.addEventListener("htmx:sendError", function (e) {
    if (isLive(e.detail)) return; // the stream says so itself
    if (keep(e.detail)) { toast(msg("kept")); return; }
    toast(msg("no-connection"));
  });
  document.addEventListener("htmx:responseError", function (e) {
    if (isLive(e.detail)) return;
    if (e.detail.xhr.status >= 500) toast(msg("server-problem"));
  });
  // A refusal the page has no place for comes back as a message alone.
  document.addEventListener("htmx:afterRequest", function (e) {
    if (isLive(e.detail)) return;
    var xhr = e.detail.xhr;
    if (!xhr || xhr.status < 400 || xhr.status >= 500 || xhr.getResponseHeader("HX-Reswap") !== "none") return;
    var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
    toast(doc.body.textContent.trim() || msg("refused"));
  });

  // Live on every phone. Parts marked data-live fetch themselves again when
  // the game night's stream names them (hx-trigger="sse:…", htmx's SSE
  // extension). Another phone's change never clobbers what this player is
  // typing: a part holding the focus in a field, or a field changed and not
  // yet saved, is left as it is, and its save then meets the stale-version
  // refusal with the current value; it catches up once the player leaves
  // it with nothing typed. A box the app focused for the player (the next
  // card after a save) holds nothing of theirs until they type: its card
  // is drawn, the focus kept. A part whose answer shows the version it
  // shows already is left alone too.
  function liveName(d) {
    var ev = d && (d.triggeringEvent || d.requestConfig && d.requestConfig.triggeringEvent);
    return ev && typeof ev.type === "string" && ev.type.indexOf("sse:") === 0 ? ev.type.slice(4) : "";
  }
  function isLive(d) { return liveName(d) !== ""; }
  var typing = "input:not([type=hidden]):not([type=submit]):not([type=button]), select, textarea, summary";
  function changed(f) {
    if (f.type === "hidden") return false;
    if (f.type === "checkbox" || f.type === "radio") return f.checked !== f.defaultChecked;
    if (f.tagName === "SELECT") {
      var first = Array.prototype.findIndex.call(f.options, function (o) { return o.defaultSelected; });
      return f.selectedIndex !== Math.max(first, 0);
    }
    return f.value !== f.defaultValue;
  }
  function unsaved(part) {
    return part !== null && Array.prototype.some.call(part.querySelectorAll("input, select, textarea"), changed);
  }
  function busy(part) {
    if (!part) return false;
    if (keptIn(part)) return true;
    var a = document.activeElement;
    if (a && a !== autoFocused && part.contains(a) && a.matches(typing)) return true;
    return unsaved(part);
  }
  // The parts left as they were while the player was in them, by id: the
  // news each missed, fetched once the player has left it.
  var behind = {};
  function leftBehind(part, name) {
    if (part.id && behind[part.id] !== "refresh") behind[part.id] = name;
  }
  function catchUp() {
    setTimeout(function () {
      Object.keys(behind).forEach(function (id) {
        var part = document.getElementById(id), name = behind[id];
        if (part && (busy(part) || requestIn(part))) return;
        delete behind[id];
        if (part) htmx.trigger(part, "sse:" + name);
      });
    }, 0);
  }
  document.addEventListener("focusout", catchUp);
  document.addEventListener("htmx:afterSettle", catchUp);
  // The game page's main part is fetched whole when the round closes (what
  // was typed for it can't be saved any more) or the players change, and
  // after a drop-out unless something is being typed: then each part
  // catches up on its own.
  function mainCatchesUp() {
    return document.querySelector("[data-live-main]") !== null && !busy(document.getElementById("main")) &&
      !document.querySelector("[data-kept-refused]") && !kept.length;
  }
  // keptIn says whether the part (as it is on the page now) holds a change
  // kept on the phone, waiting to be sent, or one sent and refused, which
  // stays until the player saves it anyway or keeps theirs.
  function keptIn(part) {
    var now = part.id ? document.getElementById(part.id) || part : part;
    if (now.hasAttribute("data-kept-refused") || now.querySelector("[data-kept-refused]")) return true;
    return kept.some(function (k) { return now.querySelector('form[hx-post="' + CSS.escape(k.url) + '"]'); });
  }
  // While a request on a part is under way, another phone's news for it
  // waits: this phone's own request, whose answer brings the part as it
  // is, or, for the main part, the live fetch of a part inside it, whose
  // answer would land on a part already gone. The news is fetched after
  // it, when any request ends. A live answer is swapped in by its target,
  // not by the part that asked (the main part's target is #main).
  // News arriving while the part still fetches earlier news waits too:
  // left to htmx, it would be queued on the element, which the earlier
  // answer replaces, and lost with it. A part just swapped in follows
  // nothing until htmx has settled it (until then it, or what was swapped
  // in around it, is marked htmx-added): news for it that arrives
  // meanwhile would be lost too, and waits until then.
  var waiting = {}; // part id: the event it waits to fetch
  function region(part) { return part.hasAttribute("data-live-main") ? document.getElementById("main") : part; }
  function requestIn(part) {
    var r = region(part);
    return r !== null && Array.prototype.some.call(r.querySelectorAll(".htmx-request"), function (el) { return el !== part; });
  }
  function fetching(part) { return part.classList.contains(htmx.config.requestClass); }
  function unsettled(part) { return part.closest("." + htmx.config.addedClass) !== null; }
  function heardUnsettled(name) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (part) {
      var on = (part.getAttribute("hx-trigger") || "").split(",").map(function (t) { return t.trim(); });
      if (on.indexOf("sse:" + name) >= 0 && unsettled(part)) wait(part, name);
    });
  }
  function asker(d) { return d.requestConfig && d.requestConfig.elt || d.elt; }
  function wait(part, name) {
    if (part.id && waiting[part.id] !== "refresh") waiting[part.id] = name; // refresh brings everything
  }
  function fetchWaiting() {
    Object.keys(waiting).forEach(function (id) {
      var part = document.getElementById(id), name = waiting[id];
      if (part && (requestIn(part) || fetching(part) || unsettled(part))) return;
      delete waiting[id];
      if (part) htmx.trigger(part, "sse:" + name);
    });
  }
  document.addEventListener("htmx:afterRequest", function () { setTimeout(fetchWaiting, 50); });
  document.addEventListener("htmx:afterSettle", function () { setTimeout(fetchWaiting, 0); });
  document.addEventListener("htmx:confirm", function (e) {
    var d = e.detail, name = liveName(d);
    if (!name) return;
    if (requestIn(d.elt) || fetching(d.elt)) { wait(d.elt, name); e.preventDefault(); return; }
    if (d.elt.hasAttribute("data-live-main")) {
      if (name === "refresh" && !mainCatchesUp()) e.preventDefault();
      // Someone joining or leaving changes the round's cards, but a score
      // typed here and not yet saved can still be saved: the page is drawn
      // again once a request ends with nothing left unsaved. A close
      // (round-N-closed) is drawn at once: its scores can't be saved.
      if (name === "game" && unsaved(document.getElementById("main"))) { wait(d.elt, name); e.preventDefault(); }
      return;
    }
    if (name === "refresh" && mainCatchesUp()) { e.preventDefault(); return; }
    if (busy(d.elt)) { leftBehind(d.elt, name); e.preventDefault(); }
  });
  // An answer showing the version its part shows already brings nothing
  // new. The main part's version leaves out what its smaller parts fetch
  // for themselves, so a refresh, which they leave to it, is always drawn.
  function sameVersion(part, d) {
    var version = part.getAttribute("data-live-version");
    if (version === null || d.xhr.status !== 200 || !part.id) return false;
    var t = document.createElement("template");
    t.innerHTML = d.serverResponse;
    var fresh = t.content.getElementById(part.id);
    return fresh !== null && fresh.getAttribute("data-live-version") === version;
  }
  document.addEventListener("htmx:beforeSwap", function (e) {
    var d = e.detail, part = asker(d), name = liveName(d);
    if (!name || !d.shouldSwap) return;
    if (!part.hasAttribute("data-live-main") && keptIn(part)) { leftBehind(part, name); d.shouldSwap = false; return; }
    if (requestIn(part)) { wait(part, name); d.shouldSwap = false; return; }
    if (part.hasAttribute("data-live-main")) { // drawn whatever is typed, as it was asked for
      if (name !== "refresh" && sameVersion(part, d)) d.shouldSwap = false;
      return;
    }
    if (busy(part)) { leftBehind(part, name); d.shouldSwap = false; return; } // the player started typing meanwhile
    if (sameVersion(part, d)) d.shouldSwap = false;
  });

  // A phone that loses the stream (Wi-Fi gone, asleep, the server
  // restarting) says so until it is back; a blip mended within a second is
  // not news.
  var dropped = null;
  function streamDown() {
    var note = document.getElementById("offline");
    document.body.setAttribute("data-stream", "down");
    if (!note || !note.hidden || dropped) return;
    dropped = setTimeout(function () { note.hidden = false; offlineLines(true); say([note]); }, 1000);
  }
  function offlineLines(off) {
    document.querySelectorAll("[data-when-offline]").forEach(function (p) { p.hidden = !off; });
  }
  function streamUp() {
    var note = document.getElementById("offline");
    document.body.setAttribute("data-stream", "open");
    clearTimeout(dropped);
    dropped = null;
    if (!note || note.hidden) return;
    note.hidden = true;
    offlineLines(false);
    say([msg("online")]);
  }
  // The stream, kept up by the page. The browser itself comes back after a
  // dropped connection; a connection the server (or a proxy) refused is
  // tried here again, 0.5 s, 1 s, 2 s … at most 10 s apart, from the last
  // event it brought, and at once when the phone is back on line. (Left
  // to htmx's extension, those tries grow to a minute apart and start
  // over from the page's first event.) To the extension it is an
  // EventSource that is reconnecting.
  function Stream(url) {
    this.url = url;
    this.names = {}; // event name: {fns: the extension's listeners, hear: the one on the connection}
    this.tries = 0;
    this.readyState = 0;
    this.onopen = this.onerror = null;
    this.connect();
  }
  Stream.prototype.connect = function () {
    var self = this, url = this.url;
    clearTimeout(this.timer);
    if (this.last) url = url.replace(/([?&]since=)[^&]*/, "$1" + encodeURIComponent(this.last));
    var es = this.es = new EventSource(url, { withCredentials: true });
    this.refused = false;
    Object.keys(this.names).forEach(function (name) { es.addEventListener(name, self.names[name].hear); });
    es.onopen = function (e) {
      if (self.es !== es) return;
      self.readyState = 1;
      self.tries = 0;
      if (self.onopen) self.onopen(e);
    };
    es.onerror = function (e) {
      if (self.es !== es || self.readyState === 2) return;
      self.readyState = 0;
      if (es.readyState === 2) {
        self.refused = true;
        // Each phone waits its own share of the time, so a table refused
        // together does not come back together.
        var wait = Math.min(500 * Math.pow(2, self.tries++), 10000);
        self.timer = setTimeout(function () { self.connect(); }, wait / 2 + Math.random() * wait / 2);
      }
      if (self.onerror) self.onerror(e);
    };
  };
  Stream.prototype.addEventListener = function (name, fn) {
    var self = this, n = this.names[name];
    if (!n) {
      n = this.names[name] = { fns: [] };
      n.hear = function (e) {
        if (e.lastEventId) self.last = e.lastEventId;
        n.fns.slice().forEach(function (f) { f.call(self, e); });
        heardUnsettled(name);
      };
      this.es.addEventListener(name, n.hear);
    }
    if (n.fns.indexOf(fn) < 0) n.fns.push(fn);
  };
  Stream.prototype.removeEventListener = function (name, fn) {
    var n = this.names[name];
    if (n) n.fns = n.fns.filter(function (f) { return f !== fn; });
  };
  Stream.prototype.close = function () {
    clearTimeout(this.timer);
    this.readyState = 2;
    this.es.close();
  };
  // now tries a refused stream again at once.
  Stream.prototype.now = function () {
    if (!this.refused || this.readyState === 2) return;
    this.tries = 0;
    this.connect();
  };

  // Leaving the page closes its stream at once: a browser may otherwise
  // keep it (and one of its few connections to the server) while the page
  // sits in its back-forward cache. A page shown again from there is loaded
  // afresh.
  var source = null;
  if (window.htmx && htmx.createEventSource) {
    htmx.createEventSource = function (url) { source = new Stream(url); return source; };
  }
  window.addEventListener("pagehide", function () { if (source) source.close(); });
  window.addEventListener("pageshow", function (e) { if (e.persisted && source) location.reload(); });
  document.addEventListener("htmx:sseError", streamDown);
  // A stream the server refuses for good (the night deleted, or this link
  // replaced by a new one) stops for good: the page says so by loading
  // again, which shows why. Whether it is gone is asked of the stream's
  // own address, which answers HEAD without drawing a page or holding a
  // stream: a server refusing streams because it is busy is not made
  // busier.
  document.addEventListener("htmx:sseError", function () {
    if (!source || !source.refused) return;
    fetch(source.url, { method: "HEAD" }).then(function (r) {
      if (r.status === 404) location.reload();
    }).catch(function () {});
  });
  document.addEventListener("htmx:sseOpen", streamUp);
  document.addEventListener("htmx:sseOpen", function () { drain(); });
  window.addEventListener("offline", streamDown);

  // A part's fetch of the news that fails (Wi-Fi gone with the stream
  // still up, the server restarting) is asked again, later and later,
  // until it arrives or the part is gone: the news is not lost. Once the
  // phone is back on line every part asks at once for what it shows now,
  // whatever news it missed, and an answer over a stream still open means
  // the phone is back.
  var retries = {}, eventRefresh = "refresh"; // part id: {name: the event to fetch again, tries, timer}
  function retryLater(d) {
    var part = asker(d), name = liveName(d);
    if (!part || !part.id) return;
    var r = retries[part.id] || (retries[part.id] = { tries: 0 });
    if (r.name !== eventRefresh) r.name = name; // refresh brings everything
    clearTimeout(r.timer);
    r.timer = setTimeout(function () { retryNow(part.id); }, Math.min(500 * Math.pow(2, r.tries++), 30000));
  }
  function retryNow(id) {
    var r = retries[id], part = document.getElementById(id);
    clearTimeout(r.timer);
    if (!part) { delete retries[id]; return; }
    htmx.trigger(part, "sse:" + r.name);
  }
  document.addEventListener("htmx:sendError", function (e) { if (isLive(e.detail)) retryLater(e.detail); });
  document.addEventListener("htmx:timeout", function (e) { if (isLive(e.detail)) retryLater(e.detail); });
  document.addEventListener("htmx:responseError", function (e) {
    if (isLive(e.detail) && e.detail.xhr.status >= 500) retryLater(e.detail);
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    var d = e.detail, part = asker(d);
    if (!isLive(d) || !d.successful) return;
    if (part && part.id) delete retries[part.id];
    if (source && source.readyState === 1 && navigator.onLine !== false) streamUp();
  });
  window.addEventListener("online", function () {
    if (source) source.now();
    Object.keys(retries).forEach(retryNow);
    Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), function (part) {
      if (!retries[part.id]) htmx.trigger(part, "sse:" + eventRefresh);
    });
  });

  // Kept while off line. A score, a "went out", a correction or a round's
  // close that can't be sent (htmx:sendError) is kept on the phone, in
  // IndexedDB, shown on its card as waiting to send, and sent in order as
  // soon as the phone is back: on line again, the stream open again, the
  // page shown or loaded again. Each carries its form's one-time id, so a
  // change that reached the server before the answer was lost is not made
  // twice; a close names the kept entries it came after, which are its
  // page's own. An answer is swapped in where the form would have put it:
  // a change made stale meanwhile shows with its value and the choice to
  // save it anyway or keep the other phone's. Moves on the live table are
  // not kept: they need the referee and the others' turns.
  var keptPath = /^\/g\/[^/]+\/rounds\/(\d+)\/(entries\/\d+|close)$/;
  var kept = []; // what waits, oldest first, as in the database
  var dbOpen = null;
  function idb() {
    if (!dbOpen) {
      dbOpen = new Promise(function (ok, fail) {
        if (!window.indexedDB) { fail(new Error("no IndexedDB")); return; }
        var req = indexedDB.open("chickenfoot", 1);
        req.onupgradeneeded = function () { req.result.createObjectStore("waiting", { keyPath: "seq" }); };
        req.onsuccess = function () { ok(req.result); };
        req.onerror = function () { fail(req.error); };
      });
    }
    return dbOpen;
  }
  function stored(mode, fn) {
    return idb().then(function (db) {
      return new Promise(function (ok, fail) {
        var t = db.transaction("waiting", mode), r = fn(t.objectStore("waiting"));
        t.oncomplete = function () { ok(r && r.result); };
        t.onerror = t.onabort = function () { fail(t.error); };
      });
    });
  }
  // reload reads what waits, as another tab of this phone may have sent
  // some; without IndexedDB (a private window) it is kept in the page.
  function reload() {
    return stored("readonly", function (st) { return st.getAll(); }).then(function (all) {
      kept = (all || []).sort(function (a, b) { return a.seq - b.seq; });
    }, function () {});
  }
  function persist(item) { return stored("readwrite", function (st) { return st.put(item); }).catch(function () {}); }
  function forget(item) {
    kept = kept.filter(function (k) { return k.seq !== item.seq; });
    return stored("readwrite", function (st) { return st.delete(item.seq); }).catch(function () {});
  }
  function value(pairs, name) {
    for (var i = 0; i < pairs.length; i++) if (pairs[i][0] === name) return pairs[i][1];
    return null;
  }
  // keep keeps a change htmx could not send, and says whether it did.
  function keep(d) {
    var rc = d.requestConfig, elt = rc && rc.elt || d.elt;
    var path = rc && rc.path || "", m = keptPath.exec(path);
    if (!m || !rc || rc.verb !== "post" || !elt) return false;
    var data = rc.unfilteredFormData || rc.formData;
    var pairs = [];
    if (data && data.forEach) data.forEach(function (v, k) { if (typeof v === "string") pairs.push([k, v]); });
    var form = elt.closest ? elt.closest("form") || elt : elt;
    var item = {
      url: path, round: path.replace(/\/(entries\/\d+|close)$/, ""), kind: m[2] === "close" ? "close" : "entry",
      target: form.getAttribute("hx-target") || "", select: form.getAttribute("hx-select") || "",
      swap: form.getAttribute("hx-swap") || "outerHTML", pairs: pairs,
    };
    if (item.kind === "close") {
      var after = kept.filter(function (k) { return k.kind === "entry" && k.round === item.round; })
        .map(function (k) { return value(k.pairs, "form"); }).filter(Boolean);
      item.pairs = pairs.filter(function (p) { return p[0] !== "after"; }).concat([["after", after.join(" ")]]);
      item.what = msg("waiting-close");
    } else {
      var pips = (value(pairs, "pips") || "").trim();
      if (value(pairs, "double_blank")) pips += " + 0-0";
      item.what = msg("waiting", { what: value(pairs, "went_out") ? msg("waiting-out") : pips });
    }
    // A change made again before the first was sent replaces it, in its place.
    var same = kept.filter(function (k) { return k.url === item.url; })[0];
    item.seq = same ? same.seq : kept.reduce(function (n, k) { return Math.max(n, k.seq); }, Date.now() * 1000) + 1;
    kept = kept.filter(function (k) { return k.url !== item.url; }).concat([item]).sort(function (a, b) { return a.seq - b.seq; });
    persist(item);
    showKept();
    if (item.kind === "entry") {
      var seat = /(\d+)$/.exec(path);
      setTimeout(function () { focusNext(Number(seat[1])); }, 0);
    }
    return true;
  }
  // showKept marks each card with what waits for it, and lets a round
  // close once every card has a score, saved or waiting.
  function showKept() {
    document.querySelectorAll("[data-waiting]").forEach(function (p) { p.remove(); });
    document.documentElement.setAttribute("data-kept", String(kept.length));
    kept.forEach(function (item) {
      var form = document.querySelector('form[hx-post="' + CSS.escape(item.url) + '"]');
      if (!form) return;
      var p = document.createElement("p");
      p.className = "notice waiting";
      p.setAttribute("data-waiting", "");
      p.setAttribute("data-testid", "waiting");
      p.textContent = item.what;
      if (item.kind === "close") {
        form.parentNode.insertBefore(p, form);
        form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        return;
      }
      var card = form.closest(".entry"), who = card && card.querySelector(".who");
      if (who) who.parentNode.insertBefore(p, who.nextSibling);
    });
    document.querySelectorAll("[data-close-when-entered]").forEach(function (b) {
      if (!kept.length || b.form && b.form.parentNode.querySelector("[data-waiting]")) return;
      var rows = document.querySelectorAll("#round .entry");
      b.disabled = !Array.prototype.every.call(rows, function (row) { return row.querySelector(".who .now, [data-waiting]"); });
    });
  }
  document.addEventListener("htmx:afterSettle", showKept);
  // swapIn puts an answer where its form would have: htmx's own swap, with
  // what the answer's headers ask for.
  function swapIn(item, res, text) {
    var h = function (n) { return res.headers.get(n); };
    if (h("HX-Reswap") === "none") {
      if (res.status >= 400) toast(new DOMParser().parseFromString(text, "text/html").body.textContent.trim() || msg("refused"));
      return;
    }
    var target = document.querySelector(h("HX-Retarget") || item.target);
    var form = document.querySelector('form[hx-post="' + CSS.escape(item.url) + '"]');
    if (!target || !form && !h("HX-Retarget")) return; // not on this page: it catches up from the stream
    htmx.swap(target, text, { swapStyle: h("HX-Reswap") || item.swap }, { select: h("HX-Reselect") || item.select || undefined });
    // A refused entry stays as it came back, whatever news arrives for its
    // card, until the player saves it anyway or keeps theirs.
    var card = document.querySelector(item.target);
    if (res.status >= 400 && item.kind === "entry" && card) card.setAttribute("data-kept-refused", "");
  }
  var draining = null, again = null;
  // drain sends what waits, oldest first. A network failure stops it (what
  // is left waits for the next chance); a refusal (a stale change, a rule)
  // is shown on its card and holds back the round's close, which the
  // player makes again once they have seen it.
  function drain() {
    if (draining || !window.htmx || navigator.onLine === false) return draining;
    clearTimeout(again);
    var sent = 0, held = {};
    function next() {
      var item = kept[0];
      if (!item) return Promise.resolve();
      if (item.kind === "close" && held[item.round]) {
        toast(msg("close-held"));
        return forget(item).then(next);
      }
      return fetch(item.url, {
        method: "POST", credentials: "same-origin", body: new URLSearchParams(item.pairs),
        headers: { "HX-Request": "true", "HX-Current-URL": location.href, "HX-Target": item.target.replace(/^#/, "") },
      }).then(function (res) {
        if (res.status >= 500 || res.status === 429) throw new Error("not now");
        return res.text().then(function (text) {
          return forget(item).then(function () {
            sent++;
            if (res.status >= 400) held[item.round] = true;
            swapIn(item, res, text);
            return next();
          });
        });
      });
    }
    draining = reload().then(next).then(function () {
      if (sent) say([msg("sent")]);
    }, function () {
      again = setTimeout(drain, 5000); // the network is still away, or the server busy
    }).then(function () {
      draining = null;
      showKept();
    });
    return draining;
  }
  window.addEventListener("online", function () { drain(); });
  window.addEventListener("pageshow", function () { drain(); });
  document.addEventListener("DOMContentLoaded", function () { reload().then(showKept).then(drain); });

  // A page that opens on an answer focuses it (autofocus), which scrolls it
  // into view as the page is first drawn; what the page draws after that
  // on a slow phone can push it below the screen again, so once the page
  // has loaded the answer is brought back, where it is read.
  window.addEventListener("load", function () {
    var a = document.activeElement;
    if (!a || !a.hasAttribute("autofocus")) return;
    var r = a.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) a.scrollIntoView({ block: "nearest" });
  });

  // Pages of a night open again off line, from what the service worker
  // kept (it needs a secure page: HTTPS, or this computer).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () { navigator.serviceWorker.register("/sw.js").catch(function () {}); });
  }
})();
