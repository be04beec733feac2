/* lf: small browser helpers (original code). Highlight what a log entry refers to; the turn cue. */
(function () {
  function flash(el) {
    el.classList.remove("lf-flash");
    void el.offsetWidth; // restart the animation
    el.classList.add("lf-flash");
    setTimeout(function () { el.classList.remove("lf-flash"); }, 2600);
  }
  /* refs: a log entry element (data-refs="front:madrid track:liberty") or an array of refs. */
  window.lfHighlight = function (entry) {
    var refs = Array.isArray(entry) ? entry : (entry.getAttribute("data-refs") || "").split(" ");
    var first = null;
    refs.filter(Boolean).forEach(function (ref) {
      var sel = '[data-ref="' + ref.replace(/"/g, "") + '"]';
      var found = document.querySelectorAll(sel);
      if (!found.length && ref.indexOf("space:") === 0) {
        found = document.querySelectorAll('[data-ref="track:' + ref.split(":")[1] + '"]');
      }
      if (!found.length && ref.indexOf("bag:") === 0) found = document.querySelectorAll('[data-ref="bag"]');
      found.forEach(function (el) {
        if (el.offsetParent === null) return; // in a hidden tab
        flash(el);
        if (!first) first = el;
      });
    });
    if (entry && entry.classList) { document.querySelectorAll(".lf-log-e.sel").forEach(function (e) { e.classList.remove("sel"); }); entry.classList.add("sel"); }
    if (first) first.scrollIntoView({ behavior: "smooth", block: "center" });
  };
  /* A short two-tone beep made with the Web Audio API: no sound file is downloaded. */
  window.lfBeep = function () {
    try {
      var C = window.AudioContext || window.webkitAudioContext;
      if (!C) return;
      var ctx = window.__lfAudio || (window.__lfAudio = new C());
      if (ctx.state === "suspended") ctx.resume();
      var t = ctx.currentTime, o = ctx.createOscillator(), g = ctx.createGain();
      o.type = "sine";
      o.frequency.setValueAtTime(660, t);
      o.frequency.setValueAtTime(880, t + 0.13);
      g.gain.setValueAtTime(0.0001, t);
      g.gain.exponentialRampToValueAtTime(0.25, t + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + 0.32);
      o.connect(g); g.connect(ctx.destination);
      o.onended = function () { ctx.suspend(); }; // a running AudioContext costs CPU (and battery) even when silent
      o.start(t); o.stop(t + 0.34);
    } catch (e) { /* no audio: the title still changes */ }
  };
  /* Browsers only allow audio after a user gesture: unlock the context on the first tap, then suspend it until
     a beep needs it (a running context keeps an audio thread busy on every device, even in silence). */
  document.addEventListener("pointerdown", function once() {
    try {
      var C = window.AudioContext || window.webkitAudioContext;
      if (C && !window.__lfAudio) { window.__lfAudio = new C(); window.__lfAudio.suspend(); }
    } catch (e) {}
    document.removeEventListener("pointerdown", once);
  });
  window.lfTurnCue = function (sound) {
    if (sound) window.lfBeep();
    if (navigator.vibrate) { try { navigator.vibrate(120); } catch (e) {} }
  };
})();

/* -- Seats dialog (lf/pages/seats.py): copy a join link, share it where the browser can ------------------ */
(function () {
  if (navigator.share) document.documentElement.classList.add("lf-can-share");
  window.lfCopy = function (text) {
    function fallback() {  /* plain http on a LAN has no clipboard API: select and copy */
      var t = document.createElement("textarea");
      t.value = text; t.setAttribute("readonly", ""); t.style.position = "fixed"; t.style.opacity = "0";
      document.body.appendChild(t); t.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) {}
      document.body.removeChild(t);
      return ok;
    }
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, fallback);
    }
    return Promise.resolve(fallback());
  };
  window.lfShare = function (title, url) {
    if (!navigator.share) return window.lfCopy(url);
    return navigator.share({ title: title, url: url }).then(function () { return true; }, function () { return false; });
  };
})();

/* lf: the game table in the browser (original code). Taps on board targets, their menus, explanations on tap,
   the card zoom, long presses and the side panels. Nothing here decides what is legal: the server marks the
   targets (data-key: the choice a tap takes; data-menu: several choices in a menu; data-why: closed, and why),
   and a tap only sends a key the server gave (lf/components/pieces.py TAP_JS, targets.py). */
(function () {
  var open = null; /* the open menu's opener */
  var pressed = false; /* a long press just happened: the click that follows it is not a tap */

  function closeMenus() {
    if (!open) return;
    var menu = open.querySelector(":scope > .lf-menu");
    if (menu) menu.hidden = true;
    open.setAttribute("aria-expanded", "false");
    open = null;
  }
  window.lfCloseMenus = closeMenus;

  /* Place a floating box (menu, bubble) by an element, inside the window and below the top bar (the box lives
     in the board's stacking context, under the bar): above the element if there is room. */
  function place(box, by) {
    var r = by.getBoundingClientRect(), w = window.innerWidth, h = window.innerHeight;
    var bar = document.querySelector(".lf-topbar");
    var first = Math.max(6, bar ? bar.getBoundingClientRect().bottom + 4 : 6);
    box.style.position = "fixed";
    box.style.left = "0px"; box.style.top = "0px";
    var b = box.getBoundingClientRect();
    var left = Math.min(Math.max(6, r.left + r.width / 2 - b.width / 2), w - b.width - 6);
    var top = r.top - b.height - 6 >= first ? r.top - b.height - 6 : Math.min(r.bottom + 6, h - b.height - 6);
    box.style.left = Math.max(6, left) + "px";
    box.style.top = Math.max(first, top) + "px";
  }

  function openMenu(opener) {
    var again = open === opener;
    closeMenus();
    hideBubble();
    if (again) return;
    var menu = opener.querySelector(":scope > .lf-menu");
    if (!menu) return;
    menu.hidden = false;
    place(menu, opener);
    opener.setAttribute("aria-expanded", "true");
    open = opener;
    var first = menu.querySelector("button:not([disabled])");
    if (first && document.activeElement === opener) first.focus();
  }

  /* A small bubble of words by an element: a closed option's reason, a symbol's meaning. */
  var bubble = null;
  function hideBubble() { if (bubble) { bubble.remove(); bubble = null; } }
  function showBubble(el, text) {
    hideBubble();
    if (!text) return;
    bubble = document.createElement("div");
    bubble.className = "lf-bubble";
    bubble.setAttribute("role", "status");
    bubble.textContent = text;
    document.body.appendChild(bubble);
    place(bubble, el);
  }
  window.lfBubble = showBubble;

  /* The Action Points hint of a card's menu: the board's Action Point targets are shown, the bar says so. */
  function hint(kind) {
    closeMenus();
    document.documentElement.setAttribute("data-lf-hint", kind);
    var first = document.querySelector(".lf-table .lf-front.lf-clickable, .lf-table .lf-sp.lf-clickable");
    if (first) showBubble(first, "Tap a Front, a track space or a Bonus outlined in red to place the Action Points.");
  }

  /* A tap inside a board piece: the key of the choice it takes, true when the piece is one target (the
     teaching table), or null (nothing to send: a menu opened, a reason shown, a zoom). */
  window.lfTap = function (e) {
    var root = e.currentTarget;
    var t = e.target.closest("[data-key],[data-menu],[data-why],[data-hint],[data-zoom-of]");
    if (e.type === "keydown" && e.target.tagName === "BUTTON") return null; /* its own click follows */
    if (t && root.contains(t)) {
      e.lfDone = true;
      if (t.hasAttribute("data-key")) {
        closeMenus(); hideBubble();
        document.documentElement.removeAttribute("data-lf-hint");
        return t.getAttribute("data-key");
      }
      if (t.hasAttribute("data-hint")) { hint(t.getAttribute("data-hint")); return null; }
      if (t.hasAttribute("data-zoom-of")) {
        closeMenus();
        zoom(document.querySelector('.lf-table [data-ref="' + t.getAttribute("data-zoom-of") + '"][data-zoom]'));
        return null;
      }
      if (t.hasAttribute("data-menu")) { openMenu(t); return null; }
      showBubble(t, t.getAttribute("data-why"));
      return null;
    }
    if (!root.querySelector("[data-key],[data-menu]") && root.querySelector(".lf-clickable")) return true;
    return null;
  };

  /* The zoom: a card (or the Fascist card) large, with its line of history, over the page. */
  function zoom(card) {
    if (!card) return;
    closeMenus(); hideBubble();
    var shade = document.createElement("div");
    shade.className = "lf-zoom";
    shade.setAttribute("role", "dialog");
    shade.setAttribute("aria-modal", "true");
    var name = card.querySelector(".lf-card-name, .lf-fc-name");
    shade.setAttribute("aria-label", name ? name.textContent : "Card");
    var box = document.createElement("div");
    box.className = "lf-zoom-box";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "lf-zoom-x";
    close.setAttribute("aria-label", "Close");
    close.setAttribute("data-testid", "zoom-close");
    close.textContent = "\u00d7";
    var copy = card.cloneNode(true);
    copy.querySelectorAll("[data-key],[data-menu],.lf-menu,[tabindex]").forEach(function (el) {
      if (el.classList.contains("lf-menu")) { el.remove(); return; }
      el.removeAttribute("data-key"); el.removeAttribute("data-menu"); el.removeAttribute("tabindex");
    });
    copy.removeAttribute("data-zoom");
    box.appendChild(close);
    box.appendChild(copy);
    var hist = card.getAttribute("data-hist");
    if (hist) {
      var p = document.createElement("p");
      p.className = "lf-zoom-hist";
      p.textContent = hist;
      box.appendChild(p);
    }
    shade.appendChild(box);
    shade.setAttribute("data-testid", "zoom");
    var back = document.activeElement;
    function done() { shade.remove(); document.removeEventListener("keydown", esc, true); if (back && back.focus) back.focus(); }
    function esc(ev) { if (ev.key === "Escape") { ev.stopPropagation(); done(); } }
    shade.addEventListener("click", function (ev) { if (ev.target === shade || ev.target === close) done(); });
    document.addEventListener("keydown", esc, true);
    document.body.appendChild(shade);
    close.focus();
  }
  window.lfZoom = zoom;

  /* Taps that no board piece took: a card or the Fascist card zooms; anything with a title explains itself
     (phones have no hover), on the table and on every status line (the teaching table's, the replay's); elsewhere,
     an open menu or bubble closes. */
  document.addEventListener("click", function (e) {
    if (e.lfDone || !e.target.closest) return;
    var inMenu = e.target.closest(".lf-menu");
    if (!inMenu) closeMenus();
    var table = e.target.closest(".lf-table, .lf-zoom, .lf-status");
    if (!table) { hideBubble(); return; }
    var z = e.target.closest("[data-zoom]");
    if (z && table.classList.contains("lf-table") && !e.target.closest("button, a, .q-btn")) { zoom(z); return; }
    var tip = e.target.closest("[title]");
    if (tip && table.contains(tip)) { showBubble(tip, tip.getAttribute("title")); return; }
    hideBubble();
  });

  /* A long press (half a second, without moving): a card zooms, anything with a title explains itself. The
     click that ends the press is swallowed, so a long press on a card never also takes it. */
  var timer = null, start = null;
  document.addEventListener("pointerdown", function (e) {
    if (!e.target.closest || !e.target.closest(".lf-table")) return;
    start = [e.clientX, e.clientY];
    var target = e.target;
    clearTimeout(timer);
    timer = setTimeout(function () {
      var held = target.closest(".lf-hcard");
      var z = target.closest("[data-zoom]") || (held && held.querySelector("[data-zoom]"));
      var tip = target.closest("[title]");
      if (!z && !tip) return;
      pressed = true;
      closeMenus();
      if (z) zoom(z); else showBubble(tip, tip.getAttribute("title"));
    }, 500);
  }, true);
  function cancel(e) {
    if (!timer) return;
    if (e && e.type === "pointermove" && start && Math.abs(e.clientX - start[0]) + Math.abs(e.clientY - start[1]) < 10) return;
    clearTimeout(timer); timer = null;
  }
  ["pointerup", "pointercancel", "pointermove", "scroll"].forEach(function (ev) { document.addEventListener(ev, cancel, true); });
  document.addEventListener("contextmenu", function (e) { if (e.target.closest && e.target.closest(".lf-table [data-zoom]")) e.preventDefault(); });
  document.addEventListener("click", function (e) { if (pressed) { pressed = false; e.stopPropagation(); e.preventDefault(); } }, true);

  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") {
      if (open) { var o = open; closeMenus(); o.focus(); }
      hideBubble();
      document.documentElement.removeAttribute("data-lf-hint");
    }
  });
  window.addEventListener("resize", function () { closeMenus(); hideBubble(); });

  /* A new question: its targets on the board come into view above the bottom sheet (a phone's board scrolls in
     its own area): all of them when they fit in it, else the first, if none is in view; its cards come into view
     in the hand strip (assets/table.js). */
  window.lfShowTargets = function () {
    if (window.lfShowStripTargets) window.lfShowStripTargets();
    var main = document.querySelector(".lf-t-main");
    if (!main) return;
    var targets = Array.prototype.slice.call(main.querySelectorAll(".lf-clickable")).filter(function (t) { return t.offsetParent !== null; });
    if (!targets.length) return;
    var box = main.getBoundingClientRect(), rects = targets.map(function (t) { return t.getBoundingClientRect(); });
    var top = Math.min.apply(null, rects.map(function (r) { return r.top; }));
    var bottom = Math.max.apply(null, rects.map(function (r) { return r.bottom; }));
    if (top >= box.top && bottom <= box.bottom) return; /* all in view */
    var fits = bottom - top <= box.height - 12;
    var seen = rects.some(function (r) { return r.bottom > box.top && r.top < box.bottom; });
    if (fits) main.scrollBy({ top: top < box.top ? top - box.top - 6 : bottom - box.bottom + 6, behavior: "smooth" });
    else if (!seen) main.scrollBy({ top: rects[0].top - box.top - 6, behavior: "smooth" });
  };
  /* The game is over: its result (at the top of the board) comes into view. */
  window.lfShowResult = function () {
    var main = document.querySelector(".lf-t-main");
    if (main) main.scrollTo({ top: 0, behavior: "smooth" });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };

  /* The side panels (the log, the factions' tableaux): opened and closed in the browser, nothing is sent. */
  window.lfPanel = function (name, force) {
    var html = document.documentElement, attr = "data-lf-" + name;
    var now = html.getAttribute(attr);
    var shown = now === "open" || (now === null && name === "log" && window.matchMedia("(min-width: 1400px)").matches);
    var want = force === undefined ? !shown : force;
    html.setAttribute(attr, want ? "open" : "closed");
    document.querySelectorAll('[data-panel="' + name + '"]').forEach(function (b) { b.setAttribute("aria-expanded", want ? "true" : "false"); });
    if (want) { var p = document.querySelector(".lf-t-" + name); if (p) { var f = p.querySelector("button, [tabindex]"); if (f && window.innerWidth < 1400) f.focus(); } }
  };
})();

