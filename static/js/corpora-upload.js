// Drag and drop onto the upload zone: htmx cannot put dropped files into a file input.
(function () {
  "use strict";

  function zoneOf(event) {
    return event.target instanceof Element ? event.target.closest("[data-dropzone]") : null;
  }

  function listFiles(input) {
    const zone = input.closest("[data-dropzone]");
    const list = zone && zone.querySelector("[data-file-list]");
    if (!list) return;
    list.replaceChildren(...Array.from(input.files).map((file) => {
      const item = document.createElement("li");
      item.textContent = `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB)`;
      return item;
    }));
  }

  document.addEventListener("dragover", (event) => {
    const zone = zoneOf(event);
    if (!zone) return;
    event.preventDefault();
    zone.classList.add("dragover");
  });
  document.addEventListener("dragleave", (event) => {
    const zone = zoneOf(event);
    if (zone && !zone.contains(event.relatedTarget)) zone.classList.remove("dragover");
  });
  document.addEventListener("drop", (event) => {
    const zone = zoneOf(event);
    if (!zone) return;
    event.preventDefault();
    zone.classList.remove("dragover");
    const input = zone.querySelector("input[type=file]");
    if (input && event.dataTransfer && event.dataTransfer.files.length) {
      input.files = event.dataTransfer.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
  document.addEventListener("change", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "file") {
      listFiles(event.target);
    }
  });
  // htmx 2 leaves 4xx responses unswapped; the upload's 422 carries the message to show.
  document.addEventListener("htmx:beforeSwap", (event) => {
    const form = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (form && form.id === "upload-form" && event.detail.xhr.status === 422) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
  // After an upload the outcomes are shown; clear the chosen files for the next batch.
  document.addEventListener("htmx:afterRequest", (event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.id === "upload-form" && event.detail.successful) {
      form.reset();
      form.querySelectorAll("[data-file-list]").forEach((list) => list.replaceChildren());
    }
  });
})();
