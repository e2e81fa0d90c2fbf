import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { type ProfilePhotoAnswer, type ProfilePhotoState, storeSessionPhoto } from './update-session-photo';

/** `POST api/my-account/user/profile-photo/reminder/dismiss`. */
export async function dismissPhotoReminder(): Promise<ProfilePhotoState> {
  return (await api.post<ProfilePhotoAnswer>('api/my-account/user/profile-photo/reminder/dismiss')).data;
}

export function useDismissPhotoReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissPhotoReminder,
    onSuccess: (photo) => storeSessionPhoto(queryClient, photo),
  });
}
