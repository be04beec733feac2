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
