/* lf: the log's taps and the replay's keys (original code). */
(function () {
  /* A tap on a log entry: its Non-player reason unfolds (or folds), and what it refers to flashes on the board. */
  window.lfLogTap = function (entry, ev) {
    if (ev && ev.target && ev.target.closest && ev.target.closest("a")) return; /* a rule's link: it opens the rules */
    if (entry.querySelector(".lf-log-np")) entry.classList.toggle("open");
    if (window.lfHighlight) window.lfHighlight(entry);
  };
  /* The replay's keys: arrows step, Home and End go to the first and last step; never while typing or on a slider
     (the slider moves itself with the arrows). */
  var KEYS = { ArrowLeft: "replay-back", ArrowRight: "replay-forward", Home: "replay-first", End: "replay-last" };
  document.addEventListener("keydown", function (e) {
    var id = KEYS[e.key];
    if (!id || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (!document.querySelector("[data-testid=replay-root]")) return;
    var t = e.target;
    if (t && t.closest && t.closest("input, textarea, select, [contenteditable=true], [role=slider], .q-field, .q-menu")) return;
    var button = document.querySelector('[data-testid="' + id + '"]');
    if (button && !button.disabled && !button.hasAttribute("disabled")) {
      e.preventDefault();
      button.click();
    }
  });
})();
