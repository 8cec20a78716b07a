// Progressive enhancement only: every page works without this file.
document.addEventListener("click", function (e) {
  var t = e.target.closest("[data-print]");
  if (t) { e.preventDefault(); window.print(); }
});
document.addEventListener("submit", function (e) {
  var msg = e.target.getAttribute("data-confirm");
  if (msg && !window.confirm(msg)) { e.preventDefault(); }
});
