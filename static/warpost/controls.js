// Behaviour that the pages ask for with data attributes: the Content-Security-Policy runs
// scripts from Warpost's static files only, never an inline onclick or onchange.
(function () {
  // <select data-submit-on-change>: picking an option shows it at once.
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-submit-on-change]")) event.target.form.submit();
  });

  // <button data-print>: the browser's print dialog (the battle sheet).
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
  });
})();
