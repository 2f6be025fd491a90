/**
 * Reads tickets' QR codes through the phone's camera with the browser's own `BarcodeDetector`
 * (Chrome on Android, among others): no decoding library is shipped. Where the browser has no
 * detector, nothing is offered and the typed code and name search stand.
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

/** Looks about four times a second: enough for a ticket held up to the phone, easy on its battery. */
const LOOK_EVERY_MS = 250;
/** The same code seen again within this time is the same ticket still in view, not a second scan. */
const SAME_TICKET_MS = 4000;

function detectorClass(): BarcodeDetectorClass | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return found && typeof navigator.mediaDevices?.getUserMedia === "function" ? found : null;
}

/** Whether this browser can read QR codes from the camera. */
export async function canScan(): Promise<boolean> {
  const Detector = detectorClass();
  if (!Detector) return false;
  try {
    return (await Detector.getSupportedFormats()).includes("qr_code");
  } catch {
    return false;
  }
}

/**
 * Opens the back camera into `video` and calls `onCode` with each new QR code's text. Resolves
 * with the function that stops it (and the camera); rejects when the camera is refused.
 */
export async function startScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  const Detector = detectorClass();
  if (!Detector) throw new Error("No barcode detector");
  const detector = new Detector({ formats: ["qr_code"] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  video.srcObject = stream;
  await video.play();
  let running = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = { text: "", at: 0 };

  const look = async () => {
    if (!running) return;
    try {
      const [code] = await detector.detect(video);
      const now = Date.now();
      if (code?.rawValue && (code.rawValue !== last.text || now - last.at > SAME_TICKET_MS)) onCode(code.rawValue);
      if (code?.rawValue) last = { text: code.rawValue, at: now };
    } catch {
      // A frame the detector could not read (the video not ready yet): look again.
    }
    if (running) timer = setTimeout(look, LOOK_EVERY_MS);
  };
  void look();

  return () => {
    running = false;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
