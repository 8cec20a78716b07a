// Progressive enhancement only: every page works without this file.
document.addEventListener("click", function (e) {
  var t = e.target.closest("[data-print]");
  if (t) { e.preventDefault(); window.print(); }
});
document.addEventListener("submit", function (e) {
  var msg = e.target.getAttribute("data-confirm");
  if (msg && !window.confirm(msg)) { e.preventDefault(); }
});
// Typing a term's value marks it "stated"; clearing it marks it "not stated".
document.addEventListener("input", function (e) {
  if (!e.target.matches("[data-term-value]")) { return; }
  var state = e.target.closest(".term").querySelector("[data-term-state]");
  if (!state || state.value === "refused" && e.target.value === "") { return; }
  var hasNotStated = state.querySelector("option[value=not_stated]");
  state.value = e.target.value !== "" || !hasNotStated ? "stated" : "not_stated";
});
// A vendor's quote form re-checks the draft as it is filled in: the red
// flags and completeness are fetched for the current values, nothing is
// saved. Without this file the check shows after "Save the draft".
(function () {
  var timer;
  function check(form) {
    fetch(form.getAttribute("data-live-check"), {method: "POST", body: new URLSearchParams(new FormData(form)), credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-testid=vendor-check]");
        var old = document.querySelector("[data-testid=vendor-check]");
        if (fresh && old) { old.replaceWith(document.importNode(fresh, true)); }
      })
      .catch(function () {});
  }
  function schedule(e) {
    var form = e.target.closest && e.target.closest("form[data-live-check]");
    if (!form) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { check(form); }, 500);
  }
  document.addEventListener("input", schedule);
  document.addEventListener("change", schedule);
})();

// After a refused submission the error summary takes the focus, and its
// links move the focus to the field they name; on pages without a summary
// the first error message does, so it is never 4,000 px below the eye.
function focusField(el) {
  var field = el.matches("input, select, textarea, button") ? el :
    (el.closest(".field") || el).querySelector("input:not([type=hidden]), select, textarea");
  (field || el).focus();
  el.scrollIntoView({ block: "center" });
}
document.addEventListener("DOMContentLoaded", function () {
  var summary = document.querySelector("[data-error-summary]");
  if (summary) { summary.focus(); return; }
  var first = document.querySelector("[aria-invalid=true], .banner.error[role=alert], [data-form-error]");
  if (first) {
    if (!first.matches("input, select, textarea") && !first.hasAttribute("tabindex")) { first.setAttribute("tabindex", "-1"); }
    first.focus();
    first.scrollIntoView({ block: "center" });
  }
});
document.addEventListener("click", function (e) {
  var a = e.target.closest("[data-error-summary] a[href^='#']");
  if (!a) { return; }
  var el = document.getElementById(a.getAttribute("href").slice(1));
  if (el) { e.preventDefault(); focusField(el); }
});
// The header's menu is open on a wide screen: a browser without
// ::details-content would otherwise hide the navigation behind a button
// the stylesheet hides there.
(function () {
  var menu = document.querySelector("details.menu");
  if (menu && window.matchMedia("(min-width: 40.0625rem)").matches) menu.open = true;
})();
