import { useTranslation } from 'react-i18next';
import { getApiSettings } from '../../../shared/api/client';
import type { ProfilePhotoState } from '../api/update-session-photo';
import '../profile-photo.css';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** The member's photo (read from our API, owner only), or their initials when none is set. */
export function ProfilePhotoImage({
  photo,
  name,
  size = 'medium',
}: {
  photo: ProfilePhotoState;
  name: string;
  size?: 'medium' | 'large';
}) {
  const { t } = useTranslation('account');
  if (photo.isSet && photo.url) {
    return (
      <img
        className={`photo-avatar photo-avatar-${size}`}
        src={`${getApiSettings().baseUrl}${photo.url}`}
        alt={t('documents.photo.alt')}
        width={size === 'large' ? 160 : 96}
        height={size === 'large' ? 160 : 96}
      />
    );
  }
  return (
    <span
      className={`photo-avatar photo-avatar-${size} photo-avatar-empty`}
      role="img"
      aria-label={t('documents.photo.none')}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
