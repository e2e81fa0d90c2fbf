import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { type ProfilePhotoAnswer, type ProfilePhotoState, storeSessionPhoto } from './update-session-photo';

/** `DELETE api/my-account/user/profile-photo`. */
export async function deleteProfilePhoto(): Promise<ProfilePhotoState> {
  return (await api.delete<ProfilePhotoAnswer>('api/my-account/user/profile-photo')).data;
}

export function useDeleteProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfilePhoto,
    onSuccess: (photo) => storeSessionPhoto(queryClient, photo),
  });
}
