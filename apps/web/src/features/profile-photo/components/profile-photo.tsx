import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import type { SessionUser } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { ProfilePhotoImage } from './profile-photo-image';

// The modal (and the cropper in it) loads when first opened, not with the dashboard.
const ProfilePhotoModal = lazyWithTimeout(() => import('./profile-photo-modal'), 'ProfilePhotoModal');

/**
 * The member's photo with its 'Add a photo' / 'Change photo' button and the modal. Nothing at all
 * when the member may not have a photo (`authorisation.allowed`, my-account.md 6).
 */
export function ProfilePhoto({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const photo = user.profilePhoto;
  if (!photo.authorisation.allowed) return null;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="photo">
      <ProfilePhotoImage photo={photo} name={name} />
      <Button variant="link" className="photo-change" onClick={() => setOpen(true)}>
        {photo.isSet ? t('documents.photo.change') : t('documents.photo.add')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ProfilePhotoModal open={open} onOpenChange={setOpen} photo={photo} name={name} />
        </Suspense>
      ) : null}
    </div>
  );
}
