/* lf: the game table made to fit (issue 20; original code). After every change of the page: a card too small for
   all its words shows its "more"; the strips (the hand, and the piles a choice adds to it) show how many cards are
   hidden on each side and scroll with the mouse wheel, and a new hand or a new question brings the cards it asks
   about into view; times are written in the browser's own clock. Nothing here decides anything: it only looks. */
(function () {
  var STRIPS = ".lf-strip, .lf-cardrow";

  /* A card whose words do not all fit shows "more" (a tap on it opens the card whole). */
  function fitCards() {
    document.querySelectorAll(".lf-strip .lf-card, .lf-cardrow .lf-card").forEach(function (card) {
      var ev = card.querySelector(".lf-card-event"), name = card.querySelector(".lf-card-name");
      var cut = (ev && ev.scrollHeight > ev.clientHeight + 1) ||
        (name && (name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1));
      if (card.classList.contains("lf-cut") !== !!cut) card.classList.toggle("lf-cut", !!cut);
    });
  }

  function cardsOf(strip) {
    return Array.prototype.slice.call(strip.querySelectorAll(".lf-card"));
  }

  /* How many cards are not wholly in view on each side. */
  function hidden(strip) {
    var box = strip.getBoundingClientRect(), before = 0, after = 0;
    cardsOf(strip).forEach(function (c) {
      var r = c.getBoundingClientRect();
      if (r.left < box.left - 2) before += 1; else if (r.right > box.right + 2) after += 1;
    });
    return [before, after];
  }

  function arrows(strip) {
    var box = strip.closest(".lf-strip-box");
    if (!box) return;
    var n = hidden(strip);
    [["prev", n[0], "to the left"], ["next", n[1], "to the right"]].forEach(function (side) {
      var b = box.querySelector(".lf-strip-arrow." + side[0]);
      if (!b) return;
      var hide = side[1] === 0;
      if (b.hidden !== hide) b.hidden = hide;
      var words = side[1] + " more card" + (side[1] === 1 ? "" : "s") + " " + side[2];
      if (b.getAttribute("aria-label") !== words) {
        b.setAttribute("aria-label", words);
        b.setAttribute("title", words);
        b.querySelector("b").textContent = side[1];
      }
    });
  }

  /* Bring a card into the strip's view without moving the page (scrollIntoView would scroll the board too). */
  function reveal(strip, card) {
    var box = strip.getBoundingClientRect(), r = card.getBoundingClientRect();
    if (r.left < box.left) strip.scrollLeft -= box.left - r.left + 8;
    else if (r.right > box.right) strip.scrollLeft += r.right - box.right + 8;
  }

  /* A new hand (cards came or went) starts at its first card, or at the first card the question asks about. */
  function settle(strip) {
    var cards = cardsOf(strip), sig = cards.map(function (c) { return c.getAttribute("data-ref"); }).join(" ");
    var asked = strip.querySelectorAll(".lf-clickable .lf-card, .lf-card.lf-clickable");
    var askedSig = Array.prototype.map.call(asked, function (c) { return c.getAttribute("data-ref"); }).join(" ");
    if (strip.__lfSig === sig && strip.__lfAsked === askedSig) return;
    var newHand = strip.__lfSig !== sig;
    strip.__lfSig = sig;
    strip.__lfAsked = askedSig;
    if (asked.length) {
      var box = strip.getBoundingClientRect();
      var seen = Array.prototype.some.call(asked, function (c) {
        var r = c.getBoundingClientRect(); return r.left >= box.left - 1 && r.right <= box.right + 1;
      });
      if (!seen) { strip.scrollLeft = 0; reveal(strip, asked[0]); }
    } else if (newHand) {
      strip.scrollLeft = 0;
    }
  }

  function strips() {
    document.querySelectorAll(STRIPS).forEach(function (strip) {
      if (strip.offsetParent === null) return;
      settle(strip);
      arrows(strip);
    });
  }

  /* Times written by the server (HH:MM of its clock) in the browser's own time zone. */
  function clocks() {
    document.querySelectorAll("time[data-lf-clock]").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d)) return;
      var s = ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
      if (t.textContent !== s) t.textContent = s;
    });
  }

  var queued = false;
  function update() {
    queued = false;
    fitCards();
    strips();
    clocks();
  }
  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  }
  window.lfFitTable = soon;

  document.addEventListener("DOMContentLoaded", function () {
    new MutationObserver(soon).observe(document.body, { childList: true, subtree: true, characterData: true });
    soon();
  });
  window.addEventListener("resize", soon);
  document.addEventListener("scroll", function (e) {
    if (e.target && e.target.matches && e.target.matches(STRIPS)) arrows(e.target);
  }, true);

  /* The mouse wheel scrolls a strip sideways (a wheel only scrolls up and down). */
  document.addEventListener("wheel", function (e) {
    var strip = e.target.closest && e.target.closest(STRIPS);
    if (!strip || e.ctrlKey || Math.abs(e.deltaX) >= Math.abs(e.deltaY)) return;
    var room = strip.scrollWidth - strip.clientWidth;
    if (room <= 0) return;
    var before = strip.scrollLeft;
    strip.scrollLeft = Math.max(0, Math.min(room, before + (e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY)));
    if (strip.scrollLeft !== before) e.preventDefault();
  }, { passive: false });

  /* The strip's arrows: a page of cards to that side. */
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest(".lf-strip-arrow");
    if (!b) return;
    var strip = b.closest(".lf-strip-box").querySelector(".lf-strip");
    var step = Math.max(120, strip.clientWidth * 0.8) * (b.classList.contains("prev") ? -1 : 1);
    strip.scrollBy({ left: step, behavior: "smooth" });
  });

  /* A new question: its cards in the strip come into view (lf/pages/game.py calls lfShowTargets). */
  window.lfShowStripTargets = function () {
    document.querySelectorAll(".lf-strip").forEach(function (strip) { strip.__lfAsked = null; settle(strip); arrows(strip); });
  };
})();

/* lf: a tap while the page has lost its connection (a phone asleep or offline). NiceGUI would hold the message
   and lose it if the page is reloaded on the way back (its server-side page is gone after a few seconds): the
   tap is not sent, the player is told at once, and when the page is back the server says whether the game moved
   on meanwhile and shows it (lf/components/pieces.py OFFLINE, lf/pages/offline_taps.py). */
(function () {
  var KEY = "lf-offline-tap";
  window.lfOffline = function (e) {
    if (!window.socket || window.socket.connected) return false;
    var root = document.querySelector(".lf-game[data-version]");
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ path: location.pathname, version: root ? +root.dataset.version : 0 }));
    } catch (err) { /* private mode: the player is still told now */ }
    var by = (e && e.target && e.target.closest && e.target.closest("[data-tgt], .q-btn, button")) || document.body;
    if (window.lfBubble) window.lfBubble(by, "This device is offline: that tap was not sent. The game shows again as it is now once the connection is back.");
    return true;
  };
  /* The version shown when a tap was held back on this page (then forgotten), or null. */
  window.lfOfflineTap = function () {
    try {
      var held = JSON.parse(sessionStorage.getItem(KEY) || "null");
      sessionStorage.removeItem(KEY);
      return held && held.path === location.pathname ? held.version : null;
    } catch (err) { return null; }
  };
})();
