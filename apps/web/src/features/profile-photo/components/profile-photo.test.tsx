import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session';
import { installDefaultHandlers, server, signOutCookie, wireUser } from '../../../test/account/account-api';
import { installPhotoHandlers, photoSet, photoUnset } from '../../../test/account/profile-and-waivers-api';
import { findDialog } from '../../../test/dialogs';
import { renderElement } from '../../../test/render';
import { cameraSize } from './camera-capture';
import { PhotoReminder } from './photo-reminder';
import { ProfilePhoto } from './profile-photo';

// jsdom draws no images: the cropper reports a fixed square, and the JPEG export is recorded.
vi.mock('react-easy-crop', () => ({
  default: function FakeCropper(props: {
    image: string;
    onCropComplete: (area: unknown, pixels: { x: number; y: number; width: number; height: number }) => void;
  }) {
    const { onCropComplete } = props;
    // Once, as the real cropper reports the first area after the image loads.
    // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh callback each render must not re-run it.
    useEffect(() => {
      onCropComplete({}, { x: 10, y: 20, width: 300, height: 300 });
    }, []);
    return <img alt="Crop preview" src={props.image} />;
  },
}));
const cropToJpeg = vi.fn(
  async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
);
vi.mock('../lib/crop-image', () => ({ cropToJpeg: (...args: unknown[]) => cropToJpeg(...(args as [])) }));

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  URL.createObjectURL = vi.fn(() => 'blob:chosen-photo');
  URL.revokeObjectURL = vi.fn();
});
beforeEach(() => {
  installDefaultHandlers();
  cropToJpeg.mockClear();
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

function PhotoArea() {
  const { user } = useSession();
  if (!user) return <p>Loading user</p>;
  return (
    <>
      <ProfilePhoto user={user} />
      <PhotoReminder user={user} />
    </>
  );
}

describe('profile photo', () => {
  it('chooses a file, crops it square and saves a JPEG at quality 0.7', async () => {
    const state = installPhotoHandlers(photoUnset);
    const user = userEvent.setup();
    renderElement(<PhotoArea />, { site: 'account' });
    expect(await screen.findByRole('img', { name: 'No profile photo' })).toHaveTextContent('AM');
    await user.click(screen.getByRole('button', { name: 'Add a photo' }));
    const dialog = await findDialog('Profile photo');
    // No camera in jsdom: only choosing a file is offered.
    expect(within(dialog).queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Choose a file'), file);
    expect(await within(dialog).findByRole('img', { name: 'Crop preview' })).toHaveAttribute(
      'src',
      'blob:chosen-photo',
    );
    expect(within(dialog).getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save photo' }));
    expect(await screen.findByText('Your profile photo has been saved')).toBeInTheDocument();
    expect(cropToJpeg).toHaveBeenCalledWith('blob:chosen-photo', { x: 10, y: 20, width: 300, height: 300 });
    expect(state.uploads).toEqual([{ field: 'photo', type: 'image/jpeg', size: expect.any(Number) }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/api/my-account/user/profile-photo?v=21',
    );
    // The reminder goes once a photo is set.
    expect(screen.queryByRole('region', { name: 'Profile photo reminder' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG or PNG, and one over 20,000,000 bytes, before uploading', async () => {
    const state = installPhotoHandlers(photoUnset);
    const user = userEvent.setup({ applyAccept: false });
    renderElement(<PhotoArea />, { site: 'account' });
    await user.click(await screen.findByRole('button', { name: 'Add a photo' }));
    const dialog = await findDialog();
    await user.upload(
      within(dialog).getByLabelText('Choose a file'),
      new File(['<html>'], 'me.html', { type: 'text/html' }),
    );
    expect(await screen.findByText('Please choose a JPEG or PNG image.')).toBeInTheDocument();
    const big = new File([new Uint8Array(8)], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 20_000_001 });
    await user.upload(within(dialog).getByLabelText('Choose a file'), big);
    expect(await screen.findByText('File size exceeds 20mb.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save photo' })).not.toBeInTheDocument();
    expect(state.uploads).toEqual([]);
  });

  it('deletes the photo only after the confirmation', async () => {
    const state = installPhotoHandlers(photoSet);
    const user = userEvent.setup();
    renderElement(<PhotoArea />, { site: 'account' });
    await user.click(await screen.findByRole('button', { name: 'Change photo' }));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    expect(
      within(dialog).getByText('Are you sure you want to delete your profile photo?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(state.deletes).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my photo' }));
    expect(await screen.findByText('Your profile photo has been deleted')).toBeInTheDocument();
    expect(state.deletes).toBe(1);
    expect(await screen.findByRole('img', { name: 'No profile photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeInTheDocument();
  });

  it('opens the camera at 400x240 (330 wide on mobile) and crops the captured frame', async () => {
    installPhotoHandlers(photoUnset);
    const stop = vi.fn();
    const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop }] }) as unknown as MediaStream);
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('575'), media: query }));
    HTMLCanvasElement.prototype.getContext = vi.fn(() => ({ drawImage: vi.fn() })) as never;
    HTMLCanvasElement.prototype.toDataURL = vi.fn(() => 'data:image/jpeg;base64,AAAA');
    const user = userEvent.setup();
    renderElement(<PhotoArea />, { site: 'account' });
    await user.click(await screen.findByRole('button', { name: 'Add a photo' }));
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    const preview = await screen.findByLabelText('Camera preview');
    expect(preview).toHaveAttribute('width', '330');
    expect(preview).toHaveAttribute('height', '240');
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { width: 330, height: 240, facingMode: 'user' },
      audio: false,
    });
    await user.click(await screen.findByRole('button', { name: 'Take photo' }));
    expect(await screen.findByRole('img', { name: 'Crop preview' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,AAAA',
    );
    expect(stop).toHaveBeenCalled();
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    // Wider screens get the 400 px preview.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    expect(cameraSize()).toEqual({ width: 400, height: 240 });
  });

  it('dismisses the reminder; shows nothing when photos are not allowed', async () => {
    const state = installPhotoHandlers(photoUnset);
    const user = userEvent.setup();
    const { unmount } = renderElement(<PhotoArea />, { site: 'account' });
    const reminder = await screen.findByRole('region', { name: 'Profile photo reminder' });
    await user.click(within(reminder).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Profile photo reminder' })).not.toBeInTheDocument(),
    );
    expect(state.dismissals).toBe(1);
    unmount();

    installPhotoHandlers({ ...photoUnset, authorisation: { allowed: false } }, wireUser);
    renderElement(<PhotoArea />, { site: 'account' });
    await waitFor(() => expect(screen.queryByText('Loading user')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /photo/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile photo reminder' })).not.toBeInTheDocument();
  });
});
