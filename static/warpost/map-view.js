// The campaign map's navigation (templates/campaign/map/partials/map_view.html): pan and
// zoom with @panzoom/panzoom (wheel, pinch, drag, and the +, − and fit buttons), hexes out
// of view hidden by chunk so that a 10,000-hex map stays smooth (from afar, a wide map's
// overview drawn instead of its hexes, a tap on it choosing the hex under it), coordinates
// on request, and the keyboard: one hex in the tab order, arrow keys to its neighbours,
// Home to the viewer's capital. A hex chosen by tap, click, Enter or Space is announced with
//   new CustomEvent("warpost:hex", {bubbles: true, detail: {q, r}})
// dispatched on the hex element: the hex panel listens for it. A tap on an army's disc
// adds the army's id to the detail (``army``).
(function () {
  "use strict";

  var COORDS_KEY = "warpost.map.coordinates";
  var DRAG_SLOP = 6; // px a pointer may wander and still be a tap
  var CULL_MARGIN = 120; // px beyond the frame still drawn, so a short pan shows no gap
  var SIZE = 20; // a hex's circumradius in the map's units (campaign.map.svg.SIZE)
  var HEX_WIDTH = 2 * SIZE; // a hex's width in the map's units
  var FAR_PX = 18; // narrower than this on screen, a hex is drawn in plain colour
  var SVG = "http://www.w3.org/2000/svg";

  function hexAt(svg, q, r) {
    return svg.querySelector('.m-hex:not(.m-ghost)[data-q="' + q + '"][data-r="' + r + '"]');
  }

  // The hex under a pointer, from its place in the map's units (flat-topped axial
  // coordinates, rounded as cube coordinates): a tap on the overview of a wide map.
  function hexUnder(svg, event) {
    var point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    var at = point.matrixTransform(svg.getScreenCTM().inverse());
    var q = (2 / 3) * at.x / SIZE;
    var r = (-at.x / 3 + (Math.sqrt(3) / 3) * at.y) / SIZE;
    var s = -q - r;
    var rq = Math.round(q);
    var rr = Math.round(r);
    var rs = Math.round(s);
    var dq = Math.abs(rq - q);
    var dr = Math.abs(rr - r);
    if (dq > dr && dq > Math.abs(rs - s)) rq = -rr - rs;
    else if (dr > Math.abs(rs - s)) rr = -rq - rs;
    return hexAt(svg, rq, rr);
  }

  // The chunk of the hex in the tab order is kept drawn, so that it can take focus: out
  // of view, and from afar on a wide map whose overview hides the others (warpost.css).
  function keepChunkOf(svg, hex) {
    var chunk = hex.closest(".m-chunk");
    svg.querySelectorAll(".m-chunk.m-keep").forEach(function (old) {
      if (old !== chunk) old.classList.remove("m-keep");
    });
    if (!chunk) return;
    chunk.classList.add("m-keep");
    chunk.classList.remove("m-out");
  }

  function coordsOf(element) {
    return { q: Number(element.dataset.q), r: Number(element.dataset.r) };
  }

  function announce(hex, extra) {
    var detail = coordsOf(hex);
    if (extra) Object.keys(extra).forEach(function (key) { detail[key] = extra[key]; });
    hex.dispatchEvent(new CustomEvent("warpost:hex", { bubbles: true, detail: detail }));
  }

  // The chunks' boxes, read once: "x y w h" in the map's user units.
  function readChunks(svg) {
    return Array.prototype.map.call(svg.querySelectorAll(".m-chunk"), function (element) {
      var box = element.dataset.bbox.split(" ").map(Number);
      return { element: element, x: box[0], y: box[1], w: box[2], h: box[3] };
    });
  }

  // User units to screen pixels: the viewBox is fitted ("meet") into the svg's box, which
  // panzoom scales and moves.
  function projection(svg) {
    var box = svg.getBoundingClientRect();
    var view = svg.viewBox.baseVal;
    var scale = Math.min(box.width / view.width, box.height / view.height);
    return {
      scale: scale,
      left: box.left + (box.width - view.width * scale) / 2 - view.x * scale,
      top: box.top + (box.height - view.height * scale) / 2 - view.y * scale,
    };
  }

  // Hides the chunks out of view, and draws hexes a few pixels wide in their terrain's
  // colour alone: their patterns and symbols could not be read and cost the most to
  // paint. Everything is measured before anything changes: one layout, not two.
  function cull(svg, frame, chunks) {
    var p = projection(svg);
    var f = frame.getBoundingClientRect();
    svg.classList.toggle("m-far", p.scale * HEX_WIDTH < FAR_PX);
    chunks.forEach(function (c) {
      var left = p.left + c.x * p.scale;
      var top = p.top + c.y * p.scale;
      var out =
        left + c.w * p.scale < f.left - CULL_MARGIN || left > f.right + CULL_MARGIN ||
        top + c.h * p.scale < f.top - CULL_MARGIN || top > f.bottom + CULL_MARGIN;
      // The chunk of the hex in the tab order stays, so that Tab still reaches the map.
      c.element.classList.toggle("m-out", out && !c.element.classList.contains("m-keep"));
    });
  }

  // The neighbour an arrow key leads to on flat-topped hexes: up and down along the
  // column; left and right to the next column, on the same offset row if it can (odd
  // columns sit half a hex lower, so from one the row goes up, from an even one down).
  function step(svg, q, r, key) {
    if (key === "ArrowUp") return hexAt(svg, q, r - 1);
    if (key === "ArrowDown") return hexAt(svg, q, r + 1);
    var dq = key === "ArrowRight" ? 1 : -1;
    var upper = dq === 1 ? r - 1 : r; // axial (q±1) neighbours: one above, one below
    var lower = upper + 1;
    var preferUpper = (q & 1) === 1;
    var first = hexAt(svg, q + dq, preferUpper ? upper : lower);
    return first || hexAt(svg, q + dq, preferUpper ? lower : upper);
  }

  function setUp(root) {
    var svg = root.querySelector("svg.map");
    var frame = root.querySelector(".map-viewport");
    if (!svg || !frame || root.dataset.mapReady) return;
    root.dataset.mapReady = "1";
    if (window.performance && performance.mark) performance.mark("warpost:map-setup");
    var chunks = readChunks(svg);
    var panzoom = window.Panzoom(svg, {
      maxScale: 40,
      minScale: 1,
      step: 0.35,
      cursor: "grab",
      // Keep the browser's default of pointerdown out (text selection, page drag), but let
      // the event bubble: the hex panel may listen too.
      handleStartEvent: function (event) { event.preventDefault(); },
    });

    var pending = 0;
    function cullSoon() {
      clearTimeout(pending);
      pending = setTimeout(function () { cull(svg, frame, chunks); }, 90);
    }
    // While a drag pans the map, the browser moves it as one layer instead of repainting
    // every hex each frame; afterwards it draws it sharp again at its new scale.
    svg.addEventListener("panzoomstart", function () { svg.classList.add("m-moving"); });
    svg.addEventListener("panzoomend", function () { svg.classList.remove("m-moving"); });
    svg.addEventListener("panzoomend", cullSoon);
    svg.addEventListener("panzoomzoom", cullSoon);
    svg.addEventListener("panzoomreset", cullSoon);
    window.addEventListener("resize", cullSoon);
    frame.addEventListener("wheel", function (event) {
      panzoom.zoomWithWheel(event);
      cullSoon();
    }, { passive: false });

    root.querySelectorAll("[data-map-zoom]").forEach(function (button) {
      button.addEventListener("click", function () {
        var how = button.dataset.mapZoom;
        if (how === "in") panzoom.zoomIn();
        else if (how === "out") panzoom.zoomOut();
        else panzoom.reset();
        cullSoon();
      });
    });

    // A tap is a pointer that went down and up without dragging the map.
    var down = null;
    svg.addEventListener("pointerdown", function (event) {
      down = { x: event.clientX, y: event.clientY };
    });
    svg.addEventListener("click", function (event) {
      var dragged = down && Math.hypot(event.clientX - down.x, event.clientY - down.y) > DRAG_SLOP;
      down = null;
      if (dragged) {
        event.stopPropagation(); // a pan is no choice of hex, for anyone listening
        event.preventDefault();
        return;
      }
      if (event.target.closest("a")) return; // a siege mark opens its sheet
      if (event.target.closest(".m-overview")) {
        var under = hexUnder(svg, event);
        if (!under) return;
        moveFocus(under, false);
        announce(under);
        return;
      }
      var marked = event.target.closest("[data-q][data-r]");
      if (!marked || marked.classList.contains("m-ghost")) return;
      var hex = marked.classList.contains("m-hex") ? marked : hexAt(svg, marked.dataset.q, marked.dataset.r);
      if (!hex) return;
      moveFocus(hex, false);
      announce(hex, marked.dataset.army ? { army: Number(marked.dataset.army) } : null);
    }, true);

    // Roving tabindex: the focused hex is the one in the tab order.
    function moveFocus(hex, reveal) {
      svg.querySelectorAll('.m-hex[tabindex="0"]').forEach(function (old) {
        if (old !== hex) old.setAttribute("tabindex", "-1");
      });
      hex.setAttribute("tabindex", "0");
      keepChunkOf(svg, hex);
      if (reveal) {
        hex.focus({ preventScroll: true });
        bringIntoView(hex);
      }
    }

    function bringIntoView(hex) {
      var box = hex.getBoundingClientRect();
      var f = frame.getBoundingClientRect();
      var dx = 0;
      var dy = 0;
      if (box.left < f.left) dx = f.left - box.left + box.width;
      else if (box.right > f.right) dx = f.right - box.right - box.width;
      if (box.top < f.top) dy = f.top - box.top + box.height;
      else if (box.bottom > f.bottom) dy = f.bottom - box.bottom - box.height;
      if (!dx && !dy) return;
      var scale = panzoom.getScale();
      panzoom.pan(dx / scale, dy / scale, { relative: true });
      cullSoon();
    }

    function home() {
      var at = (svg.dataset.home || "").split(",");
      return hexAt(svg, at[0], at[1]);
    }

    svg.addEventListener("keydown", function (event) {
      var hex = event.target.closest(".m-hex");
      if (!hex) return;
      var here = coordsOf(hex);
      var next = null;
      if (event.key.indexOf("Arrow") === 0) next = step(svg, here.q, here.r, event.key);
      else if (event.key === "Home") next = home();
      else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        announce(hex);
        return;
      } else return;
      event.preventDefault();
      if (next) moveFocus(next, true);
    });

    // A hex's tooltip is its name, made on the first hover rather than for every hex.
    svg.addEventListener("pointerover", function (event) {
      var hex = event.target.closest(".m-hex:not(.m-ghost)");
      if (!hex || hex.querySelector(":scope > title")) return;
      var title = document.createElementNS(SVG, "title");
      title.textContent = hex.dataset.name || hex.getAttribute("aria-label");
      hex.insertBefore(title, hex.firstChild);
    });

    var focusable = svg.querySelector('.m-hex[tabindex="0"]');
    if (focusable) keepChunkOf(svg, focusable);
    setUpCoordinates(root, svg);
    cull(svg, frame, chunks);
    if (window.performance && performance.mark) {
      requestAnimationFrame(function () { performance.mark("warpost:map-drawn"); });
    }
  }

  // Coordinates: drawn on every hex only when asked for, never needed for play.
  function setUpCoordinates(root, svg) {
    var button = root.querySelector("[data-map-coords]");
    if (!button) return;
    function show(on) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      svg.classList.toggle("m-with-coords", on);
      svg.querySelectorAll(".m-hex:not(.m-ghost)").forEach(function (hex) {
        var label = hex.querySelector(".m-coord");
        var name = hex.dataset.name || hex.getAttribute("aria-label") || "";
        hex.dataset.name = name;
        if (!on) {
          if (label) label.remove();
          hex.setAttribute("aria-label", name);
          return;
        }
        var at = coordsOf(hex);
        if (!label) {
          label = document.createElementNS(SVG, "text");
          label.setAttribute("class", "m-coord");
          label.setAttribute("y", "15");
          label.textContent = at.q + "," + at.r;
          hex.appendChild(label);
        }
        hex.setAttribute("aria-label", interpolate(gettext("%(name)s, at %(q)s, %(r)s"), {
          name: name, q: at.q, r: at.r,
        }, true));
      });
    }
    button.addEventListener("click", function () {
      var on = button.getAttribute("aria-pressed") !== "true";
      try { localStorage.setItem(COORDS_KEY, on ? "1" : "0"); } catch (e) { /* private mode */ }
      show(on);
    });
    var remembered = null;
    try { remembered = localStorage.getItem(COORDS_KEY); } catch (e) { /* private mode */ }
    if (remembered === "1") show(true);
  }

  function setUpAll(scope) {
    (scope || document).querySelectorAll("[data-map-view]").forEach(setUp);
    if (scope && scope.matches && scope.matches("[data-map-view]")) setUp(scope);
  }

  document.addEventListener("DOMContentLoaded", function () { setUpAll(document); });
  // HTMX swaps the campaign body after an order: the new map gets the same behaviour.
  document.addEventListener("htmx:load", function (event) { setUpAll(event.detail.elt); });
})();
