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
