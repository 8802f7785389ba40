// The map editor (campaign.map.views.map_editor): a click on a hex, or on an outline off the
// map, uses the chosen tool there. It fills the editor form's q and r and sends the form,
// which HTMX posts; the same form works by keyboard without this script.
(function () {
  document.addEventListener("click", function (event) {
    var editor = event.target.closest("#map-editor");
    var hex = editor && event.target.closest("svg.map [data-q][data-r]");
    var form = hex && editor.querySelector("form.map-edit");
    if (!form) return;
    form.querySelector("input[name='q']").value = hex.dataset.q;
    form.querySelector("input[name='r']").value = hex.dataset.r;
    form.requestSubmit();
  });
})();
