'use client';

import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/components/forms/use-hydrated';
import { referenceFromScan } from '@/contract/api/tickets';
import styles from './staff.module.css';

/** The Shape Detection API's detector, where the browser has it (Chrome on Android does). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorConstructor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/**
 * "Scan QR code": the back camera, read a few times a second until a ticket link appears. Shown
 * only where BarcodeDetector and a camera exist; typing the reference always works as well.
 */
export function QrScanner({ onScan }: { onScan: (text: string) => void }) {
  const hydrated = useHydrated();
  const supported = hydrated && Boolean(detectorClass() && navigator.mediaDevices?.getUserMedia);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string>();
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!scanning) return;
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        for (const code of await detector.detect(video.current)) {
          // The code's whole text: a signed gate pass is checked as one, a ticket link by its reference.
          if (referenceFromScan(code.rawValue)) {
            stop();
            setScanning(false);
            onScan(code.rawValue);
            return;
          }
        }
      } catch {
        // A frame that is not ready yet: try the next one.
      }
      timer = setTimeout(look, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return stop();
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setProblem('The camera is not available. Type the reference instead.');
        setScanning(false);
      });
    return stop;
  }, [scanning, onScan]);

  if (!supported) return null;
  return (
    <div className={styles.scanner}>
      <button type="button" className={styles.secondary} onClick={() => { setProblem(undefined); setScanning((s) => !s); }} aria-pressed={scanning}>
        {scanning ? 'Stop scanning' : 'Scan QR code'}
      </button>
      {problem ? <p className={styles.hint}>{problem}</p> : null}
      {scanning ? <video ref={video} className={styles.video} muted playsInline aria-label="Camera view: hold the ticket’s QR code in the frame" /> : null}
    </div>
  );
}
