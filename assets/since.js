/* lf: "While you waited" (original code). The steps since this seat's last move, played one by one with what each
   changed marked on the board; the digest "Since your last move" and its taps; the pace setting; rule links that
   open the rules dialog. Nothing here decides anything: the steps, their words and their marks come from the server
   (lf/components/since_last.py, in the digest's HTML); this only shows them. The player never blocks the table: its
   box takes no tap but on its buttons, links and words, and never covers the board elements it marks. */
(function () {
  var PACE_KEY = "lf-since-pace";
  var FOLD_KEY = "lf-since-fold";
  /* How long a step stays, per line of words, by pace (ms); "step" waits for Next. */
  var SPEED = { normal: 1, fast: 0.45 };
  var PHONE = "(max-width: 1023.98px)";
  /* What the box had better not cover on a laptop, least of all: the board's pieces (the marks and the seat's
     targets weigh more, see placeBox). */
  var BOARD = ".lf-front, .lf-track, .lf-bonus, .lf-fcard, .lf-fac, .lf-medchip, .lf-glory > *, .lf-since";
  /* What the seat may tap now, anywhere on the table: the board's targets, the hand's cards and the prompt's
     buttons (the hand and the prompt are in the dock, below the board's column). The box covers none of them
     where it can: its words take taps, so a target under it could not be tapped until the steps end. */
  var TAPS = ".lf-clickable, [data-key], [data-testid^='act-']";
  var play = { queue: [], shown: 0, total: 0, timer: null, flash: null, box: null, marks: [], key: null, touched: 0,
               cramOpen: false };

  function store(key, value) {
    try { if (value === undefined) return localStorage.getItem(key); localStorage.setItem(key, String(value)); } catch (e) {}
    return null;
  }
  function pace() { var p = store(PACE_KEY); return p === "step" || p === "fast" || p === "off" ? p : "normal"; }
  function root() { return document.querySelector(".lf-since[data-game]"); }
  /* The last step this device showed, per game and seat: one key for all games, the 30 latest kept. */
  var SEEN_KEY = "lf-since-seen", SEEN_KEPT = 30;
  function seenAll() { try { return JSON.parse(store(SEEN_KEY) || "{}") || {}; } catch (e) { return {}; } }
  function seenKey(r) { return r.dataset.game + ":" + (r.dataset.viewer || "-"); }
  function seen(r) { var v = seenAll()[seenKey(r)]; return v === undefined ? null : +v[0]; }
  function see(r, id) {
    if (!r || (seen(r) !== null && seen(r) >= id)) return;
    var all = seenAll();
    all[seenKey(r)] = [id, Date.now()];
    var keys = Object.keys(all).sort(function (a, b) { return all[b][1] - all[a][1]; });
    keys.slice(SEEN_KEPT).forEach(function (k) { delete all[k]; });
    store(SEEN_KEY, JSON.stringify(all));
  }
  function steps(r) { return Array.prototype.slice.call(r.querySelectorAll(".lf-since-s")); }

  /* One step as the player keeps it (the digest may be drawn again meanwhile). */
  function read(li) {
    var marks = [];
    try { marks = JSON.parse(li.getAttribute("data-marks") || "[]"); } catch (e) {}
    var more = li.querySelector(".lf-since-more");
    var t = li.querySelector(".lf-since-t");
    return { id: +li.dataset.id, title: t ? t.textContent : "", html: more ? more.innerHTML : "",
             marks: marks, refs: (li.dataset.refs || "").split(" ").filter(Boolean), lines: +li.dataset.lines || 1,
             faction: (li.className.match(/\bf-(\w+)/) || [])[1] || "none" };
  }

  /* ---- marks on the board: rings and labels in a layer of their own (the board's HTML is never touched) ---- */
  function layer() {
    var l = document.querySelector(".lf-seq-layer");
    if (!l) { l = document.createElement("div"); l.className = "lf-seq-layer"; l.setAttribute("aria-hidden", "true"); document.body.appendChild(l); }
    return l;
  }
  function shown(el) { return el && el.offsetParent !== null && !el.closest(".lf-zoom, .lf-panel-side"); }
  function targets(mark) {
    var pick = function (ref) {
      if (ref === "test") return Array.prototype.slice.call(document.querySelectorAll(".lf-table .lf-fcard .lf-test")).filter(shown);
      return Array.prototype.slice.call(document.querySelectorAll('.lf-table [data-ref="' + ref.replace(/"/g, "") + '"]')).filter(shown);
    };
    var found = pick(mark.ref);
    return found.length || !mark.alt ? found : pick(mark.alt);
  }
  function clearMarks() {
    play.marks.forEach(function (m) { m.ring.remove(); if (m.badge) m.badge.remove(); });
    play.marks = [];
  }
  function drawMarks(marks) {
    clearMarks();
    var l = layer();
    marks.forEach(function (mark) {
      targets(mark).forEach(function (el, k) {
        var ring = document.createElement("div");
        ring.className = "lf-seq-ring";
        l.appendChild(ring);
        var badge = null;
        if (k === 0 && mark.label) {
          badge = document.createElement("div");
          badge.className = "lf-seq-badge";
          badge.textContent = mark.label;
          l.appendChild(badge);
        }
        play.marks.push({ el: el, ring: ring, badge: badge });
      });
    });
    play.marks.forEach(function (m) { if (m.badge) { m.bw = m.badge.offsetWidth; m.bh = m.badge.offsetHeight; } });
    placeMarks();
  }
  function area(a, b) {
    var w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 0 && h > 0 ? w * h : 0;
  }
  function rectsOf(root, sel, except) {
    var out = [];
    root.querySelectorAll(sel).forEach(function (el) {
      if (shown(el) && !(except && except.contains(el))) out.push(el.getBoundingClientRect());
    });
    return out;
  }
  /* Everything the marks and the box are placed by, read at once; then everything is written at once (reading a
     place after writing one would lay the page out again for each mark). */
  function placeMarks() {
    var main = document.querySelector(".lf-t-main");
    var clip = main ? main.getBoundingClientRect() : null;
    var seen = play.marks.map(function (m) { return { m: m, r: m.el.getBoundingClientRect(), inMain: !!main && main.contains(m.el) }; });
    var floating = play.box && !play.box.hidden && !window.matchMedia(PHONE).matches && main;
    var room = floating ? boxRoom(main) : null;
    var placed = [], rings = [];
    seen.forEach(function (x) { x.pos = ringPos(x, clip); if (!x.pos.hidden) rings.push(x.pos.rect); });
    seen.forEach(function (x) { if (x.m.badge) x.badge = badgePos(x, clip, placed); });
    seen.forEach(function (x) {
      var s = x.m.ring.style, p = x.pos;
      s.left = p.rect.left + "px"; s.top = p.rect.top + "px";
      s.width = (p.rect.right - p.rect.left) + "px"; s.height = (p.rect.bottom - p.rect.top) + "px";
      s.display = p.hidden ? "none" : ""; s.clipPath = p.clip;
      if (x.badge) {
        var b = x.m.badge.style;
        b.left = x.badge.left + "px"; b.top = x.badge.top + "px"; b.display = x.badge.hidden ? "none" : "";
      }
    });
    if (room) placeBox(room, rings);
  }
  /* A mark follows its element; the part of it the board's scrolling area hides (under the bottom sheet, above the
     status line) is cut off, as the element is. */
  function ringPos(x, box) {
    var r = x.r, rect = { left: r.left - 3, top: r.top - 3, right: r.right + 3, bottom: r.bottom + 3 };
    var clip = x.inMain ? box : null;
    var hidden = !!clip && (rect.bottom <= clip.top || rect.top >= clip.bottom || rect.right <= clip.left || rect.left >= clip.right);
    var inset = clip ? "inset(" + Math.max(0, clip.top - rect.top) + "px " + Math.max(0, rect.right - clip.right) + "px " +
      Math.max(0, rect.bottom - clip.bottom) + "px " + Math.max(0, clip.left - rect.left) + "px)" : "";
    return { rect: rect, hidden: hidden, clip: inset };
  }
  /* A label on its element's top right corner, over the element's edge (never over a neighbour); two marks side
     by side: the later label moves left of the earlier. */
  function badgePos(x, box, placed) {
    var r = x.r, bw = x.m.bw, bh = x.m.bh, top = Math.max(4, r.top - Math.round(bh / 2));
    var left = Math.max(4, Math.min(window.innerWidth - bw - 4, Math.max(r.left, r.right - bw - 2)));
    for (var k = 0; k < 6; k++) {
      var hit = placed.filter(function (p) { return left < p[2] && left + bw > p[0] && top < p[3] && top + bh > p[1]; })[0];
      if (!hit) break;
      left = Math.max(4, hit[0] - bw - 3);
      if (left === 4) top = hit[3] + 2;
    }
    var clip = x.inMain ? box : null;
    var hidden = x.pos.hidden || (!!clip && (top < clip.top - 8 || top > clip.bottom - 8));
    if (!hidden) placed.push([left, top, left + bw, top + bh]);
    return { left: left, top: top, hidden: hidden };
  }

  /* ---- the step box: in the bottom sheet on a phone or tablet, over the board on a laptop (never on a mark) ---- */
  /* Where it may go (the corners and middles of the board's column and of the side column, and last the dock
     below the board, for a step that marks every part of the board) and what it had better not cover: the
     seat's targets as little as the marks, and the board's pieces least of all. */
  function boxRoom(main) {
    var w = play.box.offsetWidth, h = play.box.offsetHeight, mr = main.getBoundingClientRect(), spots = [];
    [".lf-t-board", ".lf-t-side", ".lf-t-dock"].forEach(function (sel) {
      var col = document.querySelector(sel);
      if (!col) return;
      var q = col.getBoundingClientRect(), inMain = main.contains(col);
      var top = inMain ? Math.max(q.top, mr.top) : q.top, bottom = inMain ? Math.min(q.bottom, mr.bottom) : q.bottom;
      [bottom - h, top, (top + bottom - h) / 2].forEach(function (y) {
        [q.left, q.right - w, (q.left + q.right - w) / 2].forEach(function (x) { spots.push([x, y]); });
      });
    });
    var table = document.querySelector(".lf-table") || main;
    var taps = rectsOf(table, TAPS, play.box);
    return { w: w, h: h, spots: spots, taps: taps, board: rectsOf(main, BOARD) };
  }
  /* The cheapest of the spots; when each of them covers a mark or a target of the seat (a step that marks a piece
     in every column), the cheapest place on a grid over the whole window, so the box never hides what the step is
     about nor stands in the seat's way. */
  function placeBox(room, rings) {
    var m = 8, marks = rings.map(clearance), best = cheapest(room, marks, room.spots);
    if (best && best.covers > 0) {
      var grid = [];
      for (var y = m; y + room.h + m <= window.innerHeight; y += 24)
        for (var x = m; x + room.w + m <= window.innerWidth; x += 24) grid.push([x, y]);
      var other = cheapest(room, marks, grid);
      if (other && other.covers < best.covers) best = other;
    }
    if (best) { play.box.style.left = best.x + "px"; play.box.style.top = best.y + "px"; }
  }
  /* A ring with the room it takes while it appears (it grows in from 8% larger, see since.css lf-seq-in) and its
     glow: the box keeps clear of that too, so it never sits on a mark even for a moment. */
  function clearance(a) {
    var dx = 0.04 * (a.right - a.left) + 6, dy = 0.04 * (a.bottom - a.top) + 6;
    return { left: a.left - dx, top: a.top - dy, right: a.right + dx, bottom: a.bottom + dy };
  }
  function cheapest(room, marks, spots) {
    var m = 8, best = null;
    spots.forEach(function (p) {
      var x = Math.max(m, Math.min(window.innerWidth - room.w - m, p[0])), y = Math.max(m, Math.min(window.innerHeight - room.h - m, p[1]));
      var r = { left: x, top: y, right: x + room.w, bottom: y + room.h };
      var over = function (rects) { return rects.reduce(function (d, a) { return d + area(r, a); }, 0); };
      var covers = over(marks) + over(room.taps), cost = 10 * covers + over(room.board);
      if (!best || cost < best.cost) best = { x: x, y: y, cost: cost, covers: covers };
    });
    return best;
  }
  function ensureBox() {
    if (play.box && document.body.contains(play.box)) return play.box;
    var slot = document.querySelector(".lf-seq-slot");
    if (!slot) return null;
    var box = document.createElement("div");
    box.className = "lf-seq";
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "While you waited");
    box.setAttribute("data-testid", "seq");
    box.hidden = true;
    box.innerHTML = '<div class="lf-seq-top"><span class="lf-seq-k"></span><b class="lf-seq-title"></b>' +
      '<span class="lf-seq-tools"><button type="button" class="lf-seq-next" data-testid="seq-next">Next</button>' +
      '<button type="button" class="lf-seq-skip" data-testid="seq-skip" aria-label="Skip the steps">Skip</button></span></div>' +
      '<div class="lf-seq-body" aria-live="polite" tabindex="0" role="region" aria-label="What this step did"></div>';
    box.querySelector(".lf-seq-next").addEventListener("click", function () { next(); });
    box.querySelector(".lf-seq-skip").addEventListener("click", function () { skip(); });
    slot.appendChild(box);
    play.box = box;
    return box;
  }

  /* ---- playing ---- */
  function show(step) {
    var box = ensureBox();
    if (!box) return;
    box.hidden = false;
    box.className = "lf-seq lf-f-" + step.faction;
    box.querySelector(".lf-seq-k").textContent = play.shown + " of " + play.total;
    box.querySelector(".lf-seq-title").textContent = step.title;
    box.querySelector(".lf-seq-body").innerHTML = step.html;
    box.querySelector(".lf-seq-next").textContent = play.queue.length ? "Next" : "Done";
    box.setAttribute("data-step", step.id);
    drawMarks(step.marks);
    bringIntoView();
  }
  /* A phone's board scrolls: the first mark comes into view, unless the player touched the board a moment ago. */
  function bringIntoView() {
    if (!window.matchMedia(PHONE).matches || Date.now() - play.touched < 4000 || !play.marks.length) return;
    var main = document.querySelector(".lf-t-main"), el = play.marks[0].el;
    if (!main || !main.contains(el)) return;
    var box = main.getBoundingClientRect(), r = el.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) el.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }
  function next() {
    clearTimeout(play.timer);
    var step = play.queue.shift();
    if (!step) { stop(); return; }
    play.shown += 1;
    show(step);
    see(root(), step.id);
    var p = pace();
    if (p === "step") return;
    play.timer = setTimeout(next, Math.min(5000, 1200 + 350 * step.lines) * (SPEED[p] || 1));
  }
  function stop() {
    clearTimeout(play.timer);
    play.queue = []; play.shown = 0; play.total = 0;
    clearMarks();
    if (play.box) play.box.hidden = true;
  }
  function skip() {
    var r = root();
    if (r) { var all = steps(r); if (all.length) see(r, +all[all.length - 1].dataset.id); }
    stop();
  }
  function start(items) {
    items.forEach(function (li) { play.queue.push(read(li)); });
    play.total += items.length;
    if (!play.box || play.box.hidden) next();
    else play.box.querySelector(".lf-seq-k").textContent = play.shown + " of " + play.total;
  }
  window.lfSince = { skip: skip, next: next, pace: pace };

  /* ---- the digest: drawn again by the server after every change; the state of this page is re-applied ---- */
  /* The fold and the room are attributes of the page's root: the server draws the digest again after changes and
     would drop a class of its own elements. */
  function dress(r) {
    var box = r.closest(".lf-a-since"), html = document.documentElement;
    var cramped = !!box && !window.matchMedia(PHONE).matches && box.clientHeight < 110;
    if (cramped) html.setAttribute("data-lf-since-cramped", ""); else html.removeAttribute("data-lf-since-cramped");
    var open = store(FOLD_KEY);
    /* Folded at first on a phone; where the list would open over the column (a small laptop screen), folded
       until opened on this page (it would cover the factions for good otherwise). */
    var folded = cramped ? !play.cramOpen : open === null ? window.matchMedia("(max-width: 600px)").matches : open === "closed";
    html.setAttribute("data-lf-since", folded ? "folded" : "open");
    var fold = r.querySelector(".lf-since-fold");
    if (fold) fold.setAttribute("aria-expanded", folded ? "false" : "true");
    var sel = r.querySelector("[data-since-pace]");
    if (sel) sel.value = pace();
  }
  function check() {
    var r = root();
    if (!r) { if (play.key) stop(); play.key = null; return; }
    dress(r);
    var key = r.dataset.game + "|" + r.dataset.viewer + "|" + r.dataset.since;
    if (play.key !== null && key !== play.key && r.dataset.latest !== "1") { stop(); play.cramOpen = false; } /* it moved */
    play.key = key;
    var all = steps(r), was = seen(r);
    var last = all.length ? +all[all.length - 1].dataset.id : +r.dataset.since - 1;
    /* A page opened on a device that has seen nothing of this game plays nothing: the digest says it all. */
    if (was === null || pace() === "off") { see(r, last); return; }
    var queued = {};
    play.queue.forEach(function (s) { queued[s.id] = true; });
    if (play.box && !play.box.hidden) queued[+play.box.getAttribute("data-step")] = true;
    var fresh = all.filter(function (li) { var id = +li.dataset.id; return id > was && !queued[id]; });
    if (fresh.length) start(fresh);
  }
  var pending = false;
  function soon() { if (!pending) { pending = true; requestAnimationFrame(function () { pending = false; check(); }); } }
  /* Watch the digest once it is drawn (its steps and where the seat's wait begins); until then, the page. */
  var watched = null;
  var digest = new MutationObserver(soon);
  new MutationObserver(function () {
    var box = document.querySelector(".lf-a-since");
    if (box === watched) return;
    digest.disconnect();
    watched = box;
    if (box) {
      digest.observe(box, { childList: true, subtree: true, characterData: true, attributes: true,
                            attributeFilter: ["data-since", "data-game", "data-viewer", "data-id", "class"] });
      soon();
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", soon);

  document.addEventListener("click", function (e) {
    if (!e.target.closest) return;
    var link = e.target.closest("a.lf-rule");
    if (link && window.emitEvent && document.querySelector(".lf-game[data-rule-links]")) {
      e.preventDefault(); e.stopPropagation();
      window.emitEvent("lf_rule", link.getAttribute("data-rule"));
      return;
    }
    var r = e.target.closest(".lf-since");
    if (!r) return;
    if (e.target.closest(".lf-since-fold")) {
      var opening = document.documentElement.getAttribute("data-lf-since") === "folded";
      if (document.documentElement.hasAttribute("data-lf-since-cramped")) play.cramOpen = opening;
      else store(FOLD_KEY, opening ? "open" : "closed");
      dress(r);
    } else if (e.target.closest(".lf-since-play")) {
      stop();
      start(steps(r));
    } else {
      var b = e.target.closest(".lf-since-b");
      if (!b) return;
      var li = b.closest(".lf-since-s");
      var open = li.classList.toggle("open");
      b.setAttribute("aria-expanded", open ? "true" : "false");
      if (!play.box || play.box.hidden) {
        drawMarks(read(li).marks);
        clearTimeout(play.flash);
        play.flash = setTimeout(function () { if (!play.box || play.box.hidden) clearMarks(); }, 2600);
      }
      if (window.lfHighlight) window.lfHighlight(read(li).refs);
    }
  }, true);
  document.addEventListener("change", function (e) {
    if (!e.target.matches || !e.target.matches("[data-since-pace]")) return;
    store(PACE_KEY, e.target.value);
    if (e.target.value === "off") skip();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && play.box && !play.box.hidden && !document.querySelector(".lf-zoom, .lf-menu:not([hidden])")) skip();
  });
  ["pointerdown", "wheel", "touchstart"].forEach(function (ev) {
    document.addEventListener(ev, function (e) { if (e.target.closest && e.target.closest(".lf-t-main")) play.touched = Date.now(); }, { passive: true, capture: true });
  });
  var queuedPlace = false;
  function replace() { if (!queuedPlace && play.marks.length) { queuedPlace = true; requestAnimationFrame(function () { queuedPlace = false; placeMarks(); }); } }
  window.addEventListener("scroll", replace, { passive: true, capture: true });
  window.addEventListener("resize", function () { replace(); var r = root(); if (r) dress(r); });
})();
