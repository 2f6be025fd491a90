/**
 * The photo field of /user/practice: a photo chosen is made smaller in the browser before the form
 * is sent (at most 800 pixels on its longer side, as a JPEG), so what is stored and served is tens
 * of KB rather than a camera's megabytes; the pages show it at most 200 CSS pixels wide. The
 * server checks whatever arrives against its own limits. Without JavaScript, or where the browser
 * cannot draw the file, the photo goes as chosen.
 */

/** Twice the largest box a page shows the photo in (200 CSS pixels), for screens of double density, and then some. */
const LONGEST_SIDE = 800;
const JPEG_QUALITY = 0.85;

const input = document.querySelector<HTMLInputElement>("input[type=file][data-photo-resize]");
if (input?.form) shrinkOnChoose(input, input.form);

function shrinkOnChoose(input: HTMLInputElement, form: HTMLFormElement): void {
  let pending: Promise<void> | null = null;
  input.addEventListener("change", () => {
    pending = shrink(input).finally(() => {
      pending = null;
    });
  });
  // A form sent while the photo is still being drawn waits for it, then goes with the same button.
  form.addEventListener("submit", (event) => {
    if (!pending) return;
    event.preventDefault();
    const submitter = event.submitter;
    void pending.then(() => form.requestSubmit(submitter instanceof HTMLElement ? submitter : null));
  });
}

async function shrink(input: HTMLInputElement): Promise<void> {
  const file = input.files?.[0];
  if (!file || !/^image\/(jpeg|png|webp)$/.test(file.type)) return;
  try {
    // Drawn upright: createImageBitmap applies the photo's own orientation (EXIF) by default.
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) return;
    // A transparent PNG gets a white background rather than JPEG's black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return;
    const smaller = new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, { type: "image/jpeg" });
    const chosen = new DataTransfer();
    chosen.items.add(smaller);
    input.files = chosen.files;
  } catch {
    // The browser could not draw it (an unusual encoding): the file goes as chosen, and the server judges it.
  }
}
