// The map is where a player acts. A tapped hex (the "warpost:hex" event, which
// map-view.js dispatches; a plain click dispatches it here too) opens its panel beside
// the map, or as a bottom sheet on a phone. A tapped army marker selects the army: the
// hexes it may aim an order at light up (class m-legal), and a lit hex tapped next
// opens with that army's actions first. Orders are posted from the panel's buttons.
(function () {
  "use strict";

  var targets = {}; // army id -> its legal targets, for this page's turn
  var selected = null;
  var opener = null; // the hex whose panel is open: focus returns to it

  function mapSection() {
    return document.querySelector(".map-panel[data-hex-url]");
  }

  function panel() {
    return document.getElementById("hex-panel");
  }

  // On a phone the panel is a bottom sheet (warpost.css), over the map.
  function isSheet() {
    return getComputedStyle(panel()).position === "fixed";
  }

  function hexUrl(q, r, army) {
    var url = mapSection().dataset.hexUrl.replace(/0\/0\/$/, q + "/" + r + "/");
    return army ? url + "?army=" + encodeURIComponent(army) : url;
  }

  function targetsUrl(army) {
    return mapSection().dataset.targetsUrl.replace(/\/0\/targets\/$/, "/" + army + "/targets/");
  }

  function hexAt(q, r) {
    return document.querySelector('svg.map .m-hex[data-q="' + q + '"][data-r="' + r + '"]');
  }

  function clearLit() {
    document.querySelectorAll("svg.map .m-legal").forEach(function (h) { h.classList.remove("m-legal"); });
    document.querySelectorAll("svg.map .m-selected").forEach(function (m) { m.classList.remove("m-selected"); });
  }

  function light(army, found) {
    clearLit();
    Object.keys(found).forEach(function (kind) {
      found[kind].forEach(function (cell) {
        var hex = hexAt(cell[0], cell[1]);
        if (hex) hex.classList.add("m-legal");
      });
    });
    var marker = document.querySelector('svg.map .m-army-marker[data-army="' + army + '"]');
    if (marker) marker.classList.add("m-selected");
  }

  // Lights the army's targets, asked once per army while no order changes them;
  // resolves to the endpoint's answer, or null.
  function selectArmy(army) {
    selected = army;
    var known = targets[army]
      ? Promise.resolve(targets[army])
      : fetch(targetsUrl(army), { headers: { Accept: "application/json" }, credentials: "same-origin" })
          .then(function (response) { return response.ok ? response.json() : null; });
    return known.then(function (data) {
      if (!data || selected !== army) return null;
      targets[army] = data;
      light(army, data.targets);
      return data;
    });
  }

  function openPanel(q, r, hex, army) {
    opener = hex;
    var lit = hex && hex.classList.contains("m-legal");
    var first = army || (lit ? selected : null);
    htmx.ajax("GET", hexUrl(q, r, first), { target: "#hex-panel .hex-panel-content", swap: "innerHTML" })
      .then(function () {
        var box = panel();
        box.hidden = false;
        var title = document.getElementById("hex-panel-title");
        if (title) title.focus();
      });
  }

  function closePanel() {
    var box = panel();
    if (!box || box.hidden) return;
    box.hidden = true;
    box.style.transform = "";
    if (opener) {
      if (!opener.hasAttribute("tabindex")) opener.setAttribute("tabindex", "-1");
      opener.focus();
    }
  }

  // map-view.js reports a hex tapped (not dragged) or Enter pressed on it; until the page
  // has it, a click on a hex reports it the same way.
  function mapViewReports() {
    return document.querySelector('script[src*="map-view"]') !== null;
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !mapSection()) return; // the map editor has its own
    if (event.target.closest("svg.map a")) return; // a siege mark opens the siege sheet
    var marker = event.target.closest("svg.map .m-army-marker");
    if (marker) { // selected: its targets light up, the map stays in view for the lit hex
      selectArmy(marker.dataset.army);
      return;
    }
    var hex = event.target.closest("svg.map [data-q][data-r]");
    if (!hex || mapViewReports()) return;
    hex.dispatchEvent(new CustomEvent("warpost:hex", {
      bubbles: true, detail: { q: Number(hex.dataset.q), r: Number(hex.dataset.r) },
    }));
  });

  document.addEventListener("warpost:hex", function (event) {
    if (!mapSection()) return;
    var hex = event.target.closest ? event.target.closest("[data-q][data-r]") : null;
    openPanel(event.detail.q, event.detail.r, hex, null);
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    if (event.target.closest("#hex-panel .sheet-close")) closePanel();
    var choose = event.target.closest("[data-select-army]"); // in the panel or a card
    if (choose && mapSection()) {
      selectArmy(choose.dataset.selectArmy);
      if (isSheet()) closePanel(); // a phone: the map comes back into view
      if (!choose.closest("#hex-panel")) mapSection().scrollIntoView({ block: "start" });
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && panel() && !panel().hidden) closePanel();
  });

  // An order, edict or build given from the panel: the page's own summary of it (the
  // army's card, the edicts) shows it too, and the lit hexes are asked again (a patrol
  // base taken is no longer another army's).
  document.addEventListener("htmx:afterSwap", function (event) {
    var form = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!form || !form.matches || !form.matches("form.hex-action")) return;
    targets = {};
    if (selected) selectArmy(selected);
    if (form.dataset.refresh && document.querySelector(form.dataset.refresh)) {
      htmx.ajax("GET", form.dataset.refreshUrl, { target: form.dataset.refresh, swap: "outerHTML" });
    }
  });

  // The bottom sheet on a phone: dragged down far enough, it closes.
  var drag = null;
  document.addEventListener("pointerdown", function (event) {
    var bar = event.target.closest && event.target.closest("#hex-panel .sheet-bar");
    if (!bar || event.target.closest(".sheet-close") || !isSheet()) return;
    drag = { y: event.clientY };
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag) return;
    var dy = Math.max(0, event.clientY - drag.y);
    panel().style.transform = "translateY(" + dy + "px)";
  });
  document.addEventListener("pointerup", function (event) {
    if (!drag) return;
    var dy = event.clientY - drag.y;
    drag = null;
    panel().style.transform = "";
    if (dy > 80) closePanel();
  });
})();
