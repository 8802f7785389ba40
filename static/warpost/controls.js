// Behaviour that the pages ask for with data attributes: the Content-Security-Policy runs
// scripts from Warpost's static files only, never an inline onclick or onchange.
(function () {
  // <select data-submit-on-change>: picking an option shows it at once.
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-submit-on-change]")) event.target.form.submit();
  });

  // table.entitlements scrolls sideways inside its card when wider than the screen (its
  // CSS): while it does, it takes the keyboard's focus, so that the arrow keys scroll it
  // too. A ResizeObserver tells when a table starts or stops overflowing, comes into view
  // (a tab shown) or arrives with an htmx swap.
  var overflowing = new ResizeObserver(function (entries) {
    entries.forEach(function (entry) {
      var table = entry.target;
      if (table.scrollWidth > table.clientWidth) table.tabIndex = 0;
      else table.removeAttribute("tabindex");
    });
  });
  function watchTables(root) {
    root.querySelectorAll("table.entitlements").forEach(function (table) {
      overflowing.observe(table);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { watchTables(document); });
  document.addEventListener("htmx:load", function (event) { watchTables(event.target); });

  // <button data-print>: the browser's print dialog (the battle sheet).
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
  });

  // <span data-countdown="epoch seconds">: the server's "in 47 h", kept up to date in the
  // same words and the reader's language (campaign.turns.narration.countdown: the same
  // msgids, from Django's scripts' catalog that templates/base.html loads first).
  function countdown(seconds) {
    var left = seconds * 1000 - Date.now();
    if (!(left > 0)) return gettext("passed");
    var minutes = Math.floor(left / 60000);
    if (minutes < 60) return interpolate(gettext("in %(count)s min"), { count: Math.max(minutes, 1) }, true);
    if (minutes < 48 * 60) return interpolate(gettext("in %(count)s h"), { count: Math.floor(minutes / 60) }, true);
    var days = Math.floor(minutes / (24 * 60));
    return interpolate(ngettext("in %(count)s day", "in %(count)s days", days), { count: days }, true);
  }
  setInterval(function () {
    document.querySelectorAll("[data-countdown]").forEach(function (element) {
      element.textContent = countdown(Number(element.dataset.countdown));
    });
  }, 30000);

  // <details data-open-on-target>: a link to the section (#section-battles) opens it, so
  // the rules page's table of contents leads to the numbers, not to a closed heading.
  function openTarget() {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    var details = target && target.closest("details[data-open-on-target]");
    if (details) details.open = true;
  }
  window.addEventListener("hashchange", openTarget);
  document.addEventListener("DOMContentLoaded", openTarget);
})();
