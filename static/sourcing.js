// The sourcing round's pages: copy buttons for invitation links, the
// countdown to the deadline, and the vendor form's live check, which
// puts each red flag beside its field as well as in the summary.
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-copy-text]");
    if (!b || !navigator.clipboard) { return; }
    navigator.clipboard.writeText(b.getAttribute("data-copy-text")).then(function () {
      b.setAttribute("data-copied", "true");
    });
  });

  // The links CSV is saved from the page: the links are shown once and
  // kept nowhere the server could serve them again.
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-download-text]");
    if (!b) { return; }
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([b.getAttribute("data-download-text")], {type: "text/csv;charset=utf-8"}));
    a.download = b.getAttribute("data-download-name");
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
  });

  function tick() {
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = Math.floor((Date.parse(el.getAttribute("data-countdown")) - Date.now()) / 60000);
      if (isNaN(left)) { return; }
      if (left < 0) { el.hidden = true; return; }
      el.textContent = el.getAttribute("data-countdown-template")
        .replace("{d}", String(Math.floor(left / 1440)))
        .replace("{h}", String(Math.floor(left % 1440 / 60)))
        .replace("{m}", String(left % 60));
    });
  }
  tick();
  setInterval(tick, 30000);

  var timer;
  function check(form) {
    fetch(form.getAttribute("data-vendor-check"), {method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var summary = fresh.querySelector("[data-testid=vendor-check]");
        var old = document.querySelector("[data-testid=vendor-check]");
        if (summary && old) { old.replaceWith(document.importNode(summary, true)); }
        document.querySelectorAll("[data-field-flags]").forEach(function (el) {
          var name = el.getAttribute("data-field-flags");
          var f = null;
          fresh.querySelectorAll("[data-field-flags]").forEach(function (x) { if (x.getAttribute("data-field-flags") === name) { f = x; } });
          el.replaceChildren.apply(el, f ? Array.from(f.childNodes).map(function (n) { return document.importNode(n, true); }) : []);
        });
      })
      .catch(function () {});
  }
  function schedule(e) {
    var form = e.target.closest && e.target.closest("form[data-vendor-check]");
    if (!form) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { check(form); }, 500);
  }
  document.addEventListener("input", schedule);
  document.addEventListener("change", schedule);
})();
