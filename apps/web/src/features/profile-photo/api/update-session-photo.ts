import type { ProfilePhotoResponse } from '@leisure/contract/documents';
import type { QueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { type SessionUser, userQueryKey } from '../../../shared/session/session';

export type ProfilePhotoState = Camel<ProfilePhotoResponse['data']>;
export type ProfilePhotoAnswer = Camel<ProfilePhotoResponse>;

/** The photo calls answer the auth user's new `profile_photo`: put it in the session user. */
export function storeSessionPhoto(queryClient: QueryClient, photo: ProfilePhotoState): void {
  queryClient.setQueryData<SessionUser | null>(userQueryKey, (user) =>
    user ? { ...user, profilePhoto: photo } : user,
  );
}
