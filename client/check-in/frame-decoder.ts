/**
 * The door scanner's own QR decoder, for browsers without a `BarcodeDetector` (Chromium on Linux,
 * Firefox, desktop Safari): jsQR (Apache-2.0, github.com/cozmo/jsQR) reads a camera frame drawn,
 * made smaller, onto a canvas. scanner.ts imports this module only when the browser has no
 * detector, so it and jsQR are a chunk of their own that no other browser downloads.
 */
import jsQR from "jsqr";

/**
 * Frames are read at most this many pixels on their longer side: a ticket held up to the camera
 * still spans enough of them to be read, and a slow phone decodes the smaller picture in a
 * fraction of the time a full camera frame (often 1280 × 720 or more) would take.
 */
const LONGEST_SIDE = 480;

/** Reads one frame of `video`: the QR code's text, or null when there is none (or no frame yet). */
export type FrameReader = (video: HTMLVideoElement) => string | null;

export function createFrameReader(): FrameReader {
  const canvas = document.createElement("canvas");
  // Read back on every frame: the browser keeps the canvas in memory rather than on the GPU.
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return (video) => {
    if (!context || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || video.videoWidth === 0) return null;
    const scale = Math.min(1, LONGEST_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    // Tickets are dark on light (paper or a phone's screen): not trying the inverted picture halves the work.
    return jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: "dontInvert" })?.data || null;
  };
}
