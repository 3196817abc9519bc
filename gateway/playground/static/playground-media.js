// deg playground, media: an image or PDF opened in the page is read by the gateway
// (POST v1/media/text?preview=true: the text a fill of it reads, each page's size, and small
// page pictures for a PDF), filled as `media`, and shown with every copied value's box drawn
// on its page. Boxes are [x0, y0, x1, y1] in the page's pixels (an image: its own pixels,
// upright as browsers show it; a PDF: pixels at the reading dpi); they are placed in percent of
// the page, so any display size lines up.
"use strict";

const DegMedia = (() => {
  const TYPES = ["image/png", "image/jpeg", "image/tiff", "image/webp", "application/pdf"];

  // The media type by the file's own bytes (what the gateway checks), else by what the browser says.
  function mediaType(file, head) {
    const b = new Uint8Array(head);
    const starts = (...bytes) => bytes.every((v, i) => b[i] === v);
    if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png";
    if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
    if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return "image/tiff";
    if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...b.slice(8, 12)) === "WEBP") return "image/webp";
    if (String.fromCharCode(...b.slice(0, 1024)).includes("%PDF-")) return "application/pdf";
    if (TYPES.includes(file.type) || /\.(pdf|png|jpe?g|tiff?|webp)$/i.test(file.name)) {
      return TYPES.includes(file.type) ? file.type : null;  // named as media but not: the gateway says why
    }
    return null;
  }

  function base64(buffer) {
    const bytes = new Uint8Array(buffer);
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }

  // "scan.pdf: OCR of 2 page(s), text layer of 1 page(s), 812 characters"
  function describe(name, body) {
    const count = (how) => body.pages.filter((p) => p.read === how).length;
    const parts = [];
    if (count("text_layer")) parts.push(`text layer of ${count("text_layer")} page(s)`);
    if (count("ocr")) parts.push(`OCR of ${count("ocr")} page(s)`);
    return `${name}: ${parts.join(", ")}, ${body.chars} characters`;
  }

  // What the page keeps of a read file: the fill's media part and each page's picture.
  function item(name, type, buffer, body) {
    const data = base64(buffer);
    const pictures = type === "application/pdf" || type === "image/tiff"  // browsers draw neither: the gateway's previews
      ? body.pages.map((p) => p.preview || null)
      : [`data:${type};base64,${data}`];  // the browser draws an image itself (EXIF orientation included)
    return { name, type, data, pages: body.pages, pictures };
  }

  function percent(value, total) { return (100 * value / total).toFixed(4) + "%"; }

  // Every page with the boxes of `meta`'s located values; returns pointer -> box elements.
  function render(view, media, meta, highlight, el) {
    view.replaceChildren();
    const boxesByPointer = new Map();
    const pages = media.pages.map((page, index) => {
      const sheet = el("div", { class: "media-sheet" });  // the picture alone: boxes are placed in its percent
      const picture = media.pictures[index];
      if (picture) sheet.append(el("img", { src: picture, alt: `${media.name}, page ${page.page}` }));
      else sheet.append(el("div", { class: "muted", text: `page ${page.page}: no picture (boxes not shown)` }));
      view.append(el("div", { class: "media-page", "data-page": String(page.page) }, sheet,
        el("div", { class: "media-caption muted", text: `${media.name} · page ${page.page} · read by ${page.read}` })));
      return picture ? sheet : null;
    });
    for (const [pointer, m] of Object.entries(meta)) {
      if (m.media !== "m0" || !Array.isArray(m.box)) continue;
      const index = m.page ? media.pages.findIndex((p) => p.page === m.page) : 0;
      const page = media.pages[index];
      if (!page || !pages[index]) continue;
      for (const box of (m.boxes || [m.box])) {
        const mark = el("div", { class: "media-box", "data-pointer": pointer, title: pointer });
        mark.style.left = percent(box[0], page.width);
        mark.style.top = percent(box[1], page.height);
        mark.style.width = percent(box[2] - box[0], page.width);
        mark.style.height = percent(box[3] - box[1], page.height);
        mark.addEventListener("mouseenter", () => highlight(pointer, true));
        mark.addEventListener("mouseleave", () => highlight(pointer, false));
        pages[index].append(mark);
        if (!boxesByPointer.has(pointer)) boxesByPointer.set(pointer, []);
        boxesByPointer.get(pointer).push(mark);
      }
    }
    return boxesByPointer;
  }

  return { mediaType, describe, item, render };
})();
