import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { notify } from '../../../shared/ui/toast';
import { useDeleteProfilePhoto } from '../api/delete-profile-photo';
import { useSaveProfilePhoto } from '../api/save-profile-photo';
import type { ProfilePhotoState } from '../api/update-session-photo';
import { cropToJpeg } from '../lib/crop-image';
import { CameraCapture, cameraAvailable } from './camera-capture';
import { ProfilePhotoImage } from './profile-photo-image';
// react-easy-crop injects its own few style rules (our CSP allows inline styles).
import '../profile-photo.css';

/** The spec's upload limit (my-account.md 9). */
const maxBytes = 20_000_000;
const acceptedTypes = ['image/jpeg', 'image/png'];

type Step =
  | { kind: 'start' }
  | { kind: 'camera' }
  | { kind: 'crop'; src: string }
  | { kind: 'confirm-delete' };

export interface ProfilePhotoModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  photo: ProfilePhotoState;
  name: string;
}

/**
 * Take a photo (camera) or choose a file, crop it square and save it; or delete the photo after a
 * confirmation (my-account.md 2.10, 4, 5).
 */
export function ProfilePhotoModal({ open, onOpenChange, photo, name }: ProfilePhotoModalProps) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProfilePhoto();
  const remove = useDeleteProfilePhoto();
  const zoomId = useId();
  const fileId = useId();

  const cropSrc = step.kind === 'crop' ? step.src : null;
  useEffect(() => {
    // Chosen files are object URLs: release them once the crop step is left.
    return () => {
      if (cropSrc?.startsWith('blob:')) URL.revokeObjectURL(cropSrc);
    };
  }, [cropSrc]);

  const reset = () => {
    setStep({ kind: 'start' });
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setError(null);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!acceptedTypes.includes(file.type)) {
      notify.error(t('documents.photo.wrongType'));
      return;
    }
    if (file.size > maxBytes) {
      notify.error(t('documents.photo.tooLarge'));
      return;
    }
    setError(null);
    setStep({ kind: 'crop', src: URL.createObjectURL(file) });
  };

  const saveCrop = async () => {
    if (step.kind !== 'crop' || !area) return;
    setError(null);
    try {
      const jpeg = await cropToJpeg(step.src, area);
      await save.mutateAsync(jpeg);
      notify.success(t('documents.photo.saved'));
      close(false);
    } catch (failure) {
      const server = failure instanceof ApiError ? (failure.wireErrors.photo?.[0] ?? failure.message) : null;
      setError(server ?? t('common.genericError'));
    }
  };

  const confirmDelete = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
      notify.success(t('documents.photo.deleted'));
      close(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('common.genericError'));
    }
  };

  const errorLine = error ? (
    <p role="alert" className="form-error">
      {error}
    </p>
  ) : null;

  let body: ReactNode;
  if (step.kind === 'camera') {
    body = <CameraCapture onCapture={(src) => setStep({ kind: 'crop', src })} onCancel={reset} />;
  } else if (step.kind === 'crop') {
    body = (
      <div className="photo-step">
        <p id={`${zoomId}-hint`}>{t('documents.photo.cropHint')}</p>
        <div className="photo-crop">
          <Cropper
            image={step.src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => setArea(pixels)}
            cropperProps={{
              role: 'application',
              'aria-label': t('documents.photo.cropArea'),
              'aria-describedby': `${zoomId}-hint`,
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={zoomId} className="field-label">
            {t('documents.photo.zoom')}
          </label>
          <input
            id={zoomId}
            type="range"
            min={1}
            max={3}
            step={0.1}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
          />
        </div>
        {errorLine}
        <div className="modal-actions">
          <Button
            onClick={() => void saveCrop()}
            disabled={!area}
            busy={save.isPending}
            busyText={t('documents.photo.saving')}
          >
            {t('documents.photo.save')}
          </Button>
          <Button variant="secondary" onClick={reset} disabled={save.isPending}>
            {t('documents.photo.back')}
          </Button>
        </div>
      </div>
    );
  } else if (step.kind === 'confirm-delete') {
    body = (
      <div className="photo-step">
        <p>{t('documents.photo.deleteConfirm')}</p>
        {errorLine}
        <div className="modal-actions">
          <Button
            className="btn-danger"
            onClick={() => void confirmDelete()}
            busy={remove.isPending}
            busyText={t('documents.photo.deleting')}
          >
            {t('documents.photo.deleteYes')}
          </Button>
          <Button variant="secondary" onClick={reset} disabled={remove.isPending}>
            {t('documents.photo.cancel')}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="photo-step">
        <ProfilePhotoImage photo={photo} name={name} size="large" />
        <p>{t('documents.photo.intro')}</p>
        <div className="modal-actions photo-sources">
          {cameraAvailable() ? (
            <Button onClick={() => setStep({ kind: 'camera' })}>{t('documents.photo.take')}</Button>
          ) : null}
          <span className="photo-file">
            <input
              id={fileId}
              className="visually-hidden"
              type="file"
              accept="image/jpeg,image/png"
              onChange={choose}
            />
            <label htmlFor={fileId} className="btn btn-secondary">
              {t('documents.photo.choose')}
            </label>
          </span>
          {photo.isSet ? (
            <Button variant="link" onClick={() => setStep({ kind: 'confirm-delete' })}>
              {t('documents.photo.delete')}
            </Button>
          ) : null}
        </div>
        {errorLine}
      </div>
    );
  }

  return (
    <Modal open={open} onOpenChange={close} title={t('documents.photo.modalTitle')} size="small">
      {body}
    </Modal>
  );
}
