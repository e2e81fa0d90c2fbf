import { profilePhotoCamera } from '@leisure/contract/documents';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';

/** The spec's mobile breakpoint (my-account.md 9). */
const mobileQuery = '(max-width: 575px)';

export function cameraSize(): { width: number; height: number } {
  const mobile = typeof window.matchMedia === 'function' && window.matchMedia(mobileQuery).matches;
  return {
    width: mobile ? profilePhotoCamera.mobileWidth : profilePhotoCamera.width,
    height: profilePhotoCamera.height,
  };
}

export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The camera preview (330 px wide on mobile, 400 otherwise, 240 high) and a button that takes the
 * current frame as an image for the crop step. The camera is released when this closes.
 */
export function CameraCapture({
  onCapture,
  onCancel,
}: {
  onCapture: (src: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [size] = useState(cameraSize);

  useEffect(() => {
    let cancelled = false;
    let opened: MediaStream | null = null;
    navigator.mediaDevices
      .getUserMedia({ video: { width: size.width, height: size.height, facingMode: 'user' }, audio: false })
      .then((media) => {
        opened = media;
        if (cancelled) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        setStream(media);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      for (const track of opened?.getTracks() ?? []) track.stop();
    };
  }, [size]);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      // play() answers a promise in browsers (nothing in some test DOMs); a refused autoplay is harmless.
      const playing = video.current.play?.() as Promise<void> | undefined;
      playing?.catch(() => undefined);
    }
  }, [stream]);

  const capture = () => {
    const element = video.current;
    if (!element) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth || size.width;
    canvas.height = element.videoHeight || size.height;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(element, 0, 0, canvas.width, canvas.height);
    onCapture(canvas.toDataURL('image/jpeg', 0.92));
  };

  if (failed) {
    return (
      <div className="photo-step">
        <p role="alert" className="form-error">
          {t('documents.photo.cameraError')}
        </p>
        <Button variant="secondary" onClick={onCancel}>
          {t('documents.photo.back')}
        </Button>
      </div>
    );
  }
  return (
    <div className="photo-step">
      <video
        ref={video}
        className="photo-camera"
        width={size.width}
        height={size.height}
        autoPlay
        playsInline
        muted
        aria-label={t('documents.photo.cameraPreview')}
      />
      <div className="modal-actions">
        <Button onClick={capture} disabled={!stream}>
          {t('documents.photo.capture')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('documents.photo.back')}
        </Button>
      </div>
    </div>
  );
}
