// The chronicle's replay (templates/campaign/chronicle/partials/replay.html): the slider,
// or the previous/next buttons, ask the server for the map at the end of the chosen turn
// and htmx swaps it in. A past turn never changes, so the browser keeps each answer.
(function () {
  var DELAY = 150; // ms: dragging the slider asks for the turn it rests on, not each one

  function label(slider, number) {
    return number === 0
      ? slider.dataset.startLabel
      : interpolate(gettext("Turn %(number)s"), { number: number }, true);
  }

  function show(section, number) {
    var slider = section.querySelector("[data-replay-slider]");
    var max = Number(slider.max);
    number = Math.max(0, Math.min(max, number));
    slider.value = String(number);
    var text = label(slider, number);
    slider.setAttribute("aria-valuetext", text);
    section.querySelector("[data-replay-output]").textContent = text;
    section.querySelector("[data-replay-step='-1']").disabled = number === 0;
    section.querySelector("[data-replay-step='1']").disabled = number === max;
    var url = section.dataset.replayUrl.replace(/\/0\/$/, "/" + number + "/");
    htmx.ajax("GET", url, { target: section.querySelector("[data-replay-map]"), swap: "innerHTML" });
  }

  var pending = null;
  document.addEventListener("input", function (event) {
    var slider = event.target.closest("[data-replay-slider]");
    if (!slider) return;
    clearTimeout(pending);
    pending = setTimeout(function () {
      show(slider.closest("[data-replay]"), Number(slider.value));
    }, DELAY);
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-replay-step]");
    if (!button) return;
    var section = button.closest("[data-replay]");
    var slider = section.querySelector("[data-replay-slider]");
    show(section, Number(slider.value) + Number(button.dataset.replayStep));
  });

  // <a data-replay-to="N"> beside a turn of the gazette: on the page with the replay,
  // the slider moves there instead of leaving the page.
  document.addEventListener("click", function (event) {
    var link = event.target.closest("[data-replay-to]");
    var section = document.querySelector("[data-replay]");
    if (!link || !section) return;
    event.preventDefault();
    show(section, Number(link.dataset.replayTo));
    section.scrollIntoView({ block: "start" });
  });
})();
