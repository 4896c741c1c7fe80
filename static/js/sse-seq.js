// The run page's stream bookkeeping, where htmx's SSE extension cannot help:
// - it reopens a failed stream without Last-Event-ID, so every (re)connect asks for ?after=<last seq>;
// - frames whose id is not above the last seq applied are dropped (they are already on the page);
// - the 2 s poll fallback (#poller) stops as soon as the stream delivers anything. Its element
//   stays, inert (no hx-get), so a poll answer still in flight finds its out-of-band target
//   (a removed #poller made htmx log oobErrorNoTarget when the run ended).
(function () {
  "use strict";
  var lastSeq = 0;
  var streaming = false;

  function readSeq(el) {
    var n = el ? parseInt(el.getAttribute("data-seq") || el.getAttribute("data-last-seq"), 10) : NaN;
    return isNaN(n) ? 0 : n;
  }

  // htmx keeps polling an element it has processed, whatever its attributes say later: swap in
  // an unprocessed twin that keeps only the id and the seq.
  function retire(poller) {
    if (!poller || !poller.hasAttribute("hx-get")) { return; }
    var inert = document.createElement("div");
    inert.id = "poller";
    inert.setAttribute("data-seq", poller.getAttribute("data-seq") || "0");
    poller.replaceWith(inert);
  }

  function stopPolling() {
    streaming = true;
    retire(document.getElementById("poller"));
  }

  htmx.createEventSource = function (url) {
    var u = new URL(url, window.location.href);
    if (lastSeq > 0) { u.searchParams.set("after", String(lastSeq)); }
    var source = new EventSource(u.toString(), { withCredentials: true });
    source.addEventListener("ready", stopPolling);
    return source;
  };

  document.addEventListener("DOMContentLoaded", function () {
    lastSeq = Math.max(lastSeq, readSeq(document.getElementById("run")));
  });

  document.addEventListener("htmx:sseBeforeMessage", function (evt) {
    var id = parseInt(evt.detail && evt.detail.lastEventId, 10);
    if (isNaN(id)) { return; }
    if (id <= lastSeq) { evt.preventDefault(); return; }
    lastSeq = id;
    stopPolling();
  });

  // A poll response carries its seq on the new #poller; the stream must not replay below it.
  // A late poll answer swaps in a live #poller again: retire it when the stream is up.
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    var el = evt.target;
    if (el && el.id === "poller") {
      lastSeq = Math.max(lastSeq, readSeq(el));
      if (streaming) { retire(el); }
    }
  });

  document.addEventListener("htmx:beforeRequest", function (evt) {
    if (streaming && evt.detail && evt.detail.elt && evt.detail.elt.id === "poller") {
      evt.preventDefault();
      retire(evt.detail.elt);
    }
  });
})();
