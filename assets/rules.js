/* lf: the rules reference (original code): bring a rule, or a search hit, into view and flash it. */
(function () {
  /* "#lf-rule-3c-ii", or "@Section@n": the n-th block (h3, li, p, tr) of a section, in document order, as the server
     counted them (lf/pages/rules_search.py BLOCKS). */
  function find(sel) {
    if (sel.charAt(0) !== "@") return document.querySelector(sel);
    var parts = sel.split("@");
    var box = document.querySelector('.lf-rules[data-section="' + parts[1] + '"]');
    return box ? box.querySelectorAll("h3, li, p, tr")[+parts[2]] || null : null;
  }
  /* The tab is drawn after the server switches to it: look again for a short while. */
  window.lfRuleShow = function (sel, tries) {
    var el = find(sel);
    if (!el || !el.getClientRects().length) { /* not drawn yet, or its dialog not open yet */
      if ((tries || 0) < 60) setTimeout(function () { window.lfRuleShow(sel, (tries || 0) + 1); }, 50);
      return;
    }
    el.scrollIntoView({ block: "center" });
    setTimeout(function () { el.scrollIntoView({ block: "center" }); }, 250); /* once the dialog has settled */
    el.classList.remove("lf-rule-hit");
    void el.offsetWidth;
    el.classList.add("lf-rule-hit");
    setTimeout(function () { el.classList.remove("lf-rule-hit"); }, 2600);
  };
})();
