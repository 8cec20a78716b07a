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
