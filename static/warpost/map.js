// Tapping a hex on the map aims the order form last touched (or the first one) at it,
// so that a player on a phone need not type coordinates.
(function () {
  function activeForm() {
    return document.querySelector(".order-form.active") || document.querySelector(".order-form");
  }

  document.addEventListener("focusin", function (event) {
    var form = event.target.closest(".order-form");
    if (!form) return;
    document.querySelectorAll(".order-form.active").forEach(function (f) { f.classList.remove("active"); });
    form.classList.add("active");
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("svg.map a")) return; // a siege mark opens the siege sheet
    var hex = event.target.closest("svg.map [data-q][data-r]");
    var form = hex && activeForm();
    if (!form) return;
    form.querySelector("input[name$='target_q']").value = hex.dataset.q;
    form.querySelector("input[name$='target_r']").value = hex.dataset.r;
    document.querySelectorAll("svg.map .picked").forEach(function (h) { h.classList.remove("picked"); });
    hex.classList.add("picked");
  });
})();
