// The night's result card (the "share the night" card of the game page):
// the phone's share sheet with the picture and the text where it has one,
// and copying the text anywhere. Without this file the picture still
// downloads and the text can be selected.
(function () {
  "use strict";

  // The picture, fetched once the card comes into view so a tap on Share
  // can hand it over at once: a share sheet opens only straight from a
  // tap, which a download in between may outlast.
  var picture = { url: null, file: null };
  function fetchPicture(card) {
    var img = card.querySelector("img");
    var name = card.querySelector("[download]").getAttribute("download");
    if (!img || picture.url === img.src) return picture.file;
    picture.url = img.src;
    picture.file = fetch(img.src, { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.blob(); })
      .then(function (b) { return new File([b], name, { type: "image/png" }); });
    picture.file.catch(function () { picture.url = null; });
    return picture.file;
  }

  function canShareFiles() {
    try {
      return !!navigator.canShare && navigator.canShare({ files: [new File([""], "card.png", { type: "image/png" })] });
    } catch (e) { return false; }
  }

  var seen = typeof IntersectionObserver === "function" && new IntersectionObserver(function (entries) {
    entries.forEach(function (e) { if (e.isIntersecting) fetchPicture(e.target); });
  });

  // Show what this browser can do, on the page and on every part htmx
  // swaps in (the card appears, and changes, as rounds close).
  function enhance() {
    document.querySelectorAll("[data-share-night]").forEach(function (card) {
      var share = card.querySelector("[data-share-card]");
      if (share && navigator.share) share.hidden = false;
      var copy = card.querySelector("[data-copy-card]");
      if (copy) copy.hidden = false;
      if (seen && navigator.share && canShareFiles()) seen.observe(card);
    });
  }
  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:load", enhance);

  function say(card, name) {
    var region = document.getElementById("said");
    if (region) region.textContent = card.getAttribute("data-msg-" + name) || "";
  }

  // Copy: the clipboard where the page may use it (a secure page), else
  // the older way, through a selection, which works on a plain http page
  // at the table too.
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var box = document.createElement("textarea");
      box.value = text;
      box.setAttribute("readonly", "");
      box.className = "visually-hidden";
      document.body.appendChild(box);
      box.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      box.remove();
      if (ok) resolve(); else reject(new Error("copy refused"));
    });
  }

  function share(card, button) {
    var text = card.querySelector("[data-card-text]").value;
    var title = button.getAttribute("data-share-card");
    var withText = function () { return navigator.share({ title: title, text: text }); };
    if (!canShareFiles()) return withText();
    return fetchPicture(card).then(function (file) {
      return navigator.share({ title: title, text: text, files: [file] });
    }, withText);
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-share-card],[data-copy-card]");
    var card = b && b.closest("[data-share-night]");
    if (!card) return;
    if (b.hasAttribute("data-share-card")) {
      share(card, b).catch(function () { /* closed, or refused: nothing to say */ });
      return;
    }
    copyText(card.querySelector("[data-card-text]").value).then(function () {
      b.textContent = card.getAttribute("data-msg-copied");
      say(card, "text-copied");
    }).catch(function () {
      // Nothing copied: open the text, selected, for the reader to copy.
      var details = card.querySelector("details");
      if (details) details.open = true;
      card.querySelector("[data-card-text]").select();
    });
  });
})();
