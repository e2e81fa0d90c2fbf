import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { type ProfilePhotoAnswer, type ProfilePhotoState, storeSessionPhoto } from './update-session-photo';

/** `POST api/my-account/user/profile-photo`, multipart with the cropped JPEG in `photo`. */
export async function saveProfilePhoto(photo: Blob): Promise<ProfilePhotoState> {
  const form = new FormData();
  form.append('photo', photo, 'profile-photo.jpg');
  return (
    await api.post<ProfilePhotoAnswer>('api/my-account/user/profile-photo', undefined, { formData: form })
  ).data;
}

export function useSaveProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfilePhoto,
    onSuccess: (photo) => storeSessionPhoto(queryClient, photo),
  });
}
