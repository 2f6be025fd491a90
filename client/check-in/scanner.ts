/**
 * Reads tickets' QR codes through the phone's camera. The browser's own `BarcodeDetector` reads
 * them where it can (Chrome on Android, for example); elsewhere (Chromium on Linux, Firefox,
 * Safari on a Mac) frame-decoder.ts does, loaded only then. Without a camera nothing is offered
 * and the typed code and the name search stand.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** Reads the QR code in the video's current frame, if there is one, and how often to look. */
interface Decoder {
  read(video: HTMLVideoElement): Promise<string | null>;
  everyMs: number;
}

/** Why the scanner did not start: its decoder could not be loaded (no connection), or the camera was refused or is missing. */
export class ScannerError extends Error {
  constructor(readonly reason: "decoder" | "camera") {
    super(`The scanner could not start (${reason})`);
  }
}

/** The browser's detector looks about four times a second: enough for a ticket held up to the phone, easy on its battery. */
const NATIVE_EVERY_MS = 250;
/**
 * Decoding in JavaScript takes the phone's main thread: about six frames a second, each after the
 * last is read, keeps a slow phone responsive while a ticket is still read within a moment.
 */
const FALLBACK_EVERY_MS = 160;
/** The same code seen again within this time is the same ticket still in view, not a second scan. */
const SAME_TICKET_MS = 4000;

/** Whether this browser can open a camera (any that can is given a decoder). */
export function canScan(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === "function";
}

/** The browser's own detector when it reads QR codes, else null. */
async function nativeDecoder(): Promise<Decoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes("qr_code")) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ["qr_code"] });
  return { read: async (video) => (await detector.detect(video))[0]?.rawValue || null, everyMs: NATIVE_EVERY_MS };
}

/** jsQR, fetched on first use as its own chunk; a failed fetch (no connection) is tried again on the next press. */
async function fallbackDecoder(): Promise<Decoder> {
  const { createFrameReader } = await import("./frame-decoder");
  const read = createFrameReader();
  return { read: async (video) => read(video), everyMs: FALLBACK_EVERY_MS };
}

/**
 * Opens the back camera into `video` and calls `onCode` with each new QR code's text. Resolves
 * with the function that stops it (and the camera); rejects with a ScannerError when the decoder
 * cannot be loaded or the camera is refused.
 */
export async function startScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  let decoder: Decoder;
  try {
    decoder = (await nativeDecoder()) ?? (await fallbackDecoder());
  } catch {
    throw new ScannerError("decoder");
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch {
    throw new ScannerError("camera");
  }
  video.srcObject = stream;
  try {
    await video.play();
  } catch {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
    throw new ScannerError("camera");
  }
  let running = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = { text: "", at: 0 };

  const look = async () => {
    if (!running) return;
    try {
      // A page in the background (the phone's screen off, another tab) reads nothing.
      const text = document.hidden ? null : await decoder.read(video);
      const now = Date.now();
      if (text && (text !== last.text || now - last.at > SAME_TICKET_MS)) onCode(text);
      if (text) last = { text, at: now };
    } catch {
      // A frame that could not be read (the video not ready yet): look again.
    }
    if (running) timer = setTimeout(look, decoder.everyMs);
  };
  void look();

  return () => {
    running = false;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
