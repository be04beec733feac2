/* lf's frame (original code): Material icons drawn without their names in the page's text.
   Quasar writes an icon's name ("menu_book") as the text of its <i>, and the icon font's ligature turns that
   word into the picture. The word is then part of the page's text: it is copied with it, read by tools and
   readers that ignore aria-hidden, and shown as a word until the font has loaded ("layers Deck 13").
   Here Quasar's icon map gives each plain Material icon an empty <i> whose class carries the name, and a CSS
   rule made on first use (::before, content: the name) draws the same ligature: generated content is no text
   of the page. Icons of other kinds (img:, svg paths, o_/r_/s_ variants) are left to Quasar. */
(function () {
  var sheet = null;
  var made = {};

  function nameRule(name) {
    if (made[name]) return;
    if (sheet === null) {
      var style = document.createElement("style");
      style.id = "lf-icon-names";
      document.head.appendChild(style);
      sheet = style.sheet;
    }
    sheet.insertRule(".lf-mi-" + name + "::before { content: \"" + name + "\"; }", sheet.cssRules.length);
    made[name] = true;
  }

  function iconMap(name) {
    if (!/^[a-z0-9_]+$/.test(name) || /^(o|r|s|sym_[ors])_/.test(name)) return undefined;
    nameRule(name);
    return { cls: "notranslate material-icons lf-mi lf-mi-" + name, content: "" };
  }

  window.lfIconMap = iconMap;
  /* NiceGUI mounts its Vue app (the global `app`) in a module script, which runs before DOMContentLoaded;
     Quasar's icon map is reactive, so the icons drawn by then are re-drawn at once. */
  document.addEventListener("DOMContentLoaded", function () {
    if (typeof app !== "undefined" && app && app.config) app.config.globalProperties.$q.iconMapFn = iconMap;
  });
})();
