// WAI-ARIA tabs (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) made of a page's plain
// anchor links and stacked sections: <nav data-tabs data-tab-initial="slug"> holding
// <a data-tab="slug" href="#panel-id">, and <div data-tab-panel="slug" id="panel-id">.
// Without this script the links scroll to the sections. The open tab is in the URL
// (?tab=slug); a #fragment naming an element inside a panel (a notification's
// "#agreements") opens that panel and shows the element.
(function () {
  function setUp(nav) {
    var tabs = Array.prototype.slice.call(nav.querySelectorAll("[data-tab]"));
    if (!tabs.length) return;
    var list = tabs[0].closest("ul");
    list.setAttribute("role", "tablist");
    list.querySelectorAll("li").forEach(function (item) { item.setAttribute("role", "presentation"); });
    var panels = {};
    tabs.forEach(function (tab) {
      var panel = document.getElementById(tab.getAttribute("href").slice(1));
      panels[tab.dataset.tab] = panel;
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", panel.id);
      tab.removeAttribute("aria-current");
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("tabindex", "0");
    });

    function select(slug, focus) {
      tabs.forEach(function (tab) {
        var chosen = tab.dataset.tab === slug;
        tab.setAttribute("aria-selected", chosen ? "true" : "false");
        tab.tabIndex = chosen ? 0 : -1;
        panels[tab.dataset.tab].hidden = !chosen;
        if (chosen && focus) tab.focus();
      });
    }

    // The tab in the address, so that a reload or a shared link opens it again.
    function remember(slug) {
      var url = new URL(window.location.href);
      url.searchParams.set("tab", slug);
      url.hash = "";
      window.history.replaceState(null, "", url);
    }

    // The panel holding the element the #fragment names, if any.
    function fromFragment() {
      var id = decodeURIComponent(window.location.hash.slice(1));
      var target = id && document.getElementById(id);
      var panel = target && target.closest("[data-tab-panel]");
      return panel ? { slug: panel.dataset.tabPanel, target: target } : null;
    }

    nav.addEventListener("click", function (event) {
      var tab = event.target.closest("[data-tab]");
      if (!tab) return;
      event.preventDefault();
      select(tab.dataset.tab, true);
      remember(tab.dataset.tab);
    });

    nav.addEventListener("keydown", function (event) {
      var at = tabs.indexOf(document.activeElement);
      if (at < 0) return;
      var next = {
        ArrowRight: (at + 1) % tabs.length,
        ArrowLeft: (at - 1 + tabs.length) % tabs.length,
        Home: 0,
        End: tabs.length - 1,
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      select(tabs[next].dataset.tab, true);
      remember(tabs[next].dataset.tab);
    });

    function openFragment() {
      var found = fromFragment();
      if (!found) return false;
      select(found.slug, false);
      if (found.target !== panels[found.slug]) found.target.scrollIntoView();
      return true;
    }

    window.addEventListener("hashchange", openFragment);
    if (!openFragment()) select(nav.dataset.tabInitial || tabs[0].dataset.tab, false);
  }

  document.querySelectorAll("nav[data-tabs]").forEach(setUp);
})();
